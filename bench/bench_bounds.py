"""Benchmark: the worst cases found for each bounded operation, each run against its
stated bound (CPU seconds and peak memory); exits 1 when a bound is exceeded.

    PYTHONPATH=. python3 bench/bench_bounds.py [--only claim,solve,odds,moon,player]

The cases live in ``bench/worst/*.json`` (found by ``bench/find_worst.py`` with random
positions and hill-climbing, plus the cases reported in issue 15). Each case runs in
its own process, so its peak memory (``ru_maxrss``) is its own. A benchmark, not a
test: the machine's load changes the times, so the bounds leave room (about 3x the
worst seen on an idle core).

Bounds: a claim check searches at most ``texas42.claims.NODE_BUDGET`` positions and
answers within ``CLAIM_SECONDS`` (or refuses: "cannot be checked in time: play it
out"); a whole-hand solve with every play's value within ``SOLVE_SECONDS`` (or, past
``texas42.analysis.solver.SOLVE_BUDGET`` boundaries, refuses: "too big to solve
exactly"); an odds
table at the default samples within ``ODDS_SECONDS`` whatever the auction; a sampling
player's decision within ``PLAYER_SECONDS``.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORST = ROOT / "bench" / "worst"
CLAIM_SECONDS = 12.0
SOLVE_SECONDS = 6.0
ODDS_SECONDS = 20.0
MOON_SECONDS = 20.0
PLAYER_SECONDS = 20.0
MEMORY_MB = 600


def run_case(kind: str, case: dict[str, Any]) -> dict[str, Any]:
    """Run one case in this process; the figures as a dict."""
    from texas42 import HandRecord, verify_claim
    from texas42.analysis import Position, solve
    from texas42.analysis.evaluator import Evaluation, evaluate_hand
    from texas42.analysis.players import SamplingPlayer, decide
    from texas42.claims import NODE_BUDGET

    t = time.process_time()
    out: dict[str, Any] = {}
    if kind == "claim":
        hand = HandRecord.from_dict(case["record"]).replay()
        check = verify_claim(hand, case["seat"])
        out = {"nodes": check.nodes, "verdict": check.explain()[:90],
               "ok_nodes": check.nodes <= NODE_BUDGET + 1}
    elif kind == "solve":
        from texas42.errors import BudgetError

        hand = HandRecord.from_dict(case["record"]).replay()
        try:
            sol = solve(Position.from_hand(hand))
            out = {"points": list(sol.points)}
        except BudgetError as exc:  # a table too big: refused within the same bound
            out = {"refused": exc.message[:60]}
    elif kind == "odds":
        ev = evaluate_hand(case["hand"], seat=case["seat"], auction=case["auction"],
                           rules=case["rules"], seed=1)
        assert isinstance(ev, Evaluation)
        out = {"fitted": ev.fitted, "tries": ev.tries, "relaxed": ev.relaxed}
    elif kind == "moon":
        mv = evaluate_hand(case["hand"], seat=case["seat"], shaker=case.get("shaker"),
                           auction=case["bids_before"], seed=1, rules="moon")
        out = {"fitted": mv.fitted, "tries": mv.tries}
    elif kind == "player":
        hand = HandRecord.from_dict(case["record"]).replay()
        decide(SamplingPlayer(samples=case.get("samples", 12)), hand)
    out["seconds"] = round(time.process_time() - t, 3)
    out["mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


BOUNDS = {"claim": CLAIM_SECONDS, "solve": SOLVE_SECONDS, "odds": ODDS_SECONDS,
          "moon": MOON_SECONDS, "player": PLAYER_SECONDS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=",".join(BOUNDS))
    parser.add_argument("--case", nargs=2, metavar=("KIND", "JSON"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(run_case(args.case[0], json.loads(args.case[1]))))
        return 0
    print(f"bench_bounds: worst cases of bench/worst/; Python {platform.python_version()} "
          f"({platform.machine()}); CPU time of one core, peak memory of the process")
    print("  command: PYTHONPATH=. python3 bench/bench_bounds.py")
    failed = 0
    for kind in args.only.split(","):
        cases = [c for path in sorted(WORST.glob(f"{kind}*.json"))
                 for c in json.loads(path.read_text())]
        worst = 0.0
        for case in cases:
            done = subprocess.run(
                [sys.executable, __file__, "--case", kind, json.dumps(case)],
                capture_output=True, text=True, check=False, cwd=ROOT)
            if done.returncode != 0:
                print(f"  {kind} {case.get('name', '?')}: FAILED\n{done.stderr[-2000:]}")
                failed += 1
                continue
            got = json.loads(done.stdout)
            over = got["seconds"] > BOUNDS[kind] or got["mb"] > MEMORY_MB or not got.get(
                "ok_nodes", True)
            failed += over
            worst = max(worst, got["seconds"])
            print(f"  {kind} {case.get('name', '?')}: {got['seconds']:.2f} s, {got['mb']:.0f} MB "
                  f"(bound {BOUNDS[kind]:.0f} s, {MEMORY_MB} MB){' OVER' if over else ''} "
                  f"{json.dumps({k: v for k, v in got.items() if k not in ('seconds', 'mb')})}")
        print(f"  {kind}: worst {worst:.2f} s")
    print("bench_bounds: " + ("every bound holds" if not failed else f"{failed} over bound"))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
