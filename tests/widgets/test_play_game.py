"""Explorer 7 plays a whole game: next hand, the shake passing, the score to the end."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from texas42 import widgets as tw
from texas42.analysis import RuleBasedPlayer, decide
from texas42.errors import Texas42Error
from texas42.widgets.play_explorer import PlayExplorer

from .helpers import bid_or_name, check_clean

ADVISOR = RuleBasedPlayer()


def learner_acts(ex: PlayExplorer) -> None:
    """The learner does what the rule-based player would, through the explorer."""
    h = ex.hand
    d = decide(ADVISOR, h)
    if not bid_or_name(ex, d.action):
        ex.play(str(d.action))
    check_clean(ex, "learner")


def finish_hand(ex: PlayExplorer) -> None:
    for _ in range(60):
        if ex.hand.is_over:
            return
        learner_acts(ex)
    raise AssertionError("the hand did not end")


def play_game(ex: PlayExplorer) -> int:
    hands = 0
    while ex.state["game_winner"] is None:
        hands += 1
        assert hands < 60, "the game did not end"
        finish_hand(ex)
        standing = ex.state["standing"]
        assert tuple(standing) == ex.game.standing
        if ex.state["game_winner"] is None:
            shaker = ex.hand.shaker
            assert not ex.next_button.disabled
            ex.next_button.click()
            assert ex.hand.shaker == (shaker + 1) % 4 and ex.state["hands_played"] == hands + 1
            assert ex.log == [] or all(not x.startswith("You ") for x in ex.log)
    return hands


def test_a_game_to_seven_marks() -> None:
    ex = tw.play(seed=3, seat=1)
    hands = play_game(ex)
    g = ex.game
    winner = ex.state["game_winner"]
    assert g.marks[winner] >= 7 and hands == len(g.hands)
    # The marks are the sum of the hands' results, and the picture draws the ALL tally.
    assert g.marks == tuple(sum(h.result.marks[t] for h in g.hands if h.result) for t in (0, 1))
    assert ex.score_box.value.count("<svg") == 2 and "Game to 7 marks" in ex.score_box.value
    side = "Your side wins" if winner == 1 else "The other side wins"
    assert side in ex.message
    assert ex.next_button.disabled
    ex.next_button.click()
    assert isinstance(ex.last_error, Texas42Error) and "game is over" in ex.message
    assert ex.state["hands_played"] == hands


def test_a_points_game_to_250() -> None:
    ex = tw.play(seed=5, seat=0, rules="points")
    play_game(ex)
    assert max(ex.game.scores) >= 250
    assert "Game to 250 points" in ex.score_box.value and "<svg" not in ex.score_box.value


def test_next_hand_before_the_end_changes_nothing() -> None:
    ex = tw.play(seed=3, seat=0)
    before = ex.state
    assert ex.next_button.disabled
    ex.next_button.click()
    assert isinstance(ex.last_error, Texas42Error) and "finish this hand" in ex.message
    assert {k: v for k, v in ex.state.items() if k != "message"} == {
        k: v for k, v in before.items() if k != "message"}


def test_a_new_deal_starts_a_new_game() -> None:
    ex = tw.play(seed=3, seat=0)
    finish_hand(ex)
    ex.next_button.click()
    assert ex.state["hands_played"] == 2
    ex.source.load_button.click()
    assert ex.state["hands_played"] == 1 and ex.state["standing"] == [0, 0]


def test_what_happened_says_each_line_once_with_one_full_stop() -> None:
    """During the hand the computer's reasons are left out of "What happened" (they tell
    what it holds); each line still ends with one full stop, the learner's own too."""
    import re

    ex = PlayExplorer(seed=1, guided=True)
    ex.bid_picker.value = 30
    ex.bid_button.click()
    lines = re.findall(r"<li>(.*?)</li>", ex.log_box.value)
    assert lines and lines[0] == "You bid 30."
    assert all(line.endswith(".") and not line.endswith("..") for line in lines), lines
    assert not any("best contract" in line for line in lines)  # nothing the computer holds


def test_the_play_pages_result_is_in_a_beginners_words() -> None:
    """At the end of a hand the guided Play page says what the hand adds to the score,
    without "mark" (issue 34); the other explorers say marks."""
    guided = PlayExplorer(seed=1, guided=True)
    finish_hand(guided)
    said = guided.message
    assert guided.hand.result is not None and "mark" not in said.lower(), said
    assert re.search(r"(you and your partner|the opponents) win the hand and add [1-9] to "
                     r"the score\.", said), said
    full = PlayExplorer(seed=1)
    finish_hand(full)
    assert re.search(r"score [1-9] marks?\.", full.message), full.message


def test_the_reviews_outcome_is_in_the_seats_words() -> None:
    """The review's summary says how the hand went as the table does, from the learner's
    place ("You and your partner made 30 ..."), not by seat numbers."""
    from texas42.review_words import outcome_words

    ex = PlayExplorer(seed=1)
    finish_hand(ex)
    result = ex.hand.result
    assert result is not None
    said = outcome_words(ex.hand, 0)
    assert said == result.describe(seen_by=0) and "Seat" not in said and "team" not in said
    assert said.startswith(("You and your partner", "The opponents"))
