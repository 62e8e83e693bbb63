"""Flat look-up tables for the analysis hot paths, built from the contract's suit tables.

Everything here is derived from :func:`texas42.contracts.tables` (the one source of
truth for suits); nothing about suits is decided again. What this module adds:

- ``COUNT[i]``: the count of domino ``i`` (10, 5 or 0);
- ``sevens`` play (closest to 7 pips; a tie goes to the side ``Rules.sevens_tie_side``
  names, else to the first played) as power rows and a legal-play rule, as
  :mod:`texas42.tricks` plays it;
- ``equiv[x * 28 + y]``: the dominoes whose presence in *other* hands makes ``x`` and ``y``
  play differently. Two dominoes of one hand are interchangeable (the solver searches one
  of them) when no other hand, and no domino on the table, holds one of those.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..contracts import SEVENS_DISTANCE_MASKS, Contract, sevens_mask, tables
from ..dominoes import DOMINOES

N = 28
FULL = (1 << N) - 1
#: A bit above the 28 dominoes: always set in "others" masks, and set in the
#: equivalence mask of two dominoes that never play alike.
SENTINEL = 1 << N
NEVER = FULL | SENTINEL

COUNT: tuple[int, ...] = tuple(d.count for d in DOMINOES)
PIPS: tuple[int, ...] = tuple(d.pips for d in DOMINOES)
COUNT10 = sum(1 << d.index for d in DOMINOES if d.count == 10)
COUNT5 = sum(1 << d.index for d in DOMINOES if d.count == 5)
#: Seven-pip distance, for sevens.
DIST7: tuple[int, ...] = tuple(abs(d.pips - 7) for d in DOMINOES)
# The sevens rule itself lives with the suit tables (one source of truth).
DIST_MASKS = SEVENS_DISTANCE_MASKS


#: 42's sides: seats 0+2 against seats 1+3.
PARTNERS = (0, 1, 0, 1)


def mask_count(mask: int) -> int:
    """Points of count in ``mask``."""
    return 10 * (mask & COUNT10).bit_count() + 5 * (mask & COUNT5).bit_count()


sevens_legal = sevens_mask  # the engine's rule, under the name the solver uses


class FastTables:
    """The tables of one contract in the shapes the solver and the players use."""

    __slots__ = ("contract", "equiv", "lead", "members", "power", "sevens", "trump_mask")

    def __init__(self, contract: Contract) -> None:
        t = tables(contract)
        self.contract = contract
        self.sevens = contract.kind == "sevens"
        self.trump_mask: int = t.trump_mask
        if self.sevens:
            # Suits play no part: every domino "follows" every lead, the closest to 7
            # is the strongest, and the first played wins a tie (strict comparison).
            self.lead: tuple[int, ...] = (0,) * N
            self.members: tuple[int, ...] = (FULL,) * 9
            row = tuple(8 - DIST7[i] for i in range(N))
            self.power: tuple[tuple[int, ...], ...] = (row,) * 9
        else:
            self.lead = t.lead
            self.members = t.members
            self.power = t.power
        self.equiv: tuple[int, ...] = self._equivalence()

    def _equivalence(self) -> tuple[int, ...]:
        out = [NEVER] * (N * N)
        lead, members, power = self.lead, self.members, self.power
        for x in range(N):
            for y in range(N):
                if x == y:
                    out[x * N + y] = 0
                    continue
                if COUNT[x] != COUNT[y]:
                    continue
                if self.sevens:
                    out[x * N + y] = 0 if DIST7[x] == DIST7[y] else NEVER
                    continue
                if (self.trump_mask >> x & 1) != (self.trump_mask >> y & 1):
                    continue
                mask = 0
                for s in range(9):
                    in_x, in_y = members[s] >> x & 1, members[s] >> y & 1
                    if in_x != in_y:
                        # Only one of them follows s: s must be out of every other hand.
                        mask |= members[s]
                    elif in_x:
                        lo, hi = sorted((power[s][x], power[s][y]))
                        for o in range(N):
                            if members[s] >> o & 1 and lo < power[s][o] < hi:
                                mask |= 1 << o
                if lead[x] != lead[y]:
                    # Led, they lead different suits: both must be suits nobody else holds.
                    mask |= members[lead[x]] | members[lead[y]]
                out[x * N + y] = mask
        return tuple(out)

    def legal(self, held: int, first: int) -> int:
        """Legal plays from ``held`` when ``first`` was led (``-1``: leading): the
        engine's rule (``contracts._SuitTables.legal``) on indices, for the hot loops."""
        if self.sevens:
            return sevens_legal(held)
        if first < 0:
            return held
        return held & self.members[self.lead[first]] or held

    def winner_pos(self, plays: list[int] | tuple[int, ...], seats: Sequence[int] = (),
                   bid_team: int | None = 0, sides: tuple[int, ...] = PARTNERS) -> int:
        """Position in ``plays`` of the domino that wins the trick. Sevens needs the
        ``seats`` that played, the ``sides`` they sit on and ``bid_team``, the side a tie
        goes to (``None``: the first played wins it)."""
        if self.sevens and seats and bid_team is not None:
            rows = self.seat_power(bid_team, sides)
            best = 0
            for i in range(1, len(plays)):
                if rows[seats[i]][0][plays[i]] > rows[seats[best]][0][plays[best]]:
                    best = i
            return best
        row = self.power[self.lead[plays[0]]]
        best = 0
        for i in range(1, len(plays)):
            if row[plays[i]] > row[plays[best]]:
                best = i
        return best

    def seat_power(self, bid_team: int | None, sides: tuple[int, ...] = PARTNERS,
                   ) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """The power tables as seen by each seat (``sides``: the side of each): the same
        for every seat, except in sevens with ties to side ``bid_team``, where its domino
        beats an equally close one (``None``: the first played wins a tie, strict
        comparison)."""
        if not self.sevens or bid_team is None:
            return (self.power,) * len(sides)
        return _sevens_seat_power(bid_team, sides)


@functools.lru_cache(maxsize=16)
def _sevens_seat_power(bid_team: int, sides: tuple[int, ...],
                       ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for side in sides:
        bonus = 1 if side == bid_team else 0
        row = tuple(2 * (8 - DIST7[i]) + bonus for i in range(N))
        out.append((row,) * 9)
    return tuple(out)


@functools.lru_cache(maxsize=64)
def fast_tables(contract: Contract) -> FastTables:
    """The (cached) fast tables of ``contract``."""
    return FastTables(contract)
