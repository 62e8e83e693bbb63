"""Explorer 6 replays Moon, the three-player game: records, views, solver, controls."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal
from texas42.analysis import make_player, play_hand, solve_moon
from texas42.dominoes import Domino
from texas42.moon import MoonDeal, MoonHand
from texas42.tricks import follows, led_suit
from texas42.widgets import ReplayExplorer

from .helpers import check_clean, drive


def _moon_hand(seed: int) -> MoonHand:
    """A whole Moon hand played by three rule-based players (a real record to paste)."""
    hand = MoonHand(MoonDeal.from_seed(seed), shaker=seed % 3)
    play_hand(hand, [make_player("rule-based") for _ in range(3)])
    assert hand.result is not None  # these seeds are bid and played out
    return hand


def _load(ex: ReplayExplorer, text: str) -> None:
    ex.record_box.value = text
    ex.record_button.click()


def _named(domino: Domino, text: str) -> bool:
    """Whether ``text`` names ``domino`` ("5-2" alone, not inside "15-2.5")."""
    return re.search(rf"(?<![\d.]){domino.high}-{domino.low}(?![\d.])", text) is not None


def _illegal_record(hand: MoonHand) -> tuple[str, int]:
    """``hand``'s record with one play swapped for a domino that fails to follow suit."""
    first_play = len(hand.actions) - len(hand.plays)
    for i in range(len(hand.plays)):
        before = hand.at(first_play + i)
        wrong = [d for d in before.holding(before.to_act) if d not in before.legal_plays()]
        if wrong:
            data = json.loads(hand.to_json())
            data["plays"] = [*data["plays"][:i], str(wrong[0])]
            return json.dumps(data), i
    raise AssertionError("no play in this hand where a domino could fail to follow")


def test_moon_record_round_trip_every_step() -> None:
    hand = _moon_hand(1)
    text = hand.to_json()
    ex = ReplayExplorer()
    assert ex.state["game"] == "42" and len(ex.state["views"]) == 5
    _load(ex, text)
    assert ex.last_error is None and "Moon hand record" in ex.message
    s = ex.state
    assert s["game"] == "moon" and s["rules"] == "moon" and s["views"] == [-1, 0, 1, 2]
    assert s["steps"] == len(hand.actions)
    again = MoonHand.replay_dict(json.loads(text))
    for step in range(s["steps"] + 1):
        ex.slider.value = step
        want = again.at(step)
        s = ex.state
        assert ex.last_error is None and f"Step {step} of" in ex.step_box.value
        assert s["hands"] == {p: [str(d) for d in want.holding(p)] for p in range(3)}
        assert s["trick"] == [str(d) for d in want.current_trick]
        assert s["tricks_won"] == list(want.tricks_won)
        assert s["phase"] == want.phase.value and s["trick_sizes"] == [3] * len(want.tricks)
        for p in range(3):  # the open view draws every held domino
            assert all(f'data-domino="{d}"' in ex.table.value for d in want.holding(p))
    assert hand.result is not None and ex.message == hand.result.describe()
    assert ex.message_kind == "good"


def test_each_step_says_what_happened() -> None:
    hand = _moon_hand(1)
    ex = ReplayExplorer(record=hand.to_json())
    words = []
    for step in range(1, ex.state["steps"]):
        ex.slider.value = step
        words.append(ex.message)
    bidder = f"Seat {hand.bidder}"
    assert words[0].startswith(f"Seat {hand.actions[0].seat} ")
    assert any("picks up the widow" in w and str(hand.deal.widow) in w for w in words)
    assert any(w.startswith(f"{bidder} lays {hand.discard} aside") for w in words)
    assert any(w.startswith(f"{bidder} names {hand.contract}") for w in words)
    trick_ends = [w for w in words if "wins the trick" in w]
    assert len(trick_ends) >= 6  # the seventh ends the hand: the result is shown instead
    for n, trick in enumerate(hand.tricks[: len(trick_ends)]):
        assert f"Seat {trick.winner} wins the trick" in trick_ends[n]


def test_views_hide_other_seats_and_the_discard() -> None:
    hand = _moon_hand(2)
    assert hand.bidder is not None and hand.discard is not None
    ex = ReplayExplorer(record=hand.to_json())
    widow_played = hand.actions.index(next(a for a in hand.actions if a.value == hand.deal.widow))
    for seat in range(3):
        ex.view_picker.value = seat
        assert ex.state["view"] == seat
        for step in range(ex.state["steps"] + 1):
            ex.slider.value = step
            h, s = hand.at(step), ex.state
            assert set(s["hands"]) == {seat}
            hidden = [d for p in range(3) if p != seat for d in h.holding(p)]
            svg = ex.table.value
            assert not any(f'data-domino="{d}"' in svg or _named(d, svg) for d in hidden)
            if seat == hand.bidder:
                continue
            if h.is_over:  # the discard is turned up at the end, in words and picture
                assert s["discard"] == str(hand.discard) and _named(hand.discard, svg)
                continue
            # Not the bidder: the widow and the discard are never named (the widow only
            # once it is played, for everyone to see).
            text = ex.step_box.value + ex.known_box.value + ex.message + svg
            assert not _named(hand.discard, text), (seat, step)
            assert s["discard"] in (None, "face down")
            if step < widow_played:
                assert not _named(hand.deal.widow, text), (seat, step)
    # The bidder's own view and the open view name the discard.
    ex.slider.value = ex.state["steps"] // 2
    for view in (hand.bidder, -1):
        ex.view_picker.value = view
        assert ex.state["discard"] == str(hand.discard)
        assert f"laid {hand.discard} aside" in ex.known_box.value


def test_back_to_42_restores_four_seats() -> None:
    ex = ReplayExplorer()
    ex.view_picker.value = 3
    ex.rules_picker.value = "moon"
    assert ex.last_error is None and ex.state["game"] == "moon"
    assert ex.state["views"] == [-1, 0, 1, 2] and ex.state["view"] is None
    assert ex.full.deal == MoonDeal.from_seed(1) and len(ex.state["hands"]) == 3
    ex.view_picker.value = 2
    ex.rules_picker.value = "standard"
    assert ex.state["game"] == "42" and ex.state["views"] == [-1, 0, 1, 2, 3]
    assert ex.state["view"] == 2 and ex.full.deal == Deal.from_seed(1)
    ex.view_picker.value = 3
    assert ex.last_error is None and set(ex.state["hands"]) == {3}


def test_bad_moon_record_keeps_the_hand_loaded() -> None:
    bad, index = _illegal_record(_moon_hand(3))
    for before in (ReplayExplorer(seed=4), ReplayExplorer(record=_moon_hand(5).to_json())):
        ex = before
        ex.slider.value = 2
        full, state = ex.full, ex.state
        _load(ex, bad)
        assert ex.message_kind == "error" and "follow-suit" in ex.message
        assert f"play {index}" in ex.message
        assert getattr(ex.last_error, "rule", None) == "follow-suit"
        assert ex.full is full
        assert {k: v for k, v in ex.state.items() if k != "message"} == {
            k: v for k, v in state.items() if k != "message"
        }
    ex = ReplayExplorer()
    _load(ex, '{"rules": "moon", "hands": [["6-6"]], "widow": "3-1"}')
    assert ex.message_kind == "error" and ex.state["game"] == "42"
    data = _moon_hand(3).to_dict() | {"shaker": 7}  # not a seat: a bad record, not a bug
    _load(ex, json.dumps(data))
    assert ex.message_kind == "error" and "shaker 7" in ex.message
    check_clean(ex, "a malformed Moon record")
    assert ex.state["game"] == "42"


def test_solver_view_matches_solve_moon() -> None:
    hand = _moon_hand(1)
    ex = ReplayExplorer(record=hand.to_json(), solver=True)
    first_play = len(hand.actions) - len(hand.plays)
    for step in (first_play, first_play + 4):
        ex.slider.value = step
        sol = solve_moon(hand.at(step))
        options = ex.state["options"]
        assert options == {str(d): sol.label(d) for d in sol.plays}
        assert set(options) == {str(d) for d in hand.at(step).legal_plays()}
        assert "best" in options.values() and sol.describe() in ex.options_box.value
    ex.view_picker.value = (ex.hand.to_act + 1) % 3
    assert "face down" in ex.options_box.value and ex.state["options"] == {}
    ex.slider.value = first_play - 1  # naming trumps
    assert "nothing to say" in ex.options_box.value


def test_what_we_know_shows_moon_voids() -> None:
    hand = _moon_hand(1)
    ex = ReplayExplorer(record=hand.to_json())
    ex.last_button.click()
    shown = ex.state["voids"]
    assert hand.contract is not None
    want: dict[int, set[str]] = {}
    for trick in hand.tricks:
        suit = led_suit(trick.plays[0], hand.contract)
        for seat, d in zip(trick.seats[1:], trick.plays[1:], strict=True):
            if not follows(d, suit, hand.contract):
                want.setdefault(seat, set()).add(suit.label)
    assert want, "nobody failed to follow in this hand"
    assert {s: set(v) for s, v in shown.items()} == want
    seat = next(iter(want))
    assert f"Seat {seat} has shown out of" in ex.known_box.value


def test_moon_deal_from_code_typed_and_forced_contract() -> None:
    ex = ReplayExplorer(rules="moon", contract="follow-me", seed=6)
    full = ex.full
    assert isinstance(full, MoonHand) and str(full.contract) == "follow-me"
    assert full.high_bid == 4 and full.bidder == 1  # the first bidder bids just 4
    deal = MoonDeal.from_seed(9)
    ex.source.mode.value = "code"
    ex.source.code.value = deal.code
    ex.source.load_button.click()
    assert ex.last_error is None and ex.full.deal == deal
    ex.source.mode.value = "typed"
    lines = [f"seat {s}: {h}" for s, h in enumerate(deal.hands)]
    ex.source.typed.value = "\n".join(lines)  # the widow is missing
    ex.source.load_button.click()
    assert ex.message_kind == "error" and "widow" in ex.message and ex.full.deal == deal
    ex.last_error = None
    ex.source.typed.value = "\n".join([*lines, f"widow: {deal.widow}"])
    ex.source.load_button.click()
    assert ex.last_error is None and ex.full.deal == deal
    # A deal code of the wrong game: the rules stay those of the hand on the table.
    ex.source.mode.value = "code"
    ex.rules_picker.value = "standard"
    assert ex.message_kind == "error" and ex.rules_picker.value == "moon"
    assert ex.state["game"] == "moon" and ex.state["contracts"][-1] == "follow-me"
    with pytest.raises(ValueError, match="a Moon bidder names a number or follow-me"):
        ReplayExplorer(rules="moon", contract="doubles")


def test_drive_every_control_in_moon_mode() -> None:
    ex = ReplayExplorer(rules="moon", solver=True)
    moon = _moon_hand(2)
    deal = MoonDeal.from_seed(11)
    typed = "\n".join([*(f"seat {s}: {h}" for s, h in enumerate(deal.hands)), str(deal.widow)])
    samples: dict[int, list[object]] = {
        id(ex.source.code): ["zz", Deal.from_seed(3).code, deal.code],
        id(ex.source.typed): ["6-6 6-5", typed],
        id(ex.source.mode): ["code", "typed", "seed"],
        id(ex.record_box): ["{not json", moon.to_json()],
    }
    # The rules stay Moon's here (test_drive_all drives the rules picker through 42).
    counts = drive(ex, samples, skip=lambda w: w is ex.rules_picker)
    assert counts and ex.state["game"] == "moon"
    for step in range(ex.state["steps"] + 1):
        ex.slider.value = step
        check_clean(ex, f"step {step}")
