"""Without shared workers (Chrome on Android): moving between pages without a full load.

In headless Chromium with ``SharedWorker`` removed by an init script, over the built site
on 127.0.0.1 (served with its precompressed siblings, as static hosts do):

* the first page's explorer comes alive in the page's own dedicated worker;
* a click on a link to another chapter is a soft navigation (t42live-softnav.js): no new
  document (a property set on ``window`` before survives), the address, title, navigation
  and table of contents are the new page's, focus is on its main heading and the page is
  announced; its explorer starts by itself on the same worker (Python is not started
  again; how fast, against the floor, is bench/bench_no_shared_worker.py's figure, not a
  test's);
* it answers a change of its first list with the message CPython gives for that code;
* the theme's colour switch, search button and the course checks work on the new page;
* axe-core finds nothing critical or serious on it;
* the back button returns to the first page with its explorer live again;
* a page whose head has scripts the first page lacks (MathJax) gets them, its math typeset;
* clicks that must stay normal (an #anchor of the page, the /lite/ playground, a new tab,
  a download, a modifier key) are not taken over;
* no request of the pages or of the Python worker leaves 127.0.0.1.

With shared workers the soft navigation is not loaded at all (today's behaviour).
Screenshots after a soft navigation (1280x900 and 390x844) go to
``test-artifacts/screenshots/softnav-*.png``; figures to ``test-artifacts/live-softnav.json``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .helpers import ARTIFACTS, REPO, SCREENSHOTS, guard_context, is_local, record_timings
from .live import live_boxes, start_box, wait_box, without_shared_workers
from .served import ServerLog
from .test_live import (
    change_first_list,
    cpython_explorer,
    engine_answer,
    first_list_options,
    message_text,
    plain_message,
)

pytestmark = pytest.mark.browser

FIGURES = ARTIFACTS / "live-softnav.json"
AXE_JS = REPO / "node_modules" / "axe-core" / "axe.min.js"
FIRST_PAGE, LATER_PAGE = "book/tricks.html", "book/bidding.html"
LINK_TO_LATER = '#pst-primary-sidebar a[href="bidding.html"]'
SOFT_TIMEOUT_MS = 30_000

# Synthetic clicks on links that must stay normal: each is dispatched, and a listener on
# window (after the page's own on document) notes whether the click was taken over, then
# stops the browser's navigation.
JS_CLICKS_LEFT_ALONE = """() => {
  const root = new URL('../', document.querySelector('script[src*="texas42-live.js"]').src);
  const cases = [
    ['an anchor of this page', {href: '#what-a-trick-is'}, {}],
    ['the lite playground', {href: new URL('lite/lab/index.html', root).href}, {}],
    ['a new tab', {href: 'bidding.html', target: '_blank'}, {}],
    ['a download', {href: 'bidding.html', download: ''}, {}],
    ['ctrl-click', {href: 'bidding.html'}, {ctrlKey: true}],
    ['shift-click', {href: 'bidding.html'}, {shiftKey: true}],
    ['middle button', {href: 'bidding.html'}, {button: 1}],
    ['another host', {href: 'http://example.invalid/x.html'}, {}],
  ];
  const taken = [];
  for (const [name, attrs, init] of cases) {
    const a = document.createElement('a');
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    a.textContent = name;
    document.querySelector('article').appendChild(a);
    let prevented = null;
    const note = (e) => { prevented = e.defaultPrevented; e.preventDefault(); };
    window.addEventListener('click', note);
    const how = Object.assign({bubbles: true, cancelable: true}, init);
    a.dispatchEvent(new MouseEvent('click', how));
    window.removeEventListener('click', note);
    a.remove();
    if (prevented) taken.push(name);
  }
  return {taken, count: window.T42SoftNav.count};
}"""

JS_PAGE_STATE = """() => ({
  probe: window.__t42_probe,
  url: location.href,
  title: document.title,
  h1: (document.activeElement && document.activeElement.tagName) + ':' +
      (document.activeElement ? document.activeElement.textContent.trim() : ''),
  current: Array.from(document.querySelectorAll('.bd-docs-nav li.current > a'))
    .map(a => a.textContent.trim()),
  toc: Array.from(document.querySelectorAll('#pst-page-toc-nav a')).map(a => a.textContent.trim()),
  announced: (document.querySelector('.t42-softnav-announcer') || {}).textContent || '',
  pagename: typeof DOCUMENTATION_OPTIONS !== 'undefined' && DOCUMENTATION_OPTIONS.pagename,
  soft: window.T42SoftNav ? window.T42SoftNav.count : null,
  scrollY: window.scrollY,
})"""


def soft_navigated(page: Page, count: int) -> None:
    page.wait_for_function(
        "(n) => window.T42SoftNav && window.T42SoftNav.count >= n"
        " && document.documentElement.dataset.t42Soft === 'ready'",
        arg=count, timeout=SOFT_TIMEOUT_MS)


def answers_as_cpython(page: Page, path: str) -> None:
    options = first_list_options(page, 0)
    assert options is not None, f"{path}: no list to change"
    model_id = page.evaluate("() => window.T42Live.boxes[0].modelId")
    expected = engine_answer(cpython_explorer(path, model_id), options["labels"], options["index"])
    change_first_list(page, 0)
    assert plain_message(message_text(page, 0)) == expected, path


def serious_axe_violations(page: Page) -> list[dict[str, Any]]:
    assert AXE_JS.is_file(), f"{AXE_JS} is missing: run `npm ci` (make setup does)"
    page.add_script_tag(path=str(AXE_JS))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ["violations"]});
          return r.violations.filter(v => ["critical", "serious"].includes(v.impact))
            .map(v => ({id: v.id, impact: v.impact,
                        nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5)}));
        }""")
    return found


def test_without_shared_workers_a_later_page_is_a_soft_navigation_on_the_warm_worker(
    chromium: Browser, counted_site: tuple[str, ServerLog]
) -> None:
    base, _ = counted_site
    off_site: list[str] = []
    visit = without_shared_workers(chromium, base, off_site, width=1280)
    floor, context, page, errors = visit.floor_ms, visit.context, visit.page, visit.errors
    try:
        page.goto(f"{base}/{FIRST_PAGE}")
        assert live_boxes(page) >= 1
        first = start_box(page, 0)
        assert first["state"] == "live" and first["kind"] == "dedicated", first
        assert page.evaluate("() => !!window.T42SoftNav"), "the soft navigation is not loaded"

        # Clicks that must stay normal are left to the browser.
        left = page.evaluate(JS_CLICKS_LEFT_ALONE)
        assert left == {"taken": [], "count": 0}, left

        page.evaluate("() => { window.__t42_probe = 'same document'; }")
        page.locator(LINK_TO_LATER).click()
        soft_navigated(page, 1)
        later = wait_box(page, 0)
        state = page.evaluate(JS_PAGE_STATE)
        assert state["probe"] == "same document", state  # no new document was loaded
        assert state["url"] == f"{base}/{LATER_PAGE}", state
        assert state["title"].startswith("7. Bidding"), state
        assert state["pagename"] == "book/bidding", state
        assert state["current"] == ["7. Bidding"], state  # the navigation marks the new page
        assert "7.2. The auction" in state["toc"], state
        assert state["h1"].startswith("H1:7. Bidding"), state
        assert state["scrollY"] == 0, state
        page.wait_for_function(  # announced to screen readers
            "() => document.querySelector('.t42-softnav-announcer').textContent"
            ".includes('Bidding')")
        # The later page's explorer: live in the same dedicated worker, Python not started again.
        assert later["state"] == "live" and later["kind"] == "dedicated", later
        assert later["ready"]["reused"] is True, later
        assert later["ready"]["bootMs"] == first["ready"]["bootMs"], (first, later)
        answers_as_cpython(page, LATER_PAGE)
        # Its pictures were drawn from the new page's state (the other explorers, if any, are live).
        assert page.evaluate("() => document.querySelectorAll('.t42-live').length") >= 1

        # The theme's buttons and the book's course checks on the swapped page.
        mode = page.evaluate("() => document.documentElement.dataset.mode")
        page.locator(".theme-switch-button").first.click()
        assert page.evaluate("() => document.documentElement.dataset.mode") != mode
        page.locator(".theme-switch-button").first.click()
        page.locator(".search-button__button:visible").first.click()
        assert page.evaluate("() => document.getElementById('pst-search-dialog').open")
        page.keyboard.press("Escape")
        check = page.locator("form.course-check").first
        check.locator("input[type=radio]").first.check()
        check.locator(".course-check-button").click()
        assert check.locator(".course-check-feedback").inner_text().strip(), "no feedback"

        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.mouse.move(640, 600)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / "softnav-1280.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / "softnav-390.png"))
        page.set_viewport_size({"width": 1280, "height": 900})

        found = serious_axe_violations(page)
        assert not found, f"axe on the soft-navigated page: {found}"

        # Back: the first page again, its explorer live again on the same worker.
        page.go_back()
        soft_navigated(page, 2)
        back = wait_box(page, 0)
        state = page.evaluate(JS_PAGE_STATE)
        assert state["probe"] == "same document" and state["url"] == f"{base}/{FIRST_PAGE}", state
        assert state["title"].startswith("2. Tricks without trumps"), state
        assert back["state"] == "live" and back["ready"]["reused"] is True, back
        answers_as_cpython(page, FIRST_PAGE)

        # A page whose head has what the first page lacks (MathJax): added, and its math
        # typeset; its explorer live too.
        page.locator('#pst-primary-sidebar a[href="count.html"]').click()
        soft_navigated(page, 3)
        assert wait_box(page, 0)["state"] == "live"
        page.wait_for_function("() => document.querySelector('article mjx-container') !== null",
                               timeout=SOFT_TIMEOUT_MS)
        assert page.evaluate("() => window.T42SoftNav.added.some(u => u.includes('mathjax'))")

        urls: list[str] = page.evaluate("() => window.T42Live.workerResources()")
        assert any("pyodide" in u for u in urls), urls
        assert not [u for u in urls if not is_local(u)], urls
        assert not errors, errors
    finally:
        context.close()
    assert not off_site, off_site
    record_timings(FIGURES, "soft navigation", {
        "floor_ms": round(floor), "first_page_ms": first["readyMs"],
        "later_page_ms": later["readyMs"], "later_over_floor": round(later["readyMs"] / floor, 2),
        "back_ms": back["readyMs"]})


def test_with_shared_workers_pages_load_as_before(
    chromium: Browser, counted_site: tuple[str, ServerLog]
) -> None:
    base, _ = counted_site
    off_site: list[str] = []
    context = guard_context(chromium.new_context(), off_site)
    try:
        page = context.new_page()
        page.goto(f"{base}/{FIRST_PAGE}")
        assert live_boxes(page) >= 1
        assert page.evaluate(
            "() => window.T42SoftNav === undefined && "
            "!document.querySelector('script[src*=\"t42live-softnav\"]')")
        page.evaluate("() => { window.__t42_probe = 'first document'; }")
        page.locator(LINK_TO_LATER).click()
        page.wait_for_url(f"{base}/{LATER_PAGE}")
        assert live_boxes(page) >= 1
        assert page.evaluate("() => window.__t42_probe") is None  # a new document
    finally:
        context.close()
    assert not off_site, off_site
