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
from math import comb, factorial

from .dominoes import DOMINOES, FULL_MASK, Domino, DominoLike, DominoSet, mask_dominoes, to_mask
from .errors import NotationError, quote

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
    return seat % 2


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


class Deal:
    """Four hands of seven dominoes, for seats 0..3 (clockwise; 0 and 2 are
    partners). Immutable; compares by the hands."""

    __slots__ = ("masks",)

    def __init__(self, hands: Sequence[DominoSet | Iterable[DominoLike] | str | int]) -> None:
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise NotationError(f"a deal has 4 hands, got {quote(hands)}", rule="deal")
        masks = tuple(to_mask(h) for h in hands)
        seen = 0
        for seat, mask in enumerate(masks):
            size = mask.bit_count()
            if size != HAND_SIZE:
                raise NotationError(
                    f"seat {seat} holds {size} dominoes ({DominoSet(mask)}); each hand has 7",
                    rule="deal",
                )
            if seen & mask:
                twice = ", ".join(str(d) for d in mask_dominoes(seen & mask))
                raise NotationError(f"{twice} dealt twice: each domino is dealt once", rule="deal")
            seen |= mask
        if seen != FULL_MASK:  # pragma: no cover - four disjoint sevens are all 28
            raise NotationError("a deal must use all 28 dominoes", rule="deal")
        self.masks: tuple[int, ...] = masks

    # -- making deals -------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed: int | str | None = None) -> Deal:
        """Shake the dominoes with a seeded random generator (same seed, same deal)."""
        return cls.shake(random.Random(seed))

    @classmethod
    def shake(cls, rng: random.Random) -> Deal:
        # Sorting by 28 random keys is a uniform shuffle, and several times
        # faster than random.shuffle (one call into the generator per key).
        keys = [rng.random() for _ in range(28)]
        order = sorted(range(28), key=keys.__getitem__)
        masks = []
        for seat in range(SEATS):
            mask = 0
            for i in order[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]:
                mask |= 1 << i
            masks.append(mask)
        deal = cls.__new__(cls)  # a shuffle is a valid deal: skip the checks
        deal.masks = tuple(masks)
        return deal

    @classmethod
    def from_code(cls, code: str) -> Deal:
        """Read a deal code (case, dashes and spaces do not matter)."""
        return cls(decode_deal(code))

    # -- reading ------------------------------------------------------------------
    @property
    def hands(self) -> tuple[DominoSet, ...]:
        return tuple(DominoSet(m) for m in self.masks)

    def __getitem__(self, seat: int) -> DominoSet:
        return DominoSet(self.masks[seat])

    def holder(self, domino: DominoLike) -> int:
        """The seat dealt ``domino``."""
        d = domino if isinstance(domino, Domino) else Domino.parse(domino)
        for seat, mask in enumerate(self.masks):
            if mask >> d.index & 1:
                return seat
        raise AssertionError("every domino is dealt")  # pragma: no cover

    @property
    def code(self) -> str:
        """The deal code, e.g. ``"1A2B-3C4D-5E6"``."""
        return encode_deal(self.masks)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.masks == other.masks

    def __hash__(self) -> int:
        return hash(self.masks)

    def __repr__(self) -> str:
        return f"Deal.from_code({self.code!r})"

    def __str__(self) -> str:
        return "\n".join(f"seat {s}: {DominoSet(m)}" for s, m in enumerate(self.masks))

    def to_lists(self) -> list[list[str]]:
        """The hands as lists of ``"a-b"`` text (for hand records)."""
        return [[str(d) for d in DominoSet(m)] for m in self.masks]

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
    """Inverse of :func:`deal_rank`."""
    if not 0 <= rank < _multinomial(sizes):
        raise ValueError(f"deal number {rank} is out of range")
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
