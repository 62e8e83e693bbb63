"""The live explorers of the built site: Python in the browser (JupyterLite + Pyodide), offline.

Each test serves the built book (``_build/html``, made by ``make book``) on 127.0.0.1,
opens a page with a live explorer, presses its start button and waits until the page's
script reports the kernel up and the notebook run (``data-state`` of the box: ``drawn``
when the first explorer is on screen, ``ready`` when every cell has run). Then it uses
the explorer inside the JupyterLite iframe as a reader would and checks that the
in-browser kernel answered: the explorer's message changed as it should.

Every request of the page, of the iframe and of the kernel's web worker goes through
``PageLog`` (helpers.py): anything for another host than 127.0.0.1 is blocked, recorded
and fails the test. JupyterLite registers a service worker, which fetches on behalf of
the iframe; its requests bypass the page's routes, so a route on the whole browser
context blocks and records those too (``lite_page``). (Blocking service workers instead
is no option: JupyterLite's kernel then fails on its drive API.)

Measured figures (time from opening the page to the first explorer drawn, to the
notebook fully run, and from a control's change to the explorer's answer) are written
to ``test-artifacts/lite-timings.json`` and printed. Their limits here are loose on
purpose (the test machine may be shared); the figures themselves are the report.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FrameLocator, Locator, Page, Request, Route, expect

from .helpers import ARTIFACTS, REPO, WatchedPage, is_local, watch

pytestmark = pytest.mark.browser

START_TIMEOUT_MS = 240_000  # generous: 2 shared cores; about 10-25 s is usual
ANSWER_TIMEOUT_MS = 30_000
DRAWN_LIMIT_S = 180.0
ANSWER_LIMIT_MS = 5_000.0
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
# Inside the iframe: watch the explorer's message; window.__t42_answer_ms is set at its
# first change after window.__t42_t0 (set right before the control is used).
JS_ARM = """el => {
  window.__t42_answer_ms = null;
  const observer = new MutationObserver(() => {
    if (window.__t42_t0 !== null && window.__t42_answer_ms === null) {
      window.__t42_answer_ms = performance.now() - window.__t42_t0;
      observer.disconnect();
    }
  });
  observer.observe(el, { subtree: true, childList: true, characterData: true });
  window.__t42_t0 = null;
}"""
JS_START_CLOCK = "() => { window.__t42_t0 = performance.now(); }"
JS_ANSWER_MS = "() => window.__t42_answer_ms"


def _record(name: str, **figures: Any) -> None:
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, Any] = {}
    if TIMINGS.is_file():
        data = json.loads(TIMINGS.read_text(encoding="utf-8"))
    data[name] = figures
    TIMINGS.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"\n[lite timings] {name}: {figures}")


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


def _answer(page: Page, message: Locator, act: Callable[[], object]) -> tuple[str, float]:
    """Use a control (``act``); wait until ``message`` changes; return it and the time
    from the control's use to the change, measured inside the iframe."""
    before = message.inner_text()
    message.evaluate(JS_ARM)
    frame = message.page.frames
    lite = next(f for f in frame if "/lite/" in f.url)
    lite.evaluate(JS_START_CLOCK)
    act()
    expect(message).not_to_have_text(before, timeout=ANSWER_TIMEOUT_MS)
    lite.wait_for_function(f"() => ({JS_ANSWER_MS})() !== null", timeout=ANSWER_TIMEOUT_MS)
    answer_ms = float(lite.evaluate(JS_ANSWER_MS))
    return message.inner_text(), answer_ms


def test_every_explorer_page_links_to_a_notebook_in_the_lite_site(
    site_dir: Path, pages_by_notebook: dict[str, str]
) -> None:
    required = ["notebooks/01_suits.ipynb", "notebooks/04_tricks.ipynb"]
    required += ["notebooks/05_bidding.ipynb", "playground.ipynb"]
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


def test_suits_explorer_runs_live(
    site_server: str,
    pages_by_notebook: dict[str, str],
    lite_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    page = lite_page.page
    url = f"{site_server}/{pages_by_notebook['notebooks/01_suits.ipynb']}"
    frame, figures = _start(page, url)
    box = frame.locator(".t42-suits").first
    message = box.locator(".t42-message").first
    expect(message).to_contain_text("6-4 leads sixes")
    # The second list is the domino: 6-5, a trump when fives are trumps.
    select = box.locator("select").nth(1)
    text, ms = _answer(page, message, lambda: select.select_option(label="6-5  (six-five)"))
    assert "6-5 leads trumps" in text
    typed = box.locator("input[type=text]").first
    typed.fill("7-7")
    text2, ms2 = _answer(page, message, lambda: typed.press("Enter"))
    assert "not a domino" in text2
    _record("suits", **figures, answer_ms=[round(ms), round(ms2)])
    assert figures["open_to_drawn_s"] < DRAWN_LIMIT_S
    assert max(ms, ms2) < ANSWER_LIMIT_MS
    screenshot(page, "lite-suits", full_page=False)
    lite_page.log.assert_clean()


def test_tricks_explorer_runs_live(
    site_server: str,
    pages_by_notebook: dict[str, str],
    lite_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    page = lite_page.page
    url = f"{site_server}/{pages_by_notebook['notebooks/04_tricks.ipynb']}"
    frame, figures = _start(page, url)
    box = frame.locator(".t42-tricks").first
    message = box.locator(".t42-message").first
    expect(message).to_contain_text("Seat 0 leads")
    lead = box.locator("button", has_text="✓").first
    text, ms = _answer(page, message, lead.click)
    assert "Seat 1 to play" in text
    answers = [round(ms)]
    illegal = box.locator("button", has_text="✗")
    if illegal.count():
        text, ms = _answer(page, message, illegal.first.click)
        assert "Refused" in text
        answers.append(round(ms))
    _record("tricks", **figures, answer_ms=answers)
    assert figures["open_to_drawn_s"] < DRAWN_LIMIT_S
    assert max(answers) < ANSWER_LIMIT_MS
    screenshot(page, "lite-tricks", full_page=False)
    lite_page.log.assert_clean()


def test_bidding_explorer_runs_live(
    site_server: str,
    pages_by_notebook: dict[str, str],
    lite_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    page = lite_page.page
    url = f"{site_server}/{pages_by_notebook['notebooks/05_bidding.ipynb']}"
    frame, figures = _start(page, url)
    box = frame.locator(".t42-bidding").first
    message = box.locator(".t42-message").first
    expect(message).to_contain_text("to bid")
    bid = box.locator("button", has_text=re.compile(r"^\s*Seat \d bids\s*$")).first  # "pass"
    text, ms = _answer(page, message, bid.click)
    assert "to bid" in text
    computer = box.locator("button", has_text="Computer bids").first
    _, ms2 = _answer(page, message, computer.click)
    _record("bidding", **figures, answer_ms=[round(ms)], computer_bid_ms=round(ms2))
    assert figures["open_to_drawn_s"] < DRAWN_LIMIT_S
    assert ms < ANSWER_LIMIT_MS
    screenshot(page, "lite-bidding", full_page=False)
    lite_page.log.assert_clean()


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
    expect(frame.locator(".jp-OutputArea-output").first).to_contain_text("70W2-NHS9-RSR")
    expect(frame.locator(".t42-tricks .t42-message").first).to_contain_text("70W2-NHS9-RSR")
    _record("playground", **figures)
    screenshot(page, "lite-playground", full_page=False)
    lite_page.log.assert_clean()


def test_moon_explorer_runs_live_with_odds_and_the_solver(
    site_server: str,
    pages_by_notebook: dict[str, str],
    lite_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    """Moon in the reader's browser: the bidding hint (600 deals played out by the Moon
    players), shooting the moon, the discard, trumps, a lead and the solver's hint."""
    page = lite_page.page
    url = f"{site_server}/{pages_by_notebook['notebooks/09_moon.ipynb']}"
    frame, figures = _start(page, url)
    box = frame.locator(".t42-moon").first
    message = box.locator(".t42-message").first
    expect(message).to_contain_text("Your turn to bid")
    hint = box.get_by_role("button", name="Hint")
    text, odds_ms = _answer(page, message, hint.click)
    assert "Odds from 600 deals" in text and "Bid 4" in text
    box.locator("select").filter(has_text="shoot the moon").first.select_option(
        label="21: shoot the moon"
    )
    text, bid_ms = _answer(page, message, box.get_by_role("button", name="Bid", exact=True).click)
    assert "picked up the widow" in text
    text, _ = _answer(page, message, box.locator("button", has_text="✗").first.click)
    assert "name trumps" in text
    text, _ = _answer(page, message, box.get_by_role("button", name="Name trumps").click)
    assert "lead any domino" in text
    # Lead; the two computer players follow; with hand 1 the learner wins and leads again
    # (the message says the same, so wait for the log line instead).
    box.locator("button", has_text="✓").first.click()
    expect(box).to_contain_text("You (seat 0) played", timeout=ANSWER_TIMEOUT_MS)
    expect(message).to_contain_text("Your turn", timeout=ANSWER_TIMEOUT_MS)
    text, solve_ms = _answer(page, message, hint.click)
    assert "With every hand open" in text
    _record("moon", **figures, hint_odds_ms=round(odds_ms), bid_ms=round(bid_ms),
            hint_solver_ms=round(solve_ms))
    assert bid_ms < ANSWER_LIMIT_MS
    screenshot(page, "lite-moon", full_page=False)
    lite_page.log.assert_clean()


# The other explorer notebooks: each starts live, every cell runs without an error and
# an explorer is drawn (the box's script checks every cell's outputs for errors).
OTHER_NOTEBOOKS = sorted(
    f"notebooks/{path.name}"
    for path in (REPO / "notebooks").glob("*.ipynb")
    if path.name not in {"01_suits.ipynb", "04_tricks.ipynb", "05_bidding.ipynb", "09_moon.ipynb"}
)


@pytest.mark.parametrize("notebook", OTHER_NOTEBOOKS)
def test_explorer_notebook_runs_live(
    notebook: str,
    site_server: str,
    pages_by_notebook: dict[str, str],
    lite_page: WatchedPage,
) -> None:
    assert notebook in pages_by_notebook, f"no page of the book runs {notebook} live"
    page = lite_page.page
    frame, figures = _start(page, f"{site_server}/{pages_by_notebook[notebook]}")
    expect(frame.locator(".jp-OutputArea-output .jupyter-widgets").first).to_be_visible()
    _record(Path(notebook).stem, **figures)
    lite_page.log.assert_clean()
