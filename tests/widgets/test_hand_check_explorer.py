"""The course's last check as an explorer (widgets.hand_check): a whole hand played in the
play explorer, through its own controls, then Check my hand reads it back."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Phase
from texas42 import widgets as tw
from texas42.analysis import RuleBasedPlayer, decide
from texas42.lessons.hand_check import check_hand
from texas42.widgets.hand_check_explorer import CHECK_WHAT, PROMPT, HandCheckExplorer
from texas42.widgets.play_explorer import REVIEW_NOT_YET, REVIEW_WHAT

from .helpers import bid_or_name, check_clean, click

ADVISOR = RuleBasedPlayer()


def play_to_the_end(ex: HandCheckExplorer, *, refuse_once: bool = False) -> int:
    """The learner plays as the rule-based player would, by the explorer's controls.
    ``refuse_once``: the first time the learner must follow and holds a domino that does
    not, that domino is clicked first (the table refuses it). Returns the refusals made."""
    player, refused = ex.player, 0
    for _ in range(60):
        h = player.hand
        if h.is_over:
            return refused
        d = decide(ADVISOR, h)
        if bid_or_name(player, d.action):
            continue
        if refuse_once and not refused and h.current_trick:
            wrong = [x for x in h.holding(h.to_act) if x not in h.legal_plays()]
            if wrong:
                click(player.table, str(wrong[0]))
                assert getattr(player.last_error, "rule", None) == "follow-suit"
                refused += 1
                player.last_error = None
        click(player.table, str(d.action))
        check_clean(player, "learner")
    raise AssertionError("the hand did not end")


def test_check_before_the_end_says_not_yet() -> None:
    ex = tw.hand_check(seed=5, seat=0)
    # One message line, the play explorer's; what to do stands by the button.
    assert ex.message == ex.player.message and "Your turn to bid" in ex.message
    assert "then press Check my hand" in ex.report_box.value
    ex.check_button.click()
    assert not ex.state["passed"] and ex.message.startswith("Not yet")
    assert ex.message_kind == "warn" and "Not yet" in ex.report_box.value
    assert "What went well" not in ex.report_box.value
    # The hand goes on: the "Not yet" is gone, the table speaks again.
    ex.player.bid_picker.label = "pass"
    ex.player.bid_button.click()
    assert "Not yet" not in ex.report_box.value and not ex.message.startswith("Not yet")


@pytest.mark.parametrize("seed", [5, 12])
def test_a_whole_hand_played_passes_and_is_read_back(seed: int) -> None:
    ex = tw.hand_check(seed=seed, seat=0)
    refused = play_to_the_end(ex, refuse_once=True)
    assert ex.player.hand.phase is Phase.OVER
    assert "The hand is over: press Check my hand" in ex.report_box.value
    ex.check_button.click()
    state = ex.state
    assert state["passed"] and ex.message_kind == "good"
    assert ex.message == "You played a whole hand, from the shake to the score."
    # The same words as the engine's check of the same hand, with the refusals seen.
    assert state["refused"] == ["follow-suit"] * refused
    expected = check_hand(ex.player.hand, 0, state["refused"])
    assert state["well"] == list(expected.well) and state["look_at"] == list(expected.look_at)
    assert "What went well:" in ex.report_box.value
    for line in expected.well + expected.look_at:
        assert line.replace("'", "&#x27;") in ex.report_box.value
    assert refused == 1 and any("tried a domino" in x for x in state["look_at"])


def test_check_my_hand_is_disabled_until_the_hand_is_over_and_says_why() -> None:
    # Issue 34: a button that cannot act yet is disabled, its reason its description
    # (the title) and the line under it; the play explorer's Review the hand likewise.
    ex = tw.hand_check(seed=5, seat=0)
    assert ex.check_button.disabled and ex.check_button.tooltip == PROMPT
    assert PROMPT in ex.report_box.value
    review = ex.player.review_button
    assert review.disabled and review.tooltip == REVIEW_NOT_YET
    play_to_the_end(ex, refuse_once=False)
    assert not ex.check_button.disabled and ex.check_button.tooltip == CHECK_WHAT
    assert not review.disabled and review.tooltip == REVIEW_WHAT
    ex.player.next_button.click()  # a new hand: both wait again
    assert ex.check_button.disabled and ex.check_button.tooltip == PROMPT
    assert review.disabled and review.tooltip == REVIEW_NOT_YET


def test_next_hand_starts_a_new_check() -> None:
    ex = tw.hand_check(seed=5, seat=0)
    play_to_the_end(ex, refuse_once=True)
    ex.check_button.click()
    assert ex.state["passed"]
    ex.player.next_button.click()
    assert ex.player.hand.phase is Phase.BIDDING or not ex.player.hand.is_over
    ex.check_button.click()
    state = ex.state
    assert not state["passed"] and state["refused"] == [] and ex.message.startswith("Not yet")


def test_another_table_is_a_message_not_a_traceback() -> None:
    ex = tw.hand_check(seed=5, seat=0)
    ex.player.table_picker.value = "moon"
    ex.check_button.click()
    assert ex.message_kind == "error" and "hand of 42 at four seats" in ex.message
    assert ex.last_error is not None and getattr(ex.last_error, "rule", None) == "table"


def test_the_table_names_each_side_one_way() -> None:
    # Issue 34: "you and your partner" and "the opponents" on the Play table (the score,
    # the table's own line, the result), never "seats 0+2", "team 0" or "Seat 0's side".
    ex = tw.hand_check(seed=5, seat=0)
    player = ex.player
    score = player.score_box.value
    assert "hand 1: you and your partner 0<" in score and ", the opponents 0<" in score
    assert "Points: you and your partner 0, the opponents 0" in player.table.value
    play_to_the_end(ex, refuse_once=False)
    r = player.hand.result
    assert r is not None
    said = player.message
    words = [player.score_box.value, player.table.value, said]
    for old in ("seats 0+2", "seats 1+3", "team 0", "team 1", "'s side", "your side"):
        assert not any(old in w for w in words), old
    bidders = "You and your partner" if r.bidding_team == 0 else "The opponents"
    assert said.startswith(f"{bidders} {'made' if r.made else 'were set on'} ")
    winners = "you and your partner" if r.marks[0] else "the opponents"
    assert f": {winners} score {max(r.marks)} mark" in said
