"""Benchmark: what keeping a learner's progress costs (texas42.progress), as the play
explorer does it with ``keep=True``: a save after every action of a hand (the game's
hands recorded, the whole file written as JSON), reading a kept file back (every hand
replayed against the rules), and the progress view's counts.

    PYTHONPATH=. python3 bench/bench_progress.py [--hands 500] [--rounds 3]

``--hands`` hands are kept first (random legal play, 4 hands a game). Times are CPU
medians in ms over the rounds; a benchmark, not a test (the machine's load moves them).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from texas42.game import Game  # noqa: E402
from texas42.hand import Hand, Phase  # noqa: E402
from texas42.progress import Progress  # noqa: E402


def act(hand: Hand, rng: random.Random) -> None:
    """One action: the first bidder bids 30, the rest pass; the first contract; a
    random legal domino."""
    if hand.phase is Phase.BIDDING:
        hand.bid(30 if not hand.bids else "pass")
    elif hand.phase is Phase.CONTRACT:
        hand.name_contract(hand.valid_contracts()[0])
    else:
        hand.play(rng.choice(hand.legal_plays()))


def kept(hands: int, rng: random.Random) -> Progress:
    p = Progress()
    n = 0
    while n < hands:
        game = Game(seed=n)
        for _ in range(4):
            while not game.hand.is_over:
                act(game.hand, rng)
            n += 1
            if game.is_over or n >= hands:
                break
            game.next_hand()
        p.save_game(game, seat=0)
    return p


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(1)
    progress = kept(args.hands, rng)
    text = progress.to_json()
    save, load, counts = [], [], []
    for r in range(args.rounds):
        game = Game(seed=10_000 + r)
        while not game.hand.is_over:
            act(game.hand, rng)
            t = time.process_time()
            progress.save_game(game, seat=0)
            progress.to_json()
            save.append(1000 * (time.process_time() - t))
        t = time.process_time()
        again = Progress.from_json(text)
        load.append(1000 * (time.process_time() - t))
        t = time.process_time()
        _ = (again.hands_played, again.make_rate_by_bid(), again.make_rate_by_trumps(),
             again.losses(), again.worst_mistakes())
        counts.append(1000 * (time.process_time() - t))
    print(f"{len(progress.entries)} hands kept, {len(text) / 1000:.0f} kB of JSON")
    print(f"save after one action: median {statistics.median(save):.1f} ms, "
          f"max {max(save):.1f} ms ({len(save)} saves)")
    print(f"read the file back (every hand replayed): median {statistics.median(load):.0f} ms")
    print(f"the progress view's counts: median {statistics.median(counts):.1f} ms")


if __name__ == "__main__":
    main()
