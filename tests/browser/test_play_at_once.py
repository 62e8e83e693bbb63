"""A click on a domino of the Play page's table, live in headless Chromium (issue 34,
item 6): the table shows the play before Python's answer arrives (the domino lifted out of
the hand, the table busy), a double click plays once, and a reload right after a click
keeps that play and the "What happened" lines. At 1280x900 and 390x844; screenshots go
to test-artifacts/screenshots/."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from . import live
from .live import LEGAL, Visit, play_page, start_play, wait_box, wait_picture
from .live import PLAY_ANSWER_MS as ANSWER_MS
from .live import PLAY_SIZES as SIZES

pytestmark = pytest.mark.browser

# Click the first domino the learner may play (twice when asked: a double click) and
# read the table at once, in the same task: Python cannot have answered yet.
JS_CLICK = """([sel, times]) => {
  const area = document.querySelector('.t42-live .t42-live-area');
  const table = area.querySelector('.t42-table');
  const domino = area.querySelector(sel);
  const name = domino.getAttribute('data-play');
  const answered = window.T42Live.pending;
  for (let i = 0; i < times; i++) {
    const again = area.querySelector(`[data-play="${name}"]`) || domino;
    again.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  }
  const now = area.querySelector(`[data-play="${name}"]`);
  return { name, before: answered, pending: window.T42Live.pending,
           moved: !!now && now.classList.contains('t42-moved'),
           lifted: !!now && getComputedStyle(now).translate,
           busy: table.getAttribute('aria-busy'),
           said: area.querySelector('.t42-table-said').textContent };
}"""

# Note what the page's storage holds each time the progress is written, and whether the
# table was still waiting for Python's answer then.
JS_WATCH_SAVES = """() => {
  window.__saves = [];
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === 'texas42-progress') {
      const t = document.querySelector('.t42-live .t42-live-area .t42-table');
      window.__saves.push({ busy: t && t.getAttribute('aria-busy'), value });
    }
    return set.call(this, key, value);
  };
}"""


def _to_a_play(page: Page, area: Locator) -> None:
    """Act as the learner (pass, the first trumps, the first domino) until it is the
    learner's turn to play a domino."""
    for _ in range(30):
        if area.locator(LEGAL).count() and "Your turn:" in live.message(area).inner_text():
            return
        if "Everyone passed" in live.message(area).inner_text():
            area.get_by_role("button", name="Next hand").click()
            live.settled(page)
            continue
        live.act(page, area)
    raise AssertionError(live.message(area).inner_text())


def _start_after_reload(page: Page) -> dict[str, Any]:
    """Start the explorer again after a reload: Python still runs (the shared worker),
    and the page may start it by itself just as Start is pressed."""
    wait_picture(page, 0)
    with contextlib.suppress(PlaywrightError):
        page.locator(".t42-live").first.locator(".t42-live-start").click(timeout=5_000)
    return wait_box(page, 0)


def _held(area: Locator) -> int:
    return area.locator(".t42-table-pic [data-play]").count()


def _log(area: Locator) -> str:
    return area.locator(".t42-play-side").text_content() or ""


@contextmanager
def _at_a_play(chromium: Browser, site_server: str, width: int, height: int
               ) -> Iterator[tuple[Visit, Locator]]:
    """The Play page, started, at the learner's first domino to play."""
    with play_page(chromium, site_server, width, height, pause=False) as visit:
        area = start_play(visit.page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=ANSWER_MS)
        _to_a_play(visit.page, area)
        yield visit, area


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_click_shows_the_play_at_once_and_a_double_click_plays_once(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with _at_a_play(chromium, site_server, width, height) as (visit, area):
        page = visit.page
        held = _held(area)
        shown: dict[str, Any] = page.evaluate(JS_CLICK, [LEGAL, 2])
        # Before Python's answer: the one message is in flight, and the table shows it.
        assert shown["pending"] == shown["before"] + 1, shown
        assert shown["moved"] and shown["busy"] == "true", shown
        assert shown["lifted"] not in ("", "none"), shown
        assert shown["said"].endswith("Thinking…"), shown
        screenshot(page, f"play-at-once-{width}", full_page=False)
        live.settled(page)
        # Played once: one domino fewer, no refusal read out, the table no longer busy.
        assert _held(area) == held - 1
        assert area.locator(".t42-table-note").text_content() == ""
        assert area.locator(".t42-table").get_attribute("aria-busy") is None
        assert _log(area).count(f"play {shown['name']}.") == 1, _log(area)
        visit.assert_private()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_reload_right_after_a_click_keeps_the_play_and_the_history(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with _at_a_play(chromium, site_server, width, height) as (visit, area):
        page = visit.page
        held = _held(area)
        page.evaluate(JS_WATCH_SAVES)
        shown: dict[str, Any] = page.evaluate(JS_CLICK, [LEGAL, 1])
        name = shown["name"]
        has_play = (f"s => JSON.parse(s.value).hands.slice(-1)[0].record.plays"
                       f".includes('{name}')")
        # The save comes while the table still waits for Python's answer (the computer's
        # turns come after it): reload the moment it is there.
        page.wait_for_function(f"() => window.__saves.some({has_play})",
                               timeout=ANSWER_MS)
        busy = page.evaluate(f"() => window.__saves.find({has_play}).busy")
        page.reload(wait_until="load")
        assert busy == "true", "the play was saved only after Python's answer"
        assert _start_after_reload(page)["state"] == "live"
        area = live.area(page)
        expect(live.message(area)).to_contain_text("Welcome back", timeout=ANSWER_MS)
        live.settled(page)
        assert _held(area) == held - 1
        log = _log(area)
        assert f"play {shown['name']}." in log, log
        assert "What happened" in log and log.count(" bid") + log.count("passes") >= 4, log
        screenshot(page, f"play-reloaded-{width}", full_page=False)
        visit.assert_private()
