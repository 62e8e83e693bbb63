"""Benchmark: where the rule-based player's plays lose points (issue 13, strength).

    PYTHONPATH=. python3 bench/bench_rule_losses.py [--hands 40] [--samples 12] [--seed 11]

Seeded hands played by four rule-based players. At every play with a choice (points
contracts: trumps, doubles, follow-me) the sampling player's averages (``--samples``
guesses of the unseen dominoes, each solved exactly) judge every legal play; the loss of
the rule-based play is the best average minus its own. Losses are summed by the rule's
reason code, the side (bidders or defenders) and the position in the trick, so the rules
worth fixing come first; the worst single plays are listed with their deal codes.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, SamplingPlayer, SeatView, decide
from texas42.contracts import Contract
from texas42.dominoes import DOMINOES, Domino
from texas42.hand import Phase


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--worst", type=int, default=15)
    args = ap.parse_args()
    rb = RuleBasedPlayer()
    judge = SamplingPlayer(args.samples, seed=7)
    rng = random.Random(args.seed)
    loss: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    worst: list[tuple[float, str, str, str, str, str, str]] = []
    for i in range(args.hands):
        hand = Hand(Deal.shake(rng), shaker=i % 4)
        while not hand.is_over:
            view = SeatView.of(hand)
            c = view.contract
            if (hand.phase is Phase.PLAYING and len(view.legal_plays) > 1
                    and isinstance(c, Contract) and c.kind not in ("nello", "sevens")):
                idx, code, _ = rb.choose(view)
                avg, _ = judge.averages(view)
                best = max(avg, key=lambda d: avg[d])
                lost = avg[best] - avg[DOMINOES[idx]]
                side = "bidders" if view.bidder is not None and \
                    view.bidder % 2 == view.team else "defenders"
                key = f"{code} / {side} / play {len(view.trick) + 1} of the trick"
                loss[key] += lost
                count[key] += 1
                worst.append((lost, key, str(DOMINOES[idx]), str(best), str(c),
                              view.describe(), hand.deal.code))
            action = decide(rb, hand).action
            if hand.phase is Phase.PLAYING:
                assert isinstance(action, Domino)
                hand.play(action)
            elif hand.phase is Phase.BIDDING:
                assert isinstance(action, int | str)
                hand.bid(action)
            else:
                assert isinstance(action, Contract)
                hand.name_contract(action)
    total = sum(loss.values())
    print(f"{args.hands} hands, judged at {args.samples} guesses a play: the rule-based "
          f"plays lose {total / args.hands:.2f} points a hand (all four seats)")
    for k in sorted(loss, key=lambda k: -loss[k]):
        print(f"  {k:48s} n={count[k]:4d}  {loss[k] / args.hands:5.2f} a hand, "
              f"{loss[k] / count[k]:5.2f} each")
    print("worst plays:")
    for w in sorted(worst, reverse=True)[: args.worst]:
        print(f"  {w[0]:5.1f} {w[1]}: played {w[2]}, best {w[3]} ({w[4]}; {w[5]}; deal {w[6]})")


if __name__ == "__main__":
    main()
