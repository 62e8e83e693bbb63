"""Computer players that explain themselves.

Every player answers three questions, each from a :class:`~texas42.analysis.view.SeatView`
(what its seat may see, nothing more): what to bid, which contract to name, which domino
to play. Each answer is a :class:`Decision`: the action and a one-line reason.

- :class:`RandomPlayer`: any legal action, at random.
- :class:`RuleBasedPlayer`: plays like a sound club player (see
  :mod:`texas42.analysis.rules_of_thumb`).
- :class:`SamplingPlayer`: deals the unseen dominoes many times, consistently with
  everything it saw, solves each deal exactly and plays the domino with the best average.

>>> from texas42 import Hand, Deal
>>> hand = Hand(Deal.from_seed(5), shaker=3)
>>> players = [RuleBasedPlayer()] * 4
>>> log = play_hand(hand, players)
>>> hand.is_over
True
>>> all(isinstance(d.reason, str) and d.reason for _, d in log)
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..bidding import PASS, bid_text
from ..contracts import Contract
from ..dominoes import DOMINOES, Domino
from ..hand import Hand, Phase, allowed_contracts
from ._tables import fast_tables
from .position import Position
from .rules_of_thumb import (
    SEVENS,
    _above,
    _trump_order,
    best_strength,
    explain,
    nello_choice,
    play_choice,
)
from .sampling import sample_holdings
from .solver import Solver
from .view import SeatView

Action = int | str | Contract | Domino


@dataclass(frozen=True)
class Decision:
    """A player's choice and why, in one line."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return self.reason


@runtime_checkable
class Player(Protocol):
    """What a computer player does. Each method gets the view of the seat to act."""

    name: str

    def bid(self, view: SeatView) -> Decision: ...

    def contract(self, view: SeatView) -> Decision: ...

    def play(self, view: SeatView) -> Decision: ...


def decide(player: Player, hand: Hand) -> Decision:
    """Ask ``player`` for the action of the seat to act in ``hand`` (it only gets that
    seat's view)."""
    view = SeatView.of(hand)
    if hand.phase is Phase.BIDDING:
        return player.bid(view)
    if hand.phase is Phase.CONTRACT:
        return player.contract(view)
    if hand.phase is Phase.PLAYING:
        return player.play(view)
    raise ValueError(f"nothing to decide: the hand is {hand.phase.value}")


def _apply(hand: Hand, decision: Decision) -> None:
    a = decision.action
    if hand.phase is Phase.BIDDING:
        assert isinstance(a, int | str)
        hand.bid(a)
    elif hand.phase is Phase.CONTRACT:
        assert isinstance(a, Contract)
        hand.name_contract(a)
    else:
        assert isinstance(a, Domino)
        hand.play(a)


def play_hand(hand: Hand, players: Sequence[Player]) -> list[tuple[int, Decision]]:
    """Let ``players[seat]`` act for each seat until the hand is over; returns every
    (seat, decision) in order. Illegal actions raise (the engine checks them)."""
    log = []
    while not hand.is_over:
        seat = hand.to_act
        decision = decide(players[seat], hand)
        _apply(hand, decision)
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


# -- random -------------------------------------------------------------------------------
class RandomPlayer:
    """Any legal action, uniformly at random (reproducible with ``seed``)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def _rng(self, view: SeatView) -> random.Random:
        if self.seed is None:
            return random.Random()
        return random.Random(self.seed * 1_000_003 + _fingerprint(view))

    def bid(self, view: SeatView) -> Decision:
        choices: list[int | str] = [*view.legal_bids, *view.legal_special_bids]
        b = self._rng(view).choice(choices)
        text = b if isinstance(b, str) else bid_text(b)
        return Decision(b, f"{text}: a random choice among {len(choices)} legal bids.")

    def contract(self, view: SeatView) -> Decision:
        c = self._rng(view).choice(view.legal_contracts)
        return Decision(c, f"{c}: a random choice among {len(view.legal_contracts)} contracts.")

    def play(self, view: SeatView) -> Decision:
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
    """

    name = "rule-based"

    def __init__(self, margin: int = 4) -> None:
        self.margin = margin

    def bid(self, view: SeatView) -> Decision:
        contracts = bidding_contracts(tuple(allowed_contracts(view.rules)))
        st = best_strength(view.dealt, contracts)
        partner_bid = view.bidder is not None and view.bidder == view.partner
        b, why = rule_bid(st.points, view.legal_bids, view.high_bid, partner_bid,
                          view.rules.min_bid, self.margin)
        best = f"its best contract is {st.contract}, worth about {st.points} ({st.describe()})"
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

    def contract(self, view: SeatView) -> Decision:
        contracts = bidding_contracts(view.legal_contracts) or view.legal_contracts
        st = best_strength(view.dealt, contracts)
        return Decision(st.contract, f"{st.contract}: {st.describe()} "
                        f"(worth about {st.points} points).")

    def play(self, view: SeatView) -> Decision:
        idx, code, about = self.choose(view)
        assert view.contract is not None
        return Decision(DOMINOES[idx], explain(code, idx, about, view.contract))

    def choose(self, view: SeatView) -> tuple[int, str, int]:
        """The play as (domino index, reason code, domino it is about)."""
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
        partner_pos = seats.index(view.partner) if view.partner in seats[: len(plays)] else -1
        bidding_side = view.bidder is not None and view.bidder % 2 == view.team
        return play_choice(
            ft, _above(contract), _trump_order(contract), view.held, legal, view.unseen,
            plays, len(plays) == len(seats) - 1, partner_pos, bidding_side,
        )


def bidding_contracts(contracts: Sequence[Contract]) -> tuple[Contract, ...]:
    """The contracts the rule-based bidder plays for points: trumps, doubles,
    follow-me (it never bids nello or sevens)."""
    return tuple(c for c in contracts if c.kind in ("trumps", "doubles", "follow-me"))


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


# -- sampling -----------------------------------------------------------------------------
class SamplingPlayer:
    """Deals the unseen dominoes ``samples`` times, consistently with everything its seat
    saw (how many each seat holds, who could not follow what, the bids), solves each deal
    exactly and plays the domino with the best average points for its side from here.
    Bids and names the contract like :class:`RuleBasedPlayer`.

    It only ever gets its seat's view, so it cannot peek at hidden hands; its random
    guesses are seeded from ``seed`` and the view, so the same view gives the same play.
    """

    name = "sampling"

    def __init__(self, samples: int = 12, seed: int = 0) -> None:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.seed = seed
        self.rules = RuleBasedPlayer()
        self._solvers: dict[tuple[Contract, int | None, int], Solver] = {}

    def bid(self, view: SeatView) -> Decision:
        d = self.rules.bid(view)
        return Decision(d.action, d.reason)

    def contract(self, view: SeatView) -> Decision:
        return self.rules.contract(view)

    def _solver(self, contract: Contract, out: int | None, bid_team: int) -> Solver:
        key = (contract, out, bid_team)
        s = self._solvers.get(key)
        if s is None:
            s = self._solvers[key] = Solver(contract, out, bid_team)
        return s

    def averages(self, view: SeatView) -> tuple[dict[Domino, float], int]:
        """Average points for the seat's side from here for each legal play, over the
        guessed deals; and how many deals were solved."""
        contract = view.contract
        assert contract is not None
        rng = random.Random(self.seed * 1_000_003 + _fingerprint(view))
        solver = self._solver(contract, view.sitting_out, (view.bidder or 0) % 2)
        totals = {d.index: 0.0 for d in view.legal_plays}
        solved = 0
        team = view.team
        for _ in range(self.samples):
            hands = sample_holdings(view, rng)
            if hands is None:
                continue
            pos = Position(
                (hands[0], hands[1], hands[2], hands[3]), contract, view.leader, view.trick,
                bidder=view.bidder, out=view.sitting_out,
            )
            if pos.to_act != view.seat:  # pragma: no cover - the view is of the seat to act
                raise AssertionError("the sampled position has another seat to act")
            values = solver.play_values(pos)
            rest = pos.remaining_points
            for m, v in values.items():
                totals[m] += v if team == 0 else rest - v
            solved += 1
            solver.clear()
        n = max(solved, 1)
        return {DOMINOES[m]: t / n for m, t in totals.items()}, solved

    def play(self, view: SeatView) -> Decision:
        legal = view.legal_plays
        if len(legal) == 1:
            return Decision(legal[0], f"{legal[0]}: the only legal play.")
        avg, n = self.averages(view)
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
            f"{best}: best average over {n} deals of the unseen dominoes: {value:.1f} points "
            f"for its side from here (next: {runner[0]}, {runner[1]:.1f})."
        ))


def make_player(name: str, *, seed: int = 0, samples: int | None = None) -> Player:
    """A player by name: ``"random"``, ``"rule-based"`` (or ``"rules"``),
    ``"sampling"`` (optionally ``"sampling:N"`` for N samples)."""
    key, _, arg = name.partition(":")
    key = key.strip().lower()
    if key in ("random", "rand"):
        return RandomPlayer(seed)
    if key in ("rule-based", "rules", "rule", "rulebased"):
        return RuleBasedPlayer()
    if key in ("sampling", "sample", "sampler"):
        n = int(arg) if arg else (samples or 12)
        return SamplingPlayer(n, seed)
    raise ValueError(f"{name!r} is not a player: random, rule-based or sampling[:N]")
