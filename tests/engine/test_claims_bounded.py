"""The claim check is bounded: a budget of positions, a plain refusal when it is
reached (never a wrong acceptance), one search per position, and the shortcuts that
make it fast (sure tricks by suit length, open-handed refutations, dominoes that play
alike) agreeing with the brute force of tests/engine/test_claims.py."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from texas42 import Deal, Hand, HandRecord, IllegalActionError, Phase, ReplayError, verify_claim
from texas42 import claims as claims_module
from texas42.claims import UNCHECKED, ClaimPlayer

from .helpers import won_auction
from .test_claims import (
    CONTRACTS,
    PARTNER_DEAL,
    PARTNER_PLAYS,
    check_counterexample,
    hand_after,
    position,
    sure,
    worlds,
)


def _fresh() -> None:
    claims_module._RECENT.clear()  # each test measures its own search


def _claim_after(hands: list[str], contract: str, plays: list[str], bid: int = 42) -> Hand:
    hand = won_auction(Deal(hands), bid, contract)
    for x in plays:
        hand.play(x)
    return hand


#: Found by a random search (bench/worst/): follow-me bid 42, a claim after one trick
#: that is not sure (seat 3 can keep 6-3 with 6-2 6-0 and the threes and twos to follow)
#: took 251,000 positions (17 s) before the open-handed refutations.
GUARDED = (
    ["4-4 3-3 6-1 6-5 6-6 5-5 2-2", "3-1 0-0 1-1 6-2 2-1 6-4 5-2",
     "4-0 5-0 4-2 2-0 5-3 4-3 3-0", "5-4 4-1 5-1 1-0 6-0 6-3 3-2"],
    "follow-me", ["4-4", "6-4", "4-0", "5-4"],
)


def test_a_claim_too_long_to_check_is_refused_plainly() -> None:
    _fresh()
    # Two tricks from the end the partner-forced claim needs a real search.
    hand = position(95, "nello", 5, 0)
    assert hand is not None
    _fresh()
    check = verify_claim(hand, hand.to_act, budget=100)
    assert not check.valid and not check.checked and check.counterexample is None
    assert check.explain() == "Not checked: " + UNCHECKED
    assert check.explain() == "Not checked: cannot be checked in time: play it out."


def test_lay_down_and_replay_refuse_an_unchecked_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    # Sevens, two tricks from the end: a valid claim decided by a short search.
    hand = position(1, "sevens", 2, 0)
    assert hand is not None
    seat = hand.to_act
    _fresh()
    assert verify_claim(hand, seat).valid and verify_claim(hand, seat).nodes > 20
    record = hand.copy()
    record.lay_down(seat)
    data = record.record().to_dict()
    _fresh()
    monkeypatch.setattr(claims_module, "NODE_BUDGET", 1)
    monkeypatch.setattr(claims_module, "OPEN_BUDGET", 1)
    before = hand.copy()
    with pytest.raises(IllegalActionError) as info:
        hand.lay_down(seat)
    assert info.value.rule == "claim-unchecked" and "play it out" in info.value.message
    assert hand == before and hand.claim is None
    with pytest.raises(ReplayError) as bad:
        HandRecord.from_dict(data).replay()
    assert bad.value.rule == "claim-unchecked" and bad.value.kind == "claim"


def test_progress_is_reported_during_a_long_check(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh()
    monkeypatch.setattr(claims_module, "PROGRESS_EVERY", 50)
    hand = position(95, "nello", 5, 0)  # a nello claim of some thousands of positions
    assert hand is not None
    seen: list[tuple[int, int]] = []
    check = verify_claim(hand, hand.to_act, progress=lambda done, total: seen.append((done, total)))
    assert check.checked and check.nodes > 1_000
    assert len(seen) > 10 and all(total == claims_module.NODE_BUDGET for _, total in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and seen[-1][0] <= check.nodes


def test_checking_again_searches_once(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh()
    calls: list[int] = []
    decide = claims_module._decide

    def counted(*args: object) -> object:
        calls.append(1)
        return decide(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(claims_module, "_decide", counted)
    hand = hand_after(PARTNER_DEAL, "follow-me", PARTNER_PLAYS[:16], 42)
    first = verify_claim(hand, 0)
    assert verify_claim(hand.copy(), 0) is first and len(calls) == 1
    # A record that stops at its claim: replay checks it, then lays it down: one search.
    done = hand.copy()
    done.lay_down(0)
    data = done.record().to_dict()
    data["plays"] = data["plays"][:16]
    _fresh()
    calls.clear()
    assert HandRecord.from_dict(data).replay() == done
    assert len(calls) == 1


def test_the_guarded_suit_is_refuted_cheaply() -> None:
    _fresh()
    hands, contract, plays = GUARDED
    hand = _claim_after(hands, contract, plays)
    check = verify_claim(hand, 0)
    assert check.checked and not check.valid
    assert check.nodes < 5_000  # was 251,000 positions
    c = check.counterexample
    assert c is not None and c.hands[0] == hand.holding(0)
    # The counterexample is a real deal that fits the play, and its line loses a trick.
    deal = [list(c.hands[s]) + [d for t in hand.tricks for p, d in zip(t.seats, t.plays,
                                                                     strict=True) if p == s]
            for s in range(4)]
    w = Hand(Deal(deal), shaker=hand.shaker, rules=hand.rules)
    for a in hand.actions:
        w.apply(a[:2])
    for s, x in c.line:
        assert w.to_act == s
        w.play(x)
    last = w.tricks[-1]
    assert last.winner == c.winner and c.winner % 2 == 1


def test_two_unseen_dominoes_next_in_rank_are_told_apart() -> None:
    # Blanks, the last trick: seat 3 follows 5-1 with 3-2; 0-0 and 6-0 are out, one each
    # with seats 0 and 1. Whoever of them holds 0-0 wins: when seat 0 has it, the claim
    # fails. They were once taken as alike (nothing ranks between them) and the claim
    # accepted.
    _fresh()
    hand = position(314125243, "blanks", 1, 1)
    assert hand is not None and hand.to_act == 3
    check = verify_claim(hand, 3)
    assert not check.valid and check.checked
    assert sure(worlds(hand, 3), 3) is False
    check_counterexample(hand, check)


BOUNDED = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@BOUNDED
@given(
    seed=st.integers(0, 2**32),
    contract=st.sampled_from(CONTRACTS),
    left=st.sampled_from([1, 2, 2, 3]),
    budget=st.integers(1, 400),
)
def test_any_budget_never_accepts_a_wrong_claim(
    seed: int, contract: str, left: int, budget: int
) -> None:
    hand = position(seed, contract, left, seed % 4)
    assume(hand is not None)
    assert hand is not None
    _fresh()
    seat = hand.to_act
    check = verify_claim(hand, seat, budget=budget)
    if check.checked:
        group = worlds(hand, seat)
        assert check.valid == sure(group, seat), check.explain()
        if not check.valid:
            check_counterexample(hand, check, group)
    else:
        assert not check.valid and check.nodes >= budget
        assert check.explain() == "Not checked: " + UNCHECKED


def _counted_positions(limit: int) -> list[Hand]:
    """Positions where the claimant on lead is sure only by counting suit lengths or
    leaving last a domino only the partner can beat (a domino of its has a higher one
    out), from seeded random play."""
    found = []
    for seed in range(1500):
        for contract in ("sixes", "follow-me", "doubles", "fives"):
            hand = position(seed, contract, 3, 0)
            if hand is None or hand.current_trick:
                continue
            search = claims_module._search_for(hand, hand.to_act)
            root = claims_module._position(search, hand)
            plan = search.sure(root)
            if plan is not None and search.counted(root, plan[1]):
                found.append(hand)
                if len(found) == limit:
                    return found
    return found


def test_sure_by_suit_length_or_partner_agrees_with_brute_force() -> None:
    hands = _counted_positions(3)
    assert len(hands) == 3
    for hand in hands:
        _fresh()
        seat = hand.to_act
        check = verify_claim(hand, seat)
        assert check.valid and check.nodes <= 1
        assert any(words in check.explain()
                   for words in ("from the top of each suit", "only its partner can hold"))
        group = worlds(hand, seat)
        assert sure(group, seat)
        assert sure(group, seat, ClaimPlayer(hand, seat).play)


def test_a_claim_after_laying_down_budget_per_play() -> None:
    # Playing a valid claim out gives each play a fresh budget: laying down never fails
    # half way for want of budget on an ordinary claim.
    _fresh()
    hand = hand_after(PARTNER_DEAL, "follow-me", PARTNER_PLAYS[:8], 42)
    check = hand.lay_down(0)
    assert check.valid and hand.phase is Phase.OVER
