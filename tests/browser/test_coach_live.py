"""The coach on the live site (issue 13): in the browser's Python the play explorer's
hint and the replay explorer's review judge from what the seat could see, and show the
open-hands answer only as labelled hindsight; never a traceback."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .live import Visit, box_text, start_box

pytestmark = pytest.mark.browser

ANSWER_MS = 120_000  # a whole hand's review: seconds in the browser's Python, 2 shared cores


@pytest.fixture(scope="module")
def visit(chromium: Browser, site_server: str) -> Iterator[Visit]:
    v = Visit(chromium, site_server)
    yield v
    v.context.close()


def _press(page: Page, index: int, label: str) -> str:
    """Press the live explorer's button ``label`` and return its text once Python answered."""
    box = page.locator(".t42-live").nth(index)
    sent = page.evaluate("() => window.T42Live.lastSentAt")
    box.locator(".t42-live-area button", has_text=label).first.click()
    page.wait_for_function(f"() => window.T42Live.lastSentAt > {sent}", timeout=ANSWER_MS)
    page.wait_for_function(
        "() => window.T42Live.pending === 0"
        " && window.T42Live.lastIdleAt >= window.T42Live.lastSentAt", timeout=ANSWER_MS)
    return box_text(page, index, "live") or ""


def test_play_hint_is_the_coach(visit: Visit) -> None:
    visit.open("notebooks/07_play.html")
    assert start_box(visit.page, 0)["state"] == "live"
    text = _press(visit.page, 0, "Hint")
    assert "guesses of the dominoes you cannot see" in text
    assert "expected marks" in text and "Traceback" not in text
    visit.assert_private()


def test_replay_reviews_a_seat(visit: Visit) -> None:
    visit.open("notebooks/06_replay.html")
    assert start_box(visit.page, 0)["state"] == "live"
    text = _press(visit.page, 0, "Review the hand")
    assert "could see: each decision was judged over" in text
    assert "fine" in text or "inaccuracy" in text or "mistake" in text or "blunder" in text
    assert "Traceback" not in text
    visit.assert_private()
