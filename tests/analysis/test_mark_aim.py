"""The players play for what the game scores (issue 38, item 7): while the mark rides on a
play of a hand bid for points, the best chance of making (or setting) the bid, and points
only among plays equal for it; ``"NAME@points"`` keeps the best average points."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand
from texas42.analysis.aim import goal_open, goal_points, plays_for_mark
from texas42.analysis.players import SamplingPlayer, SearchPlayer, make_player
from texas42.analysis.view import SeatView
from texas42.errors import InputError, NotationError
from texas42.rules import Rules


def _open_plays(seed: int, rules: Rules | None = None) -> list[SeatView]:
    """The plays with a choice of a rule-based hand while its mark is still open."""
    hand = Hand(Deal.from_seed(seed), shaker=3, rules=rules or Rules())
    play_hand(hand, [RuleBasedPlayer()] * 4)
    views = []
    for i, a in enumerate(hand.actions):
        if a.kind != "play":
            continue
        view = SeatView.of(hand.at(i))
        if len(view.legal_plays) > 1 and plays_for_mark(view) and goal_open(
                view, goal_points(view)):
            views.append(view)
    return views


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6))
def test_the_game_aim_takes_the_best_chance_and_points_only_among_equals(seed: int) -> None:
    game = SamplingPlayer(8, seed=seed, exact=3)
    points = SamplingPlayer(8, seed=seed, exact=3, aim="points")
    for view in _open_plays(seed)[::2]:
        avg, chance, _ = game.outcomes(view)
        assert chance is not None and set(chance) == set(view.legal_plays)
        assert all(0.0 <= c <= 1.0 for c in chance.values())
        mine = game.play(view).action
        theirs = points.play(view).action
        # the same guesses: the aim alone orders the plays
        assert chance[mine] == max(chance.values())
        assert avg[mine] == max(avg[d] for d in chance if chance[d] == chance[mine])
        assert chance[theirs] <= chance[mine] and avg[theirs] >= avg[mine]
        assert avg[theirs] == max(avg.values())


def test_once_the_mark_is_decided_both_aims_play_alike() -> None:
    game, points = SearchPlayer(12, seed=2), SearchPlayer(12, seed=2, aim="points")
    seen = 0
    for seed in range(1, 6):
        hand = Hand(Deal.from_seed(seed), shaker=3, rules=Rules(early_end=False))
        play_hand(hand, [RuleBasedPlayer()] * 4)
        for i, a in enumerate(hand.actions):
            if a.kind != "play":
                continue
            view = SeatView.of(hand.at(i))
            if len(view.legal_plays) < 2 or goal_open(view, goal_points(view)):
                continue
            assert game.outcomes(view)[1] is None
            assert game.play(view) == points.play(view)
            seen += 1
    assert seen > 0


def test_under_the_points_rules_the_aim_is_points() -> None:
    rules = Rules(scoring="points")
    views = []
    hand = Hand(Deal.from_seed(4), shaker=3, rules=rules)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    for i, a in enumerate(hand.actions):
        if a.kind == "play":
            views.append(SeatView.of(hand.at(i)))
    player = SamplingPlayer(4, seed=1, exact=2)
    assert not any(plays_for_mark(v) for v in views)
    assert all(player.outcomes(v)[1] is None for v in views[-6:] if len(v.legal_plays) > 1)


def test_a_player_name_says_what_it_plays_for() -> None:
    assert make_player("search:12/5/4").aim == "game"  # type: ignore[attr-defined]
    assert make_player("search:12/5/4@points").aim == "points"  # type: ignore[attr-defined]
    assert make_player("hybrid:8/3@game").aim == "game"  # type: ignore[attr-defined]
    assert make_player("sampling:4@Points").aim == "points"  # type: ignore[attr-defined]
    for bad in ("search@marks", "rule-based@points", "random@game", "hybrid@"):
        with pytest.raises(NotationError) as e:
            make_player(bad)
        assert e.value.rule == "player"
    with pytest.raises(InputError) as err:
        SamplingPlayer(4, aim="count")
    assert err.value.rule == "aim" and "game or points" in str(err.value)
