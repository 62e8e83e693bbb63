"""Computer players for Moon (three players), each decision with a one-line reason.

A player only gets a :class:`MoonView`: what the seat to act may see (its own dominoes,
for the bidder the widow it took and its discard, the bids, the contract, the tricks,
which stay face up in Moon, and the trick in progress). It answers four questions: what
to bid, which domino to discard after taking the widow, which trumps to name, what to
play.

- :class:`MoonRandomPlayer`: any legal action, at random.
- :class:`MoonRuleBasedPlayer`: counts sure and likely tricks for each trump (and
  follow-me); as bidder pulls trumps and cashes winners; as an opponent leaves a trick to
  the other opponent once it beats the bidder, wins cheaply, otherwise plays low.
- :class:`MoonSamplingPlayer`: deals the unseen dominoes again, consistently with what its
  seat saw and (as far as a few tries allow) with the bids, solves each deal exactly
  (:mod:`texas42.analysis.moon_solver`) and plays the domino with the best average for its side.

>>> from texas42.moon import MoonDeal, MoonHand
>>> hand = MoonHand(MoonDeal.from_seed(4), shaker=0)
>>> log = play_moon_hand(hand, [MoonRuleBasedPlayer()] * 3)
>>> hand.is_over, all(d.reason for _, d in log)
(True, True)
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ..contracts import Contract, tables
from ..dominoes import DOMINOES, Domino
from ..errors import IllegalActionError, NotationError
from ..hand import Phase, Trick
from ..moon import MOON_MASK, PLAYERS, SHOOT_THE_MOON, MoonDeal, MoonHand, moon_contracts
from ..rules import Rules
from ._tables import fast_tables
from .bounds import MAX_PLAYER_SAMPLES, check_samples
from .players import Action, Decision
from .position import Position
from .sampling import deal_hidden
from .shape import moon_shape
from .solver import Solver
from .stats import mean_interval

DOUBLES = sum(1 << d.index for d in DOMINOES if d.is_double)


# -- the view ---------------------------------------------------------------------------
@dataclass(frozen=True)
class MoonView:
    """One seat's view of a Moon hand at the moment it is to act."""

    seat: int
    rules: Rules
    shaker: int
    phase: Phase
    #: The seven dominoes the seat was dealt, and those it holds now (bit masks).
    dealt: int
    held: int
    #: Only the bidder sees these: the widow it picked up and the domino it laid aside.
    widow: Domino | None
    discard: Domino | None
    bidding_order: tuple[int, ...]
    bids: tuple[int, ...]
    high_bid: int
    bidder: int | None
    contract: Contract | None
    #: Completed tricks (face up in Moon) and how many each seat won.
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int, int]
    leader: int
    trick: tuple[Domino, ...]
    #: What the seat may do now.
    legal_bids: tuple[int, ...]
    legal_discards: tuple[Domino, ...]
    legal_contracts: tuple[Contract, ...]
    legal_plays: tuple[Domino, ...]
    #: For each seat, the suits it showed it cannot follow (a mask: bit ``s`` for suit ``s``).
    shown_voids: tuple[int, ...] = (0, 0, 0)

    @classmethod
    def of(cls, hand: MoonHand, seat: int | None = None) -> MoonView:
        """The view of ``seat`` (default: the seat to act)."""
        s = hand.to_act if seat is None else seat
        acting = s == hand.to_act
        bidder_sees = s == hand.bidder and hand.phase is not Phase.BIDDING
        discarding = hand.phase is Phase.CONTRACT and hand.discard is None
        return cls(
            seat=s,
            rules=hand.rules,
            shaker=hand.shaker,
            phase=hand.phase,
            dealt=hand.deal.masks[s],
            held=hand.holding(s).mask,
            widow=hand.deal.widow if bidder_sees else None,
            discard=hand.discard if bidder_sees else None,
            bidding_order=tuple(hand.bidding_order),
            bids=tuple(hand.bids),
            high_bid=hand.high_bid,
            bidder=hand.bidder,
            contract=hand.contract,
            tricks=tuple(hand.tricks),
            tricks_won=(hand.tricks_won[0], hand.tricks_won[1], hand.tricks_won[2]),
            leader=hand.leader,
            trick=tuple(hand.current_trick),
            legal_bids=tuple(hand.valid_bids()) if acting else (),
            legal_discards=tuple(hand.holding(s)) if acting and discarding else (),
            legal_contracts=tuple(hand.valid_contracts()) if acting else (),
            legal_plays=tuple(hand.legal_plays()) if acting else (),
            shown_voids=tuple(sum(1 << suit for suit in suits)
                              for _, suits in sorted(hand.known_voids().items())),
        )

    @property
    def is_bidder(self) -> bool:
        return self.seat == self.bidder

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats in playing order for the trick in progress."""
        return tuple((self.leader + i) % PLAYERS for i in range(PLAYERS))

    @property
    def seen(self) -> int:
        """Every domino the seat knows is in no other hand: its own seven, the widow and
        discard (bidder only), every domino played."""
        mask = self.dealt
        for d in (self.widow, self.discard, *self.trick):
            if d is not None:
                mask |= 1 << d.index
        for t in self.tricks:
            for d in t.plays:
                mask |= 1 << d.index
        return mask

    @property
    def unseen(self) -> int:
        """The Moon dominoes the seat has not seen: in the other hands, or the widow or
        the discard it does not know."""
        return MOON_MASK & ~self.seen

    def remaining_count(self, seat: int) -> int:
        """How many dominoes ``seat`` holds (public: everyone sees the hands shrink)."""
        played_now = seat in self.trick_seats[: len(self.trick)]
        return 7 - len(self.tricks) - (1 if played_now else 0)

    def voids(self) -> dict[int, int]:
        """For each seat, the mask of suits (bit ``s`` for suit ``s``) it showed it cannot
        follow."""
        return dict(enumerate(self.shown_voids))


def _fingerprint(view: MoonView) -> int:
    """A stable number for a view (the same view, the same random choices)."""
    parts = [
        view.seat, view.shaker, view.phase.value, view.held, view.bids, str(view.contract),
        view.leader, tuple(d.index for d in view.trick),
        tuple(tuple(d.index for d in t.plays) for t in view.tricks),
    ]
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


# -- players ----------------------------------------------------------------------------
@runtime_checkable
class MoonPlayer(Protocol):
    """What a Moon computer player does. Each method gets the view of the seat to act."""

    name: str

    def bid(self, view: MoonView) -> Decision: ...

    def discard(self, view: MoonView) -> Decision: ...

    def contract(self, view: MoonView) -> Decision: ...

    def play(self, view: MoonView) -> Decision: ...


def _bid_word(b: int) -> str:
    return "pass" if b == 0 else str(b)


class MoonRandomPlayer:
    """Any legal action, uniformly at random (reproducible with ``seed``)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def _rng(self, view: MoonView) -> random.Random:
        if self.seed is None:
            return random.Random()
        return random.Random(self.seed * 1_000_003 + _fingerprint(view))

    def bid(self, view: MoonView) -> Decision:
        b = self._rng(view).choice(view.legal_bids)
        return Decision(b, f"{_bid_word(b)}: a random choice among {len(view.legal_bids)} "
                           "legal bids.")

    def discard(self, view: MoonView) -> Decision:
        d = self._rng(view).choice(view.legal_discards)
        return Decision(d, f"{d}: a random choice among its {len(view.legal_discards)} "
                           "dominoes to discard.")

    def contract(self, view: MoonView) -> Decision:
        c = self._rng(view).choice(view.legal_contracts)
        return Decision(c, f"{c}: a random choice among {len(view.legal_contracts)} contracts.")

    def play(self, view: MoonView) -> Decision:
        d = self._rng(view).choice(view.legal_plays)
        return Decision(d, f"{d}: a random choice among {len(view.legal_plays)} legal plays.")


# -- the rule-based player's judgement ----------------------------------------------------
@dataclass(frozen=True)
class MoonEstimate:
    """What the rule-based player sees in a holding as bidder in one contract."""

    contract: Contract
    #: Trumps held, and how many of them run down from the top without a gap.
    trumps: int
    top: int
    #: Other dominoes nothing can beat in their suit once trumps are gone.
    winners: int
    #: Every trick is sure (the top trumps draw the rest, every other domino a winner).
    lock: bool
    tricks: float

    def describe(self) -> str:
        """``"4 trumps (sixes), 3 from the top; 2 other winners"``."""
        c = self.contract
        parts = []
        if c.kind == "trumps":
            top = f", {self.top} from the top" if self.top else ""
            n = self.trumps
            parts.append(f"{n} trump{'s' if n != 1 else ''} ({c}){top}" if n else f"no {c}")
        w = self.winners
        parts.append(f"{w} {'other ' if c.kind == 'trumps' else ''}winner{'s' if w != 1 else ''}")
        return "; ".join(parts)


@functools.lru_cache(maxsize=64)
def _moon_shape(contract: Contract) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(Moon trumps, trumps from the highest down, and for each domino the Moon dominoes
    that beat it when it is led)."""
    ft = fast_tables(contract)
    tm = ft.trump_mask & MOON_MASK
    order = tuple(sorted((i for i in range(28) if tm >> i & 1), key=lambda i: -ft.power[8][i]))
    beats = []
    for x in range(28):
        row = ft.power[ft.lead[x]]
        beats.append(sum(1 << o for o in range(28) if MOON_MASK >> o & 1 and row[o] > row[x]))
    return tm, order, tuple(beats)


def estimate(held: int, contract: Contract) -> MoonEstimate:
    """Sure and likely tricks of ``held`` as bidder's hand in ``contract``. Trumps held
    from the top down are sure; if they are at least as many as the trumps out, they draw
    them all and every trump held is sure, and so is every domino that nothing but its own
    higher dominoes of its suit beat.

    >>> from texas42.dominoes import to_mask
    >>> e = estimate(to_mask("6-6 6-5 6-4 6-3 6-2 6-1 5-5"), Contract.suit(6))
    >>> e.lock, e.tricks
    (True, 7.0)
    """
    tm, order, beats = _moon_shape(contract)
    trumps = held & tm
    top = 0
    for t in order:
        if not trumps >> t & 1:
            break
        top += 1
    out = (tm & ~held).bit_count()
    drawn = top >= out  # leading the top trumps draws every other trump
    others = held & ~tm
    winners = sum(1 for x in range(28) if others >> x & 1 and not beats[x] & ~held & ~tm)
    rest = others.bit_count() - winners
    k = trumps.bit_count()
    lock = drawn and rest == 0
    if lock:
        tricks = 7.0
    elif drawn:
        tricks = k + 0.85 * winners + 0.15 * rest
    else:
        tricks = top + 0.55 * (k - top) + 0.25 * max(0, k - 3) + 0.6 * winners + 0.1 * rest
    return MoonEstimate(contract, k, top, winners, lock, min(tricks, 7.0))


def best_estimate(held: int, contracts: Sequence[Contract]) -> MoonEstimate:
    """The contract whose estimate is highest (a lock first)."""
    return max((estimate(held, c) for c in contracts), key=lambda e: (e.lock, e.tricks))


def _weakness(x: int, contract: Contract, unseen: int) -> tuple[int, int, int, int, int]:
    """Sort key: the domino to part with first (not a trump, not a sure winner, not a
    double, low in its suit, few pips)."""
    tm, _, beats = _moon_shape(contract)
    ft = fast_tables(contract)
    sure = not beats[x] & unseen
    return (tm >> x & 1, int(sure), DOUBLES >> x & 1, ft.power[ft.lead[x]][x], DOMINOES[x].pips)


def _beaten(row: tuple[int, ...], x: int, mask: int) -> bool:
    """Whether a domino of ``mask`` beats ``x`` in a trick whose power row is ``row``."""
    return any(mask >> o & 1 and row[o] > row[x] for o in range(28))


class MoonRuleBasedPlayer:
    """Rules of thumb for Moon.

    Bids the tricks it expects from its seven (its best trumps or follow-me), 21 only with
    a lock; discards the domino its best contract misses most; names its best trumps. As
    bidder it pulls trumps, then cashes sure winners; as an opponent it leaves a trick to
    the other opponent once it beats the bidder, wins cheaply, otherwise plays low.
    """

    name = "rule-based"

    def __init__(self, widow: float = 1.0) -> None:
        #: Tricks the widow is expected to add (the bidder keeps the best seven of eight).
        self.widow = widow

    def bid(self, view: MoonView) -> Decision:
        est = best_estimate(view.dealt, moon_contracts(view.rules))
        about = (f"{est.contract} is its best, about {est.tricks:.1f} tricks from its seven "
                 f"({est.describe()}), more with the widow")
        if est.lock and SHOOT_THE_MOON in view.legal_bids:
            return Decision(SHOOT_THE_MOON, f"21: shoots the moon: in {est.contract} every "
                                            f"trick is sure ({est.describe()}).")
        b = min(7, int(est.tricks + self.widow))
        if b >= 4 and b in view.legal_bids:
            return Decision(b, f"{b}: {about}.")
        if b >= 4:
            return Decision(0, f"pass: {about}: not enough to beat the bid of {view.high_bid}.")
        return Decision(0, f"pass: {about}: short of 4.")

    def discard(self, view: MoonView) -> Decision:
        contracts = moon_contracts(view.rules)

        def keep(d: Domino) -> tuple[bool, float, tuple[int, ...]]:
            e = best_estimate(view.held & ~(1 << d.index), contracts)
            weak = _weakness(d.index, e.contract, view.unseen)
            return (e.lock, e.tricks, tuple(-w for w in weak))

        d = max(view.legal_discards, key=keep)
        e = best_estimate(view.held & ~(1 << d.index), contracts)
        return Decision(d, f"{d}: discards the domino it needs least; {e.contract} is then "
                           f"worth about {e.tricks:.1f} tricks ({e.describe()}).")

    def contract(self, view: MoonView) -> Decision:
        e = best_estimate(view.held, view.legal_contracts)
        return Decision(e.contract, f"{e.contract}: {e.describe()}; about {e.tricks:.1f} "
                                    "tricks.")

    def play(self, view: MoonView) -> Decision:
        legal = view.legal_plays
        if len(legal) == 1:
            return Decision(legal[0], f"{legal[0]}: the only legal play.")
        d, why = self.choose(view)
        return Decision(d, f"{d}: {why}.")

    def choose(self, view: MoonView) -> tuple[Domino, str]:
        """The play and the reason (without the domino's name)."""
        c = view.contract
        assert c is not None
        tm, _, beats = _moon_shape(c)
        ft = fast_tables(c)
        unseen = view.unseen
        legal = [d.index for d in view.legal_plays]

        def low() -> int:
            return min(legal, key=lambda x: _weakness(x, c, unseen))

        trump_word = str(c) if c.kind == "trumps" else "trumps"
        if not view.trick:
            trumps = [x for x in legal if tm >> x & 1]
            if view.is_bidder and trumps and tm & unseen:
                x = max(trumps, key=lambda t: ft.power[8][t])
                return DOMINOES[x], f"leads its highest trump to pull the opponents' {trump_word}"
            sure = [x for x in legal if not beats[x] & unseen]
            if sure:
                x = max(sure, key=lambda t: (tm >> t & 1, ft.power[ft.lead[t]][t]))
                return DOMINOES[x], "a sure winner: nothing it has not seen beats it"
            return DOMINOES[low()], "no sure winner, so it leads its weakest domino"
        plays = [d.index for d in view.trick]
        pos = ft.winner_pos(plays)
        winner = view.trick_seats[pos]
        row = ft.power[ft.lead[plays[0]]]
        wp = row[plays[pos]]
        on_table = DOMINOES[plays[pos]]
        last = len(plays) == PLAYERS - 1
        bidder_played = view.bidder in view.trick_seats[: len(plays)]
        over = sorted((x for x in legal if row[x] > wp), key=lambda x: row[x])
        sure_over = [x for x in over if not _beaten(row, x, unseen)]

        def under() -> int:
            # Low in this trick: a domino that does not take it, then the weakest.
            return min(legal, key=lambda x: (row[x] > wp, *_weakness(x, c, unseen)[:3],
                                              row[x], DOMINOES[x].pips))
        if not view.is_bidder and winner != view.bidder:
            if bidder_played:
                return DOMINOES[under()], (f"the other opponent's {on_table} already beats the "
                                         "bidder, so it plays low and does not overtake it")
            if not _beaten(row, plays[pos], unseen):
                return DOMINOES[under()], (f"the other opponent's {on_table} cannot be beaten, "
                                         "so it plays low")
        if over and last:
            return DOMINOES[over[0]], "plays last and wins the trick as cheaply as it can"
        if sure_over:
            return DOMINOES[sure_over[0]], (f"beats the {on_table} as cheaply as it can with "
                                            "a domino nothing unseen beats")
        if over:
            return DOMINOES[over[0]], f"beats the {on_table} as cheaply as it can"
        return DOMINOES[under()], f"cannot beat the {on_table}, so it plays its weakest domino"


# -- sampling ------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def _bid_level(seven: int, contracts: tuple[Contract, ...], widow: float) -> int:
    """The rule-based bid of ``seven`` as a level: 8 for a lock (it shoots the moon),
    else the tricks it would bid, 0..7 (it bids only from 4 up)."""
    est = best_estimate(seven, contracts)
    return 8 if est.lock else min(7, int(est.tricks + widow))


def moon_bid_misfit(view: MoonView, seat: int, seven: int, *, slack: int = 1,
                    widow: float = 1.0) -> int:
    """How badly a guessed original seven of ``seat`` fits its bid, in tricks of the
    rule-based bidder's own level (0: fits). With ``slack`` 0 it fits exactly when
    :class:`MoonRuleBasedPlayer` would have bid the same; each unit of slack forgives one
    trick more (a passer a trick stronger, a bidder a trick off its bid)."""
    high = 0
    for i, bid in enumerate(view.bids):
        if view.bidding_order[i] == seat:
            level = _bid_level(seven, tuple(moon_contracts(view.rules)), widow)
            if bid == 0:
                return max(0, level - max(3, high) - slack)
            return max(0, abs(level - (8 if bid == SHOOT_THE_MOON else bid)) - slack)
        high = max(high, bid)
    return 0  # the auction ended before its turn (someone shot the moon)


def sample_moon_holdings(view: MoonView, rng: random.Random, *, tries: int = 8,
                         slack: int = 1, widow: float = 1.0) -> list[int] | None:
    """One guess at the three holdings (the viewer's own exact), consistent with what
    its seat saw: how many each seat holds and the suits it showed it cannot follow. The
    bidder knows the discard; an opponent does not (it may be any unseen domino).
    Among ``tries`` guesses, the first whose seats would have bid as they did
    (:func:`moon_bid_misfit`), else the one that fits the auction best."""
    me = view.seat
    needs = {s: view.remaining_count(s) for s in range(PLAYERS) if s != me}
    forbidden: dict[int, int] = {}
    if view.contract is not None:
        members = tables(view.contract).members
        for s, suits in view.voids().items():
            mask = 0
            for x in range(9):
                if suits >> x & 1:
                    mask |= members[x]  # suits overlap: or, never add
            forbidden[s] = mask
    # Tricks stay face up: each seat's plays rebuild its original seven.
    shown = {s: 0 for s in range(PLAYERS)}
    plays = [(t.seats, t.plays) for t in view.tricks]
    for seats, dominoes in (*plays, (view.trick_seats, view.trick)):
        for s, d in zip(seats, dominoes, strict=False):  # the trick: seats to come
            shown[s] |= 1 << d.index
    # Only after the discard is each holding its seven (the bidder's eight) less its plays.
    judge = view.contract is not None
    best: list[int] | None = None
    best_misfit = 1 << 30
    for _ in range(max(1, tries)):
        dealt = deal_hidden(rng, view.unseen, needs, forbidden)
        if dealt is None:
            return None
        hands = [0] * PLAYERS
        hands[me] = view.held
        for s, m in dealt.items():
            hands[s] = m
        if not judge:
            return hands
        misfit = 0
        for s in needs:
            if s != view.bidder:
                seven = hands[s] | shown[s]
                misfit += moon_bid_misfit(view, s, seven, slack=slack, widow=widow)
                continue
            # The bidder's eight: what it holds and played, and the discard (what no
            # seat got); any one of them may have been the widow.
            eight = hands[s] | shown[s] | (view.unseen & ~sum(dealt.values()))
            misfit += min(moon_bid_misfit(view, s, eight & ~(1 << x), slack=slack,
                                          widow=widow)
                          for x in range(28) if eight >> x & 1)
        if misfit == 0:
            return hands
        if misfit < best_misfit:
            best, best_misfit = hands, misfit
    return best


class MoonSamplingPlayer:
    """Deals the unseen dominoes ``samples`` times consistently with its view (and, within
    ``tries`` guesses each, with the auction), solves each deal exactly and plays the
    domino with the best average: the most tricks for the bidder as bidder, the fewest as
    an opponent (a tie goes to the rule-based choice). Bids, discards and names trumps
    like :class:`MoonRuleBasedPlayer`."""

    name = "sampling"

    def __init__(self, samples: int = 8, seed: int = 0, *, tries: int = 8) -> None:
        self.samples = check_samples(samples, MAX_PLAYER_SAMPLES)  # a bounded decision
        self.seed = seed
        #: Guesses per sample to find one that fits the auction.
        self.tries = tries
        self.rules = MoonRuleBasedPlayer()
        self._solvers: dict[tuple[Contract, int], Solver] = {}

    def bid(self, view: MoonView) -> Decision:
        return self.rules.bid(view)

    def discard(self, view: MoonView) -> Decision:
        return self.rules.discard(view)

    def contract(self, view: MoonView) -> Decision:
        return self.rules.contract(view)

    def averages(self, view: MoonView) -> tuple[dict[Domino, float], int]:
        """Average tricks the bidder takes from here after each legal play, over the
        guessed deals; and how many deals were solved."""
        c, bidder = view.contract, view.bidder
        assert c is not None and bidder is not None
        solver = self._solvers.get((c, bidder))
        if solver is None:
            if len(self._solvers) > 16:
                self._solvers.clear()
            solver = self._solvers[(c, bidder)] = Solver(c, table=moon_shape(bidder))
        rng = random.Random(self.seed * 1_000_003 + _fingerprint(view))
        totals = {d.index: 0.0 for d in view.legal_plays}
        solved = 0
        for _ in range(self.samples):
            hands = sample_moon_holdings(view, rng, tries=self.tries,
                                         widow=self.rules.widow)
            if hands is None:
                continue
            pos = Position.moon((hands[0], hands[1], hands[2]), c, bidder=bidder,
                                bid=view.high_bid, leader=view.leader, trick=view.trick,
                                taken=view.tricks_won)
            for m, v in solver.play_values(pos).items():
                totals[m] += v
            solved += 1
        n = max(solved, 1)
        return {DOMINOES[m]: t / n for m, t in totals.items()}, solved

    def play(self, view: MoonView) -> Decision:
        legal = view.legal_plays
        if len(legal) == 1:
            return Decision(legal[0], f"{legal[0]}: the only legal play.")
        avg, n = self.averages(view)
        sign = 1.0 if view.is_bidder else -1.0
        top = max(sign * v for v in avg.values())
        preferred, _ = self.rules.choose(view)
        tied = [d for d in legal if sign * avg[d] == top]
        best = preferred if preferred in tied else tied[0]
        rest = [d for d in legal if d != best]
        runner = max(rest, key=lambda d: sign * avg[d])
        goal = "takes the most tricks" if view.is_bidder else "leaves the bidder the fewest tricks"
        return Decision(best, (
            f"{best}: {goal} over {n} deals of the unseen dominoes: the bidder takes "
            f"{avg[best]:.1f} from here on average (next best: {runner}, {avg[runner]:.1f})."
        ))


def make_moon_player(name: str, *, seed: int = 0) -> MoonPlayer:
    """A Moon player by name: ``"random"``, ``"rule-based"`` (or ``"rules"``),
    ``"sampling"`` (``"sampling:N"`` for N deals a play)."""
    key, _, arg = name.partition(":")
    key = key.strip().lower()
    if key in ("random", "rand"):
        return MoonRandomPlayer(seed)
    if key in ("rule-based", "rules", "rule", "rulebased"):
        return MoonRuleBasedPlayer()
    if key in ("sampling", "sample", "sampler"):
        if arg and not arg.strip().isdigit():
            raise NotationError(f"{name!r}: the number of deals after 'sampling:' is not a "
                                "whole number", rule="player")
        return MoonSamplingPlayer(int(arg) if arg else 8, seed)
    raise NotationError(f"{name!r} is not a Moon player: random, rule-based or sampling[:N]",
                        rule="player")


# -- playing hands -------------------------------------------------------------------------
def _kind(hand: MoonHand) -> str:
    if hand.next_action is not None:
        return hand.next_action
    raise IllegalActionError(f"nothing to decide: the Moon hand is {hand.phase.value}",
                             rule="hand-over")


def moon_decide(player: MoonPlayer, hand: MoonHand) -> Decision:
    """Ask ``player`` for the action of the seat to act (it only gets that seat's view)."""
    kind = _kind(hand)
    view = MoonView.of(hand)
    ask: dict[str, Callable[[MoonView], Decision]] = {
        "bid": player.bid, "discard": player.discard, "contract": player.contract,
        "play": player.play,
    }
    return ask[kind](view)


def play_moon_hand(hand: MoonHand, players: Sequence[MoonPlayer]) -> list[tuple[int, Decision]]:
    """Let ``players[seat]`` act for each seat until the hand is over (scored, or shaken
    again when all pass); returns every (seat, decision). The engine checks each action."""
    if len(players) != PLAYERS:
        raise ValueError(f"Moon needs {PLAYERS} players, got {len(players)}")
    log = []
    while not hand.is_over:
        seat = hand.to_act
        kind = _kind(hand)
        decision = moon_decide(players[seat], hand)
        action: Action = decision.action
        hand.apply((kind, action))
        log.append((seat, decision))
    return log


# -- matches -------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoonDealResult:
    """One deal: played once by three B players, then three times with A in one seat.
    ``gain``: A's points minus B's in the same seat, with the same two B opponents,
    averaged over the three seats."""

    index: int
    code: str
    #: Points of each seat with B everywhere, and of A in each seat.
    base: tuple[int, int, int]
    with_a: tuple[int, int, int]

    @property
    def gain(self) -> float:
        return sum(a - b for a, b in zip(self.with_a, self.base, strict=True)) / PLAYERS


@dataclass
class MoonMatchResult:
    """The deals of a Moon match and what they add up to."""

    name_a: str
    name_b: str
    seed: int | None
    deals: list[MoonDealResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def hands_played(self) -> int:
        return 4 * len(self.deals)

    @property
    def gain(self) -> tuple[float, float]:
        """A's points per hand minus B's in the same seat and deal, and the half-width
        of the 95% interval."""
        return mean_interval([d.gain for d in self.deals])

    @property
    def per_hand(self) -> tuple[float, float]:
        """Average points per hand of A (in its seat) and of B (with B everywhere)."""
        n = max(1, PLAYERS * len(self.deals))
        return (sum(sum(d.with_a) for d in self.deals) / n,
                sum(sum(d.base) for d in self.deals) / n)

    def summary(self) -> str:
        g, half = self.gain
        a, b = self.per_hand
        return "\n".join([
            f"{self.name_a} (A) vs {self.name_b} (B) at Moon: {len(self.deals)} deals, each "
            f"played by three B players and once with A in each seat ({self.hands_played} "
            f"hands, seed {self.seed}).",
            f"Points per hand: A {a:+.2f}, B {b:+.2f} in the same seats.",
            f"A - B per hand {g:+.2f} (95%: {g - half:+.2f} to {g + half:+.2f}).",
        ])


def _scores(deal: MoonDeal, shaker: int, players: Sequence[MoonPlayer]) -> tuple[int, int, int]:
    hand = MoonHand(deal, shaker=shaker)
    play_moon_hand(hand, players)
    if hand.result is None:
        return (0, 0, 0)
    score = hand.result.score  # (one per seat)
    return (score[0], score[1], score[2])


def moon_match(
    a: MoonPlayer,
    b: MoonPlayer,
    *,
    deals: int = 100,
    seed: int | None = 0,
    progress: Callable[[int, MoonDealResult], None] | None = None,
) -> MoonMatchResult:
    """Duplicate Moon: each deal is played by three B players, then three times more with
    A taking one seat in turn. The luck of the deal and of the seat cancels out in A's
    points minus B's in the same seat.

    >>> r = moon_match(MoonRuleBasedPlayer(), MoonRandomPlayer(1), deals=2, seed=1)
    >>> len(r.deals), r.hands_played
    (2, 8)
    """
    rng = random.Random(seed)
    result = MoonMatchResult(a.name, b.name, seed)
    start = time.perf_counter()
    for i in range(deals):
        deal = MoonDeal.shake(rng)
        shaker = i % PLAYERS
        base = _scores(deal, shaker, [b, b, b])
        mine = []
        for s in range(PLAYERS):
            seats = [a if t == s else b for t in range(PLAYERS)]
            mine.append(_scores(deal, shaker, seats)[s])
        d = MoonDealResult(i, deal.code, base, (mine[0], mine[1], mine[2]))
        result.deals.append(d)
        if progress is not None:
            progress(i, d)
    result.seconds = time.perf_counter() - start
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m texas42.analysis moon-match A B --deals N --seed S``"""
    parser = argparse.ArgumentParser(
        prog="python -m texas42.analysis moon-match",
        description="Duplicate Moon match: player A in each seat against two B players.",
    )
    parser.add_argument("a", help="player A: random, rule-based or sampling[:N]")
    parser.add_argument("b", help="player B: random, rule-based or sampling[:N]")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    res = moon_match(make_moon_player(args.a, seed=args.seed),
                     make_moon_player(args.b, seed=args.seed + 1),
                     deals=args.deals, seed=args.seed)
    print(res.summary())
    print(f"({res.seconds:.0f} s)", file=sys.stderr)
    return 0



__all__ = [
    "MoonDealResult",
    "MoonEstimate",
    "MoonMatchResult",
    "MoonPlayer",
    "MoonRandomPlayer",
    "MoonRuleBasedPlayer",
    "MoonSamplingPlayer",
    "MoonView",
    "best_estimate",
    "estimate",
    "make_moon_player",
    "moon_bid_misfit",
    "moon_decide",
    "moon_match",
    "play_moon_hand",
    "sample_moon_holdings",
]
