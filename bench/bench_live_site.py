"""Benchmark: the site's live explorers in headless Chromium, over the built site on 127.0.0.1.

    .venv/bin/python bench/bench_live_site.py [--site _build/html] [--rounds 3]

Measures, each in a fresh browser profile (empty cache) unless said otherwise:
  (a) the floor: a blank page of the site that loads the site's own Pyodide and imports
      texas42 and ipywidgets (no explorer);
  (b) the first explorer ready on a cold page: from pressing Start to the live explorer drawn;
  (c) the next page's explorer ready after navigating (same visit): from the navigation to
      the live explorer drawn (it starts by itself: Python is already running);
  (d) an interaction's answer: every non-solver control of the first explorer of each page
      with explorers, from the change to the last widget message answered and drawn.
Targets (issue 11): b <= 1.5 a, c <= 0.5 a, d < 300 ms. Writes test-artifacts/bench-live-site.json.
"""

from __future__ import annotations

import statistics
from typing import Any

# (Run as a script: bench/ is on the path; _live_rounds puts the repository there too.)
from _live_rounds import guarded_context, median, parse_args, run_rounds, write_figures
from playwright.sync_api import Browser, BrowserContext

from tests.browser.live import (
    SOLVER_LABELS,
    floor_ms,
    live_boxes,
    start_box,
    use_control,
    wait_box,
)

COLD_PAGE = "book/tricks.html"
NEXT_PAGE = "book/count.html"
# One page per explorer kind (the notebooks' pages hold the defaults).
INTERACTION_PAGES = [
    "notebooks/01_suits.html",
    "notebooks/02_trumps.html",
    "notebooks/03_count.html",
    "notebooks/04_tricks.html",
    "notebooks/05_bidding.html",
    "notebooks/06_replay.html",
    "notebooks/07_play.html",
    "notebooks/08_lessons.html",
    "notebooks/09_moon.html",
]
CONTROLS_PER_PAGE = 8


def new_context(browser: Browser) -> BrowserContext:
    off_site: list[str] = []
    context = guarded_context(browser, off_site, viewport={"width": 1200, "height": 900})
    context.off_site = off_site  # type: ignore[attr-defined]
    return context


def one_round(browser: Browser, url: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    context = new_context(browser)
    out["floor_ms"] = round(floor_ms(context.new_page(), url))
    context.close()

    context = new_context(browser)
    page = context.new_page()
    page.goto(f"{url}/{COLD_PAGE}")
    live_boxes(page)
    info = start_box(page, 0)
    assert info["state"] == "live", info
    out["cold_ms"] = info["readyMs"]
    out["runtime"] = info["kind"]
    page.goto(f"{url}/{NEXT_PAGE}")
    live_boxes(page)
    info = wait_box(page, 0)
    assert info["state"] == "live" and info["ready"]["reused"], info
    out["next_page_ms"] = info["readyMs"]

    interactions: list[dict[str, Any]] = []
    for name in INTERACTION_PAGES:
        page.goto(f"{url}/{name}")
        live_boxes(page)
        info = wait_box(page, 0)
        assert info["state"] == "live", (name, info)
        for nth in range(CONTROLS_PER_PAGE):
            result = use_control(page, 0, nth)
            if result is None:
                break
            if result.get("skipped") or SOLVER_LABELS.search(result["label"]):
                continue
            result["page"] = name
            interactions.append(result)
    out["interactions"] = interactions
    out["off_site_requests"] = list(context.off_site)  # type: ignore[attr-defined]
    context.close()
    return out


def main() -> int:
    args = parse_args(__doc__, "bench-live-site.json")
    rounds = run_rounds(args, one_round)
    if rounds is None:
        return 2
    floor, cold, nxt = (median(rounds, key) for key in ("floor_ms", "cold_ms", "next_page_ms"))
    answers = [i for r in rounds for i in r["interactions"] if i.get("ms") is not None]
    timeouts = [i for r in rounds for i in r["interactions"] if i.get("timeout")]
    worst = max(answers, key=lambda i: i["ms"])
    ordered = sorted(i["ms"] for i in answers)
    summary = {
        "rounds": len(rounds),
        "floor_ms": floor,
        "cold_first_explorer_ms": cold,
        "next_page_explorer_ms": nxt,
        "cold_over_floor": round(cold / floor, 2),
        "next_over_floor": round(nxt / floor, 2),
        "interaction_median_ms": round(statistics.median(i["ms"] for i in answers)),
        "interaction_p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))]),
        "interaction_max_ms": round(worst["ms"]),
        "interaction_worst": {"page": worst["page"], "control": worst["label"]},
        "interactions_measured": len(answers),
        "interaction_timeouts": len(timeouts),
        "runtime": rounds[0]["runtime"],
        "off_site_requests": sorted({u for r in rounds for u in r["off_site_requests"]}),
    }
    write_figures(args.out, summary, rounds)
    ok = (cold <= 1.5 * floor and nxt <= 0.5 * floor and worst["ms"] < 300 and not timeouts
          and not summary["off_site_requests"])
    print("targets (b <= 1.5 a, c <= 0.5 a, d < 300 ms):", "met" if ok else "NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
