"""The play explorer keeps the learner's progress (keep=True): it saves after each
action and hand (the page's storage, a file in a real kernel), restores the game on
start, New game keeps the hands counted, the progress view counts and charts, a
mistake is played again, export and import (a bad import changes nothing), and the
guided hand says each step with its chapter."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from texas42.progress import Mistake, Progress
from texas42.widgets import _progress
from texas42.widgets.play_explorer import PlayExplorer

from .test_play_game import finish_hand, learner_acts


def started(**kw: object) -> PlayExplorer:
    """An explorer whose page has answered: nothing was stored."""
    ex = PlayExplorer(keep=True, **kw)  # type: ignore[arg-type]
    ex.store.handle({"stored": ""})
    return ex


def reloaded(ex: PlayExplorer, **kw: object) -> PlayExplorer:
    """A new explorer on the same page: the page hands it what the first one stored."""
    again = PlayExplorer(keep=True, **kw)  # type: ignore[arg-type]
    again.store.handle({"stored": ex.store.data})
    return again


def test_nothing_is_saved_before_the_page_answers() -> None:
    ex = PlayExplorer(keep=True, seed=3)
    learner_acts(ex)
    assert ex.store.data == "" and not ex.store.loaded
    ex.store.handle({"stored": ""})
    assert json.loads(ex.store.data)["hands"][0]["record"]["bids"]


def test_each_action_is_saved_and_a_reload_comes_back_there() -> None:
    ex = started(seed=4, seat=1)
    for _ in range(5):
        learner_acts(ex)
    kept = json.loads(ex.store.data)
    assert len(kept["hands"]) == 1 and kept["hands"][0]["seat"] == 1
    assert len(kept["hands"][0]["record"]["plays"]) == len(ex.hand.plays) > 0
    again = reloaded(ex, seed=99)  # another first deal asked: the kept game wins
    assert again.seat == 1 and again.hand.deal == ex.hand.deal
    assert again.hand.actions == ex.hand.actions
    assert again.state["legal"] == ex.state["legal"]
    assert again.message.startswith("Welcome back: your game goes on at hand 1, where you stopped.")
    learner_acts(again)  # it plays on
    assert again.last_error is None


def test_hands_are_counted_and_the_score_comes_back() -> None:
    ex = started(seed=2)
    for _ in range(2):
        finish_hand(ex)
        if not ex.game.is_over:
            ex.next_button.click()
    assert ex.kept.hands_played == 2
    assert "Hands played: 2, in 1 game." in ex.progress_view.counts.value
    again = reloaded(ex)
    assert again.game.standing == ex.game.standing and len(again.game.hands) == 3
    assert again.message.startswith("Welcome back: your game goes on at hand 3. ")


def test_new_game_starts_over_and_keeps_the_hands_counted() -> None:
    ex = started(seed=2)
    finish_hand(ex)
    deal = ex.hand.deal
    ex.progress_view.new_button.click()
    assert ex.last_error is None and ex.hand.deal != deal and not ex.hand.actions
    assert [e.game for e in ex.kept.entries] == [1, 2]
    assert ex.kept.hands_played == 1
    again = reloaded(ex)
    assert again.hand.deal == ex.hand.deal and len(again.game.hands) == 1


def _learner_plays_from_trick_3(ex: PlayExplorer, n: int) -> list[int]:
    """The learner's (Seat 0's) plays from the third trick on in kept hand ``n``, by
    their index among the hand's plays (none when the hand ended early)."""
    hand = ex.kept.hand(n)
    return [i for i, (t, k) in enumerate((t, k) for t in hand.tricks for k in range(4))
            if (t.leader + k) % 4 == 0 and i >= 8]


def test_a_review_is_charted_and_its_mistake_is_played_again() -> None:
    ex = started(seed=6)
    # The first hand whose play reached the learner at the third trick (a hand may end
    # early, once it is decided).
    for n in range(4):
        finish_hand(ex)
        if _learner_plays_from_trick_3(ex, n):
            break
        ex.next_button.click()
    else:
        pytest.fail("four hands in a row ended before the learner's third trick")
    ex.review_button.click()
    assert ex.last_error is None
    entry = ex.kept.entries[n]
    assert entry.loss is not None and ex.kept.losses() == [(n + 1, entry.loss)]
    assert 'class="loss-dot"' in ex.progress_view.counts.value
    # A mistake to try again (the rule-based learner may have played well: add one).
    rec = entry.record
    at = _learner_plays_from_trick_3(ex, n)[0]  # its first play from the third trick on
    ex.kept.set_review(n, 9.0, [Mistake("play", at, str(rec.plays[at]), "6-6", 9.0,
                                        "trick 3")])
    ex.progress_view.refresh(ex.kept)
    assert len(ex.progress_view.try_buttons) == 1
    kept_before = ex.kept.to_json()
    ex.progress_view.try_buttons[0].click()
    assert ex.last_error is None, ex.message
    assert ex.flow.practice and list(ex.hand.plays) == list(rec.plays[:at])
    assert ex.your_turn and ex.message.startswith("Again, trick 3")
    # The coach's best there, as the hint gives it: the answer; the mistake leaves the
    # list (kept at once), and the practice hand is not saved over the kept game.
    from texas42.analysis import coach

    best = coach.advise(ex.hand, samples=32, seed=0).best.choice
    ex.play(best)
    assert ex.last_error is None
    assert "That is the better choice" in ex.message and "leaves your kept" in ex.message
    assert not ex.kept.worst_mistakes() and not ex.progress_view.try_buttons
    answered = json.loads(ex.store.data)
    assert answered["hands"][n]["review"]["mistakes"] == []
    assert answered["hands"][n]["record"] == json.loads(kept_before)["hands"][n]["record"]
    kept_before = ex.kept.to_json()
    learner_acts(ex)  # playing on is not saved over the kept game
    assert ex.kept.to_json() == kept_before
    assert ex.progress_view.new_button.description == "Back to your game"
    ex.progress_view.new_button.click()  # back to the kept game, as it was
    assert not ex.flow.practice and ex.store.data == kept_before
    assert ex.hand.record() == ex.kept.game_entries()[-1].record
    assert ex.message.startswith("Welcome back")
    assert ex.progress_view.new_button.description == "New game"


def test_export_and_import_round_trip_and_a_bad_import_changes_nothing() -> None:
    ex = started(seed=5)
    finish_hand(ex)
    ex.next_button.click()
    learner_acts(ex)
    sent: list[object] = []
    ex.store.download = lambda text, name="": sent.append(text)  # type: ignore[method-assign]
    ex.progress_view.export_button.click()
    text = str(ex.progress_view.text.value)
    assert sent == [text] and Progress.from_json(text).to_dict() == ex.kept.to_dict()
    other = started(seed=11)
    before = other.store.data
    other.progress_view.text.value = '{"format": "texas42-progress", "version": 1, "hands": [1]}'
    other.progress_view.import_button.click()
    assert other.message_kind == "error" and "hand 1 of the progress file" in other.message
    assert other.store.data == before and other.last_error is not None
    other.last_error = None
    other.progress_view.text.value = text
    other.progress_view.import_button.click()
    assert other.last_error is None
    assert other.hand.deal == ex.hand.deal and other.hand.actions == ex.hand.actions
    assert other.kept.hands_played == 1


def test_a_file_in_a_real_kernel(tmp_path: Path) -> None:
    path = tmp_path / "texas42-progress.json"
    ex = PlayExplorer(save=str(path), seed=8)
    for _ in range(3):
        learner_acts(ex)
    assert Progress.from_json(path.read_text()).entries[0].record.bids == tuple(
        ex.hand.record().bids)
    again = PlayExplorer(save=str(path))
    assert again.hand.actions == ex.hand.actions
    path.write_text("{broken")
    fresh = PlayExplorer(save=str(path), seed=8)
    assert fresh.message_kind == "warn" and "could not be read" in fresh.message
    assert json.loads(path.read_text())["format"] == "texas42-progress"


def test_without_keep_nothing_is_kept_or_shown() -> None:
    ex = PlayExplorer(seed=3)
    ex.store.handle({"stored": ""})
    learner_acts(ex)
    assert ex.store.data == ""
    assert ex.progress_view.fold not in ex.ui.children[-3].children


def test_guided_hand_says_each_step_with_its_chapter() -> None:
    ex = PlayExplorer(seed=2, guided=True)  # (seat 0 leads, follows and wins count here)
    seen = set()
    for _ in range(80):
        seen.add(_progress.guide_step(ex.hand, ex.my_seats))
        text = ex.guide_box.value
        assert 'href="' in text and ".html" in text
        if ex.hand.is_over:
            break
        learner_acts(ex)
    seen.add(_progress.guide_step(ex.hand, ex.my_seats))
    assert {"shake", "lead", "follow", "count", "score"} <= seen
    assert "scoring.html" in ex.guide_box.value
    # The hand's end in the Play page's plain words, as its score line (issue 34).
    said = re.sub(r"<[^>]+>", " ", ex.guide_box.value)
    assert "add 1 to their score" in said and "The first side to 7 wins the game" in said
    assert not re.search(r"\bmarks?\b|\bcount\b", said, re.I), said
    first = PlayExplorer(seed=3, guided=True, guide_base="../book/")
    assert "../book/bidding.html#the-shake" in first.guide_box.value
    assert "this is the shake" in first.guide_box.value
    first.bid_picker.value = max(v for _, v in first.bid_picker.options if isinstance(v, int))
    first.bid_button.click()  # seat 0 bids the most and wins the bidding: trumps
    assert first.hand.phase.value == "contract" and "naming-trumps.html" in first.guide_box.value
    first.guide_toggle.value = False  # the guide can be turned off, and on again
    assert first.guide_box.value == ""
    first.guide_toggle.value = True
    assert "naming-trumps.html" in first.guide_box.value


def test_guided_layout_puts_the_guide_under_the_message_and_folds_the_settings() -> None:
    ex = PlayExplorer(seed=3, guided=True, keep=True)
    kids = list(ex.table_column.children)
    assert kids[kids.index(ex.message_box) + 1] is ex.guide_box
    assert ex.guide_box not in ex.extras_box.children
    # The settings (deal, table, seats) are folded away under "Settings".
    assert ex.settings_box.layout.display == "none" and not ex.settings_button.value
    assert ex.source.box in ex.settings_box.children
    ex.seat_picker.value = 1  # the folded settings still work
    assert ex.last_error is None and ex.seat == 1
    plain = PlayExplorer(seed=3)
    assert plain.guide_box not in plain.table_column.children


def test_every_control_of_the_guided_kept_explorer_is_clean() -> None:
    from .helpers import drive

    ex = started(seed=4, guided=True)
    counts = drive(ex)
    assert counts.get("Button", 0) >= 5 and counts.get("Textarea", 0) > 0  # (each was clean)
    assert ex.store.data and json.loads(ex.store.data)["format"] == "texas42-progress"


# -- a save that cannot be read is kept aside; a path that cannot hold it is said --------
def _aside(folder: Path, name: str = "p.json") -> list[Path]:
    return sorted(folder.glob(f"{name}.unreadable-*"))


@pytest.mark.parametrize("data", [
    b"{broken",
    b'{"format": "texas42-progress", "version": 99, "hands": []}',
    '{"format": "texas42-progress", "version": 1, "hands": [7]}'.encode("utf-16"),
    "\ufeff".encode("utf-16-le") + b"\x00\xd8",  # UTF-16 that is not text
], ids=["corrupt", "future-version", "wrong-shape-utf16", "not-text"])
def test_an_unreadable_file_is_moved_aside_and_a_new_game_starts(tmp_path: Path,
                                                                 data: bytes) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(data)
    ex = PlayExplorer(save=str(path), seed=8)  # no traceback: the explorer is there
    assert ex.last_error is None and ex.message_kind == "warn"
    assert "could not be read" in ex.message and "moved aside" in ex.message
    [moved] = _aside(tmp_path)
    assert moved.read_bytes() == data and moved.name in ex.message
    learner_acts(ex)
    assert Progress.from_json(path.read_bytes()).entries  # the new game, in its own file
    assert moved.read_bytes() == data


def test_a_file_too_big_is_moved_aside_unread(tmp_path: Path) -> None:
    from texas42.progress import MAX_PROGRESS_BYTES

    path = tmp_path / "p.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_PROGRESS_BYTES + 1)
    ex = PlayExplorer(save=str(path), seed=8)
    assert ex.last_error is None and "could not be read" in ex.message
    assert f"{MAX_PROGRESS_BYTES + 1} bytes" in ex.message
    [moved] = _aside(tmp_path)
    assert moved.stat().st_size == MAX_PROGRESS_BYTES + 1
    assert Progress.from_json(path.read_bytes()).entries


@pytest.mark.parametrize(("where", "words"), [
    ("folder", "it is a folder"),
    ("missing/p.json", "does not exist"),
])
def test_a_path_that_cannot_hold_the_file_is_said_in_the_explorer(
        tmp_path: Path, where: str, words: str) -> None:
    (tmp_path / "folder").mkdir()
    ex = PlayExplorer(save=str(tmp_path / where), seed=8)
    assert ex.last_error is None and ex.message_kind == "error"
    assert words in ex.message and "kept in this page's storage instead" in ex.message
    assert "report" not in ex.message
    ex.store.handle({"stored": ""})  # the page's storage keeps it
    learner_acts(ex)
    assert ex.last_error is None and json.loads(ex.store.data)["hands"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_a_file_that_cannot_be_written_any_more_is_said(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    ex = PlayExplorer(save=str(path), seed=8)
    path.unlink()
    path.mkdir()  # (the file's place taken by a folder)
    learner_acts(ex)
    assert ex.last_error is None and ex.message_kind == "error"
    assert "could not be written" in ex.message and "Export" in ex.message


@pytest.mark.parametrize("stored", [
    "{broken",
    '{"format": "texas42-progress", "version": 2, "hands": []}',
    '{"format": "texas42-progress", "version": 1, "hands": {"game": 1}}',
], ids=["corrupt", "future-version", "wrong-shape"])
def test_an_unreadable_page_save_is_kept_aside_with_a_download(stored: str) -> None:
    ex = PlayExplorer(keep=True, seed=3)
    sent: list[tuple[str, str]] = []
    ex.store.download = lambda text, name="": sent.append((text, name))  # type: ignore[method-assign]
    ex.store.handle({"stored": stored})
    assert ex.last_error is None and ex.message_kind == "warn"
    assert ex.store.aside.startswith("texas42-progress.unreadable-")
    assert ex.store.aside in ex.message and "A new game starts." in ex.message
    assert json.loads(ex.store.data)["format"] == "texas42-progress"  # saved after, elsewhere
    button = ex.progress_view.unreadable_button
    assert button.layout.display == ""
    button.click()
    assert sent == [(stored, ex.store.unreadable_file)]
    assert sent[0][1].startswith("texas42-progress.unreadable-") and sent[0][1].endswith(".json")
    # The page could not move it (its storage full): it says so, and writes nothing.
    ex.store.handle({"aside_failed": ex.store.aside, "reason": "QuotaExceededError"})
    assert ex.message_kind == "error" and "QuotaExceededError" in ex.message
    assert "saves nothing over it" in ex.message


def test_a_page_save_with_a_byte_order_mark_comes_back() -> None:
    ex = started(seed=4)
    learner_acts(ex)
    again = PlayExplorer(keep=True)
    again.store.handle({"stored": "\ufeff" + ex.store.data})
    assert again.message.startswith("Welcome back") and not again.store.aside
    assert again.progress_view.unreadable_button.layout.display == "none"


def test_progress_at_a_custom_table_loads() -> None:
    """Two hands of 14 (a table the explorer does not offer): the kept hands load and
    stay counted; a new game starts at the explorer's table."""
    import random

    from engine.test_progress import play_hand

    from texas42.game import Game
    from texas42.rules import Rules

    game = Game(Rules.preset("standard").replace(seats=2, hand_size=14), seed=4)
    rng = random.Random(2)
    play_hand(game.hand, rng)
    game.next_hand()
    play_hand(game.hand, rng, stop=3)
    kept = Progress()
    kept.save_game(game, seat=1)
    ex = PlayExplorer(keep=True, seed=3)
    ex.store.handle({"stored": kept.to_json()})
    assert ex.last_error is None and ex.message_kind == "warn"
    assert "2 seats, 14 dominoes each" in ex.message and ex.rules.seats == 4
    assert ex.kept.hands_played == 1 and "Hands played: 1" in ex.progress_view.counts.value
    learner_acts(ex)
    saved = Progress.from_json(ex.store.data)
    assert [e.record.rules.seats for e in saved.entries] == [2, 2, 4]


def test_a_reload_mid_hand_keeps_the_verdicts_judged() -> None:
    """Issue 38.3: each verdict judged in the page's idle moments is saved with the game;
    a reload mid-hand brings them back (equal, to the last digit) and queues only the
    learner's decisions not judged yet; the review at the end is the one CPython gives."""
    from texas42.analysis import coach
    from texas42.widgets._background import BACKGROUND

    def idle() -> None:
        while BACKGROUND.step(0.01):
            pass

    BACKGROUND.clear()
    BACKGROUND.driven = True  # as in the browser, where the page's worker runs idle slices
    try:
        ex = started(seed=5)
        for _ in range(3):  # the auction, the trumps, a play: each judged when idle
            learner_acts(ex)
            idle()
        judged = dict(ex.judging.judged)
        assert len(judged) >= 2 and not ex.hand.is_over
        saved = Progress.from_json(ex.store.data).game_entries()[-1].judged
        assert {(j.kind, j.index): j for j in saved} == judged

        again = reloaded(ex)
        assert again.hand.actions == ex.hand.actions
        assert again.judging.judged == judged
        # Nothing is judged again: the one task queued is the advice on the learner's
        # turn now, worked out while they think.
        queued = [o for o, _, _ in BACKGROUND._tasks if o is again]
        ahead = again.judging.ahead
        assert len(queued) == 1 and ahead is not None
        assert ahead.hand is again.hand and ahead.step == len(again.hand.actions)

        learner_acts(ex)  # one more decision, reloaded before it is judged
        BACKGROUND.drop(ex)
        third = reloaded(ex)
        assert third.judging.judged == judged and BACKGROUND.pending(third)  # queued again
        idle()
        assert len(third.judging.judged) == len(judged) + 1
        finish_hand(third)
        idle()
    finally:
        BACKGROUND.driven = False
        BACKGROUND.clear()
    third.review_button.click()
    assert third.review_box.reviews[0][1] == coach.review(third.hand, 0, samples=32, seed=0)
    # Reviewed: the verdicts are in the review's sum now, no longer in the save.
    assert Progress.from_json(third.store.data).game_entries()[-1].judged == ()


def test_saved_verdicts_are_checked_like_the_rest_of_the_file() -> None:
    """A damaged or edited verdict in a save is refused with the field it got wrong, and
    a verdict on a decision the hand does not have, or the opponents', too."""
    from texas42.analysis.coach import Judged, judge
    from texas42.errors import NotationError

    ex = started(seed=5)
    learner_acts(ex)  # the learner's first bid
    h = ex.hand
    first = next(i for i, a in enumerate(h.actions) if a.seat == 0)
    verdict = judge(h.at(first), coach_text(h.actions[first].value), samples=8, seed=0)
    assert Judged.from_dict(json.loads(json.dumps(verdict.to_dict()))) == verdict
    ex.kept.save_game(ex.game, 0, judged=(verdict,))
    good = json.loads(ex.kept.to_json())
    assert Progress.from_dict(good).game_entries()[-1].judged == (verdict,)
    for field, junk, words in [("loss", -3, "loss"), ("label", "superb", "label"),
                               ("options", [], "options"), ("chosen", "99", "choice"),
                               ("hindsight", {"best": "6-6"}, "hindsight"),
                               ("stake", True, "stake"), ("extra", 1, "unknown field")]:
        bad = json.loads(json.dumps(good))
        bad["hands"][-1]["judged"][0][field] = junk
        with pytest.raises(NotationError, match=words):
            Progress.from_dict(bad)
    elsewhere = json.loads(json.dumps(good))
    elsewhere["hands"][-1]["judged"][0]["index"] = 40
    with pytest.raises(NotationError, match="the hand has no bid 41"):
        Progress.from_dict(elsewhere)


def coach_text(value: object) -> str:
    from texas42.hand import choice_text

    return choice_text("bid", value)


def test_a_move_is_saved_before_the_computer_answers_and_the_history_comes_back() -> None:
    """A reload right after a click keeps it: the save is made as part of the learner's
    move, before the computer's turns (seconds on a slow phone); the "What happened"
    lines are rebuilt from the kept record on load (issue 34)."""
    ex = started(seed=4, seat=1)
    seen: list[int] = []
    turns = ex._computer_turns

    def computer_turns() -> None:  # what a reload at this moment would find
        seen.append(len(json.loads(ex.store.data)["hands"][-1]["record"]["bids"]))
        turns()

    ex._computer_turns = computer_turns  # type: ignore[method-assign]
    bids = len(ex.hand.bids)
    learner_acts(ex)  # the learner's bid
    assert seen and seen[0] == bids + 1
    for _ in range(4):
        learner_acts(ex)
    again = reloaded(ex)
    assert len(again.log) >= len(ex.hand.actions)
    mine = [x for x in again.log if x.startswith("You ")]
    assert len(mine) == sum(1 for a in ex.hand.actions if a.seat == 1)
    assert any(" plays " in x for x in again.log) and any(" bid" in x for x in again.log)
    assert again.log_box.value and "What happened" in again.log_box.value
