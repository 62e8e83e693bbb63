"""Benchmark: bid odds from the hand evaluator.

    PYTHONPATH=. python3 bench/bench_evaluator.py [--hands 10] [--seed 1]

For random hands (seat 0, first to bid), it times in CPU seconds of one process:

- one bid level in one contract (the rule-based choice) to within +/-3 points of
  percentage (95%): ``evaluate_hand(hand, contracts=[c], bids=[30])`` with the default
  sample count; the interval half-width is printed;
- the same after an auction (seat 2 after "pass 30"), where guessed deals must fit the bids;
- the full table the ``advise`` command prints: every contract, bids 30..42;
- with ``--open N``: for N hands, the chance of making 30 by rule-based playouts next to the
  open-hands solver's (same deals), to show how optimistic open-hands values are.

Target (issue 3): one bid level within +/-3 points in at most 2 s.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import Deal
from texas42.analysis import evaluate_hand
from texas42.analysis.evaluator import DEFAULT_SAMPLES
from texas42.analysis.players import bidding_contracts
from texas42.analysis.rules_of_thumb import best_strength
from texas42.hand import allowed_contracts
from texas42.rules import STANDARD


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--open", type=int, default=0, help="hands for the open-hands "
                        "comparison (0: skip)")
    parser.add_argument("--open-deals", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    contracts = bidding_contracts(tuple(allowed_contracts(STANDARD)))
    one: list[float] = []
    after: list[float] = []
    table: list[float] = []
    widths: list[float] = []
    for i in range(args.hands):
        deal = Deal.shake(rng)
        mine = deal.masks[0]
        c = best_strength(mine, contracts).contract
        t = time.process_time()
        ev = evaluate_hand(mine, contracts=[c], bids=[30], seed=i)
        one.append(time.process_time() - t)
        o = ev.odds(c, 30)
        widths.append(100 * max(o.p - o.lo, o.hi - o.p))
        t = time.process_time()
        evaluate_hand(deal.masks[2], seat=2, auction=["pass", "30"], contracts=[c], bids=[30],
                      seed=i)
        after.append(time.process_time() - t)
        t = time.process_time()
        evaluate_hand(mine, seed=i)
        table.append(time.process_time() - t)
    print(f"bench_evaluator: {args.hands} random hands, seed {args.seed}, "
          f"{DEFAULT_SAMPLES} deals per contract (rule-based playouts); "
          f"Python {platform.python_version()}")
    print(f"  command: PYTHONPATH=. python3 bench/bench_evaluator.py --hands {args.hands} "
          f"--seed {args.seed}")
    print(f"  one bid level, one contract: median {statistics.median(one):.2f} s, max "
          f"{max(one):.2f} s; 95% half-width at most {max(widths):.1f} points of percentage")
    print(f"  the same after 'pass 30' (seat 2): median {statistics.median(after):.2f} s, "
          f"max {max(after):.2f} s")
    print(f"  full advise table ({len(contracts)} contracts x bids 30..42): median "
          f"{statistics.median(table):.2f} s, max {max(table):.2f} s")
    if args.open:
        rows = []
        for i in range(args.open):
            deal = Deal.shake(rng)
            mine = deal.masks[0]
            c = best_strength(mine, contracts).contract
            odds = [
                evaluate_hand(mine, contracts=[c], bids=[30], samples=args.open_deals,
                              seed=100 + i, method=method).odds(c, 30).p
                for method in ("rule-based", "open-hands")
            ]
            rows.append((odds[0], odds[1]))
        rb_mean = sum(r for r, _ in rows) / len(rows)
        oh_mean = sum(o for _, o in rows) / len(rows)
        higher = sum(1 for r, o in rows if o > r)
        print(f"  making 30 in the rule-based bidder's contract, {args.open} hands x "
              f"{args.open_deals} deals: rule-based playouts {100 * rb_mean:.0f}%, open-hands "
              f"solver {100 * oh_mean:.0f}% (open hands higher for {higher} of {len(rows)})")
        print(f"  command: PYTHONPATH=. python3 bench/bench_evaluator.py --hands {args.hands} "
              f"--seed {args.seed} --open {args.open} --open-deals {args.open_deals}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
