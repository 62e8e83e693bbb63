"""Scoring: when a hand is made or set, and what each side scores for it.

One place for every scoring rule, at every table: the hand (:class:`texas42.Hand`)
scores itself with it, the coach weighs its playouts with it and the pictures label
their number lines with it. A :class:`Result` has one entry per side: two teams of
partners (seats 0+2, seats 1+3), else one per seat.

A bid of 30 at 42's table, made with 32 points and set with 29:

>>> from texas42 import STANDARD, Contract
>>> sixes = Contract.parse("sixes")
>>> points_bid_made(STANDARD, "trumps", 30, 32, 10, 5, 2, 7)
True
>>> made = score_points_bid(0, 30, sixes, (32, 10), True, 7, STANDARD)
>>> made.marks, made.describe()
((1, 0), "Seat 0's side made 30 in sixes, taking 32 of 42 points; team 0 scores 1 mark.")
>>> score_points_bid(1, 30, sixes, (13, 29), False, 7, STANDARD).marks
(1, 0)

Decided early: the opponents' 13th point sets a bid of 30 (42 - 30 = 12 left for them):

>>> points_bid_made(STANDARD, "trumps", 30, 20, 13, 3, 2, 5)
False
>>> points_bid_made(STANDARD, "trumps", 30, 20, 12, 3, 2, 5) is None
True

Moon bids in tricks: four tricks bid, five taken, scores five; shooting the moon (7)
needs every trick:

>>> from texas42.rules import PRESETS
>>> trick_bid_result(PRESETS["moon"], 4, 5), trick_bid_result(PRESETS["moon"], 7, 6)
((True, 5), (False, -7))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import MARK, bid_marks, bid_text
from .contracts import Contract
from .errors import check_seat
from .rules import Rules

__all__ = [
    "Result",
    "points_bid_made",
    "score_points_bid",
    "score_trick_bid",
    "trick_bid_result",
]


#: The two sides of a table of partners in one seat's words (``seen_by``): one name each.
SIDE_NAMES = ("you and your partner", "the opponents")

@dataclass(frozen=True)
class Result:
    """How a hand ended. The tuples have one entry per side: two teams of partners
    (seats 0+2, seats 1+3), else one per seat."""

    bidder: int
    bid: int
    contract: Contract
    #: Points taken by each side when the hand ended.
    points: tuple[int, ...]
    made: bool
    #: Marks won by each side in a marks game (zeros otherwise).
    marks: tuple[int, ...]
    #: Game points scored by each side in a points or tricks game (zeros in a marks
    #: game; in a tricks game the bidder's may be negative).
    score: tuple[int, ...]
    #: Tricks played when the result was decided.
    decided_after: int
    #: Tricks taken by each side.
    tricks: tuple[int, ...] = ()
    #: The points a whole hand holds (42 at 42's table).
    total: int = 42
    #: Whether the bids were in tricks (Moon's), the sides partners (else each seat).
    in_tricks: bool = False
    partners: bool = True

    @property
    def bidding_team(self) -> int:
        """The side of the bidder (its index in the tuples)."""
        return self.bidder & 1 if self.partners else self.bidder

    def describe(self, seen_by: int | None = None, plain: bool = False) -> str:
        """The result in one sentence. ``seen_by``, a seat at a table of partners: in that
        seat's words, each side named one way ("you and your partner", "the opponents");
        ``plain`` too: what the hand adds to the score, without the word "mark" (for a
        newcomer who has not met it yet)."""
        if seen_by is not None:
            check_seat(seen_by, 7, "seen_by")  # (7: the most seats of any table)
        if seen_by is not None and self.partners and not self.in_tricks:
            return self._seen_by(seen_by & 1, plain)
        verb = "made" if self.made else "was set on"
        if self.in_tricks:
            scores = ", ".join(str(x) for x in self.score)
            return (
                f"Seat {self.bidder} {verb} {self.bid} in {self.contract}, taking "
                f"{self.tricks[self.bidding_team]} tricks; scores {scores}."
            )
        team = self.bidding_team
        whose = "'s side" if self.partners else ""
        text = (
            f"Seat {self.bidder}{whose} {verb} {bid_text(self.bid)} in {self.contract}, "
            f"taking {self.points[team]} of {self.total} points"
        )
        if any(self.marks):
            winners = [side for side, n in enumerate(self.marks) if n]
            n = self.marks[winners[0]]
            marks = f"{n} mark{'s' if n != 1 else ''}"
            if self.partners:
                text += f"; team {winners[0]} scores {marks}."
            else:
                who = " and ".join(f"seat {w}" for w in winners)
                text += f"; {who} score{'s' if len(winners) == 1 else ''} {marks}."
        else:
            text += f"; the score is {' to '.join(str(x) for x in self.score)}."
        return text

    def _seen_by(self, mine: int, plain: bool = False) -> str:
        team = self.bidding_team
        bidders = _side_words(team, mine)
        verb = "made" if self.made else "were set on"
        text = (f"{bidders[0].upper()}{bidders[1:]} {verb} {bid_text(self.bid)} in "
                f"{self.contract}, taking {self.points[team]} of {self.total} points")
        winners = [side for side, n in enumerate(self.marks) if n]
        if winners:
            n = self.marks[winners[0]]
            if plain:
                return f"{text}: {_side_words(winners[0], mine)} win the hand and add {n} " \
                       "to the score."
            return (f"{text}: {_side_words(winners[0], mine)} score {n} "
                    f"mark{'s' if n != 1 else ''}.")
        return (f"{text}; the score is {SIDE_NAMES[0]} {self.score[mine]}, {SIDE_NAMES[1]} "
                f"{self.score[1 - mine]}.")


def _side_words(side: int, mine: int) -> str:
    return SIDE_NAMES[0] if side == mine else SIDE_NAMES[1]


def points_bid_made(rules: Rules, kind: str, bid: int, ours: int, theirs: int, won: int,
                    lost: int, played: int) -> bool | None:
    """A hand bid in points (42's bids), in a contract of ``kind``: made (``True``), set
    (``False``) or not decided yet (``None``), when the bidding side has taken ``ours``
    points and ``won`` tricks, the others ``theirs`` and ``lost``, of ``played`` tricks.
    The one rule: the hand and the analysis' playouts both ask it."""
    n_tricks = rules.hand_size
    if kind == "nello":
        # Nello: set by the first trick the declarer wins, made by losing all seven.
        return False if won else (True if played == n_tricks else None)
    if kind == "sevens":
        # Sevens: set by the first trick an opponent wins (closer to 7, or a tie the
        # rules give it).
        return False if lost else (True if played == n_tricks else None)
    if rules.scoring == "points":
        return ours >= bid if played == n_tricks else None
    if bid >= MARK:
        # A mark bid promises every trick: set by the first one the opponents win.
        return False if lost else (True if played == n_tricks else None)
    if ours >= bid:
        return True
    if theirs > rules.total_points - bid:
        return False
    return None


def score_points_bid(
    bidder: int,
    bid: int,
    contract: Contract,
    points: Sequence[int],
    made: bool,
    tricks: int,
    rules: Rules,
    tricks_won: Sequence[int] = (),
) -> Result:
    """Marks or game points for a decided hand bid in points (one source for every
    scoring rule; a set scores for every other side: one team of partners, or each
    other seat). ``points``: what each side took; ``tricks``: the tricks played when
    the result was decided; ``tricks_won``: the tricks each side took."""
    partners = rules.sides == "partners"
    team = bidder & 1 if partners else bidder
    sides = len(points)
    marks = [0] * sides
    score = [0] * sides
    if rules.scoring == "marks":
        if made:
            marks[team] = bid_marks(bid)
        else:
            lost = 1 if rules.set_marks == "one" else bid_marks(bid)
            for side in range(sides):
                if side != team:
                    marks[side] = lost
    elif made:
        # Points game: made, each side scores what it took ...
        score = list(points)
    else:
        # ... set, the bidders score nothing and the opponents the bid plus their points.
        for side in range(sides):
            if side != team:
                score[side] = bid + points[side]
    return Result(
        bidder, bid, contract, tuple(points), made, tuple(marks), tuple(score), tricks,
        tuple(tricks_won), rules.total_points, False, partners,
    )


def trick_bid_result(rules: Rules, bid: int, taken: int) -> tuple[bool, int]:
    """A hand bid in tricks: whether ``bid`` is made by a bidder who took ``taken``
    tricks, and what the bidder scores (made: the tricks' points, or the moon's bid for
    shooting it, which needs every trick; set: minus the bid)."""
    moon = bid == rules.moon_bid
    made = taken == rules.hand_size if moon else taken >= bid
    if not made:
        return False, -bid
    return True, rules.moon_bid if moon else taken * rules.trick_points


def score_trick_bid(
    bidder: int,
    bid: int,
    contract: Contract,
    points: Sequence[int],
    tricks_won: Sequence[int],
    rules: Rules,
) -> Result:
    """A hand bid in tricks, played out: made, the bidder scores the tricks taken
    (shooting the moon: its bid); set, the bidder loses the bid; each other seat scores
    its tricks (:func:`trick_bid_result`).

    >>> from texas42.rules import PRESETS
    >>> r = score_trick_bid(0, 4, Contract.parse("sixes"), (5, 1, 1), (5, 1, 1),
    ...                     PRESETS["moon"])
    >>> r.made, r.score
    (True, (5, 1, 1))
    """
    side = rules.share_of(bidder)
    score = [n * rules.trick_points for n in tricks_won]
    made, score[side] = trick_bid_result(rules, bid, tricks_won[side])
    zeros = (0,) * len(score)
    played = sum(tricks_won)  # each trick is won by one side
    return Result(
        bidder, bid, contract, tuple(points), made, zeros, tuple(score), played,
        tuple(tricks_won), rules.total_points, True, rules.sides == "partners",
    )
