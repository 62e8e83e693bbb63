"""A game: hands until one side reaches 7 marks (or 250 points), the shake
passing clockwise, and the score kept as "ALL" tally strokes.

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
from .errors import IllegalActionError
from .hand import Hand, Phase
from .rules import STANDARD, Rules

# Seven marks spell "ALL": three strokes for the A, two for each L.
_STROKES = ("A: /", "A: \\", "A: -", "L: |", "L: _", "L: |", "L: _")


def tally(marks: int) -> list[str]:
    """The strokes a score sheet shows for ``marks`` (7 spell "ALL"). Marks past
    seven are not drawn: the game is over at seven."""
    if marks < 0:
        raise ValueError(f"marks cannot be negative, got {marks}")
    return list(_STROKES[: min(marks, len(_STROKES))])


class Game:
    """Hands of 42 until one side wins. Team 0 is seats 0 and 2, team 1 seats 1 and 3.

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
        self.seed = seed
        self._rng = random.Random(seed)
        # ``deal``: the first hand's deal (say, from a deal code); later shakes use ``seed``.
        first = Hand(deal or Deal.shake(self._rng), shaker=first_shaker, rules=self.rules)
        self.hands: list[Hand] = [first]

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
            raise IllegalActionError(f"the game is over: team {self.winner} won", rule="game-over")
        shaker = (self.hand.shaker + 1) % 4
        hand = Hand(deal or Deal.shake(self._rng), shaker=shaker, rules=self.rules)
        self.hands.append(hand)
        return hand

    def _scored(self) -> Iterator[Hand]:
        return (h for h in self.hands if h.result is not None and h.phase is Phase.OVER)

    @property
    def marks(self) -> tuple[int, int]:
        """Marks won by each team so far (marks game)."""
        totals = [0, 0]
        for h in self._scored():
            assert h.result is not None
            totals[0] += h.result.marks[0]
            totals[1] += h.result.marks[1]
        return (totals[0], totals[1])

    @property
    def scores(self) -> tuple[int, int]:
        """Game points of each team so far (points game)."""
        totals = [0, 0]
        for h in self._scored():
            assert h.result is not None
            totals[0] += h.result.score[0]
            totals[1] += h.result.score[1]
        return (totals[0], totals[1])

    @property
    def standing(self) -> tuple[int, int]:
        """Marks in a marks game, points in a points game."""
        return self.marks if self.rules.scoring == "marks" else self.scores

    @property
    def winner(self) -> int | None:
        """The winning team, once one side reaches the target. In a points game
        where both sides pass it in the same hand, the bidding side wins."""
        standing = self.standing
        reached = [t for t in (0, 1) if standing[t] >= self.rules.target]
        if not reached:
            return None
        if len(reached) == 2:
            last = self.hand.result
            assert last is not None
            return last.bidding_team
        return reached[0]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def tally(self, team: int) -> list[str]:
        """The "ALL" strokes of ``team``'s marks."""
        return tally(self.marks[team])

    def status(self) -> str:
        s = self.standing
        unit = "marks" if self.rules.scoring == "marks" else "points"
        if self.winner is not None:
            return f"Game over: team {self.winner} wins, {s[0]} to {s[1]} {unit}."
        return f"Hand {len(self.hands)}: {s[0]} to {s[1]} {unit}. {self.hand.status()}"

    def __repr__(self) -> str:
        return f"<Game rules={self.rules.name!r} hands={len(self.hands)} standing={self.standing}>"
