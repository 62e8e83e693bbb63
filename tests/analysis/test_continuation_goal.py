"""The exact continuation asked only whether each play reaches a goal (the coach judging a
hand bid for points in marks) gives every play the same mark as its exact value does:
one yes/no search a move instead of the value (issue 38, item 4)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand
from texas42.analysis.aim import goal_points
from texas42.analysis.coach import _mark_of
from texas42.analysis.continuation import (
    Continuation,
    ExactContinuation,
    MixedContinuation,
    PlayerContinuation,
    make_continuation,
)
from texas42.analysis.sampling import sample_holdings
from texas42.analysis.view import SeatView
from texas42.bidding import MARK
from texas42.errors import InputError


def _point_plays(seed: int) -> list[SeatView]:
    """Every play with a choice in a rule-based hand bid for points, as its seat saw it."""
    hand = Hand(Deal.from_seed(seed), shaker=3)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    views = []
    for i, a in enumerate(hand.actions):
        if a.kind != "play":
            continue
        before = hand.at(i)
        c = before.contract
        if (c is None or c.kind in ("nello", "sevens") or before.high_bid >= MARK
                or len(before.legal_actions()) < 2):
            continue
        views.append(SeatView.of(before))
    return views


def _marks_agree(cont: Continuation, seed: int
                 ) -> Iterator[tuple[SeatView, list[int], list[int], list[float]]]:
    """For each play of :func:`_point_plays` in one guessed world: ``cont`` asked only
    whether each move reaches the goal gives each the mark its value gives (asserted);
    yields (view, world, moves, values)."""
    for k, view in enumerate(_point_plays(seed)):
        world = sample_holdings(view, random.Random(seed + k))
        assert world is not None
        moves = [d.index for d in view.legal_plays]
        goal = goal_points(view)
        values = cont.values(view, world, moves)
        quick = cont.values(view, world, moves, goal)
        assert [_mark_of(view, v) for v in quick] == [_mark_of(view, v) for v in values]
        assert all(v in (goal, goal - 1) for v in quick)
        yield view, world, moves, values


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), exact=st.sampled_from([(5, 4), (7, 7), (3, 2), (5, 6)]))
def test_a_goal_gives_every_play_the_mark_its_exact_value_gives(
        seed: int, exact: tuple[int, int]) -> None:
    assert list(_marks_agree(ExactContinuation(*exact), seed))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(1, 10**6))
def test_the_goal_is_where_the_mark_turns(seed: int) -> None:
    for view in _point_plays(seed):
        goal = goal_points(view)
        rest = view.rules.total_points - sum(view.points)
        marks = [_mark_of(view, ours) for ours in range(rest + 1)]
        # Below the goal one mark, from it on the other, the better for the seat's side.
        assert all(m == (marks[-1] if ours >= goal else marks[0])
                   for ours, m in enumerate(marks))
        assert marks[0] <= marks[-1]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(1, 10**6), need=st.integers(-3, 45))
def test_play_reach_answers_what_play_values_says(seed: int, need: int) -> None:
    from texas42.analysis.position import Position
    from texas42.analysis.solver import Solver

    for k, view in enumerate(_point_plays(seed)):
        if view.tricks_played < 3:  # (exact values of early positions take long)
            continue
        assert view.contract is not None
        world = sample_holdings(view, random.Random(seed + k))
        assert world is not None
        pos = Position(tuple(world), view.contract, view.leader, view.trick,
                       bidder=view.bidder)
        values = Solver(view.contract).play_values(pos)
        reach = Solver(view.contract).play_reach(pos, need)
        assert reach == {m: v >= need for m, v in values.items()}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(1, 10**6), ahead=st.integers(1, 3))
def test_players_a_few_tricks_ahead_then_the_solver_give_the_goal_its_value_gives(
        seed: int, ahead: int) -> None:
    cont = PlayerContinuation(RuleBasedPlayer(), "rule-based", ahead=ahead)
    for view, world, moves, values in _marks_agree(cont, seed):
        if ahead == 1 and len(view.trick) == 3:  # last to play: the solver plays on at once
            assert values == ExactContinuation(7, 7).values(view, world, moves)
        if view.tricks_played + ahead >= 7:  # the players play to the end
            assert values == PlayerContinuation(RuleBasedPlayer()).values(view, world, moves)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(1, 10**6))
def test_then_above_exact_lets_the_rules_finish_only_the_trick_in_progress(seed: int) -> None:
    """``exact:5/6``: with more than 5 tricks left the rule-based players finish the trick
    in progress and the solver plays the rest, as a rule-based player one trick ahead
    does; from 5 tricks left the solver plays from the trick in progress."""
    cont = make_continuation("exact:5/6")
    assert cont.name == "exact:5/6"
    ahead = PlayerContinuation(RuleBasedPlayer(), "rule-based", ahead=1)
    for view, world, moves, values in _marks_agree(cont, seed):
        if 7 - view.tricks_played > 5:
            assert values == ahead.values(view, world, moves)
        else:
            assert values == ExactContinuation(7, 7).values(view, world, moves)


def test_own_view_a_few_tricks_ahead_is_named_and_bounded() -> None:
    mix = make_continuation("own-view:2")
    assert mix.name == "own-view:2"
    assert isinstance(mix, MixedContinuation)
    assert [p.ahead for p in mix.parts if isinstance(p, PlayerContinuation)] == [2, 2]
    for bad in (0, 8):
        with pytest.raises(InputError, match="1 to 7 tricks ahead"):
            PlayerContinuation(RuleBasedPlayer(), ahead=bad)
