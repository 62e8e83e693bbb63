"""Benchmark: Moon bid odds (:func:`evaluate_hand` at ``rules="moon"``) and plunge odds in 42.

    PYTHONPATH=. python3 bench/bench_moon_odds.py [--hands 10] [--samples 300] [--seed 1]

Moon: ``--hands`` random Moon hands evaluated from the first seat (no bid before) and
from the second seat after a bid of 4 (deals fitted to it), ``--samples`` deals each,
rule-based playouts; the explorer's hint uses 600 deals. Then the open-hands method on a
few hands. 42: a plunge and a splash by a hand with five doubles under lechner
(``--samples`` deals through the engine). Times are CPU seconds of one process.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42.analysis import evaluate_hand
from texas42.analysis.evaluator import Evaluation
from texas42.moon import MoonDeal


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--open-samples", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"bench_moon_odds: Python {platform.python_version()} ({platform.machine()})")
    print(f"  command: PYTHONPATH=. python3 bench/bench_moon_odds.py --hands {args.hands} "
          f"--samples {args.samples} --seed {args.seed}")
    cases: list[tuple[str, dict[str, Any]]] = [
        ("first to bid", {"seat": 0, "shaker": 2}),
        ("after a bid of 4", {"seat": 1, "shaker": 2, "auction": [4]}),
    ]
    for label, kw in cases:
        times: list[float] = []
        fitted = tries = 0
        for i in range(args.hands):
            hand = MoonDeal.shake(rng).hands[0]
            t = time.process_time()
            ev = evaluate_hand(hand, samples=args.samples, seed=i, rules="moon", **kw)
            times.append(time.process_time() - t)
            fitted, tries = fitted + ev.fitted, tries + ev.tries
        print(f"  Moon, {label}: {args.samples} deals, median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s ({fitted} of {tries} guessed deals fitted)")
    times = []
    for i in range(3):
        hand = MoonDeal.shake(rng).hands[0]
        t = time.process_time()
        evaluate_hand(hand, samples=args.open_samples, seed=i, method="open-hands", rules="moon")
        times.append(time.process_time() - t)
    print(f"  Moon, open hands: {args.open_samples} deals, median "
          f"{statistics.median(times):.2f} s, max {max(times):.2f} s")
    t = time.process_time()
    ev42 = evaluate_hand("6-6 5-5 4-4 3-3 2-2 6-5 3-1", rules="lechner", bids=["plunge", "splash"],
                       samples=args.samples, seed=args.seed)
    assert isinstance(ev42, Evaluation)
    print(f"  42 plunge + splash, five doubles, {args.samples} deals each: "
          f"{time.process_time() - t:.2f} s; {ev42.special_odds('plunge')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
