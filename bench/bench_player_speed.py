"""Benchmark: CPU seconds a computer player takes per play with a choice, trick by trick.

    PYTHONPATH=. python3 bench/bench_player_speed.py [--hands 6] [--seed 3] [PLAYER ...]

The match summary gives the mean over a whole hand; an explorer feels the slowest play,
which is on the first trick for a player that solves every guess exactly (its deals are
largest there). Seats 0 and 2 are the player, 1 and 3 rule-based; forced plays are left out.
Default players: the explorers' default, sampling:12, sampling:6 and the strongest
(``STRONGEST_PLAYER``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import Deal, Hand
from texas42.analysis.players import (
    DEFAULT_PLAYER,
    STRONGEST_PLAYER,
    Decision,
    RuleBasedPlayer,
    make_player,
    play_hand,
)
from texas42.analysis.view import SeatView


def measure(name: str, hands: int, seed: int) -> dict[int, list[float]]:
    """CPU seconds of each play with a choice, by tricks already played."""
    player = make_player(name, seed=1)
    ask = player.play
    by_trick: dict[int, list[float]] = {}

    def timed(view: SeatView) -> Decision:
        start = time.process_time()
        d = ask(view)
        if len(view.legal_plays) > 1:
            by_trick.setdefault(view.tricks_played, []).append(time.process_time() - start)
        return d

    player.play = timed  # type: ignore[method-assign]
    rng = random.Random(seed)
    other = RuleBasedPlayer()
    for i in range(hands):
        play_hand(Hand(Deal.shake(rng), shaker=i % 4), [player, other, player, other])
    return by_trick


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("players", nargs="*", default=[DEFAULT_PLAYER, "sampling:12", "sampling:6",
                                                   STRONGEST_PLAYER])
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    for name in args.players:
        t = measure(name, args.hands, args.seed)
        every = [x for xs in t.values() for x in xs]
        rows = "  ".join(f"trick {k + 1}: {1000 * statistics.median(v):.0f}/{1000 * max(v):.0f}"
                         for k, v in sorted(t.items()))
        print(f"{name}: {len(every)} plays, median {1000 * statistics.median(every):.0f} ms, "
              f"mean {1000 * statistics.fmean(every):.0f} ms, max {1000 * max(every):.0f} ms; "
              f"median/max ms by trick: {rows}")


if __name__ == "__main__":
    main()
