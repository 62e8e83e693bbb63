"""Moon, the three-player game, through the one solver: its answers in the bidder's tricks.

Moon is scored one player at a time, but the contest in a hand is the bidder against the
two others: a Moon position is a :class:`~texas42.analysis.position.Position` at a table
of that shape (:func:`~texas42.analysis.shape.moon_shape`: the bidder on side 0, every
trick one point, no count), searched by the one :class:`~texas42.analysis.solver.Solver`.
Its value is the tricks the bidder takes *from the current position* to the end of the
hand, the trick in progress counted whole; this module says it the way Moon is played
("can the bidder make it?").

>>> from texas42.moon import MoonDeal, MoonHand
>>> hand = MoonHand(MoonDeal.from_seed(1), shaker=2)
>>> for b in ("5", "pass", "pass"):
...     hand.bid(b)
>>> hand.discard_domino("3-2")
>>> hand.name_contract("sixes")
>>> s = solve_moon(hand)
>>> s.tricks == max(s.plays.values()), s.makes == (s.tricks >= 5), len(s.line)
(True, True, 21)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..dominoes import DOMINOES, Domino, DominoLike, to_domino
from ..errors import InputError, check_progress
from ..moon import SHOOT_THE_MOON, MoonHand
from .position import Position
from .solver import solver_for


def moon_target(pos: Position) -> int:
    """Tricks the bidder of a Moon position must take in all: its bid, all seven for a
    moon."""
    assert pos.bid is not None
    return 7 if pos.bid == SHOOT_THE_MOON else pos.bid


def _plural(n: int, word: str = "trick") -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class MoonSolution:
    """What best play gives from a Moon position, counted in the bidder's tricks.

    ``tricks``: the bidder's tricks from here to the end; ``taken``: those it already won;
    ``plays``: ``tricks`` after each legal play now; ``line``: one best line; ``need``:
    tricks it still needs for its bid (0 once made); ``makes``: whether best play makes it.
    """

    tricks: int
    taken: int
    plays: dict[Domino, int]
    line: tuple[Domino, ...]
    need: int
    makes: bool
    bidder: int
    bid: int
    to_act: int

    def loss(self, domino: DominoLike) -> int:
        """Tricks the side to act (the bidder, or the two opponents) gives up by playing
        ``domino`` instead of a best play."""
        v = self.plays[to_domino(domino)]
        return self.tricks - v if self.to_act == self.bidder else v - self.tricks

    def label(self, domino: DominoLike) -> str:
        """``"best"`` or ``"loses N tricks"`` (for the side to act)."""
        n = self.loss(domino)
        return "best" if n == 0 else f"loses {_plural(n)}"

    @property
    def best(self) -> list[Domino]:
        """The best plays now."""
        return [d for d in self.plays if self.loss(d) == 0]

    def describe(self) -> str:
        """One plain-English line: what the bidder takes and whether it makes its bid.

        >>> MoonSolution(5, 1, {}, (), 4, True, 1, 5, 1).describe()
        'With best play the bidder (seat 1) takes 5 more tricks, 6 in all: it makes its bid of 5.'
        """
        total = self.taken + self.tricks
        bid = "all seven tricks (it shoots the moon)" if self.bid == SHOOT_THE_MOON else (
            f"its bid of {self.bid}")
        verdict = f"it makes {bid}" if self.makes else f"short of {bid}, it is set"
        return (f"With best play the bidder (seat {self.bidder}) takes "
                f"{_plural(self.tricks, 'more trick')}, {total} in all: {verdict}.")

    def to_json(self) -> dict[str, object]:
        """The solution as JSON-ready data (dominoes as text)."""
        return {
            "bidder": self.bidder, "bid": self.bid, "to_act": self.to_act,
            "tricks": self.tricks, "taken": self.taken, "need": self.need,
            "makes": self.makes,
            "plays": [{"domino": str(d), "tricks": v, "label": self.label(d)}
                      for d, v in self.plays.items()],
            "line": [str(d) for d in self.line],
        }


def _position(hand: MoonHand | Position) -> Position:
    pos = hand if isinstance(hand, Position) else Position.from_hand(hand)
    if pos.bidder is None or pos.bid is None or pos.table.sides[pos.bidder] != 0:
        raise InputError("not a Moon position: it needs its bidder (on side 0) and bid",
                         rule="table")
    return pos


def solve_moon(hand: MoonHand | Position,
               progress: Callable[[int, int], None] | None = None) -> MoonSolution:
    """Solve a Moon hand in play (every holding known): the bidder's tricks with best
    play, after each legal play, and one best line. ``progress(done, total)`` is called
    after the value, after each legal play's value and after the line (for a progress
    bar). Raises :class:`~texas42.errors.IllegalActionError` unless the hand is in its
    playing phase."""
    check_progress(progress)
    pos = _position(hand)
    steps = pos.legal_mask().bit_count() + 2

    def report(done: int) -> None:
        if progress is not None:
            progress(done, steps)

    solver = solver_for(pos)
    v = solver.value(pos)
    report(1)
    values = solver.play_values(pos, v, progress=lambda k: report(1 + k))
    plays = dict(sorted(((DOMINOES[m], x) for m, x in values.items()),
                        key=lambda kv: kv[0].display))
    taken = pos.points[0]
    target = moon_target(pos)
    assert pos.bidder is not None and pos.bid is not None
    line = tuple(solver.best_line(pos, v))
    report(steps)
    return MoonSolution(
        tricks=v, taken=taken, plays=plays, line=line,
        need=max(0, target - taken), makes=taken + v >= target,
        bidder=pos.bidder, bid=pos.bid, to_act=pos.to_act,
    )


def can_make_moon(hand: MoonHand | Position) -> bool:
    """Yes/no: can the bidder still make its bid (all seven tricks for a moon), everyone
    playing their best? One threshold search, cheaper than :func:`solve_moon`."""
    pos = _position(hand)
    return solver_for(pos).reach(pos, moon_target(pos) - pos.points[0])


def moon_tricks(hand: MoonHand | Position) -> int:
    """Only the bidder's tricks from here with best play (cheaper than :func:`solve_moon`)."""
    pos = _position(hand)
    return solver_for(pos).value(pos)
