"""A game: hands until one side reaches 7 marks (or 250 points; Moon: 21), the
shake passing clockwise, and the score kept as "ALL" tally strokes. Any table: the
sides are the rules' (two teams of partners, or each seat).

>>> game = Game(seed=1)
>>> game.hand.shaker, game.marks
(0, (0, 0))
>>> tally(4)
['A: /', 'A: \\\\', 'A: -', 'L: |']
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .deals import Deal
from .errors import IllegalActionError, check_count, check_seed
from .hand import Hand, Phase
from .rules import STANDARD, Rules

# Seven marks spell "ALL": three strokes for the A, two for each L.
_STROKES = ("A: /", "A: \\", "A: -", "L: |", "L: _", "L: |", "L: _")


def tally(marks: int) -> list[str]:
    """The strokes a score sheet shows for ``marks`` (7 spell "ALL"). Marks past
    seven are not drawn: the game is over at seven. Negative marks (or not a whole
    number) raise :class:`~texas42.errors.InputError` (``rule="marks"``)."""
    check_count(marks, "marks", 0, rule="marks")
    return list(_STROKES[: min(marks, len(_STROKES))])


class Game:
    """Hands until one side wins. At 42's table team 0 is seats 0 and 2, team 1 seats 1
    and 3; at a table of each for themselves every seat is a side.

    ``game.hand`` is the hand being played; when it is over, :meth:`next_hand`
    shakes the next one (the shake passes clockwise, also after a reshake).
    Scores are derived from the hands' results, never stored twice.
    """

    def __init__(
        self,
        rules: Rules | str = STANDARD,
        *,
        first_shaker: int = 0,
        seed: int | str | None = None,
        deal: Deal | None = None,
    ) -> None:
        self.rules = rules if isinstance(rules, Rules) else Rules.preset(rules)
        self.seed = check_seed(seed, optional=True, text=True)
        self._rng = random.Random(seed)
        # ``deal``: the first hand's deal (say, from a deal code); later shakes use ``seed``.
        first = self._new_hand(deal, first_shaker)
        self.hands: list[Hand] = [first]

    def _new_hand(self, deal: Deal | None, shaker: int) -> Hand:
        return Hand(deal or Deal.shake(self._rng, self.rules.layout), shaker=shaker,
                    rules=self.rules)

    @property
    def hand(self) -> Hand:
        """The hand in progress (or the last one, once the game is over)."""
        return self.hands[-1]

    def next_hand(self, deal: Deal | None = None) -> Hand:
        """Start the next hand, shaken by the next player clockwise."""
        if not self.hand.is_over:
            raise IllegalActionError(
                "the current hand is not over: finish it before the next shake",
                rule="hand-not-over",
            )
        if self.is_over:
            raise IllegalActionError(f"the game is over: {self._side_name(self.winner)} won",
                                     rule="game-over")
        hand = self._new_hand(deal, (self.hand.shaker + 1) % self.rules.seats)
        self.hands.append(hand)
        return hand

    def _side_name(self, side: int | None) -> str:
        return f"team {side}" if self.rules.sides == "partners" else f"seat {side}"

    def _totals(self, field: str) -> tuple[int, ...]:
        totals = [0] * self.rules.side_count
        for h in self._scored():
            assert h.result is not None
            for side, n in enumerate(getattr(h.result, field)):
                totals[side] += n
        return tuple(totals)

    def _scored(self) -> Iterator[Hand]:
        return (h for h in self.hands if h.result is not None and h.phase is Phase.OVER)

    @property
    def marks(self) -> tuple[int, ...]:
        """Marks won by each side so far (marks game)."""
        return self._totals("marks")

    @property
    def scores(self) -> tuple[int, ...]:
        """Game points of each side so far (points or tricks game)."""
        return self._totals("score")

    @property
    def standing(self) -> tuple[int, ...]:
        """Marks in a marks game, points in a points (or tricks) game."""
        return self.marks if self.rules.scoring == "marks" else self.scores

    @property
    def winner(self) -> int | None:
        """The winning side, once a side reaches the target. When several pass it in the
        same hand, the bidding side wins if it is one of them ("bidder goes out"), else
        the highest."""
        standing = self.standing
        reached = [t for t in range(len(standing)) if standing[t] >= self.rules.target]
        if not reached:
            return None
        if len(reached) > 1:
            last = self.hand.result
            if last is not None and last.bidding_team in reached:
                return last.bidding_team
            return max(reached, key=lambda t: standing[t])
        return reached[0]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def tally(self, team: int) -> list[str]:
        """The "ALL" strokes of ``team``'s marks."""
        return tally(self.marks[check_count(team, "team", 0, len(self.marks) - 1,
                                            rule="team")])

    def status(self) -> str:
        s = " to ".join(str(x) for x in self.standing)
        unit = "marks" if self.rules.scoring == "marks" else "points"
        if self.winner is not None:
            return f"Game over: {self._side_name(self.winner)} wins, {s} {unit}."
        return f"Hand {len(self.hands)}: {s} {unit}. {self.hand.status()}"

    def __repr__(self) -> str:
        return f"<Game rules={self.rules.name!r} hands={len(self.hands)} standing={self.standing}>"
