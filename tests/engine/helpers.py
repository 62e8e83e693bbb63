"""Shared helpers of the engine tests: deals built by hand, random play, state snapshots."""

from __future__ import annotations

import random
from collections.abc import Iterable

from texas42 import Deal, Domino, DominoSet, Hand, Phase, Rules
from texas42.dominoes import DOMINOES


def d(text: str) -> Domino:
    """A domino from its text."""
    return Domino.parse(text)


def ds(text: str) -> DominoSet:
    """A set of dominoes from text like ``"6-4 5-5"``."""
    return DominoSet.parse(text)


def deal_with(*hands: str) -> Deal:
    """A deal where the first seats hold the given dominoes (space separated) and
    the remaining dominoes fill the seats in order, lowest index first."""
    masks: list[list[Domino]] = [list(ds(h)) for h in hands]
    masks += [[] for _ in range(4 - len(masks))]
    used = {x for hand in masks for x in hand}
    rest = [x for x in DOMINOES if x not in used]
    for hand in masks:
        while len(hand) < 7:
            hand.append(rest.pop(0))
    return Deal(masks)


#: Seat 0 holds all seven sixes: with sixes trump it wins every trick it leads.
ALL_SIXES = deal_with("6-6 6-5 6-4 6-3 6-2 6-1 6-0")


def snapshot(hand: Hand) -> dict[str, object]:
    """Everything a hand holds, copied deeply enough to compare before and after."""
    out: dict[str, object] = {}
    for key, value in vars(hand).items():
        out[key] = list(value) if isinstance(value, list) else value
    out["_str_status"] = hand.status()
    return out


def bid_round(hand: Hand, *bids: int | str) -> None:
    for b in bids:
        hand.bid(b)


def won_auction(
    deal: Deal, bid: int | str, contract: str, *, shaker: int = 3, rules: Rules | str = "standard"
) -> Hand:
    """A hand where the first bidder bids ``bid``, the others pass, and the bidder
    names ``contract`` (:meth:`Hand.at_play`)."""
    return Hand.at_play(deal, contract, bid=bid, shaker=shaker, rules=rules)


def choose_bid(hand: Hand, rng: random.Random) -> int | str:
    """A random bid: pass often, mark bids sometimes, a plunge or splash when the
    house rules allow one, so every kind of hand occurs."""
    specials = hand.valid_special_bids() if hasattr(hand, "valid_special_bids") else []
    if specials and rng.random() < 0.5:
        return rng.choice(specials)
    bids = hand.valid_bids()
    raises = [b for b in bids if b != 0]
    if 0 in bids and (not raises or rng.random() < 0.55):
        return 0
    marks = [b for b in raises if b >= 42]
    if marks and rng.random() < 0.25:
        return rng.choice(marks)
    points = [b for b in raises if b < 42] or raises
    return rng.choice(points)


def random_action(hand: Hand, rng: random.Random) -> tuple[str, object]:
    """A random legal action for the player to act."""
    if hand.phase is Phase.BIDDING:
        return ("bid", choose_bid(hand, rng))
    actions = hand.legal_actions()
    a = rng.choice(actions)
    return (a.kind, a.value)


def play_randomly(hand: Hand, rng: random.Random, *, limit: int = 100) -> list[tuple[str, object]]:
    """Play random legal actions until the hand is over; return them."""
    taken = []
    for _ in range(limit):
        if hand.is_over:
            return taken
        action = random_action(hand, rng)
        hand.apply(action)
        taken.append(action)
    raise AssertionError(f"hand not over after {limit} actions: {hand!r}")


def strs(dominoes: Iterable[Domino]) -> list[str]:
    return [str(x) for x in dominoes]
