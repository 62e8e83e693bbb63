"""Explorers show progress during long work: the bar moves while a claim is checked,
the solver works, a claim record loads, sampling opponents reply to a Moon bid, and the
bidding explorer's hindsight solves at any table."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from engine.test_claims import position  # tests/ is on the path (rootdir packages)

from texas42 import claims as claims_module
from texas42 import verify_claim
from texas42.analysis import solver as solver_module
from texas42.widgets import PlayExplorer, ReplayExplorer, _analysis

from .test_claims_widget import _learner_turns


@pytest.fixture(autouse=True)
def every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Report every step (the throttle is for the page, not for the test)."""
    monkeypatch.setattr(_analysis, "PROGRESS_SECONDS", 0.0)
    monkeypatch.setattr(claims_module, "PROGRESS_EVERY", 1)
    claims_module._RECENT.clear()
    _analysis._CACHE.clear()
    solver_module._SOLUTIONS.clear()


def watch(bar: Any) -> list[tuple[str, Any]]:
    """Every change of the bar's value (and when it is shown or hidden)."""
    seen: list[tuple[str, Any]] = []
    bar.observe(lambda change: seen.append(("value", change["new"])), names="value")
    bar.layout.observe(lambda change: seen.append(("shown", change["new"])), names="visibility")
    return seen


def moved(seen: list[tuple[str, Any]]) -> set[Any]:
    """The values the bar took while it was shown."""
    shown, values = False, set()
    for what, new in seen:
        if what == "shown":
            shown = new == "visible"
        elif shown:
            values.add(new)
    return values


def test_the_bar_moves_while_a_claim_is_checked() -> None:
    for seed in range(1, 40):
        for ex in _learner_turns(seed):
            claims_module._RECENT.clear()
            steps: list[int] = []
            verify_claim(ex.hand, 0, progress=lambda done, _t, into=steps: into.append(done))
            if len(steps) < 3:
                continue
            claims_module._RECENT.clear()
            seen = watch(ex.progress)
            ex.lay_down_button.click()
            assert ex.last_error is None
            assert len(moved(seen)) >= 3, seen
            assert ex.progress.layout.visibility == "hidden"
            return
    raise AssertionError("no claim with a search long enough in the seeds tried")


def test_the_bar_moves_while_the_review_works() -> None:
    # The hint takes well under half a second (the coach, bench/bench_coach.py); the
    # end-of-hand review is the play explorer's long job, so its bar must move.
    ex = PlayExplorer(seed=3, seat=0)
    for _ in range(60):
        s = ex.state
        if s["phase"] == "over":
            break
        if s["phase"] == "bidding":
            values = [v for _, v in ex.bid_picker.options]
            ex.bid_picker.value = 30 if 30 in values else values[0]
            ex.bid_button.click()
        elif s["phase"] == "playing":
            ex.play(ex.hand.legal_plays()[0])
        else:
            ex.name_button.click()
        assert ex.last_error is None, ex.last_error
    assert ex.hand.is_over
    seen = watch(ex.progress)
    ex.review_button.click()
    assert ex.last_error is None and "Review" in ex.message
    assert len(moved(seen)) >= 3, seen
    assert ex.progress.layout.visibility == "hidden"


def test_the_bar_moves_while_a_claim_record_loads() -> None:
    hand = position(1, "sevens", 2, 0)  # a valid claim decided by a search of 100 positions
    assert hand is not None
    hand.lay_down(hand.to_act)
    text = hand.record().to_json()
    claims_module._RECENT.clear()
    ex = ReplayExplorer()
    seen = watch(ex.progress)
    ex.record_box.value = text
    ex.record_button.click()
    assert ex.last_error is None and ex.message == "Loaded the hand record."
    assert len(moved(seen)) >= 3, seen
    assert ex.progress.layout.visibility == "hidden"


def test_the_bar_moves_while_sampling_opponents_reply_to_a_moon_bid() -> None:
    ex = PlayExplorer(seed=4, seat=0, rules="moon", opponents="sampling:6")
    for _ in range(6):
        if ex.state["bids"]:
            break
        ex.source.load_button.click()
    assert ex.state["bids"], "the learner bids first in one of the hands tried"
    seen = watch(ex.progress)
    ex.bid_picker.value = 0  # pass: the two others bid, then the play goes on
    ex.bid_button.click()
    assert ex.last_error is None
    assert moved(seen), seen
    assert ex.progress.layout.visibility == "hidden"


@pytest.mark.parametrize("key", ["moon", "three-hand", "moon-5"])
def test_the_bar_moves_while_hindsight_solves_at_every_table(key: str) -> None:
    """Away from 42's table hindsight waits for its button (it can take seconds)."""
    from texas42.widgets import BiddingExplorer

    from .test_bidding_tables import to_the_play

    ex = BiddingExplorer(seed=5, rules=key)
    to_the_play(ex)
    seen = watch(ex.progress)
    ex.hindsight_button.click()
    assert ex.last_error is None and ex.state["hindsight"]
    # The value, each first lead's value and the line: the bar goes from 1 to the end.
    steps = len(ex.hand.legal_plays()) + 2
    assert moved(seen) >= {1, steps}, seen
    assert ex.progress.layout.visibility == "hidden"
