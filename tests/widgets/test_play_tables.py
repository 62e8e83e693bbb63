"""The play explorer at every table: choose the table, bid (points or tricks), take the
widow and lay aside, name trumps, play by clicking the table, to the end of the game."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42.deals import Deal
from texas42.rules import ALL_PRESETS
from texas42.widgets._players import decide
from texas42.widgets._tables import TABLES, table_rules
from texas42.widgets.play_explorer import PlayExplorer

from .helpers import bid_or_name, check_clean, click, table_buttons

ROUND_TABLES = ["three-hand", "moon", "moon-4", "moon-5", "moon-6", "moon-7"]


def learner_acts(ex: PlayExplorer) -> str:
    """The table's computer choice for the learner, made through the explorer's own
    controls: the pickers and buttons to bid and name, a click in the table else."""
    h = ex.hand
    d = decide(h)
    if ex.state["discarding"]:
        labels = {b.domino: b.label for b in table_buttons(ex.table)}
        assert labels[str(d.value)] == f"Lay {d.value} aside"
        click(ex.table, str(d.value))
    elif not bid_or_name(ex, d.value):
        assert str(d.value) in [b.domino for b in table_buttons(ex.table)]
        click(ex.table, str(d.value))
    check_clean(ex, "learner")
    assert ex.last_error is None, ex.last_error
    return str(d.value)


def finish_hand(ex: PlayExplorer) -> None:
    for _ in range(80):
        if ex.hand.is_over:
            return
        assert ex.state["your_turn"], ex.state
        learner_acts(ex)
    raise AssertionError("the hand did not end")


def test_the_table_picker_lists_every_player_count_with_a_plain_label() -> None:
    ex = PlayExplorer(seed=1)
    labels = [label for label, _ in ex.table_picker.options]
    assert labels == [label for label, _ in TABLES]
    counts = {label.split(" players")[0] for label in labels}
    assert counts == {"Two", "Three", "Four", "Five", "Six", "Seven"}
    assert "Three players: Moon" in labels and "Four players: 42" in labels
    for _, key in TABLES:
        assert table_rules(key).seats == {"two-hand": 4}.get(key, ALL_PRESETS.get(
            key, ALL_PRESETS["standard"]).seats)


@pytest.mark.parametrize("key", [*ROUND_TABLES, "two-hand"])
def test_choosing_a_table_deals_its_hand_and_its_seats(key: str) -> None:
    ex = PlayExplorer(seed=4, seat=1)
    ex.table_picker.value = key
    check_clean(ex, key)
    rules = ex.rules
    assert ex.hand.rules == rules and ex.state["table"] == key
    assert [v for _, v in ex.seat_picker.options] == list(range(rules.seats))
    assert ex.hand.deal == Deal.from_seed(4, rules.layout)
    assert len(ex.state["hand"]) == rules.hand_size
    # 42's Rules picker shows only at 42's tables.
    assert (ex.rules_picker.layout.display != "none") == (key == "two-hand")
    if rules.seats > 4:
        ex.seat_picker.value = rules.seats - 1
        assert ex.seat == rules.seats - 1 and ex.hand.shaker == rules.seats - 2


@pytest.mark.parametrize("key", ROUND_TABLES)
def test_a_whole_hand_at_each_round_table_by_click(key: str) -> None:
    ex = PlayExplorer(seed=7, seat=0, rules=key)
    assert ex.state["table"] == key
    for _ in range(6):
        finish_hand(ex)
        if ex.hand.result is not None:
            break
        ex.next_button.click()  # everyone passed: shake again
        check_clean(ex, "reshake")
    h = ex.hand
    assert h.result is not None, "a hand was bid in six shakes"
    assert ex.state["result"] == h.result.describe()
    assert len(h.plays) == len(h.tricks) * len(h.tricks[0].plays)
    if h.rules.widow and h.bidder == ex.seat:
        assert ex.state["tricks_won"] == list(h.tricks_won)
    # The table picture is the round one, seen from the learner's seat.
    assert "round-table-svg" in ex.table.value
    # Every computer line says why.
    computer = [x for x in ex.log if x.startswith("Seat ") and " — " in x]
    assert computer and all(x.split(" — ")[1].strip(". ") for x in computer)


@pytest.mark.parametrize("key", ["three-hand", "moon-5"])
def test_a_whole_game_at_a_table_of_three_or_five(key: str) -> None:
    ex = PlayExplorer(seed=2, seat=0, rules=key)
    for hands in range(1, 60):
        finish_hand(ex)
        if ex.state["winner"] is not None:
            break
        ex.next_button.click()
        check_clean(ex, "next")
        assert ex.state["hands_played"] == hands + 1
    assert ex.state["winner"] is not None
    assert ex.next_button.disabled
    assert "the game" in ex.message
    # The coach judges the learner's decisions at this table too.
    ex.review_button.click()
    check_clean(ex, "review")
    assert "Review" in ex.review_box.value and "fine" in ex.review_box.value


@pytest.mark.parametrize("key", ["three-hand", "moon-6"])
def test_a_round_table_refuses_a_play_out_of_turn_and_an_illegal_one(key: str) -> None:
    ex = PlayExplorer(seed=7, seat=0, rules=key)
    before = [a[:2] for a in ex.hand.actions]
    said = ex.message
    click(ex.table, ex.state["hand"][0])  # bidding: not a play; said by the table alone
    assert ex.last_error is not None and ex.table.note and ex.message == said
    assert [a[:2] for a in ex.hand.actions] == before
    for _ in range(200):
        if ex.hand.is_over:
            if ex.next_button.disabled:  # the game is won (a moon shot at four tricks): anew
                ex = PlayExplorer(seed=ex.hand.deal.masks[0] % 1000, seat=0, rules=key)
            else:
                ex.next_button.click()
            continue
        s = ex.state
        illegal = [d for d in s["hand"] if d not in s["legal"]]
        if s["your_turn"] and s["phase"] == "playing" and illegal:
            labels = {b.domino: b.label for b in table_buttons(ex.table)}
            assert labels[illegal[0]].startswith(f"{illegal[0]}: cannot be played - ")
            before = [a[:2] for a in ex.hand.actions]
            said = ex.message
            click(ex.table, illegal[0])  # refused: said once, by the table
            assert ex.table.note.startswith("Not allowed") and ex.message == said
            assert [a[:2] for a in ex.hand.actions] == before
            return
        learner_acts(ex)
    pytest.fail("no illegal domino in two hundred turns")


def test_the_lay_down_control_calls_the_hand_and_shows_its_refusal() -> None:
    ex = PlayExplorer(seed=7, seat=0, rules="moon")
    for _ in range(40):
        if ex.state["legal"]:
            break
        learner_acts(ex)
    assert ex.state["legal"], "seed 7: the learner plays within forty turns"
    before = [a[:2] for a in ex.hand.actions]
    ex.lay_down()
    assert [a[:2] for a in ex.hand.actions] == before or ex.hand.claim is not None
    assert ex.message


def test_a_table_the_deal_row_cannot_deal_changes_nothing() -> None:
    ex = PlayExplorer(seed=2, seat=0)
    ex.source.mode.value = "code"
    ex.source.code.value = Deal.from_seed(3).code  # a code of 42's table
    ex.source.load_button.click()
    check_clean(ex, "42 code")
    before = ex.state
    ex.table_picker.value = "moon"  # not a Moon deal code: refused
    assert ex.last_error is not None and ex.message_kind == "error"
    assert ex.table_picker.value == "42" and ex.hand.rules.name == "standard"
    assert [v for _, v in ex.seat_picker.options] == [0, 1, 2, 3]
    assert {k: v for k, v in ex.state.items() if k != "message"} == {
        k: v for k, v in before.items() if k != "message"}


@pytest.mark.parametrize("key", ["three-hand", "moon-6"])
def test_a_hint_at_a_table_of_three_or_six_changes_nothing(key: str) -> None:
    ex = PlayExplorer(seed=3, rules=key)
    assert ex.state["your_turn"] and ex.state["phase"] == "bidding"
    ex.hint_button.click()
    check_clean(ex, "hint")
    want = decide(ex.hand)
    if key == "three-hand":  # bids in points: the coach judges each bid over guesses
        assert ex.message.startswith("Hint: ") and "guesses" in ex.message
    else:  # bids in tricks: the computer's choice, then the odds of each bid
        choice = f"Hint: A good player would choose {want.text}: {want.reason}."
        assert ex.message.startswith(choice)
        assert "Odds from 600 deals" in ex.message
    assert ex.hint_box.value
    assert ex.state["phase"] == "bidding" and ex.state["your_turn"]  # nothing was done
    # Every table has the computer players to choose from.
    assert ex.opponents.layout.display != "none"
