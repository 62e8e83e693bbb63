"""Benchmark: how often rule-based sides make mark bids (every trick to take).

    PYTHONPATH=. python3 bench/bench_mark_bids.py [--deals 1500] [--plunge-deals 400] [--seed 0]

Forced 42: on seeded deals (``Deal.from_seed(seed + i)``, shaker ``i % 4``) the first
bidder bids 42, the others pass and it names its rule-based contract; four rule-based
players play it out. Plunge: lechner deals where seat 0 holds exactly 6 doubles; seat 0
plunges, the others pass, the partner names the contract and leads. Each rate is given
as the players play a mark bid (``every_trick``) and, on the same deals, as they would
play it for points, with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import DOMINOES, Contract, Deal, Hand
from texas42.analysis import RuleBasedPlayer, decide
from texas42.analysis.playout import rule_playout
from texas42.analysis.stats import wilson
from texas42.rules import Rules


def rate(made: int, n: int) -> str:
    lo, hi = wilson(made, n)
    return f"{100 * made / n:5.1f}% (95%: {100 * lo:.1f}-{100 * hi:.1f}%, n={n})"


def doubles_deal(rng: random.Random, k: int) -> Deal:
    """A deal where seat 0 holds exactly ``k`` doubles, uniform among such deals."""
    doubles = [d.index for d in DOMINOES if d.is_double]
    others = [d.index for d in DOMINOES if not d.is_double]
    rng.shuffle(doubles)
    rng.shuffle(others)
    mine = doubles[:k] + others[: 7 - k]
    rest = doubles[k:] + others[7 - k :]
    rng.shuffle(rest)
    hands = [mine, rest[0:7], rest[7:14], rest[14:21]]
    return Deal([sum(1 << i for i in h) for h in hands])


def made(hand: Hand, every_trick: bool) -> bool:
    """Whether rule-based players take all 42 points for the hand's bidding side."""
    c = hand.contract
    assert isinstance(c, Contract) and hand.bidder is not None
    pts = rule_playout(hand.deal.masks, c, hand.bidder, hand.declarer, every_trick,
                       sevens_tie=hand.rules.sevens_tie)
    return pts[hand.bidder % 2] == 42


def forced_42(deals: int, seed: int) -> None:
    player = RuleBasedPlayer()
    got = [0, 0]
    for i in range(deals):
        hand = Hand(Deal.from_seed(seed + i), shaker=i % 4)
        hand.bid(42)
        for _ in range(3):
            hand.bid("pass")
        c = decide(player, hand).action
        assert isinstance(c, Contract)
        hand.name_contract(c)
        got[0] += made(hand, True)
        got[1] += made(hand, False)
    print(f"forced 42, {deals} deals (seeds {seed}..{seed + deals - 1}):")
    print(f"  played as a mark bid : {rate(got[0], deals)}")
    print(f"  played as for points : {rate(got[1], deals)}")


def plunge_6(deals: int, seed: int) -> None:
    rules = Rules.preset("lechner")
    player = RuleBasedPlayer()
    rng = random.Random(seed * 100 + 6)
    got = [0, 0]
    for _ in range(deals):
        hand = Hand(doubles_deal(rng, 6), shaker=3, rules=rules)  # seat 0 bids first
        hand.bid("plunge")
        for _ in range(3):
            hand.bid("pass")
        c = decide(player, hand).action
        assert isinstance(c, Contract)
        hand.name_contract(c)
        got[0] += made(hand, True)
        got[1] += made(hand, False)
    print(f"plunge with 6 doubles (lechner), {deals} deals:")
    print(f"  played as a mark bid : {rate(got[0], deals)}")
    print(f"  played as for points : {rate(got[1], deals)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--plunge-deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.process_time()
    forced_42(args.deals, args.seed)
    plunge_6(args.plunge_deals, args.seed)
    print(f"CPU {time.process_time() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
