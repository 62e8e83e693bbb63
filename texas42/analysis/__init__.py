"""Analysis: an exact solver, computer players that explain themselves, bid odds and a
match harness, all in pure Python.

>>> from texas42 import Deal, Hand
>>> from texas42.analysis import solve, RuleBasedPlayer, decide
>>> hand = Hand(Deal.from_seed(7), shaker=3)
>>> for b in ("30", "pass", "pass", "pass"):
...     hand.bid(b)
>>> hand.name_contract("sixes")
>>> s = solve(hand)                    # open hands: every holding known
>>> s.points                           # seats 0+2, seats 1+3, from here to the end
(0, 42)
>>> s.label("6-4")
'best'
>>> decide(RuleBasedPlayer(), hand).reason
'6-0: leads a trump to draw out the 6-6 and pull sixes.'

- :func:`solve` / :class:`Solution`: values of every legal play and a best line;
  :func:`can_make`, :func:`can_reach`: yes/no questions; :class:`Solver` keeps its table
  between calls; :class:`Position` is what the solver searches.
- :class:`RandomPlayer`, :class:`RuleBasedPlayer`, :class:`SamplingPlayer`: each
  :class:`Decision` has a one-line ``reason``; :func:`decide`, :func:`play_hand`.
- :func:`evaluate_hand`: bid odds by simulation, with 95% intervals and the method named.
- :func:`match`: duplicate matches between players, with 95% intervals.
"""

from .evaluator import Evaluation, Odds, evaluate_hand
from .match import MatchResult, match
from .minimax import minimax
from .players import (
    Decision,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    SamplingPlayer,
    decide,
    make_player,
    play_hand,
)
from .position import Position
from .solver import Solution, Solver, can_make, can_reach, solve, value
from .view import SeatView

__all__ = [
    "Decision",
    "Evaluation",
    "MatchResult",
    "Odds",
    "Player",
    "Position",
    "RandomPlayer",
    "RuleBasedPlayer",
    "SamplingPlayer",
    "SeatView",
    "Solution",
    "Solver",
    "can_make",
    "can_reach",
    "decide",
    "evaluate_hand",
    "make_player",
    "match",
    "minimax",
    "play_hand",
    "solve",
    "value",
]
