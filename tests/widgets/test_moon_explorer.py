"""Explorer 9, Moon: the play explorer at Moon's table (three players, the widow and the
discard, a game to 21)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import widgets as tw
from texas42.analysis import RuleBasedPlayer, decide, solve_moon
from texas42.errors import Texas42Error
from texas42.moon import MOON_BIDS, MoonDeal
from texas42.widgets.play_explorer import PlayExplorer

from .helpers import check_clean, click, drive, table_buttons


def learner_acts(ex: PlayExplorer) -> str:
    """Take the advisor's choice for the learner, through the explorer's own controls."""
    h = ex.hand
    d = decide(RuleBasedPlayer(), h)
    if ex.state["bids"]:
        ex.bid_picker.value = d.action
        ex.bid_button.click()
    elif ex.state["discarding"]:
        ex.play(str(d.action))
    elif ex.state["contracts"]:
        ex.contract_picker.value = str(d.action)
        ex.name_button.click()
    else:
        ex.play(str(d.action))
    check_clean(ex, "learner")
    assert ex.last_error is None
    return str(d.action)


def finish_hand(ex: PlayExplorer) -> None:
    for _ in range(40):
        if ex.hand.is_over:
            return
        assert ex.state["your_turn"], ex.state
        learner_acts(ex)
    raise AssertionError("the hand did not end")


def test_the_learner_bids_first_with_seven_dominoes() -> None:
    ex = tw.moon(seed=3, seat=0)
    s = ex.state
    assert s["your_turn"] and s["phase"] == "bidding" and len(s["hand"]) == 7
    assert s["bids"] == [0, *MOON_BIDS]
    assert ex.hand.deal == MoonDeal.from_seed(3)
    # The bid's meaning is spelled out as the learner picks it.
    ex.bid_picker.value = 21
    assert "all seven tricks" in ex.meaning.value
    ex.bid_picker.value = 5
    assert "at least 5 of the 7 tricks" in ex.meaning.value


def test_winning_the_bid_takes_the_widow_then_a_discard_and_trumps() -> None:
    ex = tw.moon(seed=3, seat=0)
    widow = ex.hand.deal.widow
    ex.bid_picker.value = 21  # nobody can bid over 21: the learner wins the auction
    ex.bid_button.click()
    s = ex.state
    assert s["bidder"] == 0 and s["discarding"] and len(s["hand"]) == 8
    assert str(widow) in s["hand"]
    # The eight dominoes in the table are the discard buttons.
    buttons = table_buttons(ex.table)
    assert [b.domino for b in buttons] == s["hand"]
    assert buttons[0].label == f"Lay {s['hand'][0]} aside"
    click(ex.table, s["hand"][0])
    s = ex.state
    assert len(s["hand"]) == 7 and not s["discarding"]
    assert "doubles" not in s["contracts"] and "sixes" in s["contracts"]
    assert ex.hand.discard is not None and str(ex.hand.discard) not in s["hand"]
    ex.contract_picker.value = "follow-me"
    ex.name_button.click()
    assert ex.state["contract"] == "follow-me" and ex.state["your_turn"]  # the bidder leads
    assert ex.state["legal"] == ex.state["hand"]


def test_an_illegal_play_is_refused_and_nothing_changes() -> None:
    ex = tw.moon(seed=3, seat=0)
    ex.bid_picker.value = 21
    ex.bid_button.click()
    ex.play(ex.state["hand"][0])
    ex.contract_picker.value = "sixes"
    ex.name_button.click()
    ex.play(ex.state["hand"][0])  # the lead: anything goes
    # Find a turn of the learner's where some domino may not be played.
    for _ in range(30):
        if ex.hand.is_over:
            pytest.fail("no turn with an illegal domino in this deal")
        s = ex.state
        illegal = [d for d in s["hand"] if d not in s["legal"]]
        if s["your_turn"] and illegal:
            before = [a[:2] for a in ex.hand.actions]
            ex.play(illegal[0])
            assert isinstance(ex.last_error, Texas42Error)
            assert ex.message.startswith("Not allowed") and ex.message_kind == "error"
            assert [a[:2] for a in ex.hand.actions] == before
            return
        learner_acts(ex)
    pytest.fail("the learner never had an illegal domino")


def test_a_whole_game_to_21_with_reasons_hints_and_reviews() -> None:
    ex = tw.moon(seed=8, seat=1)
    assert ex.hand.shaker == 0  # the learner (seat 1) bids first in hand 1
    hands = 0
    while ex.state["winner"] is None:
        hands += 1
        assert hands < 40, "the game did not end"
        ex.hint_button.click()
        if ex.state["your_turn"]:
            assert ex.message.startswith("Hint: A good player would choose")
        finish_hand(ex)
        h = ex.hand
        if h.result is not None:
            # Every computer line has a reason; the result is written in the log.
            computer = [x for x in ex.log if x.startswith("Seat ") and " — " in x]
            assert computer and all(x.split(" — ")[1].strip(". ") for x in computer)
            assert ex.state["result"] == h.result.describe()
            if any(a.seat == ex.seat for a in h.actions) and hands <= 3:  # the coach is slow
                ex.review_button.click()
                assert ex.last_error is None, ex.last_error
                decisions = [a for i, a in enumerate(h.actions) if a.seat == ex.seat
                             and len(h.at(i).legal_actions()) > 1]
                assert len(ex.state["review"]) == len(decisions)
                assert ex.message.startswith("Review:")
        scores = ex.state["scores"]
        assert scores == list(ex.game.scores)
        if ex.state["winner"] is None:
            ex.next_button.click()
            assert ex.state["hands_played"] == hands + 1
            assert ex.hand.shaker == (hands) % 3  # the shake passes to the left
    winner = ex.state["winner"]
    assert ex.state["scores"][winner] >= 21
    assert ex.next_button.disabled
    ex.next_button.click()  # refused with a message, nothing changes
    assert ex.last_error is not None and "game is over" in ex.message
    assert ex.state["hands_played"] == hands


def test_the_review_judges_from_what_the_seat_saw_and_keeps_hindsight_apart() -> None:
    ex = tw.moon(seed=5, seat=2)
    finish_hand(ex)
    assert ex.choices, "seed 5 has a bidder: the learner played"
    ex.review_button.click()
    assert ex.last_error is None, ex.last_error
    plays = [x for x in ex.state["review"] if x.startswith("Trick ")]
    assert plays and all(any(w in x for w in ("fine", "inaccuracy", "mistake", "blunder"))
                         for x in plays)
    box = ex.review_box.value
    assert "guesses of the hidden dominoes" in box
    # The Moon solver's answer appears, but only as labelled hindsight, and only once the
    # review's hindsight toggle is on (off at first).
    assert "Hindsight (all hands open)" not in box
    ex.review_box.hindsight.value = True
    box = ex.review_box.value
    index = next(i for i, _ in ex.choices if len(ex.hand.at(i).legal_plays()) > 1)
    sol = solve_moon(ex.hand.at(index))
    assert "Hindsight (all hands open): best " + " ".join(str(x) for x in sol.best) in box


def test_next_hand_before_the_end_and_a_bad_code_change_nothing() -> None:
    ex = tw.moon(seed=3, seat=0)
    before = ex.state
    ex.next_button.click()
    assert isinstance(ex.last_error, Texas42Error) and "finish this hand" in ex.message
    ex.source.mode.value = "code"
    ex.source.code.value = "ZZZZ"
    ex.source.load_button.click()
    assert isinstance(ex.last_error, Texas42Error)
    assert {k: v for k, v in ex.state.items() if k != "message"} == {
        k: v for k, v in before.items() if k != "message"}
    good = MoonDeal.from_seed(12)
    ex.source.code.value = good.code
    ex.source.load_button.click()
    assert ex.hand.deal == good and ex.state["hands_played"] == 1


@pytest.mark.parametrize("opponents", ["random", "sampling:6"])
def test_other_computer_players(opponents: str) -> None:
    ex = tw.moon(seed=6, seat=0, opponents=opponents)
    finish_hand(ex)
    assert ex.hand.is_over
    assert all(" — " in x for x in ex.log if x.startswith("Seat ") and "widow" not in x)


def test_every_control_every_option() -> None:
    ex = tw.moon(seed=2)
    good = MoonDeal.from_seed(9).code
    counts = drive(ex, {id(ex.source.code): ["zz", "1234-5678-9", good],
                        id(ex.source.mode): ["code", "seed"]})
    assert counts and ex.state["message"] == ex.message
