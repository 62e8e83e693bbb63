"""The explorers' door to the computer players: the analysis' one set of players
(:mod:`texas42.analysis.players`, the same at every table) deciding for the seat to
act through :func:`texas42.table.decide` (the one door, the classroom's too: each
decision with its reason in one line, the action said already), and the players a
learner may choose.
"""

from __future__ import annotations

from ..analysis.players import Player, default_player
from ..analysis.players import make_player as _make_player
from ..rules import Rules
from ..table import ComputerTurn as Decision
from ..table import decide as decide
from ..table import trick_bid_words as trick_bid_words

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


__all__ = ["PLAYER_CHOICES", "Decision", "decide", "make_player", "trick_bid_words"]
