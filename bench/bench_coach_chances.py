"""Benchmark: does the chance the coach states come true?

    PYTHONPATH=. python3 bench/bench_coach_chances.py [--hands 100] [--players rule-based]
        [--samples 32] [--seed 1] [--continuation NAME] [--naming-only]

The coach tells a learner, for a play in a hand bid for points, "your side makes 30 in
about 6 of 10 hands", and for the naming of trumps the marks it expects. Seeded deals are
played through by ``--players`` in every seat; at each such decision (a play with a
choice before the bid is decided, and the bidder's naming of trumps) the chance the coach
gives the option actually taken (:func:`texas42.analysis.coach.advise`, the explorers'
settings) is set against whether the seat's side did reach its goal in that hand (the
same players finishing it). A play is judged twice: with plain guesses, as the coach
judges plays, and ``weighted`` (each guess weighted by how likely the bids and plays seen
are in it); the naming is always weighted by the auction, as the coach judges it.

Printed for each: the mean chance stated against the share that came true (95%
interval), the Brier score (lower is better; 0.25 is a coin's), and the same by bands of
the stated chance. Hands of one deal are not independent: the intervals are a guide.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _decisions import point_hands

from texas42.analysis.coach import advise, choice_text
from texas42.analysis.continuation import make_continuation
from texas42.analysis.stats import mean_interval
from texas42.analysis.view import SeatView

BANDS = ((0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.01))


def report(name: str, stated: list[float], came: list[int]) -> None:
    n = len(stated)
    if n < 2:
        print(f"{name}: {n} decisions")
        return
    s, _ = mean_interval(stated)
    c, ch = mean_interval([float(x) for x in came])
    brier, bh = mean_interval([(p - x) ** 2 for p, x in zip(stated, came, strict=True)])
    print(f"{name}: {n} decisions; stated {s:.3f}, came true {c:.3f} ({c - ch:.3f} to "
          f"{c + ch:.3f}); Brier {brier:.3f} (+-{bh:.3f})")
    for lo, hi in BANDS:
        band = [(p, x) for p, x in zip(stated, came, strict=True) if lo <= p < hi]
        if band:
            print(f"    stated {lo:.1f}-{min(hi, 1.0):.1f}: {len(band):4d}, mean stated "
                  f"{sum(p for p, _ in band) / len(band):.2f}, came true "
                  f"{sum(x for _, x in band) / len(band):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=32)
    ap.add_argument("--players", default="rule-based")
    ap.add_argument("--continuation", default=None,
                    help="judge by this continuation, not the coach's default")
    ap.add_argument("--naming-only", action="store_true",
                    help="only the naming of trumps (quick: for many hands)")
    args = ap.parse_args()
    cont = make_continuation(args.continuation) if args.continuation else None
    start = time.process_time()
    stated: dict[str, list[float]] = {"plain": [], "weighted": [], "naming": []}
    came: dict[str, list[int]] = {"plain": [], "weighted": [], "naming": []}
    hands = 0
    for k, hand in point_hands(args.hands, args.seed, args.players):
        hands += 1
        assert hand.result is not None
        for i, a in enumerate(hand.actions):
            before = hand.at(i)
            if (a.kind not in ("play", "contract") or len(before.legal_actions()) < 2
                    or (args.naming_only and a.kind == "play")):
                continue
            won = int(hand.result.marks[SeatView.of(before).team] > 0)
            chosen = choice_text(a.kind, a.value)
            for how in (("plain", "weighted") if a.kind == "play" else ("naming",)):
                adv = advise(before, samples=args.samples, seed=k, continuation=cont,
                             weighted=how == "weighted")
                if adv.decided or (a.kind == "play" and not adv.goal):
                    break  # no difference to the mark: the coach states no chance
                stated[how].append(adv.chance(chosen))
                came[how].append(won)
    print(f"{hands} hands bid for points, of {args.hands} dealt, played by {args.players} "
          f"from seed {args.seed}; {args.samples} guesses and more as the coach takes them; "
          f"continuation {args.continuation or 'the default'}; "
          f"{time.process_time() - start:.0f} s CPU")
    report("plays, plain guesses (as the coach judges)", stated["plain"], came["plain"])
    report("plays, weighted by the bids and plays seen", stated["weighted"],
           came["weighted"])
    report("the naming of trumps (weighted by the auction)", stated["naming"],
           came["naming"])
    if args.naming_only:
        return
    d, dh = mean_interval([(w - x) ** 2 - (p - x) ** 2 for p, w, x in zip(
        stated["plain"], stated["weighted"], came["plain"], strict=True)])
    print(f"plays: Brier weighted - plain {d:+.4f} ({d - dh:+.4f} to {d + dh:+.4f})")


if __name__ == "__main__":
    main()
