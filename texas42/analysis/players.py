"""Computer players that explain themselves, at every table of the rules profiles.

Every player answers four questions, each from a :class:`~texas42.analysis.view.SeatView`
(what its seat may see, nothing more): what to bid, which domino to discard after taking a
widow, which contract to name, which domino to play. Each answer is a :class:`Decision`:
the action and a one-line reason. A player reads the table from ``view.rules``: at a table
that bids in points (42, two-hand, three-hand) it plays 42's rules of thumb
(:mod:`~texas42.analysis.rules_of_thumb`; its partner is whoever
:meth:`~texas42.rules.Rules.side_of` says, possibly nobody); at a table that bids in tricks
(Moon, Moon for many) the bidder plays alone (:mod:`~texas42.analysis.trick_thumb`).

- :class:`RandomPlayer`: any legal action, at random.
- :class:`RuleBasedPlayer`: plays like a sound club player.
- :class:`SamplingPlayer`: deals the unseen dominoes many times, consistently with
  everything it saw, solves each deal exactly and plays the domino with the best average;
  ``weighted=True`` (``"weighted:N"``) keeps the guesses that best explain the plays seen;
  ``exact=E`` (``"hybrid:N/E"``, the explorers' :func:`default_player`) plays each guess
  out with rule-based players until E tricks are left and solves it exactly from there:
  far cheaper early in the hand, so more guesses in a quick play (README's Figures: a
  little behind ``"sampling:12"``, not clearly, at a ninth of its time; slowest play 0.1 s).
- :class:`SearchPlayer` (``"search:N/E/X"``): the sampling player with inference from the
  plays (guesses weighted by how well they explain them), exact solving from E tricks left
  (X guesses while more than 4 are left) and exact ties broken by the rules of thumb;
  :data:`STRONGEST_PLAYER` is one.

>>> from texas42 import Hand, Deal
>>> hand = Hand(Deal.from_seed(5), shaker=3)
>>> players = [RuleBasedPlayer()] * 4
>>> log = play_hand(hand, players)
>>> hand.is_over
True
>>> all(isinstance(d.reason, str) and d.reason for _, d in log)
True
>>> moon = Hand(rules="moon", shaker=0)
>>> log = play_hand(moon, [RuleBasedPlayer()] * 3)
>>> moon.is_over, all(d.reason for _, d in log)
(True, True)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..bidding import (
    MARK,
    PASS,
    bid_text,
    must_bid,
    special_bid_amount,
    special_bid_doubles,
    valid_bids,
)
from ..contracts import Contract
from ..dominoes import DOMINOES, Domino, DominoSet
from ..errors import (
    IllegalActionError,
    InputError,
    NotationError,
    check_count,
    check_items,
    check_kind,
    check_rules,
    check_seed,
    quote,
)
from ..hand import Hand, allowed_contracts
from ..rules import Rules
from ._tables import fast_tables
from .aim import goal_open, goal_points, plays_for_mark
from .bounds import MAX_PLAYER_SAMPLES, MAX_TRIES, check_samples
from .playout import rule_playout, table_playout
from .position import Position
from .rules_of_thumb import (
    DOUBLES_MASK,
    SEVENS,
    SpecialEstimate,
    best_nello,
    best_strength,
    explain,
    nello_choice,
    play_choice,
    play_settings,
    sevens_estimate,
    worth,
)
from .sampling import play_likelihood, sample_holdings
from .shape import shape_of
from .solver import Solver
from .trick_thumb import best_estimate, trick_bid, trick_discard, trick_play_choice
from .view import SeatView, check_view

Action = int | str | Contract | Domino


@dataclass(frozen=True)
class Decision:
    """A player's choice and why, in one line; ``kind`` says what it answers
    (``"bid"``, ``"discard"``, ``"contract"`` or ``"play"``: :func:`decide` fills it in)."""

    action: Action
    reason: str
    kind: str = ""

    @property
    def value(self) -> Action:
        """The action (the name the hand's :class:`~texas42.hand.Action` gives it)."""
        return self.action

    def __str__(self) -> str:
        return self.reason


@runtime_checkable
class Player(Protocol):
    """What a computer player does. Each method gets the view of the seat to act."""

    name: str

    def bid(self, view: SeatView) -> Decision: ...

    def discard(self, view: SeatView) -> Decision: ...

    def contract(self, view: SeatView) -> Decision: ...

    def play(self, view: SeatView) -> Decision: ...


def _kind(hand: Hand) -> str:
    kind = hand.next_action
    if kind is None:
        raise IllegalActionError(f"nothing to decide: the hand is {hand.phase.value}",
                                 rule="hand-over")
    return kind


def decide(player: Player, hand: Hand) -> Decision:
    """Ask ``player`` for the action of the seat to act in ``hand`` (any table; it only
    gets that seat's view).

    Raises :class:`~texas42.errors.InputError` for a ``hand`` that is not a hand or a
    ``player`` without the four decisions, and
    :class:`~texas42.errors.IllegalActionError` (``rule="hand-over"``) when nothing is
    left to decide."""
    check_kind(hand, Hand, "a Hand (or MoonHand) to decide in", rule="hand")
    check_player(player)
    kind = _kind(hand)
    view = SeatView.of(hand)
    ask: dict[str, Callable[[SeatView], Decision]] = {
        "bid": player.bid, "discard": player.discard, "contract": player.contract,
        "play": player.play,
    }
    d = ask[kind](view)
    return d if d.kind == kind else Decision(d.action, d.reason, kind)


def _apply(hand: Hand, kind: str, decision: Decision) -> None:
    a = decision.action
    if kind == "bid":
        assert isinstance(a, int | str)
        hand.bid(a)
    elif kind == "contract":
        assert isinstance(a, Contract)
        hand.name_contract(a)
    elif kind == "discard":
        assert isinstance(a, Domino)
        hand.discard_domino(a)
    else:
        assert isinstance(a, Domino)
        hand.play(a)


def play_hand(hand: Hand, players: Sequence[Player]) -> list[tuple[int, Decision]]:
    """Let ``players[seat]`` act for each seat until the hand is over (scored, or shaken
    again when all pass); returns every (seat, decision) in order. Illegal actions raise
    (the engine checks them)."""
    check_kind(hand, Hand, "a Hand (or MoonHand) to play", rule="hand")
    players = [check_player(p) for p in check_items(players, "players", 7, rule="players")]
    if len(players) != hand.seats:
        raise InputError(f"the {hand.rules.name} table has {hand.seats} seats: "
                         f"{len(players)} players cannot sit at it", rule="players")
    log = []
    while not hand.is_over:
        seat = hand.to_act
        kind = _kind(hand)
        decision = decide(players[seat], hand)
        _apply(hand, kind, decision)
        log.append((seat, decision))
    return log


def _fingerprint(view: SeatView) -> int:
    """A stable number for a view (the same view, the same random choices)."""
    parts = [
        view.seat, view.shaker, view.dealt, view.held, view.bids, str(view.contract),
        view.leader, tuple(d.index for d in view.trick), view.tricks_played,
        tuple(tuple(d.index for d in t.plays) for t in view.tricks),
    ]
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _in_tricks(view: SeatView) -> bool:
    """Whether the table bids in tricks (Moon's bids: the bidder plays alone)."""
    return view.rules.bidding == "tricks"


def _bid_word(view: SeatView, b: int) -> str:
    """A bid in words: 42's points and marks, or a number of tricks."""
    if _in_tricks(view):
        return "pass" if b == PASS else str(b)
    return bid_text(b)


# -- random -------------------------------------------------------------------------------
class RandomPlayer:
    """Any legal action, uniformly at random (reproducible with ``seed``)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_seed(seed, optional=True)

    def _rng(self, view: SeatView) -> random.Random:
        if self.seed is None:
            return random.Random()
        return random.Random(self.seed * 1_000_003 + _fingerprint(view))

    def bid(self, view: SeatView) -> Decision:
        check_view(view)
        choices: list[int | str] = [*view.legal_bids, *view.legal_special_bids]
        b = self._rng(view).choice(choices)
        text = b if isinstance(b, str) else _bid_word(view, b)
        return Decision(b, f"{text}: a random choice among {len(choices)} legal bids.")

    def discard(self, view: SeatView) -> Decision:
        check_view(view)
        d = self._rng(view).choice(view.legal_discards)
        return Decision(d, f"{d}: a random choice among its {len(view.legal_discards)} "
                           "dominoes to discard.")

    def contract(self, view: SeatView) -> Decision:
        check_view(view)
        c = self._rng(view).choice(view.legal_contracts)
        return Decision(c, f"{c}: a random choice among {len(view.legal_contracts)} contracts.")

    def play(self, view: SeatView) -> Decision:
        check_view(view)
        d = self._rng(view).choice(view.legal_plays)
        return Decision(d, f"{d}: a random choice among {len(view.legal_plays)} legal plays.")


# -- rule-based ---------------------------------------------------------------------------
class RuleBasedPlayer:
    """A sound club player's rules of thumb.

    Bids from trump length (and how many top trumps it holds), doubles and count; leads
    trumps to pull them when its side bid; leads sure winners; gives count to a partner
    who has the trick; wins tricks cheaply; otherwise follows low and saves its count.
    ``margin``: how much more than the partner's bid its own hand must be worth before it
    bids over its partner.

    Under house rules it also bids 42 for sevens or nello instead of passing (or a forced
    bid) when no domino of its hand is dangerous for them, and plunge or splash with
    :data:`PLUNGE_DOUBLES` doubles (:func:`special_choice`); after its partner's plunge or
    splash it names the contract (:func:`plunge_contract`).
    """

    name = "rule-based"

    def __init__(self, margin: int = 4, widow: float = 1.0) -> None:
        self.margin = check_count(margin, "margin", 0, 42, unit=" points", rule="margin")
        if not isinstance(widow, (int, float)) or isinstance(widow, bool) or not (
                0 <= widow <= 7):
            raise InputError(f"widow {quote(widow)} is not a number of tricks 0..7",
                             rule="widow")
        #: Tables bidding in tricks: tricks the widow is expected to add (the bidder
        #: keeps the best of its hand and the widow).
        self.widow = widow

    def bid(self, view: SeatView) -> Decision:
        check_view(view)
        if _in_tricks(view):
            b, why = trick_bid(view.dealt, allowed_contracts(view.rules), view.rules,
                               view.legal_bids, view.high_bid, self.widow)
            return Decision(b, why)
        contracts = bidding_contracts(tuple(allowed_contracts(view.rules)))
        st = best_strength(view.dealt, contracts)
        partner_bid = view.bidder is not None and view.bidder == view.partner
        b, why = rule_bid(st.points, view.legal_bids, view.high_bid, partner_bid,
                          view.rules.min_bid, self.margin)
        best = f"its best contract is {st.contract}, worth about {st.points} ({st.describe()})"
        special = special_choice(view.dealt, view.rules, view.legal_bids,
                                 view.legal_special_bids, view.high_bid, why)
        if special is not None:
            return Decision(special.bid, special.reason)
        high = bid_text(view.high_bid)
        next_bid = min((x for x in view.legal_bids if x != PASS), default=view.high_bid + 1)
        text = {
            "forced": f"{bid_text(b)}: everyone passed, so it must bid; {best}.",
            "partner": f"pass: partner holds the bid at {high}; {best}: not enough to take "
                       "it over.",
            "weak": f"pass: {best}: short of {bid_text(next_bid)}.",
            "mark": f"42 (1 mark): {best}: every trick looks sure.",
            "bid": f"{bid_text(b)}: {best}.",
        }[why]
        return Decision(b, text)

    def discard(self, view: SeatView) -> Decision:
        """The domino its best contract misses most (at any table with a widow)."""
        check_view(view)
        options = [d.index for d in view.legal_discards]
        x, e = trick_discard(view.held, options, allowed_contracts(view.rules), view.rules,
                             view.unseen)
        d = DOMINOES[x]
        return Decision(d, f"{d}: discards the domino it needs least; {e.contract} is then "
                           f"worth about {e.tricks:.1f} tricks ({e.describe()}).")

    def contract(self, view: SeatView) -> Decision:
        check_view(view)
        if _in_tricks(view):
            e = best_estimate(view.held, view.legal_contracts, view.rules)
            return Decision(e.contract, f"{e.contract}: {e.describe()}; about "
                                        f"{e.tricks:.1f} tricks.")
        if view.declarer == view.seat and view.bidder is not None and view.bidder != view.seat:
            return plunge_contract(view)
        special = self._own_special(view)
        if special is not None and special.contract in view.legal_contracts:
            assert special.estimate is not None
            return Decision(special.contract, f"{special.contract}: it bid for it; "
                            f"{special.estimate.describe()}.")
        contracts = bidding_contracts(view.legal_contracts) or view.legal_contracts
        st = best_strength(view.dealt, contracts)
        return Decision(st.contract, f"{st.contract}: {st.describe()} "
                        f"(worth about {st.points} points).")

    def _own_special(self, view: SeatView) -> SpecialChoice | None:
        """The nello or sevens this (stateless) player bid for, worked out again from the
        auction as it stood at its winning bid (``None``: it bid for points)."""
        rules = view.rules
        if view.bidder != view.seat or not (rules.nello or rules.sevens):
            return None
        i = max(k for k, b in enumerate(view.bids) if b != PASS)
        before = view.bids[:i]
        high = max(before, default=PASS)
        last = [k for k, b in enumerate(before) if b != PASS]
        partner_bid = bool(last) and view.bidder_at(last[-1]) == view.partner
        n = view.seats
        forced = rules.all_pass == "forced" and high == PASS and (
            i == n or (i == n - 1 and view.bidding_order[n - 1] == view.shaker))
        legal = tuple(valid_bids(high, rules, forced=forced))
        contracts = bidding_contracts(tuple(allowed_contracts(rules)))
        worth = best_strength(view.dealt, contracts).points
        why = rule_bid(worth, legal, high, partner_bid, rules.min_bid, self.margin)[1]
        special = special_choice(view.dealt, rules, legal, (), high, why)
        if special is None or special.bid != view.high_bid or special.contract is None:
            return None
        return special

    def play(self, view: SeatView) -> Decision:
        check_view(view)
        if _in_tricks(view):
            legal = view.legal_plays
            if len(legal) == 1:
                return Decision(legal[0], f"{legal[0]}: the only legal play.")
            d, why = self.choose_in_tricks(view)
            return Decision(d, f"{d}: {why}.")
        idx, code, about = self.choose(view)
        assert view.contract is not None
        return Decision(DOMINOES[idx], explain(code, idx, about, view.contract))

    def choose_in_tricks(self, view: SeatView) -> tuple[Domino, str]:
        """At a table bidding in tricks: the play and the reason (without the domino's
        name)."""
        check_view(view)
        assert view.contract is not None and view.bidder is not None
        x, why = trick_play_choice(
            view.contract, view.in_play, [d.index for d in view.legal_plays], view.unseen,
            [d.index for d in view.trick], view.trick_seats, view.seat, view.bidder)
        return DOMINOES[x], why

    def choose(self, view: SeatView) -> tuple[int, str, int]:
        """The play as (domino index, reason code, domino it is about)."""
        check_view(view)
        contract = view.contract
        assert contract is not None
        ft = fast_tables(contract)
        legal = 0
        for d in view.legal_plays:
            legal |= 1 << d.index
        plays = [d.index for d in view.trick]
        if contract.kind == "nello":
            return nello_choice(ft, legal, plays, view.seat == view.declarer)
        if contract.kind == "sevens":
            m = max((d.index for d in view.legal_plays), key=lambda i: (DOMINOES[i].count, i))
            return (m, SEVENS, -1)
        seats = view.trick_seats
        partner = view.partner
        partner_pos = seats.index(partner) if partner in seats[: len(plays)] else -1
        settings = play_settings(contract, view.bidding_side, view.high_bid >= MARK)
        return play_choice(settings, view.held, legal, view.unseen, plays,
                           len(plays) == len(seats) - 1, partner_pos)


def bidding_contracts(contracts: Sequence[Contract]) -> tuple[Contract, ...]:
    """The contracts the rule-based bidder plays for points: trumps, doubles,
    follow-me (nello and sevens are chosen by :func:`special_choice`)."""
    return tuple(c for c in contracts if c.kind in ("trumps", "doubles", "follow-me"))


#: Doubles the rule-based bidder wants before a plunge or splash, whatever the rules'
#: minimum. With the partner naming follow-me and leading, rule-based sides take every
#: trick about 30% of the time when the bidder holds 4 doubles, 38% with 5, 65-68% with 6 and
#: always with 7 (bench/bench_special_bids.py); a set costs as many marks as a make earns.
PLUNGE_DOUBLES = 6
#: Without follow-me, the side must hold this many of the seven doubles before the
#: declarer names doubles as trumps after a partner's plunge or splash.
DOUBLES_FOR_TRUMPS = 5


@dataclass(frozen=True)
class SpecialChoice:
    """A bid for a special contract: the bid, the contract the bidder will name (``None``
    for a plunge or splash: the partner names it), the estimate behind it, and why."""

    bid: int | str
    contract: Contract | None
    estimate: SpecialEstimate | None
    reason: str


def special_choice(held: int, rules: Rules, legal: Sequence[int], specials: Sequence[str],
                   high: int, points_why: str) -> SpecialChoice | None:
    """The special contract the rule-based bidder chooses instead of its points bid, if
    any. ``points_why``: the reason code of its points bid (:func:`rule_bid`).

    A plunge or splash (the biggest the rules allow here) with :data:`PLUNGE_DOUBLES`
    doubles, unless the partner holds the bid; 42 for sevens, else nello, when the hand
    has no dangerous domino for it and would otherwise pass or be forced to bid.

    >>> from texas42.dominoes import to_mask
    >>> from texas42.rules import LECHNER, STANDARD
    >>> low = to_mask("1-0 2-0 3-0 2-1 3-1 4-0 4-1")
    >>> special_choice(low, LECHNER, [0, 30, 42, 84], [], 0, "weak").bid
    42
    >>> special_choice(low, STANDARD, [0, 30, 42, 84], [], 0, "weak") is None
    True
    """
    if points_why == "partner":
        return None  # never over the partner's bid
    doubles = held & DOUBLES_MASK
    n = doubles.bit_count()
    if n >= PLUNGE_DOUBLES:
        for name in sorted(specials, key=lambda x: -special_bid_amount(x, high, rules)):
            if n >= special_bid_doubles(name, rules):
                marks = special_bid_amount(name, high, rules) // MARK
                return SpecialChoice(name, None, None, (
                    f"{name} ({marks} marks): it holds {n} doubles ({DominoSet(doubles)}), "
                    "the highest of their suits; partner names the contract and leads."))
    if points_why not in ("weak", "forced") or MARK not in legal:
        return None
    allowed = allowed_contracts(rules, MARK)
    candidates: list[SpecialEstimate] = []
    if Contract("sevens") in allowed:
        candidates.append(sevens_estimate(held))
    places = tuple(c.doubles for c in allowed if c.kind == "nello")
    if places:
        candidates.append(best_nello(held, places))
    for est in candidates:
        if est.safe:
            instead = "better than a forced bid" if points_why == "forced" else (
                "better than passing")
            return SpecialChoice(MARK, est.contract, est, (
                f"42 (1 mark) for {est.contract}: {est.describe()}; {instead}."))
    return None


def plunge_contract(view: SeatView) -> Decision:
    """After the partner's plunge or splash the declarer names the contract: follow-me
    (doubles high) when allowed, so the partner's doubles top their suits and nothing can
    trump them; else doubles when the side is sure to hold most of them; else its best
    contract counting the top doubles it lacks as the partner's."""
    rules = view.rules
    needs = [n for n, marks in ((rules.plunge_doubles, rules.plunge_marks),
                                (rules.splash_doubles, rules.splash_marks)) if marks]
    promised = min(needs, default=0)
    legal = bidding_contracts(view.legal_contracts) or view.legal_contracts
    follow = Contract("follow-me")
    if follow in legal:
        return Decision(follow, (
            f"follow-me: partner's bid promises {promised} or more doubles; with no trumps "
            "each is the highest domino of its suit."))
    own = (view.dealt & DOUBLES_MASK).bit_count()
    doubles = Contract("doubles")
    if doubles in legal and promised + own >= DOUBLES_FOR_TRUMPS:
        return Decision(doubles, (
            f"doubles: partner's bid promises {promised} or more doubles and it holds {own}, "
            f"so the side holds at least {promised + own} of the 7 trumps."))
    assumed = view.dealt
    lacking = [d.index for d in reversed(DOMINOES) if d.is_double and not view.dealt >> d.index & 1]
    for i in lacking[:promised]:
        assumed |= 1 << i
    st = best_strength(assumed, legal)
    return Decision(st.contract, (
        f"{st.contract}: counting the {promised} top doubles partner's bid promises, "
        f"{st.describe()} (worth about {st.points} points)."))


def rule_bid(worth: int, legal: Sequence[int], high: int, partner_bid: bool, min_bid: int,
             margin: int = 4) -> tuple[int, str]:
    """The rule-based bid for a hand worth ``worth`` points: (bid, why) with why one of
    ``forced``, ``partner``, ``weak``, ``mark``, ``bid``."""
    if PASS not in legal:
        return (min(legal), "forced")
    if partner_bid and worth < high + margin:
        return (PASS, "partner")
    lowest = max(high + 1, min_bid)
    if worth >= 42 and 42 in legal:
        return (42, "mark")
    if worth < lowest or lowest > 41:
        return (PASS, "weak")
    b = lowest
    if worth >= 36:
        b = max(b, min(worth - 3, 41))
    return (b, "bid") if b in legal else (PASS, "weak")


#: How much less likely a guess becomes for each point a seat's hand in it is worth (in
#: the rule-based bidder's terms) outside what that seat's bid says.
AUCTION_MISS = 0.8


@dataclass(frozen=True)
class AuctionReading:
    """What the auction says of the other seats' hands, read as the rule-based bidder's
    bids (once a decision; :meth:`likelihood` then judges each guess).

    ``worths``: for each other seat, the worths (lowest, highest) of
    :func:`~.rules_of_thumb.worth` for which :func:`rule_bid` makes the bid it made. A
    seat whose bid says nothing in those terms is left out: a forced bid, a special bid, a
    42 where nello, sevens or a plunge may be bid; and every seat away from 42's table of
    partners bidding in points. ``shown``: what each of those seats was seen to play (to
    rebuild its hand as dealt)."""

    worths: dict[int, tuple[int, int]]
    shown: dict[int, int]
    contracts: tuple[Contract, ...]
    hand_size: int

    @classmethod
    def of(cls, view: SeatView, margin: int = 4) -> AuctionReading:
        rules = view.rules
        contracts = bidding_contracts(tuple(allowed_contracts(rules)))
        worths: dict[int, tuple[int, int]] = {}
        if rules.bidding == "points" and view.seats == 4 and rules.sides == "partners":
            specials = bool(rules.plunge_marks or rules.splash_marks) or any(
                c.kind in ("nello", "sevens") for c in allowed_contracts(rules))
            high, holder = PASS, -1
            for i, bid in enumerate(view.bids):
                s = view.bidder_at(i)
                forced = must_bid(rules, high, i, view.seats, view.bidding_order[-1],
                                  view.shaker)
                if (s != view.seat and s not in worths and not forced
                        and not (specials and bid == MARK)):
                    legal = valid_bids(high, rules)
                    partner = holder == (s + 2) % 4
                    fits = [w for w in range(43)
                            if rule_bid(w, legal, high, partner, rules.min_bid, margin)[0] == bid]
                    if fits and len(fits) == fits[-1] - fits[0] + 1:
                        worths[s] = (fits[0], fits[-1])
                if bid != PASS and bid > high:
                    high, holder = bid, s
        shown = dict.fromkeys(worths, 0)
        for s, _, d in view.plays_seen():
            if s in shown:
                shown[s] |= 1 << d.index
        return cls(worths, shown, contracts, rules.hand_size)

    def likelihood(self, hands: list[int], miss: float = AUCTION_MISS) -> float:
        """How well a guess of the holdings explains the bids: ``miss`` to the power of
        the points by which each seat's hand as dealt in the guess (what it holds there
        and what it was seen to play) is worth more or less than its bid says. A seat
        whose hand cannot be rebuilt (some tricks hidden) is no evidence."""
        weight = 1.0
        for s, (lo, hi) in self.worths.items():
            original = hands[s] | self.shown[s]
            if original.bit_count() != self.hand_size:
                continue
            x = worth(original, self.contracts)
            off = lo - x if x < lo else x - hi if x > hi else 0
            if off:
                weight *= miss ** off
        return weight


# -- sampling -----------------------------------------------------------------------------
#: The weighted sampling player draws this many guesses for each one it solves.
WEIGHTED_DRAWS = 4
#: The hybrid player (``"hybrid[:N[/E]]"``): N guesses, exact in the last E tricks.
#: Exact in the last 4 rather than 3: +1.02 points a deal (+0.33 to +1.71, 400 deals)
#: for a slowest play of about 0.1-0.2 s (README's Figures).
HYBRID_SAMPLES = 48
HYBRID_EXACT = 4
#: Two averages closer than this are the same (sums of whole points over the guesses).
_TIED = 1e-9
#: What a player plays for (``"NAME@AIM"``): ``"game"``, what the game scores (under the
#: marks rules, while the mark rides on the play, the chance of making or setting the
#: bid, and points only among plays equal for it), or ``"points"``, the best average
#: points for its side (every player before issue 38).
AIMS = ("game", "points")


class SamplingPlayer:
    """Deals the unseen dominoes ``samples`` times, consistently with everything its seat
    saw (how many each seat holds, who could not follow what, the bids), solves each deal
    exactly and plays the domino with the best average points for its side from here (at
    a table bidding in tricks: tricks; the bidder against everyone else). Bids, discards
    and names the contract like :class:`RuleBasedPlayer`.

    It only ever gets its seat's view, so it cannot peek at hidden hands; its random
    guesses are seeded from ``seed`` and the view, so the same view gives the same play.
    """

    name = "sampling"

    def __init__(self, samples: int = 12, seed: int = 0, weighted: bool = False,
                 exact: int = 7, *, tries: int = 8, aim: str = "game") -> None:
        self.samples = check_samples(samples, MAX_PLAYER_SAMPLES)  # a bounded decision
        self.seed = check_seed(seed)
        #: Draw WEIGHTED_DRAWS times as many guesses, keep the ``samples`` that best
        #: explain the plays seen (:func:`~.sampling.play_likelihood`) and weight by it.
        self.weighted = weighted
        #: Solve a guess exactly once at most ``exact`` tricks are left (the one in
        #: progress included); before that, play each legal domino out in the guess with
        #: rule-based players (0.2 ms, where an early exact solve takes 150 ms).
        self.exact = check_count(exact, "exact", 0, 7, unit=" tricks", rule="exact")
        #: Guesses per sample to find one that fits the auction.
        self.tries = check_count(tries, "tries", 1, MAX_TRIES, rule="tries")
        if aim not in AIMS:
            raise InputError(f"{quote(aim)} is not what a player can play for: "
                             f"{' or '.join(AIMS)}", rule="aim")
        self.aim = aim
        self.name = ("sampling-weighted" if weighted else
                     "sampling" if exact >= 7 else "hybrid")
        self.rules = RuleBasedPlayer()
        self._solvers: dict[tuple[object, ...], Solver] = {}

    def __getstate__(self) -> dict[str, object]:
        # A player sent to a worker process or a cluster travels without its solvers'
        # tables: they only speed the search up and may hold 30 MB. (A copy of a used one
        # once chose differently: the solver tested ``self.cnt is COUNT``, false for an
        # unpickled copy of the tuple, so its bounds left the count out; fixed there.)
        state = dict(self.__dict__)
        state["_solvers"] = {}
        return state

    def bid(self, view: SeatView) -> Decision:
        check_view(view)
        d = self.rules.bid(view)
        return Decision(d.action, d.reason)

    def discard(self, view: SeatView) -> Decision:
        check_view(view)
        return self.rules.discard(view)

    def contract(self, view: SeatView) -> Decision:
        check_view(view)
        return self.rules.contract(view)

    def _solver(self, contract: Contract, out: int | None, bid_team: int | None) -> Solver:
        key = (contract, out, bid_team)
        s = self._solvers.get(key)
        if s is None:
            s = self._solvers[key] = Solver(contract, out, bid_team)
        return s

    def _worlds(self, view: SeatView, rng: random.Random) -> list[tuple[float, list[int]]]:
        """The guesses, the likeliest first (a stable sort: ties stay in their random
        order), with their weights."""
        worlds: list[tuple[float, list[int]]] = []
        for _ in range(self.samples * (WEIGHTED_DRAWS if self.weighted else 1)):
            hands = sample_holdings(view, rng, tries=self.tries, widow=self.rules.widow)
            if hands is not None:
                worlds.append((play_likelihood(view, hands) if self.weighted else 1.0, hands))
        return sorted(worlds, key=lambda wh: -wh[0])[: self.samples]

    def averages(self, view: SeatView) -> tuple[dict[Domino, float], int]:
        """Average points for the seat's side from here for each legal play, over the
        guessed deals; and how many deals were solved."""
        avg, _, solved = self.outcomes(view)
        return avg, solved

    def outcomes(self, view: SeatView
                 ) -> tuple[dict[Domino, float], dict[Domino, float] | None, int]:
        """For each legal play, over the guessed deals: the average points for the
        seat's side from here, and (in a hand whose mark still rides on the play, at 42's
        table: :mod:`~.aim`) the chance its side then makes the bid (or sets it), else
        ``None``; and how many deals were solved. In a deal solved exactly the side
        reaches its goal exactly when its best points do."""
        check_view(view)
        contract = view.contract
        assert contract is not None
        if not view.rules.is_42:
            avg, solved = self._table_averages(view)
            return avg, None, solved
        marked = self.aim == "game" and plays_for_mark(view)
        goal = goal_points(view) if marked else 0  # (0: every guess "reaches" it, unused)
        marked = marked and goal_open(view, goal)
        rng = random.Random(self.seed * 1_000_003 + _fingerprint(view))
        tie = view.rules.sevens_tie_side((view.bidder or 0) % 2)  # sevens: who wins a tie
        solver = self._solver(contract, view.sitting_out, tie)
        totals = {d.index: 0.0 for d in view.legal_plays}
        reached = dict.fromkeys(totals, 0.0)
        solved = 0
        team = view.team
        worlds = self._worlds(view, rng)
        weight = 0.0
        exact = 7 - view.tricks_played <= self.exact
        for w, hands in worlds:
            if exact:
                pos = Position(
                    (hands[0], hands[1], hands[2], hands[3]), contract, view.leader,
                    view.trick, bidder=view.bidder, out=view.sitting_out,
                    sevens_tie=view.rules.sevens_tie,
                )
                assert pos.to_act == view.seat, "the view is of the seat to act"
                rest = pos.remaining_points
                got = {m: v if team == 0 else rest - v
                       for m, v in solver.play_values(pos).items()}
                solver.clear()
            else:
                got = {m: _playout_points(view, hands, m) for m in totals}
            for m, v in got.items():
                totals[m] += w * v
                if v >= goal:
                    reached[m] += w
            solved += 1
            weight += w
        n = weight or 1.0
        avg = {DOMINOES[m]: t / n for m, t in totals.items()}
        chance = {DOMINOES[m]: t / n for m, t in reached.items()} if marked else None
        return avg, chance, solved

    def _table_averages(self, view: SeatView) -> tuple[dict[Domino, float], int]:
        """Any other table: the search sets the bidder's side against everyone else
        (:func:`~.shape.shape_of`); the seat's value is its side's."""
        contract, bidder, rules = view.contract, view.bidder, view.rules
        assert contract is not None and bidder is not None
        table = shape_of(rules, bidder)
        key = (contract, view.sitting_out, table)
        solver = self._solvers.get(key)
        if solver is None:
            if len(self._solvers) > 16:
                self._solvers.clear()
            solver = self._solvers[key] = Solver(contract, view.sitting_out, None, table)
        mine = table.side(view.seat)
        rng = random.Random(self.seed * 1_000_003 + _fingerprint(view))
        totals = {d.index: 0.0 for d in view.legal_plays}
        solved = 0
        playout = view.tricks_left > self.exact
        for _, hands in self._worlds(view, rng):
            if playout:
                for m in totals:
                    held = list(hands)
                    held[view.seat] &= ~(1 << m)
                    pts = table_playout(held, contract, rules, bidder, view.leader,
                                        [d.index for d in view.trick] + [m], view.high_bid)
                    totals[m] += pts[mine]
            else:
                pos = Position(tuple(hands), contract, view.leader, view.trick,
                               bidder=bidder, bid=view.high_bid, out=view.sitting_out,
                               table=table, sevens_tie=rules.sevens_tie)
                rest = pos.remaining_points
                for m, v in solver.play_values(pos).items():
                    totals[m] += v if mine == 0 else rest - v
                solver.clear()
            solved += 1
        n = max(solved, 1)
        return {DOMINOES[m]: t / n for m, t in totals.items()}, solved

    def play(self, view: SeatView) -> Decision:
        check_view(view)
        legal = view.legal_plays
        if len(legal) == 1:
            return Decision(legal[0], f"{legal[0]}: the only legal play.")
        avg, chance, n = self.outcomes(view)
        how = (", each played out by simple rules of thumb"
               if view.tricks_left > self.exact else "")
        if _in_tricks(view):
            return self._trick_play(view, avg, n, how)
        if chance is not None:
            return self._mark_play(view, avg, chance, n, how)
        return self._best_play(view, avg, n, how)

    #: How its guesses are weighted, for the reasons.
    weighting = ""

    def _tie_break(self, view: SeatView, tied: list[Domino]) -> tuple[Domino, str]:
        """Among plays equally good (in display order): the first; and the words that
        say so for the reason."""
        best = tied[0]
        others = ", ".join(str(d) for d in tied if d != best)
        return best, f"; tied with {others}" if others else ""

    def _mark_play(self, view: SeatView, avg: dict[Domino, float],
                   chance: dict[Domino, float], n: int, how: str) -> Decision:
        """A play while the mark rides on it: the best chance that the seat's side makes
        the bid (the bidders) or sets it (the others); the best average points only
        among plays with the same chance (:meth:`_tie_break` among equal ones)."""
        legal = view.legal_plays
        top = max(chance.values())
        tied = [d for d in legal if chance[d] >= top - _TIED]
        most = max(avg[d] for d in tied)
        best, tie_words = self._tie_break(
            view, sorted((d for d in tied if avg[d] >= most - _TIED), key=lambda d: d.display))
        runner = max((d for d in legal if d != best),
                     key=lambda d: (chance[d], avg[d], d.display))
        aim = "makes" if view.bidding_side else "sets"
        return Decision(best, (
            f"{best}: its side {aim} {view.high_bid} in {chance[best]:.0%} of {n} deals of "
            f"the unseen dominoes{how}{self.weighting} (next: {runner}, "
            f"{chance[runner]:.0%}); {avg[best]:.1f} points for its side from here on "
            f"average (next: {avg[runner]:.1f}){tie_words}."
        ))

    def _best_play(self, view: SeatView, avg: dict[Domino, float], n: int,
                   how: str) -> Decision:
        """The play with the best average over the guessed deals (``how`` they were
        played out, for the reason)."""
        # In nello each side does best by taking as little as it can.
        sign = -1.0 if view.contract is not None and view.contract.kind == "nello" else 1.0
        ranked = sorted(avg.items(), key=lambda kv: (-sign * kv[1], kv[0].display))
        best, value = ranked[0]
        runner = ranked[1]
        if sign < 0:
            return Decision(best, (
                f"{best}: fewest points on average over {n} deals of the unseen dominoes "
                f"(nello): {value:.1f} for its side from here (next: {runner[0]}, "
                f"{runner[1]:.1f})."
            ))
        return Decision(best, (
            f"{best}: best average over {n} deals of the unseen dominoes{how}: {value:.1f} "
            f"points for its side from here (next: {runner[0]}, {runner[1]:.1f})."
        ))

    def _trick_play(self, view: SeatView, avg: dict[Domino, float], n: int,
                    how: str) -> Decision:
        """At a table bidding in tricks: the most tricks for its side; a tie goes to the
        rule-based choice. The reason speaks of the bidder's tricks."""
        legal = view.legal_plays
        top = max(avg.values())
        preferred, _ = self.rules.choose_in_tricks(view)
        tied = [d for d in legal if avg[d] == top]
        best = preferred if preferred in tied else tied[0]
        runner = max((d for d in legal if d != best), key=lambda d: avg[d])
        left = view.tricks_left

        def bidder_tricks(d: Domino) -> float:
            return avg[d] if view.is_bidder else left - avg[d]

        goal = ("takes the most tricks" if view.is_bidder
                else "leaves the bidder the fewest tricks")
        return Decision(best, (
            f"{best}: {goal} over {n} deals of the unseen dominoes{how}: the bidder takes "
            f"{bidder_tricks(best):.1f} from here on average (next best: {runner}, "
            f"{bidder_tricks(runner):.1f})."
        ))


#: The search player (``"search[:N[/E[/X]]]"``): N guesses played out by the rules, exact
#: in the last E tricks with X guesses once more than 4 tricks are left (an exact solve is
#: dearer there), N when fewer; guesses drawn SEARCH_DRAWS times over and weighted by how
#: well they explain the bids and plays seen.
SEARCH_SAMPLES = 48
SEARCH_EXACT = 5
SEARCH_EXACT_SAMPLES = 24
SEARCH_DRAWS = 2

class SearchPlayer(SamplingPlayer):
    """The sampling player with inference and a sensible order among ties.

    - Inference: it draws :data:`SEARCH_DRAWS` times as many guesses as it solves (none
      grossly at odds with the bids: :func:`~.sampling.sample_holdings`), keeps the ones
      that best explain the bids and the plays seen and weights them by it: each play the
      rule-based player would not have made halves a guess's weight
      (:func:`~.sampling.play_likelihood`), each point a seat's hand is worth outside what
      its bid says, read as the rule-based bidder's, takes :data:`AUCTION_MISS` of it
      (:class:`AuctionReading`).
    - Exact from earlier: once ``exact`` tricks are left, each guess is solved exactly
      (with ``exact_samples`` guesses while more than 4 tricks are left); before that each
      legal domino is played out in each guess by rule-based players.
    - Ties: among plays with exactly the same average (common once the guesses are solved
      exactly: many plays lose nothing), the one the rules of thumb choose, which keeps
      the count and the high dominoes as a good player does when nothing else differs.

    ``exact=7`` solves every guess from the first trick (``"search:N/7"``).
    """

    name = "search"

    def __init__(self, samples: int = SEARCH_SAMPLES, seed: int = 0,
                 exact: int = SEARCH_EXACT, *, exact_samples: int | None = None,
                 draws: int = SEARCH_DRAWS, tries: int = 8, aim: str = "game") -> None:
        super().__init__(samples, seed, weighted=True, exact=exact, tries=tries, aim=aim)
        self.exact_samples = check_samples(
            exact_samples if exact_samples is not None else min(samples, SEARCH_EXACT_SAMPLES),
            MAX_PLAYER_SAMPLES)
        self.draws = check_count(draws, "draws", 1, 8, rule="draws")
        self.name = "search"

    def _count(self, view: SeatView) -> int:
        """How many guesses this decision solves."""
        left = view.tricks_left
        return self.exact_samples if self.exact >= left > 4 else self.samples

    def _worlds(self, view: SeatView, rng: random.Random) -> list[tuple[float, list[int]]]:
        keep = self._count(view)
        auction = AuctionReading.of(view, self.rules.margin)
        worlds: list[tuple[float, list[int]]] = []
        for _ in range(keep * self.draws):
            hands = sample_holdings(view, rng, tries=self.tries, widow=self.rules.widow)
            if hands is not None:
                weight = play_likelihood(view, hands) * auction.likelihood(hands)
                worlds.append((weight, hands))
        return sorted(worlds, key=lambda wh: -wh[0])[:keep]

    weighting = ", weighted by how well each explains the bids and plays seen"

    def _tie_break(self, view: SeatView, tied: list[Domino]) -> tuple[Domino, str]:
        """Among plays equally good: the rules of thumb's choice, if it is one."""
        preferred = DOMINOES[self.rules.choose(view)[0]]
        best = preferred if preferred in tied else tied[0]
        others = ", ".join(str(d) for d in tied if d != best)
        if not others:
            return best, ""
        return best, (f"; tied with {others}, so the rules of thumb's choice"
                      if best == preferred else f"; tied with {others}")

    def _best_play(self, view: SeatView, avg: dict[Domino, float], n: int,
                   how: str) -> Decision:
        """The best average as the sampling player, with exact ties (within ``_TIED``)
        going to the rules of thumb's choice, and the reason says so."""
        legal = view.legal_plays
        nello = view.contract is not None and view.contract.kind == "nello"
        sign = -1.0 if nello else 1.0
        top = max(sign * v for v in avg.values())
        tied = sorted((d for d in legal if sign * avg[d] >= top - _TIED),
                      key=lambda d: d.display)
        best, tie_words = self._tie_break(view, tied)
        value = avg[best]
        rest = sorted((d for d in legal if d != best), key=lambda d: (-sign * avg[d], d.display))
        runner = rest[0]
        goal = "fewest points" if nello else "best average"
        nello_word = " (nello)" if nello else ""
        return Decision(best, (
            f"{best}: {goal} over {n} deals of the unseen dominoes{how}{self.weighting}"
            f"{nello_word}: {value:.1f} points for its side from here (next: {runner}, "
            f"{avg[runner]:.1f}){tie_words}."))


def _playout_points(view: SeatView, hands: list[int], m: int) -> int:
    """Points the seat's side takes from here when it plays domino ``m`` in the guess
    ``hands`` and rule-based players play the rest (42's table)."""
    assert view.contract is not None and view.bidder is not None
    held = list(hands)
    held[view.seat] &= ~(1 << m)
    trick = [d.index for d in view.trick] + [m]
    pts = rule_playout(held, view.contract, view.bidder, view.leader,
                       view.high_bid >= MARK, declarer=view.declarer, trick=trick)
    return pts[view.team]


#: The computer player of the explorers (partners, opponents, the replay's hands): the
#: strongest that keeps a computer play quick in the browser (README's Figures: +2.13
#: points a deal over ``"hybrid"``, the default before it, at 52 ms a play).
DEFAULT_PLAYER = "search:96/5/32"
#: The strongest texas42 player (README's Figures: +2.08 points a deal, +0.56 to +3.61, over
#: ``"sampling:12"`` in 400 deals, at 0.15 s a play against its 0.21 s): the default's
#: design with twice its guesses, 192 played out by the rules, 64 solved exactly in the
#: last five tricks.
STRONGEST_PLAYER = "search:192/5/64"
#: ... and at the tables that bid in tricks (Moon and Moon for many): guessing gains
#: little there (Moon: sampling:8 +0.31 tricks a hand over the rules, at 170 ms a play),
#: while five to seven computer seats of guesses took seconds after one click.
DEFAULT_TRICKS_PLAYER = "rule-based"


def default_player(seed: int = 0, rules: Rules | None = None) -> Player:
    """The explorers' computer player for ``rules``' table (default 42's):
    :data:`DEFAULT_PLAYER`, or :data:`DEFAULT_TRICKS_PLAYER` at a table that bids in
    tricks (the one place to change)."""
    tricks = rules is not None and check_rules(rules).bidding == "tricks"
    return make_player(DEFAULT_TRICKS_PLAYER if tricks else DEFAULT_PLAYER, seed=seed)


def check_player(value: object) -> Player:
    """``value`` when it is a player (with bid, discard, contract and play); else
    :class:`~texas42.errors.InputError` (``rule="player"``)."""
    if not all(callable(getattr(value, k, None)) for k in ("bid", "discard", "contract",
                                                            "play")):
        raise InputError(f"give a player (with bid, discard, contract and play) or a "
                         f"player's name, not {type(value).__name__}", rule="player")
    return value  # type: ignore[return-value]


def as_player(value: object) -> Player:
    """A player, or a player's name made into one (:func:`make_player`)."""
    return make_player(value) if isinstance(value, str) else check_player(value)


def make_player(name: str, *, seed: int = 0, samples: int | None = None) -> Player:
    """A player by name, for any table: ``"random"``, ``"rule-based"`` (or ``"rules"``),
    ``"sampling"`` (optionally ``"sampling:N"`` for N samples), ``"weighted[:N]"`` (the
    sampling player whose guesses are weighted by the plays seen), ``"hybrid[:N[/E]]"``
    (N guesses played out by the rules, solved exactly in the last E tricks),
    ``"search[:N[/E[/X]]]"``. A guessing player plays for what the game scores; with
    ``"@points"`` after its name, for the best average points (:data:`AIMS`).

    Raises :class:`~texas42.errors.NotationError` (``rule="player"``) for a name that is
    not a player's (or not text), and :class:`~texas42.errors.InputError`
    (``rule="samples"``) for a sample count out of range."""
    if not isinstance(name, str):
        raise NotationError(f"{quote(name)} is not a player's name: random, rule-based, "
                            "sampling[:N], weighted[:N], hybrid[:N[/E]] or "
                            "search[:N[/E[/X]]]", rule="player")
    check_seed(seed)
    if samples is not None:
        check_samples(samples, MAX_PLAYER_SAMPLES)
    name, at, aim = name.partition("@")
    aim = aim.strip().lower() if at else "game"
    if aim not in AIMS:
        raise NotationError(f"{quote(aim)} after '@' is not what a player plays for: "
                            f"{' or '.join(AIMS)}", rule="player")
    key, _, arg = name.partition(":")
    key = key.strip().lower()

    def number(text: str, default: int) -> int:
        if not text:
            return default
        if not (text.strip().isascii() and text.strip().isdigit() and len(text) <= 6):
            raise NotationError(f"{quote(name)}: {quote(text)} after the player's name is not "
                                "a whole number", rule="player")
        return int(text)

    if key in ("random", "rand", "rule-based", "rules", "rule", "rulebased") and at:
        raise NotationError(f"{quote(name)} does not guess, so it has no '@{aim}' to play "
                            "for: only sampling, weighted, hybrid and search players do",
                            rule="player")
    if key in ("random", "rand"):
        return RandomPlayer(seed)
    if key in ("rule-based", "rules", "rule", "rulebased"):
        return RuleBasedPlayer()
    if key in ("sampling", "sample", "sampler", "weighted", "sampling-weighted"):
        n = number(arg, samples or 12)
        return SamplingPlayer(n, seed, weighted=key in ("weighted", "sampling-weighted"),
                              aim=aim)
    if key == "hybrid":
        n_text, _, e_text = arg.partition("/")
        n = number(n_text, samples or HYBRID_SAMPLES)
        return SamplingPlayer(n, seed, exact=number(e_text, HYBRID_EXACT), aim=aim)
    if key == "search":
        n_text, _, rest = arg.partition("/")
        e_text, _, x_text = rest.partition("/")
        n = number(n_text, samples or SEARCH_SAMPLES)
        x = number(x_text, min(n, SEARCH_EXACT_SAMPLES))
        return SearchPlayer(n, seed, exact=number(e_text, SEARCH_EXACT), exact_samples=x,
                            aim=aim)
    raise NotationError(f"{quote(name)} is not a player: random, rule-based, sampling[:N], "
                        "weighted[:N], hybrid[:N[/E]] or search[:N[/E[/X]]]", rule="player")
