"""The play explorer at a table drawn round (Moon's), live on the built site in
headless Chromium: bid, lay the widow's extra domino aside by clicking it in the
table, name trumps, play by click; the table fits the page (1200 px and a 390 px
phone, where it is drawn compact: every domino to click at least 24 x 24 px, WCAG 2.5.8,
and the words at a readable size); axe-core finds no serious violation in the live
explorer (its box); nothing is asked of any host but 127.0.0.1. Screenshots go to
test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .live import Visit, start_box
from .test_accessibility import AXE_JS, BLOCKING_IMPACTS, _report

pytestmark = pytest.mark.browser

ANSWER_MS = 60_000
BUTTONS = ".t42-table-pic [data-play]"


def _round_box(page: Page) -> int:
    # The picture is drawn by the page's widget manager after the load (no Python).
    page.wait_for_function(
        "() => document.querySelector('.t42-live-picture svg.round-table-svg')",
        timeout=30_000)
    index: int = page.evaluate(
        """() => Array.from(document.querySelectorAll('.t42-live'))
             .findIndex(b => b.querySelector('.t42-live-picture svg.round-table-svg'))""")
    assert index >= 0, "no round table in the pictures of this page"
    return index


def _axe_in_box(page: Page, index: int) -> list[dict[str, Any]]:
    """axe-core's violations inside explorer ``index`` (the page's own chrome, such as
    the theme's back-to-top button, is audited by test_accessibility)."""
    page.add_script_tag(path=str(AXE_JS))
    found: list[dict[str, Any]] = page.evaluate(
        """async (i) => {
          const box = document.querySelectorAll('.t42-live')[i];
          const r = await axe.run(box, {resultTypes: ["violations"]});
          return r.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary}))
          }));
        }""", index)
    return found


def _fits(page: Page, index: int) -> list[Any]:
    fit: list[Any] = page.evaluate(
        """(i) => { const a = document.querySelectorAll('.t42-live')[i]
              .querySelector('.t42-live-area .t42-table-pic svg');
              const r = a.getBoundingClientRect();
              return [r.left >= -1 && r.right <= document.documentElement.clientWidth + 1,
                      r.width]; }""",
        index)
    return fit


PHONE_JS = """(i) => {
  const pic = document.querySelectorAll('.t42-live')[i]
    .querySelector('.t42-live-area .t42-table-pic');
  const svg = pic.querySelector('svg');
  const r = svg.getBoundingClientRect(), box = pic.getBoundingClientRect();
  const scale = r.width / svg.viewBox.baseVal.width;
  return { units: svg.viewBox.baseVal.width, width: r.width, right: r.right, boxRight: box.right,
           fonts: Array.from(svg.querySelectorAll('text'))
             .map(t => Number(t.getAttribute('font-size')) * scale),
           buttons: Array.from(pic.querySelectorAll('[data-play]')).map(b => {
             const q = b.querySelector('.tile').getBoundingClientRect();
             return [b.getAttribute('data-play'), q.width, q.height]; }) };
}"""


def phone_checks(page: Page, index: int, buttons: int) -> dict[str, Any]:
    """On a phone (390 px) the live table is the compact one: not wider than its box, each
    domino to click (its tile) at least 24 x 24 CSS px, no word under 11 px."""
    page.wait_for_function(
        """([i, n]) => { const pic = document.querySelectorAll('.t42-live')[i]
             .querySelector('.t42-live-area .t42-table-pic svg');
             return pic && pic.viewBox.baseVal.width <= 400
               && pic.parentNode.querySelectorAll('[data-play]').length === n; }""",
        arg=[index, buttons], timeout=ANSWER_MS)
    got: dict[str, Any] = page.evaluate(PHONE_JS, index)
    assert got["right"] <= got["boxRight"] + 1, got
    assert len(got["buttons"]) == buttons
    small = [b for b in got["buttons"] if b[1] < 24 or b[2] < 24]
    assert not small, f"dominoes smaller than 24 x 24 px: {small}"
    assert min(got["fonts"]) >= 11, got["fonts"]
    return got


@pytest.mark.parametrize("width", [1200, 390])
def test_moon_by_click_live_on_the_site(
    width: int, chromium: Browser, site_server: str, screenshot: Callable[..., Path]
) -> None:
    visit = Visit(chromium, site_server)
    try:
        page = visit.page
        page.set_viewport_size({"width": width, "height": 900})
        visit.open("book/moon.html")
        index = _round_box(page)
        assert start_box(page, index)["state"] == "live"
        area = page.locator(".t42-live").nth(index).locator(".t42-live-area")
        message = area.locator(".t42-message").first
        expect(message).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        expect(area.locator("select").first).to_contain_text("Three players: Moon")
        assert _fits(page, index)[0], _fits(page, index)
        # Shoot the moon: nobody can bid over 21, so the learner takes the widow at once.
        moon = area.locator(".t42-table-actions").get_by_role(

            "button", name="Bid 21: shoot the moon", exact=True)

        expect(moon).to_have_attribute("title", re.compile("you must take all seven tricks"))

        moon.click()
        expect(message).to_contain_text("picked up the widow", timeout=ANSWER_MS)
        # The eight dominoes of the table are the buttons that lay one aside.
        buttons = area.locator(BUTTONS)
        expect(buttons).to_have_count(8, timeout=ANSWER_MS)
        if width == 390:
            phone_checks(page, index, 8)
        first = buttons.first
        domino = first.get_attribute("data-play")
        assert first.get_attribute("aria-label") == f"Lay {domino} aside"
        assert first.get_attribute("role") == "button"
        screenshot(page, f"site-moon-discard-{width}", full_page=False)
        first.click()
        expect(message).to_contain_text("name trumps", timeout=ANSWER_MS)
        area.locator(".t42-table-actions .t42-act").first.click()  # the first trumps
        expect(message).to_contain_text("lead any domino", timeout=ANSWER_MS)
        expect(buttons).to_have_count(7, timeout=ANSWER_MS)
        if width == 390:
            phone_checks(page, index, 7)
        lead = area.locator(f'{BUTTONS}[aria-label^="Play "]').first
        played = lead.get_attribute("data-play")
        lead.click()
        expect(area).to_contain_text(f"You play {played}", timeout=ANSWER_MS)
        assert _fits(page, index)[0], _fits(page, index)
        box = page.locator(".t42-live").nth(index)
        box.scroll_into_view_if_needed()
        screenshot(page, f"site-moon-played-{width}", full_page=False)
        found = [v for v in _axe_in_box(page, index) if v["impact"] in BLOCKING_IMPACTS]
        assert not found, f"the live Moon explorer: axe found\n  {_report(found)}"
        visit.assert_private()
    finally:
        visit.context.close()
