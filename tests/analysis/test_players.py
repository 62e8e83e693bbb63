"""Computer players: always legal, always explained, and the sampler cannot peek."""

from __future__ import annotations

import random
import re

import pytest

from texas42 import Deal, Domino, Hand, Phase
from texas42.analysis import (
    Decision,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    SamplingPlayer,
    SeatView,
    decide,
    make_player,
    play_hand,
)
from texas42.analysis.playout import rule_playout
from texas42.analysis.sampling import deal_hidden, play_likelihood, sample_holdings
from texas42.hand import allowed_contracts
from texas42.rules import PRESETS, STANDARD


def _one_line(d: Decision) -> None:
    assert d.reason and "\n" not in d.reason
    assert str(d) == d.reason


@pytest.mark.parametrize("preset", sorted(p for p in PRESETS if PRESETS[p].players == 4))
def test_random_and_rule_based_always_legal(preset: str) -> None:
    rng = random.Random(hash(preset) % 1000)
    players: list[Player] = [RuleBasedPlayer(), RandomPlayer(1), RuleBasedPlayer(),
                             RandomPlayer(2)]
    for i in range(150):
        hand = Hand(Deal.shake(rng), shaker=i % 4, rules=preset)
        rot = i % 2
        seats = players[rot:] + players[:rot]
        log = play_hand(hand, seats)  # the engine raises on any illegal action
        assert hand.is_over
        for _, d in log:
            _one_line(d)


def test_rule_based_alone_always_legal_and_explained() -> None:
    rng = random.Random(3)
    p = RuleBasedPlayer()
    for i in range(300):
        hand = Hand(Deal.shake(rng), shaker=i % 4)
        for _, d in play_hand(hand, [p] * 4):
            _one_line(d)
            if isinstance(d.action, Domino):
                assert d.reason.startswith(str(d.action))


def test_rule_based_reasons_talk_about_the_play() -> None:
    hand = Hand(Deal.from_seed(3), shaker=0)
    log = play_hand(hand, [RuleBasedPlayer()] * 4)
    bids = [d for _, d in log[:4]]
    assert all(d.reason.startswith(("pass", "30", "3", "4")) for d in bids)
    plays = [d for _, d in log[5:]]
    assert all(d.reason.startswith(str(d.action)) for d in plays)
    texts = " ".join(d.reason for d in plays)
    assert "trump" in texts or "sure winner" in texts or "low" in texts


def test_sampling_player_is_legal_and_explains() -> None:
    rng = random.Random(5)
    sampler = SamplingPlayer(samples=2, seed=1)
    for i in range(3):
        hand = Hand(Deal.shake(rng), shaker=i)
        log = play_hand(hand, [sampler, RuleBasedPlayer(), sampler, RuleBasedPlayer()])
        for seat, d in log:
            _one_line(d)
            if seat % 2 == 0 and isinstance(d.action, Domino) and (
                    "only legal" not in d.reason):
                # (while the mark rides on the play it speaks of the chance of the bid)
                assert "average over" in d.reason or re.search(
                    r"its side (makes|sets) \d+ in \d+% of \d+ deals", d.reason)


def _replay(hand: Hand, masks: list[int]) -> Hand | None:
    other = Hand(Deal(masks), shaker=hand.shaker, rules=hand.rules)
    try:
        other.replay(hand.actions)
    except ValueError:
        return None
    return other


@pytest.mark.parametrize(("weighted", "exact"), [(False, 7), (True, 7), (False, 3)])
def test_sampling_player_does_not_peek(weighted: bool, exact: int) -> None:
    """Deals that differ only in what the sampler cannot see give the same view and the
    same choice (the hybrid's playouts included)."""
    rng = random.Random(21)
    sampler = SamplingPlayer(samples=3, seed=4, weighted=weighted, exact=exact)
    checked = 0
    for i in range(12):
        hand = Hand(Deal.shake(rng), shaker=i % 4)
        play_hand_until = rng.randrange(5, 20)
        players = [RuleBasedPlayer()] * 4
        while not hand.is_over and len(hand.plays) < play_hand_until:
            hand.apply(("play", decide(players[hand.to_act], hand).action)
                       if hand.phase is Phase.PLAYING else
                       (("bid", decide(players[hand.to_act], hand).action)
                        if hand.phase is Phase.BIDDING else
                        ("contract", decide(players[hand.to_act], hand).action)))
        if hand.is_over or len(hand.legal_plays()) < 2:
            continue
        seat = hand.to_act
        view = SeatView.of(hand)
        choice = sampler.play(view)
        for _ in range(3):
            masks = _hidden_swap(hand, seat, rng)
            if masks is None:
                continue
            other = _replay(hand, masks)
            if other is None:
                continue
            assert other.deal != hand.deal
            assert SeatView.of(other) == view
            assert sampler.play(SeatView.of(other)) == choice
            checked += 1
    assert checked >= 5


def _hidden_swap(hand: Hand, seat: int, rng: random.Random) -> list[int] | None:
    """Deal masks where the other seats' unplayed dominoes are dealt again consistently
    with what ``seat`` saw."""
    view = SeatView.of(hand, seat)
    holdings = sample_holdings(view, rng)
    if holdings is None:
        return None
    masks = list(holdings)
    for trick in [*hand.tricks]:
        for s, d in zip(trick.seats, trick.plays, strict=True):
            masks[s] |= 1 << d.index
    leader = hand.leader
    for k, d in enumerate(hand.current_trick):
        masks[(leader + k) % 4] |= 1 << d.index
    if any(m.bit_count() != 7 for m in masks) or masks == list(hand.deal.masks):
        return None
    return masks


@pytest.mark.parametrize("preset", ["standard", "lechner"])
def test_fast_playout_matches_the_engine(preset: str) -> None:
    rng = random.Random(0)
    p = RuleBasedPlayer()
    rules = PRESETS[preset].replace(early_end=False)
    contracts = allowed_contracts(rules, 42)
    for i in range(120):
        deal = Deal.shake(rng)
        bidder = rng.randrange(4)
        c = contracts[i % len(contracts)] if preset != "standard" else rng.choice(contracts)
        hand = Hand(deal, shaker=(bidder - 1) % 4, rules=rules)
        for b in ("42", "pass", "pass", "pass"):
            hand.bid(b)
        hand.name_contract(c)
        while not hand.is_over:
            hand.play(decide(p, hand).action)  # type: ignore[arg-type]
        assert tuple(hand.points) == rule_playout(deal.masks, c, bidder, every_trick=True,
                                                  sevens_tie=rules.sevens_tie), str(c)


def test_deal_hidden_respects_counts_and_voids() -> None:
    rng = random.Random(1)
    pool = (1 << 21) - 1
    needs = {1: 7, 2: 7, 3: 5}
    forbidden = {1: 0b111111, 2: 0b111111 << 6, 3: 0}
    for _ in range(200):
        out = deal_hidden(rng, pool, needs, forbidden)
        assert out is not None
        assert sum(m.bit_count() for m in out.values()) == 19
        for s, m in out.items():
            assert m.bit_count() == needs[s]
            assert not m & forbidden[s]
            assert not m & ~pool
        assert not out[1] & out[2] and not out[1] & out[3] and not out[2] & out[3]
    # Impossible: seats 1 and 2 may hold only the same six dominoes.
    assert deal_hidden(rng, pool, {1: 7, 2: 7}, {1: pool & ~0b111111,
                                                 2: pool & ~0b111111}) is None


def test_deal_hidden_is_roughly_uniform() -> None:
    rng = random.Random(2)
    pool = (1 << 6) - 1
    counts = [0] * 6
    for _ in range(3000):
        out = deal_hidden(rng, pool, {1: 3, 2: 3}, {1: 0b1, 2: 0})
        assert out is not None
        for i in range(6):
            counts[i] += out[1] >> i & 1
    assert counts[0] == 0
    for c in counts[1:]:
        assert 1600 < c < 2000  # 3 of the 5 allowed: 60%


def test_random_player_is_reproducible() -> None:
    hand = Hand(Deal.from_seed(9), shaker=1)
    a = [d.action for _, d in play_hand(hand.copy(), [RandomPlayer(5)] * 4)]
    b = [d.action for _, d in play_hand(hand.copy(), [RandomPlayer(5)] * 4)]
    assert a == b


def test_make_player() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("rules"), RuleBasedPlayer)
    s = make_player("sampling:7")
    assert isinstance(s, SamplingPlayer) and s.samples == 7 and not s.weighted
    w = make_player("weighted:5")
    assert isinstance(w, SamplingPlayer) and w.samples == 5 and w.weighted
    h = make_player("hybrid:20/4")
    assert isinstance(h, SamplingPlayer) and (h.samples, h.exact) == (20, 4)
    assert h.name == "hybrid" and make_player("hybrid").exact == 4
    assert w.name == "sampling-weighted"
    with pytest.raises(ValueError):
        make_player("grandmaster")
    for p in (RandomPlayer(), RuleBasedPlayer(), SamplingPlayer(1)):
        assert isinstance(p, Player)


def test_decide_refuses_a_finished_hand() -> None:
    hand = Hand(Deal.from_seed(1), shaker=0)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    with pytest.raises(ValueError):
        decide(RuleBasedPlayer(), hand)


def test_sampling_player_with_hidden_tricks() -> None:
    """After a mark bid the tricks are turned down: the sampler guesses what was played."""
    hand = Hand(Deal.from_seed(17), shaker=3, rules=STANDARD.replace(early_end=False))
    hand.bid(84)
    for _ in range(3):
        hand.bid("pass")
    hand.name_contract(decide(RuleBasedPlayer(), hand).action)  # type: ignore[arg-type]
    sampler = SamplingPlayer(samples=2, seed=3)
    seen_hidden = False
    while not hand.is_over:
        view = SeatView.of(hand)
        seen_hidden = seen_hidden or len(view.tricks) < view.tricks_played
        hand.play(sampler.play(view).action)  # type: ignore[arg-type]
    assert seen_hidden


def test_nello_and_sevens_are_played() -> None:
    rules = "lechner"
    rng = random.Random(6)
    sampler = SamplingPlayer(samples=1, seed=2)
    kinds = set()
    for i in range(40):
        hand = Hand(Deal.shake(rng), shaker=i % 4, rules=rules)
        while hand.phase is Phase.BIDDING:
            hand.bid(84 if not hand.bids else "pass")
        contracts = hand.valid_contracts()
        kind = ("nello", "sevens")[i % 2]
        wanted = [c for c in contracts if c.kind == kind]
        hand.name_contract(wanted[i % len(wanted)])
        kinds.add(hand.contract.kind if hand.contract else "")
        players: list[Player] = [RuleBasedPlayer(), sampler] if i % 2 else [sampler,
                                                                             RuleBasedPlayer()]
        log = play_hand(hand, players * 2)
        assert hand.is_over
        for _, d in log:
            _one_line(d)
        if i >= 3:
            break
    assert kinds == {"nello", "sevens"}


def test_play_likelihood_believes_rule_based_players() -> None:
    """In hands played by rule-based players the true holdings explain every play seen
    (likelihood 1); guesses that do not are weighted down, never up."""
    rng = random.Random(8)
    lower = 0
    for i in range(10):
        hand = Hand(Deal.shake(rng), shaker=i % 4, rules=STANDARD.replace(early_end=False))
        while not hand.is_over:
            if hand.phase is Phase.PLAYING and len(hand.tricks) >= 2:
                view = SeatView.of(hand)
                truth = [hand.holding(s).mask for s in range(4)]
                assert play_likelihood(view, truth) == 1.0
                guess = sample_holdings(view, rng)
                assert guess is not None
                w = play_likelihood(view, guess)
                assert 0.0 < w <= 1.0
                lower += w < 1.0
            hand.apply(("play", decide(RuleBasedPlayer(), hand).action)
                       if hand.phase is Phase.PLAYING else
                       (("bid", decide(RuleBasedPlayer(), hand).action)
                        if hand.phase is Phase.BIDDING else
                        ("contract", decide(RuleBasedPlayer(), hand).action)))
    assert lower > 10


def test_hybrid_plays_out_early_and_solves_late() -> None:
    """Before the last ``exact`` tricks each guess is played out by rule-based players
    (an average of whole points per guess); in them it is solved exactly, as the
    sampling player does."""
    rng = random.Random(12)
    hybrid = SamplingPlayer(samples=6, seed=2, exact=3)
    exact = SamplingPlayer(samples=6, seed=2)
    early = late = 0
    for i in range(4):
        hand = Hand(Deal.shake(rng), shaker=i % 4, rules=STANDARD.replace(early_end=False))
        while not hand.is_over:
            if hand.phase is Phase.PLAYING and len(hand.legal_plays()) > 1:
                view = SeatView.of(hand)
                avg, n = hybrid.averages(view)
                assert n == 6 and set(avg) == set(view.legal_plays)
                if 7 - view.tricks_played <= 3:
                    assert avg == exact.averages(view)[0]
                    late += 1
                else:
                    # One whole-point playout per guess: sixths of a point.
                    assert all(abs(6 * v - round(6 * v)) < 1e-9 for v in avg.values())
                    early += 1
                d = hybrid.play(view)
                assert d.action in view.legal_plays and (
                    "average over 6 deals" in d.reason or " of 6 deals" in d.reason)
            hand.apply(("play", decide(RuleBasedPlayer(), hand).action)
                       if hand.phase is Phase.PLAYING else
                       (("bid", decide(RuleBasedPlayer(), hand).action)
                        if hand.phase is Phase.BIDDING else
                        ("contract", decide(RuleBasedPlayer(), hand).action)))
    assert early >= 5 and late >= 3


def test_the_explorers_use_the_default_player() -> None:
    """One place names the explorers' computer player; their decide() asks it."""
    from texas42.analysis.players import DEFAULT_PLAYER, default_player
    from texas42.widgets import _players

    p = default_player()
    assert isinstance(p, SamplingPlayer) and p.name == DEFAULT_PLAYER.partition(":")[0]
    hand = Hand(Deal.from_seed(5), shaker=3)
    while not (hand.phase is Phase.PLAYING and len(hand.legal_plays()) > 1):
        _players.decide(hand).apply(hand)
    d = _players.decide(hand)
    assert d.kind == "play" and d.value in hand.legal_plays()
    assert d.value == p.play(SeatView.of(hand)).action
    # the first play of a hand bid for points: for the mark, by its chance
    assert "in" in d.reason and "% of 96 deals" in d.reason and "rules of thumb" in d.reason


def test_the_default_player_at_a_table_bidding_in_tricks_is_the_rule_based_one() -> None:
    """Guessing gains little where bids are in tricks; five to seven computer seats of
    guesses would make a click wait seconds: the explorers play the rules there."""
    from texas42.analysis.players import DEFAULT_TRICKS_PLAYER, default_player
    from texas42.rules import ALL_PRESETS
    from texas42.widgets import _players

    assert DEFAULT_TRICKS_PLAYER == "rule-based"
    for name, rules in ALL_PRESETS.items():
        p = default_player(rules=rules)
        assert isinstance(p, RuleBasedPlayer) == (rules.bidding == "tricks"), name
        assert type(_players.make_player(rules)) is type(p)
    hand = Hand(Deal.from_seed(2, ALL_PRESETS["moon-6"].layout), rules=ALL_PRESETS["moon-6"])
    assert _players.decide(hand).value == RuleBasedPlayer().bid(SeatView.of(hand)).action
