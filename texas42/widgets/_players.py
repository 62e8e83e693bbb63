"""The explorers' door to the computer players: the analysis' one set of players
(:mod:`texas42.analysis.players`, the same at every table) deciding for the seat to
act, each decision with its reason in one line, worded for the explorers (the action
is said already, so the reason starts after it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.players import Player, default_player
from ..analysis.players import decide as _decide
from ..analysis.players import make_player as _make_player
from ..bidding import PASS, bid_text
from ..contracts import Contract
from ..dominoes import Domino
from ..hand import Hand
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


#: The computer players a learner may choose, by dropdown value ("default": the
#: explorers' own player, :func:`texas42.analysis.players.default_player`).
PLAYER_CHOICES = (("The explorers' player", "default"), ("Rule-based", "rule-based"),
                  ("Sampling (stronger, slower)", "sampling:6"), ("Random", "random"))


def make_player(rules: Rules, name: str = "default", *, seed: int = 0) -> Player:
    """A computer player by dropdown value (:data:`PLAYER_CHOICES`) for ``rules``' table
    (every player plays every table; "default" is the table's default player)."""
    if name == "default":
        return default_player(seed, rules)
    return _make_player(name, seed=seed)


#: The default player of each kind of bidding ("points", "tricks"), made once.
_PLAYER: dict[str, Player] = {}


def decide(hand: Hand, player: Player | None = None) -> Decision:
    """THE computer's action for the seat to act at any table (``player``, default the
    explorers' :func:`~texas42.analysis.players.default_player`; it sees only that seat)."""
    if player is None:
        kind = hand.rules.bidding
        if kind not in _PLAYER:
            _PLAYER[kind] = default_player(rules=hand.rules)
        player = _PLAYER[kind]
    d = _decide(player, hand)
    value = d.action
    reason = d.reason
    in_tricks = hand.rules.bidding == "tricks"
    # "6-0: leads a trump ..." -> "leads a trump ..." (the action is said already)
    head, sep, rest = reason.partition(": ")
    said = bid_text(value) if isinstance(value, int) and not in_tricks else (
        "pass" if value == 0 else str(value))
    if sep and head.strip() == said:
        reason = rest
    return Decision(d.kind, value, reason.rstrip("."), tricks=in_tricks)
