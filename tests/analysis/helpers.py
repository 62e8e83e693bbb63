"""Shared helpers for the analysis tests: random positions and contracts."""

from __future__ import annotations

import random

from texas42 import Contract, Deal
from texas42.analysis.position import Position

#: Every contract kind the solver knows, with each place of doubles.
ALL_CONTRACTS: tuple[Contract, ...] = (
    *(Contract.suit(n) for n in range(7)),
    Contract("doubles"),
    Contract("follow-me"),
    Contract("follow-me", None, "low"),
    Contract("follow-me", None, "own-suit"),
    Contract("nello"),
    Contract("nello", None, "low"),
    Contract("nello", None, "own-suit"),
    Contract("nello", None, "own-suit-low"),
    Contract("sevens"),
)


def random_ending(rng: random.Random, tricks_left: int, contract: Contract | None = None,
                  *, mid_trick: bool | None = None) -> Position:
    """A position reached by random legal play from a random deal, with ``tricks_left``
    tricks still to complete (the one in progress included)."""
    c = contract if contract is not None else rng.choice(ALL_CONTRACTS)
    leader = rng.randrange(4)
    pos = Position.from_deal(Deal.shake(rng), c, leader=leader)
    size = pos.trick_size
    extra = rng.randrange(size) if mid_trick is None else (1 + rng.randrange(size - 1)
                                                            if mid_trick else 0)
    for _ in range((7 - tricks_left) * size + extra):
        pos = pos.play(rng.choice(pos.legal_plays()))
    return pos
