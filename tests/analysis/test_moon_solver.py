"""The Moon solver against plain minimax, its yes/no questions and its answers' words."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42.analysis.moon_solver import can_make_moon, moon_tricks, solve_moon
from texas42.analysis.position import Position
from texas42.analysis.solver import Solver
from texas42.contracts import Contract
from texas42.dominoes import to_mask
from texas42.errors import IllegalActionError
from texas42.moon import MoonDeal, MoonHand

from .moon_helpers import minimax_moon_plays, moon_in_play

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from([1, 2, 3]))
def test_every_play_value_equals_minimax(seed: int, tricks: int) -> None:
    rng = random.Random(seed)
    hand = moon_in_play(rng, tricks)
    expected = minimax_moon_plays(hand)
    sol = solve_moon(hand)
    assert sol.plays == expected
    best = max(expected.values()) if hand.to_act == hand.bidder else min(expected.values())
    assert sol.tricks == best
    assert 0 <= sol.tricks <= tricks


def test_four_trick_endings_equal_minimax() -> None:
    rng = random.Random(4)
    for i in range(40):
        hand = moon_in_play(rng, 4, mid_trick=i % 2 == 1)
        expected = minimax_moon_plays(hand)
        sol = solve_moon(hand)
        assert sol.plays == expected, hand.to_json()
        assert sol.tricks <= 4


def test_thresholds_agree_with_value() -> None:
    rng = random.Random(11)
    for _ in range(80):
        hand = moon_in_play(rng, rng.choice([3, 4]))
        pos = Position.from_hand(hand)
        solver = Solver(pos.contract, table=pos.table)  # a fresh table for each
        v = solver.value(pos)
        assert v == moon_tricks(hand)
        for need in range(-1, pos.tricks_left + 2):
            assert solver.reach(pos, need) == (v >= need)
            g = solver.bound(pos, need)
            assert (g >= need) == (v >= need)
            assert (v >= g) if g >= need else (v <= g)


def test_the_best_line_makes_the_value_in_the_engine() -> None:
    rng = random.Random(5)
    for _ in range(12):
        hand = moon_in_play(rng, 7)
        sol = solve_moon(hand)
        assert hand.bidder is not None
        before = hand.tricks_won[hand.bidder]
        for d in sol.line:
            hand.play(d)  # the engine checks every play
        assert hand.result is not None
        assert hand.tricks_won[hand.bidder] - before == sol.tricks
        assert hand.result.made == sol.makes


def test_each_play_value_is_the_value_after_it() -> None:
    """Fresh hands (seven tricks): too big for minimax, so each play's value is checked
    by solving the position after it."""
    rng = random.Random(8)
    for _ in range(6):
        hand = moon_in_play(rng, 7, mid_trick=True)
        sol = solve_moon(hand)
        assert hand.bidder is not None
        for d, v in sol.plays.items():
            pos = Position.from_hand(hand).play(d)
            gained = pos.points[0] - hand.tricks_won[hand.bidder]  # side 0: the bidder
            assert v == gained + moon_tricks(pos)


@pytest.mark.parametrize("bid", [4, 5, 6, 7, 21])
def test_makes_and_need_follow_the_bid(bid: int) -> None:
    rng = random.Random(bid)
    for _ in range(15):
        hand = moon_in_play(rng, rng.choice([3, 4, 7]), bid=bid)
        assert hand.bidder is not None
        sol = solve_moon(hand)
        taken = hand.tricks_won[hand.bidder]
        target = 7 if bid == 21 else bid  # shooting the moon needs all seven
        assert sol.taken == taken
        assert sol.need == max(0, target - taken)
        assert sol.makes == (taken + sol.tricks >= target)
        assert can_make_moon(hand) == sol.makes
        made = "it makes" in sol.describe()
        assert made == sol.makes and f"seat {hand.bidder}" in sol.describe()


def test_a_moon_is_made_only_with_all_seven() -> None:
    rng = random.Random(21)
    seen = set()
    for _ in range(40):
        hand = moon_in_play(rng, 7, bid=21)
        sol = solve_moon(hand)
        assert sol.makes == (sol.tricks == 7)
        seen.add(sol.makes)
    assert False in seen  # most random moons fail


def test_a_hand_made_ending() -> None:
    """Follow-me (no trumps, doubles high), two tricks left, the bidder (seat 0) leads,
    holding 5-5 and 5-1; seat 1 holds 5-4 3-3, seat 2 holds 5-3 2-2.

    - Lead 5-5: seats 1 and 2 must follow fives (5-4, 5-3); 5-5 is the top five and wins.
      Then 5-1: nobody has a five left, so it wins too. 2 tricks.
    - Lead 5-1: 5-4 beats it; seat 1 then leads 3-3, which nobody can follow: seat 1
      wins again. 0 tricks.

    The bidder already took 3 of the first 5 tricks and bid 4: it makes it either way.
    """
    pos = Position.moon(
        (to_mask("5-5 5-1"), to_mask("5-4 3-3"), to_mask("5-3 2-2")),
        Contract.parse("follow-me"), bidder=0, bid=4, leader=0, taken=(3, 2, 0),
    )
    sol = solve_moon(pos)
    assert sol.tricks == 2 and sol.taken == 3 and sol.need == 1 and sol.makes
    assert {str(d): v for d, v in sol.plays.items()} == {"5-5": 2, "5-1": 0}
    assert sol.label("5-5") == "best" and sol.label("5-1") == "loses 2 tricks"
    assert [str(d) for d in sol.line] == ["5-5", "5-4", "5-3", "5-1", "3-3", "2-2"]
    assert sol.describe() == ("With best play the bidder (seat 0) takes 2 more tricks, 5 in "
                              "all: it makes its bid of 4.")
    # Seat 1 to play after 5-1 was led: 5-4 is forced (the only five it holds).
    after = solve_moon(pos.play("5-1"))
    assert after.to_act == 1 and list(after.plays) == [pos.play("5-1").legal_plays()[0]]


def test_labels_for_the_opponents_count_tricks_given_away() -> None:
    rng = random.Random(3)
    for _ in range(30):
        hand = moon_in_play(rng, 3)
        if hand.to_act == hand.bidder:
            continue
        sol = solve_moon(hand)
        for d, v in sol.plays.items():
            assert sol.loss(d) == v - sol.tricks >= 0
            assert (sol.label(d) == "best") == (v == sol.tricks)


def test_not_in_play_is_a_clear_error() -> None:
    hand = MoonHand(MoonDeal.from_seed(1), shaker=2)
    with pytest.raises(IllegalActionError) as err:
        solve_moon(hand)
    assert err.value.rule == "solve-timing" and "bidding" in err.value.message
    for b in ("5", "pass", "pass"):
        hand.bid(b)
    with pytest.raises(IllegalActionError, match="contract phase"):
        can_make_moon(hand)
    rng = random.Random(2)
    over = moon_in_play(rng, 1, mid_trick=False)
    for _ in range(3):
        over.play(over.legal_plays()[0])
    with pytest.raises(IllegalActionError, match="over phase"):
        solve_moon(over)
