"""The tricks explorer says and shows what it did before it became a view over
:class:`texas42.Hand` (issue 24): the same drive, at every profile and table, with
every contract offered, compared with the recording made once from the old explorer
(``record_tricks_explorer.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from texas42.widgets.tricks_explorer import TrickExplorer

from .record_tricks_explorer import drive, load

RECORDED = load()


@pytest.fixture(scope="module")
def driven() -> Any:
    return json.loads(json.dumps(drive(TrickExplorer)))  # (tuples become lists, as recorded)


def test_the_recording_covers_every_profile_contract_and_refusal() -> None:
    profiles = RECORDED["profiles"]
    assert {"standard", "house", "lechner", "moon", "three-hand", "two-hand", "moon-4",
            "moon-7"} <= set(profiles)
    house = [h["contract"] for h in profiles["house"]["hands"]]
    assert "sevens" in house and sum(c.startswith("nello") for c in house) == 4
    rules = {s["illegal"]["rule"] for p in profiles.values() for h in p["hands"]
             for s in h["steps"] if "illegal" in s}
    assert rules == {"not-held", "follow-suit", "sevens"}


def test_the_starts_are_the_same(driven: Any) -> None:
    assert driven["start"] == RECORDED["start"]


@pytest.mark.parametrize("key", sorted(RECORDED["profiles"]))
def test_every_hand_of_the_profile_is_the_same(driven: Any, key: str) -> None:
    now, then = driven["profiles"][key], RECORDED["profiles"][key]
    assert now["switched"] == then["switched"]
    assert now["contracts_offered"] == then["contracts_offered"]
    assert len(now["hands"]) == len(then["hands"])
    for hand_now, hand_then in zip(now["hands"], then["hands"], strict=True):
        assert hand_now["contract"] == hand_then["contract"]
        for i, (step_now, step_then) in enumerate(
                zip(hand_now["steps"], hand_then["steps"], strict=True)):
            assert step_now == step_then, f"{key} {hand_now['contract']} step {i}"
    assert now["deal_code"] == then["deal_code"]
    assert now["junk"] == then["junk"]
