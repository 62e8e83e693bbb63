"""Laying down (claiming): verify_claim, Hand.lay_down, claims in hand records.

The property tests check the search against a brute force written here: every
arrangement of the unseen dominoes is dealt out as a real Hand (replaying the public
history, so an arrangement that contradicts a shown void is refused by the engine
itself), and the claimant's information sets are explored explicitly.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from texas42 import (
    STANDARD,
    ClaimCheck,
    Deal,
    Domino,
    Hand,
    HandRecord,
    IllegalActionError,
    InputError,
    NotationError,
    Phase,
    ReplayError,
    verify_claim,
)
from texas42.claims import ClaimPlayer, claim_play
from texas42.deals import SEATS
from texas42.dominoes import DOMINOES
from texas42.hand import Claim

from .helpers import deal_with, snapshot, won_auction
from .test_claims_tables import (  # the brute force of a claim, for every table
    _breaks,
    _step,
    sure,
)

#: Straight 42 plus nello and sevens, so every kind of contract can be named.
HOUSE = STANDARD.replace(name="claims-house", nello=("high", "own-suit"), sevens=True)

#: Seat 0 holds six sixes and 5-4; 6-0 and 5-5 are out.
SIX_SIXES = deal_with(
    "6-6 6-5 6-4 6-3 6-2 6-1 5-4",
    "5-5 4-4 3-3 2-2 1-1 0-0 6-0",
)


def hand_after(deal: Deal, contract: str, plays: list[str], bid: int | str = 30) -> Hand:
    hand = won_auction(deal, bid, contract, rules=HOUSE)
    for x in plays:
        if hand.phase is Phase.OVER and len(hand.tricks) < 7:
            hand.play_out()
        hand.play(x)
    return hand


# -- hand-made positions ---------------------------------------------------------------------------
def test_every_trump_led_is_valid_and_lays_down() -> None:
    hand = won_auction(deal_with("6-6 6-5 6-4 6-3 6-2 6-1 6-0"), 30, "sixes")
    check = hand.lay_down(0)
    assert check.valid and check.tricks_left == 7 and check.counterexample is None
    assert check.explain().startswith("Valid: seat 0 holds the 7 highest trumps left")
    assert [str(d) for d in check.plan] == ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]
    assert hand.is_over and hand.claim == Claim(0, 0)
    assert len(hand.tricks) == 7 and sum(hand.points) == 42 and hand.points[0] == 42
    assert hand.result is not None and hand.result.made


def test_drawing_trumps_then_winners_is_valid() -> None:
    # 6-0 is the only trump out: leading 6-6 draws it; then 5-5 is the highest five.
    deal = deal_with("6-6 6-5 6-4 6-3 6-2 6-1 5-5", "6-0")
    check = verify_claim(won_auction(deal, 30, "sixes"), 0)
    assert check.valid
    assert "leads 6-6, higher than every trump still out" in check.explain()


def test_high_domino_out_in_a_suit_that_must_be_led_is_not_valid() -> None:
    hand = won_auction(SIX_SIXES, 30, "sixes")
    check = verify_claim(hand, 0)
    assert not check.valid and check.counterexample is not None
    c = check.counterexample
    # Whoever holds 5-5 (an opponent, in the counterexample) keeps it and wins 5-4.
    assert c.winner % 2 == 1 and Domino.parse("5-5") in c.hands[c.winner]
    assert c.trick[0] == (0, Domino.parse("5-4")) and (c.winner, Domino.parse("5-5")) in c.trick
    assert check.explain().startswith(f"Not valid: if seat {c.winner} holds 5-5, it wins")
    assert "\n" not in check.explain()


#: Follow-me: seat 0 leads 5-3, 6-6, 6-5, 4-4, 3-3, 2-2 and wins each; seats 1 and 3 show
#: out of fives on the first trick. Seat 2, the partner, keeps 5-5 for the last trick.
PARTNER_DEAL = deal_with(
    "5-3 5-4 6-6 6-5 4-4 3-3 2-2",
    "0-0 1-0 1-1 2-0 2-1 3-0 3-1",
    "5-5 5-0 5-1 5-2 6-0 6-1 6-2",
    "3-2 4-0 4-1 4-2 4-3 6-3 6-4",
)
PARTNER_PLAYS = [
    "5-3", "0-0", "5-0", "4-0",
    "6-6", "1-0", "6-0", "6-3",
    "6-5", "1-1", "6-1", "6-4",
    "4-4", "2-0", "6-2", "4-1",
    "3-3", "3-0", "5-1", "3-2",
    "2-2", "2-1", "5-2", "4-2",
]


def test_a_trick_the_partner_must_win_counts_for_the_side() -> None:
    hand = hand_after(PARTNER_DEAL, "follow-me", PARTNER_PLAYS, 42)
    assert hand.to_act == 0 and len(hand.tricks) == 6
    # 5-5 is out and beats 5-4, but seats 1 and 3 showed they have no five: only the
    # partner can hold it, and it must follow with it.
    check = verify_claim(hand, 0)
    assert check.valid and "seat 0 and its partner take the last trick" in check.explain()
    hand.lay_down(0)
    assert hand.tricks[-1].winner == 2 and hand.result is not None and hand.result.made


def test_voids_shown_in_play_make_the_difference() -> None:
    # Two tricks earlier seat 0 holds 3-3, 2-2 and 5-4: still sure, for the same reason.
    assert verify_claim(hand_after(PARTNER_DEAL, "follow-me", PARTNER_PLAYS[:16], 42), 0).valid
    # At the start, before anyone showed out of fives, an opponent may hold 5-5.
    check = verify_claim(hand_after(PARTNER_DEAL, "follow-me", [], 42), 0)
    assert not check.valid
    c = check.counterexample
    assert c is not None and c.winner in (1, 3)


def test_not_your_turn_or_not_playing_is_refused() -> None:
    hand = won_auction(SIX_SIXES, 30, "sixes")
    with pytest.raises(IllegalActionError) as info:
        verify_claim(hand, 1)
    assert info.value.rule == "claim-timing" and "seat 0's turn" in info.value.message
    bidding = Hand(SIX_SIXES, shaker=3)
    with pytest.raises(IllegalActionError) as info:
        bidding.lay_down(0)
    assert info.value.rule == "claim-timing" and "bidding" in info.value.message
    with pytest.raises(InputError) as bad:  # a seat not at the table: one error everywhere
        verify_claim(hand, 4)
    assert bad.value.rule == "seat"


def test_after_the_early_end_no_claim_is_needed() -> None:
    hand = won_auction(deal_with("6-6 6-5 6-4 6-3 6-2 6-1 6-0"), 30, "sixes")
    for _ in range(6):
        while hand.phase is Phase.PLAYING and hand.to_act != 0:
            hand.play(hand.legal_plays()[0])
        if hand.phase is not Phase.PLAYING:
            break
        hand.play(hand.legal_plays()[0])
    assert hand.phase is Phase.OVER and len(hand.tricks) < 7  # 30 reached: decided
    with pytest.raises(IllegalActionError) as info:
        hand.lay_down(0)
    assert info.value.rule == "claim-timing" and "over" in info.value.message
    hand.play_out()  # practice: playing on, a claim may end it again
    assert hand.lay_down(hand.to_act).valid and len(hand.tricks) == 7


def test_nello_only_the_declarer_claims_to_lose_every_trick() -> None:
    # Seat 0 bids nello: its partner seat 2 sits out. Seat 0 holds the low dominoes.
    deal = deal_with(
        "1-0 2-0 2-1 3-0 3-1 3-2 4-0",
        "1-1 6-6 6-5 6-4 6-3 6-2 6-1",
        "0-0 2-2 3-3 4-1 4-2 4-3 4-4",
        "6-0 5-5 5-4 5-3 5-2 5-1 5-0",
    )
    hand = won_auction(deal, 42, "nello", rules=HOUSE)
    # Leading, seat 0 cannot be sure: the others may both be out of the suit led.
    first = verify_claim(hand, 0)
    assert not first.valid and first.counterexample is not None
    assert first.counterexample.winner == 0 and "seat 0 wins it" in first.explain()
    hand.play("1-0")
    for seat in (1, 2):
        with pytest.raises(IllegalActionError) as info:
            verify_claim(hand, seat)
        assert info.value.rule == "claim-nello"
    for x in ["1-1", "5-1", "6-1", "6-0"]:
        hand.play(x)
    # Now every domino seat 0 holds is lower than any domino out that leads its suit.
    check = hand.lay_down(0)
    assert check.valid and "seat 0 loses the 6 tricks left" in check.explain()
    assert len(hand.tricks) == 7 and hand.tricks_won == [0, 7]
    assert hand.result is not None and hand.result.made


def test_invalid_lay_down_changes_nothing() -> None:
    hand = won_auction(SIX_SIXES, 30, "sixes")
    for _ in range(4):
        hand.play(hand.legal_plays()[0])
    twin, before = hand.copy(), snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.lay_down(0)
    assert info.value.rule == "claim-not-sure"
    assert info.value.message == verify_claim(hand, 0).explain()
    assert hand == twin and snapshot(hand) == before and hand.claim is None


def test_history_keeps_the_claim_after_it() -> None:
    hand = won_auction(deal_with("6-6 6-5 6-4 6-3 6-2 6-1 6-0"), 30, "sixes")
    for _ in range(4):
        hand.play(hand.legal_plays()[0])
    hand.lay_down(0)
    claim = hand.claim
    assert claim == Claim(0, 4)
    start = len(hand.actions) - len(hand.plays)
    assert hand.at(start + 4).claim is None  # the position where the claim was made
    assert hand.at(start + 5).claim == claim
    other = hand.copy()
    other.undo()
    assert other.claim == claim and other != hand
    with pytest.raises(IllegalActionError) as info:
        other.lay_down(other.to_act)
    assert info.value.rule == "claim-timing"


# -- records ---------------------------------------------------------------------------------------
def _laid_down() -> Hand:
    hand = won_auction(deal_with("6-6 6-5 6-4 6-3 6-2 6-1 5-5", "6-0"), 30, "sixes")
    for _ in range(4):
        hand.play(hand.legal_plays()[0])
    hand.lay_down(0)
    return hand


def test_record_round_trips_and_replays_the_claim() -> None:
    hand = _laid_down()
    record = hand.record()
    assert record.claim == Claim(0, 4)
    data = record.to_dict()
    assert data["claim"] == {"seat": 0, "play": 4}
    again = HandRecord.from_json(record.to_json())
    assert again == record
    replayed = again.replay()
    assert replayed == hand and replayed.claim == hand.claim
    assert replayed.result == hand.result


def test_old_records_load_as_before() -> None:
    hand = won_auction(SIX_SIXES, 30, "sixes")
    hand.play("6-6")
    data = hand.record().to_dict()
    assert "claim" not in data
    assert HandRecord.from_dict(data).claim is None
    assert HandRecord.from_dict(data).replay() == hand


def test_record_stopping_at_its_claim_is_laid_down() -> None:
    hand = _laid_down()
    data = hand.record().to_dict()
    data["plays"] = data["plays"][:4]
    replayed = HandRecord.from_dict(data).replay()
    assert replayed.is_over and replayed.claim == Claim(0, 4)
    assert replayed.tricks[-1].winner is not None
    assert all(t.winner is not None and t.winner % 2 == 0 for t in replayed.tricks[1:])


def test_record_with_a_claim_that_is_not_sure_is_refused() -> None:
    hand = won_auction(SIX_SIXES, 30, "sixes")
    data = hand.record().to_dict()
    data["claim"] = {"seat": 0, "play": 0}
    with pytest.raises(ReplayError) as info:
        HandRecord.from_dict(data).replay()
    assert info.value.rule == "claim-not-sure" and info.value.kind == "claim"
    data["claim"] = {"seat": 1, "play": 0}
    with pytest.raises(ReplayError) as info:
        HandRecord.from_dict(data).replay()
    assert info.value.rule == "claim-timing"


def test_record_whose_plays_break_the_claim_is_refused() -> None:
    # Seat 0 claims at the first lead with every trump but the 6-0... then leads 5-5
    # while 6-0 is still out: seat 1 trumps it.
    deal = deal_with("6-6 6-5 6-4 6-3 6-2 6-1 5-5", "6-0 0-0 1-0 1-1 2-0 2-1 2-2")
    hand = won_auction(deal, 30, "sixes")
    assert verify_claim(hand, 0).valid
    data = hand.record().to_dict()
    data["claim"] = {"seat": 0, "play": 0}
    hand.play("5-5")
    hand.play("6-0")  # seat 1 has no five: it trumps
    hand.play(hand.legal_plays()[0])
    hand.play(hand.legal_plays()[0])
    data["plays"] = [str(x) for x in hand.plays]
    with pytest.raises(ReplayError) as info:
        HandRecord.from_dict(data).replay()
    assert info.value.rule == "claim-broken" and info.value.index == 3


@pytest.mark.parametrize(
    "claim", [5, [0, 1], {"seat": 0}, {"seat": 4, "play": 0}, {"seat": 0, "play": 99},
              {"seat": True, "play": 0}, {"seat": 0, "play": 0, "x": 1}],
)
def test_malformed_claim_is_a_notation_error(claim: object) -> None:
    data = won_auction(SIX_SIXES, 30, "sixes").record().to_dict()
    data["claim"] = claim
    with pytest.raises(NotationError) as info:
        HandRecord.from_dict(data)
    assert info.value.rule == "record"


# -- the brute force -------------------------------------------------------------------------------
def worlds(hand: Hand, seat: int) -> list[Hand]:
    """Every arrangement of the dominoes ``seat`` cannot see that fits what it saw, each
    as a Hand that went through the same public history."""
    played: dict[int, list[Domino]] = {s: [] for s in range(SEATS)}
    order = [s for s in ((hand.leader + i) % SEATS for i in range(SEATS)) if s != hand.sitting_out]
    for t in hand.tricks:
        for s, x in zip(t.seats, t.plays, strict=True):
            played[s].append(x)
    for s, x in zip(order, hand.current_trick, strict=False):
        played[s].append(x)
    mine = list(hand.holding(seat))
    unseen = [x for x in DOMINOES if x not in mine and x not in hand.plays]
    others = [s for s in range(SEATS) if s != seat]
    sizes = [len(hand.holding(s)) for s in others]
    out = []
    for a in combinations(unseen, sizes[0]):
        rest = [x for x in unseen if x not in a]
        for b in combinations(rest, sizes[1]):
            c = [x for x in rest if x not in b]
            holding = dict(zip(others, (list(a), list(b), c), strict=True))
            holding[seat] = mine
            deal = Deal([played[s] + holding[s] for s in range(SEATS)])
            w = Hand(deal, shaker=hand.shaker, rules=hand.rules)
            try:
                for action in hand.actions:
                    w.apply(action[:2])
            except IllegalActionError:
                continue  # contradicts a void shown in play
            if hand.phase is Phase.PLAYING and w.phase is Phase.OVER:
                w.play_out()
            out.append(w)
    return out


def check_counterexample(hand: Hand, check: ClaimCheck, group: list[Hand] | None = None) -> None:
    """The counterexample is an arrangement that fits what the claimant saw (one of
    ``group``, the claimant's :func:`worlds`, when the caller has them already), and in it
    the line of play is legal and loses a trick for the claim."""
    c = check.counterexample
    assert c is not None
    seat = check.seat
    assert c.hands[seat] == hand.holding(seat)
    assert sorted(len(h) for h in c.hands) == sorted(len(hand.holding(s)) for s in range(SEATS))
    if group is None:
        group = worlds(hand, seat)
    match = [w for w in group if all(w.holding(s) == c.hands[s] for s in range(4))]
    assert len(match) == 1, "the counterexample is not an arrangement that fits the play"
    w = match[0]
    done = len(w.tricks)
    for s, x in c.line:
        assert w.to_act == s
        w = _step(w, x)
    assert len(w.tricks) > done and w.tricks[-1].winner == c.winner
    assert _breaks(w, seat, len(w.tricks) - 1)
    # Every trick before the lost one went the claimant's way.
    assert not any(_breaks(w, seat, i) for i in range(done, len(w.tricks) - 1))


CONTRACTS = ["sixes", "fives", "blanks", "doubles", "follow-me", "nello", "nello/doubles-own-suit",
             "sevens"]


def position(seed: int, contract: str, left: int, into: int) -> Hand | None:
    """A hand of random legal play with ``left`` tricks left, ``into`` plays into the trick."""
    rng = random.Random(seed)
    deal = Deal.shake(rng)
    hand = Hand.at_play(deal, contract, shaker=rng.randrange(4), rules=HOUSE,
                        bid=42 if contract.startswith(("nello", "sevens")) else 30)
    size = 3 if hand.sitting_out is not None else 4
    for _ in range((7 - left) * size + min(into, size - 1)):
        if hand.phase is Phase.OVER:
            hand.play_out()
        hand.play(rng.choice(hand.legal_plays()))
    if hand.phase is Phase.OVER:
        hand.play_out()
    while contract.startswith("nello") and hand.to_act != hand.declarer and len(hand.tricks) < 6:
        hand.play(rng.choice(hand.legal_plays()))  # in nello only the declarer claims
        if hand.phase is Phase.OVER:
            hand.play_out()
    if hand.sitting_out is not None and hand.to_act != hand.declarer:
        return None
    return hand


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(
    seed=st.integers(0, 2**32),
    contract=st.sampled_from(CONTRACTS),
    left=st.sampled_from([1, 2, 2, 2]),
    into=st.integers(0, 3),
)
def test_verdict_matches_brute_force_over_every_arrangement(
    seed: int, contract: str, left: int, into: int
) -> None:
    hand = position(seed, contract, left, into)
    if hand is None:
        return
    seat = hand.to_act
    check = verify_claim(hand, seat)
    group = worlds(hand, seat)
    assert group
    assert check.valid == sure(group, seat), check.explain()
    if check.valid:
        # The claimant's plan, chosen from what it can see, wins in every arrangement
        # against every way the others play.
        player = ClaimPlayer(hand, seat)
        assert sure(group, seat, player.play)
        assert check.plan and check.plan[0] in hand.legal_plays()
    else:
        check_counterexample(hand, check, group)
    assert "\n" not in check.explain() and check.explain().endswith(".")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), contract=st.sampled_from(CONTRACTS))
def test_verdict_matches_brute_force_three_tricks_left(seed: int, contract: str) -> None:
    hand = position(seed, contract, 3, 0)
    if hand is None:
        return
    seat = hand.to_act
    check = verify_claim(hand, seat)
    group = worlds(hand, seat)
    assert check.valid == sure(group, seat), check.explain()
    if not check.valid:
        check_counterexample(hand, check, group)


def _deeper(seed: int) -> Iterator[Hand]:
    for contract in CONTRACTS:
        for left in (4, 5, 6, 7):
            hand = position(seed, contract, left, seed % 4)
            if hand is not None:
                yield hand


@pytest.mark.parametrize("seed", range(12))
def test_earlier_claims_lay_down_or_leave_the_hand_alone(seed: int) -> None:
    for hand in _deeper(seed):
        seat = hand.to_act
        check = verify_claim(hand, seat)
        before = hand.copy()
        if not check.valid:
            # The counterexample fits the play so far and loses a trick for the claim.
            c = check.counterexample
            assert c is not None and c.hands[seat] == hand.holding(seat)
            deal = [list(c.hands[s]) for s in range(SEATS)]
            for t in hand.tricks:
                for s, x in zip(t.seats, t.plays, strict=True):
                    deal[s].append(x)
            order = [s for s in ((hand.leader + i) % 4 for i in range(4)) if s != hand.sitting_out]
            for s, x in zip(order, hand.current_trick, strict=False):
                deal[s].append(x)
            w = Hand(Deal(deal), shaker=hand.shaker, rules=hand.rules)
            for a in hand.actions:
                w.apply(a[:2])
            done = len(w.tricks)
            for _, x in c.line:
                w = _step(w, x)
            assert _breaks(w, seat, len(w.tricks) - 1) and len(w.tricks) > done
            with pytest.raises(IllegalActionError):
                hand.lay_down(seat)
            assert hand == before
        else:
            assert claim_play(hand, seat) == check.plan[0]
            hand.lay_down(seat)
            assert hand.is_over and hand.claim == Claim(seat, len(before.plays))
            assert not any(_breaks(hand, seat, i) for i in range(len(before.tricks), 7)
                           if i < len(hand.tricks))
            assert HandRecord.from_json(hand.record().to_json()).replay() == hand
