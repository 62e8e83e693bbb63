"""Benchmark: verifying a claim (laying down) at tricks 1, 3 and 5.

    PYTHONPATH=. python3 bench/bench_claims.py [--hands 60] [--seed 1]

Seeded random deals played by the rule-based player (bids, contract, plays) under
straight 42 plus nello and sevens. At the first lead of trick 1, 3 and 5 the player to
lead claims the rest (in nello only the declarer may claim: other leaders are skipped);
:func:`texas42.verify_claim` is timed in CPU seconds of one process. Median and worst
per trick, and how many claims were valid.
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

from texas42 import STANDARD, Deal, Hand, Phase, verify_claim
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: dict[int, list[float]] = {n: [] for n in TRICKS}
    valid: dict[int, int] = dict.fromkeys(TRICKS, 0)
    worst: dict[int, tuple[float, int]] = {}
    for i in range(args.hands):
        seed = args.seed * 100_003 + i
        for n, hand in positions(seed):
            t = time.process_time()
            check = verify_claim(hand, hand.to_act)
            dt = time.process_time() - t
            times[n].append(dt)
            valid[n] += check.valid
            if dt > worst.get(n, (-1.0, 0))[0]:
                worst[n] = (dt, seed)
    print(f"bench_claims: {args.hands} rule-based hands, seed {args.seed}; "
          f"Python {platform.python_version()} ({platform.machine()})")
    print(f"  command: PYTHONPATH=. python3 bench/bench_claims.py --hands {args.hands} "
          f"--seed {args.seed}")
    for n in TRICKS:
        ms = [1000 * x for x in times[n]]
        if not ms:
            continue
        print(f"  trick {n}: {len(ms)} claims ({valid[n]} valid): median "
              f"{statistics.median(ms):.1f} ms, worst {max(ms):.0f} ms "
              f"(hand seed {worst[n][1]}) (CPU time, one core)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
