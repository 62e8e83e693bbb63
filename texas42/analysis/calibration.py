"""Is the coach calibrated? Its verdicts against how play really goes (issue 21).

Two players A and B play each deal twice, duplicate style (A in seats 0+2, then in 1+3,
the same shaker), every trick played. The coach then reviews every seat of both hands
(each side's plays, judged from what the seat could see). Points are zero-sum (the
points left in a hand go to one side or the other), so a play that gives away ``x``
expected points costs its side ``2x`` in the side's points minus the other's: the coach
predicts the duplicate result A - B of a deal as ``2 * (B's losses - A's losses)``, each
loss held out (:attr:`~.coach.Judged.held_out_loss`: a sum of plain losses adds the noise
of every close decision to the side that did not play the coach's pick).
Calibrated: over many deals the duplicate result minus the prediction averages 0 (its
95% interval holds 0), whatever the players' style.

In the unit the coach speaks (``CoachSettings(unit="game")``, issue 38): the duplicate
result is A's marks minus B's over both hands (each side's marks won minus lost), and a
play's loss is already in its side's marks won minus lost, so the prediction is
``loss B - loss A`` (no factor 2). ``unit="points"`` is the measure in points above.

Only plays are judged: the players here bid and name trumps alike (rule-based), so the
auction and the contract are the same in both hands of a deal, and a loss of a bid
would count once for each side and cancel. A deal whose auction differs between its two
hands, or whose contract is not judged in points (nello, sevens, a mark bid: the coach
judges those in marks), is left out of both measures, and counted as left out.

With ``CoachSettings(judge="bids")`` the bids are judged instead (issue 38, item 6): A
and B bid differently and play alike, every deal counts (its auctions are what differs),
the coach reviews each seat's bids and trump choice in marks, and the prediction is
``loss B - loss A`` as above: a bidder the coach rates better must do better in play.

Three players of their own style for the measure (bids and trumps like the rules):

- :class:`CoachPlayer`: plays what the coach's continuation says is best over its own
  guesses (the style the coach could favour);
- :class:`GreedyPlayer`: a count-taker that looks no further than the trick in progress
  (the points its side takes in it, over guesses);
- :class:`RandomPlays`: any legal domino (a player the coach must find far worse).

``python bench/bench_coach_calibration.py`` runs the measure; a small version is a test
(``tests/analysis/test_coach_calibration.py``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bidding import MARK
from ..deals import Deal
from ..dominoes import DOMINOES
from ..errors import InputError, quote
from ..hand import Hand, Phase
from ..rules import STANDARD, Rules
from .aim import goal_open, goal_points, plays_for_mark
from .bounds import time_bound_lifted
from .coach import _mark_of, guess_weigher, review
from .continuation import make_continuation, rules_until
from .parallel import run_jobs
from .players import Decision, Player, RuleBasedPlayer, _fingerprint, make_player, play_hand
from .sampling import sample_holdings
from .stats import mean_interval
from .view import SeatView


def _points_contract(view: SeatView) -> bool:
    c = view.contract
    return (c is not None and view.bidder is not None and c.kind not in ("nello", "sevens")
            and view.high_bid < MARK and view.rules.is_42)


class _RulesBidder:
    """Bids, discards and names the contract like :class:`RuleBasedPlayer`."""

    name = "rules-bidder"

    def __init__(self) -> None:
        self.rules = RuleBasedPlayer()

    def bid(self, view: SeatView) -> Decision:
        return self.rules.bid(view)

    def discard(self, view: SeatView) -> Decision:
        return self.rules.discard(view)

    def contract(self, view: SeatView) -> Decision:
        return self.rules.contract(view)


class CoachPlayer(_RulesBidder):
    """Plays the domino the coach's continuation values most over ``samples`` guesses of
    the hidden dominoes (seeded from ``seed`` and the view); bids like the rules; a
    contract the coach judges in marks is played by the rules.

    ``unit``: what the coach it imitates speaks. ``"points"``: the most average points.
    ``"game"``: while the mark rides on a play of a hand bid for points under the marks
    rules, the most average marks, each guess's play out scored as the coach scores it
    (made or set; equal plays go to the rules' choice, else the first by name), and the
    most points once the bid is decided. Calibrated in marks, the coach's own style is
    the one that plays what it would advise in marks.

    ``weighted``: each guess counts by how likely the bids and plays seen are in it, as
    the coach weighs its guesses with ``weighted=True`` (so a weighted coach's own style
    is still its own)."""

    def __init__(self, samples: int = 16, seed: int = 0,
                 continuation: str = "exact", unit: str = "points",
                 weighted: bool = False) -> None:
        super().__init__()
        if unit not in ("points", "game"):
            raise InputError(f"unit must be points or game, not {quote(unit)}", rule="unit")
        self.samples = samples
        self.seed = seed
        self.unit = unit
        self.weighted = weighted
        self.continuation_name = continuation
        self.continuation = make_continuation(continuation)
        self.name = f"coach-style:{samples}"

    def play(self, view: SeatView) -> Decision:
        legal = view.legal_plays
        if len(legal) == 1 or not _points_contract(view):
            return self.rules.play(view)
        goal = goal_points(view) if self.unit == "game" and plays_for_mark(view) else None
        if goal is not None and not goal_open(view, goal):
            goal = None  # the bid is decided: only points are left to play for
        rng = random.Random(self.seed * 1_000_003 + _fingerprint(view))
        moves = [d.index for d in legal]
        totals = [0.0] * len(moves)
        n = 0
        wsum = 0.0
        weigh = guess_weigher(view, True) if self.weighted else None
        for _ in range(self.samples):
            w = sample_holdings(view, rng)
            if w is None:
                continue
            values = self.continuation.values(view, w, moves, goal)
            weight = 1.0 if weigh is None else weigh(w)
            for i, v in enumerate(values):
                totals[i] += weight * (v if goal is None else _mark_of(view, v))
            n += 1
            wsum += weight
        totals = [t / (wsum or 1.0) for t in totals]  # (weighted) averages
        if goal is not None:
            top = max(totals)
            tied = [DOMINOES[m] for m, t in zip(moves, totals, strict=True)
                    if t >= top - 1e-9]
            rule = self.rules.play(view).action
            best = rule if rule in tied else min(tied, key=lambda d: d.display)
            return Decision(best, f"{best}: best average marks over {n} guesses of the "
                                  f"unseen dominoes, each played out by the coach's "
                                  f"continuation: {top:+.2f} for its side.")
        ranked = sorted(range(len(moves)), key=lambda i: (-totals[i], DOMINOES[moves[i]].display))
        best = DOMINOES[moves[ranked[0]]]
        return Decision(best, f"{best}: best average over {n} guesses of the unseen dominoes, "
                              f"each played out by the coach's continuation: "
                              f"{totals[ranked[0]]:.1f} points for its side.")


class GreedyPlayer(_RulesBidder):
    """A count-taker: plays the domino that takes its side the most points in the trick
    in progress, over ``samples`` guesses (the rest of the trick played by the rules),
    looking no further; ties go to the least count and the fewest pips. Bids like the
    rules."""

    name = "greedy"

    def __init__(self, samples: int = 8, seed: int = 0) -> None:
        super().__init__()
        self.samples = samples
        self.seed = seed

    def play(self, view: SeatView) -> Decision:
        legal = view.legal_plays
        if len(legal) == 1 or not _points_contract(view):
            return self.rules.play(view)
        assert view.contract is not None and view.bidder is not None
        rng = random.Random(self.seed * 1_000_003 + _fingerprint(view))
        moves = [d.index for d in legal]
        totals = [0.0] * len(moves)
        left = 7 - view.tricks_played
        for _ in range(self.samples):
            w = sample_holdings(view, rng)
            if w is None:
                continue
            for i, m in enumerate(moves):
                hands = list(w)
                hands[view.seat] = view.held & ~(1 << m)
                _, _, took = rules_until(hands, view.contract, view.bidder, view.leader,
                                         [d.index for d in view.trick] + [m],
                                         False, left - 1)
                totals[i] += took[view.team] - took[1 - view.team]
        top = max(totals)
        # Nothing to gain in this trick either way: the least count, the fewest pips
        # (its own style, not the rules' choice).
        pick = min((m for m, t in zip(moves, totals, strict=True) if t == top),
                   key=lambda m: (DOMINOES[m].count, DOMINOES[m].pips, m))
        d = DOMINOES[pick]
        return Decision(d, f"{d}: takes the most count in this trick on average "
                           f"({top / self.samples:+.1f} points for its side).")


class RandomPlays(_RulesBidder):
    """Any legal domino, at random (seeded from ``seed`` and the view); bids like the
    rules."""

    name = "random-plays"

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self.seed = seed

    def play(self, view: SeatView) -> Decision:
        rng = random.Random(self.seed * 1_000_003 + _fingerprint(view))
        d = rng.choice(view.legal_plays)
        return Decision(d, f"{d}: chosen at random.")


def calibration_player(name: str, seed: int = 0, continuation: str = "exact",
                       unit: str = "points", weighted: bool = False) -> Player:
    """The players of :func:`make_player`, and ``coach-style[:N]`` (playing by the
    ``continuation`` the coach reviews with, for what it speaks in ``unit``, its guesses
    ``weighted`` as the coach's: see :class:`CoachPlayer`), ``greedy[:N]`` and
    ``random-plays``."""
    key, _, arg = name.partition(":")
    if key == "coach-style":
        return CoachPlayer(int(arg or 16), seed, continuation, unit, weighted)
    if key == "greedy":
        return GreedyPlayer(int(arg or 8), seed)
    if key == "random-plays":
        return RandomPlays(seed)
    return make_player(name, seed=seed)


@dataclass(frozen=True)
class CoachSettings:
    """How the coach reviews (see :func:`~texas42.analysis.coach.review`)."""

    samples: int = 16
    max_samples: int | None = None
    seed: int = 7
    continuation: str = "exact"
    weighted: bool = False
    #: "points" (the measure in points) or "game" (in marks: what the coach speaks).
    unit: str = "points"
    #: What is judged: "plays" (the players bid alike), or "bids" (the bids and the
    #: trump choice of players who bid differently and play alike; in marks).
    judge: str = "plays"

    def __post_init__(self) -> None:
        if self.judge not in ("plays", "bids"):
            raise InputError(f"judge must be plays or bids, not {quote(self.judge)}",
                             rule="calibration")
        if self.judge == "bids" and self.unit != "game":
            raise InputError("bids are judged in what the game scores: unit='game'",
                             rule="calibration")


@dataclass(frozen=True)
class _Job:
    index: int
    deal: Deal
    shaker: int
    a: Player
    b: Player
    coach: CoachSettings
    rules: Rules
    #: Other coach settings that review the same two hands (:func:`calibrate`'s ``also``).
    also: tuple[CoachSettings, ...] = ()


@dataclass(frozen=True)
class DealCalibration:
    """One deal: counted or why not, the duplicate result A - B (points, both hands),
    the coach's prediction ``2 * (loss B - loss A)``, each side's summed loss and
    decisions judged, the guesses used, and the CPU seconds. The losses are the
    held-out ones (:attr:`~.coach.Judged.held_out_loss`); ``plain``: the prediction from
    the plain losses each decision shows, for comparison."""

    index: int
    counted: bool
    why: str
    duplicate: int
    coach: float
    loss_a: float
    loss_b: float
    decisions_a: int
    decisions_b: int
    worlds: int
    seconds: float
    #: Each side's summed plain losses (never below 0, where a held-out one can be).
    plain_a: float = 0.0
    plain_b: float = 0.0
    #: What a loss costs the duplicate result: 2 in points, 1 in marks (module docstring).
    factor: int = 2
    #: The prediction of each of :func:`calibrate`'s ``also`` settings, on the same hands.
    also: tuple[float, ...] = ()

    @property
    def plain(self) -> float:
        """The prediction from the plain losses, ``factor * (plain B - plain A)``."""
        return self.factor * (self.plain_b - self.plain_a)


def seat_players(job: _Job, a_even: bool) -> list[Player]:
    """The four seats' players: A in the even seats (``a_even``) or in the odd ones."""
    return [(job.a if (s % 2 == 0) == a_even else job.b) for s in range(4)]


def play_both_ways(job: _Job) -> tuple[tuple[Hand, Hand], str, int]:
    """The deal played twice (A in the even seats, then in the odd ones), why it is left
    out of the measure ("" when counted: module docstring) and its duplicate result A - B
    (0 when left out): points, or with the coach's ``unit="game"`` marks."""
    hands = []
    for a_even in (True, False):
        hand = Hand(job.deal, shaker=job.shaker, rules=job.rules)
        play_hand(hand, seat_players(job, a_even))
        hands.append(hand)
    one, two = hands
    pair = (one, two)
    if job.coach.judge == "bids":  # every deal counts: the auctions are what differs
        m1, m2 = (h.result.marks if h.result is not None else (0, 0) for h in pair)
        return pair, "", (m1[0] - m1[1]) + (m2[1] - m2[0])
    if one.phase is Phase.RESHAKE or two.phase is Phase.RESHAKE or one.result is None:
        return pair, "everyone passed", 0
    if one.bids != two.bids or one.contract != two.contract:
        return pair, "the auctions differ", 0
    c = one.contract
    assert c is not None
    if c.kind in ("nello", "sevens") or one.high_bid >= MARK:
        return pair, "judged in marks", 0
    # A - B: A holds the even seats in the first hand, the odd ones in the second.
    if job.coach.unit == "game":
        assert two.result is not None
        m1, m2 = one.result.marks, two.result.marks
        return pair, "", (m1[0] - m1[1]) + (m2[1] - m2[0])
    return pair, "", (one.points[0] - one.points[1]) + (two.points[1] - two.points[0])


def calibrate_deal(job: _Job) -> DealCalibration:
    """Play the deal both ways and review every seat's plays (module docstring)."""
    start = time.process_time()
    hands, why, dup = play_both_ways(job)
    if why:
        return DealCalibration(job.index, False, why, 0, 0.0, 0.0, 0.0, 0, 0, 0,
                               time.process_time() - start)
    cs = job.coach
    loss, plain, count, worlds = _losses(hands, cs)
    # Points: a loss of x costs its side's points minus the other's 2x; marks are won
    # minus lost already (module docstring).
    k = 1 if cs.unit == "game" else 2
    also = []
    for other in job.also:
        o = _losses(hands, other)[0]
        also.append((1 if other.unit == "game" else 2) * (o[1] - o[0]))
    return DealCalibration(job.index, True, "", dup, k * (loss[1] - loss[0]), loss[0],
                           loss[1], count[0], count[1], worlds, time.process_time() - start,
                           plain[0], plain[1], k, tuple(also))


def _losses(hands: tuple[Hand, Hand], cs: CoachSettings
            ) -> tuple[list[float], list[float], list[int], int]:
    """Every seat of both hands reviewed by the coach ``cs``: each side's summed held-out
    and plain losses and decisions (0: A's side), and the guesses used."""
    loss = [0.0, 0.0]
    plain = [0.0, 0.0]
    count = [0, 0]
    worlds = 0
    cont = make_continuation(cs.continuation)
    kinds = ("bid", "contract") if cs.judge == "bids" else ("play",)
    for k, hand in enumerate(hands):
        for seat in range(4):
            with time_bound_lifted():  # a benchmark's review: minutes each, on purpose
                rv = review(hand, seat, samples=cs.samples, max_samples=cs.max_samples,
                            seed=cs.seed, hindsight=False, continuation=cont,
                            weighted=cs.weighted, unit=cs.unit, kinds=kinds)
            side = 0 if (seat % 2 == 0) == (k == 0) else 1  # 0: A's seat
            for d in rv.decisions:
                assert d.unit == ("marks" if cs.unit == "game" else "points")
                loss[side] += d.held_out_loss
                plain[side] += d.loss
                count[side] += 1
                worlds += d.worlds
    return loss, plain, count, worlds


@dataclass
class Calibration:
    """The measure over many deals of one pair (A, B)."""

    a: str
    b: str
    coach: CoachSettings
    deals: list[DealCalibration] = field(default_factory=list)

    @property
    def counted(self) -> list[DealCalibration]:
        return [d for d in self.deals if d.counted]

    def duplicate(self) -> tuple[float, float]:
        """A - B points a deal (both hands), and its 95% half-width."""
        return mean_interval([float(d.duplicate) for d in self.counted])

    def predicted(self) -> tuple[float, float]:
        """The coach's A - B (``2 * (loss B - loss A)``), and its 95% half-width."""
        return mean_interval([d.coach for d in self.counted])

    def residual(self, plain: bool = False) -> tuple[float, float]:
        """Duplicate minus the coach's prediction, deal by deal (paired): calibrated when
        its 95% interval holds 0 (``plain``: the prediction from the plain losses)."""
        return mean_interval([d.duplicate - (d.plain if plain else d.coach)
                              for d in self.counted])

    def residual_also(self, j: int) -> tuple[float, float]:
        """:meth:`residual` for the ``j``-th of :func:`calibrate`'s ``also`` settings."""
        return mean_interval([d.duplicate - d.also[j] for d in self.counted])

    def shift_also(self, j: int) -> tuple[float, float]:
        """How far the ``j``-th ``also`` setting's prediction lies from this coach's,
        deal by deal on the same hands (paired: far narrower than either residual)."""
        return mean_interval([d.also[j] - d.coach for d in self.counted])

    def agrees(self) -> bool:
        m, h = self.residual()
        return len(self.counted) >= 2 and abs(m) <= h

    def per_decision(self, plain: bool = False) -> tuple[float, float]:
        """Expected points lost per play judged: A's, B's (held out, or ``plain``)."""
        c = self.counted
        da = sum(d.decisions_a for d in c)
        db = sum(d.decisions_b for d in c)
        la = sum(d.plain_a if plain else d.loss_a for d in c)
        lb = sum(d.plain_b if plain else d.loss_b for d in c)
        return la / max(da, 1), lb / max(db, 1)

    def summary(self) -> str:
        c = self.counted
        dm, dh = self.duplicate()
        pm, ph = self.predicted()
        rm, rh = self.residual()
        pr, prh = self.residual(plain=True)
        la, lb = self.per_decision()
        worlds = sum(d.worlds for d in c) / max(1, sum(d.decisions_a + d.decisions_b
                                                        for d in c))
        secs = sum(d.seconds for d in self.deals)
        left = len(self.deals) - len(c)
        unit = "marks" if self.coach.unit == "game" else "points"
        return (f"{self.a} vs {self.b} ({unit} a deal): {len(c)} deals counted "
                f"({left} left out); "
                f"duplicate A-B {dm:+.2f} ({dm - dh:+.2f} to {dm + dh:+.2f}); coach "
                f"{pm:+.2f} ({pm - ph:+.2f} to {pm + ph:+.2f}); duplicate - coach "
                f"{rm:+.2f} ({rm - rh:+.2f} to {rm + rh:+.2f}): "
                f"{'agree' if self.agrees() else 'DISAGREE'}; loss a "
                f"{'play' if self.coach.judge == 'plays' else 'bid or trump choice'} A {la:.3f}, "
                f"B {lb:.3f}; {worlds:.1f} guesses a decision; {secs:.0f} s CPU; "
                f"from the plain losses: duplicate - coach {pr:+.2f} ({pr - prh:+.2f} to "
                f"{pr + prh:+.2f})")


def calibrate(a: Player, b: Player, *, deals: int = 20, seed: int = 1,
              names: tuple[str, str] | None = None,
              coach: CoachSettings | None = None, rules: Rules = STANDARD,
              workers: int | None = 1, dask: Any = None,
              progress: Callable[[int, DealCalibration], None] | None = None,
              first: int = 0, also: Sequence[CoachSettings] = ()) -> Calibration:
    """The calibration of the coach on ``deals`` deals of A against B (module
    docstring). The deals are shaken from ``seed`` as :func:`~.match.match` shakes
    them, so the duplicate result is the match's on the same deals. ``first``: begin at
    that deal (0-based) of the same sequence, to go on with a run that stopped; every
    deal's result depends only on the seed and its place (the players' guesses are
    seeded by what they see). ``also``: other coach settings (a candidate continuation,
    weighted guesses) that review the same hands too, for a paired comparison
    (:attr:`DealCalibration.also`; the players still play by ``coach``'s continuation).
    ``workers`` and ``dask``: as :func:`~.parallel.run_jobs`."""
    if not 0 <= first <= deals:
        raise InputError(f"first deal {first}: from 0 to the {deals} deals",
                         rule="calibration")
    cs = coach or CoachSettings()
    r = rules.replace(early_end=False) if rules.early_end else rules
    rng = random.Random(seed)
    shaken = [Deal.shake(rng, r.layout) for _ in range(deals)]
    jobs = [_Job(i, shaken[i], i % r.seats, a, b, cs, r, tuple(also))
            for i in range(first, deals)]
    out = Calibration(*(names or (a.name, b.name)), cs)
    out.deals = run_jobs(calibrate_deal, jobs, workers=workers, dask=dask,
                         on_result=None if progress is None
                         else lambda i, d: progress(first + i, d))
    return out


def per_decision_ratio(results: Sequence[Calibration], player: str) -> list[float]:
    """Each result's loss per play of ``player`` over its opponent's (for the bias
    check: a player even with the coach's style gets at most 1.15 times its loss)."""
    out = []
    for r in results:
        la, lb = r.per_decision()
        if r.a == player and la > 0:
            out.append(lb / la)
        elif r.b == player and lb > 0:
            out.append(la / lb)
    return out


__all__ = [
    "Calibration",
    "CoachPlayer",
    "CoachSettings",
    "DealCalibration",
    "GreedyPlayer",
    "RandomPlays",
    "calibrate",
    "calibrate_deal",
    "calibration_player",
    "make_continuation",
    "play_both_ways",
    "seat_players",
]
