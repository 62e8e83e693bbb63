"""Issue 39: the tricks explorer keeps its deal code, contract and plays over a page
reload (the page's storage, as the play explorer keeps its game): what one explorer
stores, a new explorer with the same starting arguments (the reloaded page) puts back."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal
from texas42.widgets import TrickExplorer
from texas42.widgets._progress import ProgressStore

CODE = Deal.from_seed(23).code


def _played(ex: TrickExplorer, count: int) -> list[str]:
    for _ in range(count):
        assert ex.try_play(ex.state["legal"][-1])
    return [str(d) for d in ex.hand.plays]


def _reloaded(stored: str, **start: object) -> TrickExplorer:
    """A fresh explorer (the page reloaded) that reads ``stored`` from the page."""
    again = TrickExplorer(**start)  # type: ignore[arg-type]
    again.store.handle({"stored": stored})
    return again


def test_the_deal_code_contract_and_plays_come_back_after_a_reload() -> None:
    ex = TrickExplorer(contract="fours")
    ex.store.handle({"stored": ""})  # the page had nothing kept
    ex.contract_picker.value = "sixes"
    ex.leader_picker.value = 2
    ex.source.mode.value = "code"
    ex.source.code.value = CODE
    ex.source.load_button.click()
    plays = _played(ex, 6)
    stored = ex.store.data
    assert json.loads(stored)["deal"] == CODE
    again = _reloaded(stored, contract="fours")
    assert again.store.key == ex.store.key
    assert again.deal.code == CODE and str(again.contract) == "sixes"
    assert again.first_leader == 2 and [str(d) for d in again.hand.plays] == plays
    assert again.state["trick"] == ex.state["trick"] and again.notes == ex.notes
    assert again.source.mode.value == "code" and again.source.code.value == CODE
    assert again.message.startswith(f"Welcome back: deal {CODE} in sixes, 6 dominoes played.")
    assert again.store.data == stored  # (kept again as it was)
    # It plays on from there, and keeps that.
    _played(again, 1)
    assert len(json.loads(again.store.data)["plays"]) == 7


def test_another_table_and_its_contract_come_back() -> None:
    ex = TrickExplorer(rules="lechner", contract="nello")
    ex.store.handle({"stored": ""})
    plays = _played(ex, 4)
    again = _reloaded(ex.store.data, rules="lechner", contract="nello")
    assert str(again.contract) == str(ex.contract) and again.sitting_out == ex.sitting_out
    assert [str(d) for d in again.hand.plays] == plays


def test_each_explorer_has_its_own_key() -> None:
    keys = {TrickExplorer(contract="fours").store.key,
            TrickExplorer(contract="follow-me").store.key,
            TrickExplorer(rules="lechner", contract="sevens", seed=10).store.key}
    assert len(keys) == 3 and all(k.startswith("texas42-tricks:") for k in keys)


def test_only_the_sites_progress_is_copied_to_the_class_server() -> None:
    # (the tricks explorer's kept table is never sent as a student's progress, nor
    # replaced by the student's game from the class server)
    assert not TrickExplorer().store.class_copy
    assert ProgressStore().class_copy


def test_nothing_is_stored_before_the_page_was_read() -> None:
    ex = TrickExplorer()
    _played(ex, 2)
    assert ex.store.data == ""  # (it would write over what the page kept)


@pytest.mark.parametrize("stored", [
    "not json", json.dumps({"version": 99}), json.dumps([1, 2]),
    json.dumps({"version": 1, "rules": "standard", "contract": "sixes", "leader": 0,
                "seed": 1, "deal": "NOT-A-CODE", "plays": []}),
    json.dumps({"version": 1, "rules": "standard", "contract": "sixes", "leader": 0,
                "seed": 1, "deal": CODE, "plays": ["6-6", "6-6"]}),
    json.dumps({"version": 1, "rules": "standard", "contract": "nello", "leader": 0,
                "seed": 1, "deal": CODE, "plays": []}),
])
def test_a_kept_table_that_cannot_be_put_back_starts_anew(stored: str) -> None:
    fresh = TrickExplorer(contract="fours")
    again = _reloaded(stored, contract="fours")
    assert again.last_error is None and again.message_kind == "warn"
    assert "could not be put back" in again.message
    assert again.deal == fresh.deal and str(again.contract) == "fours"
    assert not again.hand.plays
    assert json.loads(again.store.data) == fresh.kept_state  # the bad one is replaced
