"""Computer players for the explorers, at every table: ONE door, :func:`decide`.

It asks the analysis package's players where the table has one (42's four seats:
:func:`texas42.analysis.default_player`; Moon's three: the Moon players), else a small
rule-of-thumb player that plays any table (three-hand 42, Moon for four to seven, or
no analysis package). Every decision comes with its reason in one line.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from ..bidding import PASS, SPECIAL_BIDS, bid_text, parse_bid
from ..contracts import Contract, tables
from ..dominoes import Domino, mask_dominoes
from ..hand import Hand, Phase
from ..rules import Rules


@dataclass(frozen=True)
class Decision:
    """One computer action and why."""

    kind: str  # "bid" | "discard" | "contract" | "play"
    value: int | str | Contract | Domino  # str: a plunge or splash
    reason: str
    tricks: bool = False  # a bid in tricks (Moon's), not in points

    def apply(self, hand: Hand) -> None:
        hand.apply((self.kind, self.value))

    @property
    def text(self) -> str:
        if self.kind == "bid" and isinstance(self.value, int):
            return trick_bid_words(self.value) if self.tricks else bid_text(self.value)
        return str(self.value)


def trick_bid_words(bid: int) -> str:
    """A bid in tricks in words: ``"pass"``, ``"5 tricks"``, ``"21: shoot the moon"``."""
    if bid == PASS:
        return "pass"
    return f"{bid}: shoot the moon" if bid > 7 else f"{bid} trick{'s' if bid != 1 else ''}"


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
    if hand.rules.bidding == "tricks":
        return _simple_trick_bid(hand)
    mask = hand.holding(hand.to_act).mask
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


def _simple_trick_bid(hand: Hand) -> Decision:
    """A bid in tricks: one trick for each sure-looking domino (a double, or a high
    domino of its longest suit), the lowest bid it reaches."""
    mask = hand.holding(hand.to_act).mask
    n = best_suit(mask)
    ds = mask_dominoes(mask)
    strong = sum(1 for d in ds if d.is_double or (d.has(n) and d.other_end(n) >= 4))
    valid = hand.valid_bids()
    options = [b for b in valid if b != PASS and b <= strong]
    held = f"{strong} strong domino{'es' if strong != 1 else ''}"
    if options:
        return Decision("bid", options[0], f"{held} (doubles and high "
                        f"{Contract.suit(n).trump_label}): bids {trick_bid_words(options[0])}",
                        tricks=True)
    if PASS in valid:
        return Decision("bid", PASS, f"only {held}: too weak to bid, passes", tricks=True)
    return Decision("bid", valid[0], "everyone passed, so the shaker must bid: "
                    + trick_bid_words(valid[0]), tricks=True)


def simple_discard(hand: Hand) -> Decision:
    """Lay aside the least useful domino: the lowest of the shortest suit, never a double."""
    mask = hand.holding(hand.to_act).mask
    n = best_suit(mask)
    ds = [d for d in mask_dominoes(mask) if not d.has(n) and not d.is_double] or list(
        mask_dominoes(mask))
    d = min(ds, key=lambda x: (x.count, x.pips))
    return Decision("discard", d, f"{d} is the least useful domino, off its longest suit")


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
    seats = hand._trick_seats  # who played each domino of the trick so far
    winner_seat = seats[best]
    lead = t.lead[trick[0].index]
    power = t.power[lead]
    rules = hand.rules
    bidder = hand.bidder
    if winner_seat != seat and rules.side_of(winner_seat, bidder) == rules.side_of(seat, bidder):
        d = (
            max(legal, key=lambda x: (x.count, -power[x.index]))
            if len(trick) == hand._trick_size - 1
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


#: The computer players a learner may choose, by dropdown value ("default": the
#: table's own default player).
PLAYER_CHOICES = (("The explorers' player", "default"), ("Rule-based", "rule-based"),
                  ("Sampling (stronger, slower)", "sampling:6"), ("Random", "random"))


def _table(hand_or_rules: Hand | Rules) -> str:
    """Which players a table has: ``"42"`` (four seats of partners), ``"moon"`` (Moon's
    three), or ``""`` (none yet: the rule-of-thumb player plays)."""
    rules = hand_or_rules if isinstance(hand_or_rules, Rules) else hand_or_rules.rules
    if rules.seats == 4 and rules.sides == "partners" and rules.bidding == "points":
        return "42"
    from ..moon import is_moon_rules

    return "moon" if is_moon_rules(rules) else ""


def has_player(rules: Rules) -> bool:
    """Whether the analysis package has players for this table (else the rule of thumb)."""
    return bool(_table(rules)) and analysis() is not None


def make_player(rules: Rules, name: str = "default", *, seed: int = 0) -> Any:
    """A computer player for ``rules``' table by name (:data:`PLAYER_CHOICES`), for
    :func:`decide`; ``None``: the rule-of-thumb player (a table with none yet)."""
    a, table = analysis(), _table(rules)
    if a is None or not table:
        return None
    if table == "moon":
        return a.make_moon_player("rule-based" if name == "default" else name, seed=seed)
    return a.default_player(seed) if name == "default" else a.make_player(name, seed=seed)


_DEFAULT: dict[str, Any] = {}


def decide(hand: Hand, player: Any = None) -> Decision:
    """THE computer's action for the seat to act at any table, with its reason; ``player``
    from :func:`make_player` (default: the table's default player)."""
    table = _table(hand)
    if player is None and table and analysis() is not None:
        if table not in _DEFAULT:
            _DEFAULT[table] = make_player(hand.rules)
        player = _DEFAULT[table]
    if player is not None and table == "moon":
        return _moon_decision(player, hand)
    if player is not None and table == "42":
        decision = _analysis_decision(analysis(), player, hand)
        if decision is not None:
            return decision
    if hand.next_action == "discard":
        return simple_discard(hand)
    if hand.phase is Phase.BIDDING:
        return simple_bid(hand)
    if hand.phase is Phase.CONTRACT:
        return simple_contract(hand)
    return simple_play(hand)


def _moon_decision(player: Any, hand: Hand) -> Decision:
    kind = hand.next_action or "play"
    d = analysis().moon_decide(player, hand)
    return Decision(kind, d.action, str(d.reason).rstrip("."), tricks=True)


def _analysis_decision(a: Any, player: Any, hand: Hand) -> Decision | None:
    """Ask an analysis package player (it sees only its own seat)."""
    ask = getattr(a, "decide", None)
    if ask is None:
        return None
    d = ask(player, hand)
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
