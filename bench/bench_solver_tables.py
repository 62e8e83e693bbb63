"""Benchmark: the one exact solver at tables of every shape, whole hands from the first lead.

    PYTHONPATH=. python3 bench/bench_solver_tables.py [--deals 24] [--seed 1]

For each shape, random deals (every domino in play shared out, the rest aside), a random
leader who is also the bidder, the contracts cycling through the trump suits and
follow-me; the time, in CPU seconds of one process, of the value with best play
(:meth:`Solver.value`, fresh table). The shapes are built as data
(:class:`texas42.analysis.shape.TableShape`): no hand engine is needed to solve them.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import Contract
from texas42.analysis.position import Position
from texas42.analysis.shape import ALL_DOMINOES, FORTY_TWO, TableShape
from texas42.analysis.solver import Solver
from texas42.dominoes import Domino
from texas42.moon import MOON_MASK

CONTRACTS = (*(Contract.suit(n) for n in range(7)), Contract("follow-me"))
ONE_ZERO = 1 << Domino.parse("1-0").index

#: name, a shape for a bidder, dominoes each.
SHAPES: tuple[tuple[str, Callable[[int], TableShape], int], ...] = (
    ("42: four seats, partners, count", lambda b: FORTY_TWO, 7),
    ("three-hand 42: bidder vs two, 1-0 out, count", lambda b: TableShape.alone(
        b, 3, dominoes=ALL_DOMINOES & ~ONE_ZERO), 9),
    ("Moon: bidder vs two, no count", lambda b: TableShape.alone(
        b, 3, count=False, dominoes=MOON_MASK), 7),
    ("Moon for four: bidder vs three, no count", lambda b: TableShape.alone(
        b, 4, count=False), 7),
    ("five seats: bidder vs four, no count", lambda b: TableShape.alone(b, 5, count=False), 5),
    ("six seats: bidder vs five, no count", lambda b: TableShape.alone(b, 6, count=False), 4),
    ("seven seats: bidder vs six, no count", lambda b: TableShape.alone(b, 7, count=False), 4),
)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"bench_solver_tables: {args.deals} deals a table from the first lead, seed "
          f"{args.seed}; Python {platform.python_version()} ({platform.machine()})")
    print(f"  command: PYTHONPATH=. python3 bench/bench_solver_tables.py --deals {args.deals} "
          f"--seed {args.seed}")
    for name, make, each in SHAPES:
        rng = random.Random(args.seed)
        times: list[float] = []
        nodes: list[int] = []
        for i in range(args.deals):
            seats = make(0).seats
            bidder = rng.randrange(seats)
            table = make(bidder)
            pool = [d for d in range(28) if table.dominoes >> d & 1]
            rng.shuffle(pool)
            hands = tuple(sum(1 << d for d in pool[s * each:(s + 1) * each])
                          for s in range(seats))
            contract = CONTRACTS[i % len(CONTRACTS)]
            pos = Position(hands, contract, bidder, bidder=bidder, table=table)
            solver = Solver(contract, None, pos.bidding_team, table)
            t = time.process_time()
            solver.value(pos)
            times.append(1000 * (time.process_time() - t))
            nodes.append(solver.nodes)
        print(f"  {name} ({each} each): median {statistics.median(times):.0f} ms, 95th "
              f"percentile {pct(times, 0.95):.0f} ms, max {max(times):.0f} ms; trick "
              f"boundaries searched: median {statistics.median(nodes):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
