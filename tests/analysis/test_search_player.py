"""The search player (issue 21 item 2): reproducible, picklable for the process pool;
ties go to the rules of thumb; a solver sent to a worker after use answers as before
(the count was once left out). That it plays legally at every table with a reason for
each decision is tests/analysis/test_players_tables.py, with every other player."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, SeatView, decide, make_player
from texas42.analysis.players import (
    AUCTION_MISS,
    AuctionReading,
    Player,
    SearchPlayer,
    bidding_contracts,
    play_hand,
)
from texas42.analysis.position import Position
from texas42.analysis.rules_of_thumb import worth
from texas42.analysis.solver import Solver
from texas42.contracts import Contract
from texas42.dominoes import DOMINOES, to_mask
from texas42.errors import NotationError
from texas42.hand import Phase, allowed_contracts
from texas42.rules import LECHNER, POINTS, SEED, STANDARD, Rules

#: Small enough for property tests: 3 guesses played out, exact in the last 2 tricks.
SMALL = "search:3/2/2"


def _log(player_name: str, seed: int, hands: int = 2) -> list[tuple[object, str]]:
    rng = random.Random(seed)
    out: list[tuple[object, str]] = []
    other = RuleBasedPlayer()
    for i in range(hands):
        p = make_player(player_name, seed=4)
        hand = Hand(Deal.shake(rng), shaker=i % 4)
        out += [(d.action, d.reason) for _, d in play_hand(hand, [p, other, p, other])]
    return out


def test_the_same_seed_gives_the_same_decisions_and_reasons() -> None:
    first = _log("search:6/3/3", 21)
    assert first == _log("search:6/3/3", 21)
    assert any("weighted by how well each explains the bids and plays seen" in r for _, r in first)


def test_a_used_search_player_pickled_chooses_as_the_original() -> None:
    rng = random.Random(8)
    deals = [Deal.shake(rng) for _ in range(3)]
    used = make_player("search:4/3/3", seed=2)
    other = RuleBasedPlayer()
    play_hand(Hand(deals[0], shaker=0), [used, other, used, other])
    copy = pickle.loads(pickle.dumps(used))
    assert isinstance(copy, SearchPlayer) and copy.exact_samples == 3
    for i, deal in enumerate(deals[1:]):
        a = play_hand(Hand(deal, shaker=i), [used, other, used, other])
        b = play_hand(Hand(deal, shaker=i), [copy, other, copy, other])
        assert [d.action for _, d in a] == [d.action for _, d in b]


def test_a_used_solver_pickled_gives_the_same_values() -> None:
    # The solver once tested ``self.cnt is COUNT``: an unpickled copy's tuple is another
    # object, so its bounds left the count out and its values were wrong.
    rng = random.Random(3)
    contract = Contract("trumps", 6)
    solver = Solver(contract)
    checked = 0
    for _ in range(12):
        pos = Position.from_deal(Deal.shake(rng), contract, leader=rng.randrange(4))
        for _ in range(rng.randrange(14, 19)):
            legal = pos.legal_mask()
            pos = pos.play(DOMINOES[rng.choice([i for i in range(28) if legal >> i & 1])])
        fresh = Solver(contract).play_values(pos)
        copy = pickle.loads(pickle.dumps(solver))  # used, but not on this position
        assert copy.play_values(pos) == fresh
        assert solver.play_values(pos) == fresh
        checked += 1
    assert checked == 12


def test_exact_ties_go_to_the_rules_of_thumb() -> None:
    rng = random.Random(5)
    rules_player = RuleBasedPlayer()
    other = RuleBasedPlayer()
    ties = 0
    for i in range(4):
        hand = Hand(Deal.shake(rng), shaker=i % 4)
        p = make_player("search:4/3/4", seed=1)
        assert isinstance(p, SearchPlayer)
        players: list[Player] = [p, other, p, other]
        while not hand.is_over:
            seat = hand.to_act
            kind = hand.next_action
            assert kind is not None
            if kind == "play" and seat % 2 == 0 and len(hand.legal_actions()) > 1:
                view = SeatView.of(hand)
                avg, chance, _ = p.outcomes(view)
                if chance is not None:  # for the mark: points only among equal chances
                    most = max(chance.values())
                    avg = {d: v for d, v in avg.items() if chance[d] >= most - 1e-9}
                top = max(avg.values())
                tied = [d for d, v in avg.items() if v >= top - 1e-9]
                preferred = rules_player.play(view).action
                d = decide(p, hand)
                assert d.action in tied
                if (len(tied) > 1 and preferred in tied and view.contract is not None
                        and view.contract.kind != "nello"):
                    assert d.action == preferred
                    assert "tied with" in d.reason
                    ties += 1
                hand.apply((kind, d.action))
            else:
                hand.apply((kind, decide(players[seat], hand).action))
    assert ties > 0


def test_search_names() -> None:
    p = make_player("search:10/6/5", seed=3)
    assert isinstance(p, SearchPlayer)
    assert (p.samples, p.exact, p.exact_samples, p.seed, p.name) == (10, 6, 5, 3, "search")
    q = make_player("search")
    assert isinstance(q, SearchPlayer) and (q.samples, q.exact, q.exact_samples) == (48, 5, 24)
    with pytest.raises(NotationError) as err:
        make_player("search:x")
    assert err.value.rule == "player"


def _next(hand: Hand, player: Player) -> None:
    action = decide(player, hand).action
    kind = {Phase.BIDDING: "bid", Phase.PLAYING: "play"}.get(hand.phase, "contract")
    hand.apply((kind, action))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), shaker=st.integers(0, 3),
       rules=st.sampled_from([STANDARD, LECHNER, SEED, POINTS]))
def test_the_auction_read_as_the_rules_bids_believes_rule_based_bidders(
        seed: int, shaker: int, rules: Rules) -> None:
    """After rule-based bidding the true hands fit every range the auction gives
    (likelihood 1) at every point of the hand, whoever looks."""
    hand = Hand(Deal.from_seed(seed), shaker=shaker, rules=rules)
    rb = RuleBasedPlayer()
    while hand.phase in (Phase.BIDDING, Phase.CONTRACT, Phase.PLAYING):
        if hand.phase is Phase.PLAYING:
            truth = [hand.holding(s).mask for s in range(4)]
            for seat in range(4):
                auction = AuctionReading.of(SeatView.of(hand, seat))
                assert seat not in auction.worths
                assert all(0 <= lo <= hi <= 42 for lo, hi in auction.worths.values()), auction
                assert auction.likelihood(truth) == 1.0
        _next(hand, rb)


def test_the_auction_weighs_down_guesses_that_bid_otherwise() -> None:
    """A guess giving a seat a hand worth more than its bid says weighs AUCTION_MISS less
    for each point over; a guess whose hand cannot be rebuilt is no evidence."""
    rng = random.Random(5)
    strong = to_mask("6-6 6-5 6-4 6-3 6-2 6-1 6-0")  # every six: worth 42 in sixes
    contracts = bidding_contracts(tuple(allowed_contracts(STANDARD)))
    over = worth(strong, contracts)
    seen = 0
    for i in range(30):
        hand = Hand(Deal.shake(rng), shaker=i % 4)
        rb = RuleBasedPlayer()
        while hand.phase is not Phase.PLAYING:
            _next(hand, rb)
        auction = AuctionReading.of(SeatView.of(hand))
        truth = [hand.holding(x).mask for x in range(4)]
        for s, (lo, hi) in auction.worths.items():
            if hi < over:
                one = dataclasses.replace(auction, worths={s: (lo, hi)})
                guess = [strong if x == s else truth[x] for x in range(4)]
                assert one.likelihood(guess) == pytest.approx(AUCTION_MISS ** (over - hi))
                guess[s] = 0
                assert one.likelihood(guess) == 1.0
                seen += 1
    assert seen > 20
