"""Benchmark: the cost of each unit of the analysis' work, and every command at its
largest accepted settings (issue 35: bounded in time, not only in count).

    PYTHONPATH=. python3 bench/bench_work.py --measure [--hands 3]
    PYTHONPATH=. python3 bench/bench_work.py --check [--only odds,coach]

``--measure``: CPU milliseconds of one unit of work, the figures
:mod:`texas42.analysis.bounds` keeps (``ODDS_MS``, ``COACH_MS``): one deal of the bid odds
per contract (points tables) or per deal (tables bidding in tricks), for each method and
table; one guess of one coach decision (all its options played out) for each
continuation, the first bid and the first play with a choice (the dearest: most tricks
left). Each figure is the largest mean over ``--hands`` seeded hands.

``--check``: each command at the largest settings the bounds accept (the cap of
:func:`texas42.analysis.bounds.largest_samples` for the method, table and continuation),
each in its own process; its CPU seconds against
:data:`texas42.analysis.bounds.WORK_SECONDS`. Exits 1 when one is over. A benchmark, not
a test: the machine's load changes the times.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ODDS_TABLES = ["standard", "three-hand", "moon", "moon-4", "moon-5", "moon-6", "moon-7"]
CONTINUATIONS = ["exact", "rules", "own-view", "player:rule-based", "player:random",
                 "player:sampling:1", "player:hybrid:2/3", "player:weighted:1",
                 "player:search:2/3/2"]


def _cpu(fn: Any) -> float:
    from texas42.analysis import solver

    solver._SOLUTIONS.clear()
    solver._SOLVERS.clear()
    start = time.process_time()
    fn()
    return time.process_time() - start


def _odds_unit(table: str, method: str, seed: int, samples: int) -> float:
    """CPU ms of one deal (per contract at a points table) of the odds of seat 0's hand."""
    from texas42 import Deal, Rules
    from texas42.analysis.evaluator import Evaluation, evaluate_hand

    rules = Rules.preset(table)
    hand = " ".join(str(d) for d in Deal.from_seed(seed, rules.layout).hands[0])
    got: list[Any] = []
    seconds = _cpu(lambda: got.append(evaluate_hand(hand, seat=0, rules=rules,
                                                    samples=samples, seed=seed,
                                                    method=method)))
    ev = got[0]
    per = len(ev.points) + len(ev.special_results) if isinstance(ev, Evaluation) else 1
    return 1000 * seconds / samples / max(1, per)


def _coach_hand(table: str, seed: int) -> Any:
    from texas42 import Deal, Hand, Rules
    from texas42.analysis import RuleBasedPlayer, play_hand

    rules = Rules.preset(table)
    for s in range(seed, seed + 40):
        hand = Hand(Deal.from_seed(s, rules.layout), shaker=rules.seats - 1, rules=rules)
        play_hand(hand, [RuleBasedPlayer()] * rules.seats)
        if hand.result is not None and hand.contract is not None and (
                hand.contract.kind not in ("nello", "sevens")):
            return hand
    raise AssertionError("no hand bid")  # pragma: no cover


def _decision(hand: Any, kind: str) -> Any:
    """The hand before its first decision of ``kind`` with a choice (a play: the first
    lead, the most tricks left)."""
    for step, action in enumerate(hand.actions):
        if action.kind == kind:
            before = hand.at(step)
            if len(before.legal_actions()) > 1:
                return before
    return None


def _coach_unit(table: str, continuation: str, kind: str, seed: int, samples: int) -> float:
    """CPU ms of one guess of one decision (every option played out)."""
    from texas42.analysis.coach import _choice_text, judge
    from texas42.analysis.continuation import make_continuation

    before = _decision(_coach_hand(table, seed), kind)
    if before is None:
        return 0.0
    option = _choice_text(kind, before.legal_actions()[0].value)
    got: list[Any] = []
    seconds = _cpu(lambda: got.append(judge(before, option, samples=samples,
                                            max_samples=samples,
                                            continuation=make_continuation(continuation))))
    return 1000 * seconds / max(1, got[0].worlds)


def measure(hands: int) -> None:
    print(f"bench_work --measure: CPU ms of one unit, the largest mean over {hands} hands; "
          f"Python {platform.python_version()} ({platform.machine()})")
    print(f"  command: PYTHONPATH=. python3 bench/bench_work.py --measure --hands {hands}")
    odds: dict[str, float] = {}
    for method, samples in (("rule-based", 60), ("open-hands", 2)):
        for table in ODDS_TABLES:
            worst = max(_odds_unit(table, method, seed, samples) for seed in range(1, hands + 1))
            odds[f"{method} {table}"] = round(worst, 2)
            print(f"  odds {method:<10} {table:<10} {worst:9.2f} ms a deal", flush=True)
    coach: dict[str, float] = {}
    for continuation in CONTINUATIONS:
        samples = 24 if continuation in ("exact", "rules") else 2
        for kind in ("bid", "play"):
            worst = max(_coach_unit("standard", continuation, kind, seed, samples)
                        for seed in range(1, hands + 1))
            coach[f"{continuation} {kind}"] = round(worst, 2)
            print(f"  coach {continuation:<20} {kind:<5} {worst:9.2f} ms a guess", flush=True)
    for table in ODDS_TABLES[1:]:
        for kind in ("bid", "play", "discard", "contract"):
            ms = [_coach_unit(table, "exact", kind, seed, 8) for seed in range(1, hands + 1)]
            worst = max(ms)
            coach[f"{table} {kind}"] = round(worst, 2)
            print(f"  coach {table:<20} {kind:<8} {worst:9.2f} ms a guess", flush=True)
    print(json.dumps({"odds": odds, "coach": coach}, indent=1))


# -- the largest accepted settings -------------------------------------------------------------
def _cases() -> list[tuple[str, list[str]]]:
    """Each command at its largest accepted settings (the caps of the bounds)."""
    from texas42.analysis.bounds import WORST_HANDS

    return [(name, args) for name, args in WORST_HANDS]


def check(only: str) -> int:
    from texas42.analysis.bounds import WORK_SECONDS

    print(f"bench_work --check: each command at its largest accepted settings, CPU s of its "
          f"process (bound {WORK_SECONDS:.0f} s); Python {platform.python_version()}")
    print("  command: PYTHONPATH=. python3 bench/bench_work.py --check")
    failed = 0
    for name, args in _cases():
        if only and not any(name.startswith(k) for k in only.split(",")):
            continue
        start = time.time()
        done = subprocess.run(
            [sys.executable, "-c", "import resource, sys, runpy; sys.argv = sys.argv[1:]; "
             "code = 0\ntry:\n runpy.run_module('texas42', run_name='__main__')\n"
             "except SystemExit as e:\n code = e.code or 0\n"
             "u = resource.getrusage(resource.RUSAGE_SELF)\n"
             "print('CPU', u.ru_utime + u.ru_stime, file=sys.stderr)\nsys.exit(code)",
             "texas42", *args],
            capture_output=True, text=True, check=False, cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        cpu = float(done.stderr.strip().splitlines()[-1].split()[1])
        over = cpu > WORK_SECONDS or done.returncode != 0
        failed += over
        print(f"  {name}: {cpu:.1f} s CPU ({time.time() - start:.0f} s wall), exit "
              f"{done.returncode}{' OVER' if over else ''}: texas42 {' '.join(args)}",
              flush=True)
        if done.returncode != 0:
            print("    " + done.stderr.strip().splitlines()[-2][:300])
    print("bench_work: " + ("every command within its bound" if not failed
                            else f"{failed} over bound"))
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--measure", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    if args.measure:
        measure(args.hands)
    if args.check:
        return check(args.only)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
