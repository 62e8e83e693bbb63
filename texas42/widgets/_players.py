"""Computer players for the explorers: the analysis package's players when it
is installed, else a small rule-of-thumb player. Every decision comes with its
reason in one line.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ..bidding import PASS, SPECIAL_BIDS, bid_text, parse_bid
from ..contracts import Contract, tables
from ..dominoes import Domino, mask_dominoes
from ..hand import Hand, Phase


@dataclass(frozen=True)
class Decision:
    """One computer action and why."""

    kind: str  # "bid" | "contract" | "play"
    value: int | str | Contract | Domino  # str: a plunge or splash
    reason: str

    def apply(self, hand: Hand) -> None:
        hand.apply((self.kind, self.value))

    @property
    def text(self) -> str:
        if self.kind == "bid" and isinstance(self.value, int):
            return bid_text(self.value)
        return str(self.value)


def analysis() -> Any:
    """texas42.analysis when it exists and imports, else None."""
    try:
        return importlib.import_module("texas42.analysis")
    except Exception:
        return None


# -- the rule-of-thumb player ---------------------------------------------------------------
def _suit_strength(mask: int, n: int) -> tuple[int, int, int]:
    ds = [d for d in mask_dominoes(mask) if d.has(n)]
    has_double = any(d.is_double for d in ds)
    return (len(ds) + (1 if has_double else 0), int(has_double), n)


def best_suit(mask: int) -> int:
    """The number a hand would like as trumps: most dominoes of it, its double a plus."""
    return max(range(7), key=lambda n: _suit_strength(mask, n))


def simple_bid(hand: Hand) -> Decision:
    mask = hand.deal.masks[hand.to_act]
    n = best_suit(mask)
    held = [d for d in mask_dominoes(mask) if d.has(n)]
    doubles = sum(d.is_double for d in mask_dominoes(mask))
    valid = hand.valid_bids()
    strength = len(held) + (1 if Domino(n, n) in held else 0) + max(0, doubles - 2)
    wish = 0
    if strength >= 5:
        wish = min(41, 28 + 2 * (strength - 3))
    words = f"holds {len(held)} {Contract.suit(n).trump_label}" + (
        f" with the {n}-{n}" if Domino(n, n) in held else ""
    )
    options = [b for b in valid if b != PASS and b <= max(wish, 0)]
    if options:
        return Decision(
            "bid", options[0], f"{words} and {doubles} doubles: worth a bid of {options[0]}"
        )
    if PASS in valid:
        over = f" over {bid_text(hand.high_bid)}" if hand.high_bid else ""
        return Decision("bid", PASS, f"{words}: too weak to bid{over}, passes")
    return Decision("bid", valid[0], f"everyone passed, so the shaker must bid: {valid[0]}")


def simple_contract(hand: Hand) -> Decision:
    mask = hand.holding(hand.to_act).mask
    n = best_suit(mask)
    allowed = hand.valid_contracts()
    doubles = sum(d.is_double for d in mask_dominoes(mask))
    dbl = Contract("doubles")
    if doubles >= 4 and dbl in allowed:
        return Decision("contract", dbl, f"holds {doubles} doubles: names doubles as trumps")
    c = Contract.suit(n)
    if c not in allowed:
        c = allowed[0]
    count = sum(1 for d in mask_dominoes(mask) if d.has(n))
    return Decision(
        "contract", c, f"holds {count} {c.trump_label}, the longest suit: names them trumps"
    )


def simple_play(hand: Hand) -> Decision:
    legal = hand.legal_plays()
    contract = hand.contract
    assert contract is not None and legal
    if len(legal) == 1:
        return Decision("play", legal[0], f"{legal[0]} is the only domino it may play")
    t = tables(contract)
    trick = hand.current_trick

    def low_key(d: Domino) -> tuple[int, int, int]:
        return (d.count, int(bool(t.trump_mask >> d.index & 1)), d.pips)

    if not trick:
        played = 0
        for tr in hand.tricks:
            for d in tr.plays:
                played |= 1 << d.index
        trumps_left = mask_dominoes(t.trump_mask & ~played)
        if trumps_left:
            top = max(trumps_left, key=lambda d: t.power[8][d.index])
            if top in legal:
                return Decision(
                    "play", top, f"{top} is the highest trump left: it leads it to draw trumps"
                )
        doubles = [d for d in legal if d.is_double and not t.trump_mask >> d.index & 1]
        if doubles:
            d = max(doubles, key=lambda x: x.high)
            return Decision("play", d, f"{d} is the top of its suit: a safe lead")
        d = min(legal, key=low_key)
        return Decision("play", d, f"nothing sure to win: leads its least valuable domino, {d}")
    seat = hand.to_act
    best = t.best(trick)
    winner_seat = (hand.leader + best) % 4
    lead = t.lead[trick[0].index]
    power = t.power[lead]
    if winner_seat % 2 == seat % 2:
        d = (
            max(legal, key=lambda x: (x.count, -power[x.index]))
            if len(trick) == 3
            else min(legal, key=low_key)
        )
        why = "gives count to" if d.count else "plays low under"
        return Decision("play", d, f"its partner is winning the trick: {why} it with {d}")
    winners = [d for d in legal if power[d.index] > power[trick[best].index]]
    if winners:
        d = min(winners, key=lambda x: power[x.index])
        return Decision("play", d, f"{d} is the cheapest domino that beats {trick[best]}")
    d = min(legal, key=low_key)
    return Decision(
        "play", d, f"it cannot beat {trick[best]}: throws its least valuable domino, {d}"
    )


def decide(hand: Hand) -> Decision:
    """The computer's action for the player to act, with its reason."""
    a = analysis()
    if a is not None:
        decision = _analysis_decision(a, hand)
        if decision is not None:
            return decision
    if hand.phase is Phase.BIDDING:
        return simple_bid(hand)
    if hand.phase is Phase.CONTRACT:
        return simple_contract(hand)
    return simple_play(hand)


_PLAYER: list[Any] = []


def _analysis_decision(a: Any, hand: Hand) -> Decision | None:
    """Ask the analysis package's default player (it sees only its own seat)."""
    make = getattr(a, "default_player", None) or getattr(a, "RuleBasedPlayer", None)
    ask = getattr(a, "decide", None)
    if make is None or ask is None:
        return None
    if not _PLAYER:
        _PLAYER.append(make())
    d = ask(_PLAYER[0], hand)
    kind = {Phase.BIDDING: "bid", Phase.CONTRACT: "contract"}.get(hand.phase, "play")
    value = d.action
    if kind == "bid" and isinstance(value, str) and value not in SPECIAL_BIDS:
        value = parse_bid(value)
    elif kind == "contract" and isinstance(value, str):
        value = Contract.parse(value)
    elif kind == "play" and isinstance(value, str):
        value = Domino.parse(value)
    reason = str(d.reason)
    # "6-0: leads a trump ..." -> "leads a trump ..." (the action is said already)
    head, sep, rest = reason.partition(": ")
    if sep and head.strip() in (bid_text(value) if isinstance(value, int) else str(value),):
        reason = rest
    return Decision(kind, value, reason.rstrip("."))
