"""Explorers 6 and 7: hand replay and playing a hand."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal, Hand, HandRecord
from texas42.widgets import PlayExplorer, ReplayExplorer


def _mark_bid_record() -> str:
    hand = Hand.at_play(Deal.from_seed(4), "sixes", bid="84", shaker=3)
    while hand.phase.value == "playing" and len(hand.plays) < 5:
        hand.play(hand.legal_plays()[0])
    assert hand.tricks
    return hand.record().to_json()


def test_replay_slider_and_buttons() -> None:
    ex = ReplayExplorer(seed=2)
    n = ex.state["steps"]
    assert n > 10 and ex.state["step"] == 0 and ex.state["phase"] == "bidding"
    ex.forward_button.click()
    # The first bid in words: a pass is "Seat 1 passes." (issue 22: not "bids pass").
    assert ex.state["step"] == 1 and ("bids" in ex.message or "passes." in ex.message)
    assert "bids pass" not in ex.message
    ex.last_button.click()
    assert ex.state["step"] == n and ex.state["phase"] == "over"
    ex.forward_button.click()
    assert "end of the hand" in ex.message and ex.state["step"] == n
    ex.back_button.click()
    assert ex.state["step"] == n - 1
    ex.first_button.click()
    ex.back_button.click()
    assert "start" in ex.message and ex.state["step"] == 0
    for step in range(n + 1):
        ex.slider.value = step
        assert ex.last_error is None and f"Step {step} of {n}" in ex.step_box.value


def test_replay_views_hide_other_hands() -> None:
    ex = ReplayExplorer(seed=2)
    ex.slider.value = 8
    holding = ex.hand.holding(1)
    ex.view_picker.value = 0
    shown = ex.table.value
    assert ex.state["view"] == 0
    assert all(f"seat 1 holds {d}" not in shown for d in holding)
    ex.view_picker.value = -1
    assert ex.state["view"] is None


def test_replay_mark_bid_hides_tricks() -> None:
    ex = ReplayExplorer(record=_mark_bid_record())
    ex.last_button.click()
    s = ex.state
    assert s["tricks_hidden"] and s["visible_tricks"] == 0
    assert "face down" in ex.tricks_box.value


def test_replay_what_we_know() -> None:
    ex = ReplayExplorer(seed=2)
    ex.last_button.click()
    voids = ex.state["voids"]
    assert voids  # by the end somebody has shown out
    seat, _suits = next(iter(voids.items()))
    assert f"Seat {seat} has shown out of" in ex.known_box.value


def test_replay_record_paste() -> None:
    ex = ReplayExplorer()
    ex.record_box.value = _mark_bid_record()
    ex.record_button.click()
    record = HandRecord.from_json(_mark_bid_record())
    assert ex.message == "Loaded the hand record."
    assert ex.state["steps"] == 4 + 1 + len(record.plays)
    ex.record_box.value = '{"hands": [["6-6"]]}'
    ex.record_button.click()
    assert ex.message_kind == "error"
    ex.record_box.value = ""
    ex.record_button.click()
    assert "Paste" in ex.message


def test_replay_solver_options() -> None:
    ex = ReplayExplorer(seed=2, solver=True)
    record = HandRecord.from_hand(ex.full)
    first_play = len(record.bids) + 1
    ex.slider.value = first_play + 4
    options = ex.state["options"]
    assert options and "best" in options.values()
    assert set(options) == {str(d) for d in ex.hand.legal_plays()}
    ex.view_picker.value = (ex.hand.to_act + 1) % 4
    assert "face down" in ex.options_box.value
    ex.slider.value = 0
    assert "nothing to say" in ex.options_box.value


# -- 7. play --------------------------------------------------------------------------------
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
            ex.play(s["legal"][-1])
        assert ex.last_error is None, ex.last_error


def test_play_whole_hand_with_reasons() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    assert ex.state["your_turn"] and ex.state["phase"] == "bidding"
    _play_through(ex)
    s = ex.state
    assert s["phase"] == "over" and s["result"]
    computer = [x for x in s["log"] if not x.startswith("You ")]
    assert computer and all(" — " in x for x in computer)
    # After the hand the computer's reasons are shown; during it only behind the switch.
    assert " — " in ex.log_box.value and "why the computer did it" in ex.log_box.value


def test_the_computer_reasons_are_hidden_during_the_hand() -> None:
    """Its reasons tell what it holds: during the hand they show only behind the
    switch that says so."""
    ex = PlayExplorer(seed=5, seat=0)
    assert not ex.commentary.value and "what it holds" in ex.commentary.description
    ex.bid_picker.value = 30
    ex.bid_button.click()  # the computer seats bid after the learner, each with a reason
    assert not ex.hand.is_over and any(" — " in x for x in ex.log)
    assert "Left opponent" in ex.log_box.value and " — " not in ex.log_box.value
    ex.commentary.value = True
    assert " — " in ex.log_box.value


def test_play_illegal_refused_and_hint() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    ex.hint_button.click()
    assert ex.message.startswith("Hint:")
    ex.bid_picker.value = 30
    ex.bid_button.click()
    for _ in range(10):
        s = ex.state
        if s["phase"] == "contract" and s["your_turn"]:
            ex.name_button.click()
        elif s["phase"] == "playing" and s["your_turn"]:
            illegal = [d for d in s["hand"] if d not in s["legal"]]
            if illegal:
                ex.play(illegal[0])
                assert "Not allowed" in ex.message and ex.state["hand"] == s["hand"]
                break
            ex.play(s["legal"][0])
    ex.play("0-0" if "0-0" not in ex.state["hand"] else "6-6")
    assert ex.message_kind == "error"


def test_play_other_seats_and_rules() -> None:
    for seat in range(4):
        ex = PlayExplorer(seed=7, seat=seat)
        assert ex.state["seat"] == seat
        _play_through(ex)
        assert ex.state["phase"] in ("over", "reshake")
    ex.rules_picker.value = "seed"
    assert ex.state["phase"] in ("bidding", "contract", "playing")


def test_play_review_against_solver() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    ex.review_button.click()
    assert "play on first" in ex.message
    _play_through(ex)
    ex.review_button.click()
    assert ex.last_error is None
    if ex.choices:
        assert ex.state["review"] and ex.message.startswith("Review")
        assert "best line" in ex.review_box.value or "best" in ex.review_box.value
