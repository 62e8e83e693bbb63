"""What a device downloads for the live explorers, and pages without shared workers.

Over the built site (``make book``, with the precompressed siblings that
``scripts/build_lite.py check`` writes), served on 127.0.0.1 by a server that notes every
file it sends (tests/browser/served.py: a SharedWorker's requests are not in Playwright's
events), in headless Chromium:

* a cold visit's first explorer loads only the live path (its own lock and standard
  library: no IPython, jedi, prompt-toolkit or pygments, nor the whole python_stdlib.zip)
  and costs at most 10 MB on the wire with the .gz siblings, everything counted (the
  service worker runs, and its requests are the server's too); the service worker fills
  the offline copy only after the explorer is live (no other page is fetched before);
  a repeat visit (same profile, browser restarted) transfers no byte of Python;
* with ``SharedWorker`` removed (Chrome on Android has none), the first page's explorer
  comes alive in a dedicated worker, a later page's explorer comes alive by itself (no
  Start: the reader started Python earlier in the tab) from the first page's memory
  snapshot, and both answer a change as CPython does. The later page's time and the floor
  measured in the same run are recorded (issue 23's target, 0.5 times the floor, is
  measured by bench/bench_no_shared_worker.py: no test asserts a speed).

Figures go to ``test-artifacts/live-bytes.json`` (bench/bench_bytes.py measures in full).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright

from .helpers import ARTIFACTS, REPO, SITE_DIR, open_profile, record_timings
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

FIGURES = ARTIFACTS / "live-bytes.json"
PYTHON = "/lite/static/pyodide/"
KERNEL_ONLY = ("ipython-", "jedi-", "prompt_toolkit-", "pygments-", "parso-", "stack_data-")
COLD_LIMIT = 10_000_000
FIRST_PAGE, LATER_PAGE = "book/tricks.html", "book/bidding.html"
#: Pages the first one does not load: the offline copy fetches them, after the explorer.
OTHER_PAGES = ("book/glossary.html", "book/scoring.html")


def start_first(context: BrowserContext, url: str) -> dict[str, Any]:
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(url)
    assert live_boxes(page) >= 1
    info = start_box(page, 0)
    assert info["state"] == "live", info
    return info


JS_FILLED = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith('texas42-'));
  return !!name && !!(await (await caches.open(name)).match(
    new URL('__t42_index__', location.origin + '/').href));
}"""


def test_cold_visit_loads_only_the_live_path_and_a_repeat_visit_no_python(
    playwright_instance: Playwright, counted_site: tuple[str, ServerLog]
) -> None:
    base, log = counted_site
    off_site: list[str] = []
    log.take()
    with tempfile.TemporaryDirectory(prefix="t42-profile-") as profile:
        visits = []
        for _ in range(2):
            context = open_profile(playwright_instance, Path(profile), off_site,
                                   service_workers="allow")
            try:
                info = start_first(context, f"{base}/{FIRST_PAGE}")
                page = context.pages[0]
                # The offline copy comes after the explorer is live, once the page is idle.
                for _ in range(360):
                    if page.evaluate(JS_FILLED):
                        break
                    page.wait_for_timeout(500)
                log.quiet(3.0, 120.0)
            finally:
                context.close()
            sent = log.take()
            live_at = info["liveAt"] / 1000
            visits.append(([s for s in sent if s.at <= live_at],
                           [s for s in sent if s.at > live_at]))
    (cold, fill), (repeat, repeat_after) = visits
    python = [s for s in cold if s.path.startswith(PYTHON) and s.status == 200]
    names = [s.path.rsplit("/", 1)[-1] for s in python]
    assert not [n for n in names if n.startswith(KERNEL_ONLY)], names
    assert "python_stdlib.zip" not in names and "python_stdlib_live.zip" in names, names
    assert "t42live-lock.json" in names and "pyodide-lock.json" not in names, names
    assert any(s.encoding == "gzip" and s.path.endswith(".wasm") for s in python), python
    # Until the explorer is live, the page's own files only: no other page of the site.
    pages = {s.path for s in cold if s.path.endswith(".html")}
    assert pages == {f"/{FIRST_PAGE}"}, sorted(pages)
    assert {f"/{p}" for p in OTHER_PAGES} <= {s.path for s in fill}, "no offline copy"
    wire = sum(s.body_bytes for s in cold)
    assert wire <= COLD_LIMIT, f"a cold first explorer cost {wire} bytes on the wire"
    repeat_python = sum(s.body_bytes for s in repeat + repeat_after
                        if s.path.startswith(PYTHON))
    assert repeat_python == 0, [s for s in repeat if s.path.startswith(PYTHON) and s.body_bytes]
    assert not [s for s in cold + fill + repeat + repeat_after if s.status >= 400]
    assert not off_site, off_site
    record_timings(FIGURES, "cold and repeat visit", {
        "cold_files": len([s for s in cold if s.status == 200]), "cold_wire_bytes": wire,
        "offline_copy_files": len([s for s in fill if s.status == 200]),
        "offline_copy_wire_bytes": sum(s.body_bytes for s in fill),
        "repeat_python_bytes": repeat_python, "runtime": info["kind"]})


def test_without_shared_workers_a_later_page_restores_python_and_answers_right(
    chromium: Browser, counted_site: tuple[str, ServerLog]
) -> None:
    base, _ = counted_site
    off_site: list[str] = []
    visit = without_shared_workers(chromium, base, off_site)
    floor, context, page, errors = visit.floor_ms, visit.context, visit.page, visit.errors
    try:
        readies = []
        for path, started_by_hand in ((FIRST_PAGE, True), (LATER_PAGE, False)):
            page.goto(f"{base}/{path}")
            assert live_boxes(page) >= 1
            info = start_box(page, 0) if started_by_hand else wait_box(page, 0)
            assert info["state"] == "live" and info["kind"] == "dedicated", info
            # The later page's Python is the first page's memory snapshot, restored.
            assert info["ready"]["restored"] is (not started_by_hand), info
            readies.append(info["readyMs"])
            options = first_list_options(page, 0)
            assert options is not None, f"{path}: no list to change"
            model_id = page.evaluate("() => window.T42Live.boxes[0].modelId")
            expected = engine_answer(cpython_explorer(path, model_id), options["labels"],
                                     options["index"])
            change_first_list(page, 0)
            assert plain_message(message_text(page, 0)) == expected, path
        assert not errors, errors
    finally:
        context.close()
    assert not off_site, off_site
    record_timings(FIGURES, "no shared worker", {
        "floor_ms": round(floor), "first_page_ms": readies[0], "later_page_ms": readies[1],
        "later_over_floor": round(readies[1] / floor, 2)})


def test_the_built_live_path_is_complete() -> None:
    """The live lock, slim wheels and cut standard library of the built site (with the
    browser tests: a clean checkout has them only after `make book`)."""
    import sys

    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import build_lite
    finally:
        sys.path.pop(0)
    pyodide_dir = SITE_DIR / "lite" / "static" / "pyodide"
    assert (pyodide_dir / "t42live-lock.json").is_file(), "the site has no live lock: make book"
    assert build_lite.live_problems(pyodide_dir) == []
