"""Plunge and splash odds (house rules): the partner names the contract and leads."""

from __future__ import annotations

import math
import random

import pytest

from texas42 import DOMINOES, Contract, Deal, Hand
from texas42.analysis import RuleBasedPlayer, evaluate_hand, play_hand
from texas42.analysis.evaluator import _AuctionFit, _bids, _Dealer
from texas42.dominoes import to_mask
from texas42.errors import IllegalBidError
from texas42.rules import LECHNER, STANDARD

ALL_DOUBLES = "6-6 5-5 4-4 3-3 2-2 1-1 0-0"
FOUR_DOUBLES = "6-6 5-5 4-4 3-3 6-5 6-4 2-1"
FIVE_DOUBLES = "6-6 5-5 4-4 3-3 2-2 6-5 3-1"
DOUBLES = [d.index for d in DOMINOES if d.is_double]


@pytest.mark.parametrize("method", ["rule-based", "open-hands"])
def test_seven_doubles_always_plunge(method: str) -> None:
    # Follow-me, doubles high: whatever the partner leads, the plunger holds the double
    # of that suit, the top domino, and then leads winners.
    ev = evaluate_hand(ALL_DOUBLES, rules="lechner", bids=["plunge", "splash"], samples=40,
                       seed=3, method=method)
    for name, marks in (("plunge", 4), ("splash", 3)):
        o = ev.special_odds(name)
        assert (o.made, o.n, o.marks) == (40, 40, marks)
        assert o.contracts == ((Contract("follow-me"), 40),)
        assert o.expected_marks == marks
    assert ev.contracts == []  # only the special bids were asked for


def test_too_few_doubles_is_refused_naming_the_rule() -> None:
    strict = LECHNER.replace(plunge_doubles=5, splash_doubles=5)
    for name in ("plunge", "splash"):
        with pytest.raises(IllegalBidError) as exc:
            evaluate_hand(FOUR_DOUBLES, rules=strict, bids=[name], samples=5)
        assert exc.value.rule == f"{name}-doubles"
        assert "needs 5 doubles" in exc.value.message and "holds 4" in exc.value.message
    # By default they are simply left out; under lechner (4 and 3) both are evaluated.
    assert evaluate_hand(FOUR_DOUBLES, rules=strict, samples=5, seed=1).specials == []
    assert evaluate_hand(FOUR_DOUBLES, rules="lechner", samples=5, seed=1).specials == [
        "plunge", "splash"]
    with pytest.raises(IllegalBidError) as exc:
        evaluate_hand(ALL_DOUBLES, bids=["plunge"], samples=5)
    assert exc.value.rule == "no-plunge"


def test_odds_are_monotone_and_intervals_hold() -> None:
    ev = evaluate_hand(FIVE_DOUBLES, rules="lechner", samples=150, seed=2)
    for c in ev.contracts:
        ps = [ev.odds(c, b).p for b in ev.bids]
        assert ps == sorted(ps, reverse=True)
    plunge, splash = ev.special_odds("plunge"), ev.special_odds("splash")
    assert plunge.bid > splash.bid and plunge.p <= splash.p
    for o in (plunge, splash):
        assert o.lo <= o.p <= o.hi and o.n == 150
    assert "plunge (4 marks)" in ev.summary()


def test_same_seed_same_answer() -> None:
    a = evaluate_hand(FIVE_DOUBLES, rules="lechner", bids=["plunge", 30], samples=60, seed=9)
    b = evaluate_hand(FIVE_DOUBLES, rules="lechner", bids=["plunge", 30], samples=60, seed=9)
    ja, jb = a.to_json(), b.to_json()
    ja.pop("seconds")
    jb.pop("seconds")
    assert ja == jb and ja["specials"]["plunge"]["n"] == 60
    c = evaluate_hand(FIVE_DOUBLES, rules="lechner", bids=["plunge", 30], samples=60, seed=10)
    assert c.special_results != a.special_results


def test_old_callers_see_the_old_format() -> None:
    ev = evaluate_hand(FIVE_DOUBLES, auction=["pass", "30"], seat=2, contracts=["sixes"],
                       samples=5, seed=1)
    js = ev.to_json()
    assert "specials" not in js and js["auction"] == ["pass", "30"]
    assert ev.auction == (0, 30) and ev.special_bids == {}


def test_a_plunge_in_the_auction_is_kept_and_its_bidder_has_the_doubles() -> None:
    hand = "6-6 5-5 6-5 6-4 5-4 6-3 5-3"  # 2 doubles: 5 left for the others
    ev = evaluate_hand(hand, seat=2, auction=["pass", "plunge"], rules="lechner",
                       contracts=["sixes"], bids=[30], samples=20, seed=4)
    assert ev.auction == (0, 168) and ev.special_bids == {1: "plunge"}
    assert ev.auction_words == ("pass", "plunge")
    assert ev.to_json()["auction"] == ["pass", "plunge"]
    # The seat that plunged (seat 1) is always dealt at least the 4 doubles it needs.
    said = _bids(["pass", "plunge"], LECHNER, 2)
    fit = _AuctionFit(said, LECHNER)
    assert fit.special_bidder == (1, 4)
    own = to_mask(hand)
    unseen = [i for i in range(28) if not own >> i & 1]
    deal = _Dealer(unseen, [0, 1, 3], fit.special_bidder)
    rng = random.Random(1)
    counts = set()
    for _ in range(300):
        hands = deal(rng)
        hands[2] = own
        assert sum(hands) == (1 << 28) - 1 and all(h.bit_count() == 7 for h in hands)
        k = sum(hands[1] >> i & 1 for i in DOUBLES)
        assert k >= 4
        counts.add(k)
    assert counts == {4, 5}  # every count that is possible shows up


def test_impossible_or_forbidden_auctions_raise() -> None:
    with pytest.raises(IllegalBidError) as exc:  # this hand holds 6 of the 7 doubles
        evaluate_hand("6-6 5-5 4-4 3-3 2-2 1-1 6-5", seat=1, auction=["plunge"],
                      rules="lechner", samples=3)
    assert exc.value.rule == "plunge-doubles"
    no_raise = LECHNER.replace(raise_partner_plunge=False)
    with pytest.raises(IllegalBidError) as exc:
        evaluate_hand("6-6 5-5 4-4 6-5 6-4 2-1 3-1", seat=2, auction=["plunge", "pass"],
                      rules=no_raise,
                      bids=["splash"], samples=3)
    assert exc.value.rule == "partner-plunge"
    with pytest.raises(IllegalBidError):
        evaluate_hand(FOUR_DOUBLES, auction=["splash"], seat=1, rules=STANDARD, samples=3)


def test_agrees_with_a_brute_simulation() -> None:
    """The evaluator's plunge rate against deals shaken here and played through the engine
    by four rule-based players (seat 0 plunges, the others pass)."""
    own = to_mask(FIVE_DOUBLES)
    rest = [i for i in range(28) if not own >> i & 1]
    rng = random.Random(77)
    player = RuleBasedPlayer()
    made = n = 0
    for _ in range(300):
        rng.shuffle(rest)
        masks = [own] + [sum(1 << i for i in rest[7 * k : 7 * k + 7]) for k in range(3)]
        hand = Hand(Deal(masks), shaker=3, rules=LECHNER)
        hand.bid("plunge")
        for _ in range(3):
            hand.bid("pass")
        play_hand(hand, [player] * 4)
        assert hand.result is not None and hand.declarer == 2
        made += hand.result.made
        n += 1
    o = evaluate_hand(FIVE_DOUBLES, rules="lechner", bids=["plunge"], samples=300,
                      seed=5).special_odds("plunge")
    brute = made / n
    sd = math.sqrt(brute * (1 - brute) / n + o.p * (1 - o.p) / o.n)
    assert abs(o.p - brute) <= 1.96 * sd + 0.01, (o.p, brute)
