"""The coach in the explorers (issue 13): hints and reviews judged from what the
learner's seat could see; hindsight only as a labelled extra line."""

from __future__ import annotations

from texas42.widgets import PlayExplorer
from texas42.widgets._coach import HINDSIGHT

from .helpers import check_clean


def _play_through(ex: PlayExplorer) -> None:
    for _ in range(60):
        s = ex.state
        if not s["your_turn"]:
            break
        if s["phase"] == "bidding":
            values = [v for _, v in ex.bid_picker.options]
            ex.bid_picker.value = 30 if 30 in values else values[0]
            ex.bid_button.click()
        elif s["phase"] == "contract":
            ex.name_button.click()
        else:
            ex.hint_button.click()
            check_clean(ex, "hint")
            assert ex.message.startswith("Hint: ")
            assert "guesses of the dominoes you cannot see" in ex.hint_box.value
            assert "expected points" in ex.hint_box.value
            ex.play(s["legal"][-1])
        assert ex.last_error is None, ex.last_error


def test_bidding_hint_is_the_coach() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    ex.hint_button.click()
    check_clean(ex, "hint")
    assert ex.message.startswith("Hint: ")
    box = ex.hint_box.value
    assert "expected marks" in box and "pass" in box and "Traceback" not in box


def test_review_judges_every_decision_from_what_the_seat_saw() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    _play_through(ex)
    assert ex.state["phase"] == "over"
    ex.review_button.click()
    check_clean(ex, "review")
    lines = ex.state["review"]
    assert lines and ex.message.startswith("Review: ")
    assert any(x.startswith("Bid 1: you bid 30") for x in lines)
    assert all(any(w in x for w in ("fine", "inaccuracy", "mistake", "blunder")) for x in lines)
    box = ex.review_box.value
    assert "guesses of the hidden dominoes" in box
    # The open-hands answer appears only labelled as hindsight.
    assert box.count("all hands open") == box.count(HINDSIGHT)
    assert ex.progress.layout.visibility != "visible"
