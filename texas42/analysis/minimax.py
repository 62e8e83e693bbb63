"""Plain minimax: the reference the fast solver is tested against.

No pruning, no table, no ordering: every legal play is tried, using the engine's own
teaching functions (:func:`texas42.tricks.legal_plays`, :func:`texas42.tricks.trick_winner`),
so it shares no code with the solver's search. Any table: the position's shape says who
is on which side and what a trick is worth. Only for small endings: its cost grows
as the product of the legal plays.
"""

from __future__ import annotations

import functools

from ..contracts import Contract
from ..dominoes import DOMINOES, Domino, DominoSet
from ..tricks import legal_plays, trick_winner
from .position import Position
from .shape import TableShape


@functools.lru_cache(maxsize=200_000)
def _legal(held: int, first: int, contract: Contract) -> tuple[int, ...]:
    trick = [DOMINOES[first]] if first >= 0 else []
    return tuple(d.index for d in legal_plays(DominoSet(held), trick, contract))


@functools.lru_cache(maxsize=200_000)
def _winner(plays: tuple[int, ...], contract: Contract, sides: tuple[int, ...],
            bid_team: int | None) -> int:
    # The engine's sevens rule tells the bidding side by ``seat % 2``: the seats' sides
    # stand in for the seats, so it reads the side of each at any table.
    return trick_winner([DOMINOES[i] for i in plays], contract, seats=sides,
                        bidding_team=bid_team)


def minimax(pos: Position) -> int:
    """Points side 0 (in 42: seats 0+2) takes from ``pos`` to the end, both sides playing
    their best (each side taking as many points as it can; in nello, as few)."""
    return _search(list(pos.hands), pos.contract, pos.seats, [d.index for d in pos.trick],
                   pos.out, pos.tie_team, pos.table)


def _search(
    hands: list[int],
    contract: Contract,
    seats: tuple[int, ...],
    plays: list[int],
    out: int | None,
    bid_team: int | None,
    table: TableShape,
) -> int:
    if len(plays) == len(seats):
        pos = _winner(tuple(plays), contract, tuple(table.sides[s] for s in seats), bid_team)
        winner = seats[pos]
        pts = table.trick_points(sum(DOMINOES[i].count for i in plays))
        here = pts if table.sides[winner] == 0 else 0
        if not any(hands):
            return here
        n = len(hands)
        order = tuple(s for s in ((winner + i) % n for i in range(n)) if s != out)
        return here + _search(hands, contract, order, [], out, bid_team, table)
    seat = seats[len(plays)]
    first = plays[0] if plays else -1
    values = []
    for m in _legal(hands[seat], first, contract):
        hands[seat] ^= 1 << m
        plays.append(m)
        values.append(_search(hands, contract, seats, plays, out, bid_team, table))
        plays.pop()
        hands[seat] ^= 1 << m
    # Nello is played the other way round: each side takes as little as it can.
    misere = contract.kind == "nello"
    return max(values) if (table.sides[seat] == 0) != misere else min(values)


def minimax_plays(pos: Position) -> dict[Domino, int]:
    """For each legal play, the points side 0 takes from ``pos`` on after it."""
    base = pos.points[0]
    out = {}
    for d in pos.legal_plays():
        child = pos.play(d)
        out[d] = child.points[0] - base + (0 if child.is_over else minimax(child))
    return out
