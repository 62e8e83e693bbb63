"""The Play page (book/play.html) live on the built site, in headless Chromium: the
guided first hand says each step with its chapter; a hand played there survives a
reload (the page's localStorage); the progress view counts the hands played; Export
gives JSON (a download and the text) that imports back in a fresh browser; axe finds
nothing critical or serious. Screenshots at 1280x900 and 390x844 go to
test-artifacts/screenshots/."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from texas42.progress import Progress

from . import live
from .live import play_page, start_box, start_play
from .test_live_softnav import serious_axe_violations

pytestmark = pytest.mark.browser

ANSWER_MS = live.PLAY_ANSWER_MS


def _open_progress(area: Locator) -> Locator:
    fold = area.locator(".t42-progress")
    header = fold.get_by_text("Your progress", exact=True)
    if not fold.locator(".t42-progress-json").is_visible():
        header.click()
    expect(fold.locator(".t42-progress-json")).to_be_visible(timeout=ANSWER_MS)
    return fold


@pytest.mark.parametrize(("width", "height"), live.PLAY_SIZES)
def test_a_hand_on_the_play_page_survives_a_reload_and_is_counted(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height, pause=False) as visit:
        page = visit.page
        screenshot(page, f"play-page-picture-{width}", full_page=False)
        area = start_play(page)
        guide = area.locator(".t42-guide")
        expect(guide).to_contain_text("this is the shake", timeout=ANSWER_MS)
        assert guide.locator('a[href="bidding.html#the-shake"]').count() == 1
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        screenshot(page, f"play-page-guided-{width}", full_page=False)
        # Pass, then play two dominoes (or the hand ends first).
        live.pass_bid(page, area)
        for _ in range(2):
            if live.hand_over(area):
                break
            live.act(page, area)
        held = area.locator(".t42-table-pic [data-play]").count()
        screenshot(page, f"play-page-midhand-{width}", full_page=False)
        # A reload: Start again, the same hand at the same point.
        page.reload(wait_until="load")
        area = start_play(page)
        expect(live.message(area)).to_contain_text(
            "Welcome back: your game goes on at hand 1", timeout=ANSWER_MS)
        assert area.locator(".t42-table-pic [data-play]").count() == held
        # Finish the hand; the progress view counts it, and still does after a reload.
        live.play_to_end(page, area)
        fold = _open_progress(area)
        expect(fold).to_contain_text("Hands played: 1, in 1 game.", timeout=ANSWER_MS)
        screenshot(page, f"play-page-progress-{width}", full_page=False)
        page.reload(wait_until="load")
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Welcome back", timeout=ANSWER_MS)
        expect(_open_progress(area)).to_contain_text("Hands played: 1", timeout=ANSWER_MS)
        found = serious_axe_violations(page)
        assert not found, f"axe on the live Play page: {found}"
        visit.assert_private()


def test_export_gives_json_that_imports_back(chromium: Browser, site_server: str) -> None:
    with play_page(chromium, site_server, pause=False) as first:
        page = first.page
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        live.play_to_end(page, area)
        fold = _open_progress(area)
        with page.expect_download(timeout=ANSWER_MS) as download:
            fold.get_by_role("button", name="Export").click()
        assert download.value.suggested_filename == "texas42-progress.json"
        saved = Path(download.value.path()).read_text(encoding="utf-8")
        live.settled(page)
        text = fold.locator(".t42-progress-json textarea").input_value()
        kept = Progress.from_json(text)  # the JSON is the project's format, every hand checks
        assert json.loads(saved) == json.loads(text)
        assert kept.hands_played == 1 and len(kept.entries) == 1
        first.assert_private()
    # A fresh browser: nothing stored.
    with play_page(chromium, site_server, pause=False) as second:
        page = second.page
        area = start_play(page)
        fold = _open_progress(area)
        expect(fold).to_contain_text("Hands played: 0", timeout=ANSWER_MS)
        box = fold.locator(".t42-progress-json textarea")
        box.fill('{"format": "texas42-progress", "version": 1, "hands": [7]}')
        live.settled(page)
        fold.get_by_role("button", name="Import").click()
        live.settled(page)
        expect(live.message(area)).to_contain_text("hand 1 of the progress file", timeout=ANSWER_MS)
        expect(fold).to_contain_text("Hands played: 0")  # the bad file changed nothing
        box.fill(text)
        live.settled(page)
        fold.get_by_role("button", name="Import").click()
        live.settled(page)
        expect(live.message(area)).to_contain_text("Imported 1 hand;", timeout=ANSWER_MS)
        expect(fold).to_contain_text("Hands played: 1, in 1 game.", timeout=ANSWER_MS)
        second.assert_private()


def test_a_mistake_is_played_again_and_the_game_comes_back(
    chromium: Browser, site_server: str, screenshot: Callable[..., Path]
) -> None:
    """After a hand and its review, the progress view keeps the costliest decisions;
    "Try this position again" puts the table back just before one (the learner's turn,
    the same dominoes in hand), and "Back to your game" returns to the kept game."""
    with play_page(chromium, site_server, pause=False) as visit:
        page = visit.page
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        live.play_to_end(page, area)
        after_hand = live.message(area).inner_text()
        area.locator("button", has_text="Review the hand").first.click()
        expect(area.locator(".t42-review [data-decision]").first).to_be_visible(timeout=ANSWER_MS)
        live.settled(page)
        fold = _open_progress(area)
        again = fold.get_by_role("button", name="Try this position again")
        expect(again.first).to_be_visible(timeout=ANSWER_MS)
        again.first.click()
        live.settled(page)
        message = live.message(area)
        expect(message).to_contain_text("Again, ", timeout=ANSWER_MS)
        expect(message).to_contain_text("last time you chose")
        # Just before the decision: the learner's turn, with a choice to make again.
        assert (area.locator(live.LEGAL).count() >= 1
                or area.locator(".t42-table-actions .t42-act").count() >= 1)
        screenshot(page, "play-page-try-again", full_page=False)
        back = fold.get_by_role("button", name="Back to your game")
        expect(back).to_be_visible()
        back.click()
        live.settled(page)
        expect(fold.get_by_role("button", name="New game")).to_be_visible(timeout=ANSWER_MS)
        assert live.hand_over(area), (after_hand, live.message(area).inner_text())
        visit.assert_private()


JS_STORED = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith('texas42-progress')).map((k) => [k, localStorage.getItem(k)]))"""


@pytest.mark.parametrize("broken", [
    "{broken",
    '{"format": "texas42-progress", "version": 7, "hands": []}',
], ids=["corrupt", "future-version"])
def test_a_save_the_page_cannot_read_is_kept_aside(broken: str, chromium: Browser,
                                                  site_server: str) -> None:
    """A save in the page's storage that cannot be read is moved to a key of its own (never
    written over), the explorer says so and offers it as a download; the new game is kept
    under the usual key and comes back on a reload, the kept-aside save with it."""
    with play_page(chromium, site_server, pause=False) as visit:
        page = visit.page
        page.evaluate("(text) => localStorage.setItem('texas42-progress', text)", broken)
        page.reload(wait_until="load")
        area = start_play(page)
        message = live.message(area)
        expect(message).to_contain_text("could not be read", timeout=ANSWER_MS)
        expect(message).to_contain_text("kept aside in this browser's storage")
        live.settled(page)
        stored = page.evaluate(JS_STORED)
        aside = [k for k in stored if k.startswith("texas42-progress.unreadable-")]
        assert len(aside) == 1 and stored[aside[0]] == broken, stored
        assert aside[0] in message.inner_text()
        assert Progress.from_json(stored["texas42-progress"]).entries  # the new game
        fold = _open_progress(area)
        with page.expect_download(timeout=ANSWER_MS) as download:
            fold.get_by_role("button", name="Download the unreadable save").click()
        assert download.value.suggested_filename.startswith("texas42-progress.unreadable-")
        assert Path(download.value.path()).read_text(encoding="utf-8") == broken
        page.reload(wait_until="load")  # the new game comes back; the save stays aside
        assert start_box(page, 0)["state"] == "live"
        expect(live.message(live.area(page))).to_contain_text("Welcome back", timeout=ANSWER_MS)
        live.settled(page)
        again = page.evaluate(JS_STORED)
        # (and the time of this browser's last save, which the class server's copy is
        # compared with: progress_store.js)
        assert again[aside[0]] == broken, again
        assert set(again) == {aside[0], "texas42-progress", "texas42-progress.saved-at"}, again
        visit.assert_private()


JS_JUDGED = """() => { const text = localStorage.getItem('texas42-progress');
  if (!text) return [];
  const hands = JSON.parse(text).hands; return hands[hands.length - 1].judged || []; }"""


def test_a_reload_mid_hand_keeps_the_verdicts_judged(chromium: Browser,
                                                    site_server: str) -> None:
    """Issue 38.3: each of the learner's decisions is judged in the page's idle moments
    and saved with the game (localStorage); after a reload the hand goes on, and at its
    end the review's chart gives the verdicts CPython's review gives for the same hand."""
    from texas42.analysis import coach
    from texas42.analysis.coach import Judged
    from texas42.svg.review_chart import label_word

    with play_page(chromium, site_server, pause=False) as visit:
        page = visit.page
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        live.pass_bid(page, area)
        for _ in range(2):
            if live.hand_over(area):
                break
            live.act(page, area)
        # The pass (a decision with a choice) is judged while the hand goes on, and kept.
        page.wait_for_function(f"() => ({JS_JUDGED})().some(j => j.kind === 'bid')",
                               timeout=ANSWER_MS)
        kept = [Judged.from_dict(j) for j in page.evaluate(JS_JUDGED)]
        record = Progress.from_json(page.evaluate(
            "() => localStorage.getItem('texas42-progress')")).entries[-1].record
        hand = record.replay()
        for j in kept:  # the verdicts CPython gives at the same positions
            step = [i for i, a in enumerate(hand.actions) if a.kind == j.kind][j.index]
            fresh = coach.judge(hand.at(step), j.chosen, samples=32, seed=0)
            assert (j.label, j.options) == (fresh.label, fresh.options), (j, fresh)

        page.reload(wait_until="load")
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Welcome back", timeout=ANSWER_MS)
        live.play_to_end(page, area)
        area.get_by_role("button", name="Review the hand").click()
        marks = area.locator(".t42-review [data-decision]")
        expect(marks.first).to_be_visible(timeout=ANSWER_MS)
        live.settled(page)
        record = Progress.from_json(page.evaluate(
            "() => localStorage.getItem('texas42-progress')")).entries[-1].record
        want = coach.review(record.replay(), 0, samples=32, seed=0)
        labels = marks.evaluate_all("els => els.map(e => e.getAttribute('data-label'))")
        assert labels == [label_word(d) for d in want.decisions]
        visit.assert_private()
