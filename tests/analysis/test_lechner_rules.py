"""The two Lechner rules reach the analysis: sevens ties (the solver, minimax and play
agree under both), and the nello a plunge bidder's partner names (the bidder plays)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import Contract, Deal, Hand, Phase, Rules
from texas42.analysis import Position, Solver, minimax, solve
from texas42.analysis.minimax import minimax_plays
from texas42.dominoes import to_mask

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
TIES = st.sampled_from(["bidder", "first"])
SEVENS = Contract("sevens")


def sevens_ending(rng: random.Random, tie: str, tricks_left: int) -> Position:
    """A sevens position after random legal play, ``tricks_left`` tricks to go."""
    leader = rng.randrange(4)
    pos = Position.from_deal(Deal.shake(rng), SEVENS, leader=leader, sevens_tie=tie)  # type: ignore[arg-type]
    for _ in range((7 - tricks_left) * 4 + rng.randrange(4)):
        pos = pos.play(rng.choice(pos.legal_plays()))
    return pos


@settings(max_examples=300, deadline=None, derandomize=True)
@given(SEEDS, TIES, st.sampled_from([2, 3]))
def test_solver_equals_minimax_for_both_ties(seed: int, tie: str, tricks: int) -> None:
    pos = sevens_ending(random.Random(seed), tie, tricks)
    assert pos.tie_team == (pos.bidding_team if tie == "bidder" else None)
    assert Solver(SEVENS, None, pos.tie_team).value(pos) == minimax(pos)
    assert {d: v[0] for d, v in solve(pos).plays.items()} == minimax_plays(pos)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(SEEDS, TIES)
def test_position_plays_as_the_hand_for_both_ties(seed: int, tie: str) -> None:
    """Stepping a position along a hand's plays gives the hand's points after every
    trick, and the solver's value of the hand's last trick is what the hand took."""
    rng = random.Random(seed)
    rules = Rules.preset("lechner").replace(sevens_tie=tie, early_end=False)
    hand = Hand.at_play(Deal.shake(rng), SEVENS, bid=42, shaker=3, rules=rules)
    pos = Position.from_hand(hand)
    assert pos.sevens_tie == tie
    while hand.phase is Phase.PLAYING:
        d = rng.choice(hand.legal_plays())
        hand.play(d)
        pos = pos.play(d)
        if not hand.current_trick:
            assert pos.points == tuple(hand.points)
            assert pos == Position.from_hand(hand)
        if len(hand.tricks) == 6 and not hand.current_trick:
            last = Solver(SEVENS, None, pos.tie_team).value(pos)  # one domino each: forced
    assert last == hand.tricks[-1].points * (1 - hand.tricks[-1].winner % 2)


def test_the_tie_changes_the_value() -> None:
    # The last trick: the bidder (seat 0) leads 0-0, then 2-0 and 1-1 (both 5 from 7), 1-0.
    hands = (to_mask("0-0"), to_mask("2-0"), to_mask("1-1"), to_mask("1-0"))
    for tie, seats_0_2 in (("bidder", 1), ("first", 0)):
        pos = Position(hands, SEVENS, 0, bidder=0, sevens_tie=tie)  # type: ignore[arg-type]
        assert Solver(SEVENS, None, pos.tie_team).value(pos) == seats_0_2 == minimax(pos)
        assert solve(pos).points == (seats_0_2, 1 - seats_0_2)


def test_plunge_partner_names_nello_the_solver_plays_the_bidder_alone() -> None:
    lechner = Rules.preset("lechner")
    rng = random.Random(5)
    for _ in range(20):
        hand = Hand(Deal.shake(rng), shaker=3, rules=lechner.replace(plunge_doubles=0))
        hand.bid("plunge")  # seat 0 (no doubles needed here, to have many deals)
        while hand.phase is Phase.BIDDING:
            hand.bid("pass")
        hand.name_contract("nello")  # named by seat 2, played by seat 0
        pos = Position.from_hand(hand)
        assert (pos.leader, pos.out, pos.seats) == (0, 2, (0, 1, 3))
        for _ in range(5 * 3 + rng.randrange(3)):
            d = rng.choice(hand.legal_plays())
            hand.play(d)
            pos = pos.play(d)
            if hand.is_over:
                hand.play_out()
        assert pos == Position.from_hand(hand)
        assert solve(pos).points[0] == minimax(pos)
