"""Benchmark: does weighting the coach's guesses by the plays seen sharpen its verdicts?

    PYTHONPATH=. python3 bench/bench_coach_weighting.py [--hands 30] [--players rule-based]
        [--samples 32] [--seed 1]

Seeded deals played through by ``--players`` in every seat. For every play with a choice in
a points contract, the coach's values of the options (:func:`texas42.analysis.coach.advise`
with ``samples`` guesses, once plain and once ``weighted``: each guess weighted by how
likely the plays seen are in it under the rule-based player's policy) are compared with the
same continuation's values on the TRUE deal (what the options are worth in the world that
really holds). Lower is sharper:

- error: the root mean square, over the options, of (coach value - true value), both taken
  relative to their mean over the options (a level the same for every option changes no
  verdict);
- loss error: the mean |coach loss - true loss| of the option actually played;
- best agrees: how often the coach's best option is one of the true world's best.

With the 95% interval of the paired difference (weighted - plain) of the per-decision error.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _decisions import point_plays

from texas42.analysis.coach import advise
from texas42.analysis.continuation import DEFAULT_CONTINUATION
from texas42.analysis.stats import mean_interval
from texas42.analysis.view import SeatView
from texas42.dominoes import Domino


def _centred(xs: list[float]) -> list[float]:
    m = sum(xs) / len(xs)
    return [x - m for x in xs]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=32)
    ap.add_argument("--players", default="rule-based")
    args = ap.parse_args()
    start = time.process_time()
    errs: dict[bool, list[float]] = {False: [], True: []}
    loss_errs: dict[bool, list[float]] = {False: [], True: []}
    agree: dict[bool, int] = {False: 0, True: 0}
    for k, _i, before, a in point_plays(args.hands, args.seed, args.players):
        view = SeatView.of(before)
        moves = [d.index for d in view.legal_plays]
        truth = [before.holding(s).mask for s in range(4)]
        true = DEFAULT_CONTINUATION.values(view, truth, moves)
        true_c = _centred(true)
        assert isinstance(a.value, Domino)
        chosen = moves.index(a.value.index)
        for weighted in (False, True):
            adv = advise(before, samples=args.samples, seed=k, weighted=weighted)
            assert [o.choice for o in adv.options] == [str(d) for d in view.legal_plays]
            est = [o.expected for o in adv.options]
            est_c = _centred(est)
            errs[weighted].append((sum((x - y) ** 2 for x, y in zip(est_c, true_c,
                                                                   strict=True))
                                   / len(moves)) ** 0.5)
            loss_errs[weighted].append(abs((max(est) - est[chosen])
                                           - (max(true) - true[chosen])))
            best = max(range(len(moves)), key=lambda j: est[j])
            agree[weighted] += true[best] == max(true)
    n = len(errs[False])
    print(f"{args.hands} hands of {args.players} from seed {args.seed}; {n} plays judged, "
          f"{args.samples} guesses each; {time.process_time() - start:.0f} s CPU")
    for weighted in (False, True):
        e, eh = mean_interval(errs[weighted])
        le, leh = mean_interval(loss_errs[weighted])
        print(f"{'weighted' if weighted else 'plain':<9} error {e:.3f} (+-{eh:.3f})  "
              f"loss error {le:.3f} (+-{leh:.3f})  best agrees {agree[weighted] / n:.3f}")
    d, dh = mean_interval([w - p for w, p in zip(errs[True], errs[False], strict=True)])
    ld, ldh = mean_interval([w - p for w, p in zip(loss_errs[True], loss_errs[False],
                                                   strict=True)])
    print(f"weighted - plain: error {d:+.3f} ({d - dh:+.3f} to {d + dh:+.3f}); "
          f"loss error {ld:+.3f} ({ld - ldh:+.3f} to {ld + ldh:+.3f})")


if __name__ == "__main__":
    main()
