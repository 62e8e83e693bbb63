"""The play explorer's "Lay down" button: a sure claim ends the hand with the reason;
a claim that is not sure is explained as a message and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator

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


def _learner_turns(seed: int) -> Iterator[PlayExplorer]:
    """One explorer walked through the hand, given at each of the learner's turns to play
    (between them the learner plays its last legal domino): take the one you want before
    asking for the next, which plays on from it."""
    ex = PlayExplorer(seed=seed, seat=0)
    if not _to_play(ex):
        return
    for _ in range(7):
        yield ex
        ex.play(ex.state["legal"][-1])
        if not ex.state["your_turn"] or ex.state["phase"] != "playing":
            return


def _find(valid: bool) -> PlayExplorer:
    for seed in range(1, 40):
        for ex in _learner_turns(seed):
            if ex.hand.phase is Phase.PLAYING and verify_claim(ex.hand, 0).valid == valid:
                return ex
    raise AssertionError("no such position in the seeds tried")


def test_sure_claim_ends_the_hand_with_the_reason() -> None:
    ex = _find(valid=True)
    # The button sits under the table (ex.tools), shown only while a claim may be made.
    assert ex.state["may_lay_down"] and ex.lay_down_button in ex.tools.children
    assert ex.lay_down_button.layout.display != "none"
    ex.lay_down_button.click()
    s = ex.state
    assert ex.last_error is None
    assert s["phase"] == "over" and s["result"] and ex.hand.claim is not None
    assert ex.hand.claim.seat == 0 and len(ex.hand.tricks) >= 1
    assert s["claim"].startswith("Valid:") and ex.message.startswith("Valid:")
    # The result in the learner's words (you and your partner / the opponents).
    assert ex.message_kind == "good" and ex.hand.status(seen_by=ex.seat) in ex.message
    assert any("laid down" in line for line in s["log"])
    assert not s["may_lay_down"] and ex.lay_down_button.layout.display == "none"


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


def test_the_replay_explorer_says_where_the_hand_was_laid_down() -> None:
    from texas42 import Deal, Hand
    from texas42.widgets import ReplayExplorer

    sixes = "6-6 6-5 6-4 6-3 6-2 6-1 5-5"
    others = ["6-0 0-0 1-0 1-1 2-0 2-1 2-2", "3-0 3-1 3-2 3-3 4-0 4-1 4-2",
              "4-3 4-4 5-0 5-1 5-2 5-3 5-4"]
    hand = Hand.at_play(Deal([sixes.split()] + [h.split() for h in others]), "sixes", bid="30",
                        shaker=3)
    hand.play(hand.legal_plays()[0])
    for _ in range(3):
        hand.play(hand.legal_plays()[0])
    hand.lay_down(0)
    ex = ReplayExplorer(record=hand.record().to_json())
    claim_step = 5 + 4 + 1  # four bids, the contract, trick 1, then the first play after it
    ex.slider.value = claim_step
    assert "Seat 0 lays the hand down" in ex.message, ex.message
    ex.slider.value = claim_step + 1
    assert ex.message.startswith("(Played out after the lay-down.)")
    ex.slider.value = claim_step - 1
    assert "lay-down" not in ex.message and "lays the hand down" not in ex.message
