"""The site's explorers come alive where they stand (book/_ext/live_in_place.py).

Over the built site (``make book``) served on 127.0.0.1, in headless Chromium:

* every explorer of every page (chapters and notebooks/ pages) is first a labelled picture
  whose controls are inactive, then, started, comes alive in the same spot with the same
  state as the picture, and answers a change of its first list exactly as the engine
  does for that page's code (the same code run here in CPython);
* a second page of the visit reuses the running Python (its explorers start by themselves);
* the arrow keys change a focused list, Tab walks the controls in order, Enter presses a
  button; the site works served from a sub-path (/texas42/) and says what to do when opened
  from file://;
* no request, of the page or of the Python worker, leaves 127.0.0.1.

The pages' start times go to ``test-artifacts/live-timings.json`` (speed itself is measured
by bench/bench_live_site.py, never asserted here).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .helpers import (
    ARTIFACTS,
    REPO,
    SITE_DIR,
    record_timings,
    serve_directory,
)
from .live import Visit, box_text, start_box, wait_box, wait_picture

pytestmark = pytest.mark.browser

TIMINGS = ARTIFACTS / "live-timings.json"
PAGE_DATA = re.compile(r'<script type="application/json" id="t42-live-page">(.*?)</script>', re.S)


def explorer_pages() -> list[str]:
    """Pages of the built site (paths from its root) that have live explorers."""
    if not SITE_DIR.is_dir():
        return ["(no built site: run make book)"]
    pages = []
    for html_file in sorted(SITE_DIR.glob("*/*.html")):
        if html_file.parent.name in ("lite", "_static"):
            continue
        if 'id="t42-live-page"' in html_file.read_text(encoding="utf-8", errors="replace"):
            pages.append(html_file.relative_to(SITE_DIR).as_posix())
    return pages


PAGES = explorer_pages()

# The same cell runner as the browser's (book/_ext/live_static/live_bridge.py).
sys.path.insert(0, str(REPO / "book" / "_ext" / "live_static"))
import live_bridge  # noqa: E402

sys.path.pop(0)


def page_data(page_path: str) -> dict[str, Any]:
    text = (SITE_DIR / page_path).read_text(encoding="utf-8")
    match = PAGE_DATA.search(text)
    assert match, f"{page_path}: no live explorer data"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def _record(name: str, **figures: Any) -> None:
    record_timings(TIMINGS, name, figures)


@pytest.fixture(scope="module")
def visit(chromium: Browser, site_server: str) -> Iterator[Visit]:
    v = Visit(chromium, site_server)
    yield v
    v.context.close()


@pytest.fixture
def fresh_visit(chromium: Browser, site_server: str) -> Iterator[Visit]:
    """A visit of its own: no Python runs yet, so its explorers wait for Start (in the
    module's visit a later page's explorers start by themselves)."""
    v = Visit(chromium, site_server)
    yield v
    v.context.close()


# ---------------------------------------------------------------------- the engine's answer
def cpython_explorer(page_path: str, model_id: str) -> Any:
    """The explorer that the page's code for ``model_id`` builds, run here in CPython."""
    data = page_data(page_path)
    cell = data["cells"][model_id]
    sys.path.insert(0, str(REPO / "book"))
    try:
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for source in data["setup"][: cell["setup"]]:
            exec(compile(source, "<setup>", "exec"), namespace)
        return live_bridge.Bridge._execute(cell["code"], namespace)
    finally:
        sys.path.remove(str(REPO / "book"))


def first_list_options(page: Page, index: int) -> dict[str, Any] | None:
    info: dict[str, Any] | None = page.evaluate(
        """(index) => {
          const area = window.T42Live.boxes[index].node.querySelector('.t42-live-area');
          const s = Array.from(area.querySelectorAll('select'))
            .find(s => !s.disabled && s.options.length > 1 && s.offsetParent !== null);
          if (!s) return null;
          return { labels: Array.from(s.options).map(o => o.textContent), index: s.selectedIndex };
        }""",
        index,
    )
    return info


def message_text(page: Page, index: int) -> str:
    text: str = page.evaluate(
        """(index) => {
          const area = window.T42Live.boxes[index].node.querySelector('.t42-live-area');
          const m = area.querySelector('.t42-message');
          return m ? m.textContent : '';
        }""",
        index,
    )
    return text


def plain_message(text: str) -> str:
    return re.sub(r"^[ℹ✔✖!]\s*", "", " ".join(text.split()))


def change_first_list(page: Page, index: int) -> None:
    page.evaluate(
        """async (index) => {
          const area = window.T42Live.boxes[index].node.querySelector('.t42-live-area');
          const s = Array.from(area.querySelectorAll('select'))
            .find(s => !s.disabled && s.options.length > 1 && s.offsetParent !== null);
          const L = window.T42Live, t0 = performance.now();
          s.selectedIndex = (s.selectedIndex + 1) % s.options.length;
          s.dispatchEvent(new Event('change', { bubbles: true }));
          while (!(L.lastSentAt >= t0 && L.pending === 0 && L.lastIdleAt >= L.lastSentAt))
            await new Promise(r => setTimeout(r, 5));
          await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
        }""",
        index,
    )


def engine_answer(explorer: Any, labels: list[str], index: int) -> str:
    """Change the same list in the CPython explorer; its message."""
    def norm(items: Any) -> list[str]:
        return [" ".join(str(item).split()) for item in items]  # the page draws spaces as nbsp

    for control in explorer.controls():
        if norm(getattr(control, "_options_labels", ())) == norm(labels) and control.index == index:
            control.index = (index + 1) % len(labels)
            return plain_message(str(explorer.message))
    raise AssertionError(f"no list with options {labels[:3]}... in the CPython explorer")


# ---------------------------------------------------------------------- the tests
def test_picture_is_labelled_and_inactive_until_started(visit: Visit) -> None:
    page = visit.page
    assert visit.open("book/tricks.html") >= 1
    box = page.locator(".t42-live").first
    expect(box).to_have_attribute("data-state", "picture")
    expect(box.locator(".t42-live-status")).to_contain_text("picture")
    expect(box.locator(".t42-live-start")).to_have_text(re.compile("Start"))
    page.wait_for_function(
        "() => document.querySelector('.t42-live .widget-subarea select') !== null"
    )
    controls = page.evaluate(
        """() => Array.from(document.querySelector('.t42-live .t42-live-picture')
             .querySelectorAll('button, select, input'))
             .map(c => ({ disabled: c.disabled, tab: c.tabIndex }))"""
    )
    assert controls and all(c["disabled"] and c["tab"] == -1 for c in controls), controls
    # From Start, Tab leaves the explorer: nothing in the picture takes the focus.
    box.locator(".t42-live-start").focus()
    page.keyboard.press("Tab")
    inside = page.evaluate(
        "() => document.querySelector('.t42-live .t42-live-picture')"
        ".contains(document.activeElement)"
    )
    assert not inside


@pytest.mark.parametrize("page_path", PAGES)
def test_every_explorer_comes_alive_in_place_as_the_engine_answers(
    visit: Visit, page_path: str
) -> None:
    page = visit.page
    count = visit.open(page_path)
    data = page_data(page_path)
    cells = len(data["cells"])
    assert count == cells >= 1, f"{page_path}: {count} boxes for {cells} explorer cells"
    starts = []
    for index in range(count):
        info = start_box(page, index)
        assert info["state"] == "live", f"{page_path} explorer {index}: {info['status']}"
        starts.append(info["readyMs"])
        live = page.locator(".t42-live").nth(index)
        # In place: the live explorer is in the box, the picture is gone from the page.
        expect(live.locator(".t42-live-area .widget-box").first).to_be_visible()
        assert live.locator(".t42-live-picture").count() == 0
        picture, now = box_text(page, index, "picture"), box_text(page, index, "live")
        assert picture and picture == now, f"{page_path} explorer {index}: live != picture"
        model_id = page.evaluate("(i) => window.T42Live.boxes[i].modelId", index)
        options = first_list_options(page, index)
        if options is None:
            continue
        expected = engine_answer(
            cpython_explorer(page_path, model_id), options["labels"], options["index"]
        )
        change_first_list(page, index)
        assert plain_message(message_text(page, index)) == expected, page_path
    _record(page_path, ready_ms=starts, python=page.evaluate("() => window.T42Live.ready"))
    visit.assert_private()


def test_next_page_reuses_the_running_python(visit: Visit) -> None:
    page = visit.page
    visit.open("book/count.html")
    start_box(page, 0)
    visit.open("book/bidding.html")
    info = wait_box(page, 0)  # no click: Python already runs, so it starts by itself
    assert info["state"] == "live" and info["ready"]["reused"] is True, info
    assert info["kind"] == "shared", info
    _record("next page", ready_ms_from_navigation=info["readyMs"])
    visit.assert_private()


def test_keyboard_arrow_keys_tab_and_enter(fresh_visit: Visit) -> None:
    visit = fresh_visit
    page = visit.page
    visit.open("book/following.html")
    box = page.locator(".t42-live").first
    box.scroll_into_view_if_needed()
    expect(box).to_have_attribute("data-state", "picture")  # nothing started by itself
    wait_picture(page, 0)
    box.locator(".t42-live-start").focus()
    page.keyboard.press("Enter")  # Start from the keyboard
    assert wait_box(page, 0)["state"] == "live"
    area = box.locator(".t42-live-area")
    # The focus goes on to the live explorer's first control (at a table: its first
    # choice, issue 34), not to the page's body.
    # focusFirst (texas42-live.js) waits for the table's first choice to stand still first.
    try:
        page.wait_for_function(
            "() => document.activeElement && document.activeElement !== document.body"
            " && !!document.activeElement.closest('.t42-live-area')"
            " && document.activeElement.matches('select, button, input, textarea, [tabindex]')",
            timeout=15_000)
    except PlaywrightTimeout:
        raise AssertionError(page.evaluate(
            "() => document.activeElement.outerHTML.slice(0, 120)")) from None
    # Tab walks the enabled controls in page order.
    order = page.evaluate(
        """() => Array.from(document.querySelector('.t42-live-area')
             .querySelectorAll('select, button, input, [data-play]'))
             .filter(c => !c.disabled && (c.offsetParent || c instanceof SVGElement))
             .map(c => c.outerHTML.slice(0, 80))"""
    )
    first = area.locator("select").first
    first.focus()
    seen = [page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")]
    for _ in range(min(5, len(order) - 1)):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)"))
    start = order.index(seen[0])
    assert seen == order[start : start + len(seen)], (seen, order)
    # The arrow keys change the focused list, and the explorer answers.
    first.focus()
    before_value = first.input_value()
    before = box_text(page, 0, "live")
    page.keyboard.press("ArrowDown")
    expect(first).not_to_have_value(before_value)
    page.wait_for_function(
        "() => window.T42Live.pending === 0"
        " && window.T42Live.lastIdleAt >= window.T42Live.lastSentAt"
    )
    assert box_text(page, 0, "live") != before  # the explorer shows the new choice
    # Enter presses a button: "Start over" (or the first button) answers.
    button = area.locator("button:not([disabled])").last
    button.focus()
    sent = page.evaluate("() => window.T42Live.lastSentAt")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.T42Live.lastSentAt > {sent}")
    visit.assert_private()


def test_served_from_a_sub_path(chromium: Browser) -> None:
    with serve_directory(SITE_DIR, prefix="/texas42") as base:
        v = Visit(chromium, base)
        try:
            failed: list[str] = []
            v.page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
            assert v.open("book/trumps.html") >= 1
            info = start_box(v.page, 0)
            assert info["state"] == "live", info["status"]
            assert [u for u in failed if not u.endswith("favicon.ico")] == []
            v.assert_private()
        finally:
            v.context.close()


def test_opened_from_a_file_says_to_serve_the_site(chromium: Browser) -> None:
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto((SITE_DIR / "book" / "tricks.html").as_uri(), wait_until="load")
        box = page.locator(".t42-live").first
        expect(box).to_have_attribute("data-state", "offline")
        expect(box.locator(".t42-live-status")).to_contain_text("make site")
        expect(box.locator(".t42-live-start")).to_be_hidden()
        # The picture still shows.
        expect(box.locator(".t42-live-picture .widget-box").first).to_be_visible(timeout=30_000)
    finally:
        context.close()
