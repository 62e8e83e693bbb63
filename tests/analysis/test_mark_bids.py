"""Mark bids (42 and up): the rule-based player plays to take every trick, and points
bids are played exactly as before (the book's strategy figures rest on them)."""

from __future__ import annotations

import random

import pytest

from texas42 import Contract, Deal, Hand
from texas42.analysis import RuleBasedPlayer, decide, play_hand
from texas42.analysis._tables import COUNT, FastTables, fast_tables
from texas42.analysis.playout import rule_playout
from texas42.analysis.rules_of_thumb import (
    FEED,
    LEAD_LOW,
    LOW,
    MARK_HIGH,
    MARK_LEAD,
    MARK_LOW,
    MARK_SHED,
    MARK_WIN,
    ONLY,
    PULL,
    PULL_TOP,
    WALK,
    WIN_LAST,
    WIN_SAFE,
    WIN_TRY,
    _above,
    _trump_order,
    explain,
    play_choice,
)
from texas42.analysis.view import SeatView
from texas42.bidding import MARK
from texas42.dominoes import DOMINOES, to_mask
from texas42.hand import Phase, allowed_contracts
from texas42.rules import PRESETS


# A verbatim copy of play_choice as committed before mark bids were played apart: points
# bids must keep making exactly these choices.
def old_play_choice(
    ft: FastTables,
    above: tuple[tuple[int, ...], ...],
    tops: tuple[int, ...],
    held: int,
    legal: int,
    unknown: int,
    plays: list[int],
    last: bool,
    partner_pos: int,
    bidding_side: bool,
) -> tuple[int, str, int]:
    """The rule-based play: (domino index, reason code, the domino it is about or -1).

    ``unknown``: the dominoes that may be in other hands; ``plays``: the trick so far;
    ``last``: whether the player plays last to it; ``partner_pos``: position of the
    partner's play in ``plays`` (``-1`` if the partner has not played);
    ``bidding_side``: whether the player's side won the bid."""
    if not legal & (legal - 1):
        return (legal.bit_length() - 1, ONLY, -1)
    moves = [i for i in range(28) if legal >> i & 1]
    if not plays:
        trumps_out = unknown & ft.trump_mask
        my_trumps = held & ft.trump_mask
        if bidding_side and trumps_out and my_trumps:
            top_out = next(x for x in tops if trumps_out >> x & 1)
            top_mine = next(x for x in tops if my_trumps >> x & 1)
            if ft.power[8][top_mine] > ft.power[8][top_out]:
                return (top_mine, PULL_TOP, -1)
            # The top trump is out: lead a cheap trump to draw it, not the count.
            t = min((x for x in tops if my_trumps >> x & 1),
                    key=lambda x: (COUNT[x], ft.power[8][x]))
            return (t, PULL, top_out)
        # A sure winner: nothing unseen beats it in its suit (trumps included).
        walkers = [m for m in moves if not unknown & above[ft.lead[m]][m]]
        if walkers:
            m = max(walkers, key=lambda x: (COUNT[x], ft.power[ft.lead[x]][x]))
            return (m, WALK, -1)
        m = min(moves, key=lambda x: (COUNT[x], ft.trump_mask >> x & 1,
                                      ft.power[ft.lead[x]][x]))
        return (m, LEAD_LOW, -1)
    s = ft.lead[plays[0]]
    row = ft.power[s]
    best = 0
    for i in range(1, len(plays)):
        if row[plays[i]] > row[plays[best]]:
            best = i
    bp = row[plays[best]]
    on_table = 0
    for x in plays:
        on_table += COUNT[x]
    if best == partner_pos and (last or not unknown & above[s][plays[best]]):
        # Partner has the trick: give the count, without taking the trick over.
        under = [m for m in moves if row[m] <= bp] or moves
        m = max(under, key=lambda x: (COUNT[x], -row[x]))
        if COUNT[m]:
            return (m, FEED, plays[best])
        m = min(under, key=lambda x: (row[x], x))
        return (m, LOW, plays[best])
    winners = [m for m in moves if row[m] > bp]
    if winners:
        if last:
            m = min(winners, key=lambda x: (-COUNT[x], row[x]))
            return (m, WIN_LAST, plays[best])
        safe = [m for m in winners if not unknown & above[s][m]]
        if safe:
            m = min(safe, key=lambda x: (-COUNT[x], row[x]))
            return (m, WIN_SAFE, plays[best])
        if on_table or best == partner_pos:
            m = min(winners, key=lambda x: (COUNT[x], row[x]))
            if best != partner_pos:
                return (m, WIN_TRY, plays[best])
    if legal & ft.members[s] and not ft.sevens:
        # Following suit: the lowest that follows, count kept back.
        m = min(moves, key=lambda x: (COUNT[x], row[x] > bp, row[x], x))
    else:
        # Off suit: throw the least useful domino, keeping count, trumps and winners.
        m = min(moves, key=lambda x: (
            COUNT[x], row[x] > bp, ft.trump_mask >> x & 1,
            not unknown & above[ft.lead[x]][x], ft.power[ft.lead[x]][x], x,
        ))
    return (m, LOW, plays[best])



def _points_hands(preset: str, n: int) -> list[Hand]:
    """Seeded hands bid by rule-based players and won with a points bid (under 42)."""
    rules = PRESETS[preset].replace(early_end=False)
    rng = random.Random(7)
    p = RuleBasedPlayer()
    out = []
    while len(out) < n:
        hand = Hand(Deal.shake(rng), shaker=rng.randrange(4), rules=rules)
        while hand.phase in (Phase.BIDDING, Phase.CONTRACT):
            a = decide(p, hand).action
            if hand.phase is Phase.BIDDING:
                assert isinstance(a, int | str)
                hand.bid(a)
            else:
                assert isinstance(a, Contract)
                hand.name_contract(a)
        c = hand.contract
        if hand.high_bid < MARK and c is not None and c.kind not in ("nello", "sevens"):
            out.append(hand)
    return out


@pytest.mark.parametrize("preset", ["standard", "lechner"])
def test_points_bids_play_exactly_as_before(preset: str) -> None:
    p = RuleBasedPlayer()
    decisions = 0
    for hand in _points_hands(preset, 150):
        c = hand.contract
        assert c is not None
        ft = fast_tables(c)
        while not hand.is_over:
            view = SeatView.of(hand)
            legal = sum(1 << d.index for d in view.legal_plays)
            plays = [d.index for d in view.trick]
            seats = view.trick_seats
            partner_pos = seats.index(view.partner) if view.partner in seats[: len(plays)] \
                else -1
            assert view.bidder is not None
            old = old_play_choice(ft, _above(c), _trump_order(c), view.held, legal,
                                  view.unseen, plays, len(plays) == len(seats) - 1,
                                  partner_pos, view.bidder % 2 == view.team)
            assert p.choose(view) == old
            hand.play(DOMINOES[old[0]])
            decisions += 1
    assert decisions >= 150 * 28


def _forced_42(seed: int) -> Hand:
    hand = Hand(Deal.from_seed(seed), shaker=seed % 4)
    hand.bid(42)
    for _ in range(3):
        hand.bid("pass")
    c = decide(RuleBasedPlayer(), hand).action
    assert isinstance(c, Contract)
    hand.name_contract(c)
    return hand


def test_forced_42_made_more_often_than_with_points_play() -> None:
    mark = points = 0
    for seed in range(400):
        hand = _forced_42(seed)
        assert hand.contract is not None and hand.bidder is not None
        team = hand.bidder % 2
        mark += rule_playout(hand.deal.masks, hand.contract, hand.bidder,
                             every_trick=True)[team] == 42
        points += rule_playout(hand.deal.masks, hand.contract, hand.bidder)[team] == 42
    assert mark > points + 12  # about 6 points of percentage over 400 deals


@pytest.mark.parametrize("preset", ["standard", "lechner"])
def test_fast_mark_playout_matches_the_engine(preset: str) -> None:
    rng = random.Random(3)
    p = RuleBasedPlayer()
    rules = PRESETS[preset].replace(early_end=False)
    contracts = [c for c in allowed_contracts(rules, 42) if c.kind not in ("nello", "sevens")]
    for i in range(80):
        deal = Deal.shake(rng)
        bidder = rng.randrange(4)
        c = contracts[i % len(contracts)]
        hand = Hand(deal, shaker=(bidder - 1) % 4, rules=rules)
        for b in ("42", "pass", "pass", "pass"):
            hand.bid(b)
        hand.name_contract(c)
        play_hand(hand, [p] * 4)
        assert tuple(hand.points) == rule_playout(deal.masks, c, bidder, every_trick=True)



def _idx(text: str) -> int:
    return to_mask(text).bit_length() - 1


def test_defender_takes_a_trick_without_count_in_a_mark_bid() -> None:
    c = Contract("trumps", 6)
    ft = fast_tables(c)
    held = to_mask("5-3 5-2 3-0 2-0 1-0 4-1 2-1")
    legal = to_mask("5-3 5-2")
    plays = [_idx("5-1")]  # led by the bidders, no count on the table
    unknown = ((1 << 28) - 1) & ~held & ~to_mask("5-1")
    args = (ft, _above(c), _trump_order(c), held, legal, unknown, plays, False, -1, False)
    assert play_choice(*args)[:2] == (_idx("5-2"), LOW)  # points: not worth a try
    m, code, about = play_choice(*args, every_trick=True)
    # One trick sets a mark bid: its highest five, the one fewest dominoes out beat.
    assert (m, code, about) == (_idx("5-3"), MARK_HIGH, _idx("5-1"))


def test_bidders_keep_sure_winners_when_partner_has_the_trick() -> None:
    c = Contract("trumps", 6)
    ft = fast_tables(c)
    held = to_mask("1-1 4-0 3-1")
    plays = [_idx("6-6"), _idx("5-0")]  # partner leads the top trump
    unknown = to_mask("4-4 4-3 3-3 2-1 1-0 6-5")
    args = (ft, _above(c), _trump_order(c), held, held, unknown, plays, False, 0, True)
    # For points it throws the lowest (the 1-1, a sure winner in ones); for a mark bid it
    # keeps the 1-1 and throws the 4-0, which more dominoes out beat than the 3-1.
    assert play_choice(*args)[:2] == (_idx("1-1"), LOW)
    assert play_choice(*args, every_trick=True)[:2] == (_idx("4-0"), MARK_SHED)


def test_mark_lead_is_the_domino_fewest_dominoes_out_beat() -> None:
    c = Contract("trumps", 6)
    ft = fast_tables(c)
    held = to_mask("5-4 2-0 3-1")
    unknown = to_mask("5-5 4-4 2-2 2-1 3-3 4-3 6-6")  # 6-6: only partner has trumps left
    args = (ft, _above(c), _trump_order(c), held, held, unknown, [], False, -1, False)
    # 5-4: only the 5-5 beats it; 3-1: 3-3 and 4-3; 2-0: 2-2 and 2-1.
    assert play_choice(*args, every_trick=True)[:2] == (_idx("5-4"), MARK_LEAD)
    assert play_choice(*args)[:2] == (_idx("2-0"), LEAD_LOW)


def test_every_play_code_has_its_own_line() -> None:
    codes = [ONLY, PULL_TOP, PULL, WALK, LEAD_LOW, FEED, WIN_LAST, WIN_SAFE, WIN_TRY, LOW,
             MARK_LEAD, MARK_HIGH, MARK_WIN, MARK_LOW, MARK_SHED]
    lines = [explain(code, 5, 3, Contract("trumps", 6)) for code in codes]
    assert all(line.startswith(f"{DOMINOES[5]}: ") for line in lines)
    assert len(set(lines)) == len(codes)  # none falls through to the plain default
