"""Benchmark: verifying a claim (laying down) at tricks 1, 3 and 5.

    PYTHONPATH=. python3 bench/bench_claims.py [--hands 60] [--seed 1] [--table NAME]

Seeded random deals played by the rule-based player (bids, contract, plays) under
straight 42 plus nello and sevens. At the first lead of trick 1, 3 and 5 the player to
lead claims the rest (in nello only the declarer may claim: other leaders are skipped);
:func:`texas42.verify_claim` is timed in CPU seconds of one process. Median and worst
per trick, and how many claims were valid.

``--table NAME``: another table's preset (``moon``, ``three-hand``, ``moon-4`` ..
``moon-7``, ``two-hand``), its hands played by seeded random legal actions (the first
bidder bids, so every hand is played).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import STANDARD, Deal, Hand, Phase, Rules, verify_claim
from texas42.analysis.players import RuleBasedPlayer, decide

RULES = STANDARD.replace(name="bench-claims", nello=("high",), sevens=True)
TRICKS = (1, 3, 5)


def positions(seed: int) -> list[tuple[int, Hand]]:
    """(trick number, hand at its first lead) for one rule-based hand, with every trick
    played (after the early end the hand is played out)."""
    rng = random.Random(seed)
    hand = Hand(Deal.shake(rng), shaker=rng.randrange(4), rules=RULES)
    player = RuleBasedPlayer()
    out = []
    while hand.phase is not Phase.RESHAKE and len(hand.tricks) < 7:
        if hand.phase is Phase.OVER:
            hand.play_out()
        n = len(hand.tricks) + 1
        may_claim = hand.sitting_out is None or hand.to_act == hand.declarer
        if hand.phase is Phase.PLAYING and not hand.current_trick and n in TRICKS and may_claim:
            out.append((n, hand.copy()))
        kind = {Phase.BIDDING: "bid", Phase.CONTRACT: "contract"}.get(hand.phase, "play")
        hand.apply((kind, decide(player, hand).action))
    return out


def table_positions(seed: int, rules: Rules) -> list[tuple[int, Hand]]:
    """(trick number, hand at its first lead) for one hand of seeded random legal
    actions at ``rules``' table (the first bidder bids its lowest, the others pass)."""
    rng = random.Random(seed)
    hand = Hand(Deal.shake(rng, rules.layout), shaker=rng.randrange(rules.seats), rules=rules)
    out = []
    while hand.phase is not Phase.RESHAKE and len(hand.tricks) < rules.hand_size:
        if hand.phase is Phase.OVER:
            hand.play_out()
        if hand.phase is Phase.BIDDING:
            bids = hand.valid_bids()
            hand.bid(bids[1] if not hand.bids and len(bids) > 1 else bids[0])
            continue
        n = len(hand.tricks) + 1
        if hand.phase is Phase.PLAYING and not hand.current_trick and n in TRICKS:
            out.append((n, hand.copy()))
        hand.apply(rng.choice(hand.legal_actions()))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", default=None, help="another table's preset")
    args = parser.parse_args()
    table = None if args.table is None else Rules.preset(args.table)
    times: dict[int, list[float]] = {n: [] for n in TRICKS}
    valid: dict[int, int] = dict.fromkeys(TRICKS, 0)
    unchecked: dict[int, int] = dict.fromkeys(TRICKS, 0)
    worst: dict[int, tuple[float, int]] = {}
    for i in range(args.hands):
        seed = args.seed * 100_003 + i
        found = positions(seed) if table is None else table_positions(seed, table)
        for n, hand in found:
            t = time.process_time()
            check = verify_claim(hand, hand.to_act)
            dt = time.process_time() - t
            times[n].append(dt)
            valid[n] += check.valid
            unchecked[n] += not check.checked
            if dt > worst.get(n, (-1.0, 0))[0]:
                worst[n] = (dt, seed)
    what = "rule-based hands" if table is None else f"random hands at {args.table}"
    print(f"bench_claims: {args.hands} {what}, seed {args.seed}; "
          f"Python {platform.python_version()} ({platform.machine()})")
    where = "" if table is None else f" --table {args.table}"
    print(f"  command: PYTHONPATH=. python3 bench/bench_claims.py --hands {args.hands} "
          f"--seed {args.seed}{where}")
    for n in TRICKS:
        ms = [1000 * x for x in times[n]]
        if not ms:
            continue
        late = f", {unchecked[n]} not checked in time" if unchecked[n] else ""
        print(f"  trick {n}: {len(ms)} claims ({valid[n]} valid{late}): median "
              f"{statistics.median(ms):.1f} ms, worst {max(ms):.0f} ms "
              f"(hand seed {worst[n][1]}) (CPU time, one core)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
