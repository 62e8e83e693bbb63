"""Bid odds: reproducible, consistent, and calibrated against held-out play."""

from __future__ import annotations

import math
import random

import pytest

from texas42 import Contract, Deal, Hand, NotationError
from texas42.analysis import RuleBasedPlayer, decide, evaluate_hand
from texas42.analysis.evaluator import DEFAULT_SAMPLES, Odds
from texas42.analysis.players import bidding_contracts
from texas42.analysis.rules_of_thumb import best_strength
from texas42.hand import allowed_contracts
from texas42.rules import STANDARD

HAND = "6-6 6-5 6-1 3-2 5-5 4-1 3-3"


def test_same_seed_same_figures() -> None:
    a = evaluate_hand(HAND, seat=1, auction=["pass"], samples=150, seed=7)
    b = evaluate_hand(HAND, seat=1, auction=["pass"], samples=150, seed=7)
    assert a.points == b.points
    ja, jb = a.to_json(), b.to_json()
    ja.pop("seconds")
    jb.pop("seconds")
    assert ja == jb
    c = evaluate_hand(HAND, seat=1, auction=["pass"], samples=150, seed=8)
    assert c.points != a.points


def test_odds_fall_as_the_bid_rises() -> None:
    ev = evaluate_hand(HAND, samples=300, seed=1)
    assert set(ev.contracts) == set(bidding_contracts(tuple(allowed_contracts(STANDARD))))
    for c in ev.contracts:
        ps = [ev.odds(c, b).p for b in ev.bids]
        assert ps == sorted(ps, reverse=True)
        for b in ev.bids:
            o = ev.odds(c, b)
            assert o.lo <= o.p <= o.hi
            assert o.n == 300
    assert ev.bids == tuple(range(30, 43))
    best = ev.best(30)
    assert all(best.p >= ev.odds(c, 30).p for c in ev.contracts)
    assert "rule-based" in ev.summary()


def test_default_samples_give_three_points_of_percentage() -> None:
    o = Odds(Contract.parse("sixes"), 30, DEFAULT_SAMPLES // 2, DEFAULT_SAMPLES)
    lo, hi = o.interval
    assert max(o.p - lo, hi - o.p) <= 0.03


def test_auction_is_fitted() -> None:
    ev = evaluate_hand(HAND, seat=2, auction=["pass", "30"], contracts=["sixes"], samples=100,
                       seed=3)
    assert ev.fitted == 100
    assert ev.tries >= 100
    assert ev.auction == (0, 30)


def test_open_hands_method_is_named() -> None:
    ev = evaluate_hand(HAND, contracts=["sixes"], bids=[30, 42], samples=3, seed=1,
                       method="open-hands")
    assert ev.method == "open-hands"
    assert "optimistic" in ev.summary()
    assert len(ev.points[Contract.parse("sixes")]) == 3


def test_bad_input() -> None:
    with pytest.raises(NotationError):
        evaluate_hand("6-6 6-5", samples=1)
    with pytest.raises(ValueError):
        evaluate_hand(HAND, auction=["31", "30"], samples=1)
    with pytest.raises(ValueError):
        evaluate_hand(HAND, auction=["pass"] * 4, samples=1)
    with pytest.raises(ValueError):
        evaluate_hand(HAND, method="psychic", samples=1)


def _held_out(deal: Deal, seat: int, contract: Contract, bid: int) -> bool:
    """Play ``deal`` through the engine with rule-based players and ``seat`` as the
    bidder at ``bid``: did its side make it?"""
    hand = Hand.at_play(deal, contract, leader=seat, bid=bid,
                        rules=STANDARD.replace(early_end=False))
    player = RuleBasedPlayer()
    while not hand.is_over:
        hand.play(decide(player, hand).action)
    return hand.points[seat % 2] >= bid


def test_calibrated_on_held_out_deals() -> None:
    """Predicted make rates match what happens in fresh deals played through the engine.

    Each held-out deal is shaken anew; the seats before ours bid as the rule-based bidder
    does (so the auction is real), our seat's hand is evaluated from its own view, and the
    real deal is then played out with our seat as the bidder."""
    rng = random.Random(2024)
    player = RuleBasedPlayer()
    contracts = bidding_contracts(tuple(allowed_contracts(STANDARD)))
    preds: list[float] = []
    outcomes: list[bool] = []
    for i in range(160):
        deal = Deal.shake(rng)
        first = rng.randrange(4)
        hand = Hand(deal, shaker=(first - 1) % 4)
        for _ in range(i % 3):
            hand.bid(decide(player, hand).action)  # type: ignore[arg-type]
        seat = hand.to_act
        mine = deal.masks[seat]
        contract = best_strength(mine, contracts).contract
        bid = 30 + (i % 5)
        ev = evaluate_hand(mine, seat=seat, auction=hand.bids, contracts=[contract],
                           bids=[bid], samples=60, seed=i)
        preds.append(ev.odds(contract, bid).p)
        outcomes.append(_held_out(deal, seat, contract, bid))
    k = len(preds)
    mean_p = sum(preds) / k
    mean_o = sum(outcomes) / k
    sd = math.sqrt(sum(p * (1 - p) for p in preds)) / k
    print(f"calibration: predicted {mean_p:.3f}, observed {mean_o:.3f}, sd {sd:.3f}")
    assert abs(mean_p - mean_o) <= 1.96 * sd + 0.01, (mean_p, mean_o, sd)
    # And by thirds of the predicted rate.
    order = sorted(range(k), key=lambda j: preds[j])
    for part in (order[: k // 3], order[k // 3 : 2 * k // 3], order[2 * k // 3 :]):
        mp = sum(preds[j] for j in part) / len(part)
        mo = sum(outcomes[j] for j in part) / len(part)
        sdp = math.sqrt(sum(preds[j] * (1 - preds[j]) for j in part)) / len(part)
        print(f"  third: predicted {mp:.3f}, observed {mo:.3f}, sd {sdp:.3f}")
        assert abs(mp - mo) <= 2.58 * sdp + 0.03, (mp, mo, sdp)


def test_nello_and_sevens_odds() -> None:
    """Made or set as a whole: the same chance at every level."""
    low = "6-0 5-0 4-0 3-0 2-0 1-0 0-0"
    ev = evaluate_hand(low, contracts=["nello", "sevens"], samples=80, seed=2, rules="lechner")
    for c in ev.contracts:
        ps = {ev.odds(c, b).p for b in ev.bids}
        assert len(ps) == 1
    assert "-" in ev.summary()
    ev2 = evaluate_hand(low, contracts=["nello"], samples=3, seed=2, rules="lechner",
                        method="open-hands")
    assert set(ev2.points[Contract.parse("nello")]) <= {0, 42}
