"""Benchmark: how much of the coach's loss does real play realise? (issue 21)

    PYTHONPATH=. python3 bench/bench_coach_realised.py --pair rule-based/sampling:12 \\
        [--deals 40] [--seed 1] [--samples 16] [--continuation exact] \\
        [--workers N | --dask ADDRESS]

Each deal is played twice by the pair, duplicate style, and the coach reviews every seat's
plays, as in ``bench/bench_coach_calibration.py``. Then, for every play the coach judged
(where its best option is not the one played), the hand is replayed on the TRUE deal
up to that play, the coach's best option is played instead, and the same four players
finish the hand. The *realised* loss of the play is the points its side finally took
with the best option minus what it took with the play made: the coach's loss as real
players, on the real deal, would have made it cost. (Counterfactual, in hindsight: a
measure for the bench only, never advice.)

Over many decisions the mean realised loss is what the coach's loss should be for the
coach to be calibrated against these players. Printed per side (A, B) and per stage of
the hand (before the coach's continuation turns exact, and after): the coach's held-out
and plain losses summed, the realised losses summed (95% intervals over deals), and the
ratio realised / coach; then per deal the duplicate result A - B, the coach's prediction
``2 * (loss B - loss A)`` and the realised one, with the paired differences.
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

from texas42.analysis.bounds import time_bound_lifted
from texas42.analysis.calibration import (
    CoachSettings,
    _Job,
    calibration_player,
    play_both_ways,
    seat_players,
)
from texas42.analysis.coach import review
from texas42.analysis.continuation import make_continuation
from texas42.analysis.parallel import add_arguments, run_jobs
from texas42.analysis.players import play_hand
from texas42.analysis.stats import mean_interval
from texas42.deals import Deal
from texas42.dominoes import Domino
from texas42.hand import Hand
from texas42.rules import STANDARD


@dataclass(frozen=True)
class Judgement:
    side: int  # 0: A, 1: B
    trick: int  # 0..6
    held_out: float
    plain: float
    realised: float


@dataclass(frozen=True)
class DealResult:
    counted: bool
    duplicate: int
    judged: tuple[Judgement, ...]
    seconds: float


def realised_loss(hand: Hand, play: int, best: Domino, players: list) -> float:
    """The points the side of ``hand.plays[play]``'s seat takes when the best option is
    played there and ``players`` finish the hand, minus what it took."""
    step = len(hand.actions) - len(hand.plays) + play
    h = hand.at(step)
    team = h.to_act & 1
    h.play(best)
    play_hand(h, players)
    return float(h.points[team] - hand.points[team])


def one_deal(job: _Job) -> DealResult:
    start = time.process_time()
    hands, why, dup = play_both_ways(job)
    if why:
        return DealResult(False, 0, (), time.process_time() - start)
    cs = job.coach
    cont = make_continuation(cs.continuation)
    out = []
    for k, hand in enumerate(hands):
        a_even = k == 0
        players = seat_players(job, a_even)
        for seat in range(4):
            with time_bound_lifted():  # a benchmark's review: minutes each, on purpose
                rv = review(hand, seat, samples=cs.samples, max_samples=cs.max_samples,
                            seed=cs.seed, hindsight=False, continuation=cont, unit="points")
            side = 0 if (seat % 2 == 0) == a_even else 1
            for d in rv.decisions:
                if d.kind != "play":
                    continue
                best = max(d.options, key=lambda o: o.expected).choice
                real = 0.0
                if best != d.chosen:
                    real = realised_loss(hand, d.index, Domino.parse(best), players)
                out.append(Judgement(side, d.index // 4, d.held_out_loss, d.loss, real))
    return DealResult(True, dup, tuple(out), time.process_time() - start)


def _line(name: str, rows: list[list[Judgement]]) -> str:
    """Sums per deal of the held-out, plain and realised losses in ``rows`` (one list a
    deal), with intervals, and realised / held-out."""
    ho = mean_interval([sum(j.held_out for j in r) for r in rows])
    pl = mean_interval([sum(j.plain for j in r) for r in rows])
    re = mean_interval([sum(j.realised for j in r) for r in rows])
    n = sum(len(r) for r in rows)
    ratio = re[0] / ho[0] if ho[0] else float("nan")
    return (f"  {name}: {n} plays; a deal: coach held-out {ho[0]:.2f} (+-{ho[1]:.2f}), plain "
            f"{pl[0]:.2f} (+-{pl[1]:.2f}), realised {re[0]:.2f} (+-{re[1]:.2f}); "
            f"realised / held-out {ratio:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pair", default="rule-based/sampling:12")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--continuation", default="exact")
    ap.add_argument("--exact-from", type=int, default=2,
                    help="the first trick (0-6) counted as the exact stage")
    add_arguments(ap)
    args = ap.parse_args()
    a_name, b_name = split_pair(args.pair)
    a = calibration_player(a_name, seed=args.seed, continuation=args.continuation)
    b = calibration_player(b_name, seed=args.seed + 1, continuation=args.continuation)
    cs = CoachSettings(args.samples, None, 7, args.continuation, False)
    rng = random.Random(args.seed)
    jobs = [_Job(i, Deal.shake(rng, STANDARD.layout), i % 4, a, b, cs, STANDARD)
            for i in range(args.deals)]
    wall = time.perf_counter()

    def show(i: int, d: DealResult) -> None:
        if d.counted:
            print(f"  deal {i + 1}: duplicate {d.duplicate:+d}, coach held-out A "
                  f"{sum(j.held_out for j in d.judged if j.side == 0):.1f} B "
                  f"{sum(j.held_out for j in d.judged if j.side == 1):.1f}, realised A "
                  f"{sum(j.realised for j in d.judged if j.side == 0):.1f} B "
                  f"{sum(j.realised for j in d.judged if j.side == 1):.1f} "
                  f"({d.seconds:.0f} s)", file=sys.stderr, flush=True)

    results = run_jobs(one_deal, jobs, workers=args.workers, dask=args.dask, on_result=show)
    counted = [r for r in results if r.counted]
    print(f"{a_name} (A) vs {b_name} (B), {len(counted)} of {args.deals} deals from seed "
          f"{args.seed}; coach {args.samples} guesses, continuation {args.continuation}")
    for side, name in ((0, a_name), (1, b_name)):
        for stage, keep in (("all", lambda t: True),
                            (f"tricks 1-{args.exact_from}", lambda t: t < args.exact_from),
                            (f"tricks {args.exact_from + 1}-7",
                             lambda t: t >= args.exact_from)):
            rows = [[j for j in r.judged if j.side == side and keep(j.trick)]
                    for r in counted]
            print(_line(f"{name}, {stage}", rows))
    dup = [float(r.duplicate) for r in counted]

    def pred(r: DealResult, field: str) -> float:
        la = sum(getattr(j, field) for j in r.judged if j.side == 0)
        lb = sum(getattr(j, field) for j in r.judged if j.side == 1)
        return 2 * (lb - la)

    m, h = mean_interval(dup)
    print(f"  duplicate A-B {m:+.2f} (+-{h:.2f})")
    for field in ("held_out", "plain", "realised"):
        pm, ph = mean_interval([pred(r, field) for r in counted])
        rm, rh = mean_interval([d - pred(r, field) for d, r in zip(dup, counted, strict=True)])
        print(f"  from the {field} losses: predicted {pm:+.2f} (+-{ph:.2f}); duplicate - "
              f"predicted {rm:+.2f} ({rm - rh:+.2f} to {rm + rh:+.2f})")
    print(f"  {sum(r.seconds for r in results):.0f} s CPU, "
          f"{time.perf_counter() - wall:.0f} s wall")


if __name__ == "__main__":
    main()
