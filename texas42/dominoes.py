"""Dominoes of a double-six set, and sets of them.

A :class:`Domino` is one of the 28 tiles. There is exactly one object per tile,
so ``Domino(6, 4) is Domino.parse("4-6")``. Each has an ``index`` 0..27 that the
fast paths use as a bit position: a :class:`DominoSet` is a 28-bit mask.

>>> d = Domino.parse("4-6")
>>> d, str(d), d.count, d.pips, d.is_double
(Domino(6, 4), '6-4', 10, 10, False)
>>> sum(x.count for x in DOMINOES)
35
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from operator import attrgetter
from typing import ClassVar

from .errors import InputError, NotationError, check_count, quote

#: Names of the seven suits (numbers), as players say them.
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")
#: Singular names, "the highest six", "a blank".
NUMBER_NAMES = ("blank", "one", "two", "three", "four", "five", "six")

_DOMINO_TEXT = re.compile(r"^\s*([0-9])\s*[-:|/ ]?\s*([0-9])\s*$")


class Domino:
    """One domino of the double-six set: two ends of 0..6 pips.

    Written with the higher end first: ``"6-4"``. The order of the ends does not
    matter when parsing or constructing.
    """

    __slots__ = ("count", "display", "high", "index", "is_double", "low", "pips")

    high: int
    low: int
    index: int
    pips: int
    count: int
    is_double: bool
    #: Position when a hand is sorted for people (6-6 first, 0-0 last).
    display: int

    _all: ClassVar[list[Domino]] = []

    def __new__(cls, a: int, b: int) -> Domino:
        if not (isinstance(a, int) and isinstance(b, int)) or not (0 <= a <= 6 and 0 <= b <= 6):
            raise NotationError(
                f"no domino {quote(a)}-{quote(b)}: a double-six set has ends 0 to 6", rule="domino"
            )
        high, low = (a, b) if a >= b else (b, a)
        return cls._all[high * (high + 1) // 2 + low]

    @classmethod
    def _make(cls, high: int, low: int) -> Domino:
        self = object.__new__(cls)
        self.high, self.low = high, low
        self.index = high * (high + 1) // 2 + low
        self.pips = high + low
        # Count: the dominoes whose pips add up to 5 or 10 score that many points.
        self.count = self.pips if self.pips in (5, 10) else 0
        self.is_double = high == low
        self.display = 0  # set once all 28 exist
        return self

    @classmethod
    def parse(cls, text: str) -> Domino:
        """Read a domino written as ``"6-4"``, ``"4-6"``, ``"64"`` or ``"6:4"``.

        >>> Domino.parse("6:4") is Domino.parse("46")
        True
        >>> Domino.parse("7-3")
        Traceback (most recent call last):
        ...
        texas42.errors.NotationError: '7-3' is not a domino: a double-six set has ends 0 to 6
        """
        if isinstance(text, Domino):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{quote(text)} is not a domino: expected text like '6-4'")
        m = _DOMINO_TEXT.match(text)
        if not m:
            raise NotationError(
                f"{quote(text)} is not a domino: write the two ends as numbers, like '6-4'"
            )
        a, b = int(m.group(1)), int(m.group(2))
        if a > 6 or b > 6:
            raise NotationError(
                f"{quote(text)} is not a domino: a double-six set has ends 0 to 6", rule="domino"
            )
        return cls(a, b)

    @property
    def ends(self) -> tuple[int, int]:
        """Both ends, higher first."""
        return (self.high, self.low)

    def has(self, number: int) -> bool:
        """Whether one of the ends shows ``number``."""
        return self.high == number or self.low == number

    def other_end(self, number: int) -> int:
        """The end that is not ``number`` (for a double, ``number`` itself). Raises
        :class:`~texas42.errors.InputError` (``rule="end"``) if neither end shows it."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise InputError(f"{self} has no end {quote(number)}", rule="end")

    @property
    def name(self) -> str:
        """The domino in words: ``"six-four"``, ``"double blank"``."""
        if self.is_double:
            return f"double {NUMBER_NAMES[self.high]}"
        return f"{NUMBER_NAMES[self.high]}-{NUMBER_NAMES[self.low]}"

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Domino({self.high}, {self.low})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Domino):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Domino):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Domino):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Domino):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[type[Domino], tuple[int, int]]:
        return (Domino, (self.high, self.low))

    def __copy__(self) -> Domino:
        return self

    def __deepcopy__(self, memo: object) -> Domino:
        return self

    def _repr_svg_(self) -> str:
        from .svg import domino_svg

        return domino_svg(self)


for _high in range(7):
    for _low in range(_high + 1):
        Domino._all.append(Domino._make(_high, _low))

# People hold a hand high end first, a double before the rest of its suit.
_by_display = sorted(Domino._all, key=lambda d: (-d.high, 0 if d.is_double else 1, -d.low))
for _pos, _d in enumerate(_by_display):
    _d.display = _pos
_DISPLAY = attrgetter("display")

#: All 28 dominoes, ``DOMINOES[d.index] is d``; 0-0 first, 6-6 last.
DOMINOES: tuple[Domino, ...] = tuple(Domino._all)
#: The five count dominoes, highest value first.
COUNT_DOMINOES: tuple[Domino, ...] = tuple(
    sorted((d for d in DOMINOES if d.count), key=lambda d: (-d.count, -d.index))
)
#: The seven doubles, 0-0 first.
DOUBLES: tuple[Domino, ...] = tuple(d for d in DOMINOES if d.is_double)
#: Bit mask of all 28 dominoes.
FULL_MASK = (1 << 28) - 1

DominoLike = Domino | str


def to_domino(value: DominoLike) -> Domino:
    """A :class:`Domino` from a domino or its text."""
    if isinstance(value, Domino):
        return value
    return Domino.parse(value)


def to_mask(dominoes: Iterable[DominoLike] | DominoSet | str | int) -> int:
    """The bit mask of some dominoes (a :class:`DominoSet`, an iterable, text
    like ``"6-4 5-5 3-2"``, or a mask already). Repeats are an error: a set
    holds each domino once."""
    if isinstance(dominoes, DominoSet):
        return dominoes.mask
    if isinstance(dominoes, int) and not isinstance(dominoes, bool):
        if not 0 <= dominoes <= FULL_MASK:
            raise InputError(
                f"{quote(dominoes)} is not a mask of the 28 dominoes (0 .. 2**28 - 1)",
                rule="mask",
            )
        return dominoes
    if isinstance(dominoes, str):
        dominoes = dominoes.replace(",", " ").split()
    elif not isinstance(dominoes, Iterable) or isinstance(dominoes, (bytes, dict, bool)):
        raise NotationError(
            f"{quote(dominoes)} is not dominoes: give text like '6-4 5-5' or a list",
            rule="domino",
        )
    mask = 0
    for item in dominoes:
        d = to_domino(item)
        bit = 1 << d.index
        if mask & bit:
            raise NotationError(f"{d} appears twice: a double-six set has only one {d}")
        mask |= bit
    return mask


def sorted_dominoes(mask: int) -> list[Domino]:
    """The dominoes of a mask in the order people hold them (6-6 first)."""
    return sorted(mask_dominoes(mask), key=_DISPLAY)


def mask_dominoes(mask: int) -> list[Domino]:
    """The dominoes of a mask, lowest index first."""
    # Four table look-ups, one per byte of the mask: this sits on every hot path.
    return [
        *_BYTE_DOMINOES[0][mask & 255],
        *_BYTE_DOMINOES[1][mask >> 8 & 255],
        *_BYTE_DOMINOES[2][mask >> 16 & 255],
        *_BYTE_DOMINOES[3][mask >> 24 & 255],
    ]


class DominoSet:
    """An immutable set of dominoes, such as a player's hand, stored as a bit mask.

    Iterates from the highest domino (6-6) down, the way players sort a hand.

    >>> hand = DominoSet.parse("6-4 5-5 3-2 1-0")
    >>> str(hand), len(hand), hand.count
    ('6-4 5-5 3-2 1-0', 4, 25)
    >>> Domino.parse("6-4") in hand
    True
    """

    __slots__ = ("mask",)

    def __init__(self, dominoes: Iterable[DominoLike] | DominoSet | str | int = 0) -> None:
        self.mask = to_mask(dominoes)

    @classmethod
    def parse(cls, text: str) -> DominoSet:
        """Read dominoes separated by spaces or commas. Text that is not dominoes (or
        names one twice) raises :class:`~texas42.errors.NotationError`."""
        return cls(text)

    def __iter__(self) -> Iterator[Domino]:
        # Sorted for people: doubles and high ends first, as a hand is held.
        return iter(sorted(mask_dominoes(self.mask), key=_DISPLAY))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            item = Domino.parse(item)
        return isinstance(item, Domino) and bool(self.mask >> item.index & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DominoSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("DominoSet", self.mask))

    def __or__(self, other: object) -> DominoSet:
        if not isinstance(other, DominoSet):
            return NotImplemented
        return DominoSet(self.mask | other.mask)

    def __and__(self, other: object) -> DominoSet:
        if not isinstance(other, DominoSet):
            return NotImplemented
        return DominoSet(self.mask & other.mask)

    def __sub__(self, other: object) -> DominoSet:
        if not isinstance(other, DominoSet):
            return NotImplemented
        return DominoSet(self.mask & ~other.mask)

    @property
    def count(self) -> int:
        """Points of count held (5-5 and 6-4 are 10, 5-0, 4-1 and 3-2 are 5)."""
        return sum(d.count for d in mask_dominoes(self.mask))

    @property
    def doubles(self) -> DominoSet:
        return DominoSet(self.mask & _DOUBLES_MASK)

    def with_number(self, number: int) -> DominoSet:
        """The dominoes showing ``number`` on either end."""
        return DominoSet(self.mask & _NUMBER_MASKS[check_count(number, "number", 0, 6,
                                                               rule="number")])

    def __str__(self) -> str:
        return " ".join(str(d) for d in self)

    def __repr__(self) -> str:
        return f"DominoSet({str(self)!r})"

    def _repr_svg_(self) -> str:
        from .svg import dominoes_svg

        return dominoes_svg(list(self))


_BYTE_DOMINOES: tuple[tuple[tuple[Domino, ...], ...], ...] = tuple(
    tuple(
        tuple(DOMINOES[8 * k + b] for b in range(8) if byte >> b & 1 and 8 * k + b < 28)
        for byte in range(256)
    )
    for k in range(4)
)
_DOUBLES_MASK = sum(1 << d.index for d in DOUBLES)
_NUMBER_MASKS = tuple(sum(1 << d.index for d in DOMINOES if d.has(n)) for n in range(7))
