"""Benchmark: the exact solver on whole hands from the first lead.

    PYTHONPATH=. python3 bench/bench_solver.py [--deals 90] [--seed 1]

Random deals, the contracts cycling through every kind the engine plays (the seven trump
suits, doubles, follow-me with doubles high / low / own suit, nello in its four doubles
places, sevens), a random leader. For each hand it times, in CPU seconds of one process:

- value: the points each side takes with best play (:meth:`Solver.value`, fresh table);
- solve: what an explorer asks, :func:`texas42.analysis.solve`: the value of every legal
  play and a best line (fresh table).

Target (issue 3): value median <= 100 ms on one core; the 95th percentile is printed too.
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

from texas42 import Contract, Deal
from texas42.analysis import Position, Solver, solve
from texas42.analysis import solver as solver_module

CONTRACTS: tuple[Contract, ...] = (
    *(Contract.suit(n) for n in range(7)),
    Contract("doubles"),
    Contract("follow-me"),
    Contract("follow-me", None, "low"),
    Contract("follow-me", None, "own-suit"),
    Contract("nello"),
    Contract("nello", None, "low"),
    Contract("nello", None, "own-suit"),
    Contract("nello", None, "own-suit-low"),
    Contract("sevens"),
)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=len(CONTRACTS) * 6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-solve", action="store_true", help="time the value only")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    values: list[float] = []
    solves: list[float] = []
    by_kind: dict[str, list[float]] = {}
    nodes: list[int] = []
    for i in range(args.deals):
        contract = CONTRACTS[i % len(CONTRACTS)]
        leader = rng.randrange(4)
        pos = Position.from_deal(Deal.shake(rng), contract, leader=leader)
        solver = Solver(contract, pos.out, pos.tie_team)
        t = time.process_time()
        v = solver.value(pos)
        values.append(time.process_time() - t)
        nodes.append(solver.nodes)
        by_kind.setdefault(contract.kind, []).append(values[-1])
        if not args.no_solve:
            solver_module._SOLVERS.clear()
            solver_module._SOLUTIONS.clear()
            t = time.process_time()
            sol = solve(pos)
            solves.append(time.process_time() - t)
            assert sol.points[0] == v
    print(f"bench_solver: {args.deals} hands from the first lead, seed {args.seed}; "
          f"Python {platform.python_version()} ({platform.machine()})")
    print(f"  command: PYTHONPATH=. python3 bench/bench_solver.py --deals {args.deals} "
          f"--seed {args.seed}")
    ms = [1000 * x for x in values]
    print(f"  value: median {statistics.median(ms):.0f} ms, 95th percentile "
          f"{pct(ms, 0.95):.0f} ms, max {max(ms):.0f} ms (CPU time, one core)")
    print(f"         trick boundaries searched: median {statistics.median(nodes):.0f}")
    for kind, xs in by_kind.items():
        print(f"         {kind:<10} median {1000 * statistics.median(xs):.0f} ms "
              f"({len(xs)} hands)")
    if solves:
        ms = [1000 * x for x in solves]
        print(f"  solve (every play's value + a best line): median "
              f"{statistics.median(ms):.0f} ms, 95th percentile {pct(ms, 0.95):.0f} ms, "
              f"max {max(ms):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
