"""The play explorer plays on from a position (``start=`` / :meth:`PlayExplorer.play_on`):
the course's positions from real hands, played out on the table and judged by the coach."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal, Hand, HandRecord
from texas42.analysis import RuleBasedPlayer, decide
from texas42.errors import InputError
from texas42.widgets.play_explorer import PlayExplorer

from .test_play_game import finish_hand


def position(seed: int, plays: int) -> Hand:
    """Hand ``seed`` played by rule-based players until ``plays`` dominoes are down."""
    hand = Hand(Deal.from_seed(seed), shaker=3)
    rules = RuleBasedPlayer()
    while not hand.is_over and sum(1 for a in hand.actions if a.kind == "play") < plays:
        d = decide(rules, hand)
        if hand.phase.name == "BIDDING":
            hand.bid(d.action)
        elif hand.phase.name == "CONTRACT":
            hand.name_contract(d.action)
        else:
            hand.play(d.action)
    return hand


def test_it_plays_on_from_the_position_to_the_end_with_the_review() -> None:
    start = position(48, 9)
    seat = start.to_act
    ex = PlayExplorer(seed=48, seat=seat, start=start)
    assert ex.hand.actions == start.actions and ex.hand is not start  # a copy of its own
    assert ex.your_turn and ex.message.startswith("Play on from here.")
    finish_hand(ex)
    assert ex.hand.is_over and ex.last_error is None
    assert ex.hand.actions[: len(start.actions)] == start.actions
    ex.review_button.click()
    assert ex.last_error is None and ex.review_box.reviews


def test_a_record_works_as_well_as_a_hand() -> None:
    start = position(7, 4)
    ex = PlayExplorer(seed=7, seat=start.to_act)
    ex.play_on(HandRecord.from_hand(start))
    assert ex.hand.actions == start.actions


@pytest.mark.parametrize("bad, words", [
    ("6-4", "a hand or a hand record"),
    (None, "a hand or a hand record"),
])
def test_a_bad_position_is_refused_and_nothing_changes(bad: object, words: str) -> None:
    ex = PlayExplorer(seed=3)
    before = ex.hand.actions
    with pytest.raises(InputError, match=words) as info:
        ex.play_on(bad)  # type: ignore[arg-type]
    assert info.value.rule == "position" and ex.hand.actions == before


def test_a_hand_that_is_over_is_refused() -> None:
    over = position(48, 28)
    assert over.is_over
    ex = PlayExplorer(seed=3)
    with pytest.raises(InputError, match="over"):
        ex.play_on(over)


def test_a_position_is_not_a_game_to_keep() -> None:
    with pytest.raises(InputError, match="not both") as info:
        PlayExplorer(keep=True, start=position(48, 4))
    assert info.value.rule == "position"
