"""The explorers' door to the computer players: the analysis' one player
(:func:`texas42.analysis.players.default_player`, at every table) deciding for
the seat to act, each decision with its reason in one line, worded for the
explorers (the action is said already, so the reason starts after it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.players import Player, default_player
from ..analysis.players import decide as _decide
from ..bidding import bid_text
from ..contracts import Contract
from ..dominoes import Domino
from ..hand import Hand


@dataclass(frozen=True)
class Decision:
    """One computer action and why."""

    kind: str  # "bid" | "discard" | "contract" | "play"
    value: int | str | Contract | Domino  # str: a plunge or splash
    reason: str

    def apply(self, hand: Hand) -> None:
        hand.apply((self.kind, self.value))

    @property
    def text(self) -> str:
        if self.kind == "bid" and isinstance(self.value, int):
            return bid_text(self.value)
        return str(self.value)


_PLAYER: list[Player] = []


def decide(hand: Hand, player: Player | None = None) -> Decision:
    """The computer's action for the seat to act (``player``, default the explorers'
    :func:`~texas42.analysis.players.default_player`; it sees only that seat)."""
    if player is None:
        if not _PLAYER:
            _PLAYER.append(default_player())
        player = _PLAYER[0]
    d = _decide(player, hand)
    value = d.action
    reason = d.reason
    # "6-0: leads a trump ..." -> "leads a trump ..." (the action is said already)
    head, sep, rest = reason.partition(": ")
    said = bid_text(value) if isinstance(value, int) and hand.rules.bidding == "points" else (
        "pass" if value == 0 else str(value))
    if sep and head.strip() == said:
        reason = rest
    return Decision(d.kind, value, reason.rstrip("."))
