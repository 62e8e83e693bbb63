"""Complete random hands per second: shaken, bid and played to the end (with the
early end of the marks game) through the same Hand API the explorers use.

Run: python bench/bench_hands.py [--hands N] [--repeat R]
Prints the best of R runs (hands per second on one core).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from texas42 import Deal, Hand, Phase


def play_random_hands(n: int, seed: int) -> int:
    """Play ``n`` random legal hands; returns the number of plays made."""
    rng = random.Random(seed)
    plays = 0
    for i in range(n):
        hand = Hand(Deal.shake(rng), shaker=i % 4)
        while hand.phase is Phase.BIDDING:
            hand.bid(rng.choice(hand.valid_bids()))
        if hand.phase is Phase.CONTRACT:
            hand.name_contract(rng.choice(hand.valid_contracts()))
        while hand.phase is Phase.PLAYING:
            hand.play(rng.choice(hand.legal_plays()))
            plays += 1
    return plays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rates = []
    for r in range(args.repeat):
        start = time.perf_counter()
        plays = play_random_hands(args.hands, seed=r)
        elapsed = time.perf_counter() - start
        rates.append(args.hands / elapsed)
    print(
        f"random complete hands: {max(rates):,.0f} hands/s best of {args.repeat} "
        f"(median {statistics.median(rates):,.0f}; {plays / args.hands:.1f} plays a hand)"
    )


if __name__ == "__main__":
    main()
