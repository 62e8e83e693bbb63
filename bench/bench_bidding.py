"""Benchmark: bidding judged by play, and the bid odds predicted against what happens.

    PYTHONPATH=. python3 bench/bench_bidding.py policies [--deals 1000] [--seed 1]
        [--play rule-based] [--bolder=-3,3] [--workers N | --dask ADDRESS]
    PYTHONPATH=. python3 bench/bench_bidding.py calibration [--hands 300] [--seed 1]
        [--play rule-based] [--workers N | --dask ADDRESS]

``policies``: a duplicate match of whole hands, bids included (each deal twice, the sides
swapped): side A bids as the rule-based bidder would with its hand counted ``D`` points
richer (``--bolder``: each D a match; negative: more cautious), side B as the rule-based
bidder itself; both play by ``--play``. Points and marks a deal, A minus B, 95% intervals.

``coach``: the same pairs of bidders judged by the coach (issue 38, item 6): every seat's
bids and trump choice reviewed in marks (:func:`texas42.analysis.calibration.calibrate`
with ``judge="bids"``; ``--samples`` guesses a decision, the explorers' 32 by default), its
prediction A - B set against the duplicate result in marks, deal by deal. A bidder the
coach rates better must do better in play: the paired difference's interval holds 0.

    PYTHONPATH=. python3 bench/bench_bidding.py coach [--deals 200] [--bolder=-4,4]
        [--samples 32] [--workers N | --dask ADDRESS]

``calibration``: for seeded hands, the first seat to bid takes the rule-based bidder's
bid and contract (30 where it would pass; the others pass, so the auction says nothing of
their hands) and ``--play`` plays the hand out in all four seats; the odds the evaluator gave
beforehand (:func:`texas42.analysis.evaluate_hand`, rule-based playouts, its default
deals) are set against the share made, by tenths of predicted chance (Wilson 95%
intervals), with the Brier score.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import Deal, Hand
from texas42.analysis import evaluate_hand, parallel
from texas42.analysis.calibration import CoachSettings, calibrate
from texas42.analysis.evaluator import Evaluation
from texas42.analysis.match import match
from texas42.analysis.players import (
    Decision,
    Player,
    RuleBasedPlayer,
    bidding_contracts,
    make_player,
    play_hand,
    rule_bid,
)
from texas42.analysis.rules_of_thumb import best_strength
from texas42.analysis.stats import wilson
from texas42.analysis.view import SeatView
from texas42.bidding import PASS, bid_text
from texas42.dominoes import DominoSet
from texas42.hand import allowed_contracts
from texas42.rules import STANDARD


class BolderBidder:
    """Plays (and discards, names the contract) as ``player``; bids as the rule-based
    bidder with its hand counted ``delta`` points richer."""

    def __init__(self, player: Player, delta: int) -> None:
        self.player = player
        self.delta = delta
        self.name = f"{player.name}, bids {delta:+d}"
        self.rules = RuleBasedPlayer()

    def bid(self, view: SeatView) -> Decision:
        if self.delta == 0 or view.rules.bidding != "points":
            return self.player.bid(view)
        st = best_strength(view.dealt, bidding_contracts(tuple(allowed_contracts(view.rules))))
        partner_bid = view.bidder is not None and view.bidder == view.partner
        b, why = rule_bid(st.points + self.delta, view.legal_bids, view.high_bid, partner_bid,
                          view.rules.min_bid)
        return Decision(b, f"{bid_text(b)}: its best contract is {st.contract}, counted as "
                           f"worth {st.points + self.delta} ({why}).")

    def discard(self, view: SeatView) -> Decision:
        return self.player.discard(view)

    def contract(self, view: SeatView) -> Decision:
        return self.player.contract(view)

    def play(self, view: SeatView) -> Decision:
        return self.player.play(view)


def policies(args: argparse.Namespace) -> None:
    for delta in (int(x) for x in args.bolder.split(",")):
        a = BolderBidder(make_player(args.play, seed=args.seed), delta)
        b = make_player(args.play, seed=args.seed + 1)
        r = match(a, b, deals=args.deals, seed=args.seed, workers=args.workers, dask=args.dask)
        print(r.summary(), flush=True)


def coach(args: argparse.Namespace) -> None:
    for delta in (int(x) for x in args.bolder.split(",")):
        a = BolderBidder(make_player(args.play, seed=args.seed), delta)
        b = make_player(args.play, seed=args.seed + 1)
        settings = CoachSettings(samples=args.samples, max_samples=3 * args.samples,
                                 unit="game", judge="bids")
        start = time.perf_counter()
        r = calibrate(a, b, deals=args.deals, seed=args.seed, coach=settings,
                      workers=args.workers, dask=args.dask,
                      progress=lambda i, d: print(
                          f"deal {d.index}: duplicate {d.duplicate:+d} coach {d.coach:+.3f}",
                          flush=True) if args.verbose else None)
        print(f"== bids {delta:+d} ({time.perf_counter() - start:.0f} s wall)")
        print(r.summary(), flush=True)


@dataclass(frozen=True)
class _Calib:
    seed: int
    index: int
    play: str


def _one(job: _Calib) -> tuple[float, bool] | None:
    """(predicted chance, made) for one seeded hand; ``None`` when the first bidder's
    rule-based bid is a special."""
    import random

    rng = random.Random(job.seed * 1_000_003 + job.index)
    hand = Hand(Deal.shake(rng), shaker=job.index % 4, rules=STANDARD)
    seat = hand.to_act
    view = SeatView.of(hand)
    d = RuleBasedPlayer().bid(view)
    if not isinstance(d.action, int):
        return None  # a special contract
    # A pass becomes the lowest bid, so that weak hands' odds are put to the test too.
    bid = max(d.action, STANDARD.min_bid)
    contract = best_strength(view.dealt, bidding_contracts(
        tuple(allowed_contracts(STANDARD)))).contract
    ev = evaluate_hand(DominoSet(view.dealt), seat=seat, contracts=[contract], bids=[bid],
                       seed=job.index, shaker=hand.shaker)
    assert isinstance(ev, Evaluation)
    predicted = ev.odds(contract, bid).p
    hand.bid(bid)
    while hand.next_action == "bid":
        hand.bid(PASS)
    hand.name_contract(contract)
    player = make_player(job.play, seed=job.index)
    play_hand(hand, [player] * 4)
    assert hand.result is not None
    return predicted, hand.result.made


def calibration(args: argparse.Namespace) -> None:
    jobs = [_Calib(args.seed, i, args.play) for i in range(args.hands)]
    got = [r for r in parallel.run_jobs(_one, jobs, workers=args.workers, dask=args.dask)
           if r is not None]
    print(f"{len(got)} of {args.hands} hands (first seat, the rule-based bid or 30, its "
          f"contract), played by {args.play}:")
    for lo in range(0, 10):
        cell = [(p, m) for p, m in got if lo / 10 <= p < (lo + 1) / 10 or (lo == 9 and p == 1)]
        if not cell:
            continue
        made = sum(m for _, m in cell)
        w_lo, w_hi = wilson(made, len(cell))
        mean = 100 * statistics.fmean(p for p, _ in cell)
        print(f"  predicted {lo * 10:3d}-{lo * 10 + 10}%: mean {mean:5.1f}%, observed "
              f"{100 * made / len(cell):5.1f}% ({100 * w_lo:.0f}-{100 * w_hi:.0f}%), "
              f"n={len(cell)}")
    made = sum(m for _, m in got)
    lo_, hi_ = wilson(made, len(got))
    print(f"  all: mean predicted {100 * statistics.fmean(p for p, _ in got):.1f}%, observed "
          f"{100 * made / len(got):.1f}% ({100 * lo_:.1f}-{100 * hi_:.1f}%); Brier "
          f"{statistics.fmean((p - m) ** 2 for p, m in got):.3f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=["policies", "coach", "calibration"])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--play", default="rule-based", help="the player who plays the hands")
    ap.add_argument("--bolder", default="-3,3", help="points added to the hand's worth")
    ap.add_argument("--samples", type=int, default=32, help="coach: guesses a decision")
    ap.add_argument("--verbose", action="store_true", help="coach: a line a deal")
    parallel.add_arguments(ap)
    args = ap.parse_args()
    {"policies": policies, "coach": coach, "calibration": calibration}[args.what](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
