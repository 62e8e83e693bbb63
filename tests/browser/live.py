"""Driving the site's live explorers in Chromium (tests/browser/test_live.py and
bench/bench_live_site.py share these), and the Play page's tests their one way in:
:class:`Visit`, :func:`play_page`, :func:`start_play` and the learner's actions
(:func:`act`, :func:`pass_bid`; :func:`area`, :func:`message`, :func:`settled`).

A page's explorers are boxes ``.t42-live`` (texas42-live.js): ``data-state`` goes picture ->
loading -> live (or error); ``data-ready-ms`` is the time from Start (or, when a later page
starts its explorers by itself, from the page's navigation) to the live explorer drawn.
``window.T42Live`` holds the Python runtime's answer (``ready.reused``: Python was already
running) and the round trip of each widget message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page

from .helpers import guard_context, is_local

START_TIMEOUT_MS = 180_000  # generous: 2 shared cores; about 7-12 s is usual
ANSWER_TIMEOUT_MS = 20_000

# Controls whose answer needs the exact solver or the sampling players (their own bound).
SOLVER_LABELS = re.compile(r"hint|review|solve|best|lay down|odds|check the claim", re.I)

JS_BOX_SETTLED = """(index) => {
  const box = document.querySelectorAll('.t42-live')[index];
  return !!box && ['live', 'error'].includes(box.dataset.state);
}"""

JS_BOX_INFO = """(index) => {
  const box = document.querySelectorAll('.t42-live')[index];
  const b = window.T42Live && window.T42Live.boxes[index];
  return { state: box.dataset.state, readyMs: Number(box.dataset.readyMs || 0),
           // when it went live, on the system clock (ms): a server's log splits there
           liveAt: b && box.dataset.readyMs ? performance.timeOrigin + b.t0 + b.readyMs : 0,
           status: box.querySelector('.t42-live-status').textContent,
           ready: window.T42Live && window.T42Live.ready,
           kind: window.T42Live && window.T42Live.runtime && window.T42Live.runtime.kind };
}"""

# The text an explorer shows, without the whitespace of its layout: part "picture" (the
# build-time snapshot, kept by the script after it is replaced) or "live".
JS_BOX_TEXT = """([index, part]) => {
  const box = window.T42Live.boxes[index];
  const area = part === 'picture' ? box.picture : box.node.querySelector('.t42-live-area');
  if (!area) return null;
  const text = [];
  area.querySelectorAll('.widget-html-content, .widget-label, label, button, option:checked, input')
    .forEach(n => {
      if (n.closest('.t42-live-cover')) return;
      const t = n.tagName === 'INPUT' ? (n.type === 'checkbox' ? String(n.checked) : n.value)
                                       : n.textContent;
      text.push(t.replace(/\\s+/g, ' ').trim());
    });
  return text.filter(Boolean).join(' | ');
}"""

# Use one control of a live explorer and time the answer: from the change to the last
# widget message answered by Python (then two frames, so the page has drawn it).
JS_USE_CONTROL = """async ([index, nth]) => {
  const box = document.querySelectorAll('.t42-live')[index];
  const area = box.querySelector('.t42-live-area');
  const controls = Array.from(area.querySelectorAll('select, button, input[type=checkbox]'))
    .filter(c => !c.disabled && c.offsetParent !== null);
  const c = controls[nth];
  if (!c) return null;
  const row = c.closest('.widget-inline-hbox') || c;
  const label = (c.textContent || c.getAttribute('aria-label') || c.title ||
                 row.textContent || c.tagName).trim().slice(0, 60);
  const L = window.T42Live;
  const t0 = performance.now();
  if (c.tagName === 'SELECT') {
    if (c.options.length < 2) return { label, skipped: 'one option' };
    c.selectedIndex = (c.selectedIndex + 1) % c.options.length;
    c.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    c.click();
  }
  const deadline = t0 + 20000;
  while (!(L.lastSentAt >= t0 && L.pending === 0 && L.lastIdleAt >= L.lastSentAt)) {
    if (performance.now() > deadline) return { label, ms: null, timeout: true };
    await new Promise(r => setTimeout(r, 2));
  }
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const ms = performance.now() - t0;
  return { label, kind: c.tagName.toLowerCase(), ms, count: controls.length };
}"""

JS_FLOOR = """async (pyodideURL) => {
  const t0 = performance.now();
  const { loadPyodide } = await import(pyodideURL + 'pyodide.mjs');
  const py = await loadPyodide({ indexURL: pyodideURL, packages: ['ipywidgets', 'texas42'] });
  py.runPython('import texas42, ipywidgets, texas42.widgets');
  return performance.now() - t0;
}"""


def live_boxes(page: Page) -> int:
    """How many explorers the page has (after its script decorated them)."""
    page.wait_for_function("() => window.T42Live !== undefined", timeout=30_000)
    return int(page.evaluate("() => document.querySelectorAll('.t42-live').length"))


def start_box(page: Page, index: int = 0) -> dict[str, Any]:
    """Press Start on explorer ``index`` and wait until it is live (or failed)."""
    box = page.locator(".t42-live").nth(index)
    box.scroll_into_view_if_needed()
    button = box.locator(".t42-live-start")
    if button.is_visible() and button.is_enabled():
        wait_picture(page, index)
        button.click()
    return wait_box(page, index)


def wait_picture(page: Page, index: int, timeout_ms: int = 30_000) -> None:
    """Wait (at most ``timeout_ms``) until explorer ``index``'s build-time picture has
    drawn its widgets: the page's widget manager draws it after load, and on a busy
    machine Start could come first, leaving a kept picture with no text to compare."""
    waited = 0
    while not box_text(page, index, "picture") and waited < timeout_ms:
        page.wait_for_timeout(100)
        waited += 100


def wait_box(page: Page, index: int = 0) -> dict[str, Any]:
    page.wait_for_function(JS_BOX_SETTLED, arg=index, timeout=START_TIMEOUT_MS)
    info: dict[str, Any] = page.evaluate(JS_BOX_INFO, index)
    return info


def wait_settled(page: Page, timeout_ms: int = ANSWER_TIMEOUT_MS) -> None:
    """Wait until Python answered every widget message the page sent and no table is
    still showing the computer's actions one at a time (then two frames, so the page has
    drawn the answer)."""
    page.wait_for_function(
        "() => window.T42Live.pending === 0 && window.T42Live.lastIdleAt >= "
        "window.T42Live.lastSentAt"
        " && !document.querySelector('.t42-table[data-animating=\"true\"]')",
        timeout=timeout_ms)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def box_text(page: Page, index: int, part: str) -> str | None:
    text: str | None = page.evaluate(JS_BOX_TEXT, [index, part])
    return text


def use_control(page: Page, index: int, nth: int) -> dict[str, Any] | None:
    result: dict[str, Any] | None = page.evaluate(JS_USE_CONTROL, [index, nth])
    return result


def floor_ms(page: Page, site_url: str) -> float:
    """The floor: a blank page of the site that loads the site's own Pyodide and imports
    texas42 and ipywidgets (no explorer, no widget manager)."""
    blank = site_url + "/__floor__.html"
    page.route(blank, lambda route: route.fulfill(status=200, content_type="text/html",
                                                   body="<!doctype html><title>floor</title>"))
    page.goto(blank)
    return float(page.evaluate(JS_FLOOR, site_url + "/lite/static/pyodide/"))


@dataclass
class NoSharedWorker:
    """A reader without shared workers (Chrome on Android): ``floor_ms`` measured in a
    context of its own first, then ``context`` (``SharedWorker`` removed by an init
    script) with its ``page``, whose uncaught errors land in ``errors``."""

    floor_ms: float
    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)


def without_shared_workers(browser: Browser, base: str, off_site: list[str],
                           width: int = 1200) -> NoSharedWorker:
    """The floor, then a fresh page without shared workers, ``width`` x 900; both
    contexts ask no other host (what they asked is noted in ``off_site``)."""
    floor_context = guard_context(browser.new_context(), off_site)
    floor = floor_ms(floor_context.new_page(), base)
    floor_context.close()
    context = guard_context(browser.new_context(viewport={"width": width, "height": 900}),
                            off_site)
    context.add_init_script("delete window.SharedWorker")
    visit = NoSharedWorker(floor, context, context.new_page())
    visit.page.on("pageerror", lambda e: visit.errors.append(str(e)))
    return visit


class Visit:
    """One reader's visit: a browser context whose requests to other hosts are blocked
    and recorded, and whose Python (the shared worker) lives across its pages."""

    def __init__(self, browser: Browser, base: str, *, pause: bool = True) -> None:
        self.base = base
        self.off_site: list[str] = []
        self.errors: list[str] = []
        self.context: BrowserContext = browser.new_context(viewport={"width": 1200, "height": 900})
        self.context.set_default_timeout(30_000)
        guard_context(self.context, self.off_site)
        if not pause:
            pause_kept_off(self.context)
        self.page: Page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def open(self, path: str) -> int:
        response = self.page.goto(f"{self.base}/{path}", wait_until="load")
        assert response is not None and response.ok, f"{path}: {response and response.status}"
        return live_boxes(self.page)

    def assert_private(self) -> None:
        """Nothing left 127.0.0.1: neither the page's requests nor the Python worker's."""
        urls: list[str] = self.page.evaluate(
            "() => window.T42Live && window.T42Live.runtime ? window.T42Live.workerResources() : []"
        )
        assert urls == [] or any("pyodide" in u for u in urls), urls
        outside = [u for u in urls if not is_local(u)]
        assert not outside and not self.off_site, outside + self.off_site
        assert not self.errors, self.errors


def pause_kept_off(context: BrowserContext) -> None:
    """The learner turned "Pause between the computer's plays" off in this browser before
    (the choice the table keeps in localStorage): its tables then show the computer's
    actions at once. For the tests whose subject is not that pacing (it costs about 3 s an
    action; test_play_fits checks the pause itself, and that the choice is kept)."""
    context.add_init_script(
        "try { window.localStorage.setItem('texas42-pause', 'off'); } catch (e) {}")


# -- the Play page (book/play.html): its one explorer, the guided hand ---------------------
PLAY_PAGE = "book/play.html"
#: How long the Play page's tests wait for an answer (generous: 2 shared cores).
PLAY_ANSWER_MS = 60_000
#: The two screens the Play page is tested at: a desktop's and a phone's.
PLAY_SIZES = [(1280, 900), (390, 844)]
#: A domino of the learner's that may be played, on the live table.
LEGAL = '.t42-table-pic [data-play][data-legal="true"]'


@contextmanager
def play_page(browser: Browser, base: str, width: int | None = None,
              height: int | None = None, *, pause: bool = True) -> Iterator[Visit]:
    """A visit of its own to the Play page (``width`` x ``height``; else the visit's
    1200 x 900), opened and not yet started (:func:`start_play`); closed afterwards.
    ``pause=False``: the pause between the computer's actions kept off (:func:`pause_kept_off`)."""
    visit = Visit(browser, base, pause=pause)
    try:
        if width is not None and height is not None:
            visit.page.set_viewport_size({"width": width, "height": height})
        visit.open(PLAY_PAGE)
        yield visit
    finally:
        visit.context.close()


def start_play(page: Page) -> Locator:
    """Start the Play page's explorer; its live area once it is live."""
    assert start_box(page, 0)["state"] == "live"
    return area(page)


def area(page: Page) -> Locator:
    """The live area of the page's first explorer (the Play page's only one)."""
    return page.locator(".t42-live").first.locator(".t42-live-area")


def settled(page: Page) -> None:
    """Python answered every message the page sent, and the table is not showing the
    computer's actions one at a time (a click then would only end the pause)."""
    page.wait_for_function(
        "() => { const t = document.querySelector('.t42-live .t42-live-area .t42-table');"
        " return window.T42Live.pending === 0"
        " && window.T42Live.lastIdleAt >= window.T42Live.lastSentAt"
        " && (!t || t.dataset.animating !== 'true'); }", timeout=PLAY_ANSWER_MS)


def message(live: Locator) -> Locator:
    """The explorer's message line, in its live area ``live``."""
    return live.locator(".t42-message").first


def pass_bid(page: Page, live: Locator) -> None:
    """The learner's bid: pass (the table's "Pass" button, under the hand)."""
    live.locator(".t42-table-actions").get_by_role("button", name="Pass", exact=True).click()
    settled(page)


def act(page: Page, live: Locator) -> None:
    """One action of the learner: pass in the bidding, the first contract offered, or
    the first domino that may be played."""
    text = message(live).inner_text()
    if "Your turn to bid" in text:
        pass_bid(page, live)
    elif "name trumps" in text:
        live.locator(".t42-table-actions .t42-act").first.click()  # the first trumps
        settled(page)
    else:
        live.locator(LEGAL).first.click()
        settled(page)


def hand_over(live: Locator) -> bool:
    """Whether the hand is over (the message offers the next hand, or the game is won)."""
    text = message(live).inner_text()
    return "Next hand" in text or "wins the game" in text


def play_to_end(page: Page, live: Locator, most: int = 40) -> None:
    """The learner's actions (:func:`act`) until the hand is over; it must be within
    ``most`` of them."""
    for _ in range(most):
        if hand_over(live):
            break
        act(page, live)
    assert hand_over(live), message(live).inner_text()
