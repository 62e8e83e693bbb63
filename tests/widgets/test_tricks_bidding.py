"""Explorers 4 and 5: tricks and bidding."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal
from texas42.widgets import BiddingExplorer, TrickExplorer
from texas42.widgets.tricks_explorer import TRICK_CONTRACTS

from .helpers import click, table_buttons

# Seat 0 leads 6-4; seat 1 holds 4-4 (and 6-0); seats 2, 3 fill the set.
VECTOR = Deal(
    [
        "6-4 6-6 5-5 3-3 2-2 1-1 0-0",
        "4-4 6-0 3-1 2-1 5-3 5-2 1-0",
        "6-5 6-3 6-2 6-1 5-4 5-1 5-0",
        "4-3 4-2 4-1 4-0 3-2 3-0 2-0",
    ]
)


def test_trick_illegal_play_refused_with_rule() -> None:
    ex = TrickExplorer(contract="fours")
    ex.set_deal(VECTOR)
    assert ex.try_play("6-4")
    assert not ex.try_play("6-0")  # fours trump: 6-4 led trumps; 4-4 must be played
    assert "Refused" in ex.message and "4-4" in ex.message
    assert ex.state["trick"] == ["6-4"]
    assert ex.try_play("4-4")
    assert ex.state["trick"] == ["6-4", "4-4"]


def test_trick_winner_and_points_explained() -> None:
    ex = TrickExplorer(contract="fives")
    ex.set_deal(VECTOR)
    for d in ("6-4", "6-0", "6-3", "4-3"):
        assert ex.try_play(d), ex.message
    s = ex.state
    assert s["winner"] == 0 and s["points"] == 11
    assert "6-4 wins: it is the highest six; no trump was played" in ex.message
    assert "1 for the trick + 10 (6-4) = 11" in ex.why_box.value
    assert s["to_play"] == 0  # the winner leads next
    ex.try_play("5-5")  # a trump lead
    ex.try_play("5-3")
    ex.try_play("6-5")
    ex.try_play("3-2")
    assert ex.state["winner"] == 0 and "highest trump" in ex.message
    assert ex.state["tricks_done"] == 2


def test_trick_undo_start_over_and_typing() -> None:
    ex = TrickExplorer(contract="sixes")
    ex.set_deal(VECTOR)
    ex.typed.value = "6-6"
    assert ex.state["trick"] == ["6-6"]
    ex.typed.value = "nonsense"
    assert "not a domino" in ex.message
    ex.typed.value = "5-5"  # seat 1 does not hold it
    assert "does not hold" in ex.message
    ex.undo_button.click()
    assert ex.state["trick"] == []
    ex.undo_button.click()
    assert "Nothing to undo" in ex.message
    ex.try_play("6-6")
    ex.clear_button.click()
    assert ex.state["trick"] == [] and ex.deal == VECTOR


def test_trick_whole_hand_every_contract() -> None:
    for _, key in TRICK_CONTRACTS:
        ex = TrickExplorer(contract=key, seed=2, rules="house")  # every option
        assert ex.state["contract"] == key
        plays = 21 if key.startswith("nello") else 28  # in nello one hand sits out
        for _ in range(plays):
            legal = ex.state["legal"]
            assert ex.try_play(legal[0]), (key, ex.message)
        assert ex.state["to_play"] is None
        assert "All seven tricks played" in ex.message
        if not key.startswith(("nello", "sevens")):
            assert "42" in ex.message
        assert not ex.try_play("6-6")


def test_the_table_buttons_mark_legal_plays() -> None:
    ex = TrickExplorer(contract="fours")
    ex.set_deal(VECTOR)
    ex.try_play("6-4")
    buttons = {b.domino: b for b in table_buttons(ex.table)}
    assert buttons["4-4"].legal and buttons["4-4"].label == "Play 4-4"
    assert not buttons["6-0"].legal
    assert buttons["6-0"].label.startswith("6-0: cannot be played - 6-0 does not follow")
    ex.show_legal.value = False  # the labels no longer tell
    buttons = {b.domino: b for b in table_buttons(ex.table)}
    assert buttons["6-0"].label == "Play 6-0" and not buttons["4-4"].legal
    click(ex.table, "6-0")  # not allowed: refused, the reason read out by the table
    assert ex.state["trick"] == ["6-4"] and "Refused" in ex.table.note
    assert "Refused" not in ex.message  # said once, by the table
    click(ex.table, "4-4")
    assert ex.state["trick"] == ["6-4", "4-4"] and ex.table.note == ""


def test_trick_leader_and_contract_change_restart() -> None:
    ex = TrickExplorer()
    ex.try_play(ex.state["legal"][0])
    ex.leader_picker.value = 2
    assert ex.state["trick"] == [] and ex.state["to_play"] == 2
    ex.contract_picker.value = "doubles"
    assert ex.state["contract"] == "doubles" and ex.state["trick"] == []


# -- 5. bidding ----------------------------------------------------------------------------
def test_bidding_step_by_step() -> None:
    ex = BiddingExplorer(seed=3)
    assert ex.state["valid_bids"][0] == 0 and 30 in ex.state["valid_bids"]
    ex.bid_picker.value = 42
    assert "must win all seven tricks" in ex.meaning.value
    ex.bid_picker.value = 30
    ex.bid_button.click()
    assert ex.state["high_bid"] == 30 and ex.state["auction"] == ["Seat 1: 30"]
    assert 30 not in ex.state["valid_bids"]
    for _ in range(3):
        ex.auto_button.click()
        assert " — " in ex.state["auction"][-1]  # the computer says why
    assert ex.state["phase"] == "contract"
    ex.contract_picker.value = "doubles"
    assert "Doubles are trumps" in ex.meaning.value
    ex.name_button.click()
    assert ex.state["phase"] == "playing" and ex.state["contract"] == "doubles"
    assert "holds" in ex.result_box.value and "trump" in ex.result_box.value
    ex.undo_button.click()
    assert ex.state["phase"] == "contract"
    ex.auto_button.click()
    assert ex.state["contract"] is not None
    ex.auto_button.click()
    assert "auction is over" in ex.message


def test_bidding_forced_and_reshake_rules() -> None:
    ex = BiddingExplorer(seed=5)
    for _ in range(3):
        ex.bid_picker.value = 0
        ex.bid_button.click()
    assert 0 not in ex.state["valid_bids"]  # the shaker must bid
    assert "must bid" in ex.message
    ex.rules_picker.value = "n42pa"
    for _ in range(4):
        ex.bid_picker.value = 0
        ex.bid_button.click()
    assert ex.state["phase"] == "reshake"
    assert "shaken again" in ex.message


def test_bidding_deal_sources() -> None:
    ex = BiddingExplorer()
    deal = Deal.from_seed(8)
    ex.source.mode.value = "code"
    ex.source.code.value = deal.code
    ex.source.load_button.click()
    assert ex.state["deal"] == deal.code
    ex.source.code.value = "ABCD"
    ex.source.load_button.click()
    assert "not a deal code" in ex.message and ex.state["deal"] == deal.code
    ex.source.mode.value = "typed"
    ex.source.typed.value = "\n".join(str(h) for h in Deal.from_seed(9).hands)
    ex.source.load_button.click()
    assert ex.state["deal"] == Deal.from_seed(9).code
    ex.source.typed.value = "6-6 6-6"
    ex.source.load_button.click()
    assert "four lines" in ex.message
    ex.source.typed.value = "6-6 6-6\n1-1\n2-2\n3-3"
    ex.source.load_button.click()
    assert "twice" in ex.message


def test_bidding_odds_are_shown() -> None:
    ex = BiddingExplorer(seed=2)
    ex.odds_button.click()
    assert ex.last_error is None and "%" in ex.odds_box.value


@pytest.mark.parametrize("name", ["three-hand", "moon", "moon-5", "moon-7"])
def test_the_tricks_explorer_plays_every_table(name: str) -> None:
    """Another table in the Rules list: its deal, its seats, tricks of its size, its
    trick worth (Moon's: one point, no count), every domino played once."""
    from texas42.dominoes import Domino
    from texas42.rules import Rules

    rules = Rules.preset(name)
    ex = TrickExplorer(seed=3)
    ex.rules_picker.value = name
    assert ex.last_error is None and ex.state["rules"] == name
    assert ex.deal == Deal.from_seed(3, rules.layout)
    assert [v for _, v in ex.leader_picker.options] == list(range(rules.seats))
    ex.leader_picker.value = rules.seats - 1
    played: list[str] = []
    for _ in range(rules.seats * rules.hand_size):
        s = ex.state
        assert s["to_play"] is not None
        buttons = [b.domino for b in ex.table.buttons]
        assert sorted(s["legal"]) == sorted(b.domino for b in ex.table.buttons if b.legal)
        assert buttons, "the seat to play has its dominoes as buttons"
        ex.table.handle({"play": s["legal"][0]})
        assert ex.last_error is None, ex.last_error
        played.append(s["legal"][0])
        if len(ex.state["trick"]) == rules.seats:
            worth = rules.trick_points + (sum(Domino.parse(d).count for d in ex.state["trick"])
                                          if rules.count else 0)
            assert ex.state["points"] == worth
    assert ex.state["to_play"] is None and sorted(played) == sorted(
        str(d) for h in ex.deal.hands for d in h)
    assert sum(ex.state["tricks_won"]) == rules.hand_size
    assert f"All {rules.hand_size} tricks played" in ex.message or "All seven" in ex.message
