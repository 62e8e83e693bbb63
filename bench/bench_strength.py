"""Benchmark: the strength matches of the README's Figures (issue 21 item 2).

    PYTHONPATH=. python3 bench/bench_strength.py [--deals 400] [--seed 1] [--only NAME]
        [--first K] [--workers N | --dask ADDRESS]
    PYTHONPATH=. python3 bench/bench_strength.py --pool FILE [FILE ...]

Each is a duplicate match of the project's harness (:func:`texas42.analysis.match.match`:
every deal played twice, the sides swapped; every trick played; each side bids and names
its contract by its own policy), side A minus side B in points a deal with its 95%
interval, and the CPU time a play with a choice of each side:

- ``strongest``: the strongest texas42 player against today's strongest before it,
  ``sampling:12`` (target: +2 points a deal, the interval above 0, at most 1 s a play);
- ``default``: the explorers' default (``search:96/5/32``) against the default before it,
  ``hybrid:48/4`` (target +1.5, the interval above 0, at most 0.15 s a play:
  ``bench/bench_player_speed.py`` gives the median);
- ``rules``: the default against the rule-based player (the ladder's lowest rung);
- ``aim-default`` and ``aim-strongest``: the default and the strongest, which play for
  what the game scores (under the marks rules the chance of making or setting the bid),
  against the same player playing for the best average points (``NAME@points``, every
  player before issue 38 item 7; target: more marks a deal, the interval above 0, over
  at least 1,000 deals, losing at most 2 points a deal).

The matches run on every core by default (``--workers 1`` for one process, ``--dask`` for a
Dask cluster); the same seed gives the same result whatever the number of workers.

Each deal is printed as it ends, one line ``deal {json}`` (the match, its sides and seed,
and the deal's result: :class:`texas42.analysis.match.DealResult`), so a run stopped on the
way loses only the deals in play: ``--first K`` goes on from deal K to ``--deals`` (the
same deals, the same results), and ``--pool`` reads the deal lines of any runs (several
seeds, stopped runs and their continuations; a deal given twice counts once) and prints
each match's summary over all of them (without CPU times: those are in each run's own
summary).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42.analysis import parallel
from texas42.analysis.match import DealResult, MatchResult, match
from texas42.analysis.players import DEFAULT_PLAYER, STRONGEST_PLAYER, make_player
from texas42.rules import STANDARD

#: The explorers' default before the search player (issue 21's yardstick).
PREVIOUS_DEFAULT = "hybrid:48/4"

#: name -> (side A, side B)
MATCHES: dict[str, tuple[str, str]] = {
    "strongest": (STRONGEST_PLAYER, "sampling:12"),
    "default": (DEFAULT_PLAYER, PREVIOUS_DEFAULT),
    "rules": (DEFAULT_PLAYER, "rule-based"),
    "aim-default": (DEFAULT_PLAYER, DEFAULT_PLAYER + "@points"),
    "aim-strongest": (STRONGEST_PLAYER, STRONGEST_PLAYER + "@points"),
}


def _show(head: dict[str, object], _: int, d: DealResult) -> None:
    """One deal's line, as it ends."""
    print("deal " + json.dumps({**head, **asdict(d)}), flush=True)


def pool(files: list[str]) -> None:
    """Each match's summary over the deal lines of ``files`` (standard rules)."""
    deals: dict[tuple[str, str, str], dict[tuple[int, int], DealResult]] = {}
    for f in files:
        for line in Path(f).read_text().splitlines():
            if not line.startswith("deal {"):
                continue
            row = json.loads(line[5:])
            d = DealResult(row["index"], row["code"], row["marks"], row["points"],
                           tuple(tuple(p) for p in row["plays"]),
                           tuple(tuple(c) for c in row["contracts"]))
            key = (row["match"], row["a"], row["b"])
            deals.setdefault(key, {})[(row["seed"], d.index)] = d
    for (name, a, b), found in deals.items():
        seeds = sorted({seed for seed, _ in found})
        r = MatchResult(a, b, STANDARD, None, [found[k] for k in sorted(found)])
        print(f"== {name}: {a} vs {b}, pooled over seeds {seeds}")
        print(r.summary().split("\nCPU time")[0], flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=1,
                    help="begin at this deal (1: the first), to go on with a stopped run")
    ap.add_argument("--only", choices=sorted(MATCHES), action="append",
                    help="run only this match (repeatable); default: all")
    ap.add_argument("--a", help="side A instead of the match's own (to try a candidate)")
    ap.add_argument("--pool", nargs="+", metavar="FILE",
                    help="the summaries over the deal lines of these runs' outputs")
    parallel.add_arguments(ap)
    args = ap.parse_args()
    if args.pool:
        pool(args.pool)
        return 0
    if not 1 <= args.first <= args.deals:
        ap.error(f"--first {args.first}: from 1 to --deals ({args.deals})")
    for name in args.only or list(MATCHES):
        a_name, b_name = MATCHES[name]
        a_name = args.a or a_name
        start = time.perf_counter()

        show = partial(_show, {"match": name, "a": a_name, "b": b_name, "seed": args.seed})
        # The seeds the match command gives (so a row here is that command's result).
        r = match(make_player(a_name, seed=args.seed), make_player(b_name, seed=args.seed + 1),
                  deals=args.deals - args.first + 1, first=args.first - 1, progress=show,
                  seed=args.seed, workers=args.workers, dask=args.dask)
        print(f"== {name}: {a_name} vs {b_name} ({time.perf_counter() - start:.0f} s wall)")
        print(r.summary(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
