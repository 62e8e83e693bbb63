"""Benchmark: how often the rule-based player's own special bids are made.

    PYTHONPATH=. python3 bench/bench_special_bids.py [--deals 600] [--seed 1]

For each house-rules preset with special contracts (lechner, harper, casual), ``--deals``
seeded deals are bid and played by four rule-based players; for every hand won by a nello,
sevens, plunge or splash bid, it counts how often the bidding side made it (Wilson 95%
intervals). Baselines on the same kind of deals: seat 0 put in that contract whatever its
hand (nello with each place of doubles, sevens), played out by rule-based players.

Plunge and splash hands (6+ doubles) are too rare on random deals (about 1 seat in 8000),
so a second part draws seeded deals where seat 0 holds exactly k doubles (k = 4..7), lets
four rule-based players bid and play them under lechner, and reports the make rate of the
plunges they bid, next to the rate of a plunge by seat 0 whatever its doubles (partner
naming by the rule-based declarer).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import DOMINOES, Contract, Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand
from texas42.analysis.playout import rule_playout
from texas42.analysis.stats import wilson
from texas42.rules import Rules


def rate(made: int, n: int) -> str:
    if not n:
        return "   -"
    lo, hi = wilson(made, n)
    return f"{100 * made / n:3.0f}% (95%: {100 * lo:.0f}-{100 * hi:.0f}%, n={n})"


def special_of(hand: Hand) -> str | None:
    """The special contract the hand was won with (None: a points contract)."""
    if hand.result is None or hand.contract is None:
        return None
    if hand.declarer != hand.bidder:
        return "plunge" if hand.high_special == "plunge" else "splash"
    if hand.contract.kind in ("nello", "sevens"):
        return hand.contract.kind
    return None


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


def natural(preset: str, deals: int, seed: int) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    player = RuleBasedPlayer()
    made: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for i in range(deals):
        hand = Hand(Deal.shake(rng), shaker=i % 4, rules=rules)
        play_hand(hand, [player] * 4)
        kind = special_of(hand)
        if kind is not None and hand.result is not None:
            made[kind][0] += hand.result.made
            made[kind][1] += 1
    print(f"{preset}: {deals} deals")
    for kind in ("nello", "sevens", "plunge", "splash"):
        if kind in made:
            print(f"  rule-based {kind:<7} bids made {rate(*made[kind])}")
    base: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rng = random.Random(seed + 1)
    contracts = [Contract("nello", None, p) for p in rules.nello]  # type: ignore[arg-type]
    if rules.sevens:
        contracts.append(Contract("sevens"))
    for _ in range(deals):
        hands = list(Deal.shake(rng).masks)
        for c in contracts:
            pts = rule_playout(hands, c, 0, sevens_tie=rules.sevens_tie)[0]
            ok = pts == 0 if c.kind == "nello" else pts == 42
            base[str(c)][0] += ok
            base[str(c)][1] += 1
    for c in contracts:
        print(f"  baseline: seat 0 in {c!s:<22} made {rate(*base[str(c)])}")


def plunges(deals: int, seed: int) -> None:
    rules = Rules.preset("lechner")
    player = RuleBasedPlayer()
    print(f"lechner, deals where seat 0 holds k doubles ({deals} per k):")
    for k in (4, 5, 6, 7):
        rng = random.Random(seed * 100 + k)
        own = [0, 0]
        forced = [0, 0]
        for i in range(deals):
            deal = doubles_deal(rng, k)
            hand = Hand(deal, shaker=3, rules=rules)  # seat 0 bids first
            play_hand(hand, [player] * 4)
            if hand.bidder == 0 and hand.declarer == 2 and hand.result is not None:
                own[0] += hand.result.made
                own[1] += 1
            if i < deals // 2:
                # Baseline: seat 0 plunges whatever its hand, the rest as rule-based.
                h = Hand(deal, shaker=3, rules=rules)
                h.bid("plunge")
                for _ in range(3):
                    h.bid("pass")
                play_hand(h, [player] * 4)
                assert h.result is not None
                forced[0] += h.result.made
                forced[1] += 1
        print(f"  k={k}: rule-based plunges made {rate(*own)}; "
              f"any plunge by seat 0 made {rate(*forced)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--plunge-deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.process_time()
    for preset in ("lechner", "harper", "casual"):
        natural(preset, args.deals, args.seed)
    plunges(args.plunge_deals, args.seed)
    print(f"CPU {time.process_time() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
