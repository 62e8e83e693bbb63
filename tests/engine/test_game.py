"""A game: hands to 7 marks (or 250 points), the shake passing clockwise, ALL tally."""

from __future__ import annotations

import random

import pytest

from texas42 import Deal, Game, IllegalActionError, Phase, Rules, tally

from .helpers import ALL_SIXES, play_randomly


def play_game(game: Game, rng: random.Random, *, max_hands: int = 500) -> None:
    for _ in range(max_hands):
        play_randomly(game.hand, rng)
        if game.is_over:
            return
        game.next_hand()
    raise AssertionError(f"no winner after {max_hands} hands: {game!r}")


def test_a_new_game():
    game = Game(seed=1)
    assert game.hand.shaker == 0
    assert game.marks == (0, 0) and game.standing == (0, 0)
    assert game.winner is None and not game.is_over
    assert game.hand.phase is Phase.BIDDING
    assert game.status().startswith("Hand 1: 0 to 0 marks.")


def test_same_seed_same_deals():
    assert Game(seed=5).hand.deal == Game(seed=5).hand.deal
    assert Game(seed=5).hand.deal != Game(seed=6).hand.deal


def test_first_shaker_option():
    game = Game(first_shaker=2, seed=1)
    assert game.hand.shaker == 2 and game.hand.to_act == 3


def test_next_hand_refused_until_the_hand_is_over():
    game = Game(seed=2)
    with pytest.raises(IllegalActionError) as info:
        game.next_hand()
    assert info.value.rule == "hand-not-over"
    assert len(game.hands) == 1


def test_shaker_passes_clockwise():
    rng = random.Random(1)
    game = Game(seed=3, first_shaker=1)
    for i in range(8):
        assert game.hand.shaker == (1 + i) % 4
        play_randomly(game.hand, rng)
        if game.is_over:
            break
        game.next_hand()


def test_shaker_passes_clockwise_also_after_a_reshake():
    game = Game("n42pa", seed=4, first_shaker=3)
    for _ in range(4):
        game.hand.bid("pass")
    assert game.hand.phase is Phase.RESHAKE and game.hand.is_over
    assert game.marks == (0, 0)
    hand = game.next_hand()
    assert hand.shaker == 0 and hand.to_act == 1
    assert len(game.hands) == 2


def test_next_hand_takes_a_deal():
    game = Game(seed=5)
    for b in ("30", "pass", "pass", "pass"):
        game.hand.bid(b)
    game.hand.name_contract("sixes")
    play_randomly(game.hand, random.Random(0))
    assert game.next_hand(ALL_SIXES).deal == ALL_SIXES


def test_marks_are_the_sum_of_the_hands_results():
    rng = random.Random(6)
    game = Game(seed=6)
    play_game(game, rng)
    total = [0, 0]
    for h in game.hands:
        if h.result is not None:
            total[0] += h.result.marks[0]
            total[1] += h.result.marks[1]
    assert game.marks == tuple(total)


@pytest.mark.parametrize("seed", range(10))
def test_game_to_7_marks(seed):
    rng = random.Random(seed)
    game = Game(seed=seed, first_shaker=seed % 4)
    play_game(game, rng)
    w = game.winner
    assert w in (0, 1)
    assert game.marks[w] >= 7 and game.marks[1 - w] < 7
    # the game was not over before its last hand
    before = [0, 0]
    for h in game.hands[:-1]:
        if h.result is not None:
            before[0] += h.result.marks[0]
            before[1] += h.result.marks[1]
    assert max(before) < 7
    assert game.status().startswith(f"Game over: team {w} wins")
    with pytest.raises(IllegalActionError) as info:
        game.next_hand()
    assert info.value.rule == "game-over"
    for i, h in enumerate(game.hands):
        assert h.shaker == (seed % 4 + i) % 4
        assert h.is_over


def test_game_tally_strokes():
    game = Game(seed=7)
    play_game(game, random.Random(7))
    for team in (0, 1):
        assert game.tally(team) == tally(game.marks[team])


def test_tally_spells_all():
    assert tally(0) == []
    assert tally(1) == ["A: /"]
    strokes = tally(7)
    assert len(strokes) == 7
    assert [s[0] for s in strokes] == ["A", "A", "A", "L", "L", "L", "L"]
    assert tally(8) == tally(7) == tally(20)
    for n in range(8):
        assert tally(n) == strokes[:n]
    with pytest.raises(ValueError):
        tally(-1)


@pytest.mark.parametrize("seed", range(4))
def test_points_game_to_250(seed):
    rng = random.Random(seed)
    game = Game("points", seed=seed)
    assert game.rules.target == 250
    play_game(game, rng)
    w = game.winner
    assert game.scores[w] >= 250
    assert game.standing == game.scores
    assert game.marks == (0, 0)
    for h in game.hands:
        if h.result is not None:
            assert len(h.tricks) == 7
    if game.scores[1 - w] >= 250:
        assert game.hand.result.bidding_team == w
    assert "points" in game.status()


def test_seed_preset_game_ends():
    rng = random.Random(8)
    game = Game("seed", seed=8)
    play_game(game, rng)
    assert game.winner is not None


def test_custom_target():
    rng = random.Random(9)
    game = Game(Rules.preset("standard").replace(target=1), seed=9)
    play_game(game, rng)
    assert len([h for h in game.hands if h.result is not None]) == 1


def test_game_repr_and_hand_property():
    game = Game(seed=10)
    assert game.hand is game.hands[-1]
    assert "standard" in repr(game)
    assert isinstance(game.hand.deal, Deal)
