"""The course's last check (texas42.lessons.hand_check): a whole hand read back in words.

Property: every hand played to its score by legal actions passes (a newcomer who plays
what the table allows always passes), and what the report counts agrees with the hand:
the dominoes the seat followed with, the tricks it led, the points its side took. A hand
not over yet does not pass and says so; refused plays are named; the trumps advice
follows the book (name your longest suit).
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from texas42 import Deal, Hand, InputError, Phase
from texas42.lessons.hand_check import check_hand
from texas42.tricks import follows, led_suit

from .helpers import deal_with, play_randomly, won_auction


def _number(pattern: str, lines: tuple[str, ...]) -> int | None:
    for line in lines:
        m = re.search(pattern, line)
        if m:
            return int(m.group(1))
    return None


@given(seed=st.integers(0, 10_000), seat=st.integers(0, 3), shaker=st.integers(0, 3))
def test_every_hand_played_to_its_score_passes(seed: int, seat: int, shaker: int) -> None:
    hand = Hand(Deal.from_seed(seed), shaker=shaker)
    play_randomly(hand, random.Random(seed))
    report = check_hand(hand, seat)
    if hand.phase is Phase.RESHAKE:
        assert not report.passed and "shaken again" in report.verdict
        return
    assert report.passed and report.verdict.startswith("You played a whole hand")
    result = hand.result
    assert result is not None
    contract = hand.contract
    assert contract is not None
    followed = led = 0
    for trick in hand.tricks:
        mine = trick.plays[trick.seats.index(seat)]
        if trick.leader == seat:
            led += 1
        elif follows(mine, led_suit(trick.plays[0], contract), contract):
            followed += 1
    assert _number(r"followed the suit led (\d+) time", report.well) == (followed or None)
    assert _number(r"You led (\d+) trick", report.well) == (led or None)
    assert _number(r"Your side took (\d+) point", report.well) == result.points[seat & 1]
    # Each thing is said once, either as well done or as to look at; never both.
    assert not set(report.well) & set(report.look_at)
    assert not any("tried a domino" in x for x in report.look_at)  # nothing was refused
    ours = result.bidding_team == seat & 1
    said = " ".join(report.well + report.look_at)
    if result.made == ours:
        assert any("made its bid" in x or "set the other side" in x for x in report.well)
    else:
        assert any("was set" in x or "made its bid" in x for x in report.look_at), said


def test_a_hand_not_over_does_not_pass_and_says_where_it_stands() -> None:
    hand = Hand(Deal.from_seed(8), shaker=3)
    report = check_hand(hand, 0)
    assert not report.passed and "the bidding is still on" in report.verdict
    for bid in (30, "pass", "pass", "pass"):
        hand.bid(bid)
    assert "trumps are not named yet" in check_hand(hand, 0).verdict
    hand.name_contract("sixes")
    hand.play(hand.legal_plays()[0])
    report = check_hand(hand, 2, ["follow-suit"])
    assert not report.passed and "0 tricks played so far" in report.verdict
    assert len(report.look_at) == 1 and "1 time you tried a domino" in report.look_at[0]


def test_refused_plays_are_counted_and_other_refusals_are_not() -> None:
    hand = Hand(Deal.from_seed(2), shaker=3)
    play_randomly(hand, random.Random(2))
    report = check_hand(hand, 1, ["follow-suit", "turn", "follow-suit"])
    (note,) = [x for x in report.look_at if "tried a domino" in x]
    assert note.startswith("2 times you tried a domino that did not follow the suit led")
    assert "(Following suit)" in note


def test_trumps_advice_names_the_longest_suit() -> None:
    # Seat 0 holds four fives and one six, and names sixes anyway.
    deal = deal_with("5-5 5-4 5-3 5-2 6-1 1-0 2-0")
    hand = won_auction(deal, 30, "sixes")
    play_randomly(hand, random.Random(1))
    report = check_hand(hand, 0)
    assert report.passed
    assert any("you held 4 fives: name your longest suit" in x for x in report.look_at)
    assert any("You won the bid with 1 trump" in x for x in report.look_at)

    good = won_auction(deal, 30, "fives")
    play_randomly(good, random.Random(1))
    report = check_hand(good, 0)
    named = "You named fives, your longest suit: you held 4 of them"
    assert any(x.startswith(named) for x in report.well)
    assert not any("longest suit" in x or "trump:" in x for x in report.look_at)
    # Partners and opponents did not name trumps: nothing about trumps for them.
    assert not any("named" in x for x in check_hand(good, 2).well + check_hand(good, 2).look_at)


def test_bad_arguments_are_refused_with_their_rule() -> None:
    hand = Hand(Deal.from_seed(1))
    with pytest.raises(InputError) as seat:
        check_hand(hand, 4)
    assert seat.value.rule == "seat"
    with pytest.raises(InputError) as table:
        check_hand(Hand(rules="moon"), 0)
    assert table.value.rule == "table"
