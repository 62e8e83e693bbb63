"""The play explorer's table is its interface (issue 22 item 1): bids and trumps are buttons
under the hand, sent by the front end as ``{"bid": ...}`` / ``{"contract": ...}`` through
the explorer's own bid and name path (refused with the engine's reason); a click on a
domino that is not a button says whose turn it is; the computer's actions come as frames
the front end shows one at a time; the settings fold away."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("anywidget")

from texas42 import Phase
from texas42.analysis import RuleBasedPlayer, decide
from texas42.widgets.play_explorer import PAUSE_MS, PlayExplorer

from .helpers import bid_or_name, check_clean, click

ADVISOR = RuleBasedPlayer()


def send(ex: PlayExplorer, **content: str) -> None:
    """What the table's front end sends for a button under the picture, or a domino."""
    ex.table._on_front_end(ex.table, content, [])


def act_by_buttons(ex: PlayExplorer, action: Any) -> None:
    """The learner's ``action`` made on the table only: its bid or trump button, or a click
    on the domino."""
    h = ex.hand
    if h.phase is Phase.BIDDING:
        values = [a["value"] for a in ex.table.actions]
        assert ex.table.actions_label == "Your bid" and str(action) in values
        send(ex, bid=str(action))
    elif h.phase is Phase.CONTRACT:
        assert ex.table.actions_label == "Trumps"
        assert str(action) in [a["value"] for a in ex.table.actions]
        send(ex, contract=str(action))
    else:
        assert ex.table.actions == []
        click(ex.table, str(action))
    assert ex.last_error is None, ex.message


def test_the_bid_buttons_are_the_valid_bids_with_their_meaning() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    actions = ex.table.actions
    assert [a["value"] for a in actions] == [str(v) for _, v in ex.bid_picker.options]
    assert all(a["send"] == "bid" for a in actions)
    assert actions[0]["text"] == "Pass" and actions[0]["label"] == "Pass"
    assert actions[1]["label"] == "Bid 30" and "30" in actions[1]["title"]
    assert all(a["title"] for a in actions)  # each says what it promises


def test_a_whole_hand_by_the_table_buttons_is_the_hand_the_pickers_play() -> None:
    """The same deal played once by the table's buttons and once by the pickers: the same
    auction, plays, log and result (the engine decides the same)."""
    for seed in (5, 11):
        by_buttons, by_pickers = PlayExplorer(seed=seed, seat=0), PlayExplorer(seed=seed, seat=0)
        for _ in range(60):
            if by_buttons.hand.is_over:
                break
            d = decide(ADVISOR, by_buttons.hand)
            act_by_buttons(by_buttons, d.action)
            if not bid_or_name(by_pickers, d.action):
                click(by_pickers.table, str(d.action))
            check_clean(by_pickers, "pickers")
            assert by_buttons.state == by_pickers.state
        assert by_buttons.hand.is_over and by_buttons.state["result"]
        assert by_buttons.hand.actions == by_pickers.hand.actions


def test_a_bid_the_engine_refuses_is_answered_with_its_reason_by_the_table() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    before, said = list(ex.hand.bids), ex.message
    send(ex, bid="29")  # not a bid of 42 (a page out of date, or forged)
    assert ex.last_error is not None and ex.hand.bids == before
    # Said once, by the table: the message line keeps the instruction still to follow.
    assert "29" in ex.table.note and ex.message == said
    send(ex, bid="hello")
    assert ex.hand.bids == before and "hello" in ex.table.note and ex.message == said
    # Trumps cannot be named in the bidding: the turn is said.
    send(ex, contract="sixes")
    assert ex.hand.contract is None
    assert "cannot name trumps now" in ex.table.note and ex.message == said


def test_the_trump_buttons_name_the_contract_or_say_why_not() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    send(ex, bid="84")  # nobody outbids 84 here: the learner names trumps
    assert ex.hand.phase is Phase.CONTRACT and ex.hand.to_act == 0, ex.message
    actions = ex.table.actions
    assert ex.table.actions_label == "Trumps"
    assert [a["value"] for a in actions] == [str(c) for c in ex.hand.valid_contracts()]
    # The button says "Sixes"; its name, read out, "Sixes are trumps" (it holds the text).
    assert all(a["text"] in a["label"] and a["title"] for a in actions)
    assert actions[0]["text"] == "Sixes" and actions[0]["label"] == "Sixes are trumps"
    said = ex.message
    send(ex, contract="elevens")  # no such contract: the engine's reason
    assert ex.hand.contract is None and "elevens" in ex.table.note and ex.message == said
    send(ex, bid="30")  # the bidding is over
    assert "cannot bid now" in ex.table.note
    send(ex, contract=actions[0]["value"])
    assert ex.last_error is None and str(ex.hand.contract) == actions[0]["value"]
    assert ex.table.actions == [] and ex.table.note == ""


def test_a_click_on_a_domino_that_is_not_a_button_says_whose_turn_it_is() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    h = ex.hand
    mine = str(sorted(h.holding(0))[0])
    said = ex.message
    send(ex, tap=mine)  # the learner's own domino, in the bidding
    assert ex.message == said  # said by the table alone
    note = ex.table.note
    assert "It is your turn to bid" in note and "buttons under your hand" in note
    send(ex, tap="")  # a face-down domino: another player's
    assert ex.table.note.startswith("You cannot play another player's dominoes")
    west = str(sorted(h.holding(1))[0])
    send(ex, tap=west)  # a domino the learner cannot see but a page could name
    # Seats are places at the table (issue 34): seat 1 sits at the learner's left.
    assert ex.table.note.startswith("You cannot play the left opponent's dominoes")
    assert ex.hand.bids == [] and ex.last_error is not None  # nothing changed
    # In the play: whose turn and what to do.
    send(ex, bid="84")
    send(ex, contract=str(ex.hand.valid_contracts()[0]))
    send(ex, tap="")
    assert "It is your turn: play one of your dominoes" in ex.table.note


def test_out_of_turn_names_the_seat_to_play() -> None:
    """While a computer seat is to act (as the front end shows it during the computer's
    actions), a click on any domino names that seat and says to wait."""
    ex = PlayExplorer(seed=5, seat=0)
    ex.hand.bid(30)  # straight on the engine: seat 1 is to bid, the computer not asked yet
    assert ex.hand.to_act == 1
    for tap in ("", str(sorted(ex.hand.holding(0))[0])):
        send(ex, tap=tap)
        assert ex.table.note.endswith("It is the left opponent's turn: wait for them to play.")
    assert ex.hand.to_act == 1 and ex.hand.bids == [30]  # nothing changed


def test_after_the_hand_a_click_says_what_comes_next() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    for _ in range(60):
        if ex.hand.is_over:
            break
        act_by_buttons(ex, decide(ADVISOR, ex.hand).action)
    send(ex, tap=str(ex.hand.tricks[0].plays[0]))
    assert ex.table.note == "The hand is over. Press 'Review the hand' or 'Next hand'."


def test_the_computer_actions_come_as_frames_one_per_action() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    serial = ex.table.serial
    send(ex, bid="30")
    frames = ex.table.frames
    assert ex.table.serial == serial + 1
    # One short line each: what was done (the reason is in the log beside the table).
    computer = [x.split(" — ")[0] + "." for x in ex.log if not x.startswith("You ")]
    assert [f["words"] for f in frames] == [ex.log[0], *computer]
    assert all(" — " not in f["words"] for f in frames)
    assert frames[0]["words"] == "You bid 30."
    # Each frame is the table after that action: the bids so far in its header.
    assert all(f["svg"].startswith("<svg") for f in frames)
    assert "high bid 30 by you" in frames[0]["svg"]  # the table names places (issue 34)
    assert ex.table.pause_ms == PAUSE_MS
    # Turned off: no pictures to wait for, only the words (read out together).
    ex.pause.value = False
    assert ex.table.pause_ms == 0
    ex2 = PlayExplorer(seed=5, seat=0)
    ex2.pause.value = False
    send(ex2, bid="30")
    assert [f["words"] for f in ex2.table.frames] == [f["words"] for f in frames]
    assert all(f["svg"] == "" for f in ex2.table.frames)
    def no_ids(svg: str) -> str:  # each picture has ids of its own
        return re.sub(r"t42-[0-9a-f]+-\d+", "id", svg)

    assert no_ids(ex2.table.value) == no_ids(ex.table.value)  # the same final picture


def test_a_pause_turned_off_in_this_browser_before_is_turned_off_again() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    assert ex.pause.value and ex.table.pause_ms == PAUSE_MS
    ex.table.pause_off = True  # the front end: this browser kept "off"
    assert not ex.pause.value and ex.table.pause_ms == 0
    assert ex.last_error is None
    ex.pause.value = True  # the learner turns it on again: on, whatever was kept
    assert ex.table.pause_ms == PAUSE_MS


def test_a_refusal_sends_no_new_frames() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    send(ex, bid="30")
    serial, frames = ex.table.serial, ex.table.frames
    send(ex, bid="29")
    assert ex.table.serial == serial and ex.table.frames == frames


def test_commentary_off_the_frames_say_the_same() -> None:
    on, off = PlayExplorer(seed=5, seat=0), PlayExplorer(seed=5, seat=0)
    off.commentary.value = False
    send(on, bid="30")
    send(off, bid="30")
    assert [f["words"] for f in off.table.frames] == [f["words"] for f in on.table.frames]


def test_the_settings_fold_away_and_the_table_leads() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    assert ex.settings_box.layout.display == "none"
    assert ex.source.box in ex.settings_box.children  # the deal row, folded
    ex.settings_button.value = True
    assert ex.settings_box.layout.display is None
    ex.settings_button.value = False
    assert ex.settings_box.layout.display == "none"
    # The tools (Hint first) and the message line, then the table with its bids, in the
    # column of the table: what to do is read (and tabbed to) before the choices (issue
    # 34); the log and the hint beside it; the slot for other parts under the table; the
    # review (a chart, the table at a chosen moment) under it all, at the whole width.
    main, review = ex.ui.children[-2:]
    assert review is ex.review_box
    table_column, side = main.children
    assert list(table_column.children) == [ex.tools, ex.message_box, ex.table, ex.extras_box]
    assert ex.tools.children[0] is ex.hint_button
    assert list(side.children) == [ex.hint_box, ex.log_box]
    assert ex.hint_button in ex.tools.children and ex.review_button in ex.tools.children
    assert ex.lay_down_button.layout.display == "none"  # not in the bidding
