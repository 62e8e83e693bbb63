"""House rules of RULES.md (off by default): nello, plunge, splash, sevens, the
follow-me minimum, and the presets worth shipping."""

from __future__ import annotations

import pytest

from texas42 import (
    Contract,
    Deal,
    Hand,
    HandRecord,
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    Phase,
    Rules,
    allowed_contracts,
    legal_plays,
    trick_winner,
)

from .helpers import deal_with, snapshot

HARPER = Rules.preset("harper")
LECHNER = Rules.preset("lechner")
CASUAL = Rules.preset("casual")

#: Seat 0 holds small dominoes with no five or six; seats 1 and 3 hold every five and six
#: and 1-1: in nello seat 0 loses every trick.
NELLO_LOSER = deal_with(
    "1-0 2-0 2-1 3-0 3-1 3-2 4-0",
    "1-1 6-6 6-5 6-4 6-3 6-2 6-1",
    "0-0 2-2 3-3 4-1 4-2 4-3 4-4",
    "6-0 5-5 5-4 5-3 5-2 5-1 5-0",
)


def auction(deal: Deal, rules: Rules, *bids: str, shaker: int = 3) -> Hand:
    hand = Hand(deal, shaker=shaker, rules=rules)
    for b in bids:
        hand.bid(b)
    while hand.phase is Phase.BIDDING:
        hand.bid("pass")
    return hand


def play_out(hand: Hand) -> None:
    while hand.phase is Phase.PLAYING:
        hand.play(hand.legal_plays()[0])


# -- nello ----------------------------------------------------------------------------------------


def test_nello_needs_at_least_one_mark():
    hand = auction(Deal.from_seed(1), HARPER, "41")
    assert Contract.parse("nello/doubles-own-suit") not in hand.valid_contracts()
    before = snapshot(hand)
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract("nello/doubles-own-suit")
    assert info.value.rule == "contract-not-allowed"
    assert snapshot(hand) == before
    hand = auction(Deal.from_seed(1), HARPER, "42")
    assert Contract.parse("nello/doubles-own-suit") in hand.valid_contracts()


def test_nello_option_only_1_or_2_marks():
    rules = HARPER.replace(nello_max_marks=2)
    assert (
        Contract.parse("nello/doubles-own-suit")
        in auction(Deal.from_seed(2), rules, "84").valid_contracts()
    )
    hand = auction(Deal.from_seed(2), rules, "84", "126")
    assert Contract.parse("nello/doubles-own-suit") not in hand.valid_contracts()
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract("nello/doubles-own-suit")
    assert info.value.rule == "contract-not-allowed"


def test_nello_the_partners_hand_sits_out_and_tricks_have_three_dominoes():
    hand = Hand.at_play(NELLO_LOSER, "nello", bid="42", shaker=3, rules=CASUAL)
    assert hand.to_act == hand.leader == 0  # the bidder leads
    assert hand.sitting_out == 2
    seats = []
    for _ in range(3):
        seats.append(hand.to_act)
        hand.play(hand.legal_plays()[0])
    assert seats == [0, 1, 3]
    assert len(hand.tricks) == 1 and len(hand.tricks[0].plays) == 3
    assert list(hand.tricks[0].seats) == [0, 1, 3]
    assert len(hand.holding(2)) == 7


def test_nello_bidder_must_lose_every_trick_made_by_losing_all_seven():
    hand = Hand.at_play(NELLO_LOSER, "nello", bid="42", shaker=3, rules=CASUAL)
    play_out(hand)
    r = hand.result
    assert len(hand.tricks) == 7 and hand.tricks_won == [0, 7]
    assert r.made and r.marks == (1, 0) and r.decided_after == 7
    assert len(hand.holding(2)) == 7


def test_nello_set_by_the_first_trick_the_bidder_wins():
    # 6-6 led in nello: its holder wins the first trick.
    deal = deal_with("6-6 6-5 6-4 6-3 6-2 6-1 6-0")
    hand = Hand.at_play(deal, "nello", bid="84", shaker=3, rules=CASUAL)
    play_out(hand)
    r = hand.result
    assert len(hand.tricks) == 1 and hand.tricks[0].winner == 0
    assert not r.made and r.marks == (0, 2) and r.decided_after == 1


def test_nello_has_no_trumps():
    for text in (
        "nello",
        "nello/doubles-low",
        "nello/doubles-own-suit",
        "nello/doubles-own-suit-low",
    ):
        c = Contract.parse(text)
        assert not c.has_trumps
        assert trick_winner(["6-1", "1-1", "6-2"], c) == 2


def test_nello_doubles_four_places():
    assert trick_winner(["6-6", "6-0"], "nello") == 0
    assert trick_winner(["6-6", "6-0"], "nello/doubles-low") == 1
    assert trick_winner(["6-0", "6-6"], "nello/doubles-own-suit") == 0
    assert trick_winner(["3-3", "6-6", "0-0"], "nello/doubles-own-suit") == 1
    assert trick_winner(["3-3", "6-6", "0-0"], "nello/doubles-own-suit-low") == 2


def test_lechner_offers_nello_in_four_modes_and_harper_doubles_own_suit():
    names = [str(c) for c in allowed_contracts(LECHNER)]
    assert {
        "nello",
        "nello/doubles-low",
        "nello/doubles-own-suit",
        "nello/doubles-own-suit-low",
    } <= set(names)
    assert [n for n in (str(c) for c in allowed_contracts(HARPER)) if "nello" in n] == [
        "nello/doubles-own-suit"
    ]


# -- plunge and splash ----------------------------------------------------------------------------


def test_plunge_needs_four_doubles():
    hand = Hand(deal_with("6-6 5-5 4-4 6-5 6-4 6-3 6-2"), shaker=3, rules=LECHNER)
    assert hand.valid_special_bids() == ["splash"]
    before = snapshot(hand)
    with pytest.raises(IllegalBidError) as info:
        hand.bid("plunge")
    assert info.value.rule == "plunge-doubles"
    assert snapshot(hand) == before


def test_plunge_is_4_marks_under_lechner_and_may_jump_the_opening_limit():
    hand = Hand(deal_with("6-6 5-5 4-4 3-3"), shaker=3, rules=LECHNER)
    assert set(hand.valid_special_bids()) == {"plunge", "splash"}
    hand.bid("plunge")
    assert hand.high_bid == 168 and hand.bidder == 0
    assert hand.bids == [168]


def test_plunge_over_a_higher_bid_is_one_mark_more():
    deal = deal_with("", "", "6-6 5-5 4-4 3-3")
    hand = Hand(deal, shaker=3, rules=LECHNER)
    hand.bid("84")
    hand.bid("168")
    hand.bid("plunge")
    assert hand.high_bid == 210 and hand.bidder == 2


def test_plunge_without_the_jump_option_keeps_the_limits():
    hand = Hand(deal_with("6-6 5-5 4-4 3-3"), shaker=3, rules=LECHNER.replace(plunge_jump=False))
    with pytest.raises(IllegalBidError) as info:
        hand.bid("plunge")
    assert info.value.rule == "mark-raise-limit"


def test_plunge_the_partner_names_the_contract_and_leads():
    deal = deal_with("5-5 4-4 3-3 2-2", "", "6-6 6-5 6-4 6-3 6-2 6-1 6-0")
    hand = auction(deal, LECHNER, "plunge")
    assert hand.phase is Phase.CONTRACT
    assert hand.bidder == 0 and hand.declarer == 2 and hand.to_act == 2
    hand.name_contract("sixes")
    assert hand.actions[-1].seat == 2
    assert hand.leader == hand.to_act == 2


def test_plunge_made_by_taking_all_seven_tricks():
    deal = deal_with("5-5 4-4 3-3 2-2", "", "6-6 6-5 6-4 6-3 6-2 6-1 6-0")
    hand = auction(deal, LECHNER, "plunge")
    hand.name_contract("sixes")
    play_out(hand)
    assert len(hand.tricks) == 7
    assert hand.result.made and hand.result.marks == (4, 0)


def test_plunge_set_by_the_first_trick_lost():
    deal = deal_with("5-5 4-4 3-3 2-2", "6-6 6-5 6-4 6-3 6-2 6-1 6-0")
    hand = auction(deal, LECHNER, "plunge")
    hand.name_contract("blanks")
    play_out(hand)
    r = hand.result
    assert not r.made and r.marks == (0, 4)
    assert r.decided_after == next(i + 1 for i, t in enumerate(hand.tricks) if t.winner % 2)


def plunge_then_nello(deal: Deal) -> Hand:
    hand = auction(deal, LECHNER, "plunge")
    assert hand.bidder == 0 and hand.declarer == 2 and hand.to_act == 2
    hand.name_contract("nello")
    return hand


def test_plunge_partner_names_nello_the_bidder_leads_and_plays_alone():
    # Lechner II.B.1.d: the original bidder leads an ordinary nello; the partner is out.
    hand = plunge_then_nello(deal_with("6-6 5-5 4-4 3-3 1-0 2-1 3-2", "6-5 6-4"))
    assert hand.actions[-1].seat == 2  # the partner named it ...
    assert hand.declarer == hand.bidder == 0 and hand.sitting_out == 2  # ... and sits out
    assert hand.leader == hand.to_act == 0
    assert hand.holding(2)  # the partner's dominoes stay in its hand, never played
    hand.play("1-0")
    assert hand.to_act == 1
    hand.play(hand.legal_plays()[0])
    assert hand.to_act == 3  # seat 2 is skipped
    hand.play(hand.legal_plays()[0])
    first = hand.tricks[0]
    assert first.seats == (0, 1, 3) and len(first.plays) == 3  # tricks of three


def test_plunge_nello_set_as_soon_as_the_bidder_takes_a_trick():
    hand = plunge_then_nello(deal_with("6-6 5-5 4-4 3-3 1-0 2-1 3-2"))
    hand.play("6-6")  # the highest six: nobody can play over it
    hand.play(hand.legal_plays()[0])
    hand.play(hand.legal_plays()[0])
    r = hand.result
    assert hand.tricks[0].winner == 0 and hand.is_over
    assert r is not None and not r.made and r.decided_after == 1 and r.marks == (0, 4)


def test_plunge_nello_replays_and_only_the_bidder_claims():
    hand = plunge_then_nello(deal_with("6-6 5-5 4-4 3-3 1-0 2-1 3-2", "6-5 6-4"))
    hand.play("1-0")
    again = HandRecord.from_json(HandRecord.from_hand(hand).to_json()).replay()
    assert again == hand and again.declarer == 0 and again.sitting_out == 2
    assert hand.at(len(hand.actions) - 1).declarer == 0
    hand.undo()
    assert hand.declarer == 0 and hand.to_act == 0
    hand.undo()  # back before the contract: the partner names it again
    assert hand.declarer == 2 and hand.to_act == 2 and hand.sitting_out is None
    hand.name_contract("nello")
    hand.play("1-0")
    hand.play(hand.legal_plays()[0])
    with pytest.raises(IllegalActionError) as info:
        hand.lay_down(3)  # in nello only the declarer, the bidder, lays down
    assert "only the declarer, seat 0" in str(info.value)


def test_splash_needs_three_doubles_and_is_3_marks_under_lechner():
    hand = Hand(deal_with("6-6 5-5 4-4"), shaker=3, rules=LECHNER)
    hand.bid("splash")
    assert hand.high_bid == 126
    hand = Hand(deal_with("6-6 5-5 6-5 6-4 6-3 6-2 6-1"), shaker=3, rules=LECHNER)
    assert hand.valid_special_bids() == []
    with pytest.raises(IllegalBidError) as info:
        hand.bid("splash")
    assert info.value.rule == "splash-doubles"


def test_splash_2_marks_option():
    hand = Hand(deal_with("6-6 5-5 4-4"), shaker=3, rules=LECHNER.replace(splash_marks=2))
    hand.bid("splash")
    assert hand.high_bid == 84


def test_plunge_and_splash_are_not_played_by_default():
    hand = Hand(deal_with("6-6 5-5 4-4 3-3"), shaker=3)
    assert hand.valid_special_bids() == []
    with pytest.raises(IllegalBidError) as info:
        hand.bid("plunge")
    assert info.value.rule == "no-plunge"


def test_plunge_record_round_trip():
    from texas42 import HandRecord

    deal = deal_with("5-5 4-4 3-3 2-2", "", "6-6 6-5 6-4 6-3 6-2 6-1 6-0")
    hand = auction(deal, LECHNER, "plunge")
    hand.name_contract("sixes")
    play_out(hand)
    s = hand.record().to_json()
    assert '"plunge"' in s
    again = HandRecord.from_json(s)
    assert again.to_json() == s
    assert again.replay() == hand


# -- sevens ---------------------------------------------------------------------------------------


def test_sevens_needs_at_least_one_mark():
    hand = auction(Deal.from_seed(3), LECHNER, "41")
    assert Contract.parse("sevens") not in hand.valid_contracts()
    assert Contract.parse("sevens") in auction(Deal.from_seed(3), LECHNER, "42").valid_contracts()


def test_sevens_must_play_the_domino_closest_to_7():
    assert [str(x) for x in legal_plays("6-6 4-2 3-3 0-0", [], "sevens")] == ["4-2", "3-3"]
    assert [str(x) for x in legal_plays("6-6 6-1 0-0", ["5-2"], "sevens")] == ["6-1"]
    hand = Hand.at_play(deal_with("6-6 6-1 0-0"), "sevens", bid="42", shaker=3, rules=LECHNER)
    assert hand.to_act == 0  # the bidder leads
    assert [str(x) for x in hand.legal_plays()] == ["6-1"]
    with pytest.raises(IllegalPlayError) as info:
        hand.play("6-6")
    assert info.value.rule == "sevens"


def test_sevens_set_if_an_opponent_plays_closer_to_7():
    deal = deal_with(
        "0-0 1-0 1-1 2-0 2-1 2-2 3-0",
        "6-1",
        "4-4 5-5 6-6 5-4 6-5 6-4 5-0",
    )
    hand = Hand.at_play(deal, "sevens", bid="42", shaker=3, rules=LECHNER)
    play_out(hand)
    r = hand.result
    assert len(hand.tricks) == 1 and not r.made and r.marks == (0, 1)


def test_sevens_a_tie_does_not_set():
    deal = deal_with("6-1 0-0 1-0 1-1 2-0 2-1 2-2", "5-2", "6-6", "4-3")
    hand = Hand.at_play(deal, "sevens", bid="42", shaker=3, rules=LECHNER.replace(early_end=False))
    for _ in range(4):
        hand.play(hand.legal_plays()[0])
    t = hand.tricks[0]
    assert str(t.plays[0]) == "6-1" and "5-2" in [str(x) for x in t.plays]
    assert hand.result is None
    assert t.winner % 2 == 0  # the tie goes to the bidding side


# -- follow-me minimum and presets ----------------------------------------------------------------


def test_lechner_follow_me_needs_one_mark():
    assert (
        Contract.parse("follow-me")
        not in auction(Deal.from_seed(4), LECHNER, "41").valid_contracts()
    )
    hand = auction(Deal.from_seed(4), LECHNER, "42")
    assert Contract.parse("follow-me") in hand.valid_contracts()
    assert Contract.parse("follow-me/doubles-low") in hand.valid_contracts()


def test_any_bid_may_name_follow_me_under_n42pa_and_austin():
    for name in ("n42pa", "austin", "standard"):
        assert (
            Contract.parse("follow-me") in auction(Deal.from_seed(4), name, "30").valid_contracts()
        )


def test_preset_seed():
    r = Rules.preset("seed")
    assert (r.first_bidder, r.max_marks, r.set_marks, r.all_pass) == (
        "holder-of-1-0",
        2,
        "one",
        "forced",
    )
    assert [str(c) for c in allowed_contracts(r)][-2:] == ["doubles", "follow-me"]


def test_preset_n42pa():
    r = Rules.preset("n42pa")
    assert (r.all_pass, r.opening_mark_limit, r.mark_raise_limit, r.max_marks) == (
        "reshake",
        2,
        1,
        5,
    )
    assert not r.nello and not r.sevens and r.plunge_marks is None


def test_preset_austin_straight_42():
    r = Rules.preset("austin")
    assert [str(c) for c in allowed_contracts(r)][-2:] == ["doubles", "follow-me"]
    assert not r.nello and not r.sevens


def test_preset_harper():
    r = Rules.preset("harper")
    assert r.nello == ("own-suit",) and r.all_pass == "forced"


def test_preset_lechner():
    r = Rules.preset("lechner")
    assert r.sevens and set(r.nello) == {"high", "low", "own-suit", "own-suit-low"}
    assert set(r.follow_me_doubles) == {"high", "low"}
    assert (r.plunge_marks, r.splash_marks, r.mark_raise_limit) == (4, 3, 2)
    assert r.follow_me_min_bid == 42 and r.special_min_bid == 42


def test_preset_casual():
    r = Rules.preset("casual")
    assert r.nello and r.all_pass == "forced" and r.min_bid == 30 and r.target == 7


# -- sevens ties: the bidding side (DOMRULES) or the first played (LECHNER) ------------------------

#: Seat 0 wins six tricks with its 7s and 6s (ties on its own lead go to it under either
#: rule), then leads 0-0: seat 1 plays 2-0 and seat 2 plays 1-1, both 5 from 7, and seat
#: 3 plays 1-0, 6 from 7. The last trick is a tie between an opponent and the partner.
SEVENS_TIE = deal_with(
    "6-1 5-2 4-3 6-0 5-1 4-2 0-0",
    "2-0 3-3 6-2 5-0 4-1 4-0 3-0",
    "1-1 5-3 4-4 3-2 6-3 3-1 2-1",
    "6-6 1-0 5-4 2-2 6-4 5-5 6-5",
)


def sevens_to_the_last_trick(tie: str) -> Hand:
    hand = Hand.at_play(SEVENS_TIE, "sevens", bid="42", shaker=3,
                        rules=LECHNER.replace(sevens_tie=tie))
    for _ in range(6 * 4):
        hand.play(hand.legal_plays()[0])
    assert hand.tricks_won == [6, 0] and hand.result is None
    hand.play("0-0")
    hand.play("2-0")
    return hand


def test_sevens_tie_is_a_rules_option_lechner_gives_it_to_the_first_played():
    assert LECHNER.sevens_tie == "first"
    for name in ("standard", "harper", "casual", "n42pa"):
        assert Rules.preset(name).sevens_tie == "bidder"
    assert LECHNER.sevens_tie_side(0) is None and LECHNER.sevens_tie_side(1) is None
    assert Rules().sevens_tie_side(1) == 1
    assert Rules.from_json(LECHNER.replace(sevens_tie="bidder").to_json()).sevens_tie == "bidder"
    assert any("a tie goes to the first played" in line for line in LECHNER.describe())
    with pytest.raises(ValueError) as info:
        LECHNER.replace(sevens_tie="partner")
    assert info.value.rule == "rules"  # type: ignore[attr-defined]


def test_sevens_tie_to_the_first_played_sets_the_bidders():
    hand = sevens_to_the_last_trick("first")
    hand.play("1-1")
    hand.play("1-0")
    last = hand.tricks[-1]
    assert last.winner == 1  # 2-0 came before the partner's equally close 1-1
    assert hand.result is not None and not hand.result.made
    assert hand.trick_explanation() == (
        "2-0 wins: its 2 pips are the closest to 7; 1-1 is as close, and a tie goes to the one "
        "played first."
    )


def test_sevens_tie_to_the_bidding_side_makes_the_bid():
    hand = sevens_to_the_last_trick("bidder")
    hand.play("1-1")
    hand.play("1-0")
    assert hand.tricks[-1].winner == 2  # the partner's 1-1 beats the opponent's 2-0
    assert hand.result is not None and hand.result.made
    assert hand.trick_explanation().endswith("1-1 wins: its 2 pips are the closest to 7; 2-0 "
                                             "is as close, and a tie goes to the bidding side.")


def test_sevens_tie_decides_the_claim():
    # Seat 2, to play its last domino 1-1 after 0-0 and 2-0, lays down: sure only when a
    # tie goes to the bidding side.
    assert sevens_to_the_last_trick("bidder").lay_down(2).valid
    hand = sevens_to_the_last_trick("first")
    with pytest.raises(IllegalActionError) as info:
        hand.lay_down(2)
    assert info.value.rule == "claim-not-sure"  # type: ignore[attr-defined]
