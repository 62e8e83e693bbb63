"""Hand.at_play, the one constructor of a hand in the play phase (issue 24): the same
hand as bidding through to the play, at every table; clear errors for bad arguments."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from texas42 import (
    ALL_PRESETS,
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
)
from texas42.hand import allowed_contracts
from texas42.moon import MoonHand
from texas42.widgets._pickers import HOUSE

from .helpers import deal_with, snapshot

#: Every table and profile, and every house option at once.
PROFILES: list[Rules] = [*ALL_PRESETS.values(), HOUSE]


def bid_through(deal: Deal, contract: Contract, leader: int, rules: Rules,
                auction: tuple[int, ...] = ()) -> Hand:
    """The hand as a table gets there: the seats before ``leader`` say ``auction``,
    ``leader`` bids the lowest that allows ``contract``, the others pass, the widow
    goes back out, ``contract`` is named."""
    hand = Hand(deal, shaker=(leader - len(auction) - 1) % rules.seats, rules=rules)
    for b in auction:
        hand.bid(b)
    while hand.to_act != leader:  # (the seed's rules: 1-0 bids first)
        hand.bid("pass")
    hand.bid(next(b for b in hand.valid_bids() if b and contract in allowed_contracts(rules, b)))
    while hand.phase is Phase.BIDDING:
        hand.bid("pass")
    for d in deal.widow_set if rules.widow else ():
        hand.discard_domino(d)
    hand.name_contract(contract)
    return hand


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 2**32), data=st.data())
def test_at_play_is_the_hand_bid_through_to_the_play(profile: Rules, seed: int,
                                                    data: st.DataObject) -> None:
    deal = Deal.from_seed(seed, profile.layout)
    contract = data.draw(st.sampled_from(allowed_contracts(profile)))
    leader = data.draw(st.integers(0, profile.seats - 1))
    started = Hand.at_play(deal, contract, leader=leader, rules=profile)
    expected = bid_through(deal, contract, leader, profile)
    assert started == expected and snapshot(started) == snapshot(expected)
    assert started.phase is Phase.PLAYING and started.to_act == leader
    # ... and they play on alike, to the end.
    rng = random.Random(seed)
    while started.phase is Phase.PLAYING:
        d = rng.choice(started.legal_plays())
        started.play(d)
        expected.play(d)
        assert snapshot(started) == snapshot(expected)
    assert started.result == expected.result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_an_auction_before_the_leader_is_said_as_given(seed: int, data: st.DataObject) -> None:
    profile = HOUSE
    deal = Deal.from_seed(seed)
    said = data.draw(st.lists(st.sampled_from([0, 30, 31, 35, 41]), max_size=3))
    auction = tuple(b if b == 0 or b > max(said[:i], default=0) else 0
                    for i, b in enumerate(said))
    leader = data.draw(st.integers(0, 3))
    contract = data.draw(st.sampled_from(allowed_contracts(profile)))
    started = Hand.at_play(deal, contract, leader=leader, rules=profile, auction=auction)
    assert snapshot(started) == snapshot(bid_through(deal, contract, leader, profile, auction))


def test_it_replays_records_and_undoes_like_any_hand() -> None:
    hand = Hand.at_play(Deal.from_seed(3), "fours", leader=1)
    hand.play(hand.legal_plays()[0])
    assert hand.record().replay() == hand
    hand.undo()
    assert hand == Hand.at_play(Deal.from_seed(3), "fours", leader=1)
    assert hand.shaker == 0 and hand.bidder == 1 and hand.high_bid == 30


def test_the_defaults_the_bid_the_shaker_and_the_leader() -> None:
    hand = Hand.at_play(None, "sixes")  # shaker 0: seat 1 bids first, and wins
    assert (hand.shaker, hand.bidder, hand.to_act, hand.high_bid) == (0, 1, 1, 30)
    assert Hand.at_play(None, "sixes", shaker=2).leader == 3
    passed = Hand.at_play(None, "sixes", shaker=2, leader=1)  # seats 3 and 0 pass first
    assert [a.value for a in passed.actions[:4]] == [0, 0, 30, 0] and passed.bidder == 1
    assert Hand.at_play(None, "sixes", leader=3, bid="35").high_bid == 35
    lechner = Hand.at_play(None, "follow-me", leader=0, rules="lechner")
    assert lechner.high_bid == 42  # lechner: follow-me needs a mark bid
    nello = Hand.at_play(ALL_SIXES_DEAL, "nello", leader=2, rules="lechner")
    assert nello.sitting_out == 0 and nello.declarer == 2 and nello.high_bid == 42
    seed = Hand.at_play(Deal.from_seed(4), "threes", leader=2, rules="seed")  # 1-0 bids first
    assert seed.bidder == 2 and seed.to_act == 2


ALL_SIXES_DEAL = deal_with("6-6 6-5 6-4 6-3 6-2 6-1 6-0")


def test_a_widow_goes_back_or_as_the_discards_say() -> None:
    deal = Deal.from_seed(9, Rules.preset("moon").layout)
    moon = MoonHand.at_play(deal, "fives", leader=2)
    assert isinstance(moon, MoonHand) and moon.discards == list(deal.widow_set)
    assert moon.holding(2) == deal[2] and moon.high_bid == 4
    keep_widow = next(iter(deal[2]))
    chosen = MoonHand.at_play(deal, "fives", leader=2, discards=[keep_widow])
    assert chosen.discards == [keep_widow] and set(deal.widow_set) <= set(chosen.holding(2))
    picked = MoonHand.at_play(deal, "fives", leader=2,
                              discards=lambda h: min(h.holding(h.to_act), key=lambda d: d.index))
    lowest = min([*deal[2], *deal.widow_set], key=lambda d: d.index)
    assert picked.discards == [lowest] and lowest not in picked.holding(2)
    with pytest.raises(InputError, match="too many discards") as refused:
        MoonHand.at_play(deal, "fives", leader=2, discards=[*deal.widow_set, keep_widow])
    assert refused.value.rule == "discard"
    # Without a widow: no discards, and a function that would pick them is never asked.
    asked: list[Hand] = []
    plain = Hand.at_play(Deal.from_seed(9), "fives", discards=lambda h: asked.append(h) or "6-6")
    assert plain.discards == [] and asked == []
    assert Hand.at_play(Deal.from_seed(9), "fives", discards=[]) == plain


@pytest.mark.parametrize(("options", "error", "rule"), [
    ({"leader": 4}, InputError, "seat"),
    ({"leader": -1}, InputError, "seat"),
    ({"leader": "1"}, InputError, "seat"),
    ({"leader": True}, InputError, "seat"),
    ({"shaker": 9}, InputError, "seat"),
    ({"contract": "nello"}, IllegalContractError, "contract-not-allowed"),
    ({"contract": "spades"}, NotationError, None),
    ({"bid": 29}, IllegalBidError, None),
    ({"bid": "plunge", "rules": "lechner"}, InputError, "bid"),
    ({"auction": "30"}, InputError, "auction"),
    ({"auction": [0, 0, 0, 0]}, InputError, "auction"),
    ({"auction": [31], "bid": 30}, IllegalBidError, None),
    ({"leader": 1, "shaker": 1, "auction": []}, IllegalActionError, "leader"),
    ({"rules": "moon", "discards": "6-6"}, InputError, "discard"),
    ({"rules": "moon", "discards": []}, InputError, "discard"),
    ({"discards": ["6-6"]}, InputError, "discard"),  # no widow at 42's table
])
def test_bad_arguments_are_clear_errors(options: dict[str, object], error: type[Exception],
                                        rule: str | None) -> None:
    args = {"contract": "sixes", **options}
    rules = args.pop("rules", "standard")
    deal = Deal.from_seed(1, Rules.preset(str(rules)).layout)
    with pytest.raises(error) as refused:
        Hand.at_play(deal, rules=str(rules), **args)  # type: ignore[arg-type]
    if rule is not None:
        assert refused.value.rule == rule  # type: ignore[attr-defined]
    assert str(refused.value)


def test_the_play_is_checked_as_always() -> None:
    hand = Hand.at_play(Deal.from_seed(7), "fives", leader=2)
    hand.play("5-4")  # a trump led: seat 3 holds trumps
    with pytest.raises(IllegalPlayError) as refused:
        hand.play("6-6")
    assert refused.value.rule == "follow-suit" and len(hand.plays) == 1
