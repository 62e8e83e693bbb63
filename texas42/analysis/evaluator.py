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

A bid of 42 is read from the same playouts, played for points; the rule-based player plays
a real mark bid for every trick and makes it somewhat more often (``bench/bench_mark_bids.py``),
so read the 42 column as a floor.

Nello and sevens (house rules) are made or set as a whole: nello by taking no trick,
sevens by winning every one, so every bid level shows the same chance for them (their
"points" are 42 when made, 0 when set).

Plunge and splash (house rules, :class:`SpecialOdds`): for a hand with the doubles the
rules ask for, the chance its side takes every trick when the *partner* names the contract
(as the rule-based player does: follow-me when allowed) and leads, with the marks at
stake. Each deal is bid and played through the engine (:class:`~texas42.Hand`) by four
rule-based players, so the tricks are turned face down as the rules say for that bid. The
auction may hold plunges and splashes too: a deal is kept only if the seat that bid one
holds the doubles it needs (the engine checks it), and it fits when the rule-based
bidder would have bid the same.

>>> ev = evaluate_hand("6-6 5-5 4-4 3-3 2-2 1-1 0-0", rules="lechner", bids=["plunge"],
...                    samples=20, seed=1)
>>> str(ev.special_odds("plunge"))
'plunge (4 marks): 100% (95%: 84-100%, 20 deals); partner named follow-me in 20'

>>> ev = evaluate_hand("6-6 6-5 6-4 6-2 5-5 4-4 3-3", contracts=["sixes"], samples=200, seed=1)
>>> odds = ev.odds("sixes", 30)
>>> 0.5 < odds.p <= 1.0 and odds.lo <= odds.p <= odds.hi
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bidding import (
    MARK,
    PASS,
    SPECIAL_BIDS,
    bid_text,
    check_bid,
    parse_bid,
    special_bid_amount,
    special_bid_doubles,
    valid_bids,
)
from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoSet, to_mask
from ..errors import IllegalBidError, NotationError
from ..hand import ONE_DOUBLE, Hand, Phase, allowed_contracts
from ..rules import STANDARD, Rules
from .bounds import MAX_TRIES, check_samples, guesses_allowed
from .players import RuleBasedPlayer, bidding_contracts, decide, play_hand, rule_bid, special_choice
from .playout import rule_playout
from .position import Position
from .rules_of_thumb import DOUBLES_MASK, _tricks, worth
from .solver import Solver
from .stats import Rate

Progress = Callable[[int, int], None]

#: Default deals per contract: enough for +/-3 points of percentage (95%) at any rate.
DEFAULT_SAMPLES = 1100
#: Default deals for the (slow) open-hands method, and how many contracts it tries by
#: default (the rule-based bidder's favourites).
DEFAULT_OPEN_SAMPLES = 40
DEFAULT_OPEN_CONTRACTS = 3
#: Misfit of a deal where a seat that bid a plunge or splash lacks the doubles for it
#: (per double missing): such a deal is impossible, never the closest one.
IMPOSSIBLE = 1000

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
class Odds(Rate):
    """The estimated chance of making ``bid`` in ``contract``."""

    contract: Contract
    bid: int
    made: int
    n: int

    def __str__(self) -> str:
        lo, hi = self.interval
        return (f"{bid_text(self.bid)} in {self.contract}: {100 * self.p:.0f}% "
                f"(95%: {100 * lo:.0f}-{100 * hi:.0f}%, {self.n} deals)")


@dataclass(frozen=True)
class SpecialOdds(Rate):
    """The estimated chance that a plunge or splash (``name``, worth ``bid`` here) is made:
    the side takes every trick, the partner naming the contract and leading.
    ``contracts``: what the partner named, and in how many deals."""

    name: str
    bid: int
    made: int
    n: int
    #: Marks the opponents score when it is set (the marks bid, or one under some rules).
    set_marks: int
    contracts: tuple[tuple[Contract, int], ...] = ()

    @property
    def marks(self) -> int:
        return self.bid // MARK

    @property
    def expected_marks(self) -> float:
        """Marks won on average by bidding it: the marks when made, minus the set's."""
        return self.p * self.marks - (1 - self.p) * self.set_marks

    def __str__(self) -> str:
        lo, hi = self.interval
        named = ", ".join(f"{c} in {k}" for c, k in self.contracts)
        return (f"{self.name} ({self.marks} marks): {100 * self.p:.0f}% "
                f"(95%: {100 * lo:.0f}-{100 * hi:.0f}%, {self.n} deals)"
                + (f"; partner named {named}" if named else ""))


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
    #: Deals that fit the auction only roughly: the closest of the guesses allowed.
    relaxed: int = 0
    seconds: float = 0.0
    #: The auction's plunges and splashes, by their index in ``auction`` (which holds
    #: their value in points, as :attr:`texas42.Hand.special_bids` does).
    special_bids: dict[int, str] = field(default_factory=dict)
    #: For each plunge or splash evaluated: its value here and, deal by deal, the
    #: contract the partner named and whether the side took every trick.
    special_amounts: dict[str, int] = field(default_factory=dict)
    special_results: dict[str, list[tuple[Contract, bool]]] = field(default_factory=dict)
    set_marks: dict[str, int] = field(default_factory=dict)

    @property
    def contracts(self) -> list[Contract]:
        return list(self.points)

    @property
    def specials(self) -> list[str]:
        """The plunge or splash bids evaluated (empty when none was)."""
        return list(self.special_results)

    @property
    def auction_words(self) -> tuple[str, ...]:
        """The auction as said: ``("pass", "30", "plunge")``."""
        return tuple(self.special_bids.get(i, bid_text(b)) for i, b in enumerate(self.auction))

    def special_odds(self, name: str) -> SpecialOdds:
        """The chance of making the plunge or splash ``name``."""
        key = name.strip().lower()
        if key not in self.special_results:
            done = ", ".join(self.special_results) or "none"
            raise NotationError(f"{name!r} was not evaluated (evaluated: {done})",
                                rule="bid-notation")
        results = self.special_results[key]
        named: dict[Contract, int] = {}
        for c, _ in results:
            named[c] = named.get(c, 0) + 1
        return SpecialOdds(key, self.special_amounts[key], sum(ok for _, ok in results),
                           len(results), self.set_marks[key],
                           tuple(sorted(named.items(), key=lambda kv: -kv[1])))

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
            + (f", after {' '.join(self.auction_words)}" if self.auction else "")
            + ")",
            f"Method: {self.method_text}.",
            f"Deals: {len(next(iter(self.points.values()), []))} per contract"
            + (f", seed {self.seed}" if self.seed is not None else "")
            + (f"; {self.fitted} of {self.tries} guessed deals fitted the auction"
               if self.auction else "") + ".",
            *([f"{self.relaxed} of {self.fitted + self.relaxed} deals only come close to the "
               "auction (none of the guesses allowed fitted)"
               + (": the auction is unlikely, so read these odds loosely."
                  if 4 * self.relaxed > self.fitted + self.relaxed else ".")]
              if self.relaxed else []),
            "Chance of making each bid (95% intervals are within +/-"
            f"{self._half_width():.0f} points of percentage):",
            head,
        ]
        rows = sorted(self.points, key=lambda c: -self.odds(c, self.bids[0]).p)
        for c in rows:
            cells = "".join(f"{100 * self.odds(c, b).p:>4.0f}%" for b in self.bids)
            lines.append(f"{c!s:<22}{self.mean_points(c):>5.1f}{cells}")
        for name in self.special_results:
            o = self.special_odds(name)
            lines.append(f"{o}; expected {o.expected_marks:+.2f} marks.")
        return "\n".join(lines)

    def _half_width(self) -> float:
        worst = 0.0
        found: list[Odds | SpecialOdds] = [self.odds(c, b) for c in self.points for b in self.bids]
        found += [self.special_odds(name) for name in self.special_results]
        for o in found:
            worst = max(worst, 100 * max(o.p - o.lo, o.hi - o.p))
        return worst

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON. A plunge or splash in the auction is written by its name;
        ``"specials"`` is there only when one was evaluated."""
        out: dict[str, Any] = {
            "hand": [str(d) for d in self.hand],
            "seat": self.seat,
            "auction": list(self.auction_words),
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
            "fitted": self.fitted,
            "tries": self.tries,
            "relaxed": self.relaxed,
            "seconds": round(self.seconds, 3),
        }
        if self.special_results:
            out["specials"] = {
                name: {
                    "bid": o.bid, "marks": o.marks, "set_marks": o.set_marks,
                    "p": round(o.p, 4), "lo": round(o.lo, 4), "hi": round(o.hi, 4),
                    "made": o.made, "n": o.n,
                    "expected_marks": round(o.expected_marks, 3),
                    "partner_named": {str(c): k for c, k in o.contracts},
                }
                for name in self.special_results for o in (self.special_odds(name),)
            }
        return out


def _special_name(value: int | str) -> str | None:
    """``"plunge"`` or ``"splash"`` when ``value`` names one, else ``None``."""
    if isinstance(value, str) and value.strip().lower() in SPECIAL_BIDS:
        return value.strip().lower()
    return None


def _check_partner_special(rules: Rules, seat: int, bidder: int | None,
                           high_special: str | None) -> None:
    """Raise if the rules forbid ``seat`` to bid over its partner's plunge or splash."""
    if (not rules.raise_partner_plunge and high_special is not None and bidder is not None
            and bidder == (seat + 2) % 4):
        raise IllegalBidError(f"seat {seat} may not bid over its own partner's {high_special}",
                              rule="partner-plunge")


@dataclass(frozen=True)
class _Auction:
    """The bids before the evaluated seat, checked: their values (a plunge or splash by
    its value in points), which were plunges or splashes, and the seats in bidding order."""

    bids: tuple[int, ...]
    specials: dict[int, str]
    order: tuple[int, ...]

    @property
    def high(self) -> int:
        return max(self.bids, default=PASS)

    @property
    def bidder(self) -> int | None:
        last = [i for i, b in enumerate(self.bids) if b != PASS]
        return self.order[last[-1]] if last else None

    @property
    def high_special(self) -> str | None:
        last = [i for i, b in enumerate(self.bids) if b != PASS]
        return self.specials.get(last[-1]) if last else None


def _bids(auction: Iterable[int | str], rules: Rules, seat: int = 0) -> _Auction:
    raw = list(auction)
    if len(raw) > 3:
        raise NotationError("the auction is over after four bids: nothing left to evaluate",
                            rule="auction")
    first = (seat - len(raw)) % 4
    order = tuple((first + i) % 4 for i in range(4))
    out: list[int] = []
    specials: dict[int, str] = {}
    high = PASS
    bidder: int | None = None
    for i, value in enumerate(raw):
        name = _special_name(value)
        if name is not None:
            b = special_bid_amount(name, high, rules)
            specials[i] = name
        else:
            b = parse_bid(value)
            forced = rules.all_pass == "forced" and i == 3 and high == PASS
            check_bid(b, high, rules, forced=forced)
        if b != PASS:
            last = max((k for k, x in enumerate(out) if x != PASS), default=None)
            _check_partner_special(rules, order[i], bidder,
                                   specials.get(last) if last is not None else None)
            high, bidder = b, order[i]
        out.append(b)
    return _Auction(tuple(out), specials, order)


def _own_specials(requested: Sequence[str] | None, own: int, rules: Rules, auction: _Auction,
                  seat: int) -> dict[str, int]:
    """The plunge or splash bids to evaluate and their value here. ``requested=None``:
    every one the rules and the hand allow (none if not allowed); a requested one that is
    not allowed raises, naming the rule."""
    names = SPECIAL_BIDS if requested is None else requested
    out: dict[str, int] = {}
    for name in names:
        try:
            amount = special_bid_amount(name, auction.high, rules)
            need = special_bid_doubles(name, rules)
            doubles = own & DOUBLES_MASK
            if doubles.bit_count() < need:
                held = f" ({DominoSet(doubles)})" if doubles else ""
                raise IllegalBidError(
                    f"a {name} needs {need} doubles or more, and this hand holds "
                    f"{doubles.bit_count()}{held}", rule=f"{name}-doubles")
            _check_partner_special(rules, seat, auction.bidder, auction.high_special)
        except IllegalBidError:
            if requested is None:
                continue
            raise
        out[name] = amount
    return out


class _AuctionFit:
    """Checks guessed hands against the auction, as the rule-based bidder would bid."""

    def __init__(self, auction: _Auction, rules: Rules) -> None:
        self.auction = auction.bids
        self.order = list(auction.order)
        self.rules = rules
        self.contracts = bidding_contracts(tuple(allowed_contracts(rules)))
        steps = []
        high = PASS
        bidder: int | None = None
        high_special: str | None = None
        for i, b in enumerate(auction.bids):
            seat = self.order[i]
            forced = rules.all_pass == "forced" and i == 3 and high == PASS
            legal = valid_bids(high, rules, forced=forced)
            specials: tuple[str, ...] = ()
            for name in SPECIAL_BIDS:
                try:
                    special_bid_amount(name, high, rules)
                except IllegalBidError:
                    continue
                specials += (name,)
            try:
                _check_partner_special(rules, seat, bidder, high_special)
            except IllegalBidError:
                legal, specials = [PASS], ()  # as Hand.valid_bids: only a pass is left
            partner_bid = bidder is not None and bidder == (seat + 2) % 4
            said: int | str = auction.specials.get(i, b)
            steps.append((seat, said, legal, specials, high, partner_bid))
            if b != PASS:
                high, bidder, high_special = b, seat, auction.specials.get(i)
        self.steps = steps
        #: The first plunge or splash bidder and the doubles its bid needs.
        self.special_bidder: tuple[int, int] | None = next(
            ((self.order[i], special_bid_doubles(name, rules))
             for i, name in sorted(auction.specials.items())), None)

    def misfit(self, hands: Sequence[int]) -> int:
        """0 if every earlier seat would have bid exactly as it did; else how far off
        (:data:`IMPOSSIBLE` per double missing to a plunge or splash bid)."""
        off = 0
        for seat, said, legal, specials, high, partner_bid in self.steps:
            if isinstance(said, str):
                # The engine refuses a plunge or splash without the doubles.
                missing = special_bid_doubles(said, self.rules) - (
                    hands[seat] & DOUBLES_MASK).bit_count()
                off += IMPOSSIBLE * max(0, missing)
            w = worth(hands[seat], self.contracts)
            mine, why = rule_bid(w, legal, high, partner_bid, self.rules.min_bid)
            choice: int | str = mine
            # Under house rules the bidder may bid 42 for nello or sevens instead, or
            # plunge or splash.
            special = special_choice(hands[seat], self.rules, legal, specials, high, why)
            if special is not None:
                choice = special.bid
            if choice != said:
                off += 1 + abs(_level(choice) - _level(said)) // 3
        return off


def _level(bid: int | str) -> int:
    """A bid on the points scale for the misfit (a mark bid, plunge or splash is 42)."""
    return MARK if isinstance(bid, str) else min(bid, MARK)


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
    progress: Progress | None = None,
) -> Evaluation:
    """The chance that ``hand`` (seven dominoes, at ``seat``, speaking after ``auction``)
    makes each bid in ``bids`` (default 30..42) with each contract in ``contracts``
    (default: every point contract the rules allow; for open hands, the rule-based
    bidder's three favourites), if it becomes the bidder and leads.

    Under house rules ``bids`` may name ``"plunge"`` / ``"splash"`` (see
    :class:`SpecialOdds`; a hand without the doubles for it raises
    :class:`~texas42.errors.IllegalBidError`); when ``bids`` and ``contracts`` are both
    left out, every plunge or splash the rules and the hand allow is evaluated too. The
    ``auction`` may hold them as well.

    ``samples`` deals per contract (default :data:`DEFAULT_SAMPLES` for the rule-based
    method: +/-3 points of percentage; :data:`DEFAULT_OPEN_SAMPLES` for open hands), at
    most :data:`~texas42.analysis.bounds.MAX_SAMPLES` (else ``Texas42Error(rule=
    "samples")``). The same deals serve every contract. Same ``seed``, same figures.
    ``progress(done, total)`` is called every 25 deals."""
    start = time.perf_counter()
    r = rules if isinstance(rules, Rules) else Rules.preset(rules)
    if method not in METHODS:
        raise ValueError(f"{method!r} is not a method: {', '.join(METHODS)}")
    own = to_mask(hand) if not isinstance(hand, DominoSet) else hand.mask
    if own.bit_count() != 7:
        raise NotationError(f"a hand has 7 dominoes, got {own.bit_count()}", rule="hand")
    if not 0 <= seat <= 3:
        raise ValueError(f"seat {seat!r} is not a seat 0..3")
    said = _bids(auction, r, seat)
    bids_so_far = said.bids
    order = list(said.order)
    if r.first_bidder == "holder-of-1-0":
        holds_10 = bool(own >> ONE_DOUBLE.index & 1)
        if holds_10 and bids_so_far:
            raise NotationError("the holder of 1-0 bids first under these rules",
                                rule="first-bidder")
    _check_doubles_left(said, own, r)
    cs = _contracts(contracts, r, own)
    if contracts is None and method == "open-hands":
        cs = cs[:DEFAULT_OPEN_CONTRACTS]
    asked = list(bids) if bids is not None else None
    named = [x for x in asked or () if _special_name(x) is not None]
    points_asked = [x for x in asked or () if _special_name(x) is None]
    if asked is None:
        own_specials = _own_specials(None, own, r, said, seat) if contracts is None else {}
    else:
        own_specials = _own_specials([_special_name(x) or "" for x in named], own, r, said,
                                     seat)
    levels = tuple(sorted(parse_bid(b) for b in points_asked)) if asked is not None else tuple(
        range(r.min_bid, MARK + 1))
    if asked is not None and not points_asked:
        cs = ()  # only a plunge or splash was asked for
    n = check_samples(samples) if samples is not None else (
        DEFAULT_SAMPLES if method == "rule-based" else DEFAULT_OPEN_SAMPLES)
    rng = random.Random(seed)
    fit = _AuctionFit(said, r)
    unseen = [i for i in range(28) if not own >> i & 1]
    others = [s for s in range(4) if s != seat]
    ev = Evaluation(DominoSet(own), seat, bids_so_far, method, seed, levels,
                    {c: [] for c in cs}, special_bids=dict(said.specials),
                    special_amounts=dict(own_specials),
                    special_results={name: [] for name in own_specials},
                    set_marks={name: 1 if r.set_marks == "one" else amount // MARK
                               for name, amount in own_specials.items()})
    solvers = {
        c: Solver(c, (seat + 2) % 4 if c.kind == "nello" else None, r.sevens_tie_side(seat % 2))
        for c in cs
    } if method == "open-hands" else {}
    team = seat & 1
    # Plunges are bid and played through the engine: bidding order as in this auction.
    engine_rules = r.replace(first_bidder="left-of-shaker")
    player = RuleBasedPlayer()
    for done in range(n):
        if progress is not None and done % 25 == 0:
            progress(done, n)
        hands = _fitting_deal(rng, own, seat, others, unseen, fit, r, order, ev,
                              guesses_allowed(done, ev.fitted, ev.tries))
        for c in cs:
            if method == "rule-based":
                got = rule_playout(hands, c, seat, sevens_tie=r.sevens_tie)[team]
            else:
                nello = c.kind == "nello"
                h = list(hands)
                if nello:
                    h[(seat + 2) % 4] = 0
                pos = Position((h[0], h[1], h[2], h[3]), c, seat, bidder=seat,
                               out=(seat + 2) % 4 if nello else None, sevens_tie=r.sevens_tie)
                solver = solvers[c]
                v = solver.value(pos)
                got = v if team == 0 else pos.remaining_points - v
                solver.clear()
            if c.kind == "nello":
                got = 42 if got == 0 else 0  # made by taking no trick at all
            elif c.kind == "sevens":
                got = 42 if got == 42 else 0  # made by winning every trick
            ev.points[c].append(got)
        for name in own_specials:
            ev.special_results[name].append(
                _special_playout(hands, seat, said, name, engine_rules, player, method))
    ev.seconds = time.perf_counter() - start
    return ev


def _check_doubles_left(said: _Auction, own: int, rules: Rules) -> None:
    """Raise if a plunge or splash in the auction needs more doubles than this hand left."""
    left = 7 - (own & DOUBLES_MASK).bit_count()
    for i, name in said.specials.items():
        need = special_bid_doubles(name, rules)
        if need > left:
            raise IllegalBidError(
                f"seat {said.order[i]} cannot have bid {name}: it needs {need} doubles, and "
                f"this hand holds {7 - left} of the 7, leaving {left}", rule=f"{name}-doubles")


def _special_playout(hands: list[int], seat: int, said: _Auction, name: str, rules: Rules,
                     player: RuleBasedPlayer, method: str) -> tuple[Contract, bool]:
    """One deal of ``seat``'s plunge or splash: the auction as said, then the bid, the
    others pass; the partner names the contract as the rule-based player does. Played
    by four rule-based players through the engine, or solved with open hands. Returns
    the contract and whether the side took every trick."""
    hand = Hand(Deal(hands), shaker=(said.order[0] - 1) % 4, rules=rules)
    for i, b in enumerate(said.bids):
        hand.bid(said.specials.get(i, b))
    hand.bid(name)
    while hand.phase is Phase.BIDDING:
        hand.bid(PASS)
    named = decide(player, hand).action
    assert isinstance(named, Contract)
    hand.name_contract(named)
    if method == "rule-based":
        play_hand(hand, [player] * 4)
        assert hand.result is not None
        return named, hand.result.made
    partner = (seat + 2) % 4
    pos = Position((hands[0], hands[1], hands[2], hands[3]), named, partner, bidder=seat,
                   bid=hand.high_bid, sevens_tie=rules.sevens_tie)
    v = Solver(named, None, rules.sevens_tie_side(seat % 2)).value(pos)
    got = v if seat % 2 == 0 else pos.remaining_points - v
    return named, got == 42


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
    allowed: int = MAX_TRIES,
) -> list[int]:
    """A deal of the unseen dominoes that fits the auction (the closest of ``allowed``
    guesses if none fits: counted in ``ev.relaxed``). The first plunge or splash bidder of
    the auction is dealt its hand among those with the doubles the bid needs (each such
    hand equally likely); past ``allowed``, only a deal that gives every plunge or splash
    bidder its doubles will do."""
    best: list[int] | None = None
    best_off = 1 << 30
    needs_10 = rules.first_bidder == "holder-of-1-0" and order[0] != seat
    tries = allowed if fit.steps or needs_10 else 1
    deal = _Dealer(unseen, others, fit.special_bidder)
    for attempt in range(100 * tries):
        if attempt >= tries and best_off < IMPOSSIBLE:
            break
        hands = deal(rng)
        hands[seat] = own
        ev.tries += 1
        off = fit.misfit(hands) if fit.steps else 0
        if needs_10 and not hands[order[0]] >> ONE_DOUBLE.index & 1:
            off += 1
        if off == 0:
            ev.fitted += 1
            return hands
        if off < best_off:
            best, best_off = hands, off
    if best is None or best_off >= IMPOSSIBLE:
        raise IllegalBidError(
            f"no deal of the unseen dominoes gives the auction's plunge or splash bidders the "
            f"doubles they need ({100 * tries} tries)", rule="plunge-doubles")
    ev.relaxed += 1
    return best


class _Dealer:
    """Deals the unseen dominoes to ``others`` at random; ``special``: (seat, doubles),
    a seat dealt only hands with at least that many doubles, each equally likely."""

    def __init__(self, unseen: list[int], others: list[int],
                 special: tuple[int, int] | None) -> None:
        self.pool = list(unseen)
        self.others = others
        self.special = special
        self.doubles = [i for i in unseen if DOUBLES_MASK >> i & 1]
        self.plain = [i for i in unseen if not DOUBLES_MASK >> i & 1]
        need = special[1] if special else 0
        # How many doubles that seat holds: hypergeometric, kept to ``need`` or more.
        self.counts = [k for k in range(need, 8)
                       if k <= len(self.doubles) and 7 - k <= len(self.plain)]
        self.weights = [math.comb(len(self.doubles), k) * math.comb(len(self.plain), 7 - k)
                        for k in self.counts]

    def __call__(self, rng: random.Random) -> list[int]:
        hands = [0, 0, 0, 0]
        seats = self.others
        pool = self.pool
        if self.special is not None:
            first = self.special[0]
            k = rng.choices(self.counts, self.weights)[0]
            rng.shuffle(self.doubles)
            rng.shuffle(self.plain)
            for i in (*self.doubles[:k], *self.plain[: 7 - k]):
                hands[first] |= 1 << i
            pool = self.doubles[k:] + self.plain[7 - k :]
            seats = [s for s in self.others if s != first]
        rng.shuffle(pool)
        for n, s in enumerate(seats):
            for i in pool[7 * n : 7 * n + 7]:
                hands[s] |= 1 << i
        return hands


__all__ = ["DEFAULT_SAMPLES", "METHODS", "Evaluation", "Odds", "SpecialOdds", "evaluate_hand"]
