"""Benchmark: the cost of each unit of the analysis' work, and every command at its
largest accepted settings (issue 35: bounded in time, not only in count).

    PYTHONPATH=. python3 bench/bench_work.py --measure [--hands 5]
    PYTHONPATH=. python3 bench/bench_work.py --check [--only odds,coach]

``--measure``: CPU milliseconds of one unit of work, the figures
:mod:`texas42.analysis.bounds` keeps (``ODDS_MS``, ``COACH_MS``, ``EXACT_MS``,
``SAMPLING_MS``, ``SEARCH_MS``, ``HAND_MS`` ...): one deal of the bid odds
per contract (points tables) or per deal (tables bidding in tricks), for each method and
table; one guess of one coach decision (all its options played out) for each
continuation, the first bid and the first play with a choice (the dearest: most tricks
left); a whole hand played by one kind of player in every seat (the match command's
unit). Each figure is the largest mean over ``--hands`` seeded hands.

``--check``: each command asked for 10,000 samples, refused with the largest that
fits (:mod:`texas42.analysis.bounds`: by method, table, continuation and decisions), then
one more than that (refused too) and that largest (run), each in its own process; its
CPU seconds against :data:`texas42.analysis.bounds.WORK_SECONDS`. Exits 1 when one is
over. A benchmark, not a test: the machine's load changes the times.
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
CONTINUATIONS = ["exact", "exact:6", "exact:7", "rules", "own-view", "player:rule-based",
                 "player:random", "player:sampling:1", "player:sampling:2",
                 "player:hybrid:2/3", "player:hybrid:4/3", "player:hybrid:2/5",
                 "player:weighted:1", "player:search:2/3/2", "player:search:4/3/2",
                 "player:search:2/5/2"]
HAND_PLAYERS = ["rule-based", "random", "sampling:1", "hybrid:1/3", "search:1/3/1"]


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
    from texas42.analysis.coach import judge
    from texas42.analysis.continuation import make_continuation
    from texas42.hand import choice_text

    before = _decision(_coach_hand(table, seed), kind)
    if before is None:
        return 0.0
    option = choice_text(kind, before.legal_actions()[0].value)
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
    for method, samples in (("rule-based", 40), ("open-hands", 6)):
        for table in ODDS_TABLES:
            samples = 2 if (method, table) == ("open-hands", "three-hand") else samples
            worst = max(_odds_unit(table, method, seed, samples) for seed in range(1, hands + 1))
            odds[f"{method} {table}"] = round(worst, 2)
            print(f"  odds {method:<10} {table:<10} {worst:9.2f} ms a deal", flush=True)
    coach: dict[str, float] = {}
    for continuation in CONTINUATIONS:
        samples = 24 if continuation in ("exact", "exact:6", "rules") else 2
        for kind in ("bid", "play") if continuation == "exact" else ("play",):
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
    hands: dict[str, float] = {}
    for table in ("standard", "moon", "three-hand", "moon-4"):
        for name in HAND_PLAYERS if table == "standard" else HAND_PLAYERS[::2]:
            worst = max(_hand_unit(table, name, seed) for seed in range(1, hands + 1))
            hands[f"{table} {name}"] = round(worst, 1)
            print(f"  a whole hand {table:<10} {name:<14} {worst:9.1f} ms", flush=True)
    print(json.dumps({"odds": odds, "coach": coach, "hands": hands}, indent=1))


def _hand_unit(table: str, name: str, seed: int) -> float:
    """CPU ms of a whole hand played by the player ``name`` in every seat."""
    from texas42 import Deal, Hand, Rules
    from texas42.analysis import make_player, play_hand

    rules = Rules.preset(table)
    hand = Hand(Deal.from_seed(seed, rules.layout), shaker=0, rules=rules)
    player = make_player(name, seed=seed)
    return 1000 * _cpu(lambda: play_hand(hand, [player] * rules.seats))


# -- the largest accepted settings -------------------------------------------------------------
THREE = "6-6 6-5 6-4 6-2 5-5 4-4 3-1 2-0 1-1"
HAND = "6-6 6-4 6-2 5-5 4-4 3-1 2-0"
MOON = "6-6 6-5 6-4 5-5 4-4 3-3 2-1"


def _records() -> dict[str, str]:
    """Hand records played out by rule-based players (42, three-hand), in bench/worst/."""
    out = {}
    for table in ("standard", "three-hand"):
        hand = _coach_hand(table, 1)
        path = ROOT / "bench" / "worst" / f"review_{table}.json"
        path.write_text(hand.record().to_json())
        out[table] = str(path.relative_to(ROOT))
    return out


def _cases() -> list[tuple[str, list[str]]]:
    """Each command with the sample count at 10,000 (refused: the message names the
    largest that fits); the run then uses that largest."""
    rec = _records()
    seat = "0"
    return [
        ("advise 42 rule-based", ["advise", *HAND.split()]),
        ("advise 42 rule-based after 30 35", ["advise", *HAND.split(), "--seat", "2",
                                              "--auction", "30 35"]),
        ("advise 42 open-hands", ["advise", *HAND.split(), "--method", "open-hands"]),
        ("advise three-hand open-hands", ["advise", *THREE.split(), "--rules", "three-hand",
                                          "--method", "open-hands"]),
        ("advise three-hand rule-based", ["advise", *THREE.split(), "--rules", "three-hand"]),
        ("advise moon open-hands", ["advise", *MOON.split(), "--rules", "moon", "--method",
                                    "open-hands"]),
        ("advise moon-4 open-hands", ["advise", *HAND.split(), "--rules", "moon-4",
                                      "--method", "open-hands"]),
        ("review 42 exact", ["review", rec["standard"], "--seat", seat]),
        ("review 42 own-view", ["review", rec["standard"], "--seat", seat, "--continuation",
                                "own-view"]),
        ("review 42 rules --max-samples", ["review", rec["standard"], "--seat", seat,
                                           "--continuation", "rules", "--samples", "1",
                                           "--max-samples"]),
        ("review three-hand", ["review", rec["three-hand"], "--seat", seat]),
        ("match sampling rule-based", ["-m", "texas42.analysis", "match", "sampling",
                                       "rule-based", "--quiet", "--deals"]),
        ("match hybrid search:8 at moon-4", ["-m", "texas42.analysis", "match", "hybrid",
                                             "search:8", "--rules", "moon-4", "--quiet",
                                             "--deals"]),
    ]


def _run(args: list[str]) -> tuple[int, float, str]:
    """Exit status, CPU seconds and standard error of ``python -m texas42 ARGS`` (``-m
    MODULE ARGS``: of that module)."""
    module, args = (args[1], args[2:]) if args[0] == "-m" else ("texas42", args)
    done = subprocess.run(
        [sys.executable, "-c", "import resource, runpy, sys\nsys.argv = sys.argv[1:]\n"
         "code = 0\ntry:\n runpy.run_module(sys.argv[0], run_name='__main__')\n"
         "except SystemExit as e:\n code = e.code or 0\n"
         "u = resource.getrusage(resource.RUSAGE_SELF)\n"
         "c = resource.getrusage(resource.RUSAGE_CHILDREN)  # (a match's worker processes)\n"
         "print('CPU', u.ru_utime + u.ru_stime + c.ru_utime + c.ru_stime, file=sys.stderr)\n"
         "sys.exit(code)",
         module, *args],
        capture_output=True, text=True, check=False, cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    lines = done.stderr.strip().splitlines()
    return done.returncode, float(lines[-1].split()[1]), "\n".join(lines[:-1])


def check(only: str) -> int:
    import re

    from texas42.analysis.bounds import MAX_SAMPLES, WORK_SECONDS

    print(f"bench_work --check: each command at its largest accepted samples, CPU s of its "
          f"process (bound {WORK_SECONDS:.0f} s); Python {platform.python_version()}")
    print("  command: PYTHONPATH=. python3 bench/bench_work.py --check")
    failed = 0
    for name, args in _cases():
        if only and not any(name.startswith(k) for k in only.split(",")):
            continue
        option = args[-1] if args[-1] in ("--max-samples", "--deals") else "--samples"
        base = args[:-1] if option != "--samples" else args
        code, cpu, err = _run([*base, option, str(MAX_SAMPLES)])
        found = re.search(r"at most (\d+)", err)
        if code != 2 or found is None:
            print(f"  {name}: {MAX_SAMPLES} accepted ({cpu:.1f} s CPU, exit {code}) "
                  f"{err[-200:]}")
            largest = MAX_SAMPLES
        else:
            largest = int(found.group(1))
            more, _, _ = _run([*base, option, str(largest + 1)])
            if more != 2:
                print(f"  {name}: {largest + 1} was not refused")
                failed += 1
        code, cpu, err = _run([*base, option, str(largest)])
        over = cpu > WORK_SECONDS or code != 0
        failed += over
        print(f"  {name}: {option} {largest} (the largest accepted): {cpu:.1f} s CPU, exit "
              f"{code}{' OVER' if over else ''}{' ' + err[-200:] if code else ''}", flush=True)
    print("bench_work: " + ("every command within its bound" if not failed
                            else f"{failed} over bound or not refused"))
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--measure", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    if args.measure:
        measure(args.hands)
    if args.check:
        return check(args.only)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
