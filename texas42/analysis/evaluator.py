"""Honest bid odds: how often a hand makes each bid, by simulation.

For a seven-domino hand, its seat and the auction so far, :func:`evaluate_hand` deals the
21 unseen dominoes to the other seats many times, keeping only deals whose holders would
have bid as they did (by the rule-based bidder), and plays each deal out with the hand
as the bidder in each contract. The share of deals where the bidding side reaches a bid is
the estimated chance of making it, with a 95% interval.

Two methods, always named in the result:

- ``"rule-based"`` (default): four :class:`~texas42.analysis.players.RuleBasedPlayer`\\ s
  play each deal with what they can see. Realistic for that level of play.
- ``"open-hands"``: each deal is solved exactly, all hands known to everyone. This is
  badly optimistic for the bidder in 42 (nobody really knows where the dominoes are), so
  treat it as a ceiling, not as odds.

Nello and sevens (house rules) are made or set as a whole: nello by taking no trick,
sevens by winning every one, so every bid level shows the same chance for them (their
"points" are 42 when made, 0 when set).

>>> ev = evaluate_hand("6-6 6-5 6-4 6-2 5-5 4-4 3-3", contracts=["sixes"], samples=200, seed=1)
>>> odds = ev.odds("sixes", 30)
>>> 0.5 < odds.p <= 1.0 and odds.lo <= odds.p <= odds.hi
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bidding import MARK, PASS, bid_text, check_bid, parse_bid, valid_bids
from ..contracts import Contract
from ..dominoes import Domino, DominoSet, to_mask
from ..errors import NotationError
from ..hand import ONE_DOUBLE, allowed_contracts
from ..rules import STANDARD, Rules
from .players import bidding_contracts, rule_bid, special_choice
from .playout import rule_playout
from .position import Position
from .rules_of_thumb import _tricks, worth
from .solver import Solver
from .stats import wilson

#: Default deals per contract: enough for +/-3 points of percentage (95%) at any rate.
DEFAULT_SAMPLES = 1100
#: Default deals for the (slow) open-hands method, and how many contracts it tries by
#: default (the rule-based bidder's favourites).
DEFAULT_OPEN_SAMPLES = 40
DEFAULT_OPEN_CONTRACTS = 3
#: Tries to find a deal that fits the auction before settling for the closest one.
MAX_TRIES = 400

METHODS = {
    "rule-based": (
        "rule-based playouts: deals of the 21 unseen dominoes that fit the auction (the "
        "rule-based bidder would have bid the same), each played out by four rule-based "
        "players who see only what their seat may see"
    ),
    "open-hands": (
        "open-hands solver: each deal solved exactly with every hand known to every player; "
        "optimistic for the bidder (a ceiling, not odds)"
    ),
}


@dataclass(frozen=True)
class Odds:
    """The estimated chance of making ``bid`` in ``contract``."""

    contract: Contract
    bid: int
    made: int
    n: int

    @property
    def p(self) -> float:
        return self.made / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% interval (Wilson)."""
        return wilson(self.made, self.n)

    @property
    def lo(self) -> float:
        return self.interval[0]

    @property
    def hi(self) -> float:
        return self.interval[1]

    def __str__(self) -> str:
        lo, hi = self.interval
        return (f"{bid_text(self.bid)} in {self.contract}: {100 * self.p:.0f}% "
                f"(95%: {100 * lo:.0f}-{100 * hi:.0f}%, {self.n} deals)")


@dataclass
class Evaluation:
    """Bid odds of one hand: points the bidding side took in each simulated deal, per
    contract, and the odds of every bid level derived from them."""

    hand: DominoSet
    seat: int
    auction: tuple[int, ...]
    method: str
    seed: int | None
    bids: tuple[int, ...]
    points: dict[Contract, list[int]] = field(default_factory=dict)
    fitted: int = 0
    tries: int = 0
    seconds: float = 0.0

    @property
    def contracts(self) -> list[Contract]:
        return list(self.points)

    @property
    def method_text(self) -> str:
        return METHODS[self.method]

    def odds(self, contract: Contract | str, bid: int | str) -> Odds:
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        b = parse_bid(bid)
        pts = self.points[c]
        need = min(b, 42)
        return Odds(c, b, sum(1 for x in pts if x >= need), len(pts))

    def table(self) -> dict[Contract, list[Odds]]:
        return {c: [self.odds(c, b) for b in self.bids] for c in self.points}

    def best(self, bid: int | str = 30) -> Odds:
        """The contract with the best chance of making ``bid``."""
        return max((self.odds(c, bid) for c in self.points), key=lambda o: o.p)

    def mean_points(self, contract: Contract | str) -> float:
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        pts = self.points[c]
        return sum(pts) / len(pts) if pts else 0.0

    def summary(self) -> str:
        """A text table: one row per contract, one column per bid level."""
        head = f"{'contract':<22}{'avg':>5}" + "".join(f"{bid_text(b):>5}" for b in self.bids)
        lines = [
            f"Hand {self.hand} (seat {self.seat}"
            + (f", after {' '.join(bid_text(b) for b in self.auction)}" if self.auction else "")
            + ")",
            f"Method: {self.method_text}.",
            f"Deals: {len(next(iter(self.points.values()), []))} per contract"
            + (f", seed {self.seed}" if self.seed is not None else "")
            + (f"; {self.fitted} of {self.tries} guessed deals fitted the auction"
               if self.auction else "") + ".",
            "Chance of making each bid (95% intervals are within +/-"
            f"{self._half_width():.0f} points of percentage):",
            head,
        ]
        rows = sorted(self.points, key=lambda c: -self.odds(c, self.bids[0]).p)
        for c in rows:
            cells = "".join(f"{100 * self.odds(c, b).p:>4.0f}%" for b in self.bids)
            lines.append(f"{c!s:<22}{self.mean_points(c):>5.1f}{cells}")
        return "\n".join(lines)

    def _half_width(self) -> float:
        worst = 0.0
        for c in self.points:
            for b in self.bids:
                o = self.odds(c, b)
                worst = max(worst, 100 * max(o.p - o.lo, o.hi - o.p))
        return worst

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": [str(d) for d in self.hand],
            "seat": self.seat,
            "auction": [bid_text(b) for b in self.auction],
            "method": self.method,
            "method_text": self.method_text,
            "seed": self.seed,
            "deals": {str(c): len(p) for c, p in self.points.items()},
            "contracts": {
                str(c): {
                    "mean_points": round(self.mean_points(c), 2),
                    "bids": {
                        bid_text(b): {
                            "p": round(o.p, 4), "lo": round(o.lo, 4), "hi": round(o.hi, 4),
                            "made": o.made, "n": o.n,
                        }
                        for b in self.bids for o in (self.odds(c, b),)
                    },
                }
                for c in self.points
            },
            "seconds": round(self.seconds, 3),
        }


def _bids(auction: Iterable[int | str], rules: Rules) -> tuple[int, ...]:
    out: list[int] = []
    high = PASS
    for i, raw in enumerate(auction):
        b = parse_bid(raw)
        forced = rules.all_pass == "forced" and i == 3 and high == PASS
        check_bid(b, high, rules, forced=forced)
        out.append(b)
        if b != PASS:
            high = b
    if len(out) > 3:
        raise NotationError("the auction is over after four bids: nothing left to evaluate",
                            rule="auction")
    return tuple(out)


class _AuctionFit:
    """Checks guessed hands against the auction, as the rule-based bidder would bid."""

    def __init__(self, auction: tuple[int, ...], order: list[int], rules: Rules) -> None:
        self.auction = auction
        self.order = order
        self.rules = rules
        self.contracts = bidding_contracts(tuple(allowed_contracts(rules)))
        steps = []
        high = PASS
        bidder: int | None = None
        for i, b in enumerate(auction):
            seat = order[i]
            forced = rules.all_pass == "forced" and i == 3 and high == PASS
            legal = valid_bids(high, rules, forced=forced)
            partner_bid = bidder is not None and bidder == (seat + 2) % 4
            steps.append((seat, b, legal, high, partner_bid))
            if b != PASS:
                high, bidder = b, seat
        self.steps = steps

    def misfit(self, hands: Sequence[int]) -> int:
        """0 if every earlier seat would have bid exactly as it did; else how far off."""
        off = 0
        for seat, b, legal, high, partner_bid in self.steps:
            w = worth(hands[seat], self.contracts)
            mine, why = rule_bid(w, legal, high, partner_bid, self.rules.min_bid)
            # Under house rules the bidder may bid 42 for nello or sevens instead.
            special = special_choice(hands[seat], self.rules, legal, (), high, why)
            if special is not None and isinstance(special.bid, int):
                mine = special.bid
            if mine != b:
                off += 1 + abs(min(mine, 42) - min(b, 42)) // 3
        return off


def evaluate_hand(
    hand: DominoSet | Iterable[Domino | str] | str,
    *,
    seat: int = 0,
    auction: Iterable[int | str] = (),
    contracts: Iterable[Contract | str] | None = None,
    bids: Iterable[int | str] | None = None,
    samples: int | None = None,
    seed: int | None = None,
    rules: Rules | str = STANDARD,
    method: str = "rule-based",
) -> Evaluation:
    """The chance that ``hand`` (seven dominoes, at ``seat``, speaking after ``auction``)
    makes each bid in ``bids`` (default 30..42) with each contract in ``contracts``
    (default: every point contract the rules allow; for open hands, the rule-based
    bidder's three favourites), if it becomes the bidder and leads.

    ``samples`` deals per contract (default :data:`DEFAULT_SAMPLES` for the rule-based
    method: +/-3 points of percentage; :data:`DEFAULT_OPEN_SAMPLES` for open hands). The
    same deals serve every contract. Same ``seed``, same figures."""
    start = time.perf_counter()
    r = rules if isinstance(rules, Rules) else Rules.preset(rules)
    if method not in METHODS:
        raise ValueError(f"{method!r} is not a method: {', '.join(METHODS)}")
    own = to_mask(hand) if not isinstance(hand, DominoSet) else hand.mask
    if own.bit_count() != 7:
        raise NotationError(f"a hand has 7 dominoes, got {own.bit_count()}", rule="hand")
    if not 0 <= seat <= 3:
        raise ValueError(f"seat {seat!r} is not a seat 0..3")
    bids_so_far = _bids(auction, r)
    first = (seat - len(bids_so_far)) % 4
    order = [(first + i) % 4 for i in range(4)]
    if r.first_bidder == "holder-of-1-0":
        holds_10 = bool(own >> ONE_DOUBLE.index & 1)
        if holds_10 and bids_so_far:
            raise NotationError("the holder of 1-0 bids first under these rules",
                                rule="first-bidder")
    cs = _contracts(contracts, r, own)
    if contracts is None and method == "open-hands":
        cs = cs[:DEFAULT_OPEN_CONTRACTS]
    levels = tuple(sorted(parse_bid(b) for b in bids)) if bids is not None else tuple(
        range(r.min_bid, MARK + 1))
    n = samples if samples is not None else (
        DEFAULT_SAMPLES if method == "rule-based" else DEFAULT_OPEN_SAMPLES)
    rng = random.Random(seed)
    fit = _AuctionFit(bids_so_far, order, r)
    unseen = [i for i in range(28) if not own >> i & 1]
    others = [s for s in range(4) if s != seat]
    ev = Evaluation(DominoSet(own), seat, bids_so_far, method, seed, levels,
                    {c: [] for c in cs})
    solvers = {
        c: Solver(c, (seat + 2) % 4 if c.kind == "nello" else None, seat % 2) for c in cs
    } if method == "open-hands" else {}
    team = seat & 1
    for _ in range(n):
        hands = _fitting_deal(rng, own, seat, others, unseen, fit, r, order, ev)
        for c in cs:
            if method == "rule-based":
                got = rule_playout(hands, c, seat)[team]
            else:
                nello = c.kind == "nello"
                h = list(hands)
                if nello:
                    h[(seat + 2) % 4] = 0
                pos = Position((h[0], h[1], h[2], h[3]), c, seat, bidder=seat,
                               out=(seat + 2) % 4 if nello else None)
                solver = solvers[c]
                v = solver.value(pos)
                got = v if team == 0 else pos.remaining_points - v
                solver.clear()
            if c.kind == "nello":
                got = 42 if got == 0 else 0  # made by taking no trick at all
            elif c.kind == "sevens":
                got = 42 if got == 42 else 0  # made by winning every trick
            ev.points[c].append(got)
    ev.seconds = time.perf_counter() - start
    return ev


def _contracts(contracts: Iterable[Contract | str] | None, rules: Rules, own: int
               ) -> tuple[Contract, ...]:
    if contracts is None:
        allowed = bidding_contracts(tuple(allowed_contracts(rules)))
        # The rule-based bidder's order of preference.
        return tuple(sorted(allowed, key=lambda c: -_tricks(own, c)[0]))
    out = []
    for c in contracts:
        cc = c if isinstance(c, Contract) else Contract.parse(c)
        if cc not in out:
            out.append(cc)
    if not out:
        raise ValueError("no contract to evaluate")
    return tuple(out)


def _fitting_deal(
    rng: random.Random,
    own: int,
    seat: int,
    others: list[int],
    unseen: list[int],
    fit: _AuctionFit,
    rules: Rules,
    order: list[int],
    ev: Evaluation,
) -> list[int]:
    """A deal of the unseen dominoes that fits the auction (the closest of
    :data:`MAX_TRIES` guesses if none fits)."""
    best: list[int] | None = None
    best_off = 1 << 30
    pool = list(unseen)
    needs_10 = rules.first_bidder == "holder-of-1-0" and order[0] != seat
    for _ in range(MAX_TRIES if fit.steps or needs_10 else 1):
        rng.shuffle(pool)
        hands = [0, 0, 0, 0]
        hands[seat] = own
        for k, s in enumerate(others):
            mask = 0
            for i in pool[7 * k : 7 * k + 7]:
                mask |= 1 << i
            hands[s] = mask
        ev.tries += 1
        off = fit.misfit(hands) if fit.steps else 0
        if needs_10 and not hands[order[0]] >> ONE_DOUBLE.index & 1:
            off += 1
        if off == 0:
            ev.fitted += 1
            return hands
        if off < best_off:
            best, best_off = hands, off
    assert best is not None
    return best


__all__ = ["DEFAULT_SAMPLES", "METHODS", "Evaluation", "Odds", "evaluate_hand"]
