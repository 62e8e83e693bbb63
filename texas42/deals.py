"""Deals: the four hands of seven after the shake, and the deal code.

A deal code is 11 letters and digits (Crockford's base 32: no I, L, O or U, so
it reads out loud without confusion), written in groups like ``"1A2B-3C4D-5E6"``.
It packs the rank of the deal among all 28!/(7!^4) possible deals and a check
character that catches any one mistyped character and any two neighbours swapped.

>>> deal = Deal.from_seed(42)
>>> Deal.from_code(deal.code) == deal
True
>>> len(deal.code)
13
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb, factorial

from .dominoes import DOMINOES, Domino, DominoLike, DominoSet, mask_dominoes, to_mask
from .errors import (
    InputError,
    NotationError,
    check_count,
    check_kind,
    check_seat,
    check_seed,
    quote,
)

SEATS = 4
HAND_SIZE = 7
#: How many different deals there are: 28! / (7!)^4.
DEAL_COUNT = factorial(28) // factorial(7) ** 4
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def seat_name(seat: int) -> str:
    """``"seat 0"`` .. ``"seat 3"``."""
    return f"seat {seat}"


def team_of(seat: int) -> int:
    """Partners sit opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return check_seat(seat, 4) % 2


def partner_of(seat: int) -> int:
    """The seat opposite at 42's table."""
    return (check_seat(seat, 4) + 2) % 4


#: At 42's table of four, each seat as a place at the table seen from one seat, by how far
#: round from it (play goes to the left): one name each, the learner's (issue 34). The
#: Play page's log, the table picture and the hand's status all name seats from these.
PLACES = ("You", "Left opponent", "Your partner", "Right opponent")


def place_name(seat: int, viewer: int) -> str:
    """``seat`` as a place at 42's table seen from ``viewer``'s, as a name (a label, or
    the start of a line).

    >>> [place_name(s, 1) for s in range(4)]
    ['Right opponent', 'You', 'Left opponent', 'Your partner']
    """
    return PLACES[(check_seat(seat, 4) - check_seat(viewer, 4, "viewer")) % 4]


def place_words(seat: int, viewer: int) -> str:
    """``seat`` as a place at 42's table seen from ``viewer``'s, mid-sentence.

    >>> [place_words(s, 0) for s in range(4)]
    ['you', 'the left opponent', 'your partner', 'the right opponent']
    """
    name = place_name(seat, viewer)
    return name.lower() if name.startswith(("You", "Your")) else f"the {name.lower()}"


@dataclass(frozen=True)
class Layout:
    """How a table shares the dominoes out (made by :attr:`texas42.rules.Rules.layout`):
    ``seats`` hands of ``hand_size``, then a widow and dominoes laid aside, from the
    dominoes in play. A deal's masks are the hands, then the widow, then the aside
    (each only when the table has one)."""

    seats: int = SEATS
    hand_size: int = HAND_SIZE
    widow: int = 0
    aside: int = 0
    #: The dominoes in play, in index order.
    dominoes: tuple[Domino, ...] = DOMINOES

    @property
    def sizes(self) -> tuple[int, ...]:
        """The size of each part of a deal: the hands, the widow, the aside."""
        rest = tuple(n for n in (self.widow, self.aside) if n)
        return (self.hand_size,) * self.seats + rest

    @property
    def mask(self) -> int:
        return sum(1 << d.index for d in self.dominoes)

    def part_name(self, part: int) -> str:
        check_count(part, "part", 0, len(self.sizes) - 1, rule="part")
        if part < self.seats:
            return f"seat {part}"
        return "the widow" if part == self.seats and self.widow else "the dominoes laid aside"


#: The table of 42: four hands of seven, every domino.
STANDARD_LAYOUT = Layout()


class Deal:
    """The hands of one shake, for seats 0..N-1 (clockwise), and on some tables a widow
    and dominoes laid aside (see :class:`Layout`; by default four hands of seven, 0 and
    2 partners). Immutable; compares by the hands and the layout."""

    __slots__ = ("layout", "masks")

    def __init__(
        self,
        hands: Sequence[DominoSet | Iterable[DominoLike] | str | int],
        layout: Layout = STANDARD_LAYOUT,
    ) -> None:
        check_kind(layout, Layout, "a Layout (a table's: Rules.layout)", rule="layout")
        parts = len(layout.sizes)
        if not isinstance(hands, (list, tuple)) or len(hands) != parts:
            what = f"{layout.seats} hands" + (" and the rest" if parts > layout.seats else "")
            raise NotationError(f"a deal has {what}, got {quote(hands)}", rule="deal")
        masks = tuple(to_mask(h) for h in hands)
        seen = 0
        for part, (mask, want) in enumerate(zip(masks, layout.sizes, strict=True)):
            size = mask.bit_count()
            if size != want:
                each = "each hand has" if part < layout.seats else "it should hold"
                raise NotationError(
                    f"{layout.part_name(part)} holds {size} dominoes ({DominoSet(mask)}); "
                    f"{each} {want}",
                    rule="deal",
                )
            if mask & ~layout.mask:
                raise NotationError(
                    f"{DominoSet(mask & ~layout.mask)} is not in play at this table", rule="deal"
                )
            if seen & mask:
                twice = ", ".join(str(d) for d in mask_dominoes(seen & mask))
                raise NotationError(f"{twice} dealt twice: each domino is dealt once", rule="deal")
            seen |= mask
        if seen != layout.mask:  # pragma: no cover - the sizes add up to the dominoes in play
            raise NotationError("a deal must use every domino in play", rule="deal")
        self.masks: tuple[int, ...] = masks
        self.layout = layout

    # -- making deals -------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed: int | str | None = None, layout: Layout = STANDARD_LAYOUT) -> Deal:
        """Shake the dominoes with a seeded random generator (same seed, same deal).
        A seed is text or a whole number of 0 or more: a negative one raises
        :class:`~texas42.errors.InputError` (``rule="seed"``), as Python's generator
        would shake -N as N."""
        check_seed(seed, optional=True, text=True)
        return cls.shake(random.Random(seed), layout)

    @classmethod
    def shake(cls, rng: random.Random, layout: Layout = STANDARD_LAYOUT) -> Deal:
        check_kind(rng, random.Random, "a random.Random generator to shake with", rule="rng")
        check_kind(layout, Layout, "a Layout (a table's: Rules.layout)", rule="layout")
        masks = []
        if layout is STANDARD_LAYOUT or layout == STANDARD_LAYOUT:
            # Sorting by 28 random keys is a uniform shuffle, and several times
            # faster than random.shuffle (one call into the generator per key).
            keys = [rng.random() for _ in range(28)]
            order = sorted(range(28), key=keys.__getitem__)
        else:  # (Moon's deals of a seed are those it always had)
            shuffled = list(layout.dominoes)
            rng.shuffle(shuffled)
            order = [d.index for d in shuffled]
        start = 0
        for size in layout.sizes:
            mask = 0
            for i in order[start : start + size]:
                mask |= 1 << i
            masks.append(mask)
            start += size
        deal = cls.__new__(cls)  # a shuffle is a valid deal: skip the checks
        deal.masks = tuple(masks)
        deal.layout = layout
        return deal

    @classmethod
    def from_code(cls, code: str, layout: Layout = STANDARD_LAYOUT) -> Deal:
        """Read a deal code (case, dashes and spaces do not matter). A code that does
        not spell a deal raises :class:`~texas42.errors.NotationError`; a ``layout`` that
        is not a table's (:attr:`texas42.rules.Rules.layout`),
        :class:`~texas42.errors.InputError`."""
        check_kind(layout, Layout, "a table layout (Rules.layout)", rule="layout")
        return Deal(decode_deal(code, layout.dominoes, layout.sizes), layout)

    # -- reading ------------------------------------------------------------------
    @property
    def hands(self) -> tuple[DominoSet, ...]:
        return tuple(DominoSet(m) for m in self.masks[: self.layout.seats])

    @property
    def widow_set(self) -> DominoSet:
        """The widow (empty at a table without one)."""
        return DominoSet(self.masks[self.layout.seats] if self.layout.widow else 0)

    @property
    def aside(self) -> DominoSet:
        """The dominoes laid aside face down, out of play (empty at most tables)."""
        return DominoSet(self.masks[-1] if self.layout.aside else 0)

    def __getitem__(self, seat: int) -> DominoSet:
        return DominoSet(self.masks[seat])

    def holder(self, domino: DominoLike) -> int:
        """The seat dealt ``domino``."""
        d = domino if isinstance(domino, Domino) else Domino.parse(domino)
        for seat, mask in enumerate(self.masks[: self.layout.seats]):
            if mask >> d.index & 1:
                return seat
        raise InputError(f"{d} is not in any hand of this deal", rule="deal")

    @property
    def code(self) -> str:
        """The deal code, e.g. ``"1A2B-3C4D-5E6"``."""
        layout = self.layout
        return encode_deal(self.masks, layout.dominoes, layout.sizes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.masks == other.masks and (
            self.layout == other.layout
        )

    def __hash__(self) -> int:
        return hash(self.masks)

    def __repr__(self) -> str:
        if self.layout != STANDARD_LAYOUT:
            return f"Deal.from_code({self.code!r}, {self.layout!r})"
        return f"Deal.from_code({self.code!r})"

    def __str__(self) -> str:
        return "\n".join(
            f"{self.layout.part_name(s)}: {DominoSet(m)}" for s, m in enumerate(self.masks)
        )

    def to_lists(self) -> list[list[str]]:
        """The hands as lists of ``"a-b"`` text (for hand records)."""
        return [[str(d) for d in DominoSet(m)] for m in self.masks[: self.layout.seats]]

    def _repr_svg_(self) -> str:
        from .svg import deal_svg

        return deal_svg(self)


def _multinomial(counts: Sequence[int]) -> int:
    """Ways to share out sum(counts) dominoes with counts[s] going to seat s."""
    total, ways = 0, 1
    for c in counts:
        total += c
        ways *= comb(total, c)
    return ways


_SIZES = (HAND_SIZE,) * SEATS


def deal_rank(
    masks: Sequence[int], dominoes: Sequence[Domino] = DOMINOES, sizes: Sequence[int] = _SIZES
) -> int:
    """The deal's number (0-based) among all ways to share ``dominoes`` out in
    hands of ``sizes`` (by default: all :data:`DEAL_COUNT` deals of 42)."""
    left = list(sizes)
    rank = 0
    for d in dominoes:
        seat = next(s for s in range(len(sizes)) if masks[s] >> d.index & 1)
        for earlier in range(seat):
            if left[earlier]:
                left[earlier] -= 1
                rank += _multinomial(left)
                left[earlier] += 1
        left[seat] -= 1
    return rank


def deal_unrank(
    rank: int, dominoes: Sequence[Domino] = DOMINOES, sizes: Sequence[int] = _SIZES
) -> list[int]:
    """Inverse of :func:`deal_rank`. A rank outside ``0..deals-1`` raises
    :class:`~texas42.errors.InputError` (``rule="deal"``)."""
    check_count(rank, "deal number", 0, _multinomial(sizes) - 1, rule="deal")
    left = list(sizes)
    masks = [0] * len(sizes)
    for d in dominoes:
        for seat in range(len(sizes)):
            if not left[seat]:
                continue
            left[seat] -= 1
            ways = _multinomial(left)
            if rank < ways:
                masks[seat] |= 1 << d.index
                break
            rank -= ways
            left[seat] += 1
    return masks


def code_length(sizes: Sequence[int] = _SIZES) -> int:
    """Characters in a deal code: the rank in base 32, then one check character."""
    return _data_length(sizes) + 1


def _data_length(sizes: Sequence[int]) -> int:
    return ((_multinomial(sizes) - 1).bit_length() + 4) // 5


def _gf32_mul(a: int, b: int) -> int:
    """Product in GF(32), the field of the 32 characters (polynomial x^5 + x^2 + 1)."""
    out = 0
    while b:
        if b & 1:
            out ^= a
        b >>= 1
        a <<= 1
        if a & 32:
            a ^= 0b100101
    return out


def _weights(n: int) -> list[int]:
    """alpha^n .. alpha^1 for the n data characters (alpha = 2 generates GF(32)); the
    check character weighs alpha^0 = 1. The 31 powers are distinct and nonzero."""
    out, w = [], 1
    for _ in range(n):
        w = _gf32_mul(w, 2)
        out.append(w)
    return out[::-1]


def _check_digit(digits: Sequence[int]) -> int:
    # The code is valid when sum(w_i * d_i) + check = 0 in GF(32) (+ is xor). A changed
    # character adds w_i * e with e != 0: never 0, as w_i != 0. Two neighbours a, b
    # swapped add (w_i + w_{i+1}) * (a + b): never 0 for a != b, as neighbouring weights
    # differ (the check's own weight 1 differs from the last data weight, alpha).
    out = 0
    for w, d in zip(_weights(len(digits)), digits, strict=True):
        out ^= _gf32_mul(w, d)
    return out


def encode_deal(
    masks: Sequence[int], dominoes: Sequence[Domino] = DOMINOES, sizes: Sequence[int] = _SIZES
) -> str:
    """The deal code of ``masks`` (groups of four characters)."""
    rank = deal_rank(masks, dominoes, sizes)
    digits = []
    for _ in range(_data_length(sizes)):
        rank, digit = divmod(rank, 32)
        digits.append(digit)
    digits.reverse()
    digits.append(_check_digit(digits))
    text = "".join(_ALPHABET[d] for d in digits)
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def decode_deal(
    code: str, dominoes: Sequence[Domino] = DOMINOES, sizes: Sequence[int] = _SIZES
) -> list[int]:
    """The masks of a deal code; raises :class:`NotationError` saying what is wrong."""
    if not isinstance(code, str):
        raise NotationError(f"{quote(code)} is not a deal code", rule="deal-code")
    length = code_length(sizes)
    text = code.strip().upper().replace("-", "").replace(" ", "")
    text = text.translate(str.maketrans("OIL", "011"))
    if len(text) != length:
        raise NotationError(
            f"{quote(code)} is not a deal code: it has {len(text)} letters and digits, a deal code "
            f"has {length}",
            rule="deal-code",
        )
    digits = []
    for ch in text:
        digit = _ALPHABET.find(ch)
        if digit < 0:
            raise NotationError(
                f"{quote(code)} is not a deal code: {quote(ch)} is not one of its letters "
                f"({_ALPHABET})",
                rule="deal-code",
            )
        digits.append(digit)
    rank = 0
    for digit in digits[:-1]:
        rank = rank * 32 + digit
    if digits[-1] != _check_digit(digits[:-1]) or rank >= _multinomial(sizes):
        raise NotationError(
            f"{quote(code)} is not a deal code: its check character does not match (a character "
            "was probably mistyped, or two neighbours swapped)",
            rule="deal-code",
        )
    return deal_unrank(rank, dominoes, sizes)
