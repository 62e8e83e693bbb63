"""Explorer 7 for two people: the learner plays both hands of one side (a house way
to play); the computer plays only the other side. Off by default: nothing changes."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Phase
from texas42 import table as table_model
from texas42 import widgets as tw
from texas42.analysis import RuleBasedPlayer, decide
from texas42.widgets.play_explorer import PlayExplorer

from .helpers import bid_or_name, check_clean

ADVISOR = RuleBasedPlayer()


def computer_seats(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seats the explorer's computer player acts for, in order (every computer turn
    goes through the table model's one door, :func:`texas42.table.decide`)."""
    seen: list[int] = []
    real = table_model.decide

    def spy(hand: Any, player: Any = None) -> Any:
        seen.append(hand.to_act)
        return real(hand, player)

    monkeypatch.setattr(table_model, "decide", spy)
    return seen


def learner_acts(ex: PlayExplorer) -> int:
    """The learner acts for the seat to act, as a person would: pickers and buttons,
    and a click on the table for a play. Returns the index of the action taken."""
    h = ex.hand
    index, seat = len(h.actions), h.to_act
    assert ex.your_turn and ex.acting == seat
    d = decide(ADVISOR, h)
    if not bid_or_name(ex, d.action):
        # The table's buttons are the dominoes of the seat being played.
        assert {b.domino for b in ex.table.buttons} == {str(x) for x in h.holding(seat)}
        ex.table.handle({"play": str(d.action)})
    check_clean(ex, "learner")
    assert len(h.actions) > index and h.actions[index].seat == seat
    return index


@pytest.mark.parametrize("seed", [3, 8])
def test_the_learner_plays_both_hands_of_a_side(
        monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    ex = tw.play(seed=seed, seat=0)
    seen = computer_seats(monkeypatch)
    ex.table_picker.value = "two-hand"  # a new game, with the learner at seats 0 and 2
    check_clean(ex, "two hands")
    assert ex.my_seats == (0, 2) and ex.state["seats"] == [0, 2]
    mine: list[int] = []
    partner_turns = 0
    for _ in range(80):
        if ex.hand.is_over:
            break
        if ex.acting == 2:
            partner_turns += 1
            assert "partner's hand (Seat 2)" in ex.message
            assert ex.state["hand"] == [str(d) for d in ex.hand.holding(2)]
        else:
            assert "partner's hand" not in ex.message
        mine.append(learner_acts(ex))
    h = ex.hand
    assert h.is_over and h.claim is None and partner_turns > 0
    # Every action of seats 0 and 2 came from the learner; none of 1 and 3 did.
    assert mine == [i for i, a in enumerate(h.actions) if a.seat in (0, 2)]
    assert seen and set(seen) <= {1, 3}
    assert {a.seat for a in h.actions} & {1, 3}
    assert any(x.startswith("You (your partner's hand)") for x in ex.log)
    assert not any(x.startswith(("Seat 0 ", "Seat 2 ")) for x in ex.log)


def test_the_partners_turn_is_the_learners(monkeypatch: pytest.MonkeyPatch) -> None:
    ex = tw.play(seed=3, seat=1)
    ex.table_picker.value = "two-hand"
    for _ in range(80):
        if ex.acting == 3 and ex.hand.phase is Phase.PLAYING:
            break
        learner_acts(ex)
    assert ex.acting == 3 and ex.your_turn and ex.hand.phase is Phase.PLAYING
    # The table is seen from the partner's seat while it is theirs to act: its
    # dominoes are the buttons, with the same labels a screen reader reads for yours.
    # (Its places are named from there: seat 3 is "You", to play, at the bottom.)
    assert re.search(r">You( · [a-z ]+)* · to play<", ex.table.value), ex.table.value
    held = {str(d) for d in ex.hand.holding(3)}
    assert {b.domino for b in ex.table.buttons} == held
    assert all(b.label for b in ex.table.buttons)
    # A domino of the other side is refused, by the table, and nothing changes.
    before = len(ex.hand.actions)
    ex.table.handle({"play": str(next(iter(ex.hand.holding(0))))})
    assert ex.hand.to_act == 3 and len(ex.hand.actions) == before and ex.table.note
    # The hint judges the seat being played.
    ex.hint_button.click()
    check_clean(ex, "hint")
    assert "not your turn" not in ex.message and ex.message.startswith("Hint")


def test_off_by_default_the_computer_plays_the_partner(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ex = tw.play(seed=3, seat=0)
    seen = computer_seats(monkeypatch)
    assert ex.table_picker.value == "42" and ex.my_seats == (0,)
    ex.source.load_button.click()
    mine = []
    for _ in range(60):
        if ex.hand.is_over:
            break
        assert ex.acting == 0 and "partner's hand" not in ex.message
        mine.append(learner_acts(ex))
    h = ex.hand
    assert mine == [i for i, a in enumerate(h.actions) if a.seat == 0]
    assert 2 in seen and 0 not in seen


def test_the_review_judges_each_hand_the_learner_played() -> None:
    ex = tw.play(seed=8, seat=0)
    ex.table_picker.value = "two-hand"
    for _ in range(80):
        if ex.hand.is_over:
            break
        learner_acts(ex)
    ex.review_button.click()
    check_clean(ex, "review")
    lines = ex.state["review"]
    assert ex.message.startswith("Review: Seat 0: ") and "Seat 2: " in ex.message
    h = ex.hand
    for seat in (0, 2):
        made = [a for a in h.actions if a.seat == seat]
        # (a forced play, with one domino allowed, is no decision to judge)
        assert 1 <= len([x for x in lines if x.startswith(f"Seat {seat}: ")]) <= len(made)
    assert all(x.startswith(("Seat 0: ", "Seat 2: ")) for x in lines)
    assert "Seat 2's hand:" in html.unescape(ex.review_box.value)
