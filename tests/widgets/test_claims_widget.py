"""The play explorer's "Lay down" button: a sure claim ends the hand with the reason;
a claim that is not sure is explained as a message and changes nothing."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Phase, verify_claim
from texas42.widgets import PlayExplorer


def _to_play(ex: PlayExplorer) -> bool:
    """Bid 30 or pass and name trumps until it is the learner's turn to play a domino;
    False when the hand ended first."""
    for _ in range(20):
        s = ex.state
        if s["phase"] == "playing" and s["your_turn"]:
            return True
        if not s["your_turn"]:
            return False
        if s["phase"] == "bidding":
            values = [v for _, v in ex.bid_picker.options]
            ex.bid_picker.value = 30 if 30 in values else values[0]
            ex.bid_button.click()
        else:
            ex.name_button.click()
    return False


def _learner_turns(seed: int) -> list[PlayExplorer]:
    """The explorer at each of the learner's turns to play (one explorer per turn)."""
    out = []
    for n in range(7):
        ex = PlayExplorer(seed=seed, seat=0)
        if not _to_play(ex):
            break
        for _ in range(n):
            ex.play(ex.state["legal"][-1])
            if not ex.state["your_turn"] or ex.state["phase"] != "playing":
                return out
        out.append(ex)
    return out


def _find(valid: bool) -> PlayExplorer:
    for seed in range(1, 40):
        for ex in _learner_turns(seed):
            if ex.hand.phase is Phase.PLAYING and verify_claim(ex.hand, 0).valid == valid:
                return ex
    raise AssertionError("no such position in the seeds tried")


def test_sure_claim_ends_the_hand_with_the_reason() -> None:
    ex = _find(valid=True)
    assert ex.state["may_lay_down"] and ex.lay_down_button in ex.action_box.children
    ex.lay_down_button.click()
    s = ex.state
    assert ex.last_error is None
    assert s["phase"] == "over" and s["result"] and ex.hand.claim is not None
    assert ex.hand.claim.seat == 0 and len(ex.hand.tricks) >= 1
    assert s["claim"].startswith("Valid:") and ex.message.startswith("Valid:")
    assert ex.message_kind == "good" and s["result"] in ex.message
    assert any("laid down" in line for line in s["log"])
    assert not s["may_lay_down"] and ex.lay_down_button not in ex.action_box.children


def test_claim_that_is_not_sure_changes_nothing() -> None:
    ex = _find(valid=False)
    before, state = ex.hand.copy(), ex.state
    ex.lay_down()
    assert ex.last_error is None and ex.message_kind == "warn"
    assert ex.message.startswith("Not valid:") and "Traceback" not in ex.message
    assert ex.hand == before
    after = ex.state
    for key in ("phase", "hand", "legal", "log", "result", "to_act"):
        assert after[key] == state[key]
    # The learner plays on as before.
    ex.play(after["legal"][0])
    assert ex.last_error is None


def test_lay_down_out_of_turn_is_a_message() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    assert ex.state["phase"] == "bidding" and not ex.state["may_lay_down"]
    ex.lay_down_button.click()
    assert ex.last_error is None and ex.message_kind == "warn"
    assert "your turn to play" in ex.message
    assert ex.lay_down_button in ex.controls()
