"""Dealing the unseen dominoes again, consistently with what a seat has seen.

The sampling player and the hand evaluator both need many guesses at the other holdings.
A guess must respect what is public: how many dominoes each seat still holds, and the
suits each seat showed it cannot follow. It should also look like the bids: a seat that
bid 34 rarely holds nothing. :func:`deal_hidden` does the first part exactly;
:func:`bid_misfit` scores the second, and :func:`sample_holdings` rejects guesses that
misfit while a few tries allow it.
"""

from __future__ import annotations

import random

from ..bidding import MARK, PASS
from ..contracts import Contract, tables
from ..hand import allowed_contracts
from ._tables import fast_tables
from .rules_of_thumb import (
    nello_estimate,
    play_choice,
    seat_settings,
    sevens_estimate,
    strength,
    worth,
)
from .trick_thumb import bid_level
from .view import SeatView

GONE = -1


def deal_hidden(
    rng: random.Random,
    pool: int,
    needs: dict[int, int],
    forbidden: dict[int, int] | None = None,
) -> dict[int, int] | None:
    """Share the dominoes of ``pool`` out: ``needs[s]`` to each seat ``s``, never a domino
    of ``forbidden[s]`` to seat ``s``. Dominoes left over (played in tricks the seat may
    not look at) go nowhere. Returns the masks by seat, or ``None`` if impossible."""
    forbidden = forbidden or {}
    seats = list(needs)
    spare = pool.bit_count() - sum(needs.values())
    if spare < 0:
        return None
    dominoes = [i for i in range(28) if pool >> i & 1]
    if not any(forbidden.get(s, 0) & pool for s in seats):
        # No constraint: a plain shuffle is exactly uniform.
        rng.shuffle(dominoes)
        out, at = {}, 0
        for s in seats:
            mask = 0
            for i in dominoes[at : at + needs[s]]:
                mask |= 1 << i
            out[s] = mask
            at += needs[s]
        return out
    buckets = [*seats, GONE]
    caps0 = [needs[s] for s in seats] + [spare]
    allowed = {
        i: [b for b, s in enumerate(buckets) if s == GONE or not forbidden.get(s, 0) >> i & 1]
        for i in dominoes
    }
    for _ in range(20):
        caps = list(caps0)
        order = sorted(dominoes, key=lambda i: (len(allowed[i]), rng.random()))
        masks = [0] * len(buckets)
        for i in order:
            choices = [b for b in allowed[i] if caps[b] > 0]
            if not choices:
                break
            b = rng.choices(choices, [caps[c] for c in choices])[0]
            caps[b] -= 1
            masks[b] |= 1 << i
        else:
            return {s: masks[k] for k, s in enumerate(seats)}
    # Many constraints: deal one domino at a time, only where the rest still fit.
    exact = _deal_checked(rng, dominoes, buckets, caps0, allowed)
    return None if exact is None else {s: exact[k] for k, s in enumerate(seats)}


def _feasible(dominoes: list[int], caps: list[int], allowed: dict[int, list[int]],
              n: int) -> bool:
    """Hall's condition: every set of buckets can take the dominoes that may only go
    there."""
    for subset in range(1, 1 << n):
        cap = sum(caps[b] for b in range(n) if subset >> b & 1)
        need = sum(1 for i in dominoes if all(subset >> b & 1 for b in allowed[i]))
        if need > cap:
            return False
    return True


def _deal_checked(
    rng: random.Random,
    dominoes: list[int],
    buckets: list[int],
    caps0: list[int],
    allowed: dict[int, list[int]],
) -> list[int] | None:
    """Deal one domino at a time, only where the rest can still be dealt."""
    caps = list(caps0)
    masks = [0] * len(buckets)
    left = list(dominoes)
    rng.shuffle(left)
    while left:
        i = left.pop()
        choices = []
        for b in allowed[i]:
            if caps[b] <= 0:
                continue
            caps[b] -= 1
            if _feasible(left, caps, allowed, len(buckets)):
                choices.append(b)
            caps[b] += 1
        if not choices:
            return None
        weights = [caps[b] for b in choices]
        b = rng.choices(choices, weights)[0]
        caps[b] -= 1
        masks[b] |= 1 << i
    return masks


def bid_misfit(view: SeatView, seat: int, dealt: int) -> int:
    """At a table bidding in points: how badly a guessed original hand ``dealt`` of
    ``seat`` fits its bid (and its contract, for the bidder), in the rule-based bidder's
    own terms (0: fits)."""
    misfit = 0
    # The rule-based bidder bids for points with these; nello and sevens by their own
    # estimate (below), as :func:`texas42.analysis.players.special_choice` does.
    contracts = tuple(c for c in allowed_contracts(view.rules)
                      if c.kind in ("trumps", "doubles", "follow-me"))
    c = view.contract
    if seat == view.bidder and c is not None and c.kind in ("nello", "sevens"):
        estimate = nello_estimate(dealt, c) if c.kind == "nello" else sevens_estimate(dealt)
        return len(estimate.dangerous)
    high = PASS
    for i, bid in enumerate(view.bids):
        s = view.bidding_order[i]
        if s == seat:
            est = worth(dealt, contracts)
            if bid == PASS:
                if i < view.seats - 1 or high != PASS:
                    misfit += max(0, est - max(high + 3, view.rules.min_bid + 3)) // 3
            else:
                misfit += max(0, min(bid, 42) - 6 - est) // 3
            break
        if bid != PASS:
            high = bid
    if seat == view.bidder and view.contract is not None and view.contract.has_trumps:
        chosen: Contract = view.contract
        st = strength(dealt, chosen)
        if st.trumps < 2:
            misfit += 2
    return misfit


def trick_bid_misfit(view: SeatView, seat: int, dealt: int, *, slack: int = 1,
                     widow: float = 1.0) -> int:
    """At a table bidding in tricks: how badly a guessed original hand ``dealt`` of
    ``seat`` fits its bid, in tricks of the rule-based bidder's own level (0: fits). With
    ``slack`` 0 it fits exactly when the rule-based player would have bid the same; each
    unit of slack forgives one trick more (a passer a trick stronger, a bidder a trick
    off its bid)."""
    rules = view.rules
    high = 0
    for i, bid in enumerate(view.bids):
        if view.bidding_order[i] == seat:
            level = bid_level(dealt, tuple(allowed_contracts(rules)), rules, widow)
            if bid == PASS:
                return max(0, level - max(rules.trick_min_bid - 1, high) - slack)
            said = rules.hand_size + 1 if bid == rules.moon_bid else bid
            return max(0, abs(level - said) - slack)
        high = max(high, bid)
    return 0  # the auction ended before its turn (someone shot the moon)


def _trick_misfit(view: SeatView, hands: list[int], dealt: dict[int, int],
                  shown: dict[int, int], slack: int, widow: float) -> int:
    """The auction's misfit of a guess at a table bidding in tricks (see
    :func:`trick_bid_misfit`)."""
    misfit = 0
    for s in dealt:
        if s != view.bidder or not view.rules.widow:
            misfit += trick_bid_misfit(view, s, hands[s] | shown[s], slack=slack,
                                       widow=widow)
            continue
        # The bidder's hand and the widow: what it holds and played, and the discards
        # (what no seat got); any of them may have been in the widow.
        whole = hands[s] | shown[s] | (view.unseen & ~sum(dealt.values()))
        n = view.rules.hand_size
        misfit += min(trick_bid_misfit(view, s, whole & ~(1 << x), slack=slack, widow=widow)
                      for x in range(28) if whole >> x & 1) if whole.bit_count() == n + 1 else 0
    return misfit


def sample_holdings(
    view: SeatView, rng: random.Random, *, tries: int = 8, slack: int = 1,
    widow: float = 1.0,
) -> list[int] | None:
    """One guess at every holding (masks by seat; the viewer's own is exact),
    consistent with the public facts (how many each seat holds, the suits it showed it
    cannot follow; the widow, the discards and the dominoes laid aside are among the
    unseen unless the seat saw them); among ``tries`` guesses, the first that fits the
    bids, else the one that fits them best. At a table bidding in tricks the bids are
    judged once the contract is named (``slack`` and ``widow``: see
    :func:`trick_bid_misfit`)."""
    me = view.seat
    seats = view.seats
    needs = {s: view.remaining_count(s) for s in range(seats) if s != me}
    pool = view.unseen
    voids = view.voids()
    forbidden: dict[int, int] = {}
    if view.contract is not None:
        members = tables(view.contract).members
        for s, suits in voids.items():
            mask = 0
            for suit in range(9):
                if suits >> suit & 1:
                    mask |= members[suit]
            forbidden[s] = mask
    # Dominoes each seat is known to have played (to rebuild its hand for the bids).
    shown = {s: 0 for s in range(seats)}
    for s, _, d in view.plays_seen():
        shown[s] |= 1 << d.index
    in_tricks = view.rules.bidding == "tricks"
    judge = view.contract is not None if in_tricks else bool(view.bids)
    size = view.rules.hand_size
    best: list[int] | None = None
    best_misfit = 1 << 30
    for _ in range(max(1, tries)):
        dealt = deal_hidden(rng, pool, needs, forbidden)
        if dealt is None:
            return None
        hands = [0] * seats
        hands[me] = view.held
        for s, m in dealt.items():
            hands[s] = m
        if not judge:
            return hands
        if in_tricks:
            misfit = _trick_misfit(view, hands, dealt, shown, slack, widow)
        else:
            misfit = 0
            for s in needs:
                original = hands[s] | shown[s]
                if original.bit_count() == size:  # not rebuilt if some tricks are hidden
                    misfit += bid_misfit(view, s, original)
        if misfit == 0:
            return hands
        if misfit < best_misfit:
            best, best_misfit = hands, misfit
    return best


#: How much less likely a guess becomes for each seen play the rule-based player would
#: not have made in it: good players mostly play like it, never exactly like it.
MISS_WEIGHT = 0.5


def play_likelihood(view: SeatView, hands: list[int], miss: float = MISS_WEIGHT) -> float:
    """How well a guess of the holdings explains the plays the seat saw: ``miss`` to the
    power of the other seats' plays (with a choice) that the rule-based player would not
    have made holding what the guess gives it. 1.0 when the guess cannot be judged (some
    tricks hidden, nello or sevens, a table other than 42's four seats of partners)."""
    contract = view.contract
    if (contract is None or contract.kind in ("nello", "sevens") or view.seats != 4
            or view.rules.sides != "partners" or view.rules.bidding != "points"
            or len(view.tricks) != view.tricks_played or view.bidder is None):
        return 1.0
    ft = fast_tables(contract)
    held = list(hands)
    # Give each seat back every domino it played: its holding before the first trick.
    tricks = (*view.tricks, view.current())
    for t in tricks:
        for s, d in zip(t.seats, t.plays, strict=True):
            held[s] |= 1 << d.index
    bid_team = view.bidder & 1
    every_trick = view.high_bid >= MARK
    settings = seat_settings(contract, bid_team, every_trick)
    weight = 1.0
    for t in tricks:
        plays: list[int] = []
        for k, (s, d) in enumerate(zip(t.seats, t.plays, strict=True)):
            h = held[s]
            legal = (h & ft.members[ft.lead[plays[0]]] or h) if plays else h
            if s != view.seat and legal & (legal - 1):
                unknown = (held[0] | held[1] | held[2] | held[3]) & ~h
                m = play_choice(settings[s], h, legal, unknown, plays, k == 3,
                                k - 2 if k >= 2 else -1)[0]
                if m != d.index:
                    weight *= miss
            held[s] = h & ~(1 << d.index)
            plays.append(d.index)
    return weight
