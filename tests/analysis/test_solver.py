"""The exact solver against plain minimax, and its invariances."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import Contract, Deal, Hand, HandRecord
from texas42.analysis import Position, Solver, can_make, can_reach, minimax, solve, value
from texas42.analysis._tables import fast_tables
from texas42.analysis.minimax import minimax_plays

from .helpers import ALL_CONTRACTS, random_ending

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from([2, 3]))
def test_value_equals_minimax_small_endings(seed: int, tricks: int) -> None:
    rng = random.Random(seed)
    pos = random_ending(rng, tricks)
    solver = Solver(pos.contract, pos.out, pos.bidding_team)
    assert solver.value(pos) == minimax(pos)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from(ALL_CONTRACTS))
def test_every_play_value_equals_minimax(seed: int, contract: Contract) -> None:
    rng = random.Random(seed)
    pos = random_ending(rng, rng.choice([2, 3]), contract)
    expected = minimax_plays(pos)
    sol = solve(pos)
    assert {d: v[0] for d, v in sol.plays.items()} == expected
    misere = contract.kind == "nello"  # each side takes as little as it can
    raising = (pos.to_act % 2 == 0) != misere
    best = max(expected.values()) if raising else min(expected.values())
    assert sol.points[0] == best
    assert sum(sol.points) == pos.remaining_points


def test_four_trick_endings_equal_minimax() -> None:
    rng = random.Random(4)
    for i in range(20):
        contract = ALL_CONTRACTS[i % len(ALL_CONTRACTS)]
        pos = random_ending(rng, 4, contract, mid_trick=i % 2 == 1)
        solver = Solver(contract, pos.out, pos.bidding_team)
        assert solver.value(pos) == minimax(pos), (contract, str(pos))


def test_thresholds_agree_with_value() -> None:
    rng = random.Random(11)
    for _ in range(60):
        pos = random_ending(rng, 3)
        solver = Solver(pos.contract, pos.out, pos.bidding_team)
        v = solver.value(pos)
        for need in range(-1, pos.remaining_points + 2):
            assert solver.reach(pos, need) == (v >= need)
            g = solver.bound(pos, need)
            assert (g >= need) == (v >= need)
            assert g <= v if g < need else g >= need and v >= g


def test_best_line_reaches_the_value() -> None:
    rng = random.Random(5)
    for _ in range(20):
        pos = random_ending(rng, rng.choice([3, 4]))
        sol = solve(pos)
        start = pos.points[0]
        for d in sol.line:
            pos = pos.play(d)
        assert pos.is_over
        assert pos.points[0] - start == sol.points[0]


def _swap(pos: Position, x: int, y: int) -> Position:
    hands = list(pos.hands)
    for s in range(4):
        if hands[s] >> x & 1:
            hands[s] ^= (1 << x) | (1 << y)
    return Position((hands[0], hands[1], hands[2], hands[3]), pos.contract, pos.leader,
                    pos.trick, pos.points, pos.bidder, pos.bid, pos.out)


def test_relabelling_equivalent_dominoes_keeps_the_value() -> None:
    """A held domino traded for an already played one that plays exactly like it (the
    relation the solver uses to search one of a group) leaves the value unchanged, by
    plain minimax and by the solver."""
    rng = random.Random(8)
    checked = 0
    for _ in range(400):
        if checked >= 150:
            break
        pos = random_ending(rng, 3, mid_trick=False)
        v = minimax(pos)
        ft = fast_tables(pos.contract)
        rest = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
        gone = ((1 << 28) - 1) & ~rest
        for s in range(4):
            others = (rest & ~pos.hands[s]) | (1 << 28)
            for x in range(28):
                if not pos.hands[s] >> x & 1:
                    continue
                for y in range(28):
                    if gone >> y & 1 and not others & ft.equiv[x * 28 + y]:
                        swapped = _swap(pos, x, y)
                        assert minimax(swapped) == v
                        assert Solver(pos.contract, pos.out, pos.bidding_team).value(swapped) == v
                        checked += 1
    assert checked > 50


def test_rotating_the_seats_swaps_the_sides() -> None:
    rng = random.Random(9)
    for _ in range(40):
        pos = random_ending(rng, rng.choice([3, 4]))
        assert pos.bidder is not None
        turned = Position(
            (pos.hands[3], pos.hands[0], pos.hands[1], pos.hands[2]), pos.contract,
            (pos.leader + 1) % 4, pos.trick, bidder=(pos.bidder + 1) % 4,
            out=None if pos.out is None else (pos.out + 1) % 4,
        )
        a, b = value(pos)
        assert value(turned) == (b, a)


def test_can_make_agrees_with_solve() -> None:
    rng = random.Random(12)
    for i in range(80):
        pos = random_ending(rng, rng.choice([2, 3, 4]))
        bidder = rng.randrange(4)
        pos = Position(pos.hands, pos.contract, pos.leader, pos.trick, pos.points, bidder,
                       30 + i % 13, pos.out)
        team = bidder % 2
        sol = solve(pos, line=False)
        if pos.contract.kind == "nello":
            assert can_make(pos) == (pos.points[team] == 0 and sol.points[team] == 0)
            with pytest.raises(ValueError):
                can_make(pos, 30)
            continue
        for target in range(0, 43, 3):
            expected = pos.points[team] + sol.points[team] >= target
            assert can_make(pos, target) == expected
            assert can_reach(pos, team, target - pos.points[team]) == expected
        assert can_make(pos) == (pos.points[team] + sol.points[team] >= min(pos.bid or 0, 42))


def test_whole_hand_from_a_record_and_a_hand() -> None:
    hand = Hand.at_play(Deal.from_seed(7), "sixes", bid="30", shaker=3)
    sol = solve(hand)
    assert sum(sol.points) == 42
    assert set(sol.plays) == set(hand.legal_plays())
    assert solve(hand.record()) == sol
    assert len(sol.line) == 28
    assert sol.label(sol.best[0]) == "best"


def test_a_hand_that_ended_early_is_played_on() -> None:
    hand = Hand.at_play(Deal.from_seed(7), "sixes", bid="30", shaker=3)
    while not hand.is_over:
        hand.play(solve(hand, line=False).best[0])
    assert len(hand.tricks) < 7  # decided early
    sol = solve(hand)
    assert sol.to_act is not None and sol.plays
    assert solve(HandRecord.from_json(hand.record().to_json())) == sol


def test_solution_labels_and_json() -> None:
    rng = random.Random(3)
    pos = random_ending(rng, 3, Contract.parse("fives"))
    sol = solve(pos)
    data = sol.to_json()
    assert set(data) == {"points", "plays", "line"}
    for item in data["plays"]:  # type: ignore[union-attr]
        d = item["domino"]
        loss = sol.loss(d)
        assert loss >= 0
        assert sol.label(d) == ("best" if loss == 0 else
                                f"loses {loss} point{'s' if loss != 1 else ''}")


def test_finished_position() -> None:
    rng = random.Random(1)
    pos = random_ending(rng, 1, Contract.parse("sixes"), mid_trick=False)
    for _ in range(4):
        pos = pos.play(pos.legal_plays()[0])
    assert pos.is_over
    assert solve(pos).points == (0, 0)
    assert value(pos) == (0, 0)


def test_solver_refuses_another_contract() -> None:
    rng = random.Random(2)
    pos = random_ending(rng, 2, Contract.parse("sixes"))
    with pytest.raises(ValueError):
        Solver(Contract.parse("fives")).value(pos)
