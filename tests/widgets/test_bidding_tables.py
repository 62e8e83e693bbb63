"""The bidding explorer at every table: Moon (three seats, a widow), three-hand 42
(bids in points, 44 points), Moon for five (three dominoes out of play): the seats
follow the table, the learner and the computer bid to the end, only legal bids are
taken, refusals change nothing, the odds, the discard and naming trumps."""

from __future__ import annotations

import html
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal
from texas42.rules import ALL_PRESETS
from texas42.widgets import bidding_explorer as be
from texas42.widgets.bidding_explorer import BiddingExplorer

from .helpers import check_clean

TABLES = ("moon", "three-hand", "moon-5")


@pytest.fixture(autouse=True)
def few_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(be, "ODDS_SAMPLES", 20)


def _snapshot(ex: BiddingExplorer) -> dict[str, Any]:
    s = dict(ex.state)
    s.pop("message")
    return s


def bid_lowest(ex: BiddingExplorer) -> int:
    """The learner (first to speak) bids the lowest bid, so somebody wins the bidding."""
    first = min(b for b in ex.hand.valid_bids() if b)
    ex.bid_picker.value = first
    ex.bid_button.click()
    return first


def to_the_play(ex: BiddingExplorer) -> None:
    """The learner bids the lowest bid, the computer does the rest (bids, the discard,
    trumps) until the play starts; nothing it does is refused."""
    bid_lowest(ex)
    for _ in range(20):
        if ex.state["phase"] == "playing":
            break
        ex.auto_button.click()
        assert ex.last_error is None, ex.message
    assert ex.state["phase"] == "playing"


def _auction(ex: BiddingExplorer) -> list[int]:
    """The learner bids the lowest bid; the computer speaks for everyone after. Each bid
    taken was a legal one."""
    first = bid_lowest(ex)
    check_clean(ex, "learner's bid")
    assert ex.hand.bids == [first] and ex.last_error is None
    while ex.hand.phase.value == "bidding":
        legal = ex.state["valid_bids"]
        n = len(ex.hand.bids)
        ex.auto_button.click()
        check_clean(ex, "computer's bid")
        assert len(ex.hand.bids) == n + 1 and ex.hand.bids[-1] in legal
    return list(ex.hand.bids)


@pytest.mark.parametrize("key", TABLES)
def test_seats_and_bids_follow_the_table(key: str) -> None:
    rules = ALL_PRESETS[key]
    ex = BiddingExplorer(seed=5, rules=key)
    assert ex.state["seats"] == rules.seats
    assert [v for _, v in ex.shaker_picker.options] == list(range(rules.seats))
    assert [v for _, v in ex.bid_picker.options] == ex.hand.valid_bids()
    labels = [label for label, _ in ex.bid_picker.options]
    if rules.bidding == "tricks":
        assert labels[0] == "pass" and f"{rules.trick_min_bid} tricks" in labels
        assert labels[-1] == f"{rules.moon_bid}: shoot the moon"
        ex.bid_picker.value = rules.moon_bid
        assert "take all" in ex.meaning.value and "tricks" in ex.meaning.value
    else:
        assert "30" in labels
        # Three-hand: 44 points, the bidder alone (not 42's partners).
        ex.bid_picker.value = 30
        assert "at least 30 of the 44 points" in ex.meaning.value
        assert "alone" in ex.meaning.value and "set it by taking 15" in ex.meaning.value
    # No partners at these tables: no team is named.
    assert "team" not in ex.hand_box.value
    # Every hand shown open: one row per seat of the table.
    ex.show_all.value = True
    assert ex.hand_box.value.count("Seat ") >= rules.seats
    check_clean(ex, "show all")


@pytest.mark.parametrize("key", TABLES)
def test_an_auction_to_the_end_then_the_widow_and_trumps(key: str) -> None:
    rules = ALL_PRESETS[key]
    ex = BiddingExplorer(seed=5, rules=key)
    bids = _auction(ex)
    h = ex.hand
    assert h.bidder is not None and h.high_bid == max(bids)
    assert len(ex.state["auction"]) == rules.seats
    if rules.widow:
        # The bidder holds the widow too, and lays one domino aside.
        assert ex.state["next_action"] == "discard"
        options = ex.state["discard_options"]
        assert len(options) == rules.hand_size + rules.widow
        assert set(map(str, h.deal.widow_set)) <= set(options)
        assert "widow" in ex.hand_box.value
        choice = options[-1]
        ex.discard_picker.value = choice
        assert "face down" in ex.meaning.value
        ex.discard_button.click()
        check_clean(ex, "discard")
        assert ex.state["discards"] == [choice]
        assert len(h.holding(h.bidder)) == rules.hand_size
    assert ex.state["next_action"] == "contract"
    assert ex.state["contracts"]
    named = ex.state["contracts"][-1]
    ex.contract_picker.value = named
    ex.name_button.click()
    check_clean(ex, "name trumps")
    assert ex.state["phase"] == "playing" and ex.state["contract"] == named
    result = ex.result_box.value
    assert "named" in result and "Hindsight" in result
    if rules.aside:
        assert "out of play" in result
    # Hindsight, asked for: the one solver with every hand open, said so.
    ex.hindsight_button.click()
    check_clean(ex, "hindsight")
    assert ex.state["hindsight"].startswith("Hindsight (all hands open)")
    assert html.escape(ex.state["hindsight"]) in ex.result_box.value
    # Undo takes back the contract, then (where there is one) the discard.
    ex.undo_button.click()
    assert ex.state["phase"] == "contract" and ex.state["hindsight"] == ""
    if rules.widow:
        ex.undo_button.click()
        assert ex.state["next_action"] == "discard" and ex.state["discards"] == []
    check_clean(ex, "undo")


@pytest.mark.parametrize("key", TABLES)
def test_the_computer_does_it_all_with_reasons(key: str) -> None:
    ex = BiddingExplorer(seed=5, rules=key)
    to_the_play(ex)
    # Each line after the learner's bid says what and why.
    assert all(" — " in line for line in ex.state["auction"][1:])
    if ALL_PRESETS[key].widow:
        assert any("aside, face down" in line for line in ex.state["auction"])
    ex.auto_button.click()
    assert ex.message_kind == "warn" and "over" in ex.message


@pytest.mark.parametrize("key", TABLES)
def test_refusals_say_why_and_change_nothing(key: str) -> None:
    ex = BiddingExplorer(seed=5, rules=key)
    first = bid_lowest(ex)
    # A stale bid list: the same bid again does not beat the high bid.
    before = _snapshot(ex)
    ex.bid_picker.options = [("stale", first)]
    ex.bid_picker.value = first
    ex.bid_button.click()
    check_clean(ex, "stale bid")
    assert ex.message_kind == "error" and ex.message
    assert _snapshot(ex) == before
    # Laying a domino aside or naming trumps during the bidding.
    ex.render()
    before = _snapshot(ex)
    ex.discard_button.click()
    check_clean(ex, "early discard")
    assert ex.message_kind == "error" and _snapshot(ex) == before
    ex.name_button.click()
    check_clean(ex, "early trumps")
    assert ex.message_kind == "error" and _snapshot(ex) == before


def test_moon_names_trumps_only_after_the_discard() -> None:
    ex = BiddingExplorer(seed=5, rules="moon")
    _auction(ex)
    assert ex.state["next_action"] == "discard"
    before = _snapshot(ex)
    ex.contract_picker.value = ex.contract_picker.options[0][1]
    ex.name_button.click()
    check_clean(ex, "trumps before the discard")
    assert ex.message_kind == "error" and "widow" in ex.message
    assert _snapshot(ex) == before


@pytest.mark.parametrize("key", ("moon", "moon-5"))
def test_odds_of_bids_in_tricks(key: str) -> None:
    rules = ALL_PRESETS[key]
    ex = BiddingExplorer(seed=5, rules=key)
    ex.odds_button.click()
    check_clean(ex, "odds")
    odds = ex.odds_box.value
    assert "Chance of making each bid" in odds and "Points to expect" in odds
    bids = [b for b in ex.hand.valid_bids() if b]
    assert list(ex._odds) == [be.trick_bid_words(b) for b in bids]
    for row in ex._odds.values():
        assert 0.0 <= row["made"] <= 1.0
    # Shooting the moon is made only when every trick is: never likelier than the
    # lowest bid.
    low, moon = ex._odds[be.trick_bid_words(bids[0])], ex._odds[be.trick_bid_words(
        rules.moon_bid)]
    assert moon["made"] <= low["made"]
    assert "the best is to" in ex.message


def test_odds_at_three_hand_by_trumps() -> None:
    ex = BiddingExplorer(seed=5, rules="three-hand")
    ex.odds_button.click()
    check_clean(ex, "odds")
    assert "rows: trumps" in ex.odds_box.value
    assert "sixes" in ex._odds and all(30 in row for row in ex._odds.values())
    assert "making 30" in ex.message


def test_changing_the_table_deals_again_and_42_is_as_before() -> None:
    ex = BiddingExplorer(seed=3)
    assert ex.state["seats"] == 4
    ex.shaker_picker.value = 3
    ex.rules_picker.value = "moon-5"
    check_clean(ex, "to moon-5")
    assert ex.hand.rules.name == "moon-5" and ex.state["seats"] == 5
    assert ex.hand.shaker == 3 and len(ex.shaker_picker.options) == 5
    ex.shaker_picker.value = 4
    ex.rules_picker.value = "moon"
    check_clean(ex, "to moon")
    assert ex.hand.shaker == 0 and len(ex.shaker_picker.options) == 3
    ex.rules_picker.value = "standard"
    check_clean(ex, "back to 42")
    assert ex.state["seats"] == 4 and ex.hand.rules.name == "standard"
    ex.bid_picker.value = 30
    ex.bid_button.click()
    assert ex.state["auction"] == ["Seat 1: 30"]


def test_a_table_the_deal_row_cannot_deal_changes_nothing() -> None:
    ex = BiddingExplorer(seed=3)
    ex.source.mode.value = "code"
    ex.source.code.value = Deal.from_seed(5).code  # a code of 42's table
    ex.source.load_button.click()
    check_clean(ex, "42 code")
    before = _snapshot(ex)
    ex.rules_picker.value = "moon"  # not a Moon deal code: refused, the list goes back
    assert ex.last_error is not None and ex.message_kind == "error"
    assert "deal code" in ex.message.lower() or "code" in ex.message.lower()
    assert ex.rules_picker.value == "standard" and ex.hand.rules.name == "standard"
    assert len(ex.shaker_picker.options) == 4
    assert _snapshot(ex) == before


def test_reshake_is_said_in_words() -> None:
    ex = BiddingExplorer(seed=5, rules="moon-5")
    while ex.state["phase"] == "bidding":
        ex.bid_picker.value = 0
        ex.bid_button.click()
        check_clean(ex, "pass")
    assert ex.state["phase"] == "reshake"
    assert "Everyone passed" in ex.auction_box.value
    ex.odds_button.click()
    check_clean(ex, "odds after all passed")
    assert ex.message_kind == "warn"


@pytest.mark.parametrize("key", ("moon", "three-hand"))
def test_review_of_the_bids(key: str) -> None:
    ex = BiddingExplorer(seed=5, rules=key)
    first = bid_lowest(ex)
    ex.sound_button.click()
    check_clean(ex, "review")
    (line,) = ex.state["sound"]
    said = be.trick_bid_words(first) if ALL_PRESETS[key].bidding == "tricks" else str(first)
    assert line.startswith(f"Seat 1 bid {said}: ") and "Best from its own dominoes" in line
    own = "seven" if key == "moon" else "nine"
    assert f"own {own} dominoes" in ex.sound_box.value
