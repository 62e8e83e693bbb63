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

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import Browser, BrowserContext, sync_playwright  # noqa: E402

from tests.browser.helpers import (  # noqa: E402
    ARTIFACTS,
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    is_local,
    serve_directory,
)
from tests.browser.live import (  # noqa: E402
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
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    off_site: list[str] = []

    def guard(route: Any) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            off_site.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ARTIFACTS / "bench-live-site.json")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make book` first", file=sys.stderr)
        return 2
    rounds = []
    with serve_directory(args.site.resolve()) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM_PATH, headless=True,
                                     args=CHROMIUM_ARGS)
        for n in range(args.rounds):
            t0 = time.perf_counter()
            rounds.append(one_round(browser, url))
            print(f"round {n + 1}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        browser.close()

    def med(key: str) -> float:
        return float(statistics.median(r[key] for r in rounds))

    floor, cold, nxt = med("floor_ms"), med("cold_ms"), med("next_page_ms")
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
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"summary": summary, "rounds": rounds}, indent=1))
    print(json.dumps(summary, indent=1))
    ok = (cold <= 1.5 * floor and nxt <= 0.5 * floor and worst["ms"] < 300 and not timeouts
          and not summary["off_site_requests"])
    print("targets (b <= 1.5 a, c <= 0.5 a, d < 300 ms):", "met" if ok else "NOT met")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
