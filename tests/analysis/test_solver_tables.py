"""The one solver at tables of every shape against plain minimax (no pruning, no table).

Positions are built directly as data (holdings dealt at random from the dominoes in play),
so shapes no hand engine plays yet are checked too: 42's four partners, Moon (the bidder
against two), three-hand 42 (the 1-0 out, tricks of three, the count on), Moon for four
(the bidder against three, no count) and five seats.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from texas42 import Contract, Deal, Hand
from texas42.analysis import solve
from texas42.analysis.minimax import minimax, minimax_plays
from texas42.analysis.moon_solver import moon_tricks, solve_moon
from texas42.analysis.position import Position
from texas42.analysis.shape import ALL_DOMINOES, FORTY_TWO, TableShape, moon_shape, shape_of
from texas42.analysis.solver import Solver, can_reach
from texas42.dominoes import Domino, to_mask
from texas42.errors import InputError
from texas42.moon import MOON_MASK
from texas42.rules import ALL_PRESETS

from .helpers import ALL_CONTRACTS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
#: Every contract but nello (whose partner sits out: a 42 table's own rule).
PLAIN = tuple(c for c in ALL_CONTRACTS if c.kind != "nello")
MOON_CONTRACTS = tuple(c for c in PLAIN if c.kind in ("trumps", "follow-me")
                       and c.doubles == "high")
THREE_HAND = ALL_DOMINOES & ~(1 << Domino.parse("1-0").index)


def deal_position(rng: random.Random, table: TableShape, contract: Contract, tricks: int,
                  *, bidder: int | None = None, out: int | None = None) -> Position:
    """``tricks`` dominoes for each seat in play from the table's dominoes, a random
    leader, then a few random legal plays into the first trick."""
    pool = [i for i in range(28) if table.dominoes >> i & 1]
    rng.shuffle(pool)
    hands = []
    for s in range(table.seats):
        if s == out:
            hands.append(0)
            continue
        hands.append(sum(1 << i for i in pool[:tricks]))
        del pool[:tricks]
    leader = rng.choice([s for s in range(table.seats) if s != out])
    pos = Position(tuple(hands), contract, leader, bidder=bidder, out=out, table=table)
    for _ in range(rng.randrange(pos.trick_size)):
        pos = pos.play(rng.choice(pos.legal_plays()))
    return pos


def check_against_minimax(pos: Position) -> None:
    """The solver's value and every play's value are minimax's; the best line, played,
    gives the value; the two sides share what is left."""
    # The side a tie in sevens goes to, by the position's rules (None: the first played).
    fresh = Solver(pos.contract, pos.out, pos.tie_team, pos.table)
    v = minimax(pos)
    assert fresh.value(pos) == v, str(pos)
    sol = solve(pos)
    assert {d: p[0] for d, p in sol.plays.items()} == minimax_plays(pos), str(pos)
    assert sol.points == (v, pos.remaining_points - v)
    end = pos
    for d in sol.line:
        end = end.play(d)
    assert end.is_over and end.points[0] - pos.points[0] == v
    for need in (v, v + 1):
        assert can_reach(pos, 0, need) == (v >= need)


def random_shape(rng: random.Random, seats: int) -> TableShape:
    """Any split of ``seats`` into two sides, a trick worth 1 or 2, the count on or off."""
    sides = [0, 1] + [rng.randrange(2) for _ in range(seats - 2)]  # both sides sit
    rng.shuffle(sides)
    return TableShape(tuple(sides), trick_value=rng.choice([1, 2]), count=rng.random() < 0.5)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from(ALL_CONTRACTS), st.sampled_from([2, 3]))
def test_forty_two_four_partners_with_count(seed: int, contract: Contract,
                                            tricks: int) -> None:
    rng = random.Random(seed)
    bidder = rng.randrange(4)
    out = (bidder + 2) % 4 if contract.kind == "nello" else None
    check_against_minimax(deal_position(rng, FORTY_TWO, contract, tricks, bidder=bidder,
                                        out=out))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from(MOON_CONTRACTS), st.sampled_from([2, 3, 4]))
def test_moon_bidder_against_two(seed: int, contract: Contract, tricks: int) -> None:
    rng = random.Random(seed)
    bidder = rng.randrange(3)
    pos = deal_position(rng, moon_shape(bidder), contract, tricks, bidder=bidder)
    check_against_minimax(pos)
    # Moon's words over the same search: the bidder's tricks.
    moon = Position.moon(pos.hands, contract, bidder=bidder, bid=4, leader=pos.leader,
                         trick=pos.trick)
    assert moon_tricks(moon) == minimax(pos) == solve_moon(moon).tricks


@settings(max_examples=300, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from(PLAIN), st.sampled_from([2, 3]))
def test_three_hand_forty_two_tricks_of_three_with_count(seed: int, contract: Contract,
                                                         tricks: int) -> None:
    """The 1-0 out, nine each: the bidder against the two others, or a seat with the
    bidder (both readings of who plays with whom)."""
    rng = random.Random(seed)
    bidder = rng.randrange(3)
    table = rng.choice([TableShape.alone(bidder, 3, dominoes=THREE_HAND),
                        TableShape((0, 0, 1), dominoes=THREE_HAND)])
    pos = deal_position(rng, table, contract, tricks, bidder=bidder)
    assert pos.trick_size == 3 and not pos.hands[0] >> Domino.parse("1-0").index & 1
    check_against_minimax(pos)


@settings(max_examples=250, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from(PLAIN), st.sampled_from([2, 3]))
def test_moon_for_four_bidder_against_three_no_count(seed: int, contract: Contract,
                                                     tricks: int) -> None:
    rng = random.Random(seed)
    bidder = rng.randrange(4)
    table = TableShape.alone(bidder, 4, count=False)
    pos = deal_position(rng, table, contract, tricks, bidder=bidder)
    check_against_minimax(pos)
    assert pos.remaining_points == pos.tricks_left  # a trick is a point, nothing else


@settings(max_examples=200, deadline=None, derandomize=True)
@given(SEEDS, st.sampled_from(PLAIN), st.sampled_from([5, 6, 7]))
def test_five_to_seven_seats_any_sides(seed: int, contract: Contract, seats: int) -> None:
    rng = random.Random(seed)
    table = random_shape(rng, seats)
    pos = deal_position(rng, table, contract, 2, bidder=rng.randrange(seats))
    check_against_minimax(pos)


def test_five_seats_three_tricks() -> None:
    rng = random.Random(5)
    for i in range(12):
        table = TableShape.alone(i % 5, 5, count=i % 2 == 0)
        pos = deal_position(rng, table, PLAIN[i % len(PLAIN)], 3, bidder=i % 5)
        check_against_minimax(pos)


def test_a_trick_worth_more_than_a_point() -> None:
    """Tricks of three worth 2 each with the count: 6-4 (10) taken by the bidder's trump
    is 12 points."""
    table = TableShape.alone(0, 3, trick_value=2)
    hands = (to_mask("6-6"), to_mask("6-4"), to_mask("3-2"))
    pos = Position(hands, Contract.suit(6), 1, bidder=0, table=table)
    sol = solve(pos)
    assert sol.points == (2 + 10 + 5, 0) and pos.remaining_points == 17
    assert sol.line == (Domino.parse("6-4"), Domino.parse("3-2"), Domino.parse("6-6"))


def test_the_table_is_checked() -> None:
    with pytest.raises(InputError) as err:
        TableShape((0, 0, 0))
    assert err.value.rule == "table"
    with pytest.raises(InputError):
        TableShape((0, 1) * 4)  # eight seats
    with pytest.raises(InputError):
        TableShape.partners(3)
    with pytest.raises(InputError, match="needs 3 holdings"):
        Position((1, 2, 4, 8), Contract.suit(6), 0, table=moon_shape(0))
    one_zero = to_mask("1-0")
    with pytest.raises(InputError, match="not in play"):
        Position((one_zero, 2, 4), Contract.suit(6), 0, table=moon_shape(0))
    assert not MOON_MASK & one_zero
    with pytest.raises(ValueError, match="another contract or table"):
        Solver(Contract.suit(6)).value(Position(
            (to_mask("6-6"), to_mask("5-5"), to_mask("4-4")), Contract.suit(6), 0,
            table=moon_shape(0)))


# -- every table's hand reaches the one solver through its rules ---------------------------
@pytest.mark.parametrize("name", sorted(ALL_PRESETS))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
@example(seed=489)  # lechner, sevens: a tie goes to the first played, not the bidder
def test_every_table_hand_is_solved_from_its_rules(name: str, seed: int) -> None:
    """A hand of any table, played at random into its last tricks, becomes a position of
    the shape its rules give (``shape_of``), and the one solver agrees with minimax there."""
    rules = ALL_PRESETS[name]
    rng = random.Random(seed)
    hand = Hand(Deal.from_seed(seed, rules.layout), rules=rules)
    while hand.next_action not in ("play", None):
        hand.apply(rng.choice(hand.legal_actions()))
    if hand.next_action is None:
        return  # everyone passed and the shake is over (a reshake table)
    while hand.next_action == "play" and len(hand.holding(hand.to_act)) > 3:
        hand.apply(rng.choice(hand.legal_actions()))
    if hand.next_action != "play":
        return  # the result was decided early
    pos = Position.from_hand(hand)
    assert pos.table == shape_of(rules, hand.bidder if hand.bidder is not None else 0)
    assert pos.table.seats == rules.seats
    check_against_minimax(pos)
