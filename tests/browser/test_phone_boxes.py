"""Nothing clipped or covered on a phone (issue 34, item 5), on the built site in
headless Chromium at 390x844 and 1280x900, by element boxes: against the viewport and
against each other.

- The Play page's "Details" (on a phone; beside the table on a desktop): opened, its
  box is in view and no box inside it scrolls (its last line is shown); it overlaps
  neither the table nor the buttons.
- The theme's floating "Back to top" pill, brought out by scrolling up, is not shown (it
  covered text; the theme itself hides it from 1200 px), so it covers no text.
- The strategy chapter's wide tables: each that is wider than its box says so, in a line
  that is itself in view, above the table.

Screenshots go to test-artifacts/screenshots/phone-boxes-*.png.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from . import live
from .live import PLAY_ANSWER_MS as ANSWER_MS
from .live import play_page, start_play

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (1280, 900)]

# The boxes of the Play explorer's parts (page coordinates, after any scroll).
JS_PLAY_BOXES = """() => {
  const area = document.querySelector('.t42-live .t42-live-area');
  const box = (sel) => {
    const n = area.querySelector(sel);
    if (!n || n.offsetParent === null) return null;
    const r = n.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right,
             scroll: n.scrollHeight, client: n.clientHeight,
             overflow: getComputedStyle(n).overflowY };
  };
  const side = area.querySelector('.t42-play-side');
  const inner = side ? Array.from(side.querySelectorAll('*')).filter(n =>
      n.scrollHeight > n.clientHeight + 1 &&
      ['auto', 'scroll', 'hidden'].includes(getComputedStyle(n).overflowY))
    .map(n => n.className || n.tagName) : [];
  const last = side ? Array.from(side.querySelectorAll('li, p')).filter(
      n => n.textContent.trim()).pop() : null;
  const lr = last ? last.getBoundingClientRect() : null;
  return { side: box('.t42-play-side'), table: box('.t42-table-pic'),
           tools: box('.t42-play-tools'), message: box('.t42-message'),
           inner, last: lr && { top: lr.top, bottom: lr.bottom, left: lr.left,
                                right: lr.right },
           vw: document.documentElement.clientWidth, vh: window.innerHeight };
}"""

# The floating pill's box, and the text boxes of the article it lies over.
JS_PILL = """() => {
  const pill = document.querySelector('#pst-back-to-top');
  if (!pill) return { shown: false, covered: [] };
  const s = getComputedStyle(pill);
  const r = pill.getBoundingClientRect();
  const shown = s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0 &&
    Number(s.opacity) > 0;
  const covered = [];
  if (shown) {
    document.querySelectorAll('main p, main li, main td, main th, main h1, main h2,'
                              + ' main h3, main figcaption, main caption').forEach(n => {
      if (n.contains(pill)) return;
      for (const b of n.getClientRects()) {
        if (b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom)
          { covered.push(n.textContent.trim().slice(0, 40)); break; }
      }
    });
  }
  return { shown, covered, box: [r.left, r.top, r.right, r.bottom] };
}"""

# Each wide table's box: whether it overflows, and the cue drawn above its columns.
JS_TABLES = """() => Array.from(document.querySelectorAll(
    '.t42-table-scroll, .pst-scrollable-table-container')).map(box => {
  const cue = getComputedStyle(box, '::before');
  const r = box.getBoundingClientRect();
  return { wide: box.scrollWidth > box.clientWidth + 1, marked:
           box.classList.contains('t42-overflows'), cue: cue.content,
           cueShown: cue.display !== 'none',
           left: r.left, right: r.right,
           vw: document.documentElement.clientWidth };
})"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["right"] > b["left"] + 1 and a["left"] < b["right"] - 1
            and a["bottom"] > b["top"] + 1 and a["top"] < b["bottom"] - 1)


def _within_width(box: dict[str, float], vw: float) -> bool:
    return box["left"] >= -1 and box["right"] <= vw + 1


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_details_opens_in_view_and_shows_its_last_line(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height) as visit:
        page = visit.page
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        # Something to read in the log: pass, and let the others bid.
        area.locator(".t42-table-actions").get_by_role("button", name="Pass",
                                                         exact=True).click()
        live.settled(page)
        details = area.get_by_role("button", name="Details")
        if width < 640:
            expect(details).to_be_visible()
            # (the page's scrolls, noted for the message if it is not in view)
            page.evaluate("() => { window.__scrolls = []; addEventListener('scroll', () =>"
                          " window.__scrolls.push(Math.round(scrollY))); }")
            details.click()
            live.settled(page)
            # The scroll it asks for may be smooth (the theme's scroll-behavior): wait
            # for it to come to rest, in view or not.
            with contextlib.suppress(PlaywrightError):
                page.wait_for_function(
                    "() => { const s = document.querySelector('.t42-play-side');"
                    " const t = s.getBoundingClientRect().top;"
                    " return t >= 0 && t < innerHeight - 40; }", timeout=5_000)
        else:
            expect(details).to_be_hidden()  # beside the table on a wide page
        boxes: dict[str, Any] = page.evaluate(JS_PLAY_BOXES)
        screenshot(page, f"phone-boxes-details-{width}", full_page=False)
        side, vw, vh = boxes["side"], boxes["vw"], boxes["vh"]
        assert side is not None, boxes
        # In view: its top on the screen, within the page's width.
        scrolls = page.evaluate("() => (window.__scrolls || []).slice(-6)")
        assert 0 <= side["top"] < vh - 40 and _within_width(side, vw), (boxes, scrolls)
        if width < 640:
            # Grows with its text: no box inside cuts it; its last line is on the page
            # (scrolled to, it is on the screen).
            assert side["scroll"] <= side["client"] + 1, boxes
            assert not boxes["inner"], boxes
            last = boxes["last"]
            assert last is not None and last["bottom"] <= side["bottom"] + 1, boxes
            area.locator(".t42-play-side li, .t42-play-side p").last.scroll_into_view_if_needed()
            last = page.evaluate(JS_PLAY_BOXES)["last"]
            assert last["top"] >= 0 and last["bottom"] <= vh, last
        # Against each other: the side covers neither the table nor the buttons.
        for name in ("table", "tools", "message"):
            other = boxes[name]
            assert other is not None and _within_width(other, vw), (name, boxes)
            assert not _overlap(side, other), (name, boxes)
        visit.assert_private()


def _scroll_up_a_little(page: Page) -> str:
    """Down the page, then a little back up: the theme's script shows its pill then
    (its inline style, which is returned: "block" when it asked for it to be shown)."""
    asked = ""
    for _ in range(5):  # (a picture still being drawn can move the page: again)
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(300)
        page.evaluate("() => window.scrollBy(0, -300)")
        page.wait_for_timeout(300)
        asked = page.evaluate(
            "() => { const p = document.querySelector('#pst-back-to-top');"
            " return p ? p.style.display : ''; }")
        if asked == "block":
            break
    return asked


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_floating_control_covers_text(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height) as visit:
        page = visit.page
        for path in ("book/strategy.html", "book/play.html"):
            visit.open(path)
            asked = _scroll_up_a_little(page)
            assert asked == "block", asked  # the theme would show it now
            pill: dict[str, Any] = page.evaluate(JS_PILL)
            screenshot(page, f"phone-boxes-pill-{path.split('/')[-1][:-5]}-{width}",
                       full_page=False)
            assert not pill["covered"], (path, pill)
            assert not pill["shown"], (path, pill)  # (the theme hides it from 1200 px)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_wide_tables_say_they_scroll(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height) as visit:
        page = visit.page
        visit.open("book/strategy.html")
        page.wait_for_timeout(300)  # (the page's script marks them after load)
        tables: list[dict[str, Any]] = page.evaluate(JS_TABLES)
        assert tables
        wide = [t for t in tables if t["wide"]]
        if width < 640:
            assert wide, tables  # a phone cannot show the chapter's widest tables whole
        for t in tables:
            assert t["marked"] == t["wide"], t
            assert _within_width(t, t["vw"]), t  # the box scrolls, never the page
        for t in wide:
            assert "scroll sideways" in t["cue"] and t["cueShown"], t
        if wide:
            page.locator(".t42-overflows").first.scroll_into_view_if_needed()
            screenshot(page, f"phone-boxes-table-{width}", full_page=False)
        visit.assert_private()
