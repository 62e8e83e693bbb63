"""Benchmark: two computer players that differ in one setting, head to head.

    PYTHONPATH=. python3 bench/bench_player_options.py A B [--deals 200] [--seed 21]

A and B are player names as ``texas42.analysis match`` takes them (``hybrid``,
``hybrid:48/4``, ``sampling:12`` ...), each optionally followed by settings of the
player object, comma-separated: ``hybrid,tries=32`` is the hybrid player drawing up to 32
guesses for each one it keeps (a tighter fit to the bids). A duplicate match
(:func:`texas42.analysis.match.match`), each deal printed as it ends, so a long run that
is stopped still gives the deals so far; the summary (points and marks a deal with 95%
intervals, CPU per play) at the end. For questions the match command's names cannot ask.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42.analysis import parallel
from texas42.analysis.match import match
from texas42.analysis.players import Player, make_player


def build(spec: str, seed: int) -> Player:
    """``name[,setting=whole number ...]``: the player and its settings."""
    name, *settings = spec.split(",")
    player = make_player(name, seed=seed)
    for item in settings:
        key, _, value = item.partition("=")
        if not hasattr(player, key) or not value.strip().isdigit():
            raise SystemExit(f"{spec!r}: {item!r} is not a whole-number setting of {name}")
        setattr(player, key, int(value))
    return player


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=21)
    parallel.add_arguments(ap)
    args = ap.parse_args()
    # Both players' own guesses are seeded 1 (the deals by --seed): a change of setting
    # is then all that differs between the two.
    r = match(build(args.a, 1), build(args.b, 1), deals=args.deals, seed=args.seed,
              workers=args.workers, dask=args.dask,
              progress=lambda i, d: print(f"deal {i + 1}: points {d.points:+d}", flush=True))
    print(f"A = {args.a}, B = {args.b}")
    print(r.summary(), flush=True)


if __name__ == "__main__":
    main()
