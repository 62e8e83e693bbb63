"""Measure the figures of the book's strategy chapter; write ``book/data/strategy.json``.

The chapter (book/strategy.md) plots this file at build time; this script is run by hand
when the engine, the analysis package or the experiments change, and its output is
committed:

    .venv/bin/python scripts/strategy_figures.py            # the full run (about 10 minutes)
    .venv/bin/python scripts/strategy_figures.py --quick    # a smoke test (seconds)

Seat 0 is the bidder: it names the contract and leads. Every deal is played out in full
(all seven tricks) by two methods of ``texas42.analysis``:

- "rule-based" (the main figures): four rule-based computer players, each seeing only what
  its seat may see (``texas42.analysis.playout.rule_playout``, the playouts behind
  ``evaluate_hand``'s default method). Realistic for that level of play.
- "open-hands" (a ceiling): the exact solver with all four hands known to everyone
  (``texas42.analysis.solver.value``); optimistic for the bidder. Slow, so it runs on the
  first deals of each sample only.

"Makes 30" means the bidder's side takes at least 30 of the 42 points.

Experiment "shape": for each shape (k trumps of the named suit, with or without its
double) deals are drawn uniformly among those where seat 0 holds exactly that shape: k
dominoes of a uniformly chosen trump suit, the rest of seat 0's hand from the 21 others,
and the remaining 21 dominoes shaken to seats 1-3.

Experiment "choice": uniform random deals; each of the nine standard contracts (sixes ..
blanks, doubles, follow-me) is played with seat 0 leading, so that rules for naming trumps
can be compared on the same deals (the chapter does the comparing).

Intervals: Wilson 95% intervals for rates; mean +- 1.96 standard errors for means.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import texas42
from texas42 import DOMINOES, Contract, Deal, Domino, DominoSet
from texas42.analysis import Position, parallel, value
from texas42.analysis.playout import rule_playout

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "book" / "data" / "strategy.json"
Z95 = 1.959964
THRESHOLDS = (30, 34, 42)
CONTRACTS = ("sixes", "fives", "fours", "threes", "twos", "ones", "blanks", "doubles", "follow-me")
METHODS = ("rule-based", "open-hands")
# Shapes: (trumps held, holds the trump double). Seven trumps include the double.
SHAPES: tuple[tuple[int, bool], ...] = tuple(
    (k, double) for k in range(2, 8) for double in (False, True) if k < 7 or double
)


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a rate."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    center = p + Z95 * Z95 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n))
    denominator = 1 + Z95 * Z95 / n
    return (max(0.0, (center - spread) / denominator), min(1.0, (center + spread) / denominator))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def shaped_deal(rng: random.Random, trumps: int, double: bool) -> tuple[Deal, int]:
    """A deal where seat 0 holds exactly ``trumps`` dominoes of a random suit, with or
    without its double; returns the deal and the suit."""
    suit = rng.randrange(7)
    members = [d for d in DOMINOES if d.has(suit)]
    top = Domino(suit, suit)
    others = [d for d in members if d is not top]
    held = [top, *rng.sample(others, trumps - 1)] if double else rng.sample(others, trumps)
    rest = [d for d in DOMINOES if not d.has(suit)]
    held += rng.sample(rest, 7 - trumps)
    left = [d for d in DOMINOES if d not in held]
    rng.shuffle(left)
    hands = [held, left[0:7], left[7:14], left[14:21]]
    return Deal([DominoSet(h) for h in hands]), suit


def points(deal: Deal, contract: Contract, method: str) -> int:
    """Points of seat 0's side when seat 0 bids ``contract`` and leads."""
    if method == "rule-based":
        return rule_playout(deal.masks, contract, 0)[0]
    return value(Position.from_deal(deal, contract, leader=0))[0]


def play_shape(job: tuple[int, int, bool, bool]) -> dict[str, Any]:
    seed, trumps, double, open_hands = job
    deal, suit = shaped_deal(random.Random(seed), trumps, double)
    contract = Contract.suit(suit)
    out: dict[str, Any] = {"rule-based": points(deal, contract, "rule-based")}
    if open_hands:
        out["open-hands"] = points(deal, contract, "open-hands")
    return out


def play_choice(job: tuple[str, bool]) -> list[Any]:
    """``[seat 0's hand, rule-based points per contract, open-hands points or None]``."""
    seed, open_hands = job
    deal = Deal.from_seed(seed)
    contracts = [Contract.parse(name) for name in CONTRACTS]
    rule = [points(deal, c, "rule-based") for c in contracts]
    solved = [points(deal, c, "open-hands") for c in contracts] if open_hands else None
    return [str(deal[0]), rule, solved]


def summary(values: Sequence[int]) -> dict[str, Any]:
    n = len(values)
    mean, low, high = mean_interval(values)
    rates = {}
    for threshold in THRESHOLDS:
        made = sum(p >= threshold for p in values)
        lo, hi = wilson(made, n)
        rates[str(threshold)] = {"made": made, "rate": made / n, "low": lo, "high": hi}
    return {"n": n, "mean_points": mean, "mean_low": low, "mean_high": high, "make": rates}


def compact(text: str) -> str:
    """Put each list of numbers (or null) of the indented JSON on one line."""
    return re.sub(
        r"\[\s*((?:-?\d+|null),?\s*)+\]",
        lambda m: "[" + ", ".join(re.findall(r"-?\d+|null", m.group(0))) + "]",
        text,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--shape-deals", type=int, default=2000, help="deals per shape")
    parser.add_argument("--shape-open", type=int, default=160, help="of which solved exactly")
    parser.add_argument("--choice-deals", type=int, default=2000, help="deals for the choice")
    parser.add_argument("--choice-open", type=int, default=120, help="of which solved exactly")
    parser.add_argument("--seed", type=int, default=42, help="base seed of the experiments")
    parallel.add_arguments(parser)
    parser.add_argument("--quick", action="store_true", help="smoke test: a few deals")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if args.quick:
        args.shape_deals, args.shape_open, args.choice_deals, args.choice_open = 40, 3, 30, 2
    if args.shape_open > args.shape_deals or args.choice_open > args.choice_deals:
        parser.error("the exactly solved deals are a part of the sample: open <= deals")

    started = time.time()
    shape_jobs = [
        (args.seed * 1_000_003 + 10_000 * i + j, k, double, j < args.shape_open)
        for i, (k, double) in enumerate(SHAPES)
        for j in range(args.shape_deals)
    ]
    choice_jobs = [
        (f"choice-{args.seed}-{j}", j < args.choice_open) for j in range(args.choice_deals)
    ]
    # Every job is seeded by its own arguments: the same figures on any number of workers.
    shape_results = parallel.run_jobs(play_shape, shape_jobs, workers=args.workers,
                                      dask=args.dask)
    choice_results = parallel.run_jobs(play_choice, choice_jobs, workers=args.workers,
                                       dask=args.dask)
    elapsed = time.time() - started

    shapes = []
    for i, (k, double) in enumerate(SHAPES):
        chunk = shape_results[i * args.shape_deals : (i + 1) * args.shape_deals]
        entry: dict[str, Any] = {"trumps": k, "double": double}
        for method in METHODS:
            values = [r[method] for r in chunk if method in r]
            entry[method] = {**summary(values), "points": values}
        shapes.append(entry)
    data = {
        "about": {
            "methods": {
                "rule-based": "four rule-based computer players (texas42.analysis), each "
                "seeing only what its seat may see, play all seven tricks",
                "open-hands": "exact solver (texas42.analysis.solver.value): every hand "
                "known to everyone, best play by both sides, all seven tricks",
            },
            "bidder": "seat 0 names the contract and leads",
            "intervals": "Wilson 95% for rates; mean +- 1.96 standard errors for means",
            "shape_sampling": "seat 0 holds exactly k dominoes of a uniformly chosen suit "
            "(with or without its double), the rest uniformly at random",
            "choice_sampling": "uniform random deals (Deal.from_seed('choice-SEED-J'))",
            "seed": args.seed,
            "shape_deals": args.shape_deals,
            "shape_open": args.shape_open,
            "choice_deals": args.choice_deals,
            "choice_open": args.choice_open,
            "contracts": list(CONTRACTS),
            "texas42": texas42.__version__,
            "python": platform.python_version(),
            "workers": "dask" if args.dask else args.workers or parallel.cpu_cores(),
            "seconds": round(elapsed, 1),
            "command": "python scripts/strategy_figures.py" + (" --quick" if args.quick else ""),
        },
        "shapes": shapes,
        "choice_deals": choice_results,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(compact(json.dumps(data, indent=1)) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {elapsed:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
