"""A deal code goes into every explorer that deals or shows hands (issue 23 item 5):
the tricks and count explorers take one with the same deal row as the bidding, replay
and play explorers; a code is said once, as the engine writes it (issue 22 item 5);
a bad code is a message, never a traceback. And the teacher's lesson plan can be done
step by step in the explorers with the book's deals A and B."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from texas42 import COUNT_DOMINOES, Deal, NotationError, Rules
from texas42.widgets import (
    BiddingExplorer,
    CountExplorer,
    PlayExplorer,
    ReplayExplorer,
    TrickExplorer,
)
from texas42.widgets._deals import DealSource

BOOK = Path(__file__).resolve().parents[2] / "book"


def book_deals() -> dict[str, Deal]:
    """The book's example deals A-D, from the book's own helper module (which imports
    its neighbour bookdiagrams, as the book's pages do with book/ on the path)."""
    spec = importlib.util.spec_from_file_location("bookkit", BOOK / "bookkit.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bookkit", module)
    sys.path.insert(0, str(BOOK))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BOOK))
    return dict(module.DEALS)


DEALS = book_deals()


def messy(code: str) -> str:
    """A code as a learner types it: lower case, spaces for dashes."""
    return code.lower().replace("-", " ")


def type_code(ex: Any, text: str) -> None:
    ex.source.mode.value = "code"
    ex.source.code.value = text
    ex.source.load_button.click()


@pytest.mark.parametrize("make", [TrickExplorer, CountExplorer])
def test_the_deal_row_is_the_one_the_other_explorers_use(make: Any) -> None:
    ex = make()
    assert isinstance(ex.source, DealSource)
    assert ex.source.box in ex.ui.children or any(
        ex.source.box in getattr(child, "children", ()) for child in ex.ui.children)
    assert ex.source.code in ex.extra and ex.seed_box is ex.source.seed


def test_a_code_typed_into_the_tricks_explorer_deals_that_deal() -> None:
    deal = Deal.from_seed(5)
    ex = TrickExplorer(contract="fours")
    ex.try_play(ex.state["legal"][0])
    type_code(ex, messy(deal.code))
    assert ex.deal == deal and ex.hand.deal == deal
    assert ex.state["trick"] == [] and ex.state["to_play"] == 0 and ex.state["contract"] == "fours"
    assert ex.message.startswith(f"Dealt deal code {deal.code}. ")
    assert ex.message.count(deal.code) == 1 and messy(deal.code) not in ex.message
    # the dominoes on the table are the deal's
    assert ex.state["legal"] == [str(d) for d in ex.hand.legal_plays()]
    assert set(ex.hand.holding(0)) == set(deal[0])


def test_a_code_typed_into_the_count_explorer_plays_that_deal() -> None:
    deal = Deal.from_seed(8)
    ex = CountExplorer(seed=1)
    type_code(ex, messy(deal.code))
    assert ex.state["code"] == deal.code and ex.hand is not None and ex.hand.deal == deal
    played = {d for t in ex.hand.tricks for d in t.plays}
    assert played == set(deal[0]) | set(deal[1]) | set(deal[2]) | set(deal[3])
    assert ex.message.startswith(f"Dealt deal code {deal.code}; seat 3 shook")
    assert messy(deal.code) not in ex.message
    ex.all_button.click()
    assert ex.state["total"] == 42


@pytest.mark.parametrize("make", [TrickExplorer, CountExplorer])
@pytest.mark.parametrize("text", ["zzz", "37TD-HCKT-S0X", ""])
def test_a_bad_code_is_a_message_and_changes_nothing(make: Any, text: str) -> None:
    ex = make()
    before = dict(ex.state)
    type_code(ex, text)
    assert isinstance(ex.last_error, NotationError) and ex.message_kind == "error"
    assert "deal code" in ex.message and "Traceback" not in ex.message
    after = dict(ex.state)
    before.pop("message"), after.pop("message")
    assert after == before


def test_the_tricks_explorer_takes_typed_hands_and_other_tables_codes() -> None:
    ex = TrickExplorer()
    ex.source.mode.value = "typed"
    ex.source.typed.value = "\n".join(str(DEALS["A"][s]) for s in range(4))
    ex.source.load_button.click()
    assert ex.deal == DEALS["A"] and ex.message.startswith(
        f"Dealt the hands typed in (deal code {DEALS['A'].code}). ")
    ex.rules_picker.value = "moon"
    moon = Deal.from_seed(4, Rules.preset("moon").layout)
    assert ex.source.code.placeholder.startswith("like ")
    type_code(ex, messy(moon.code))
    assert ex.deal == moon and ex.state["to_play"] == 0 and ex.last_error is None


@pytest.mark.parametrize("make", [BiddingExplorer, ReplayExplorer, PlayExplorer])
def test_the_other_explorers_say_a_typed_code_once(make: Any) -> None:
    deal = Deal.from_seed(5)
    ex = make()
    type_code(ex, messy(deal.code))
    assert f"deal code {deal.code}" in ex.message, ex.message
    assert ex.message.count(deal.code) == 1 and messy(deal.code) not in ex.message
    ex.source.mode.value = "seed"
    ex.source.seed.value = 5
    ex.source.load_button.click()
    assert f"hand number 5 (deal code {deal.code})" in ex.message, ex.message


# -- the teacher's guide, step by step (book/teachers.md) ---------------------------------------
def test_lesson_deal_a_three_tricks_of_follow_me_in_the_tricks_explorer() -> None:
    """ "Deal A below, face up: play three tricks of follow-me together." """
    ex = TrickExplorer(contract="follow-me")
    type_code(ex, DEALS["A"].code)
    assert ex.deal == DEALS["A"]
    for _ in range(12):
        assert ex.try_play(ex.state["legal"][0]), ex.message
    assert ex.state["tricks_done"] == 3 and ex.state["winner"] is not None
    assert "leads the next trick" in ex.message


def test_lesson_deal_b_fours_two_tricks_then_the_count() -> None:
    """ "Deal B, fours trump ... Play two tricks." then "Find the five count dominoes in
    Deal B; score the tricks just played." """
    ex = TrickExplorer(contract="fours")
    type_code(ex, DEALS["B"].code)
    for _ in range(8):
        assert ex.try_play(ex.state["legal"][0]), ex.message
    assert ex.state["tricks_done"] == 2
    scored = sum(t.points for t in ex.hand.tricks)
    assert f"Points taken: seats 0+2 {ex.hand.points[0]}, seats 1+3 {ex.hand.points[1]}" in (
        ex.table.value) and sum(ex.hand.points) == scored
    count = CountExplorer()
    type_code(count, DEALS["B"].code)
    assert count.hand is not None and count.hand.deal == DEALS["B"]
    held = {d for t in count.hand.tricks for d in t.plays}
    assert set(COUNT_DOMINOES) <= held
