"""Benchmark: the Moon solver on fresh hands, and whole Moon hands played by each player.

    PYTHONPATH=. python3 bench/bench_moon.py [--hands 60] [--seed 1] [--played 10]

Random Moon deals; the first bidder bids (4..7, or 21 one time in ten), the others pass,
it discards a random domino and names a random contract (every number and follow-me).
Times, in CPU seconds of one process:

- value: the bidder's tricks with best play from the first lead (fresh table);
- solve: :func:`solve_moon` from the first lead: every play's value and a best line
  (fresh table);
- a whole hand (auction to the last trick) with three random, rule-based or sampling
  players (``--played`` hands each).
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

from texas42.analysis import solver as one_solver
from texas42.analysis.moon_solver import solve_moon
from texas42.analysis.players import make_player, play_hand
from texas42.analysis.position import Position
from texas42.analysis.solver import Solver
from texas42.moon import MoonDeal, MoonHand


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def fresh_hand(rng: random.Random) -> MoonHand:
    hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3))
    hand.bid(21 if rng.random() < 0.1 else rng.choice((4, 5, 6, 7)))
    while hand.phase.value == "bidding":
        hand.bid("pass")
    assert hand.bidder is not None
    hand.discard_domino(rng.choice(list(hand.holding(hand.bidder))))
    hand.name_contract(rng.choice(hand.valid_contracts()))
    return hand


def line(name: str, ms: list[float]) -> str:
    return (f"  {name}: median {statistics.median(ms):.1f} ms, 95th percentile "
            f"{pct(ms, 0.95):.1f} ms, max {max(ms):.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--played", type=int, default=10, help="whole hands per player kind")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    values: list[float] = []
    solves: list[float] = []
    nodes: list[int] = []
    for _ in range(args.hands):
        hand = fresh_hand(rng)
        pos = Position.from_hand(hand)
        solver = Solver(pos.contract, table=pos.table)
        t = time.process_time()
        v = solver.value(pos)
        values.append(1000 * (time.process_time() - t))
        nodes.append(solver.nodes)
        one_solver._SOLVERS.clear()
        t = time.process_time()
        sol = solve_moon(hand)
        solves.append(1000 * (time.process_time() - t))
        assert sol.tricks == v
    print(f"bench_moon: {args.hands} fresh Moon hands from the first lead, seed {args.seed}; "
          f"Python {platform.python_version()} ({platform.machine()})")
    print(f"  command: PYTHONPATH=. python3 bench/bench_moon.py --hands {args.hands} "
          f"--seed {args.seed} --played {args.played}")
    print(line("value (the bidder's tricks)", values))
    print(f"    trick boundaries searched: median {statistics.median(nodes):.0f}")
    print(line("solve_moon (every play + a best line)", solves))
    for kind in ("random", "rule-based", "sampling:8"):
        player = make_player(kind, seed=args.seed)
        times: list[float] = []
        deals = random.Random(args.seed)
        while len(times) < args.played:
            hand = MoonHand(MoonDeal.shake(deals), shaker=len(times) % 3)
            t = time.process_time()
            play_hand(hand, [player] * 3)
            if hand.result is not None:  # a hand everyone passed is not timed
                times.append(1000 * (time.process_time() - t))
        print(line(f"whole hand, three {kind} players", times))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
