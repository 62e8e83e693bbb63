"""Moon, the three-player game (RULES.md: Other player counts)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from texas42 import (
    DOMINOES,
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    NotationError,
    Phase,
    ReplayError,
    legal_plays,
)
from texas42.moon import MOON_DOMINOES, MoonDeal, MoonGame, MoonHand


def moon_snapshot(hand: MoonHand) -> dict[str, object]:
    return {k: list(v) if isinstance(v, list) else v for k, v in vars(hand).items()}


def play_moon_randomly(hand: MoonHand, rng: random.Random) -> None:
    """Random legal actions; bids are mostly pass or the lowest bid (shooting the moon
    at random would make every score negative)."""
    while not hand.is_over:
        actions = hand.legal_actions()
        if actions[0].kind == "bid" and len(actions) > 1:
            r = rng.random()
            hand.apply(actions[0] if r < 0.6 else actions[1] if r < 0.98 else actions[-1])
        else:
            hand.apply(rng.choice(actions))


def random_moon_hand(seed: int, *, shaker: int | None = None) -> MoonHand:
    rng = random.Random(seed)
    hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3) if shaker is None else shaker)
    play_moon_randomly(hand, rng)
    return hand


def test_moon_uses_22_dominoes_blanks_out_except_0_0():
    assert len(MOON_DOMINOES) == 22
    assert {str(x) for x in DOMINOES if x not in MOON_DOMINOES} == {
        "1-0",
        "2-0",
        "3-0",
        "4-0",
        "5-0",
        "6-0",
    }


def test_moon_deal_is_seven_each_plus_a_widow():
    deal = MoonDeal.from_seed(5)
    assert [len(h) for h in deal.hands] == [7, 7, 7]
    held = {x for h in deal.hands for x in h} | {deal.widow}
    assert held == set(MOON_DOMINOES)
    assert MoonDeal.from_seed(5) == deal and MoonDeal.from_seed(6) != deal


def test_moon_deal_code_round_trip_and_check():
    rng = random.Random(1)
    for _ in range(100):
        deal = MoonDeal.shake(rng)
        assert MoonDeal.from_code(deal.code) == deal
        assert MoonDeal.from_code(deal.code.lower()) == deal
        assert eval(repr(deal)) == deal
    code = MoonDeal.from_seed(2).code.replace("-", "")
    for p in range(len(code)):
        for ch in "0123456789ABCDEFGHJKMNPQRSTVWXYZ":
            if ch != code[p]:
                with pytest.raises(NotationError):
                    MoonDeal.from_code(code[:p] + ch + code[p + 1 :])


def test_moon_deal_refuses_a_blank_other_than_0_0():
    deal = MoonDeal.from_seed(3)
    hands = [list(h) for h in deal.hands]
    hands[0][0] = DOMINOES[1]  # 1-0
    with pytest.raises(NotationError):
        MoonDeal(hands, deal.widow)


def test_moon_bids_are_4_to_7_tricks_or_21():
    hand = MoonHand(MoonDeal.from_seed(5), shaker=0)
    assert hand.to_act == 1  # left of the shaker
    assert hand.valid_bids() == [0, 4, 5, 6, 7, 21]
    for bad in ("3", "8", "20", "30", "x", ""):
        with pytest.raises(NotationError):
            hand.bid(bad)
    hand.bid("5")
    assert hand.valid_bids() == [0, 6, 7, 21]
    before = moon_snapshot(hand)
    with pytest.raises(IllegalBidError) as info:
        hand.bid("4")
    assert info.value.rule == "bid-must-raise"
    assert moon_snapshot(hand) == before


@pytest.mark.parametrize("text", ["²", "9" * 5000], ids=["superscript-2", "5000-digits"])
def test_moon_odd_digits_raise_notation_error(text):
    hand = MoonHand(MoonDeal.from_seed(5), shaker=0)
    with pytest.raises(NotationError):
        hand.bid(text)


def test_moon_bidding_goes_once_around_clockwise():
    for shaker in range(3):
        hand = MoonHand(MoonDeal.from_seed(6), shaker=shaker)
        seen = []
        while hand.phase is Phase.BIDDING:
            seen.append(hand.to_act)
            hand.bid("4" if len(seen) == 3 else "pass")
        assert seen == [(shaker + k) % 3 for k in (1, 2, 3)]
        assert hand.bidder == shaker


def test_moon_all_pass_reshakes():
    hand = MoonHand(MoonDeal.from_seed(7))
    for _ in range(3):
        hand.bid("pass")
    assert hand.phase is Phase.RESHAKE and hand.is_over and hand.result is None


def test_moon_shooting_the_moon_ends_the_auction():
    hand = MoonHand(MoonDeal.from_seed(8), shaker=0)
    hand.bid("21")
    assert hand.phase is Phase.CONTRACT and hand.bidder == 1


def test_moon_bidder_takes_the_widow_and_discards_one():
    deal = MoonDeal.from_seed(9)
    hand = MoonHand(deal, shaker=2)
    hand.bid("6")
    hand.bid("pass")
    hand.bid("pass")
    assert hand.bidder == 0 and hand.to_act == 0
    assert len(hand.holding(0)) == 8 and deal.widow in hand.holding(0)
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract("sixes")  # discard first
    assert info.value.rule == "contract-timing"
    other = next(iter(hand.holding(1)))
    with pytest.raises(IllegalActionError) as info:
        hand.discard_domino(other)
    assert info.value.rule == "not-held"
    hand.discard_domino(deal.widow)
    assert len(hand.holding(0)) == 7 and hand.discard == deal.widow
    with pytest.raises(IllegalActionError) as info:
        hand.discard_domino(next(iter(hand.holding(0))))
    assert info.value.rule == "discard-timing"


def test_moon_no_doubles_trump():
    hand = MoonHand(MoonDeal.from_seed(10), shaker=2)
    hand.bid("4")
    hand.bid("pass")
    hand.bid("pass")
    hand.discard_domino(next(iter(hand.holding(0))))
    names = [str(c) for c in hand.valid_contracts()]
    assert "doubles" not in names
    assert names[:7] == ["sixes", "fives", "fours", "threes", "twos", "ones", "blanks"]
    assert "follow-me" in names
    with pytest.raises(IllegalContractError) as info:
        hand.name_contract("doubles")
    assert info.value.rule == "contract-not-allowed"
    hand.name_contract("fives")
    assert hand.to_act == hand.leader == 0  # the bidder leads


def test_moon_tricks_of_three_one_point_each_no_count():
    for seed in range(20):
        hand = random_moon_hand(seed)
        if hand.phase is Phase.RESHAKE:
            continue
        assert len(hand.tricks) == 7
        assert all(len(t.plays) == 3 and t.points == 1 for t in hand.tricks)
        assert len(set(hand.plays)) == 21
        assert hand.discard not in hand.plays
        assert set(hand.plays) | {hand.discard} == set(MOON_DOMINOES)
        for prev, nxt in zip(hand.tricks, hand.tricks[1:], strict=False):
            assert nxt.leader == prev.winner
        r = hand.result
        assert sum(r.tricks) == 7
        for seat in range(3):
            if seat != r.bidder:
                assert r.score[seat] == r.tricks[seat]
        taken = r.tricks[r.bidder]
        if r.bid == 21:
            assert r.made == (taken == 7)
            assert r.score[r.bidder] == (21 if r.made else -21)
        else:
            assert r.made == (taken >= r.bid)
            assert r.score[r.bidder] == (taken if r.made else -r.bid)


def test_moon_game_to_21_bidder_goes_out():
    for seed in range(5):
        rng = random.Random(seed)
        game = MoonGame(seed=seed)
        for _ in range(300):
            play_moon_randomly(game.hand, rng)
            if game.is_over:
                break
            game.next_hand()
        w = game.winner
        assert w is not None and game.scores[w] >= 21
        for i, h in enumerate(game.hands):
            assert h.shaker == i % 3
        reached = [s for s in range(3) if game.scores[s] >= 21]
        if len(reached) > 1 and game.hand.result.bidder in reached:
            assert w == game.hand.result.bidder


def test_moon_record_round_trip_and_replay():
    for seed in range(10):
        hand = random_moon_hand(seed)
        data = json.loads(hand.to_json())
        again = MoonHand.replay_dict(data)
        assert again == hand
        assert again.to_json() == hand.to_json()


def test_moon_replay_error_names_the_action():
    hand = random_moon_hand(11, shaker=0)
    while hand.phase is Phase.RESHAKE:
        hand = random_moon_hand(hand.deal.masks[0] % 1000 + 12, shaker=0)
    data = json.loads(hand.to_json())
    data["plays"][1] = data["plays"][0]
    with pytest.raises(ReplayError) as info:
        MoonHand.replay_dict(data)
    assert (info.value.kind, info.value.index) == ("play", 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63))
def test_moon_random_hands_refuse_every_illegal_play(seed):
    rng = random.Random(seed)
    hand = MoonHand(MoonDeal.shake(rng), shaker=rng.randrange(3))
    while not hand.is_over:
        if hand.phase is Phase.PLAYING:
            legal = hand.legal_plays()
            assert legal == legal_plays(
                hand.holding(hand.to_act), hand.current_trick, hand.contract
            )
            before = moon_snapshot(hand)
            for x in DOMINOES:
                if x in legal:
                    copy.deepcopy(hand).play(x)
                    continue
                with pytest.raises(IllegalPlayError):
                    hand.play(x)
                assert moon_snapshot(hand) == before
        hand.apply(rng.choice(hand.legal_actions()))


def test_copy_and_undo_walk_back_every_action() -> None:
    import random

    from texas42.moon import MoonDeal, MoonHand

    rng = random.Random(9)
    for seed in range(20):
        hand = MoonHand(MoonDeal.from_seed(seed), shaker=seed % 3)
        snapshots = [hand.copy()]
        while not hand.is_over:
            action = rng.choice(hand.legal_actions())
            hand.apply(action)
            snapshots.append(hand.copy())
        assert snapshots[-1] == hand and snapshots[-1] is not hand
        for before in reversed(snapshots[:-1]):
            last = hand.undo()
            assert hand == before
            assert hand.legal_actions() == before.legal_actions()
            assert hand.status() == before.status() and hand.tricks_won == before.tricks_won
            assert last[:2] in [a[:2] for a in hand.legal_actions()]  # it may be taken again
        assert hand.actions == [] and hand.phase.value == "bidding"
        with pytest.raises(IllegalActionError, match="nothing to undo"):
            hand.undo()
