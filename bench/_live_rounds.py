"""What the live-site benchmarks share (bench_live_site.py, bench_no_shared_worker.py):
their options, the built site served on 127.0.0.1 with headless Chromium, the rounds in
fresh browser contexts that ask no other host, the figures written and printed."""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import Browser, BrowserContext, sync_playwright  # noqa: E402

from tests.browser.helpers import (  # noqa: E402
    ARTIFACTS,
    guard_context,
    launch_chromium,
    serve_directory,
)
from tests.browser.served import counting_server  # noqa: E402

Round = dict[str, Any]


def parse_args(doc: str, figures: str) -> argparse.Namespace:
    """``--site`` (the built book), ``--rounds``, ``--out`` (default
    test-artifacts/``figures``)."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ARTIFACTS / figures)
    return parser.parse_args()


def guarded_context(browser: Browser, off_site: list[str], **options: Any) -> BrowserContext:
    """A fresh context (empty cache) whose requests to other hosts are aborted and noted."""
    return guard_context(browser.new_context(**options), off_site)


def run_rounds(args: argparse.Namespace, one_round: Callable[[Browser, str], Round], *,
               precompressed: bool = False) -> list[Round] | None:
    """``args.rounds`` rounds of ``one_round(browser, base_url)`` over the built site
    (``precompressed``: served with its .gz siblings, as static hosts do); ``None``, said
    on stderr, when the site is not built."""
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make book` first", file=sys.stderr)
        return None
    site = args.site.resolve()
    served: contextlib.AbstractContextManager[Any] = (
        counting_server(site, precompressed=True) if precompressed else serve_directory(site))
    rounds = []
    with served as server, sync_playwright() as pw:
        base = server[0] if precompressed else server
        browser = launch_chromium(pw)
        for n in range(args.rounds):
            t0 = time.perf_counter()
            rounds.append(one_round(browser, base))
            print(f"round {n + 1}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)
        browser.close()
    return rounds


def median(rounds: list[Round], key: str) -> float:
    return float(statistics.median(r[key] for r in rounds))


def write_figures(out: Path, summary: dict[str, Any], rounds: list[Round]) -> None:
    """The summary and every round to ``out`` (JSON); the summary printed."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "rounds": rounds}, indent=1) + "\n")
    print(json.dumps(summary, indent=1))
