"""Explorer 6 at every table: the computer bids and plays a deal of the chosen table,
a pasted record of any table is replayed and checked, each step is told in words
(the discard only to those who may see it), the views are the table's seats."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal, Hand
from texas42.rules import Rules
from texas42.widgets import ReplayExplorer
from texas42.widgets._players import decide

from .helpers import check_clean

TABLES = ["three-hand", "moon-4", "moon-5", "moon-6", "moon-7", "two-hand"]


def _played(name: str, seed: int) -> Hand:
    """A hand of table ``name`` bid and played by the explorers' computer players."""
    rules = Rules.preset(name)
    for shake in range(seed, seed + 20):
        hand = Hand(Deal.from_seed(shake, rules.layout), rules=rules, shaker=shake % rules.seats)
        while not hand.is_over:
            decide(hand).apply(hand)
        if hand.result is not None:
            return hand
    raise AssertionError("twenty shakes and nobody bid")


@pytest.mark.parametrize("name", TABLES)
def test_the_computer_plays_a_deal_of_each_table_and_it_steps(name: str) -> None:
    rules = Rules.preset(name)
    ex = ReplayExplorer(seed=3, rules=name)
    check_clean(ex, name)
    s = ex.state
    assert s["rules"] == name and ex.full.deal == Deal.from_seed(3, rules.layout)
    assert s["views"] == [-1, *range(rules.seats)]
    ex.slider.value = ex.slider.max
    s = ex.state
    assert s["phase"] in ("over", "reshake")
    if s["phase"] == "over":
        assert sum(s["tricks_won"]) == len(ex.full.tricks)
    # One seat's view shows that seat's dominoes only.
    ex.view_picker.value = rules.seats - 1
    assert list(ex.state["hands"]) == [rules.seats - 1]
    check_clean(ex, "view")


@pytest.mark.parametrize("name", ["three-hand", "moon-5", "moon-7"])
def test_a_record_of_each_table_is_replayed_and_told(name: str) -> None:
    hand = _played(name, 1)
    ex = ReplayExplorer()
    ex.record_box.value = hand.record().to_json()
    ex.record_button.click()
    check_clean(ex, "record")
    assert ex.last_error is None and ex.message == f"Loaded the {name} hand record."
    assert ex.full == hand and ex.state["rules"] == name
    assert ex.state["views"] == [-1, *range(hand.seats)]
    words = []
    for step in range(1, ex.slider.max + 1):
        ex.slider.value = step
        words.append(ex.step_box.value)
        check_clean(ex, f"step {step}")
    assert all("Step " in w for w in words)
    assert sum("plays" in w for w in words) == len(hand.plays)
    # The coach reviews the bidder's decisions at this table too.
    ex.review_seat.value = hand.bidder
    ex.review_button.click()
    check_clean(ex, "review")
    assert ex.message.startswith(f"Review of Seat {hand.bidder}")


@pytest.mark.parametrize("name", ["three-hand", "moon-5"])
def test_the_solver_view_at_another_table_is_the_one_solver_labelled_hindsight(name: str) -> None:
    from texas42.analysis import solve

    hand = _played(name, 1)
    ex = ReplayExplorer(record=hand.record().to_json(), solver=True)
    first_play = len(hand.actions) - len(hand.plays)
    for step in (first_play, first_play + hand.seats + 1):
        ex.slider.value = step
        sol = solve(hand.at(step))
        options = ex.state["options"]
        assert options == {str(d): sol.label(d) for d in sol.plays}
        assert set(options) == {str(d) for d in hand.at(step).legal_plays()}
        assert "best" in options.values() and "Hindsight (all hands open)" in ex.options_box.value
        unit = "tricks" if hand.rules.bidding == "tricks" else "points"
        assert f"more {unit}" in ex.options_box.value and "the bidder" in ex.options_box.value


def test_an_illegal_record_of_another_table_is_refused_and_the_hand_stays() -> None:
    hand = _played("moon-5", 2)
    data = hand.record().to_dict()
    plays = data["plays"]
    plays[0], plays[1] = plays[1], plays[0]  # the second seat plays first: out of turn
    import json

    ex = ReplayExplorer(seed=4)
    before = ex.full
    ex.record_box.value = json.dumps(data)
    ex.record_button.click()
    assert ex.message_kind == "error" and ex.full is before
