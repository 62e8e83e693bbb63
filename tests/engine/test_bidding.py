"""Bids and the auction (RULES.md: Bidding)."""

from __future__ import annotations

import pytest

from texas42 import (
    PASS,
    PRESETS,
    STANDARD,
    Deal,
    Hand,
    IllegalBidError,
    NotationError,
    Phase,
    Rules,
    bid_marks,
    bid_text,
    check_bid,
    explain_bid,
    is_mark_bid,
    parse_bid,
    valid_bids,
)

from .helpers import deal_with, snapshot

SEED = Rules.preset("seed")
N42PA = Rules.preset("n42pa")
POINTS = Rules.preset("points")
LECHNER_RAISES = STANDARD.replace(mark_raise_limit=2)


# -- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "bid"),
    [
        ("pass", 0),
        ("Pass", 0),
        ("p", 0),
        ("-", 0),
        ("0", 0),
        ("30", 30),
        (" 35 ", 35),
        ("41", 41),
        ("42", 42),
        ("84", 84),
        ("126", 126),
        ("1 mark", 42),
        ("2 marks", 84),
        ("3marks", 126),
        (30, 30),
        (84, 84),
        (0, 0),
    ],
)
def test_parse_bid(text, bid):
    assert parse_bid(text) == bid


@pytest.mark.parametrize("text", ["", "thirty", "43", "50", "85", "-30", "30.5", "2 mark s", "x"])
def test_parse_bid_rejects_bad_text(text):
    with pytest.raises(NotationError) as info:
        parse_bid(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [None, 30.0, True, False, [30], -42, 43])
def test_parse_bid_rejects_bad_values(value):
    with pytest.raises(NotationError):
        parse_bid(value)


@pytest.mark.parametrize(
    "text",
    ["²", "³⁰", "9" * 5000, "9" * 5000 + " marks"],
    ids=["superscript-2", "superscript-30", "5000-digits", "5000-digit-marks"],
)
def test_parse_bid_odd_digits_raise_notation_error(text):
    # str.isdigit() is true for superscripts; int() refuses them and very long numbers.
    with pytest.raises(NotationError):
        parse_bid(text)


def test_bid_marks_text_and_kind():
    assert [bid_marks(b) for b in (30, 41, 42, 84, 126)] == [1, 1, 1, 2, 3]
    assert [is_mark_bid(b) for b in (30, 41, 42, 84)] == [False, False, True, True]
    assert bid_text(PASS) == "pass" and bid_text(35) == "35" and bid_text(84) == "84"


def test_explain_bid():
    assert "7" in explain_bid(36) and "36" in explain_bid(36)  # opponents set it with 7
    assert "2 marks" in explain_bid(84) and "all seven tricks" in explain_bid(84)
    assert "1 mark" in explain_bid(42)
    assert explain_bid(PASS).startswith("pass")


# -- valid bids -----------------------------------------------------------------------------------


def test_opening_bids_are_pass_30_to_41_42_and_84():
    assert valid_bids(PASS, STANDARD) == [0, *range(30, 42), 42, 84]


def test_a_bid_must_beat_the_high_bid():
    assert valid_bids(35, STANDARD) == [0, 36, 37, 38, 39, 40, 41, 42, 84]
    with pytest.raises(IllegalBidError) as info:
        check_bid(35, 35, STANDARD)
    assert info.value.rule == "bid-must-raise"
    with pytest.raises(IllegalBidError) as info:
        check_bid(34, 35, STANDARD)
    assert info.value.rule == "bid-must-raise"


def test_minimum_bid_is_30():
    with pytest.raises(IllegalBidError) as info:
        check_bid(29, PASS, STANDARD)
    assert info.value.rule == "minimum-bid"
    check_bid(30, PASS, STANDARD)


def test_opening_jump_limit_84_allowed_first_126_not():
    check_bid(84, PASS, STANDARD)
    check_bid(84, 35, STANDARD)
    with pytest.raises(IllegalBidError) as info:
        check_bid(126, PASS, STANDARD)
    assert info.value.rule == "opening-mark-limit"
    with pytest.raises(IllegalBidError) as info:
        check_bid(126, 41, STANDARD)
    assert info.value.rule == "opening-mark-limit"


def test_after_a_mark_bid_each_raise_is_one_mark():
    assert valid_bids(42, STANDARD) == [0, 84]
    assert valid_bids(84, STANDARD) == [0, 126]
    assert valid_bids(126, STANDARD) == [0, 168]
    check_bid(126, 84, STANDARD)
    with pytest.raises(IllegalBidError) as info:
        check_bid(168, 84, STANDARD)
    assert info.value.rule == "mark-raise-limit"
    with pytest.raises(IllegalBidError) as info:
        check_bid(42, 42, STANDARD)
    assert info.value.rule == "bid-must-raise"
    with pytest.raises(IllegalBidError) as info:
        check_bid(41, 42, STANDARD)
    assert info.value.rule == "bid-must-raise"


def test_standard_has_no_max_marks():
    assert STANDARD.max_marks is None
    check_bid(42 * 10, 42 * 9, STANDARD)


def test_max_marks_n42pa_is_5():
    assert N42PA.max_marks == 5
    check_bid(210, 168, N42PA)
    assert valid_bids(210, N42PA) == [0]
    with pytest.raises(IllegalBidError) as info:
        check_bid(252, 210, N42PA)
    assert info.value.rule == "max-marks"


def test_max_marks_seed_is_2_42_and_84_only():
    assert SEED.max_marks == 2
    assert valid_bids(PASS, SEED)[-2:] == [42, 84]
    assert valid_bids(84, SEED) == [0]
    with pytest.raises(IllegalBidError) as info:
        check_bid(126, 84, SEED)
    assert info.value.rule == "max-marks"


def test_lechner_style_raise_of_2_marks():
    assert LECHNER_RAISES.mark_raise_limit == 2
    assert valid_bids(42, LECHNER_RAISES) == [0, 84, 126]
    check_bid(126, 42, LECHNER_RAISES)
    with pytest.raises(IllegalBidError) as info:
        check_bid(168, 42, LECHNER_RAISES)
    assert info.value.rule == "mark-raise-limit"
    # the opening jump is still two marks
    with pytest.raises(IllegalBidError) as info:
        check_bid(126, PASS, LECHNER_RAISES)
    assert info.value.rule == "opening-mark-limit"


def test_points_game_refuses_mark_bids():
    assert valid_bids(PASS, POINTS) == [0, *range(30, 42)]
    for bid in (42, 84):
        with pytest.raises(IllegalBidError) as info:
            check_bid(bid, PASS, POINTS)
        assert info.value.rule == "no-mark-bids"


def test_forced_bid_may_not_pass():
    assert valid_bids(PASS, STANDARD, forced=True) == [*range(30, 42), 42, 84]
    with pytest.raises(IllegalBidError) as info:
        check_bid(PASS, PASS, STANDARD, forced=True)
    assert info.value.rule == "forced-bid"


@pytest.mark.parametrize("rules", [*PRESETS.values(), LECHNER_RAISES], ids=lambda r: r.name)
def test_valid_bids_agree_with_check_bid(rules):
    candidates = [0, *range(1, 42), *range(42, 42 * 8, 42)]
    for high in [0, 30, 35, 41, 42, 84, 126, 168]:
        for forced in (False, True):
            if forced and high:
                continue
            valid = valid_bids(high, rules, forced=forced)
            for bid in candidates:
                try:
                    check_bid(bid, high, rules, forced=forced)
                    ok = True
                except IllegalBidError:
                    ok = False
                assert ok == (bid in valid), (rules.name, high, forced, bid)


# -- the auction in a hand ------------------------------------------------------------------------


def test_bidding_starts_left_of_the_shaker():
    for shaker in range(4):
        hand = Hand(Deal.from_seed(1), shaker=shaker)
        assert hand.bidding_order == [(shaker + k) % 4 for k in range(1, 5)]
        assert hand.to_act == (shaker + 1) % 4
        seen = []
        while hand.phase is Phase.BIDDING:
            seen.append(hand.to_act)
            hand.bid("30" if len(seen) == 4 else "pass")
        assert seen == hand.bidding_order
        assert seen[-1] == shaker


def test_seed_preset_holder_of_1_0_bids_first():
    for holder in range(4):
        hands = ["", "", "", ""]
        hands[holder] = "1-0"
        deal = deal_with(*hands)
        assert deal.holder("1-0") == holder
        for shaker in range(4):
            hand = Hand(deal, shaker=shaker, rules="seed")
            assert hand.to_act == holder
            assert hand.bidding_order == [(holder + k) % 4 for k in range(4)]


def test_standard_ignores_the_holder_of_1_0():
    deal = deal_with("", "", "1-0")
    assert Hand(deal, shaker=0).to_act == 1


def test_auction_winner_names_the_contract():
    hand = Hand(Deal.from_seed(2), shaker=0)
    for b in ("30", "pass", "35", "pass"):
        hand.bid(b)
    assert hand.phase is Phase.CONTRACT
    assert hand.bidder == 3 and hand.high_bid == 35 and hand.to_act == 3
    assert hand.bids == [30, 0, 35, 0]


def test_forced_shaker_bid_when_all_pass():
    hand = Hand(Deal.from_seed(3), shaker=2)
    for _ in range(3):
        hand.bid("pass")
    assert hand.forced and hand.to_act == 2
    assert 0 not in hand.valid_bids()
    assert "must bid" in hand.status()
    before = snapshot(hand)
    with pytest.raises(IllegalBidError) as info:
        hand.bid("pass")
    assert info.value.rule == "forced-bid"
    assert snapshot(hand) == before
    hand.bid("30")
    assert hand.phase is Phase.CONTRACT and hand.bidder == 2


def test_reshake_when_all_pass():
    hand = Hand(Deal.from_seed(3), shaker=2, rules="n42pa")
    for _ in range(3):
        hand.bid("pass")
    assert not hand.forced
    hand.bid("pass")
    assert hand.phase is Phase.RESHAKE
    assert hand.is_over and hand.result is None
    assert hand.legal_actions() == [] and hand.valid_bids() == []
    assert "shaken again" in hand.status()
    with pytest.raises(IllegalBidError) as info:
        hand.bid("30")
    assert info.value.rule == "bidding-over"


def test_seed_with_reshake_option():
    hand = Hand(Deal.from_seed(4), shaker=0, rules=SEED.replace(all_pass="reshake"))
    for _ in range(4):
        hand.bid("pass")
    assert hand.phase is Phase.RESHAKE


def test_a_hand_refuses_illegal_bids_and_stays_unchanged():
    hand = Hand(Deal.from_seed(5), shaker=0)
    hand.bid("35")
    cases = [("29", "minimum-bid"), ("35", "bid-must-raise"), ("126", "opening-mark-limit")]
    for text, rule in cases:
        before = snapshot(hand)
        with pytest.raises(IllegalBidError) as info:
            hand.bid(text)
        assert info.value.rule == rule
        assert snapshot(hand) == before
    before = snapshot(hand)
    with pytest.raises(NotationError):
        hand.bid("thirty-six")
    assert snapshot(hand) == before


def test_points_game_hand_refuses_mark_bids():
    hand = Hand(Deal.from_seed(6), rules="points")
    before = snapshot(hand)
    with pytest.raises(IllegalBidError) as info:
        hand.bid("42")
    assert info.value.rule == "no-mark-bids"
    assert snapshot(hand) == before
    assert max(hand.valid_bids()) == 41


def test_hand_mark_bidding_sequence():
    hand = Hand(Deal.from_seed(7), shaker=0)
    hand.bid("84")
    assert hand.valid_bids() == [0, 126]
    hand.bid("126")
    assert hand.valid_bids() == [0, 168]
    hand.bid("pass")
    with pytest.raises(IllegalBidError) as info:
        hand.bid("252")
    assert info.value.rule == "mark-raise-limit"
    hand.bid("168")
    assert hand.bidder == 0 and hand.high_bid == 168


def test_valid_bids_over_a_partners_plunge_are_accepted():
    rules = Rules.preset("lechner").replace(raise_partner_plunge=False)
    hand = Hand(deal_with("6-6 5-5 4-4 3-3"), shaker=3, rules=rules)
    assert "plunge" in hand.valid_special_bids()
    hand.bid("plunge")
    hand.bid("pass")
    assert hand.to_act == 2  # the plunger's partner
    for action in hand.legal_actions():
        hand.copy().apply(action)
    with pytest.raises(IllegalBidError) as info:
        hand.bid(hand.high_bid + 42)
    assert info.value.rule in ("partner-plunge", "mark-raise-limit", "max-marks")


@pytest.mark.parametrize("options", [{"preset": "points", "min_bid": 42}])
def test_a_forced_bidder_always_has_a_bid(options):
    try:
        rules = Rules.from_json(options)
    except NotationError:
        return  # refusing the profile is fine
    hand = Hand(Deal.from_seed(1), rules=rules)
    for _ in range(3):
        hand.bid("pass")
    assert hand.forced
    assert hand.valid_bids(), "the forced bidder has no legal bid: the hand is stuck"


def test_seed_forced_bid_falls_on_the_dealer_even_when_the_dealer_spoke_earlier():
    # Holder of 1-0 (seat 1) bids first, so seat 0 speaks last; the shaker is seat 3.
    # The seed: "If everyone passes, the dealer must bid": seat 3 is asked again.
    hand = Hand(deal_with("", "1-0"), shaker=3, rules="seed")
    for _ in range(3):
        hand.bid("pass")
    assert not hand.forced and hand.to_act == 0
    hand.bid("pass")
    assert hand.forced and hand.to_act == 3 and PASS not in hand.valid_bids()
    with pytest.raises(IllegalBidError) as info:
        hand.bid("pass")
    assert info.value.rule == "forced-bid"
    assert "the shaker must bid" in str(info.value), str(info.value)
    hand.bid("30")
    assert hand.bidder == 3 and hand.bids == [0, 0, 0, 0, 30]
    assert hand.record().replay() == hand


@pytest.mark.parametrize("option", ["opening_mark_limit", "mark_raise_limit"])
def test_huge_mark_limits_are_refused_or_capped(option):
    # valid_bids() lists every mark bid up to the limit: 10**12 of them exhaust memory.
    try:
        rules = Rules.from_json({option: 10**12})
    except NotationError:
        return
    for high in (0, 1):
        assert rules.mark_bid_limit(high) - high <= 1000, rules.mark_bid_limit(high)
