"""Shared helpers for the Moon analysis tests: random hands in play, a plain minimax."""

from __future__ import annotations

import random

from texas42.contracts import Contract
from texas42.dominoes import Domino
from texas42.moon import MOON_BIDS, MoonDeal, MoonHand
from texas42.tricks import legal_plays, trick_winner


def moon_in_play(rng: random.Random, tricks_left: int = 7, *, bid: int | None = None,
                 mid_trick: bool | None = None, contract: str | None = None) -> MoonHand:
    """A Moon hand in its playing phase: a random first bid (the others pass), a random
    discard and contract, then random legal plays until ``tricks_left`` tricks are left
    (the one in progress included)."""
    hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3))
    hand.bid(bid if bid is not None else rng.choice(MOON_BIDS))
    while hand.phase.value == "bidding":
        hand.bid("pass")
    assert hand.bidder is not None
    hand.discard_domino(rng.choice(list(hand.holding(hand.bidder))))
    hand.name_contract(contract or rng.choice(hand.valid_contracts()))
    extra = rng.randrange(3) if mid_trick is None else (1 + rng.randrange(2) if mid_trick else 0)
    for _ in range((7 - tricks_left) * 3 + extra):
        hand.play(rng.choice(hand.legal_plays()))
    return hand


def minimax_moon(hands: list[list[Domino]], contract: Contract, bidder: int, leader: int,
                 trick: list[Domino]) -> int:
    """The bidder's tricks from here by plain minimax: no pruning, no table, no masks, the
    engine's teaching functions for following and winning. The bidder takes as many as it
    can, the two others together leave it as few."""
    to_act = (leader + len(trick)) % 3
    if not trick and not hands[to_act]:
        return 0
    values = []
    for d in legal_plays(hands[to_act], trick, contract):
        hands[to_act].remove(d)
        played = [*trick, d]
        if len(played) == 3:
            winner = (leader + trick_winner(played, contract)) % 3
            v = (winner == bidder) + minimax_moon(hands, contract, bidder, winner, [])
        else:
            v = minimax_moon(hands, contract, bidder, leader, played)
        hands[to_act].append(d)
        values.append(v)
    return max(values) if to_act == bidder else min(values)


def minimax_moon_plays(hand: MoonHand) -> dict[Domino, int]:
    """For each legal play of ``hand``, the bidder's tricks from here after it (minimax)."""
    assert hand.contract is not None and hand.bidder is not None
    hands = [list(hand.holding(s)) for s in range(3)]
    trick = hand.current_trick
    to_act, bidder = hand.to_act, hand.bidder
    out = {}
    for d in hand.legal_plays():
        hands[to_act].remove(d)
        played = [*trick, d]
        if len(played) == 3:
            winner = (hand.leader + trick_winner(played, hand.contract)) % 3
            v = (winner == bidder) + minimax_moon(hands, hand.contract, bidder, winner, [])
        else:
            v = minimax_moon(hands, hand.contract, bidder, hand.leader, played)
        hands[to_act].append(d)
        out[d] = v
    return out
