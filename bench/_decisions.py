"""The learner's decisions the coach benches measure: every play with a choice in hands
played out by one kind of computer player, at 42's table, in the contracts the coach
values in points (trumps, follow-me; no nello, sevens or mark bids)."""

from __future__ import annotations

from collections.abc import Iterator

from texas42 import Deal, Hand
from texas42.analysis import make_player, play_hand
from texas42.bidding import MARK
from texas42.hand import Action


def point_hands(hands: int, seed: int, player: str = "rule-based"
                ) -> Iterator[tuple[int, Hand]]:
    """(hand number k, the hand played out) for each hand bid for points; hand k is deal
    ``seed + k``, shaken by seat k % 4, every seat played by ``player`` (seeded by k)."""
    for k in range(hands):
        hand = Hand(Deal.from_seed(seed + k), shaker=k % 4)
        play_hand(hand, [make_player(player, seed=k)] * 4)
        c = hand.contract
        if c is None or c.kind in ("nello", "sevens") or hand.high_bid >= MARK:
            continue
        yield k, hand


def point_plays(hands: int, seed: int, player: str = "rule-based"
                ) -> Iterator[tuple[int, int, Hand, Action]]:
    """(hand number k, action index i, the hand just before it, the play made) for each
    play with two or more legal dominoes in the hands of :func:`point_hands`."""
    for k, hand in point_hands(hands, seed, player):
        for i, a in enumerate(hand.actions):
            before = hand.at(i)
            if a.kind == "play" and len(before.legal_actions()) >= 2:
                yield k, i, before, a
