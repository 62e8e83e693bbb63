"""The play explorer at Moon's table:
during the learner's bidding turn the hint gives the bid odds."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from texas42.widgets.play_explorer import PlayExplorer

from .helpers import check_clean


def test_the_bidding_hint_names_the_odds_and_the_deals() -> None:
    ex = PlayExplorer(seed=3, seat=0, rules="moon")
    assert ex.state["phase"] == "bidding" and ex.state["your_turn"]
    ex.hint_button.click()
    assert ex.last_error is None
    check_clean(ex, "hint")
    text = ex.hint_box.value
    assert "Odds from 600 deals" in text
    rows = re.findall(r"Bid (\d+): made in (\d+)% of 600 deals \((\d+)-(\d+)%\), "
                      r"expected ([+-]\d+\.\d) points", text)
    assert [int(r[0]) for r in rows] == [4, 5, 6, 7, 21]
    for _, p, lo, hi, _ in rows:
        assert int(lo) <= int(p) <= int(hi)
    assert "best: " in text
    # The bar ran to the end and is hidden again.
    assert ex.progress.max == 600 and ex.progress.value == 600
    assert ex.progress.layout.visibility == "hidden"
    # Asking changes nothing: still the learner's bid.
    assert ex.state["phase"] == "bidding" and ex.state["your_turn"]


def test_no_odds_outside_the_bidding() -> None:
    ex = PlayExplorer(seed=3, seat=0, rules="moon")
    ex.bid_picker.value = 21
    ex.bid_button.click()  # nobody can outbid 21: the learner takes the widow
    assert ex.state["discarding"]
    ex.hint_button.click()
    assert ex.last_error is None
    assert "Hint:" in ex.hint_box.value and "made in" not in ex.hint_box.value
