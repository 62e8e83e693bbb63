"""One hand: the state machine, early end, scoring, what players see, history
(RULES.md: Contract, Seeing played tricks, End of hand and scoring)."""

from __future__ import annotations

import copy
import random

import pytest

from texas42 import (
    PRESETS,
    STANDARD,
    Action,
    Contract,
    Deal,
    Hand,
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    InputError,
    NotationError,
    Phase,
    Rules,
    Suit,
    allowed_contracts,
    follows,
)
from texas42 import legal_plays as tricks_legal_plays

from .helpers import (
    ALL_SIXES,
    d,
    deal_with,
    play_randomly,
    random_action,
    snapshot,
    won_auction,
)

SIXES = "6-6 6-5 6-4 6-3 6-2 6-1 6-0"
#: Seat 1 (an opponent of seat 0) holds all seven sixes.
OPPONENT_SIXES = deal_with("", SIXES)


def play_first_legal(hand: Hand) -> list[tuple[int, int]]:
    """Play the first legal domino until the hand is over; the points after each trick."""
    after = []
    while hand.phase is Phase.PLAYING:
        tricks = len(hand.tricks)
        hand.play(hand.legal_plays()[0])
        if len(hand.tricks) > tricks:
            after.append((hand.points[0], hand.points[1]))
    return after


# -- the hand starts ------------------------------------------------------------------------------


def test_a_new_hand_is_in_the_bidding_phase():
    hand = Hand(Deal.from_seed(7), shaker=3)
    assert hand.phase is Phase.BIDDING
    assert hand.to_act == 0
    assert hand.contract is None and hand.bidder is None and hand.result is None
    assert [hand.holding(s) for s in range(4)] == list(hand.deal.hands)
    assert not hand.is_over
    assert hand.legal_plays() == [] and hand.valid_contracts() == []


def test_hand_accepts_a_deal_code_a_list_of_hands_or_a_rules_name():
    deal = Deal.from_seed(8)
    assert Hand(deal.code).deal == deal
    assert Hand(deal.to_lists()).deal == deal
    assert Hand(deal, rules="seed").rules == Rules.preset("seed")


@pytest.mark.parametrize("shaker", [-1, 4, "0", None])
def test_hand_refuses_a_bad_shaker(shaker):
    with pytest.raises(ValueError):
        Hand(Deal.from_seed(1), shaker=shaker)


def test_hand_refuses_an_unknown_rules_name():
    with pytest.raises(NotationError):
        Hand(Deal.from_seed(1), rules="calvinball")


# -- contract -------------------------------------------------------------------------------------


def test_the_bidder_names_the_contract_and_leads():
    for bidder in range(4):
        hand = Hand(Deal.from_seed(9), shaker=3)
        for seat in range(4):
            hand.bid("31" if seat == bidder else "pass")
        assert hand.phase is Phase.CONTRACT and hand.to_act == bidder
        hand.name_contract("fives")
        assert hand.phase is Phase.PLAYING
        assert hand.contract == Contract.parse("fives")
        assert hand.leader == hand.to_act == bidder
        assert hand.actions[-1] == Action("contract", Contract.parse("fives"), bidder)


def test_standard_contracts_are_seven_suits_doubles_and_follow_me():
    assert [str(c) for c in allowed_contracts(STANDARD)] == [
        "sixes",
        "fives",
        "fours",
        "threes",
        "twos",
        "ones",
        "blanks",
        "doubles",
        "follow-me",
    ]


def test_contract_options_change_what_may_be_named():
    rules = STANDARD.replace(doubles_trump=False, follow_me_doubles=("high", "low", "own-suit"))
    names = [str(c) for c in allowed_contracts(rules)]
    assert "doubles" not in names
    assert names[-3:] == ["follow-me", "follow-me/doubles-low", "follow-me/doubles-own-suit"]
    hand = won_auction(Deal.from_seed(1), "30", "follow-me/doubles-low", rules=rules)
    assert hand.contract == Contract.parse("follow-me/doubles-low")


@pytest.mark.parametrize(
    "contract", ["nello", "sevens", "follow-me/doubles-low", "follow-me/doubles-own-suit"]
)
def test_contracts_not_allowed_by_the_rules_are_refused(contract):
    hand = Hand(Deal.from_seed(1), shaker=3)
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    before = snapshot(hand)
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract(contract)
    assert info.value.rule == "contract-not-allowed"
    assert snapshot(hand) == before


def test_doubles_refused_when_doubles_trump_is_off():
    hand = Hand(Deal.from_seed(1), shaker=3, rules=STANDARD.replace(doubles_trump=False))
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract("doubles")
    assert info.value.rule == "contract-not-allowed"


def test_contract_timing_before_the_auction_ends_and_after_it_is_named():
    hand = Hand(Deal.from_seed(1), shaker=3)
    before = snapshot(hand)
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract("fives")
    assert info.value.rule == "contract-timing"
    assert snapshot(hand) == before
    hand = won_auction(Deal.from_seed(1), "30", "fives")
    before = snapshot(hand)
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract("sixes")
    assert info.value.rule == "contract-timing"
    assert snapshot(hand) == before


def test_a_misspelled_contract_is_a_notation_error_and_changes_nothing():
    hand = Hand(Deal.from_seed(1), shaker=3)
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    before = snapshot(hand)
    with pytest.raises(NotationError):
        hand.name_contract("spades")
    assert snapshot(hand) == before


# -- play -----------------------------------------------------------------------------------------


def test_play_follows_the_fours_vector_in_a_hand():
    # seat 0 leads 6-4 with fours trump; seat 1 holds 4-4, 6-0 and 3-1 and must play 4-4.
    deal = deal_with("6-4", "4-4 6-0 3-1 2-0 2-1 1-0 0-0")
    hand = won_auction(deal, "30", "fours")
    hand.play("6-4")
    assert hand.to_act == 1
    assert [str(x) for x in hand.legal_plays()] == ["4-4"]
    before = snapshot(hand)
    with pytest.raises(IllegalPlayError) as info:
        hand.play("6-0")
    assert info.value.rule == "follow-suit"
    assert "4-4" in str(info.value)
    assert snapshot(hand) == before
    hand.play("4-4")
    assert hand.current_trick == [d("6-4"), d("4-4")]


def test_play_refuses_a_domino_not_held():
    hand = won_auction(Deal.from_seed(11), "30", "fives")
    seat = hand.to_act
    other = next(x for x in hand.holding((seat + 1) % 4))
    before = snapshot(hand)
    with pytest.raises(IllegalPlayError) as info:
        hand.play(other)
    assert info.value.rule == "not-held"
    assert snapshot(hand) == before


def test_play_refuses_bad_text_with_notation_error():
    hand = won_auction(Deal.from_seed(11), "30", "fives")
    before = snapshot(hand)
    with pytest.raises(NotationError):
        hand.play("6-9")
    assert snapshot(hand) == before


def test_play_timing_during_bidding_contract_and_after_the_end():
    hand = Hand(Deal.from_seed(12), shaker=3)
    holding = next(iter(hand.holding(0)))
    with pytest.raises(IllegalPlayError) as info:
        hand.play(holding)
    assert info.value.rule == "play-timing"
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    before = snapshot(hand)
    with pytest.raises(IllegalPlayError) as info:
        hand.play(holding)
    assert info.value.rule == "play-timing"
    assert snapshot(hand) == before
    hand.name_contract("sixes")
    play_first_legal(hand)
    assert hand.phase is Phase.OVER
    before = snapshot(hand)
    left = [x for s in range(4) for x in hand.holding(s)]
    if left:
        with pytest.raises(IllegalPlayError) as info:
            hand.play(left[0])
        assert info.value.rule == "play-timing"
    with pytest.raises(IllegalBidError) as info:
        hand.bid("35")
    assert info.value.rule == "bidding-over"
    with pytest.raises(IllegalContractError):
        hand.name_contract("fives")
    assert snapshot(hand) == before
    assert hand.legal_actions() == []


def test_illegal_errors_are_illegal_action_errors_and_value_errors():
    for cls in (IllegalBidError, IllegalContractError, IllegalPlayError):
        assert issubclass(cls, IllegalActionError)
        assert issubclass(cls, ValueError)
    assert not issubclass(NotationError, IllegalActionError)


def test_apply_refuses_an_unknown_action():
    hand = Hand(Deal.from_seed(1))
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.apply(("dance", 1))
    assert info.value.rule == "action"
    assert snapshot(hand) == before


def test_apply_takes_tuples_and_actions():
    hand = Hand(Deal.from_seed(13), shaker=3)
    hand.apply(("bid", "30"))
    hand.apply(Action("bid", 0, 1))
    hand.apply(("bid", 0))
    hand.apply(("bid", "pass"))
    hand.apply(("contract", "fives"))
    hand.apply(("play", str(hand.legal_plays()[0])))
    assert [a.kind for a in hand.actions] == ["bid"] * 4 + ["contract", "play"]


def test_trick_winner_leads_the_next_trick_and_trick_records():
    hand = won_auction(Deal.from_seed(14), "30", "threes")
    rng = random.Random(0)
    while hand.phase is Phase.PLAYING:
        before = len(hand.tricks)
        hand.play(rng.choice(hand.legal_plays()))
        if len(hand.tricks) > before:
            t = hand.tricks[-1]
            assert hand.to_act == hand.leader == t.winner
            assert list(t.seats) == [(t.leader + i) % 4 for i in range(4)]
            assert t.points == 1 + sum(x.count for x in t.plays)


def test_legal_actions_in_each_phase():
    hand = Hand(Deal.from_seed(15), shaker=3)
    assert [a.value for a in hand.legal_actions()] == hand.valid_bids()
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    assert [a.value for a in hand.legal_actions()] == allowed_contracts(STANDARD)
    hand.name_contract("sixes")
    assert [a.value for a in hand.legal_actions()] == hand.legal_plays()
    assert all(a.seat == hand.to_act for a in hand.legal_actions())


def test_hand_legal_plays_match_the_teaching_function():
    hand = won_auction(Deal.from_seed(16), "30", "fives")
    rng = random.Random(1)
    while hand.phase is Phase.PLAYING:
        assert hand.legal_plays() == tricks_legal_plays(
            hand.holding(hand.to_act), hand.current_trick, hand.contract
        )
        hand.play(rng.choice(hand.legal_plays()))


def test_action_text():
    assert str(Action("bid", 30, 1)) == "seat 1 bids 30"
    assert str(Action("bid", 0, 1)) == "seat 1 bids pass"
    assert str(Action("contract", Contract.parse("fives"), 2)) == "seat 2 names fives"
    assert str(Action("play", d("6-4"), 3)) == "seat 3 plays 6-4"


# -- the end of a hand and scoring ----------------------------------------------------------------


def test_point_bid_made_ends_as_soon_as_the_bidders_reach_the_bid():
    hand = won_auction(ALL_SIXES, "30", "sixes")
    after = play_first_legal(hand)
    ours = [p[0] for p in after]
    assert ours[-1] >= 30 and all(p < 30 for p in ours[:-1])
    assert len(hand.tricks) == len(after) < 7
    r = hand.result
    assert r.made and r.bidder == 0 and r.bid == 30
    assert r.decided_after == len(hand.tricks)
    assert r.marks == (1, 0) and r.score == (0, 0)
    assert hand.phase is Phase.OVER and hand.is_over


def test_point_bid_set_ends_when_the_opponents_hold_more_than_42_minus_the_bid():
    hand = won_auction(OPPONENT_SIXES, "30", "sixes")
    after = play_first_legal(hand)
    theirs = [p[1] for p in after]
    assert theirs[-1] > 12 and all(p <= 12 for p in theirs[:-1])
    r = hand.result
    assert not r.made and r.marks == (0, 1)
    assert r.decided_after == len(hand.tricks) < 7


def test_41_is_set_by_two_points():
    hand = won_auction(OPPONENT_SIXES, "41", "sixes")
    after = play_first_legal(hand)
    assert after[-1][1] >= 2 and all(p[1] <= 1 for p in after[:-1])
    assert not hand.result.made


@pytest.mark.parametrize(("bid", "marks"), [("42", 1), ("84", 2)])
def test_mark_bid_set_on_the_first_trick_the_opponents_win(bid, marks):
    hand = won_auction(OPPONENT_SIXES, bid, "sixes")
    play_first_legal(hand)
    r = hand.result
    assert len(hand.tricks) == 1 and r.decided_after == 1
    assert not r.made and r.marks == (0, marks)
    assert hand.phase is Phase.OVER


@pytest.mark.parametrize(("bid", "marks"), [("42", 1), ("84", 2)])
def test_mark_bid_made_by_winning_all_seven_tricks(bid, marks):
    hand = won_auction(ALL_SIXES, bid, "sixes")
    after = play_first_legal(hand)
    assert len(after) == 7, f"hand stopped after {len(after)} trick(s): {hand.result}"
    r = hand.result
    assert r.made and r.marks == (marks, 0) and r.decided_after == 7
    assert r.points == (42, 0)


def test_mark_bid_126_made_by_winning_all_seven_tricks():
    hand = Hand(OPPONENT_SIXES, shaker=2)  # seat 3 opens 84, seat 0 passes, seat 1 raises
    for b in ("84", "pass", "126", "pass"):
        hand.bid(b)
    assert hand.high_bid == 126 and hand.bidder == 1
    hand.name_contract("sixes")
    after = play_first_legal(hand)
    assert len(after) == 7, f"hand stopped after {len(after)} trick(s): {hand.result}"
    assert hand.result.made and hand.result.marks == (0, 3)


def test_mark_bid_42_is_set_by_a_trick_lost_late():
    # seat 0 leads six sixes and wins them; then leads 1-0, and seat 1 wins it with 1-1.
    deal = deal_with("6-6 6-5 6-4 6-3 6-2 6-1 1-0", "1-1", "6-0")
    hand = won_auction(deal, "42", "sixes", rules=STANDARD.replace(early_end=False))
    for _ in range(6):
        hand.play(next(x for x in hand.legal_plays() if x.has(6)))
        for _ in range(3):
            hand.play(next(x for x in hand.legal_plays() if x != d("1-1")))
        assert hand.result is None
    assert hand.tricks_won == [6, 0]
    hand.play("1-0")
    hand.play("1-1")
    while hand.phase is Phase.PLAYING:
        hand.play(hand.legal_plays()[0])
    assert hand.tricks[-1].winner == 1
    r = hand.result
    assert not r.made and r.marks == (0, 1) and r.decided_after == 7


def test_seed_set_gives_the_opponents_one_mark_even_for_84():
    hand = won_auction(OPPONENT_SIXES, "84", "sixes", rules="seed")
    play_first_legal(hand)
    assert not hand.result.made and hand.result.marks == (0, 1)


def test_seed_made_84_scores_two_marks():
    deal = deal_with("6-6 6-5 6-4 6-3 6-2 6-1 6-0 ".strip(), "1-0")
    hand = Hand(deal, shaker=0, rules="seed")
    assert hand.to_act == 1  # the holder of 1-0 bids first
    hand.bid("pass")
    hand.bid("pass")
    hand.bid("pass")
    hand.bid("84")
    assert hand.bidder == 0
    hand.name_contract("sixes")
    after = play_first_legal(hand)
    assert len(after) == 7, f"hand stopped after {len(after)} trick(s): {hand.result}"
    assert hand.result.made and hand.result.marks == (2, 0)


def test_standard_set_84_gives_the_opponents_two_marks():
    hand = won_auction(OPPONENT_SIXES, "84", "sixes")
    play_first_legal(hand)
    assert hand.result.marks == (0, 2)


def test_marks_game_without_early_end_plays_all_seven_tricks():
    rules = STANDARD.replace(early_end=False)
    hand = won_auction(ALL_SIXES, "30", "sixes", rules=rules)
    after = play_first_legal(hand)
    assert len(after) == 7 and hand.phase is Phase.OVER
    assert hand.result.made and hand.result.decided_after < 7
    assert sum(hand.points) == 42


def test_result_is_set_but_phase_stays_playing_until_the_end_without_early_end():
    rules = STANDARD.replace(early_end=False)
    hand = won_auction(ALL_SIXES, "30", "sixes", rules=rules)
    while hand.result is None:
        hand.play(hand.legal_plays()[0])
    assert hand.phase is Phase.PLAYING and not hand.is_over
    assert len(hand.tricks) < 7


def test_result_describe():
    hand = won_auction(ALL_SIXES, "30", "sixes")
    play_first_legal(hand)
    text = hand.result.describe()
    assert "Seat 0" in text and "made 30" in text and "sixes" in text and "1 mark" in text
    assert hand.status() == text
    hand = won_auction(OPPONENT_SIXES, "84", "sixes")
    play_first_legal(hand)
    text = hand.result.describe()
    assert "set" in text and "2 marks" in text and "team 1" in text


def _points_hand(bid: int, opponents: int | None = None) -> Hand:
    """A points-game hand, seat 0 bidding ``bid``, played out at random until the
    opponents take exactly ``opponents`` points (any, if None)."""
    for seed in range(5000):
        rng = random.Random(seed)
        hand = won_auction(Deal.shake(rng), str(bid), "sixes", rules="points")
        while hand.phase is Phase.PLAYING:
            hand.play(rng.choice(hand.legal_plays()))
        if opponents is None or hand.points[1] == opponents:
            return hand
    raise AssertionError("no such hand found")


def test_points_game_set_at_31_after_taking_14_scores_45_for_the_opponents():
    hand = _points_hand(31, opponents=14)
    r = hand.result
    assert hand.points == [28, 14]
    assert not r.made
    assert r.score == (0, 45)
    assert r.marks == (0, 0)
    assert len(hand.tricks) == 7 and r.decided_after == 7


def test_points_game_made_each_side_scores_what_it_took():
    for seed in range(200):
        rng = random.Random(seed)
        hand = won_auction(Deal.shake(rng), "30", "sixes", rules="points")
        while hand.phase is Phase.PLAYING:
            hand.play(rng.choice(hand.legal_plays()))
        if hand.result.made:
            assert hand.result.score == tuple(hand.points)
            assert sum(hand.result.score) == 42
            assert hand.result.marks == (0, 0)
            return
    raise AssertionError("no made hand found")


def test_points_game_always_plays_all_seven_tricks():
    assert Rules.preset("points").early_end is False
    assert STANDARD.replace(scoring="points").early_end is False
    hand = won_auction(ALL_SIXES, "30", "sixes", rules="points")
    after = play_first_legal(hand)
    assert len(after) == 7
    assert hand.result.made and hand.result.score == (42, 0)


# -- what players see -----------------------------------------------------------------------------


def _tricks_played(bid: str, rules: Rules | str = STANDARD, n: int = 2) -> Hand:
    hand = won_auction(ALL_SIXES, bid, "sixes", rules=rules)
    while len(hand.tricks) < n:
        hand.play(hand.legal_plays()[0])
    return hand


def test_point_bids_keep_tricks_face_up():
    hand = _tricks_played("30")
    assert not hand.tricks_hidden
    assert hand.visible_tricks() == hand.tricks and len(hand.tricks) == 2


def test_42_keeps_tricks_face_up_by_default():
    hand = _tricks_played("42")
    assert not hand.tricks_hidden
    assert hand.visible_tricks() == hand.tricks


def test_84_hides_played_tricks():
    hand = _tricks_played("84", STANDARD.replace(early_end=False))
    assert hand.tricks_hidden
    assert hand.visible_tricks() == []


@pytest.mark.parametrize(("review", "shown"), [("all", 2), ("last", 1), ("none", 0)])
def test_review_option_for_hidden_tricks(review, shown):
    rules = STANDARD.replace(early_end=False, review=review)
    hand = _tricks_played("84", rules)
    assert hand.visible_tricks() == hand.tricks[len(hand.tricks) - shown :]


def test_hide_tricks_from_42_hides_a_42_bid():
    hand = _tricks_played("42", STANDARD.replace(hide_tricks_from=42))
    assert hand.tricks_hidden and hand.visible_tricks() == []


def test_visible_tricks_is_a_copy():
    hand = _tricks_played("30")
    hand.visible_tricks().clear()
    assert len(hand.tricks) == 2


def test_known_voids_fives_trump_6_5_on_a_six_lead_is_void_in_sixes():
    deal = deal_with("6-4", "6-5 2-1 3-3")
    hand = won_auction(deal, "30", "fives")
    assert hand.known_voids() == {0: set(), 1: set(), 2: set(), 3: set()}
    hand.play("6-4")
    hand.play("6-5")
    voids = hand.known_voids()
    assert voids[1] == {Suit.SIXES}
    assert voids[0] == set() and voids[2] == set() and voids[3] == set()


def test_known_voids_a_follower_is_not_void():
    deal = deal_with("6-4", "6-2")
    hand = won_auction(deal, "30", "fives")
    hand.play("6-4")
    hand.play("6-2")
    assert hand.known_voids()[1] == set()


def test_known_voids_before_the_contract_are_empty():
    hand = Hand(Deal.from_seed(3))
    assert hand.known_voids() == {s: set() for s in range(4)}


def test_known_voids_agree_with_the_holdings_through_random_hands():
    rng = random.Random(5)
    for _ in range(30):
        hand = Hand(
            Deal.shake(rng), shaker=rng.randrange(4), rules=STANDARD.replace(early_end=False)
        )
        while not hand.is_over:
            hand.apply(random_action(hand, rng))
            if hand.contract is None:
                continue
            for seat, suits in hand.known_voids().items():
                for suit in suits:
                    assert not any(follows(x, suit, hand.contract) for x in hand.holding(seat))


# -- history: undo, copy, at, equality, replay ----------------------------------------------------


def _some_hand(seed: int = 21, plays: int = 9) -> Hand:
    hand = won_auction(Deal.from_seed(seed), "30", "fives", rules=STANDARD.replace(early_end=False))
    rng = random.Random(seed)
    for _ in range(plays):
        hand.play(rng.choice(hand.legal_plays()))
    return hand


def test_undo_takes_back_the_last_action():
    hand = _some_hand()
    earlier = hand.at(len(hand.actions) - 1)
    last = hand.undo()
    assert last.kind == "play"
    assert snapshot(hand) == snapshot(earlier)
    hand.apply(last)
    assert hand == _some_hand()


def test_undo_back_to_the_start():
    hand = _some_hand()
    n = len(hand.actions)
    for _ in range(n):
        hand.undo()
    assert snapshot(hand) == snapshot(Hand(hand.deal, shaker=hand.shaker, rules=hand.rules))
    with pytest.raises(IllegalActionError) as info:
        hand.undo()
    assert info.value.rule == "undo"


def test_undo_across_a_trick_restores_points_and_leader():
    hand = won_auction(Deal.from_seed(22), "30", "fives")
    for _ in range(3):
        hand.play(hand.legal_plays()[0])
    three = snapshot(hand)
    hand.play(hand.legal_plays()[0])
    assert len(hand.tricks) == 1
    hand.undo()
    assert snapshot(hand) == three


def test_copy_is_independent():
    hand = _some_hand()
    twin = hand.copy()
    assert twin == hand and twin is not hand
    assert snapshot(twin) == snapshot(hand)
    twin.play(twin.legal_plays()[0])
    assert twin != hand
    assert len(hand.actions) == len(twin.actions) - 1
    assert copy.copy(hand) == hand


def test_at_shows_each_step():
    hand = _some_hand()
    for step in range(len(hand.actions) + 1):
        past = hand.at(step)
        assert past.actions == hand.actions[:step]
    assert snapshot(hand.at(len(hand.actions))) == snapshot(hand)
    assert hand.at(0).phase is Phase.BIDDING
    with pytest.raises(InputError):
        hand.at(len(hand.actions) + 1)
    with pytest.raises(InputError):
        hand.at(-1)


def test_equality_is_by_deal_shaker_rules_and_actions():
    a = _some_hand()
    b = _some_hand()
    assert a == b
    assert a != Hand(a.deal, shaker=a.shaker, rules=a.rules)
    assert Hand(a.deal, shaker=0) != Hand(a.deal, shaker=1)
    assert Hand(a.deal) != Hand(a.deal, rules="seed")
    assert Hand(a.deal) != Hand(Deal.from_seed(999))
    with pytest.raises(TypeError):
        hash(a)


def test_replay_rebuilds_the_same_hand():
    hand = _some_hand()
    again = Hand(hand.deal, shaker=hand.shaker, rules=hand.rules)
    again.replay(hand.actions)
    assert again == hand and snapshot(again) == snapshot(hand)
    again.replay([(a.kind, str(a.value)) for a in hand.actions])
    assert snapshot(again) == snapshot(hand)


def test_replay_with_an_illegal_action_leaves_the_hand_unchanged():
    hand = _some_hand()
    before = snapshot(hand)
    actions = [*hand.actions[:4], ("contract", "spades")]
    with pytest.raises(NotationError):
        hand.replay(actions)
    assert snapshot(hand) == before
    with pytest.raises(IllegalBidError):
        hand.replay([("bid", "30"), ("bid", "30")])
    assert snapshot(hand) == before


def test_status_sentences():
    hand = Hand(Deal.from_seed(7), shaker=3)
    assert hand.status().startswith("Bidding: seat 0 to bid")
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    assert "names trumps" in hand.status()
    hand.name_contract("sixes")
    assert hand.status().startswith("Trick 1: seat 0 to lead")


def test_record_of_a_hand_replays_to_it():
    hand = _some_hand()
    assert hand.record().replay() == hand


def test_random_hands_play_to_the_end():
    rng = random.Random(3)
    for _ in range(50):
        hand = Hand(Deal.shake(rng), shaker=rng.randrange(4))
        play_randomly(hand, rng)
        assert hand.is_over


def test_apply_of_an_illegal_play_after_the_early_end_changes_nothing():
    hand = won_auction(ALL_SIXES, "30", "sixes")
    play_first_legal(hand)
    assert hand.phase is Phase.OVER and len(hand.tricks) < 7
    before = snapshot(hand)
    with pytest.raises(IllegalPlayError) as info:
        hand.apply(("play", "6-6"))  # played in the first trick
    assert info.value.rule == "not-held"
    assert snapshot(hand) == before
    assert hand.phase is Phase.OVER


def test_apply_plays_on_after_the_early_end_and_keeps_the_result():
    hand = won_auction(ALL_SIXES, "30", "sixes")
    play_first_legal(hand)
    result = hand.result
    hand.apply(("play", next(iter(hand.holding(hand.to_act)))))
    while len(hand.plays) < 28:
        hand.apply(("play", hand.legal_plays()[0]))
    assert hand.phase is Phase.OVER and len(hand.tricks) == 7
    assert hand.result == result
    assert sum(hand.points) == 42


def test_a_hand_refuses_rules_for_another_number_of_players():
    three = [r for r in PRESETS.values() if getattr(r, "players", 4) != 4]
    assert three, "the moon preset is for 3 players"
    for rules in three:
        with pytest.raises(ValueError):
            Hand(Deal.from_seed(1), rules=rules)


def test_the_result_in_one_seats_words_names_each_side_one_way() -> None:
    # Issue 34: the learner's table says "you and your partner" / "the opponents".
    from texas42 import Deal, Hand
    from texas42.analysis import RuleBasedPlayer, play_hand

    hand = Hand(Deal.from_seed(5), shaker=3)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    r = hand.result
    assert r is not None
    for seat in range(4):
        said = hand.status(seen_by=seat)
        mine = seat % 2
        bidders = "You and your partner" if r.bidding_team == mine else "The opponents"
        assert said.startswith(f"{bidders} {'made' if r.made else 'were set on'} ")
        winners = "you and your partner" if r.marks[mine] else "the opponents"
        assert f": {winners} score {max(r.marks)} mark" in said
        assert "seat" not in said.lower() and "team" not in said
    assert hand.status() == r.describe()  # without a seat: the engine's sentence


def test_naming_trumps_is_said_with_the_places_seen_from_a_seat() -> None:
    """Issue 34: one name for each place, the status line included."""
    hand = Hand(Deal.from_seed(1), shaker=3)
    hand.bid(30)
    for _ in range(3):
        hand.bid(0)
    assert hand.status() == "Seat 0 won the bid with 30 and names trumps."
    assert hand.status(seen_by=0) == "You won the bid with 30 and name trumps."
    assert hand.status(seen_by=1) == "The right opponent won the bid with 30 and names trumps."
    assert hand.status(seen_by=2) == "Your partner won the bid with 30 and names trumps."


def test_a_plunge_is_said_with_the_places_seen_from_a_seat() -> None:
    """Issue 34: after a plunge the status names the bidder and the partner who names the
    contract by their places, each verb agreeing (you name, your partner names)."""
    hand = Hand(deal_with("5-5 4-4 3-3 2-2"), shaker=3, rules=PRESETS["lechner"])
    hand.bid("plunge")
    while hand.phase is Phase.BIDDING:
        hand.bid(0)
    assert hand.status() == ("Seat 0 won the bid with a plunge (168); the partner, seat 2, "
                             "names the contract and leads (in nello seat 0 leads and plays "
                             "alone).")
    assert hand.status(seen_by=0) == ("You won the bid with a plunge (168); your partner "
                                      "names the contract and leads (in nello you lead and "
                                      "play alone).")
    assert hand.status(seen_by=2) == ("Your partner won the bid with a plunge (168); you "
                                      "name the contract and lead (in nello your partner "
                                      "leads and plays alone).")
    assert hand.status(seen_by=1) == ("The right opponent won the bid with a plunge (168); "
                                      "the left opponent names the contract and leads (in "
                                      "nello the right opponent leads and plays alone).")


def test_the_widow_is_said_with_the_places_seen_from_a_seat() -> None:
    """Issue 34: at a table of four partners with a widow, the bidder who takes it is named
    by its place (a table of six each and a widow of four)."""
    rules = STANDARD.replace(name="widow of four", hand_size=6, widow=4)
    hand = Hand(Deal.from_seed(1, rules.layout), shaker=3, rules=rules)
    hand.bid(30)
    for _ in range(3):
        hand.bid(0)
    assert hand.next_action == "discard"
    assert hand.status() == "Seat 0 won the bid with 30, took the widow and discards."
    assert hand.status(seen_by=0) == "You won the bid with 30, took the widow and discard."
    assert hand.status(seen_by=3) == ("The left opponent won the bid with 30, took the widow "
                                      "and discards.")


def test_a_hand_laid_down_is_said_with_the_places_seen_from_a_seat() -> None:
    """Issue 34: the result line of a hand laid down names who laid it down by place."""
    sixes = "6-6 6-5 6-4 6-3 6-2 6-1 5-5"
    others = ["6-0 0-0 1-0 1-1 2-0 2-1 2-2", "3-0 3-1 3-2 3-3 4-0 4-1 4-2",
              "4-3 4-4 5-0 5-1 5-2 5-3 5-4"]
    hand = Hand.at_play(Deal([sixes.split()] + [h.split() for h in others]), "sixes",
                        bid="30", shaker=3)
    hand.lay_down(0)
    assert hand.status().endswith(" Seat 0 laid the hand down at trick 1.")
    assert hand.status(seen_by=0).endswith(" You laid the hand down at trick 1.")
    assert hand.status(seen_by=2).endswith(" Your partner laid the hand down at trick 1.")
    assert hand.status(seen_by=1).endswith(" The right opponent laid the hand down at trick 1.")
