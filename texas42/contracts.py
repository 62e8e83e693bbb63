"""Contracts (what the bidder names as trumps) and the suit tables behind them.

This module is the one source of truth for suits: which suit a led domino
leads, which dominoes follow a suit, and how they rank. Each :class:`Contract`
builds three small tables once, and both the teaching functions in
:mod:`texas42.tricks` and the fast paths of :class:`texas42.Hand` read them.

>>> Contract.parse("fives")
Contract.parse('fives')
>>> str(Contract.parse("5")), str(Contract.parse("no-trump"))
('fives', 'follow-me')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from .dominoes import DOMINOES, NUMBER_NAMES, SUIT_NAMES, Domino, to_domino
from .errors import NotationError, quote


class Suit(enum.IntEnum):
    """A suit that can be led: a number 0..6, the doubles (when doubles are a
    suit of their own), or trumps."""

    BLANKS = 0
    ONES = 1
    TWOS = 2
    THREES = 3
    FOURS = 4
    FIVES = 5
    SIXES = 6
    DOUBLES = 7
    TRUMPS = 8

    @property
    def label(self) -> str:
        """The suit as players say it: ``"sixes"``, ``"doubles"``, ``"trumps"``."""
        return SUIT_NAMES[self] if self <= 6 else self.name.lower()


TRUMPS = Suit.TRUMPS
#: Where doubles go in a contract without trumps (follow-me, nello).
DoublesMode = Literal["high", "low", "own-suit", "own-suit-low"]
ContractKind = Literal["trumps", "doubles", "follow-me", "nello", "sevens"]

_DOUBLES_WORDS: dict[DoublesMode, str] = {
    "high": "doubles are the highest domino of their suit",
    "low": "doubles are the lowest domino of their suit",
    "own-suit": "doubles are a suit of their own, 6-6 highest",
    "own-suit-low": "doubles are a suit of their own, 0-0 highest",
}


@dataclass(frozen=True)
class Contract:
    """What the winning bidder names: a trump suit, doubles as trumps, or a
    contract without trumps (follow-me; the house contracts nello and sevens).

    Build one with :meth:`parse` or the class methods. Contracts are values:
    equal contracts compare equal and hash alike.
    """

    kind: ContractKind
    #: The trump number for ``kind == "trumps"``, else ``None``.
    trump: int | None = None
    #: Where doubles rank in a contract without trumps.
    doubles: DoublesMode = "high"
    _tables: _SuitTables = field(init=False, repr=False, compare=False, hash=False)

    KINDS: ClassVar[tuple[str, ...]] = ("trumps", "doubles", "follow-me", "nello", "sevens")

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise NotationError(f"{quote(self.kind)} is not a kind of contract")
        if self.kind == "trumps":
            if not isinstance(self.trump, int) or not 0 <= self.trump <= 6:
                raise NotationError(f"{quote(self.trump)} is not a trump suit: name a number 0..6")
        elif self.trump is not None:
            raise NotationError(f"{self.kind} has no trump suit, got {quote(self.trump)}")
        if self.doubles not in _DOUBLES_WORDS:
            raise NotationError(f"{quote(self.doubles)} is not a place for doubles")
        if self.kind in ("trumps", "doubles", "sevens") and self.doubles != "high":
            raise NotationError(f"doubles rank 'high' with {self.kind}, not {quote(self.doubles)}")
        if self.kind == "follow-me" and self.doubles == "own-suit-low":
            raise NotationError("follow-me has no 'own-suit-low' doubles (that is a nello option)")
        key = (self.kind, self.trump, self.doubles)
        built = _TABLES.get(key)
        if built is None:
            built = _TABLES[key] = _SuitTables(self)
        object.__setattr__(self, "_tables", built)

    # -- construction -------------------------------------------------------------
    @classmethod
    def suit(cls, number: int) -> Contract:
        """The number ``number`` (0..6) is trumps."""
        return cls("trumps", number)

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract: ``"blanks"`` .. ``"sixes"`` (or ``"0"`` .. ``"6"``),
        ``"doubles"``, ``"follow-me"`` (or ``"no-trump"``), optionally with the
        place of doubles: ``"follow-me/doubles-low"``, ``"nello/doubles-own-suit"``.

        >>> Contract.parse("Sixes") == Contract.suit(6)
        True
        >>> Contract.parse("spades")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        texas42.errors.NotationError: 'spades' is not a contract: name a suit ...
        """
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{quote(text)} is not a contract: expected text like 'fives'")
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        base, _, option = key.partition("/")
        kind: ContractKind
        trump: int | None = None
        if base in _SUIT_WORDS:
            kind, trump = "trumps", _SUIT_WORDS[base]
        elif base in ("doubles", "doubles-trump", "doubles-trumps"):
            kind = "doubles"
        elif base in ("follow-me", "followme", "no-trump", "no-trumps", "notrump", "notrumps"):
            kind = "follow-me"
        elif base in ("nello", "low", "nel-o", "nil"):
            kind = "nello"
        elif base in ("sevens", "7s"):
            kind = "sevens"
        else:
            raise NotationError(
                f"{quote(text)} is not a contract: name a suit (blanks, ones, ... sixes or 0..6), "
                "doubles, follow-me, nello or sevens"
            )
        doubles: DoublesMode = "high"
        if option:
            mode = option.removeprefix("doubles-")
            if mode not in _DOUBLES_WORDS or kind not in ("follow-me", "nello"):
                raise NotationError(
                    f"{quote(text)} is not a contract: only follow-me and nello take a place for "
                    "doubles (doubles-high, doubles-low, doubles-own-suit, doubles-own-suit-low)"
                )
            doubles = mode
        return cls(kind, trump, doubles)

    # -- description ----------------------------------------------------------------
    @property
    def has_trumps(self) -> bool:
        return self.kind in ("trumps", "doubles")

    @property
    def is_trump_suit(self) -> bool:
        return self.kind == "trumps"

    def is_trump(self, domino: Domino | str) -> bool:
        """Whether ``domino`` is a trump in this contract."""
        return bool(self._tables.trump_mask >> to_domino(domino).index & 1)

    @property
    def trump_label(self) -> str:
        """What the trumps are called: ``"fives"``, ``"doubles"`` or ``"no trumps"``."""
        if self.kind == "trumps":
            assert self.trump is not None
            return SUIT_NAMES[self.trump]
        return "doubles" if self.kind == "doubles" else "no trumps"

    def describe(self) -> str:
        """One or two plain sentences saying what this contract means.

        >>> print(Contract.parse("fives").describe())  # doctest: +NORMALIZE_WHITESPACE
        Fives are trumps: every domino with a five is a trump and belongs to no other
        suit; 5-5 is the highest, then 6-5, 5-4 ... 5-0.
        """
        if self.kind == "trumps":
            n = self.trump
            assert n is not None
            others = [f"{max(n, m)}-{min(n, m)}" for m in range(6, -1, -1) if m != n]
            return (
                f"{SUIT_NAMES[n].capitalize()} are trumps: every domino with a {NUMBER_NAMES[n]} "
                f"is a trump and belongs to no other suit; {n}-{n} is the highest, then "
                f"{others[0]}, {others[1]} ... {others[-1]}."
            )
        if self.kind == "doubles":
            return (
                "Doubles are trumps: the seven doubles are the trump suit, 6-6 highest down "
                "to 0-0; every other domino belongs to the suits of its two numbers."
            )
        if self.kind == "follow-me":
            return (
                "Follow-me (no trumps): the domino led sets the suit and the highest domino "
                f"of that suit wins; {_DOUBLES_WORDS[self.doubles]}."
            )
        if self.kind == "nello":
            return (
                "Nello: the bidder must lose every trick, playing alone while the partner's "
                f"hand sits out; there are no trumps and {_DOUBLES_WORDS[self.doubles]}."
            )
        return (
            "Sevens: every player must play the domino whose pips total closest to 7; the "
            "bidding side is set if an opponent wins a trick (a tie goes to the bidding "
            "side or to the first played, as the rules say)."
        )

    def __str__(self) -> str:
        if self.kind == "trumps":
            assert self.trump is not None
            return SUIT_NAMES[self.trump]
        if self.kind in ("follow-me", "nello") and self.doubles != "high":
            return f"{self.kind}/doubles-{self.doubles}"
        return self.kind

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


_SUIT_WORDS: dict[str, int] = {}
for _n, _name in enumerate(SUIT_NAMES):
    _SUIT_WORDS[_name] = _n
    _SUIT_WORDS[NUMBER_NAMES[_n]] = _n
    _SUIT_WORDS[str(_n)] = _n
_SUIT_WORDS.update({"deuces": 2, "deuce": 2, "aces": 1, "ace": 1})

# Ranks inside a suit. Followers of the led suit score FOLLOW + rank, trumps
# TRUMP + rank, anything else 0, so the winner of a trick is simply the
# domino with the highest power for the suit that was led.
_FOLLOW = 10
_TABLES: dict[tuple[str, int | None, str], _SuitTables] = {}
_TRUMP = 100


class _SuitTables:
    """The suit tables of one contract (built once per contract).

    - ``lead[i]``: the :class:`Suit` value domino ``i`` leads;
    - ``members[s]``: bit mask of the dominoes that follow suit ``s``;
    - ``power[s][i]``: how strongly domino ``i`` plays to a trick led in ``s``
      (0: cannot win it);
    - ``trump_mask``: the trumps.
    """

    __slots__ = ("lead", "members", "power", "rank", "sevens", "trump_mask")

    def __init__(self, contract: Contract) -> None:
        kind, trump, doubles = contract.kind, contract.trump, contract.doubles
        self.sevens = kind == "sevens"
        own_suit_doubles = kind in ("follow-me", "nello") and doubles.startswith("own-suit")

        def is_trump(d: Domino) -> bool:
            if kind == "trumps":
                assert trump is not None
                return d.has(trump)
            return kind == "doubles" and d.is_double

        def suits_of(d: Domino) -> tuple[int, ...]:
            """The suits a domino belongs to for following."""
            if is_trump(d):
                return (int(TRUMPS),)
            if d.is_double and own_suit_doubles:
                return (int(Suit.DOUBLES),)
            return (d.high,) if d.is_double else (d.high, d.low)

        def rank(d: Domino, suit: int) -> int:
            """Rank of ``d`` within ``suit`` (it must belong to it); higher beats lower."""
            if suit == TRUMPS:
                if kind == "doubles":
                    return d.high
                assert trump is not None
                return 7 if d.is_double else d.other_end(trump)
            if suit == Suit.DOUBLES:
                return 6 - d.high if doubles == "own-suit-low" else d.high
            if d.is_double:
                return -1 if doubles == "low" else 7
            return d.other_end(suit)

        self.trump_mask = sum(1 << d.index for d in DOMINOES if is_trump(d))
        # The suit led: trumps if a trump, else the double's own suit, else the higher end.
        self.lead: tuple[int, ...] = tuple(int(suits_of(d)[0]) for d in DOMINOES)
        members = [0] * 9
        self.rank: list[dict[int, int]] = [{} for _ in range(9)]
        for d in DOMINOES:
            for s in suits_of(d):
                members[s] |= 1 << d.index
                self.rank[s][d.index] = rank(d, s)
        self.members: tuple[int, ...] = tuple(members)
        power = []
        for s in range(9):
            row = []
            for d in DOMINOES:
                if self.trump_mask >> d.index & 1:
                    row.append(_TRUMP + self.rank[TRUMPS][d.index])
                elif members[s] >> d.index & 1:
                    row.append(_FOLLOW + self.rank[s][d.index] + 1)
                else:
                    row.append(0)
            power.append(tuple(row))
        self.power: tuple[tuple[int, ...], ...] = tuple(power)

    def legal(self, held: int, first: Domino | None) -> int:
        """The dominoes of ``held`` (a mask) that may be played to a trick led
        with ``first`` (``None``: the player leads). The rule of following, in
        one place: a domino of the led suit if you have one, else anything; in
        sevens, the dominoes closest to 7 pips."""
        if self.sevens:
            return sevens_mask(held)
        if first is None:
            return held
        return held & self.members[self.lead[first.index]] or held

    def best(self, plays: Sequence[Domino]) -> int:
        """Position in ``plays`` of the domino that wins the trick (not sevens:
        see :func:`texas42.tricks.sevens_winner`)."""
        power = self.power[self.lead[plays[0].index]]
        best = 0
        for i in range(1, len(plays)):
            if power[plays[i].index] > power[plays[best].index]:
                best = i
        return best


def sevens_mask(held: int) -> int:
    """Sevens: only the dominoes whose pip total is closest to 7 may be played."""
    for ring in SEVENS_DISTANCE_MASKS:
        if held & ring:
            return held & ring
    return 0


#: The dominoes 0, 1, 2 ... pips away from 7, as masks (nearest first).
SEVENS_DISTANCE_MASKS: tuple[int, ...] = tuple(
    sum(1 << d.index for d in DOMINOES if abs(d.pips - 7) == k) for k in range(8)
)


def tables(contract: Contract) -> _SuitTables:
    """The suit tables of ``contract`` (internal, shared by every fast path)."""
    return contract._tables
