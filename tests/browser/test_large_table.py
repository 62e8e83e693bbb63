"""The page's "Large dominoes" switch enlarges the live Play table (issue 34, items 2 and
4), in headless Chromium at 390x844 and 1280x900: the learner's dominoes are drawn
larger with it on, and the table still never scrolls sideways (it stays within the page's
width). The Play page's hint speaks a beginner's language (item 3): no "guesses", "marks"
or "count" until "Show the full figures" is opened. Screenshots go to
test-artifacts/screenshots/large-table-*.png.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from . import live
from .live import PLAY_ANSWER_MS as ANSWER_MS
from .live import PLAY_SIZES as SIZES
from .live import play_page, start_play

pytestmark = pytest.mark.browser

# The learner's dominoes (face up, at the bottom of the table): the widest one's box,
# and the table picture's right edge against the page's width.
JS_HAND = """() => {
  const pic = document.querySelector('.t42-live .t42-live-area .t42-table-pic');
  const svg = pic.querySelector('svg');
  const faces = Array.from(pic.querySelectorAll('.domino[data-domino]'))
    .map(d => d.getBoundingClientRect());
  const widest = faces.reduce((a, b) => (Math.min(b.width, b.height) >
                                         Math.min(a.width, a.height) ? b : a));
  const r = svg.getBoundingClientRect();
  return { short: Math.min(widest.width, widest.height),
           long: Math.max(widest.width, widest.height),
           right: r.right, vw: document.documentElement.clientWidth };
}"""


def _switch(page: Page) -> Locator:
    return page.locator(".t42-large-switch").first


def _hand(page: Page) -> dict[str, Any]:
    box: dict[str, Any] = page.evaluate(JS_HAND)
    return box


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_large_dominoes_enlarge_the_live_table(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height) as visit:
        page = visit.page
        switch = _switch(page)
        expect(switch).to_have_attribute("aria-pressed", "false")
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        live.settled(page)
        small = _hand(page)
        switch.click()
        expect(switch).to_have_attribute("aria-pressed", "true")
        page.wait_for_timeout(200)  # (the front end tells Python; Python redraws)
        live.settled(page)
        large = _hand(page)
        area.locator(".t42-table-pic").scroll_into_view_if_needed()
        screenshot(page, f"large-table-{width}", full_page=False)
        assert large["short"] >= 1.25 * small["short"], (small, large)
        for box in (small, large):
            assert box["right"] <= box["vw"] + 1, box  # never wider than the page
        switch.click()  # and back
        expect(switch).to_have_attribute("aria-pressed", "false")
        page.wait_for_timeout(200)
        live.settled(page)
        assert abs(_hand(page)["short"] - small["short"]) < 2
        visit.assert_private()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_hint_on_the_play_page_has_no_experts_words(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height) as visit:
        page = visit.page
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        area.get_by_role("button", name="Hint", exact=True).click()
        expect(live.message(area)).to_contain_text("Hint:", timeout=ANSWER_MS)
        live.settled(page)
        if width < 640:
            area.get_by_role("button", name="Details").click()
            live.settled(page)
        hint = area.locator(".t42-play-side")
        shown = hint.inner_text() + " " + live.message(area).inner_text()
        for word in ("guess", "mark", "count"):
            assert word not in shown.lower(), shown
        figures = hint.get_by_text("Show the full figures")
        expect(figures).to_be_visible()
        figures.click()
        expect(hint).to_contain_text("guesses")
        screenshot(page, f"large-table-hint-{width}", full_page=False)
        visit.assert_private()
