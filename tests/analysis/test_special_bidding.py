"""The rule-based player bids nello, sevens, plunge and splash itself (house rules)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import DOMINOES, Contract, Deal, Hand, Phase
from texas42.analysis import Decision, RuleBasedPlayer, SeatView, play_hand
from texas42.analysis.players import PLUNGE_DOUBLES, bidding_contracts, rule_bid
from texas42.analysis.playout import rule_playout
from texas42.analysis.rules_of_thumb import best_strength, nello_estimate, sevens_estimate
from texas42.analysis.stats import wilson
from texas42.bidding import PASS, bid_text
from texas42.contracts import tables
from texas42.hand import allowed_contracts
from texas42.rules import LECHNER, PRESETS, Rules

PLAYER = RuleBasedPlayer()


def _old_bid(view: SeatView, margin: int = 4) -> Decision:
    """The rule-based bid before special contracts (a copy of the old code)."""
    contracts = bidding_contracts(tuple(allowed_contracts(view.rules)))
    s = best_strength(view.dealt, contracts)
    partner_bid = view.bidder is not None and view.bidder == view.partner
    b, why = rule_bid(s.points, view.legal_bids, view.high_bid, partner_bid,
                      view.rules.min_bid, margin)
    best = f"its best contract is {s.contract}, worth about {s.points} ({s.describe()})"
    high = bid_text(view.high_bid)
    next_bid = min((x for x in view.legal_bids if x != PASS), default=view.high_bid + 1)
    text = {
        "forced": f"{bid_text(b)}: everyone passed, so it must bid; {best}.",
        "partner": f"pass: partner holds the bid at {high}; {best}: not enough to take "
                   "it over.",
        "weak": f"pass: {best}: short of {bid_text(next_bid)}.",
        "mark": f"42 (1 mark): {best}: every trick looks sure.",
        "bid": f"{bid_text(b)}: {best}.",
    }[why]
    return Decision(b, text)


def _old_contract(view: SeatView) -> Decision:
    contracts = bidding_contracts(view.legal_contracts) or view.legal_contracts
    s = best_strength(view.dealt, contracts)
    return Decision(s.contract, f"{s.contract}: {s.describe()} (worth about {s.points} points).")


NO_SPECIALS = sorted(p for p, r in PRESETS.items() if r.players == 4 and not (
    r.nello or r.sevens or r.plunge_marks or r.splash_marks))


@pytest.mark.parametrize("preset", NO_SPECIALS)
def test_bids_unchanged_without_special_contracts(preset: str) -> None:
    assert "standard" in NO_SPECIALS
    rng = random.Random(11)
    for i in range(150):
        hand = Hand(Deal.shake(rng), shaker=i % 4, rules=preset)
        while hand.phase in (Phase.BIDDING, Phase.CONTRACT):
            view = SeatView.of(hand)
            if hand.phase is Phase.BIDDING:
                new, old = PLAYER.bid(view), _old_bid(view)
                hand.bid(new.action)  # type: ignore[arg-type]
            else:
                new, old = PLAYER.contract(view), _old_contract(view)
                hand.name_contract(new.action)  # type: ignore[arg-type]
            assert new == old


def _natural(rules: Rules | str, deals: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    out = []
    for i in range(deals):
        hand = Hand(Deal.shake(rng), shaker=i % 4, rules=rules)
        log = play_hand(hand, [PLAYER] * 4)  # the engine refuses any illegal action
        for seat, d in log[: len(hand.bids) + 1]:
            assert d.reason and "\n" not in d.reason
            if hand.phase is not Phase.RESHAKE and seat == hand.bidder and d.action == 42:
                if "for nello" in d.reason:
                    assert hand.contract is not None and hand.contract.kind == "nello"
                if "for sevens" in d.reason:
                    assert hand.contract == Contract("sevens")
        out.append(hand)
    return out


def _kind(hand: Hand) -> str | None:
    if hand.contract is None:
        return None
    if hand.declarer != hand.bidder:
        return hand.high_special
    return hand.contract.kind if hand.contract.kind in ("nello", "sevens") else None


def _baseline(contract: Contract, deals: int, seed: int) -> float:
    """Make rate of seat 0 put in ``contract`` on random deals (rule-based play)."""
    rng = random.Random(seed)
    made = 0
    for _ in range(deals):
        pts = rule_playout(list(Deal.shake(rng).masks), contract, 0)[0]
        made += pts == 0 if contract.kind == "nello" else pts == 42
    return made / deals


def test_lechner_nello_and_sevens_chosen_and_made_more_often() -> None:
    hands = _natural("lechner", 600, 1)
    made: dict[str, list[int]] = {"nello": [0, 0], "sevens": [0, 0]}
    for h in hands:
        k = _kind(h)
        if k in made:
            assert h.result is not None and h.high_bid == 42
            bid = next(d for d in h.actions if d.kind == "bid" and d.seat == h.bidder
                       and d.value == 42)
            assert bid is not None
            made[k][0] += h.result.made
            made[k][1] += 1
    for kind, (m, n) in made.items():
        assert n > 0, kind
        base = max(_baseline(c, 400, 2) for c in allowed_contracts(LECHNER, 42)
                   if c.kind == kind)
        # The chosen hands beat the best forced baseline beyond sampling noise.
        assert wilson(m, n)[0] > base + 0.1, (kind, m, n, base)


@pytest.mark.parametrize("preset", ["harper", "casual"])
def test_nello_chosen_under_harper_and_casual(preset: str) -> None:
    hands = _natural(preset, 500, 3)
    kinds = Counter(_kind(h) for h in hands)
    assert kinds["nello"] > 0
    assert set(kinds) <= {None, "nello"}


def _doubles_deal(rng: random.Random, k: int) -> Deal:
    """Seat 0 holds exactly ``k`` doubles; the rest is shaken."""
    doubles = [d.index for d in DOMINOES if d.is_double]
    others = [d.index for d in DOMINOES if not d.is_double]
    rng.shuffle(doubles)
    rng.shuffle(others)
    rest = doubles[k:] + others[7 - k:]
    rng.shuffle(rest)
    hands = [doubles[:k] + others[: 7 - k], rest[:7], rest[7:14], rest[14:]]
    return Deal([sum(1 << i for i in h) for h in hands])


@pytest.mark.parametrize(("rules", "name"), [
    (LECHNER, "plunge"),
    (LECHNER.replace(plunge_marks=None), "splash"),
])
def test_plunge_and_splash_only_with_the_doubles(rules: Rules, name: str) -> None:
    rng = random.Random(5)
    chosen = made = 0
    for i in range(160):
        k = 3 + i % 5  # 3..7 doubles for seat 0, which bids first
        hand = Hand(_doubles_deal(rng, k), shaker=3, rules=rules)
        log = play_hand(hand, [PLAYER] * 4)
        for seat, d in log:
            if d.action in ("plunge", "splash"):
                assert d.action == name
                held = sum(1 for x in DOMINOES
                           if x.is_double and hand.deal.masks[seat] >> x.index & 1)
                assert held >= PLUNGE_DOUBLES
                assert name in d.reason and f"{held} doubles" in d.reason
        first = next(d for s, d in log if s == 0)
        if k >= PLUNGE_DOUBLES:
            assert first.action == name  # it bids first, so its plunge is always legal
        else:
            assert first.action not in ("plunge", "splash")
        if hand.high_special is not None and hand.bidder == 0:
            chosen += 1
            assert hand.declarer == 2 and hand.result is not None
            named = next(d for s, d in log if isinstance(d.action, Contract))
            assert str(named.action) in named.reason and "partner" in named.reason
            made += hand.result.made
    assert chosen > 0
    assert made / chosen > 0.5  # 6+ doubles and follow-me: the side usually takes all


def test_no_special_bid_over_the_partner() -> None:
    rules = LECHNER
    low = Deal(["1-0 2-0 3-0 2-1 3-1 4-0 4-1", "6-6 6-5 6-4 5-5 4-4 3-3 2-2",
                "6-3 6-2 6-1 6-0 5-4 5-3 5-2", "5-1 5-0 4-3 4-2 3-2 1-1 0-0"])
    hand = Hand(low, shaker=1, rules=rules)  # seat 2 bids first, seat 0 third
    hand.bid(30)
    hand.bid("pass")
    view = SeatView.of(hand)
    assert view.seat == 0 and view.bidder == 2
    assert PLAYER.bid(view).action == PASS
    fresh = Hand(low, shaker=3, rules=rules)  # seat 0 first: a safe nello, it bids 42
    d = PLAYER.bid(SeatView.of(fresh))
    assert d.action == 42 and "nello" in d.reason


hands7 = st.lists(st.integers(0, 27), min_size=7, max_size=7, unique=True).map(
    lambda xs: sum(1 << i for i in xs))


@settings(max_examples=150, deadline=None)
@given(hands7, st.sampled_from(["high", "low", "own-suit", "own-suit-low"]))
def test_nello_estimate_follows_its_definition(held: int, place: str) -> None:
    c = Contract("nello", None, place)  # type: ignore[arg-type]
    t = tables(c)  # the engine's suit tables, not the players' fast copy
    expected = set()
    for x in range(28):
        if held >> x & 1:
            for s in range(9):
                if x in t.rank[s]:
                    out = [o for o in t.rank[s] if not held >> o & 1]
                    above = sum(t.rank[s][o] > t.rank[s][x] for o in out)
                    if len(out) - above > above:
                        expected.add(x)
    assert {x for x, _ in nello_estimate(held, c).dangerous} == expected


@settings(max_examples=150, deadline=None)
@given(hands7)
def test_sevens_estimate_follows_its_definition(held: int) -> None:
    mine = sorted((abs(DOMINOES[i].pips - 7), i) for i in range(28) if held >> i & 1)
    unseen = [abs(DOMINOES[i].pips - 7) for i in range(28) if not held >> i & 1]
    expected = {i for k, (d, i) in enumerate(mine, 1) if sum(u < d for u in unseen) >= 2 * k}
    assert {x for x, _ in sevens_estimate(held).dangerous} == expected


def test_reasons_name_the_contract() -> None:
    for h in _natural("lechner", 200, 7):
        kind = _kind(h)
        if kind in ("nello", "sevens"):
            texts = [d for d in h.actions if d.kind == "contract"]
            assert texts and str(texts[0].value).startswith(kind)
    sevens = Hand(Deal(["6-1 5-2 4-3 6-0 5-1 4-2 5-3", "6-6 6-5 6-4 5-5 4-4 3-3 2-2",
                        "6-3 6-2 5-4 3-1 5-0 3-0 0-0", "4-1 3-2 4-0 2-1 2-0 1-1 1-0"]),
                  shaker=3, rules="lechner")
    d = PLAYER.bid(SeatView.of(sevens))
    assert d.action == 42 and d.reason.startswith("42 (1 mark) for sevens:")
    for b in (42, "pass", "pass", "pass"):
        sevens.bid(b)
    c = PLAYER.contract(SeatView.of(sevens))
    assert c.action == Contract("sevens") and c.reason.startswith("sevens: it bid for it")
