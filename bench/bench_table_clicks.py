"""Benchmark: the play explorer's table clicks on the live site, in headless Chromium.

    .venv/bin/python bench/bench_table_clicks.py [--site _build/html] [--hands 1]
        [--width 1280 --height 900]

Over the built site (``make book``) on 127.0.0.1: the game chapter's play explorer is
started, the pause between the computer's plays is turned off (so the figure is Python's
answer, not the 0.6 s the learner chose to wait), then whole hands are played from the
table: each bid button, trump button and domino click, plus a click on a face-down domino
(out of turn) and the Settings fold, is timed from the click to the last widget message
answered by Python and drawn (two animation frames after). The solver's buttons (Hint,
Lay down, Review) are not clicks of this kind and are left out. Target (issue 22):
every click < 300 ms. Writes test-artifacts/bench-table-clicks.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

# (Run as a script: bench/ is on the path; _live_rounds puts the repository there too.)
from _live_rounds import REPO
from playwright.sync_api import Page, sync_playwright

from tests.browser.helpers import ARTIFACTS, launch_chromium, serve_directory
from tests.browser.live import Visit, start_box
from tests.browser.test_play_fits import ACT, LEGAL, play_box, settle

# Click the element matched in explorer ``index`` and wait for Python's answer, drawn.
JS_TIMED_CLICK = """async ([index, selector]) => {
  const box = document.querySelectorAll('.t42-live')[index];
  const el = box.querySelector('.t42-live-area ' + selector);
  if (!el) return null;
  const L = window.T42Live;
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const deadline = t0 + 20000;
  while (!(L.lastSentAt >= t0 && L.pending === 0 && L.lastIdleAt >= L.lastSentAt)) {
    if (performance.now() > deadline) return { ms: null, timeout: true };
    await new Promise(r => setTimeout(r, 2));
  }
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return { ms: performance.now() - t0 };
}"""


def timed(page: Page, index: int, selector: str) -> float:
    answer: dict[str, Any] | None = page.evaluate(JS_TIMED_CLICK, [index, selector])
    assert answer and answer.get("ms") is not None, (selector, answer)
    settle(page, index)
    return float(answer["ms"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", default=str(REPO / "_build" / "html"))
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()
    figures: dict[str, list[float]] = {"bid": [], "trumps": [], "play": [], "out of turn": [],
                                       "settings": []}
    with sync_playwright() as pw, serve_directory(Path(args.site)) as url:
        browser = launch_chromium(pw)
        visit = Visit(browser, url)
        page = visit.page
        page.set_viewport_size({"width": args.width, "height": args.height})
        visit.open("book/game.html")
        index = play_box(page)
        assert start_box(page, index)["state"] == "live"
        settle(page, index)
        area = page.locator(".t42-live").nth(index).locator(".t42-live-area")
        figures["settings"].append(timed(page, index, ".widget-toggle-button"))
        area.get_by_label("Pause between the computer's plays").uncheck()
        settle(page, index)
        figures["settings"].append(timed(page, index, ".widget-toggle-button"))
        for hand in range(args.hands):
            figures["out of turn"].append(timed(page, index, ".t42-table-pic .domino.back"))
            for _ in range(80):
                acts = area.locator(ACT)
                if acts.count():
                    label = acts.first.get_attribute("aria-label") or ""
                    if label.startswith("Bid") or label == "Pass":
                        has_84 = area.locator(f'{ACT}[aria-label="Bid 84"]').count()
                        pick = f'{ACT}[aria-label="Bid 84"]' if has_84 else ACT  # else pass
                        figures["bid"].append(timed(page, index, pick))
                    else:
                        figures["trumps"].append(timed(page, index, ACT))
                elif area.locator(LEGAL).count():
                    figures["play"].append(timed(page, index, LEGAL))
                else:
                    break
            if hand + 1 < args.hands:
                area.get_by_role("button", name="Next hand").click()
                settle(page, index)
        browser.close()
    every = [ms for values in figures.values() for ms in values]
    report = {
        kind: {"n": len(v), "median_ms": round(statistics.median(v), 1),
               "max_ms": round(max(v), 1)}
        for kind, v in figures.items() if v
    }
    report["all"] = {"n": len(every), "median_ms": round(statistics.median(every), 1),
                     "max_ms": round(max(every), 1), "under_300_ms": max(every) < 300}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    out = ARTIFACTS / "bench-table-clicks.json"
    out.write_text(json.dumps({"viewport": [args.width, args.height], **report}, indent=1)
                   + "\n", encoding="utf-8")
    for kind, row in report.items():
        print(f"{kind:12} {row}")
    print(f"-> {out}")


if __name__ == "__main__":
    main()
