"""The shape of a table as the solver sees it: the one piece of data that makes one
solver play 42, Moon and every other way to sit at the table.

A table has 2 to 7 seats, numbered clockwise; the leader of a trick plays first and the
others follow in seat order (a seat that sits out, like the nello bidder's partner, is
passed over: that is the position's ``out``). For the search the players form two sides:
``sides[s]`` is the side of seat ``s``, and the solver counts the points of side 0.

- 42: two sides of partners, seats 0+2 against 1+3 (:data:`FORTY_TWO`);
- Moon: the bidder alone against the two others, every trick one point, no count
  (:func:`moon_shape`);
- anything else a rules profile can name: tricks of N, the bidder against the rest, a
  trick worth more than one point, the count on or off, dominoes out of play.

>>> FORTY_TWO.seats, FORTY_TWO.side(3), FORTY_TWO.trick_points(10)
(4, 1, 11)
>>> moon_shape(1).sides, moon_shape(1).trick_points(10)
((1, 0, 1), 1)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..dominoes import DOMINOES
from ..errors import InputError, quote

if TYPE_CHECKING:
    from ..rules import Rules

#: Every domino.
ALL_DOMINOES = (1 << len(DOMINOES)) - 1
#: The largest value the solver keeps in its table (8 bits a bound).
MAX_POINTS = 255


@dataclass(frozen=True)
class TableShape:
    """Who sits where and what the tricks are worth.

    ``sides``: the side (0 or 1) of each seat, seat 0 first; the solver's values are the
    points side 0 takes. ``trick_value``: points a trick is worth by itself. ``count``:
    whether the count dominoes (5-5, 6-4: 10; 5-0, 4-1, 3-2: 5) score for the side that
    takes them. ``dominoes``: the mask of the dominoes that may be in play (a position may
    hold no other)."""

    sides: tuple[int, ...] = (0, 1, 0, 1)
    trick_value: int = 1
    count: bool = True
    dominoes: int = ALL_DOMINOES

    def __post_init__(self) -> None:
        if not 2 <= len(self.sides) <= 7 or any(s not in (0, 1) for s in self.sides):
            raise InputError(f"a table has 2 to 7 seats, each on side 0 or 1, not "
                             f"{quote(self.sides)}", rule="table")
        if set(self.sides) != {0, 1}:
            raise InputError("a table needs players on both sides", rule="table")
        if not 1 <= self.trick_value <= 9:
            raise InputError(f"a trick is worth 1 to 9 points, not {quote(self.trick_value)}",
                             rule="table")
        if not 0 < self.dominoes <= ALL_DOMINOES:
            raise InputError(f"{quote(self.dominoes)} is not a mask of dominoes", rule="table")
        # A hand has at most 14 tricks (two seats); the count is 35 points in all.
        assert 14 * self.trick_value + 35 <= MAX_POINTS, "the solver's table holds it"

    @property
    def seats(self) -> int:
        return len(self.sides)

    def side(self, seat: int) -> int:
        return self.sides[seat]

    def trick_points(self, count: int) -> int:
        """Points of a trick holding ``count`` points of count."""
        return self.trick_value + (count if self.count else 0)

    @classmethod
    def partners(cls, seats: int = 4, *, trick_value: int = 1, count: bool = True,
                 dominoes: int = ALL_DOMINOES) -> TableShape:
        """Two sides of partners sitting alternately (an even number of seats)."""
        if seats % 2:
            raise InputError(f"partners sit alternately: {quote(seats)} seats do not share "
                             "into two sides", rule="table")
        return cls(tuple(s % 2 for s in range(seats)), trick_value, count, dominoes)

    @classmethod
    def alone(cls, bidder: int, seats: int, *, trick_value: int = 1, count: bool = True,
              dominoes: int = ALL_DOMINOES) -> TableShape:
        """The bidder (side 0) against all the others (side 1)."""
        if not 0 <= bidder < seats:
            raise InputError(f"seat {quote(bidder)} is not at a table of {seats}", rule="table")
        return cls(tuple(0 if s == bidder else 1 for s in range(seats)), trick_value, count,
                   dominoes)


#: 42: seats 0+2 against seats 1+3, a trick worth one point plus its count.
FORTY_TWO = TableShape()


@functools.lru_cache(maxsize=64)  # asked for every position built from a hand
def shape_of(rules: Rules, bidder: int) -> TableShape:
    """The shape of the table ``rules`` describe, for a hand that ``bidder`` won: partners
    stay partners; otherwise (each for themselves, or the bidder against the rest) the
    search sets the bidder against all the others, which is what decides a contract.

    >>> from texas42.rules import Rules
    >>> shape_of(Rules.preset("three-hand"), 1).sides
    (1, 0, 1)
    >>> shape_of(Rules.preset("moon"), 2) == moon_shape(2)
    True
    """
    dominoes = sum(1 << d.index for d in rules.layout.dominoes)
    value = rules.trick_points  # the solver takes 1..9 (InputError otherwise)
    if rules.sides == "partners":
        return TableShape.partners(rules.seats, trick_value=value, count=rules.count,
                                   dominoes=dominoes)
    return TableShape.alone(bidder, rules.seats, trick_value=value, count=rules.count,
                            dominoes=dominoes)


def moon_shape(bidder: int) -> TableShape:
    """Moon: the bidder against the two others; a trick is one point, the count is
    nothing; the 22 dominoes of Moon (the blanks but 0-0 are out) -- all read from the
    Moon rules profile, the one place they are said."""
    from ..rules import MOON

    return shape_of(MOON, bidder)
