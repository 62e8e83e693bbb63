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
'2-0: no sure winner, so it leads low and keeps its count back.'

- :func:`solve` / :class:`Solution`: values of every legal play and a best line;
  :func:`can_make`, :func:`can_reach`: yes/no questions; :class:`Solver` keeps its table
  between calls; :class:`Position` is what the solver searches, at a table of any shape
  (:class:`~texas42.analysis.shape.TableShape`: 42, Moon, ...).
- :class:`RandomPlayer`, :class:`RuleBasedPlayer`, :class:`SamplingPlayer`,
  :class:`SearchPlayer` (by name: :func:`make_player`), at every table of the rules
  profiles: each :class:`Decision` has a one-line ``reason``; :class:`SeatView` is all a
  player sees; :func:`decide`, :func:`play_hand` for any hand; :func:`default_player` is
  the explorers' computer player.
- :func:`evaluate_hand`: bid odds by simulation, with 95% intervals and the method named
  (plunge and splash too), at every table: at a table bidding in tricks (Moon) the
  chance and expected score of each bid (:class:`TrickEvaluation`).
- :func:`match`: duplicate matches between players at any table, with 95% intervals.
- :func:`review` / :class:`Review` (and :func:`texas42.analysis.coach.advise`): the honest
  coach, each decision of a seat judged over guesses of what it could not see (42 and Moon).
- Moon (three players): :func:`solve_moon` / :class:`MoonSolution` (the bidder against the
  two others), :func:`can_make_moon`.
"""

from .coach import Review, review
from .evaluator import Evaluation, Odds, TrickEvaluation, TrickOdds, evaluate_hand
from .match import MatchResult, match
from .minimax import minimax
from .moon_solver import MoonSolution, can_make_moon, solve_moon
from .players import (
    Decision,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    SamplingPlayer,
    SearchPlayer,
    decide,
    default_player,
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
    "MoonSolution",
    "Odds",
    "Player",
    "Position",
    "RandomPlayer",
    "Review",
    "RuleBasedPlayer",
    "SamplingPlayer",
    "SearchPlayer",
    "SeatView",
    "Solution",
    "Solver",
    "TrickEvaluation",
    "TrickOdds",
    "can_make",
    "can_make_moon",
    "can_reach",
    "decide",
    "default_player",
    "evaluate_hand",
    "make_player",
    "match",
    "minimax",
    "play_hand",
    "review",
    "solve",
    "solve_moon",
    "value",
]
