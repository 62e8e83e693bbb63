"""Benchmark: the honest coach (issue 13), a whole hand's review and a hint.

    PYTHONPATH=. python3 bench/bench_coach.py [--hands 12] [--seed 1] [--samples 48]
    PYTHONPATH=. python3 bench/bench_coach.py --crossover [--hands 12]
    PYTHONPATH=. python3 bench/bench_coach.py --continuation NAME [--hands 12]
    PYTHONPATH=. python3 bench/bench_coach.py --per-world NAME [NAME ...] [--hands 12]

Seeded deals played through by four rule-based players (Moon: three); then, in CPU
seconds of one process:

- review: :func:`texas42.analysis.coach.review` of one seat's whole hand (every bid, the
  contract, every play with a choice), at ``--samples`` guesses per decision (the command
  line's default) and at the explorers' 32, with the hindsight (open-hands solver on the
  true deal) and without it (``hindsight=False``, the coach alone);
- hint: :func:`texas42.analysis.coach.advise` for one decision, at the explorers' 32:
  the seat's first bid, and every play with a choice;
- Moon: the review of one seat at the Moon explorer's 16 guesses.

A decision adds guesses until the verdict on every option settles (up to 3 times
``samples``): the times include that. ``--crossover``: what the exact search costs by
tricks left (every legal play of one guessed world solved), against a rule-based
playout: where :data:`texas42.analysis.continuation.EXACT_TRICKS` comes from.
``--continuation NAME``: the 42 reviews and hints judged by that continuation (a
candidate for the coach's default), not the default. ``--per-world NAME ...``: what each
continuation costs a guessed world (every legal play of the world valued, in marks: the
question the coach asks of a play while the bid is open), over the same plays of the
first four tricks, each with the same guess: how the continuations compare, apart from
the guesses a decision takes.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand, solver
from texas42.analysis.coach import DEFAULT_SAMPLES, advise, review
from texas42.moon import MoonDeal, MoonHand

EXPLORER = 32
MOON = 16


def clock(fn: object, *args: object, **kw: object) -> float:
    """CPU seconds of one call, the solvers' tables and remembered solutions emptied first
    (so the hindsight is paid for every time)."""
    solver._SOLUTIONS.clear()
    solver._SOLVERS.clear()
    start = time.process_time()
    fn(*args, **kw)  # type: ignore[operator]
    return time.process_time() - start


def line(name: str, times: list[float]) -> None:
    print(f"{name:<52} median {statistics.median(times):6.2f} s  max {max(times):6.2f} s"
          f"  (n={len(times)})")


def crossover(hands: int, seed: int) -> None:
    """CPU time of the exact search of one guessed world, by tricks left."""
    import random

    from _decisions import point_plays

    from texas42.analysis.continuation import RuleContinuation
    from texas42.analysis.position import Position
    from texas42.analysis.sampling import sample_holdings
    from texas42.analysis.view import SeatView

    times: dict[int, list[float]] = {k: [] for k in range(1, 8)}
    playout: list[float] = []
    for _k, i, before, _a in point_plays(hands, seed):
        v = SeatView.of(before)
        assert v.contract is not None
        w = sample_holdings(v, random.Random(i))
        assert w is not None
        pos = Position(tuple(w), v.contract, v.leader, v.trick, bidder=v.bidder)
        s = solver.Solver(v.contract)
        t = time.process_time()
        s.play_values(pos)
        times[7 - v.tricks_played].append(time.process_time() - t)
        moves = [d.index for d in v.legal_plays]
        t = time.process_time()
        RuleContinuation().values(v, w, moves)
        playout.append((time.process_time() - t) / len(moves))
    for left, ts in sorted(times.items()):
        if ts:
            print(f"exact, {left} tricks left, every play of a world: median "
                  f"{1000 * statistics.median(ts):7.2f} ms  max {1000 * max(ts):7.2f} ms"
                  f"  (n={len(ts)})")
    print(f"rule-based playout of one play: median {1000 * statistics.median(playout):.3f} ms")


def per_world(names: list[str], hands: int, seed: int) -> None:
    """CPU ms a guessed world of each continuation, in marks, on the same worlds."""
    import random

    from _decisions import point_plays

    from texas42.analysis.aim import goal_points
    from texas42.analysis.continuation import make_continuation
    from texas42.analysis.sampling import sample_holdings
    from texas42.analysis.view import SeatView
    from texas42.bidding import MARK

    worlds = []
    for _k, i, before, _a in point_plays(hands, seed):
        v = SeatView.of(before)
        if v.high_bid >= MARK or v.tricks_played > 3:
            continue
        w = sample_holdings(v, random.Random(i))
        assert w is not None
        worlds.append((v, w, [d.index for d in v.legal_plays], goal_points(v)))
    print(f"{len(worlds)} plays of the first four tricks in {hands} hands from seed {seed}, "
          "one guess each; CPU ms a world (every legal play valued, in marks)")
    for name in names:
        cont = make_continuation(name)
        times = []
        for v, w, moves, goal in worlds:
            t = time.process_time()
            cont.values(v, w, moves, goal)
            times.append(1000 * (time.process_time() - t))
        print(f"{name:<44} median {statistics.median(times):8.1f} ms  mean "
              f"{statistics.fmean(times):8.1f} ms  max {max(times):8.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--crossover", action="store_true")
    ap.add_argument("--per-world", nargs="+", metavar="NAME",
                    help="CPU a guessed world of each continuation named")
    ap.add_argument("--continuation", default=None,
                    help="judge the 42 reviews and hints by this continuation")
    args = ap.parse_args()
    if args.crossover:
        crossover(args.hands, args.seed)
        return
    if args.per_world:
        per_world(args.per_world, args.hands, args.seed)
        return
    print(f"Python {platform.python_version()} on {platform.machine()}; "
          f"{args.hands} hands from seed {args.seed}"
          + (f"; continuation {args.continuation}" if args.continuation else ""))
    c = {"continuation": args.continuation}
    full, explorer, bare, hints_bid, hints_play, moon = [], [], [], [], [], []
    for k in range(args.hands):
        hand = Hand(Deal.from_seed(args.seed + k), shaker=3)
        play_hand(hand, [RuleBasedPlayer()] * 4)
        seat = k % 4
        full.append(clock(review, hand, seat, samples=args.samples, seed=k, **c))
        explorer.append(clock(review, hand, seat, samples=EXPLORER, seed=k, **c))
        bare.append(clock(review, hand, seat, samples=EXPLORER, seed=k, hindsight=False, **c))
        first_bid = True
        for i, a in enumerate(hand.actions):
            before = hand.at(i)
            if a.seat != seat or len(before.legal_actions()) < 2:
                continue
            if a.kind == "bid" and first_bid:
                hints_bid.append(clock(advise, before, samples=EXPLORER, seed=k, **c))
                first_bid = False
            elif a.kind == "play":
                hints_play.append(clock(advise, before, samples=EXPLORER, seed=k, **c))
        mh = MoonHand(MoonDeal.from_seed(args.seed + k), shaker=k % 3)
        play_hand(mh, [RuleBasedPlayer()] * 3)
        moon.append(clock(review, mh, k % 3, samples=MOON, seed=k))
    line(f"42 review, {args.samples} guesses, with hindsight", full)
    line(f"42 review, {EXPLORER} guesses, with hindsight (explorers)", explorer)
    line(f"42 review, {EXPLORER} guesses, coach alone", bare)
    line(f"42 hint, first bid, {EXPLORER} guesses", hints_bid)
    line(f"42 hint, a play with a choice, {EXPLORER} guesses", hints_play)
    line(f"Moon review, {MOON} guesses, with hindsight", moon)


if __name__ == "__main__":
    main()
