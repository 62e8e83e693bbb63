"""Honest bid odds for Moon (three players): how often a hand makes each bid.

For a seven-domino Moon hand, :func:`evaluate_moon_hand` deals the 15 unseen dominoes
(22 minus the seven) to the two other seats and the widow many times. When ``bids_before``
is given, a deal is kept only if the seats before would have bid exactly so (as
:class:`~texas42.analysis.players.RuleBasedPlayer` bids); after
:data:`~texas42.analysis.bounds.MAX_TRIES` guesses with none fitting (fewer once the
evaluation has spent :data:`~texas42.analysis.bounds.TRIES_PER_DEAL` a deal on average,
or when the bids are unlikely: :func:`~texas42.analysis.bounds.guesses_allowed`), the
closest guess is used (``fitted`` and
``tries`` say how often that happened). In each deal the hand wins the auction, takes the
widow, discards and names trumps as the rule-based player does, and the hand is played
out through the engine. For each bid it reports the chance of making it and the expected
score of bidding it (made: the tricks taken, 21 for the moon; set: minus the bid), with
95% intervals. Passing scores 0 here (what the hand would take as an opponent is left out).

Two methods, always named in the result:

- ``"rule-based"`` (default): three rule-based players play each deal with what their
  seat may see. Their discard, trumps and play do not depend on the bid, so one playout
  per deal serves every bid (the tests check it).
- ``"open-hands"``: after the same discard and trumps, the play is solved exactly with
  every hand known to everyone (:mod:`texas42.analysis.moon_solver`): a ceiling, not odds.

>>> ev = evaluate_moon_hand("6-6 6-5 6-4 6-3 6-2 6-1 5-5", samples=20, seed=1)
>>> ev.odds(21).p, ev.best.bid
(1.0, 21)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..contracts import Contract
from ..dominoes import Domino, DominoSet, to_mask
from ..errors import IllegalBidError, NotationError
from ..hand import Phase
from ..moon import MOON_BIDS, MOON_MASK, PLAYERS, SHOOT_THE_MOON, MoonDeal, MoonHand
from .bounds import MAX_TRIES, check_samples, guesses_allowed
from .players import RuleBasedPlayer, decide, play_hand
from .position import Position
from .shape import moon_shape
from .solver import Solver
from .stats import Rate, mean_interval
from .view import SeatView

#: Default deals: +/-4 points of percentage (95%) at worst; about 0.7 s in CPython
#: (bench/bench_moon_odds.py).
DEFAULT_SAMPLES = 600
METHODS = {
    "rule-based": (
        "rule-based playouts: deals of the 15 unseen dominoes that fit the bids before "
        "(the rule-based bidder would have bid the same), each played out by three "
        "rule-based players who see only what their seat may see"
    ),
    "open-hands": (
        "open-hands solver: the rule-based discard and trumps, then each deal solved "
        "exactly with every hand known to every player; optimistic for the bidder "
        "(a ceiling, not odds)"
    ),
}


def moon_score(bid: int, tricks: int) -> int:
    """What the bidder scores: the tricks taken when made (21 for the moon), minus the bid
    when set.

    >>> moon_score(5, 6), moon_score(5, 4), moon_score(21, 7), moon_score(21, 6)
    (6, -5, 21, -21)
    """
    if bid == SHOOT_THE_MOON:
        return SHOOT_THE_MOON if tricks == 7 else -SHOOT_THE_MOON
    return tricks if tricks >= bid else -bid


@dataclass(frozen=True)
class MoonBidOdds(Rate):
    """The chance of making ``bid`` and the expected score of bidding it (``bid`` 0: a
    pass, which scores 0)."""

    bid: int
    made: int
    n: int
    #: Mean score and the half-width of its 95% interval.
    expected: float
    half_width: float

    def __str__(self) -> str:
        if self.bid == 0:
            return "Pass: expected 0 points"
        lo, hi = self.interval
        return (f"Bid {self.bid}: made in {100 * self.p:.0f}% of {self.n} deals "
                f"({100 * lo:.0f}-{100 * hi:.0f}%), expected {self.expected:+.1f} points")


@dataclass
class MoonEvaluation:
    """Bid odds of one Moon hand: the tricks the hand took as bidder in each simulated
    deal, and the odds and expected score of every bid derived from them."""

    hand: DominoSet
    seat: int
    shaker: int
    bids_before: tuple[int, ...]
    method: str
    seed: int | None
    #: The bids the hand may still make (above the high bid so far).
    bids: tuple[int, ...]
    tricks: list[int] = field(default_factory=list)
    #: Trumps the hand named, and in how many deals.
    contracts: dict[Contract, int] = field(default_factory=dict)
    fitted: int = 0
    tries: int = 0
    seconds: float = 0.0

    @property
    def method_text(self) -> str:
        return METHODS[self.method]

    def odds(self, bid: int) -> MoonBidOdds:
        """The chance of making ``bid`` (4..7 or 21; 0 for a pass) and its expected score."""
        if bid == 0:
            return MoonBidOdds(0, len(self.tricks), len(self.tricks), 0.0, 0.0)
        if bid not in self.bids:
            raise IllegalBidError(
                f"{bid} is not a bid this hand may make here: "
                f"{', '.join(map(str, self.bids)) or 'only a pass'}", rule="bid-must-raise")
        scores = [moon_score(bid, t) for t in self.tricks]
        m, half = mean_interval([float(x) for x in scores])
        made = sum(1 for x in scores if x > 0)
        return MoonBidOdds(bid, made, len(scores), m, half)

    def table(self) -> list[MoonBidOdds]:
        return [self.odds(b) for b in self.bids]

    @property
    def best(self) -> MoonBidOdds:
        """The bid with the best expected score; a pass (0) when every bid expects less."""
        return max([self.odds(0), *self.table()], key=lambda o: (o.expected, -o.bid))

    def describe(self) -> str:
        """One plain line: every bid's odds, then the best."""
        parts = [str(o) for o in self.table()]
        b = self.best
        best = ("best: pass (no bid expects to score)" if b.bid == 0
                else f"best: bid {b.bid} ({b.expected:+.1f})")
        return "; ".join([*parts, best]) + "."

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": [str(d) for d in self.hand],
            "seat": self.seat,
            "shaker": self.shaker,
            "bids_before": ["pass" if b == 0 else b for b in self.bids_before],
            "method": self.method,
            "method_text": self.method_text,
            "seed": self.seed,
            "deals": len(self.tricks),
            "fitted": self.fitted,
            "tries": self.tries,
            "bids": {
                str(o.bid): {
                    "p": round(o.p, 4), "lo": round(o.lo, 4), "hi": round(o.hi, 4),
                    "made": o.made, "n": o.n, "expected": round(o.expected, 3),
                    "expected_half_width": round(o.half_width, 3),
                }
                for o in self.table()
            },
            "best": self.best.bid,
            "contracts": {str(c): k for c, k in self.contracts.items()},
            "seconds": round(self.seconds, 3),
        }


def _moon_bids(bids_before: Sequence[int | str], seat: int, shaker: int) -> tuple[int, ...]:
    """Check the bids before ``seat`` (as many as the seats that bid before it)."""
    order = [(shaker + 1 + i) % PLAYERS for i in range(PLAYERS)]
    place = order.index(seat)
    if len(bids_before) != place:
        raise NotationError(
            f"seat {seat} bids {('first', 'second', 'third')[place]} when seat {shaker} "
            f"shakes, so {place} bid{'s' if place != 1 else ''} come before it, "
            f"not {len(bids_before)}", rule="auction")
    probe = MoonHand(MoonDeal.from_seed(0), shaker=shaker)  # bids do not depend on the deal
    for b in bids_before:
        probe.bid(b)  # the engine checks each bid (raises, naming the rule)
    if probe.phase is not Phase.BIDDING:
        raise IllegalBidError("the auction is over (the moon was shot): nothing to evaluate",
                              rule="bidding-over")
    return tuple(probe.bids)


def evaluate_moon_hand(
    hand: str | DominoSet | Sequence[Domino | str],
    *,
    seat: int = 0,
    shaker: int | None = None,
    bids_before: Sequence[int | str] = (),
    samples: int | None = None,
    seed: int | None = None,
    method: str = "rule-based",
    progress: Callable[[int, int], None] | None = None,
) -> MoonEvaluation:
    """The chance that the Moon hand ``hand`` (seven dominoes at ``seat``) makes each bid
    it may still make after ``bids_before`` (the bids of the seats before it; ``shaker``
    default: the seat to its right, so it bids first), and the expected score of bidding
    it. ``samples`` deals (default :data:`DEFAULT_SAMPLES`); ``progress(done, total)`` is
    called every 25 deals. Same ``seed``, same figures."""
    start = time.perf_counter()
    if method not in METHODS:
        raise ValueError(f"{method!r} is not a method: {', '.join(METHODS)}")
    own = hand.mask if isinstance(hand, DominoSet) else to_mask(hand)
    if own.bit_count() != 7:
        raise NotationError(f"a Moon hand has 7 dominoes, got {own.bit_count()}", rule="hand")
    if own & ~MOON_MASK:
        raise NotationError(f"{DominoSet(own & ~MOON_MASK)} is not used in Moon (the blanks "
                            "but 0-0 are taken out)", rule="hand")
    if isinstance(seat, bool) or seat not in range(PLAYERS):
        raise ValueError(f"seat {seat!r} is not a seat 0..2")
    sh = (seat + PLAYERS - 1) % PLAYERS if shaker is None else shaker
    if isinstance(sh, bool) or sh not in range(PLAYERS):
        raise ValueError(f"shaker {sh!r} is not a seat 0..2")
    before = _moon_bids(bids_before, seat, sh)
    high = max(before, default=0)
    legal = tuple(b for b in MOON_BIDS if b > high)
    n = check_samples(samples) if samples is not None else DEFAULT_SAMPLES
    ev = MoonEvaluation(DominoSet(own), seat, sh, before, method, seed, legal)
    rng = random.Random(seed)
    player = RuleBasedPlayer()
    unseen = [d for d in range(28) if MOON_MASK >> d & 1 and not own >> d & 1]
    others = [(seat + 1) % PLAYERS, (seat + 2) % PLAYERS]
    solvers: dict[Contract, Solver] = {}
    for i in range(n):
        deal = _fitting_deal(rng, own, seat, sh, others, unseen, before, player, ev,
                             guesses_allowed(i, ev.fitted, ev.tries))
        h = MoonHand(deal, shaker=sh)
        for b in before:
            h.bid(b)
        h.bid(legal[0])  # the play does not depend on the bid (see the module's doc)
        while h.phase is Phase.BIDDING:
            h.bid(0)
        if method == "rule-based":
            play_hand(h, [player] * PLAYERS)
            assert h.contract is not None
            taken = h.tricks_won[seat]
        else:
            for _ in range(2):  # discard, then trumps
                h.apply(("discard" if h.discard is None else "contract",
                         decide(player, h).action))
            assert h.contract is not None
            solver = solvers.get(h.contract)
            if solver is None:
                solver = solvers[h.contract] = Solver(h.contract, table=moon_shape(seat))
            taken = solver.value(Position.from_hand(h))
            solver.clear()
        ev.tricks.append(taken)
        ev.contracts[h.contract] = ev.contracts.get(h.contract, 0) + 1
        if progress is not None and (i + 1) % 25 == 0:
            progress(i + 1, n)
    ev.seconds = time.perf_counter() - start
    return ev


def _fitting_deal(rng: random.Random, own: int, seat: int, shaker: int, others: list[int],
                  unseen: list[int], before: tuple[int, ...], player: RuleBasedPlayer,
                  ev: MoonEvaluation, allowed: int = MAX_TRIES) -> MoonDeal:
    """A deal of the unseen dominoes where the seats before would have bid as they did
    (the closest of ``allowed`` guesses if none does)."""
    best: MoonDeal | None = None
    best_off = 1 << 30
    pool = list(unseen)
    for _ in range(allowed if before else 1):
        rng.shuffle(pool)
        masks = [0, 0, 0, 0]
        masks[seat] = own
        for k, s in enumerate(others):
            for d in pool[7 * k : 7 * k + 7]:
                masks[s] |= 1 << d
        masks[PLAYERS] = 1 << pool[14]
        deal = MoonDeal(masks)
        ev.tries += 1
        off = _misfit(deal, shaker, before, player) if before else 0
        if off == 0:
            ev.fitted += 1
            return deal
        if off < best_off:
            best, best_off = deal, off
    assert best is not None
    return best


def _misfit(deal: MoonDeal, shaker: int, before: tuple[int, ...],
            player: RuleBasedPlayer) -> int:
    """0 if each seat before would have bid as it did (rule-based); else how far off."""
    h = MoonHand(deal, shaker=shaker)
    off = 0
    for b in before:
        mine = player.bid(SeatView.of(h)).action
        assert isinstance(mine, int)
        if mine != b:
            off += 1 + abs(min(mine, 8) - min(b, 8))
        h.bid(b)
    return off


__all__ = ["DEFAULT_SAMPLES", "METHODS", "MoonBidOdds", "MoonEvaluation", "evaluate_moon_hand",
           "moon_score"]
