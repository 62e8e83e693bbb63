"""What a side plays for in a hand bid for points: the bid, not the count.

Under the marks rules a hand bid in points scores one thing: whether the bidders made
their bid. From any moment of the play that turns on one number, the fewest points the
seat's side must still take for the bid to go its way (made for the bidders, set for the
others): its *goal*. The coach judges a play by whether it reaches the goal; the players
choose by how often it does.

The goal is derived from the hand's own rule, :func:`texas42.scoring.points_bid_made`,
so there is one source of truth for when a bid is made.

>>> from texas42 import Deal, Hand
>>> from texas42.analysis.view import SeatView
>>> hand = Hand(Deal.from_seed(7), shaker=3)
>>> for bid in (30, "pass", "pass", "pass"):
...     hand.bid(bid)
>>> hand.name_contract("sixes")
>>> bidders = SeatView.of(hand)              # seat 0 bid 30 and leads
>>> plays_for_mark(bidders), goal_points(bidders)
(True, 30)
>>> hand.play(bidders.legal_plays[0])
>>> goal_points(SeatView.of(hand))           # seat 1 sets 30 by taking 13
13
"""

from __future__ import annotations

from ..scoring import points_bid_made
from .view import SeatView

__all__ = ["goal_open", "goal_points", "made_at_end", "plays_for_mark"]


def plays_for_mark(view: SeatView) -> bool:
    """Whether the hand's score rides on points the way a goal says: 42's table, the
    marks rules, a hand bid for points or marks (a mark bid promises every trick: every
    point), in a contract won by points (not nello or sevens), once it is named."""
    c, rules = view.contract, view.rules
    return (c is not None and view.bidder is not None and rules.is_42
            and rules.scoring == "marks" and c.kind not in ("nello", "sevens"))


def made_at_end(view: SeatView, ours: int) -> bool:
    """Whether the bid is made at the end of the hand when the seat's side takes
    ``ours`` more points from here (the trick in progress whole) and the other side the
    rest, by the hand's rule. A side that takes a point from here won a trick (each
    trick is worth one)."""
    bidder = view.bidder
    assert bidder is not None and view.contract is not None
    rules = view.rules
    rest = rules.total_points - sum(view.points)
    bt = bidder & 1
    gained = [0, 0]
    gained[view.team] = ours
    gained[1 - view.team] = rest - ours
    made = points_bid_made(
        rules, view.contract.kind, view.high_bid, view.points[bt] + gained[bt],
        view.points[1 - bt] + gained[1 - bt], view.tricks_won[bt] + (gained[bt] > 0),
        view.tricks_won[1 - bt] + (gained[1 - bt] > 0), rules.hand_size)
    assert made is not None  # every trick is played: the hand is decided
    return made


def goal_points(view: SeatView) -> int:
    """The fewest points the seat's side must take from here (the trick in progress
    whole) for the bid to go its way: ``0`` when it already has (the bidders made it,
    or the others set it), one more than the points left when it no longer can. Only
    for a view that :func:`plays_for_mark`."""
    rest = view.rules.total_points - sum(view.points)
    bidding = (view.bidder or 0) & 1 == view.team
    for ours in range(rest + 1):
        if made_at_end(view, ours) == bidding:
            return ours
    return rest + 1


def goal_open(view: SeatView, goal: int) -> bool:
    """Whether the play still decides the mark: the goal is neither reached already nor
    out of reach."""
    return 0 < goal <= view.rules.total_points - sum(view.points)
