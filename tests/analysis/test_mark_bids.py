"""Mark bids (42 and up): the rule-based player plays to take every trick, and points
bids are played exactly as before (the book's strategy figures rest on them)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from texas42 import Contract, Deal, Hand
from texas42.analysis import RuleBasedPlayer, decide, play_hand
from texas42.analysis.playout import rule_playout
from texas42.analysis.rules_of_thumb import (
    FEED,
    LEAD_DOUBLE,
    LEAD_LOW,
    LOW,
    MARK_HIGH,
    MARK_LEAD,
    MARK_LOW,
    MARK_SHED,
    MARK_WIN,
    ONLY,
    PULL,
    PULL_TOP,
    WALK,
    WIN_LAST,
    WIN_SAFE,
    WIN_TRY,
    explain,
    play_choice,
    play_settings,
)
from texas42.dominoes import DOMINOES, to_mask
from texas42.hand import allowed_contracts
from texas42.rules import PRESETS


def _forced_42(seed: int) -> Hand:
    hand = Hand(Deal.from_seed(seed), shaker=seed % 4)
    hand.bid(42)
    for _ in range(3):
        hand.bid("pass")
    c = decide(RuleBasedPlayer(), hand).action
    assert isinstance(c, Contract)
    hand.name_contract(c)
    return hand


def test_forced_42_made_more_often_than_with_points_play() -> None:
    mark = points = 0
    for seed in range(400):
        hand = _forced_42(seed)
        assert hand.contract is not None and hand.bidder is not None
        team = hand.bidder % 2
        mark += rule_playout(hand.deal.masks, hand.contract, hand.bidder,
                             every_trick=True)[team] == 42
        points += rule_playout(hand.deal.masks, hand.contract, hand.bidder)[team] == 42
    assert mark > points + 12  # about 6 points of percentage over 400 deals


@pytest.mark.parametrize("preset", ["standard", "lechner"])
def test_fast_mark_playout_matches_the_engine(preset: str) -> None:
    rng = random.Random(3)
    p = RuleBasedPlayer()
    rules = PRESETS[preset].replace(early_end=False)
    contracts = [c for c in allowed_contracts(rules, 42) if c.kind not in ("nello", "sevens")]
    for i in range(80):
        deal = Deal.shake(rng)
        bidder = rng.randrange(4)
        c = contracts[i % len(contracts)]
        hand = Hand(deal, shaker=(bidder - 1) % 4, rules=rules)
        for b in ("42", "pass", "pass", "pass"):
            hand.bid(b)
        hand.name_contract(c)
        play_hand(hand, [p] * 4)
        assert tuple(hand.points) == rule_playout(deal.masks, c, bidder, every_trick=True)



def _idx(text: str) -> int:
    return to_mask(text).bit_length() - 1


def test_defender_takes_a_trick_without_count_in_a_mark_bid() -> None:
    c = Contract("trumps", 6)
    held = to_mask("5-3 5-2 3-0 2-0 1-0 4-1 2-1")
    legal = to_mask("5-3 5-2")
    plays = [_idx("5-1")]  # led by the bidders, no count on the table
    unknown = ((1 << 28) - 1) & ~held & ~to_mask("5-1")
    side = play_settings(c, bidding_side=False)
    args = (held, legal, unknown, plays, False, -1)
    assert play_choice(side, *args)[:2] == (_idx("5-2"), LOW)  # points: not worth a try
    m, code, about = play_choice(replace(side, every_trick=True), *args)
    # One trick sets a mark bid: its highest five, the one fewest dominoes out beat.
    assert (m, code, about) == (_idx("5-3"), MARK_HIGH, _idx("5-1"))


def test_bidders_keep_sure_winners_when_partner_has_the_trick() -> None:
    c = Contract("trumps", 6)
    held = to_mask("1-1 4-0 3-1")
    plays = [_idx("6-6"), _idx("5-0")]  # partner leads the top trump
    unknown = to_mask("4-4 4-3 3-3 2-1 1-0 6-5")
    side = play_settings(c, bidding_side=True)
    args = (held, held, unknown, plays, False, 0)
    # For points it throws the lowest (the 1-1, a sure winner in ones); for a mark bid it
    # keeps the 1-1 and throws the 4-0, which more dominoes out beat than the 3-1.
    assert play_choice(side, *args)[:2] == (_idx("1-1"), LOW)
    assert play_choice(replace(side, every_trick=True), *args)[:2] == (_idx("4-0"), MARK_SHED)


def test_mark_lead_is_the_domino_fewest_dominoes_out_beat() -> None:
    c = Contract("trumps", 6)
    held = to_mask("5-4 2-0 3-1")
    unknown = to_mask("5-5 4-4 2-2 2-1 3-3 4-3 6-6")  # 6-6: only partner has trumps left
    side = play_settings(c, bidding_side=False)
    args = (held, held, unknown, [], False, -1)
    # 5-4: only the 5-5 beats it; 3-1: 3-3 and 4-3; 2-0: 2-2 and 2-1.
    assert play_choice(replace(side, every_trick=True), *args)[:2] == (_idx("5-4"), MARK_LEAD)
    assert play_choice(side, *args)[:2] == (_idx("2-0"), LEAD_LOW)


def test_every_play_code_has_its_own_line() -> None:
    codes = [ONLY, PULL_TOP, PULL, WALK, LEAD_DOUBLE, LEAD_LOW, FEED, WIN_LAST, WIN_SAFE,
             WIN_TRY, LOW, MARK_LEAD, MARK_HIGH, MARK_WIN, MARK_LOW, MARK_SHED]
    lines = [explain(code, 5, 3, Contract("trumps", 6)) for code in codes]
    assert all(line.startswith(f"{DOMINOES[5]}: ") for line in lines)
    assert len(set(lines)) == len(codes)  # none falls through to the plain default


def test_one_or_two_trumps_under_the_top_one_are_kept() -> None:
    c = Contract("trumps", 3)
    held = to_mask("3-0 5-0 4-2 4-0 2-1")
    unknown = to_mask("3-3 6-3 5-3 4-3 6-6 5-5 4-4 2-2")
    side = play_settings(c, bidding_side=True)
    args = (held, held, unknown, [], False, -1)
    # 3-0 alone would only feed the 3-3: no pull; nothing is sure and it holds no
    # double, so it leads low and keeps the 3-0 to trump with.
    choice = play_choice(side, *args)
    assert choice[0] != _idx("3-0") and choice[1] == LEAD_LOW
    # Two are kept as well; with three it pulls, with the cheapest.
    two = held | to_mask("3-1")
    side2 = play_settings(c, bidding_side=True)
    args2 = (two, two, unknown, [], False, -1)
    assert play_choice(side2, *args2)[1] == LEAD_LOW
    three = two | to_mask("3-2")
    side3 = play_settings(c, bidding_side=True)
    args3 = (three, three, unknown, [], False, -1)
    assert play_choice(side3, *args3)[:2] == (_idx("3-0"), PULL)


def test_without_a_sure_winner_it_leads_a_double() -> None:
    c = Contract("trumps", 0)
    held = to_mask("6-2 6-1 3-3 2-2 2-1")
    unknown = to_mask("0-0 1-0 6-6 5-5 4-3 3-2 6-3")  # blanks (trumps) are out
    side = play_settings(c, bidding_side=False)
    args = (held, held, unknown, [], False, -1)
    # 3-3 and 2-2 top their suits, only a trump takes them: the one with less count.
    assert play_choice(side, *args)[:2] == (_idx("2-2"), LEAD_DOUBLE)
    assert "only a trump" in explain(LEAD_DOUBLE, _idx("2-2"), -1, c)
