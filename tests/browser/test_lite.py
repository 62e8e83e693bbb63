"""The playground: a whole notebook in JupyterLite (Pyodide) inside the built site, offline.

(The chapters' explorers come alive in place without JupyterLite: see test_live.py.)

The test serves the built book on 127.0.0.1, opens the playground page, presses its start
button and waits until the page's script reports the kernel up and the notebook run
(``data-state`` of the box: ``drawn`` when the first output is on screen, ``ready`` when
every cell has run), then reads the deal on the table.

Every request of the page, of the iframe and of the kernel's web worker goes through
``PageLog`` (helpers.py): anything for another host than 127.0.0.1 is blocked, recorded
and fails the test. JupyterLite registers a service worker, which fetches on behalf of
the iframe; its requests bypass the page's routes, so a route on the whole browser
context blocks and records those too (``lite_page``). (Blocking service workers instead
is no option: JupyterLite's kernel then fails on its drive API.)

The times from opening the page to the first output and to the notebook fully run are
written to ``test-artifacts/lite-timings.json`` and printed.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FrameLocator, Page, Request, Route, expect

from .helpers import ARTIFACTS, REPO, WatchedPage, is_local, record_timings, watch

pytestmark = pytest.mark.browser

START_TIMEOUT_MS = 240_000  # generous: 2 shared cores; about 10-25 s is usual
TIMINGS = ARTIFACTS / "lite-timings.json"

JS_STATE = "box => box.dataset.state || ''"
JS_SETTLED = """() => {
  const box = document.querySelector('.texas42-live');
  return !!box && ['drawn', 'ready', 'error'].includes(box.dataset.state);
}"""
JS_READY = """() => {
  const box = document.querySelector('.texas42-live');
  return !!box && ['ready', 'error'].includes(box.dataset.state);
}"""

def _record(name: str, **figures: Any) -> None:
    record_timings(TIMINGS, name, figures)


def live_pages(site_dir: Path) -> dict[str, str]:
    """Notebook (lite path) -> the first built page (path from the site root) running it."""
    found: dict[str, str] = {}
    for html_file in sorted(site_dir.rglob("*.html")):
        if "lite" in html_file.relative_to(site_dir).parts[:1]:
            continue
        text = html_file.read_text(encoding="utf-8", errors="replace")
        for notebook in re.findall(r'class="texas42-live"[^>]*data-notebook="([^"]+)"', text):
            found.setdefault(notebook, html_file.relative_to(site_dir).as_posix())
    return found


@pytest.fixture(scope="session")
def pages_by_notebook(site_dir: Path) -> dict[str, str]:
    return live_pages(site_dir)


@pytest.fixture
def lite_page(chromium: Browser) -> Iterator[WatchedPage]:
    """Like ``watched_page``, plus a route on the whole context, which also sees the
    requests of JupyterLite's service worker: one for another host is blocked and
    recorded in the same ``PageLog.external``."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    log = watch(page)

    def route(route: Route) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            log.external.append(f"{url} (from the service worker)")
            route.abort("blockedbyclient")

    def on_request(request: Request) -> None:
        if request.service_worker is not None:
            log.requests.append(request.url)

    context.route("**/*", route)
    context.on("request", on_request)
    yield WatchedPage(page, log)
    context.close()


def _start(page: Page, url: str) -> tuple[FrameLocator, dict[str, float]]:
    """Open ``url``, press the first live box's start button, wait for the explorer."""
    t0 = time.monotonic()
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url}: {response and response.status}"
    box = page.locator(".texas42-live").first
    expect(box).to_have_attribute("data-state", "idle")
    box.locator(".texas42-live-start").click()
    page.wait_for_function(JS_SETTLED, timeout=START_TIMEOUT_MS, polling=100)
    drawn_s = time.monotonic() - t0
    page.wait_for_function(JS_READY, timeout=START_TIMEOUT_MS, polling=100)
    ready_s = time.monotonic() - t0
    state = box.evaluate(JS_STATE)
    assert state == "ready", f"live explorer failed: {box.get_attribute('data-error')}"
    figures = {
        "open_to_drawn_s": round(drawn_s, 2),
        "open_to_ready_s": round(ready_s, 2),
        "click_to_drawn_ms_in_page": int(box.get_attribute("data-drawn-ms") or -1),
    }
    return page.frame_locator("iframe.texas42-live-frame"), figures


def test_every_explorer_page_links_to_a_notebook_in_the_lite_site(
    site_dir: Path, pages_by_notebook: dict[str, str]
) -> None:
    # The chapters' explorers come alive in place (test_live.py); the playground is the
    # one page that opens a whole notebook in JupyterLite.
    required = ["playground.ipynb"]
    for notebook in required:
        assert notebook in pages_by_notebook, f"no page runs {notebook} live"
    for notebook in pages_by_notebook:
        assert (site_dir / "lite" / "files" / notebook).is_file(), notebook


def test_built_lite_site_is_offline_and_complete(site_dir: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_lite", REPO / "scripts" / "build_lite.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.check(site_dir / "lite") == []


def test_playground_has_a_deal_on_the_table(
    site_server: str,
    pages_by_notebook: dict[str, str],
    lite_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    page = lite_page.page
    url = f"{site_server}/{pages_by_notebook['playground.ipynb']}"
    frame, figures = _start(page, url)
    # The engine's table picture and the deal code, then the explorer on that deal.
    expect(frame.locator(".jp-OutputArea-output svg").first).to_be_visible()
    expect(frame.locator(".jp-OutputArea-output").first).to_contain_text("70W2-NHS9-RSQ")
    expect(frame.locator(".t42-tricks .t42-message").first).to_contain_text("70W2-NHS9-RSQ")
    # The table fits the notebook in its frame at 1280 px (issue 34: seat 3 was cut off):
    # every picture output ends inside its output area, within the frame's width.
    assert page.viewport_size is not None and page.viewport_size["width"] == 1280
    pictures = frame.locator(".jp-RenderedSVG img, .jp-RenderedSVG svg, .jp-RenderedImage img")
    expect(pictures.first).to_be_visible()
    boxes = pictures.evaluate_all(
        """els => els.map(e => { const r = e.getBoundingClientRect();
             const out = e.closest('.jp-OutputArea-output').getBoundingClientRect();
             return { right: r.right, outRight: out.right, outWidth: out.width,
                      natural: e.naturalWidth || 0,
                      page: document.documentElement.clientWidth }; })""")
    assert any(b["natural"] > b["outWidth"] for b in boxes)  # one is drawn wider than it fits
    for b in boxes:
        assert b["right"] <= min(b["outRight"], b["page"]) + 1, b
    _record("playground", **figures)
    screenshot(page, "lite-playground", full_page=False)
    lite_page.log.assert_clean()
