"""Benchmark: the live explorers where shared workers are missing (Chrome on Android).

    .venv/bin/python bench/bench_no_shared_worker.py [--site _build/html] [--rounds 3]

In headless Chromium with ``SharedWorker`` removed by an init script, over the built site
on 127.0.0.1 (served with its .gz siblings), each round in fresh browser contexts:
  (a) the floor: a blank page of the site that loads the site's Pyodide and imports
      texas42 and ipywidgets (tests/browser/live.py's floor_ms);
  (b) the first page's explorer: from Start to live, in the page's own worker (which keeps
      a memory snapshot of Python in IndexedDB);
  (c) a later page reached by a click on a link: a soft navigation (t42live-softnav.js:
      no new document, the same dedicated worker), from the click to its explorer live;
  (d) the same page loaded in full (typed or reloaded): from the navigation to live (it
      starts by itself and restores the memory snapshot).
Target (issue 23.4): c <= 0.5 a. Writes test-artifacts/bench-no-shared-worker.json.
"""

from __future__ import annotations

from typing import Any

# (Run as a script: bench/ is on the path; _live_rounds puts the repository there too.)
from _live_rounds import median, parse_args, run_rounds, write_figures
from playwright.sync_api import Browser

from tests.browser.live import live_boxes, start_box, wait_box, without_shared_workers

FIRST_PAGE, LATER_PAGE = "book/tricks.html", "book/bidding.html"
LINK_TO_LATER = '#pst-primary-sidebar a[href="bidding.html"]'


def one_round(browser: Browser, base: str) -> dict[str, Any]:
    off_site: list[str] = []
    visit = without_shared_workers(browser, base, off_site)
    floor, context, page = visit.floor_ms, visit.context, visit.page
    page.goto(f"{base}/{FIRST_PAGE}")
    live_boxes(page)
    first = start_box(page, 0)
    page.locator(LINK_TO_LATER).click()
    page.wait_for_function("() => window.T42SoftNav && window.T42SoftNav.count === 1"
                           " && document.documentElement.dataset.t42Soft === 'ready'")
    soft = wait_box(page, 0)
    page.goto(f"{base}/{LATER_PAGE}")  # in full: the memory snapshot is restored
    live_boxes(page)
    full = wait_box(page, 0)
    context.close()
    assert first["state"] == soft["state"] == full["state"] == "live", (first, soft, full)
    assert first["kind"] == soft["kind"] == full["kind"] == "dedicated", (first, soft, full)
    assert soft["ready"]["reused"], soft  # the first page's Python, not started again
    return {"floor_ms": round(floor), "first_ms": first["readyMs"], "later_ms": soft["readyMs"],
            "full_load_ms": full["readyMs"], "full_load_restored": full["ready"]["restored"],
            "full_load_boot_ms": full["ready"]["bootMs"], "off_site_requests": off_site}


def main() -> int:
    args = parse_args(__doc__, "bench-no-shared-worker.json")
    rounds = run_rounds(args, one_round, precompressed=True)
    if rounds is None:
        return 2
    floor, later = median(rounds, "floor_ms"), median(rounds, "later_ms")
    summary = {"rounds": len(rounds), "floor_ms": floor,
               "first_page_ms": median(rounds, "first_ms"),
               "later_page_ms": later, "later_over_floor": round(later / floor, 2),
               "full_load_ms": median(rounds, "full_load_ms"),
               "full_load_restored": all(r["full_load_restored"] for r in rounds)}
    write_figures(args.out, summary, rounds)
    met = "met" if later <= 0.5 * floor else "NOT met"
    print("target (later page by a link <= 0.5 x floor):", met)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
