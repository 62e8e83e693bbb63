"""Benchmark: where the coach's summed losses and duplicate play part (issue 21).

    PYTHONPATH=. python3 bench/bench_coach_gaps.py --pair rule-based/sampling:12 \\
        [--deals 60] [--seed 1] [--samples 32] [--continuation exact] \\
        [--workers N | --dask ADDRESS]

Why the sum of a side's losses should give the duplicate result: let ``V(s)`` be what the
coach's continuation expects the hand to give a side from position ``s``. The result of a
hand is ``V`` at its first lead plus every decision's change of ``V``; a decision changes it
by ``-(loss + gap)`` for its side, where ``loss`` is the coach's (its best option's average
value minus the chosen one's) and ``gap`` = ``V(s)`` minus the best option's average value:
what the continuation itself would have made of the position, against the seat's best.

- Where the continuation plays the rules (early tricks) the gap is ``-(the loss of the rules'
  play)``: at most 0, the rules' own mistake;
- where it is the open-hands solver, the gap is the worth of seeing every hand: at least 0.

Summed over both sides and both hands of a deal the ``V`` at the first lead cancels, so
``duplicate - 2 * (loss B - loss A) = 2 * (gap B - gap A)`` plus the errors of the guesses.
The coach is calibrated when the gaps of the two sides balance. This benchmark plays each deal
of a pair twice, and for every play of every seat (one-choice plays too: gap 0) computes the
loss and the gap over ``--samples`` guesses, and reports per side and stage the sums a deal,
then whether ``2 * (gap B - gap A)`` accounts for duplicate - coach.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_coach_calibration import split_pair

from texas42.analysis.calibration import (
    CoachSettings,
    _Job,
    calibration_player,
    play_both_ways,
)
from texas42.analysis.continuation import ExactContinuation, make_continuation
from texas42.analysis.parallel import add_arguments, run_jobs
from texas42.analysis.players import RuleBasedPlayer, _fingerprint
from texas42.analysis.sampling import sample_holdings
from texas42.analysis.stats import mean_interval
from texas42.analysis.view import SeatView
from texas42.deals import Deal
from texas42.hand import Hand
from texas42.rules import STANDARD


@dataclass(frozen=True)
class Step:
    side: int  # 0: A, 1: B
    trick: int
    loss: float
    gap: float


@dataclass(frozen=True)
class DealGaps:
    counted: bool
    duplicate: int
    steps: tuple[Step, ...]
    seconds: float


def step(view: SeatView, chosen: int, cont: ExactContinuation, samples: int,
         seed: int) -> tuple[float, float]:
    """(loss, gap) of ``chosen`` at ``view`` over ``samples`` guesses."""
    moves = [d.index for d in view.legal_plays]
    if len(moves) == 1:
        return 0.0, 0.0
    rng = random.Random(seed * 1_000_003 + _fingerprint(view))
    exact = 7 - view.tricks_played <= cont.exact
    # The rules in the continuation play as the rule-based player would here.
    rule = -1 if exact else RuleBasedPlayer().choose(view)[0]
    totals = [0.0] * len(moves)
    cont_total = 0.0
    n = 0
    for _ in range(samples):
        w = sample_holdings(view, rng)
        if w is None:
            continue
        q = cont.values(view, w, moves)
        for i, v in enumerate(q):
            totals[i] += v
        cont_total += max(q) if exact else q[moves.index(rule)]
        n += 1
    if n == 0:
        return 0.0, 0.0
    best = max(totals) / n
    return best - totals[moves.index(chosen)] / n, cont_total / n - best


def one_deal(job: _Job) -> DealGaps:
    start = time.process_time()
    hands, why, dup = play_both_ways(job)
    if why:
        return DealGaps(False, 0, (), time.process_time() - start)
    cont = make_continuation(job.coach.continuation)
    assert isinstance(cont, ExactContinuation)
    out = []
    for k, hand in enumerate(hands):
        first = len(hand.actions) - len(hand.plays)
        for i, d in enumerate(hand.plays):
            before: Hand = hand.at(first + i)
            view = SeatView.of(before)
            side = 0 if (view.seat % 2 == 0) == (k == 0) else 1
            loss, gap = step(view, d.index, cont, job.coach.samples, job.coach.seed)
            out.append(Step(side, i // 4, loss, gap))
    return DealGaps(True, dup, tuple(out), time.process_time() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pair", default="rule-based/sampling:12")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=32)
    ap.add_argument("--continuation", default="exact")
    add_arguments(ap)
    args = ap.parse_args()
    a_name, b_name = split_pair(args.pair)
    a = calibration_player(a_name, seed=args.seed, continuation=args.continuation)
    b = calibration_player(b_name, seed=args.seed + 1, continuation=args.continuation)
    cs = CoachSettings(args.samples, None, 7, args.continuation, False)
    exact_from = 7 - make_continuation(args.continuation).exact  # type: ignore[attr-defined]
    rng = random.Random(args.seed)
    jobs = [_Job(i, Deal.shake(rng, STANDARD.layout), i % 4, a, b, cs, STANDARD)
            for i in range(args.deals)]
    wall = time.perf_counter()

    def sums(d: DealGaps, side: int, field: str, keep=lambda t: True) -> float:
        return sum(getattr(s, field) for s in d.steps if s.side == side and keep(s.trick))

    def show(i: int, d: DealGaps) -> None:
        if d.counted:
            print(f"  deal {i + 1}: duplicate {d.duplicate:+d}, loss A {sums(d, 0, 'loss'):.1f}"
                  f" B {sums(d, 1, 'loss'):.1f}, gap A {sums(d, 0, 'gap'):+.1f} B "
                  f"{sums(d, 1, 'gap'):+.1f} ({d.seconds:.0f} s)", file=sys.stderr, flush=True)

    results = run_jobs(one_deal, jobs, workers=args.workers, dask=args.dask, on_result=show)
    counted = [r for r in results if r.counted]
    print(f"{a_name} (A) vs {b_name} (B), {len(counted)} of {args.deals} deals from seed "
          f"{args.seed}; {args.samples} guesses a play, continuation {args.continuation} "
          f"(exact from trick {exact_from + 1})")
    for side, name in ((0, a_name), (1, b_name)):
        for stage, keep in (("all", lambda t: True),
                            (f"tricks 1-{exact_from}", lambda t: t < exact_from),
                            (f"tricks {exact_from + 1}-7", lambda t: t >= exact_from)):
            lm, lh = mean_interval([sums(d, side, "loss", keep) for d in counted])
            gm, gh = mean_interval([sums(d, side, "gap", keep) for d in counted])
            print(f"  {name}, {stage}: a deal, loss {lm:.2f} (+-{lh:.2f}), gap {gm:+.2f} "
                  f"(+-{gh:.2f})")
    dup = [float(d.duplicate) for d in counted]
    pred = [2 * (sums(d, 1, "loss") - sums(d, 0, "loss")) for d in counted]
    gaps = [2 * (sums(d, 1, "gap") - sums(d, 0, "gap")) for d in counted]
    for label, xs in (("duplicate A-B", dup), ("predicted from losses", pred),
                      ("duplicate - predicted", [x - p for x, p in zip(dup, pred, strict=True)]),
                      ("2 * (gap B - gap A)", gaps),
                      ("duplicate - predicted - gaps",
                       [x - p - g for x, p, g in zip(dup, pred, gaps, strict=True)])):
        m, h = mean_interval(xs)
        print(f"  {label}: {m:+.2f} ({m - h:+.2f} to {m + h:+.2f})")
    print(f"  {sum(r.seconds for r in results):.0f} s CPU, "
          f"{time.perf_counter() - wall:.0f} s wall")


if __name__ == "__main__":
    main()
