"""The coach reads the auction: a bid or the naming of the contract is judged in guesses
weighted by how well they explain the bids made before (issue 38 item 6)."""

from __future__ import annotations

import random

import pytest

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer
from texas42.analysis.coach import _game
from texas42.analysis.players import AUCTION_MISS, AuctionReading, decide
from texas42.analysis.sampling import sample_holdings
from texas42.analysis.view import SeatView
from texas42.dominoes import to_mask
from texas42.hand import Phase

#: Every six: worth 42 in sixes, more than any bid below 42 says.
STRONG = to_mask("6-6 6-5 6-4 6-3 6-2 6-1 6-0")


def _decisions(seed: int) -> list[tuple[Hand, SeatView]]:
    """Every bid and the naming of the contract of a hand bid by the rules."""
    hand = Hand(Deal.from_seed(seed), shaker=seed % 4)
    rb = RuleBasedPlayer()
    out = []
    while hand.phase in (Phase.BIDDING, Phase.CONTRACT):
        out.append((hand.copy(), SeatView.of(hand)))
        d = decide(rb, hand)
        if hand.phase is Phase.BIDDING:
            hand.bid(d.action)  # type: ignore[arg-type]
        else:
            hand.name_contract(d.action)  # type: ignore[arg-type]
    return out


def test_bids_are_judged_in_guesses_weighed_by_the_auction() -> None:
    """Before anyone bid, every guess counts alike. After, the true hands (rule-based
    bidders) count fully, and a guess giving a seat that bid a hand worth more than its
    bid says counts AUCTION_MISS less for each point over, with or without ``weighted``."""
    seen = 0
    for seed in range(40):
        for hand, view in _decisions(seed):
            truth = [hand.holding(s).mask for s in range(4)]
            auction = AuctionReading.of(view)
            for weighted in (False, True):
                weigh = _game(hand, weighted=weighted).weigher(view)
                rng = random.Random(seed)
                guesses = [sample_holdings(view, rng) for _ in range(5)]
                if not auction.worths:
                    assert all(weigh(g) == 1.0 for g in guesses if g is not None)
                    continue
                assert weigh(truth) == 1.0
                for s, (_, hi) in auction.worths.items():
                    if hi < 42 and not truth[view.seat] & STRONG:
                        guess = list(truth)
                        guess[s] = STRONG
                        alone = AuctionReading(
                            {s: auction.worths[s]}, auction.shown, auction.contracts,
                            auction.hand_size)
                        assert weigh(guess) == pytest.approx(
                            auction.likelihood(guess))
                        assert alone.likelihood(guess) == pytest.approx(
                            AUCTION_MISS ** (42 - hi))
                        seen += 1
    assert seen > 50


def test_plays_are_weighed_only_when_asked() -> None:
    """A play's guesses count alike unless the coach is asked to weigh them; asked, a
    guess the auction argues against counts less."""
    seen = 0
    for seed in range(40):
        hand = Hand(Deal.from_seed(seed), shaker=seed % 4)
        rb = RuleBasedPlayer()
        while hand.phase is not Phase.PLAYING:
            d = decide(rb, hand)
            hand.apply(("bid" if hand.phase is Phase.BIDDING else "contract", d.action))
        view = SeatView.of(hand)
        if view.held & STRONG:
            continue
        for s, (_, hi) in AuctionReading.of(view).worths.items():
            if hi < 42:
                guess = [hand.holding(x).mask for x in range(4)]
                guess[s] = STRONG
                assert _game(hand).weigher(view)(guess) == 1.0
                assert _game(hand, weighted=True).weigher(view)(guess) < 1.0
                seen += 1
    assert seen > 5
