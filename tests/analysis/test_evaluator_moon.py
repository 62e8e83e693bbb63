"""Bid odds at Moon (the one evaluate_hand at a table bidding in tricks): reproducible,
consistent, and checked against a brute simulation."""

from __future__ import annotations

import math
import random

import pytest

from texas42.analysis.evaluator import TrickEvaluation, evaluate_hand
from texas42.analysis.players import RuleBasedPlayer, play_hand
from texas42.dominoes import to_mask
from texas42.errors import IllegalBidError, NotationError
from texas42.moon import MOON_BIDS, MOON_MASK, MoonDeal, MoonHand
from texas42.rules import MOON
from texas42.scoring import trick_bid_result

#: Every sixes trump of Moon (6-0 is out) plus 5-5: trumps draw the opponents' (they hold
#: none) and 5-5 tops the fives, so all seven tricks are sure whatever the deal.
LOCK = "6-6 6-5 6-4 6-3 6-2 6-1 5-5"
WEAK = "2-1 3-1 4-1 5-2 6-2 4-3 5-3"
MIDDLE = "6-6 6-5 6-4 5-5 4-4 3-1 2-1"
PLAYER = RuleBasedPlayer()


def moon_odds(hand: str, **kw: object) -> TrickEvaluation:
    """The one evaluator at Moon's table (``bids_before``: the auction before the seat)."""
    if "bids_before" in kw:
        kw["auction"] = kw.pop("bids_before")
    ev = evaluate_hand(hand, rules="moon", **kw)  # type: ignore[arg-type]
    assert isinstance(ev, TrickEvaluation)
    return ev


def moon_score(bid: int, tricks: int) -> int:
    return trick_bid_result(MOON, bid, tricks)[1]


@pytest.mark.parametrize("method", ["rule-based", "open-hands"])
def test_a_locked_hand_makes_seven_and_the_moon(method: str) -> None:
    ev = moon_odds(LOCK, samples=30, seed=1, method=method)
    assert ev.tricks == [7] * 30
    for b in (7, 21):
        o = ev.odds(b)
        assert (o.made, o.n) == (30, 30) and o.lo <= o.p == 1.0
    assert ev.odds(21).expected == 21 and ev.best.bid == 21


def test_a_weak_hand_passes() -> None:
    ev = moon_odds(WEAK, samples=300, seed=2)
    four = ev.odds(4)
    assert four.expected + four.half_width < 0  # even the lowest bid loses, surely
    assert ev.best.bid == 0 and ev.best.expected == 0
    assert "best: pass" in ev.describe()


def test_odds_fall_as_the_bid_rises_and_intervals_hold() -> None:
    ev = moon_odds(MIDDLE, samples=200, seed=3)
    assert ev.bids == MOON_BIDS
    ps = [ev.odds(b).p for b in ev.bids]
    assert ps == sorted(ps, reverse=True)
    for o in ev.table():
        assert o.lo <= o.p <= o.hi and o.n == 200
        scores = [moon_score(o.bid, t) for t in ev.tricks]
        assert o.expected == pytest.approx(sum(scores) / len(scores))
    assert ev.best.expected == max(o.expected for o in ev.table())
    line = ev.describe()
    assert "\n" not in line and line.startswith("Bid 4: made in ") and "of 200 deals" in line


def test_same_seed_same_answer() -> None:
    a = moon_odds(MIDDLE, samples=40, seed=7).to_json()
    b = moon_odds(MIDDLE, samples=40, seed=7).to_json()
    a.pop("seconds")
    b.pop("seconds")
    assert a == b
    c = moon_odds(MIDDLE, samples=40, seed=8)
    assert c.tricks != moon_odds(MIDDLE, samples=40, seed=7).tricks


def test_the_play_does_not_depend_on_the_bid() -> None:
    """Why one playout per deal serves every bid."""
    rng = random.Random(5)
    for _ in range(25):
        deal = MoonDeal.shake(rng)
        taken = set()
        for bid in MOON_BIDS:
            hand = MoonHand(deal, shaker=2)
            hand.bid(bid)
            while not hand.is_over and hand.phase.value == "bidding":
                hand.bid(0)
            play_hand(hand, [PLAYER] * 3)
            taken.add((hand.discard, hand.contract, hand.tricks_won[0]))
        assert len(taken) == 1


def test_agrees_with_a_brute_simulation() -> None:
    """Deals shaken here, seat 0 bids and the others pass, played through the engine."""
    own = to_mask(MIDDLE)
    rest = [i for i in range(28) if MOON_MASK >> i & 1 and not own >> i & 1]
    rng = random.Random(99)
    tricks = []
    for _ in range(300):
        rng.shuffle(rest)
        masks = [own, sum(1 << i for i in rest[:7]), sum(1 << i for i in rest[7:14]),
                 1 << rest[14]]
        hand = MoonHand(MoonDeal(masks), shaker=2)
        hand.bid(4)
        hand.bid(0)
        hand.bid(0)
        play_hand(hand, [PLAYER] * 3)
        tricks.append(hand.tricks_won[0])
    ev = moon_odds(MIDDLE, samples=300, seed=11)
    for bid in (5, 6, 7):
        o = ev.odds(bid)
        brute = sum(t >= bid for t in tricks) / len(tricks)
        sd = math.sqrt(brute * (1 - brute) / len(tricks) + o.p * (1 - o.p) / o.n)
        assert abs(o.p - brute) <= 1.96 * sd + 0.01, (bid, o.p, brute)
        scores = [t if t >= bid else -bid for t in tricks]
        mean = sum(scores) / len(scores)
        var = sum((x - mean) ** 2 for x in scores) / (len(scores) - 1)
        assert abs(o.expected - mean) <= 1.96 * math.sqrt(
            var / len(scores) + (o.half_width / 1.96) ** 2) + 0.05, (bid, o.expected, mean)


def test_bids_before_are_fitted() -> None:
    # Seat 0 shakes, so seat 1 bids first (5) and seat 2 second.
    ev = moon_odds(MIDDLE, seat=2, shaker=0, bids_before=[5], samples=40, seed=1)
    assert ev.bids == (6, 7, 21) and ev.bids_before == (5,)
    assert ev.fitted == 40 and ev.tries >= 40
    with pytest.raises(IllegalBidError):
        ev.odds(5)
    # Seat 2 shakes: seat 0 passed, then seat 1 speaks.
    ev2 = moon_odds(MIDDLE, seat=1, shaker=2, bids_before=[0], samples=20, seed=2)
    assert ev2.bids == MOON_BIDS and ev2.fitted == 20


def test_bad_input_raises_naming_the_rule() -> None:
    with pytest.raises(NotationError) as exc:
        moon_odds("6-6 6-5", samples=1)
    assert exc.value.rule == "hand"
    with pytest.raises(NotationError) as exc:
        moon_odds("6-6 6-5 6-4 6-3 6-2 6-1 6-0", samples=1)  # 6-0 is out
    assert exc.value.rule == "hand"
    with pytest.raises(NotationError) as exc:
        moon_odds(MIDDLE, seat=0, shaker=2, bids_before=[5], samples=1)  # bids first
    assert exc.value.rule == "auction"
    with pytest.raises(IllegalBidError) as exc2:
        moon_odds(MIDDLE, seat=2, shaker=0, bids_before=[21], samples=1)
    assert exc2.value.rule == "bidding-over"
    with pytest.raises(IllegalBidError) as exc2:
        moon_odds(MIDDLE, seat=0, shaker=0, bids_before=[5, 4], samples=1)
    assert exc2.value.rule == "bid-must-raise"
    with pytest.raises(ValueError):
        moon_odds(MIDDLE, method="psychic", samples=1)
