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
    bid_marks,
    bid_text,
    check_bid,
    must_bid,
    parse_bid,
    special_bid_amount,
    special_bid_doubles,
    valid_bids,
)
from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoSet
from ..errors import (
    IllegalBidError,
    InputError,
    NotationError,
    check_choice,
    check_dominoes,
    check_items,
    check_progress,
    check_rules,
    check_seat,
    check_seed,
    check_text,
    quote,
)
from ..hand import ONE_DOUBLE, Hand, Phase, allowed_contracts
from ..rules import STANDARD, Rules
from ..scoring import trick_bid_result
from .bounds import MAX_TRIES, guesses_allowed, odds_samples
from .players import RuleBasedPlayer, bidding_contracts, decide, play_hand, rule_bid, special_choice
from .playout import rule_playout
from .position import Position
from .rules_of_thumb import DOUBLES_MASK, _tricks, worth
from .shape import shape_of
from .solver import Solver
from .stats import Rate, mean_interval
from .view import SeatView

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
    #: The rules the odds were found under: what a bid wins and what a set costs.
    rules: Rules = STANDARD
    #: The seat may not pass: everyone else passed and the rules force the shaker to bid.
    must_bid: bool = False

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
        key = check_text(name, "name", 40, rule="bid-notation").strip().lower()
        if key not in self.special_results:
            done = ", ".join(self.special_results) or "none"
            raise NotationError(f"{quote(name)} was not evaluated (evaluated: {done})",
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
        """The chance of making ``bid`` in ``contract``. Text that is not a contract or
        a bid raises :class:`~texas42.errors.NotationError`; a contract that was not
        evaluated, :class:`~texas42.errors.InputError` (``rule="contract"``)."""
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        b = parse_bid(bid)
        if c not in self.points:
            raise InputError(f"{c} was not evaluated: the contracts here are "
                             f"{', '.join(map(str, self.points))}", rule="contract")
        pts = self.points[c]
        need = min(b, 42)
        return Odds(c, b, sum(1 for x in pts if x >= need), len(pts))

    def table(self) -> dict[Contract, list[Odds]]:
        return {c: [self.odds(c, b) for b in self.bids] for c in self.points}

    def best(self, bid: int | str = 30) -> Odds:
        """The contract with the best chance of making ``bid`` (raises as :meth:`odds`)."""
        return max((self.odds(c, bid) for c in self.points), key=lambda o: o.p)

    def expected_marks(self, contract: Contract | str, bid: int | str) -> float:
        """Marks the bidding side wins on average by bidding ``bid`` in ``contract`` in a
        marks game: the bid's marks when it is made, less the marks a set gives the
        opponents (passing: 0, the hand is then another seat's)."""
        o = self.odds(contract, bid)
        lost = 1 if self.rules.set_marks == "one" else bid_marks(o.bid)
        return o.p * bid_marks(o.bid) - (1 - o.p) * lost

    def advice(self) -> str:
        """The verdict in words: pass, or the bid (and contract) that wins the most marks
        on average; in a points game, the contract likeliest to make the lowest bid."""
        lowest = self.bids[0]
        if self.rules.scoring != "marks" or not self.points:
            if not self.points:  # only a plunge or splash was evaluated
                return ""
            return f"Best for {bid_text(lowest)}: {self.best(lowest)}."
        worth = [(self.expected_marks(c, b), self.odds(c, b)) for b in self.bids
                 for c in self.points]
        marks, odds = max(worth, key=lambda mo: mo[0])  # (the first, lowest bid, on a tie)
        special = max(((o.expected_marks, o) for o in map(self.special_odds, self.specials)),
                      key=lambda mo: mo[0], default=None)
        if special is not None and special[0] > marks:
            return (f"Best: bid a {special[1].name}: expected {special[0]:+.2f} marks "
                    f"({special[1]}).")
        said = f"{bid_text(odds.bid)} in {odds.contract}"
        made = f"made in {100 * odds.p:.0f}% of the deals"
        if marks > 0:
            return f"Best: bid {said}: {made}, expected {marks:+.2f} marks."
        if self.must_bid:
            return (f"Best: bid {said}, the least bad (this seat must bid: everyone else "
                    f"passed): {made}, expected {marks:+.2f} marks.")
        cost = ("one mark" if self.rules.set_marks == "one" else "the marks bid")
        return (f"Best: pass. No bid here is made more often than it is set: the likeliest, "
                f"{said}, is {made}: expected {marks + 0.0:+.2f} marks (a set gives the "
                f"opponents {cost}).")

    def mean_points(self, contract: Contract | str) -> float:
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        pts = self.points[c]
        return sum(pts) / len(pts) if pts else 0.0

    def summary(self) -> str:
        """A text table: one row per contract, one column per bid level."""
        head = (f"{'contract':<22}{'points':>7}"
                + "".join(f"{bid_text(b):>5}" for b in self.bids))
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
            f"{self._half_width():.0f} points of percentage).",
            "Columns: the contract (what is trumps); points: what the bidding side takes "
            f"on average, of {self.rules.total_points}; then each bid and its chance:",
            head,
        ]
        rows = sorted(self.points, key=lambda c: -self.odds(c, self.bids[0]).p)
        for c in rows:
            cells = "".join(f"{100 * self.odds(c, b).p:>4.0f}%" for b in self.bids)
            lines.append(f"{c!s:<22}{self.mean_points(c):>7.1f}{cells}")
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
            "advice": self.advice(),
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


def _levels(asked: Sequence[int | str] | None, high: int, rules: Rules) -> tuple[int, ...]:
    """The bid levels to give odds for: those ``asked``, each a bid of these rules (29 or a
    mark bid in a points game raises :class:`~texas42.errors.IllegalBidError`; a bid below
    the auction's may be asked about, as the chance of taking that many points), or by
    default the bids the seat may still make over ``high``: every points bid left and 42
    (over a mark bid: the lowest mark bid left). None left raises it too."""
    over = [b for b in valid_bids(high, rules) if b != PASS]
    if not over:
        raise IllegalBidError(f"no bid is allowed over {bid_text(high)} at the {rules.name} "
                              "table: the seat can only pass", rule="max-marks")
    if asked is None:
        return tuple(b for b in over if b <= MARK) or (over[0],)
    levels = sorted({parse_bid(b) for b in asked})
    for b in levels:  # a bid of these rules: over a pass, a mark bid over the one below it
        check_bid(b, PASS if b < MARK else b - MARK, rules)
    return tuple(levels)


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
    shaker: int | None = None,
) -> Evaluation | TrickEvaluation:
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
    ``progress(done, total)`` is called every 25 deals.

    At any other table of the rules profiles (``rules``: three-hand, Moon, Moon for
    many, ...) the hand holds that table's number of dominoes and ``shaker`` may say who
    shook (default: the auction holds exactly the bids before ``seat``). A table that
    bids in points gives the same :class:`Evaluation`; a table that bids in tricks gives
    a :class:`TrickEvaluation`: the chance and expected score of each bid it may still
    make (``contracts`` and ``bids`` are not asked for there: the hand names trumps after
    the widow, and every bid is shown).

    >>> ev = evaluate_hand("6-6 6-5 6-4 6-3 6-2 6-1 5-5", rules="moon", samples=20, seed=1)
    >>> ev.odds(21).p, ev.best.bid
    (1.0, 21)
    """
    start = time.perf_counter()
    r = check_rules(rules)
    # Lists read no further than their longest (an endless iterator is refused).
    auction = check_items(auction, "auction", 7, rule="auction")
    if contracts is not None:
        contracts = check_items(contracts, "contracts", 64, rule="contracts")
    check_seed(seed, optional=True)
    check_progress(progress)
    if bids is not None:
        bids = check_items(bids, "bids", 64, rule="bids")
        if not bids:  # (``--bids " "``): no level to give odds for
            raise InputError("no bid to evaluate: give at least one bid, like 30 or 42",
                             rule="bids")
    if not r.is_42:
        auction = list(auction)
        own, sh = _table_hand(hand, r, seat, shaker, auction)
        if r.bidding == "tricks":
            if contracts is not None or bids is not None:
                raise NotationError(
                    "contracts and bids are for tables that bid in points; at a table that "
                    "bids in tricks the hand names trumps after the widow, and every bid "
                    "is shown", rule="evaluate")
            return _evaluate_in_tricks(own, seat, sh, auction, r, samples, seed, method,
                                       progress, start)
        return _evaluate_at_table(own, seat, sh, auction, contracts, bids, r, samples, seed,
                                  method, progress, start)
    check_choice(method, "method", METHODS, rule="method")
    own = check_dominoes(hand, "hand", 7).mask
    check_seat(seat, r.seats)
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
    levels = _levels(points_asked if asked is not None else None, said.high, r)
    if asked is not None and not points_asked:
        cs = ()  # only a plunge or splash was asked for
    n = odds_samples(samples, DEFAULT_SAMPLES if method == "rule-based"
                     else DEFAULT_OPEN_SAMPLES, method, r, len(cs) + len(own_specials),
                     auction=bool(bids_so_far))
    rng = random.Random(seed)
    fit = _AuctionFit(said, r)
    unseen = [i for i in range(28) if not own >> i & 1]
    others = [s for s in range(4) if s != seat]
    ev = Evaluation(DominoSet(own), seat, bids_so_far, method, seed, levels,
                    {c: [] for c in cs}, special_bids=dict(said.specials),
                    special_amounts=dict(own_specials),
                    special_results={name: [] for name in own_specials},
                    set_marks={name: 1 if r.set_marks == "one" else amount // MARK
                               for name, amount in own_specials.items()},
                    rules=r, must_bid=must_bid(r, said.high, len(bids_so_far), r.seats,
                                               seat, order[-1]))
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
        raise InputError("no contract to evaluate: give at least one", rule="contract")
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




# -- every other table --------------------------------------------------------------------
#: Default deals at a table bidding in tricks: +/-4 points of percentage (95%) at worst;
#: about 0.7 s at Moon in CPython (bench/bench_moon_odds.py).
DEFAULT_TRICK_SAMPLES = 600
TRICK_METHODS = {
    "rule-based": (
        "rule-based playouts: deals of the {unseen} unseen dominoes that fit the bids before "
        "(the rule-based bidder would have bid the same), each played out by {players} "
        "rule-based players who see only what their seat may see"
    ),
    "open-hands": (
        "open-hands solver: the rule-based discard and trumps, then each deal solved "
        "exactly with every hand known to every player; optimistic for the bidder "
        "(a ceiling, not odds)"
    ),
}


@dataclass(frozen=True)
class TrickOdds(Rate):
    """At a table bidding in tricks: the chance of making ``bid`` and the expected score
    of bidding it (``bid`` 0: a pass, which scores 0)."""

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
class TrickEvaluation:
    """Bid odds of one hand at a table bidding in tricks (Moon, Moon for many): the
    tricks the hand took as bidder in each simulated deal, and the odds and expected
    score of every bid derived from them (the hand's own rule:
    :func:`texas42.scoring.trick_bid_result`)."""

    hand: DominoSet
    seat: int
    shaker: int
    bids_before: tuple[int, ...]
    method: str
    seed: int | None
    #: The bids the hand may still make (above the high bid so far).
    bids: tuple[int, ...]
    rules: Rules
    tricks: list[int] = field(default_factory=list)
    #: Trumps the hand named, and in how many deals.
    contracts: dict[Contract, int] = field(default_factory=dict)
    fitted: int = 0
    tries: int = 0
    seconds: float = 0.0

    @property
    def method_text(self) -> str:
        r = self.rules
        words = ("two", "three", "four", "five", "six", "seven")
        return TRICK_METHODS[self.method].format(
            unseen=len(r.layout.dominoes) - r.hand_size, players=words[r.seats - 2])

    def odds(self, bid: int) -> TrickOdds:
        """The chance of making ``bid`` (0 for a pass) and its expected score. A bid this
        hand may not make here raises :class:`~texas42.errors.IllegalBidError`."""
        if bid == 0:
            return TrickOdds(0, len(self.tricks), len(self.tricks), 0.0, 0.0)
        if bid not in self.bids:
            raise IllegalBidError(
                f"{quote(bid)} is not a bid this hand may make here: "
                f"{', '.join(map(str, self.bids)) or 'only a pass'}", rule="bid-must-raise")
        results = [trick_bid_result(self.rules, bid, t) for t in self.tricks]
        m, half = mean_interval([float(score) for _, score in results])
        return TrickOdds(bid, sum(made for made, _ in results), len(results), m, half)

    def table(self) -> list[TrickOdds]:
        return [self.odds(b) for b in self.bids]

    @property
    def best(self) -> TrickOdds:
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


def _table_hand(hand: DominoSet | Iterable[Domino | str] | str, rules: Rules, seat: int,
                shaker: int | None, auction: Sequence[int | str]) -> tuple[int, int]:
    """Check a hand, its seat and shaker at the table of ``rules``: (its mask, the
    shaker). The shaker defaults to the seat whose left-hand player bid the auction's
    first bid, so the auction holds exactly the bids before ``seat``."""
    own = check_dominoes(hand, f"hand at the {rules.name} table", rules.hand_size).mask
    stray = own & ~rules.layout.mask
    if stray:
        raise NotationError(f"{DominoSet(stray)} is not in play at the {rules.name} table "
                            f"({' '.join(rules.out)} are taken out)", rule="hand")
    n = rules.seats
    check_seat(seat, n)
    sh = check_seat((seat - len(auction) - 1) % n if shaker is None else shaker, n, "shaker")
    return own, sh


def _table_auction(rules: Rules, seat: int, shaker: int, auction: Sequence[int | str]
                   ) -> tuple[int, ...]:
    """Check the bids before ``seat`` with the engine (as many as the seats that bid
    before it when ``shaker`` shakes)."""
    probe = Hand(Deal.from_seed(0, rules.layout), shaker=shaker, rules=rules)
    place = probe.bidding_order.index(seat)
    if len(auction) != place:
        raise NotationError(
            f"seat {seat} bids after {place} seat{'s' if place != 1 else ''} when seat "
            f"{shaker} shakes, so {place} bid{'s' if place != 1 else ''} come before it, "
            f"not {len(auction)}", rule="auction")
    for b in auction:
        probe.bid(b)  # the engine checks each bid (raises, naming the rule)
    if probe.phase is not Phase.BIDDING:
        raise IllegalBidError("the auction is over (the moon was shot): nothing to evaluate",
                              rule="bidding-over")
    return tuple(probe.bids)


def _deal_around(rng: random.Random, own: int, seat: int, rules: Rules, pool: list[int]
                 ) -> Deal:
    """A deal with ``own`` at ``seat``: the unseen dominoes shuffled to the other seats
    (clockwise from its left), then the widow, then the dominoes laid aside."""
    rng.shuffle(pool)
    n, size = rules.seats, rules.hand_size
    masks = [0] * len(rules.layout.sizes)
    masks[seat] = own
    at = 0
    for k in range(1, n):
        for d in pool[at : at + size]:
            masks[(seat + k) % n] |= 1 << d
        at += size
    for part, count in enumerate((rules.widow, rules.aside)):
        if count:
            where = n + (part if rules.widow else 0)
            for d in pool[at : at + count]:
                masks[where] |= 1 << d
            at += count
    return Deal(masks, rules.layout)


def _bid_misfit(deal: Deal, shaker: int, before: Sequence[int], rules: Rules,
                player: RuleBasedPlayer) -> int:
    """0 if each seat before would have bid as it did (rule-based); else how far off."""
    h = Hand(deal, shaker=shaker, rules=rules)
    top = rules.hand_size + 1  # shooting the moon: every trick and more
    off = 0
    for b in before:
        mine = player.bid(SeatView.of(h)).action
        assert isinstance(mine, int)
        if mine != b:
            if rules.bidding == "tricks":
                off += 1 + abs(min(mine, top) - min(b, top))
            else:
                off += 1 + abs(_level(mine) - _level(b)) // 3
        h.bid(b)
    return off


def _table_deal(rng: random.Random, own: int, seat: int, shaker: int, rules: Rules,
                pool: list[int], before: tuple[int, ...], player: RuleBasedPlayer,
                ev: TrickEvaluation | Evaluation, allowed: int = MAX_TRIES) -> Deal:
    """A deal of the unseen dominoes where the seats before would have bid as they did
    (the closest of ``allowed`` guesses if none does)."""
    best: Deal | None = None
    best_off = 1 << 30
    pool = list(pool)  # each deal shuffles the unseen dominoes from their order
    for _ in range(allowed if before else 1):
        deal = _deal_around(rng, own, seat, rules, pool)
        ev.tries += 1
        off = _bid_misfit(deal, shaker, before, rules, player) if before else 0
        if off == 0:
            ev.fitted += 1
            return deal
        if off < best_off:
            best, best_off = deal, off
    assert best is not None
    if isinstance(ev, Evaluation):
        ev.relaxed += 1
    return best


def _won_auction(deal: Deal, shaker: int, before: Sequence[int], bid: int,
                 rules: Rules) -> Hand:
    """The hand of ``deal`` after the bids before, the seat's ``bid`` and every other
    seat passing: the seat is the bidder."""
    h = Hand(deal, shaker=shaker, rules=rules)
    for b in before:
        h.bid(b)
    h.bid(bid)
    while h.phase is Phase.BIDDING:
        h.bid(PASS)
    return h


def _discard(player: RuleBasedPlayer, hand: Hand) -> Domino:
    """The rule-based player's discard after taking the widow."""
    d = decide(player, hand).action
    assert isinstance(d, Domino)
    return d


def _evaluate_in_tricks(own: int, seat: int, shaker: int, auction: Sequence[int | str],
                        rules: Rules, samples: int | None, seed: int | None, method: str,
                        progress: Progress | None, start: float) -> TrickEvaluation:
    """Moon's odds at any table bidding in tricks: in each deal the hand wins the
    auction, takes the widow (if any), discards and names trumps as the rule-based
    player does; the play is played out by rule-based players through the engine (their
    play does not depend on the bid, so one playout serves every bid) or solved with
    open hands."""
    check_choice(method, "method", TRICK_METHODS, rule="method")
    before = _table_auction(rules, seat, shaker, auction)
    high = max(before, default=PASS)
    legal = tuple(b for b in (*range(rules.trick_min_bid, rules.hand_size + 1),
                              rules.moon_bid) if b > high)
    n = odds_samples(samples, DEFAULT_TRICK_SAMPLES, method, rules, auction=bool(before))
    ev = TrickEvaluation(DominoSet(own), seat, shaker, before, method, seed, legal, rules)
    rng = random.Random(seed)
    player = RuleBasedPlayer()
    pool = [d.index for d in rules.layout.dominoes if not own >> d.index & 1]
    solvers: dict[Contract, Solver] = {}
    for i in range(n):
        deal = _table_deal(rng, own, seat, shaker, rules, pool, before, player, ev,
                           guesses_allowed(i, ev.fitted, ev.tries))
        h = _won_auction(deal, shaker, before, legal[0], rules)  # played out: tricks bids
        if method == "rule-based":
            play_hand(h, [player] * rules.seats)
            assert h.contract is not None
            taken = h.tricks_won[rules.share_of(seat)]
        else:
            while h.phase is Phase.CONTRACT:  # the discards, then trumps
                h.apply((h.next_action or "", decide(player, h).action))
            assert h.contract is not None
            solver = solvers.get(h.contract)
            if solver is None:
                solver = solvers[h.contract] = Solver(h.contract,
                                                      table=shape_of(rules, seat))
            taken = solver.value(Position.from_hand(h))
            solver.clear()
        ev.tricks.append(taken)
        ev.contracts[h.contract] = ev.contracts.get(h.contract, 0) + 1
        if progress is not None and (i + 1) % 25 == 0:
            progress(i + 1, n)
    ev.seconds = time.perf_counter() - start
    return ev


def _evaluate_at_table(own: int, seat: int, shaker: int, auction: Sequence[int | str],
                       contracts: Iterable[Contract | str] | None,
                       bids: Iterable[int | str] | None, rules: Rules, samples: int | None,
                       seed: int | None, method: str, progress: Progress | None,
                       start: float) -> Evaluation:
    """42's odds (points bids) at a table other than 42's four seats of partners
    (three-hand 42): in each deal the hand wins the auction and names each contract; the
    tricks are played out by rule-based players (each seat's partner the one
    :meth:`~texas42.rules.Rules.side_of` gives, possibly nobody), or solved with open
    hands, the bidder's side against everyone else."""
    check_choice(method, "method", METHODS, rule="method")
    before = _table_auction(rules, seat, shaker, auction)
    cs = _contracts(contracts, rules, own)
    if contracts is None and method == "open-hands":
        cs = cs[:DEFAULT_OPEN_CONTRACTS]
    high = max(before, default=PASS)
    levels = _levels(None if bids is None else list(bids), high, rules)
    n = odds_samples(samples, DEFAULT_SAMPLES if method == "rule-based"
                     else DEFAULT_OPEN_SAMPLES, method, rules, len(cs),
                     auction=bool(before))
    ev = Evaluation(DominoSet(own), seat, before, method, seed, levels, {c: [] for c in cs},
                    rules=rules, must_bid=must_bid(rules, high, len(before), rules.seats,
                                                   seat, shaker))
    rng = random.Random(seed)
    player = RuleBasedPlayer()
    pool = [d.index for d in rules.layout.dominoes if not own >> d.index & 1]
    table = shape_of(rules, seat)
    side = rules.share_of(seat)
    # The hand's bid: the lowest the auction allows over the high bid (over 84, a mark
    # bid again: 126 where the rules allow it).
    lowest = next(b for b in valid_bids(high, rules) if b != PASS)
    played = rules.replace(early_end=False) if rules.early_end else rules
    solvers = {c: Solver(c, None, None, table) for c in cs} if method == "open-hands" else {}
    for done in range(n):
        if progress is not None and done % 25 == 0:
            progress(done, n)
        deal = _table_deal(rng, own, seat, shaker, rules, pool, before, player, ev,
                           guesses_allowed(done, ev.fitted, ev.tries))
        for c in cs:
            # The seat won the auction with the lowest bid and named c (the computer's
            # discards first, with a widow).
            h = Hand.at_play(deal, c, leader=seat, bid=lowest, rules=played, shaker=shaker,
                             auction=before, discards=lambda h: _discard(player, h))
            if method == "rule-based":
                play_hand(h, [player] * rules.seats)
                got = h.points[side]
            else:
                pos = Position.from_hand(h)
                got = solvers[c].value(pos)  # side 0: the bidder's
                solvers[c].clear()
            ev.points[c].append(got)
    ev.seconds = time.perf_counter() - start
    return ev


__all__ = ["DEFAULT_SAMPLES", "DEFAULT_TRICK_SAMPLES", "METHODS", "TRICK_METHODS", "Evaluation",
           "Odds", "SpecialOdds", "TrickEvaluation", "TrickOdds", "evaluate_hand"]
