"""Property-based tests (hypothesis): thousands of random hands and games under every
preset and random options, and the parsers fed random text and JSON."""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from texas42 import (
    DOMINOES,
    PRESETS,
    Contract,
    Deal,
    Domino,
    Game,
    Hand,
    HandRecord,
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    NotationError,
    Phase,
    Rules,
    follows,
    is_mark_bid,
    legal_plays,
    parse_bid,
    trick_winner,
)
from texas42.deals import _ALPHABET

from .helpers import play_randomly, random_action, snapshot

HAND_PRESETS = [r for r in PRESETS.values() if getattr(r, "players", 4) == 4]
PRESET_IDS = [r.name for r in HAND_PRESETS]
RULE_FIELDS = {f.name for f in dataclasses.fields(Rules)}

ALL_CONTRACTS = [
    *(Contract.suit(n) for n in range(7)),
    Contract("doubles"),
    *(Contract("follow-me", None, p) for p in ("high", "low", "own-suit")),
    *(Contract("nello", None, p) for p in ("high", "low", "own-suit", "own-suit-low")),
    Contract("sevens"),
]
BID_CANDIDATES = [0, *range(1, 42), *range(42, 42 * 8, 42)]
PLAY_RULES = {"not-held", "follow-suit", "sevens"}

SEEDS = st.integers(min_value=0, max_value=2**63)


#: Run the properties longer with e.g. ``TEXAS42_PROPERTY_SCALE=10`` (a bug hunt, not CI).
SCALE = float(os.environ.get("TEXAS42_PROPERTY_SCALE", "1"))


def cfg(examples: int) -> settings:
    """Settings of one property: ``examples`` random cases (times ``SCALE``), no deadline
    (hands vary in length)."""
    return settings(
        max_examples=max(1, round(examples * SCALE)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        report_multiple_bugs=False,
    )


_OPTIONS = {
    "first_bidder": st.sampled_from(["left-of-shaker", "holder-of-1-0"]),
    "all_pass": st.sampled_from(["forced", "reshake"]),
    "set_marks": st.sampled_from(["bid", "one"]),
    "mark_raise_limit": st.integers(1, 3),
    "max_marks": st.sampled_from([None, 2, 3, 5]),
    "hide_tricks_from": st.sampled_from([42, 84, 126]),
    "review": st.sampled_from(["all", "last", "none"]),
    "doubles_trump": st.booleans(),
    "follow_me_doubles": st.sampled_from([(), ("high",), ("low",), ("high", "low", "own-suit")]),
    "follow_me_min_bid": st.sampled_from([0, 42]),
    "nello": st.sampled_from([(), ("high",), ("own-suit",), ("low", "own-suit-low")]),
    "nello_max_marks": st.sampled_from([None, 1, 2]),
    "sevens": st.booleans(),
    "sevens_tie": st.sampled_from(["bidder", "first"]),
    "special_min_bid": st.sampled_from([30, 42]),
    "plunge_marks": st.sampled_from([None, 2, 4]),
    "splash_marks": st.sampled_from([None, 2, 3]),
    "plunge_jump": st.booleans(),
    "raise_partner_plunge": st.booleans(),
}
OPTIONS = {k: v for k, v in _OPTIONS.items() if k in RULE_FIELDS}


@st.composite
def random_rules(draw):
    base = draw(st.sampled_from(HAND_PRESETS))
    changes = draw(st.fixed_dictionaries({}, optional=OPTIONS))
    return base.replace(**changes)


# -- playing random hands with every check --------------------------------------------------------


def check_position(hand: Hand) -> None:
    """Every illegal action raises the right error and changes nothing; every legal one
    is accepted (tried on a copy); the hand's legal plays are the teaching function's."""
    before = snapshot(hand)
    if hand.phase is Phase.BIDDING:
        valid = hand.valid_bids()
        for b in BID_CANDIDATES:
            if b in valid:
                hand.copy().bid(b)
                continue
            with pytest.raises(IllegalBidError) as info:
                hand.bid(b)
            assert info.value.rule
            assert snapshot(hand) == before, (b, info.value)
        specials = hand.valid_special_bids() if hasattr(hand, "valid_special_bids") else []
        for name in specials:
            hand.copy().bid(name)
    elif hand.phase is Phase.CONTRACT:
        valid = hand.valid_contracts()
        assert valid, "the declarer must have a contract to name"
        for c in ALL_CONTRACTS:
            if c in valid:
                hand.copy().name_contract(c)
                continue
            with pytest.raises(IllegalContractError) as info:
                hand.name_contract(c)
            assert info.value.rule == "contract-not-allowed"
            assert snapshot(hand) == before
    elif hand.phase is Phase.PLAYING:
        legal = hand.legal_plays()
        assert legal, "the player to act must have a legal play"
        holding = hand.holding(hand.to_act)
        assert legal == legal_plays(holding, hand.current_trick, hand.contract)
        for x in DOMINOES:
            if x in legal:
                hand.copy().play(x)
                continue
            with pytest.raises(IllegalPlayError) as info:
                hand.play(x)
            assert info.value.rule in PLAY_RULES
            assert (info.value.rule == "not-held") == (x not in holding)
            assert snapshot(hand) == before
        for seat, suits in hand.known_voids().items():
            for suit in suits:
                assert not any(follows(y, suit, hand.contract) for y in hand.holding(seat))
    actions = hand.legal_actions()
    assert actions or hand.is_over, f"no legal action: {hand.status()}"
    for action in actions:
        hand.copy().apply(action)  # every action offered is accepted


def check_finished(hand: Hand) -> None:
    """The invariants of a hand that is over."""
    assert hand.is_over and hand.legal_actions() == []
    plays = hand.plays
    assert len(set(plays)) == len(plays), "a domino was played twice"
    if hand.phase is Phase.RESHAKE:
        assert hand.result is None and hand.contract is None and hand.tricks == []
        assert hand.bids == [0, 0, 0, 0]
        return
    r = hand.result
    assert r is not None
    assert (r.bidder, r.bid, r.contract) == (hand.bidder, hand.high_bid, hand.contract)
    tricks = hand.tricks
    nello = hand.contract.kind == "nello"
    size = 3 if nello else 4
    assert all(len(t.plays) == size for t in tricks)
    assert len(plays) == size * len(tricks) and hand.current_trick == []
    assert 1 <= len(tricks) <= 7
    if len(tricks) < 7:
        assert hand.rules.early_end and r.decided_after == len(tricks)
    else:
        assert r.decided_after <= 7
    declarer = getattr(hand, "declarer", None)
    assert tricks[0].leader == (hand.bidder if declarer is None else declarer)
    for prev, nxt in itertools.pairwise(tricks):
        assert nxt.leader == prev.winner, "the winner of a trick leads the next"
    won = [0, 0]
    points = [0, 0]
    for t in tricks:
        assert t.points == 1 + sum(x.count for x in t.plays)
        assert t.seats[0] == t.leader and t.winner in t.seats
        team = hand.bidder % 2
        tie = hand.rules.sevens_tie_side(team)  # sevens: the side a tie goes to, if any
        position = trick_winner(t.plays, hand.contract, seats=t.seats, bidding_team=tie)
        assert t.seats[position] == t.winner
        won[t.winner % 2] += 1
        points[t.winner % 2] += t.points
    assert hand.tricks_won == won and hand.points == points
    assert sum(points) == len(tricks) + sum(x.count for x in plays)
    if len(tricks) == 7 and not nello:
        assert sum(x.count for x in plays) == 35
        assert sum(points) == 42
        assert set(plays) == set(DOMINOES)
    for seat in range(4):
        played = {x for t in tricks for s, x in zip(t.seats, t.plays, strict=True) if s == seat}
        assert set(hand.holding(seat)) == set(hand.deal[seat]) - played


def random_checked_hand(rules: Rules, seed: int) -> Hand:
    rng = random.Random(seed)
    hand = Hand(Deal.shake(rng), shaker=rng.randrange(4), rules=rules)
    for _ in range(60):
        if hand.is_over:
            break
        check_position(hand)
        hand.apply(random_action(hand, rng))
    check_finished(hand)
    return hand


@pytest.mark.parametrize("rules", HAND_PRESETS, ids=PRESET_IDS)
@cfg(40)
@given(seed=SEEDS, played_out=st.booleans())
def test_random_hands_under_every_preset(rules, seed, played_out):
    if played_out:
        rules = rules.replace(early_end=False)
    random_checked_hand(rules, seed)


@cfg(250)
@given(rules=random_rules(), seed=SEEDS)
def test_random_hands_under_random_options(rules, seed):
    random_checked_hand(rules, seed)


# -- the early decision is the played-out truth ---------------------------------------------------


def _decision(r):
    return (r.bidder, r.bid, r.contract, r.made, r.marks, r.score, r.decided_after)


def check_early_equals_full(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    deal, shaker = Deal.shake(rng), rng.randrange(4)
    full = Hand(deal, shaker=shaker, rules=rules.replace(early_end=False))
    play_randomly(full, rng)
    early = Hand(deal, shaker=shaker, rules=rules.replace(early_end=True))
    for action in full.actions:
        if early.is_over:
            break
        early.apply(action)
    assert early.is_over
    if full.phase is Phase.RESHAKE:
        assert early.phase is Phase.RESHAKE
        return
    fr, er = full.result, early.result
    assert len(full.tricks) == 7
    assert _decision(er) == _decision(fr)
    assert len(early.tricks) == er.decided_after or not early.rules.early_end
    # ... and the decision is what the whole hand shows.
    team = fr.bidder % 2
    kind = fr.contract.kind
    if kind == "nello":
        assert fr.made == (full.tricks_won[team] == 0)
    elif kind == "sevens":
        # set by a trick where an opponent comes closer to 7 than the bidding side, or
        # (sevens_tie="first") as close, having played first
        fr_rules_first = full.rules.sevens_tie == "first"
        closer = []
        for t in full.tricks:
            distance = [8, 8]
            for seat, x in zip(t.seats, t.plays, strict=True):
                distance[seat % 2] = min(distance[seat % 2], abs(x.pips - 7))
            first_closest = next(seat for seat, x in zip(t.seats, t.plays, strict=True)
                                 if abs(x.pips - 7) == min(distance))
            closer.append(distance[1 - team] < distance[team] or (
                fr_rules_first and distance[0] == distance[1] and first_closest % 2 != team))
        assert fr.made == (not any(closer))
        if not fr.made:
            assert fr.decided_after == closer.index(True) + 1
    elif is_mark_bid(fr.bid):
        assert fr.made == (full.tricks_won[team] == 7), (fr, full.tricks_won)
    else:
        assert fr.made == (full.points[team] >= fr.bid), (fr, full.points)
    if rules.scoring == "marks":
        winner = team if fr.made else 1 - team
        assert fr.marks[winner] >= 1 and fr.marks[1 - winner] == 0
        assert fr.score == (0, 0)


@pytest.mark.parametrize("rules", HAND_PRESETS, ids=PRESET_IDS)
@cfg(50)
@given(seed=SEEDS)
def test_early_decision_matches_the_played_out_hand(rules, seed):
    for k in range(4):  # four hands an example: thousands of hands in all, little overhead
        check_early_equals_full(rules, seed + k)


@cfg(200)
@given(rules=random_rules(), seed=SEEDS)
def test_early_decision_matches_the_played_out_hand_random_options(rules, seed):
    for k in range(3):
        check_early_equals_full(rules, seed + k)


# -- history --------------------------------------------------------------------------------------


@cfg(150)
@given(rules=random_rules(), seed=SEEDS, data=st.data())
def test_undo_at_copy_and_records_agree(rules, seed, data):
    rng = random.Random(seed)
    hand = Hand(Deal.shake(rng), shaker=rng.randrange(4), rules=rules)
    play_randomly(hand, rng)
    step = data.draw(st.integers(0, len(hand.actions)))
    past = hand.at(step)
    undone = hand.copy()
    for _ in range(len(hand.actions) - step):
        undone.undo()
    assert snapshot(undone) == snapshot(past)
    assert past == undone
    record = past.record()
    text = record.to_json()
    again = HandRecord.from_json(text)
    assert again == record and again.to_json() == text
    assert snapshot(again.replay()) == snapshot(past)
    assert snapshot(hand.copy()) == snapshot(hand)


# -- games ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", HAND_PRESETS, ids=PRESET_IDS)
@cfg(10)
@given(seed=SEEDS, first_shaker=st.integers(0, 3))
def test_random_games_always_end_with_a_winner(rules, seed, first_shaker):
    rng = random.Random(seed)
    game = Game(rules, first_shaker=first_shaker, seed=seed)
    for _ in range(400):
        play_randomly(game.hand, rng)
        if game.is_over:
            break
        game.next_hand()
    assert game.winner in (0, 1), f"no winner: {game!r}"
    w = game.winner
    assert game.standing[w] >= rules.target
    for i, h in enumerate(game.hands):
        assert h.shaker == (first_shaker + i) % 4
    with pytest.raises(IllegalActionError):
        game.next_hand()


# -- parsers never raise anything but NotationError -----------------------------------------------

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=12),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
ODD_DIGITS = st.text(st.characters(categories=("Nd", "No")), min_size=1, max_size=4)
NON_TEXT = st.one_of(
    st.none(),
    st.integers(),
    st.floats(),
    st.lists(st.integers(), max_size=3),
    st.binary(max_size=4),
    st.tuples(st.integers(), st.integers()),
)


@cfg(300)
@given(
    st.one_of(
        st.text(max_size=10),
        st.from_regex(r"\A\s?[0-9]\s?[-:|/ ]?\s?[0-9]\s?\Z"),
        st.text(alphabet="0123456789-:|/ \t\n", max_size=6),
        ODD_DIGITS,
        NON_TEXT,
    )
)
def test_domino_parse_parses_or_raises_notation_error(value):
    try:
        x = Domino.parse(value)
    except NotationError:
        return
    assert isinstance(x, Domino) and Domino.parse(str(x)) is x


CONTRACT_WORDS = [
    "blanks",
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "six",
    "doubles",
    "follow-me",
    "no-trump",
    "nello",
    "sevens",
    "0",
    "6",
    "7",
    "",
    "x",
]
CONTRACT_OPTIONS = [
    "",
    "/",
    "/doubles-low",
    "/doubles-own-suit",
    "/doubles-own-suit-low",
    "/doubles-high",
    "/low",
    "/doubles-",
    "/x",
    "//",
]


@cfg(300)
@given(
    st.one_of(
        st.text(max_size=12),
        st.builds(
            lambda a, b, c: a + b + c,
            st.sampled_from(CONTRACT_WORDS),
            st.sampled_from(CONTRACT_OPTIONS),
            st.text(max_size=2),
        ),
        NON_TEXT,
    )
)
def test_contract_parse_parses_or_raises_notation_error(value):
    try:
        c = Contract.parse(value)
    except NotationError:
        return
    assert Contract.parse(str(c)) == c


@cfg(300)
@given(
    st.one_of(
        st.text(max_size=8),
        ODD_DIGITS,
        st.builds(
            lambda n, s: f"{n}{s}",
            st.integers(-5, 10**6),
            st.sampled_from(["", " mark", " marks", "marks"]),
        ),
        st.integers(-(2**70), 2**70),
        NON_TEXT,
        st.builds(lambda n: "9" * n, st.integers(4000, 5000)),
    )
)
def test_parse_bid_parses_or_raises_notation_error(value):
    try:
        bid = parse_bid(value)
    except NotationError:
        return
    assert isinstance(bid, int) and not isinstance(bid, bool)
    assert bid == 0 or 1 <= bid <= 41 or bid % 42 == 0


@st.composite
def code_like(draw):
    if draw(st.booleans()):
        code = list(Deal.shake(random.Random(draw(SEEDS))).code)
        for _ in range(draw(st.integers(0, 3))):
            i = draw(st.integers(0, len(code) - 1))
            code[i] = draw(st.sampled_from(_ALPHABET + "oilOILu!- "))
        return "".join(code)
    return draw(st.text(alphabet=_ALPHABET + "oilOILU-  ", max_size=16))


@cfg(300)
@given(st.one_of(code_like(), st.text(max_size=16), NON_TEXT))
def test_deal_from_code_parses_or_raises_notation_error(value):
    try:
        deal = Deal.from_code(value)
    except NotationError:
        return
    assert Deal.from_code(deal.code) == deal


RULES_KEYS = st.sampled_from(sorted(RULE_FIELDS | {"preset", "bogus"}))
RULES_VALUES = st.one_of(
    JSON_SCALARS,
    st.sampled_from(list(PRESETS)),
    st.integers(-2, 300),
    st.lists(st.sampled_from(["high", "low", "own-suit", "own-suit-low", "x"]), max_size=3),
)
SCALAR_OPTIONS = [
    "name",
    "source",
    "min_bid",
    "max_marks",
    "hide_tricks_from",
    "target",
    "opening_mark_limit",
    "scoring",
    "early_end",
]
RULES_JSON = st.one_of(
    JSON_VALUES,
    st.sampled_from(list(PRESETS)),
    st.dictionaries(RULES_KEYS, RULES_VALUES, max_size=4),
)


@cfg(300)
@given(RULES_JSON)
def test_rules_from_json_parses_or_raises_notation_error(value):
    try:
        rules = Rules.from_json(value)
    except NotationError:
        return
    assert isinstance(rules, Rules)


@cfg(150)
@given(
    st.dictionaries(
        st.sampled_from(sorted({*OPTIONS, *SCALAR_OPTIONS})),
        RULES_VALUES,
        max_size=3,
    ),
    st.sampled_from([r.name for r in HAND_PRESETS]),
    SEEDS,
)
def test_rules_read_from_json_work_in_a_hand_and_round_trip(options, preset, seed):
    try:
        rules = Rules.from_json({"preset": preset, **options})
    except NotationError:
        return
    assume(getattr(rules, "players", 4) == 4)
    # valid_bids lists every mark bid up to the limit: a huge limit would exhaust memory,
    # so check it (cheaply) before playing a hand.
    assert_mark_limits_listable(rules)
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    rng = random.Random(seed)
    hand = Hand(Deal.shake(rng), shaker=rng.randrange(4), rules=rules)
    play_randomly(hand, rng)
    check_finished(hand)


def assert_mark_limits_listable(rules: Rules) -> None:
    for high in (0, 1, 2):
        raise_by = rules.mark_bid_limit(high) - high
        assert raise_by <= 1000, (
            f"{rules.to_json()} lets valid_bids list {raise_by} mark bids at once"
        )


def _valid_record_dict(seed: int) -> dict:
    rng = random.Random(seed)
    hand = Hand(Deal.shake(rng), shaker=rng.randrange(4))
    play_randomly(hand, rng)
    return hand.at(rng.randrange(len(hand.actions) + 1)).record().to_dict()


RECORD_FIELDS = ["rules", "shaker", "hands", "deal", "bids", "contract", "plays", "bogus"]


@st.composite
def record_json(draw):
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.text(max_size=30))
    if kind == 1:
        return json.dumps(draw(JSON_VALUES))
    data = _valid_record_dict(draw(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(RECORD_FIELDS))
        if kind == 2 or key not in data:
            data[key] = draw(st.one_of(JSON_VALUES, RULES_JSON, ODD_DIGITS, st.sampled_from(["0"])))
        elif isinstance(data[key], list) and data[key]:
            i = draw(st.integers(0, len(data[key]) - 1))
            data[key][i] = draw(
                st.one_of(JSON_SCALARS, ODD_DIGITS, st.sampled_from(["6-6", "pass", 30, 84]))
            )
        else:
            del data[key]
    return json.dumps(data)


@cfg(300)
@given(record_json())
def test_hand_record_from_json_parses_or_raises_notation_error(text):
    try:
        record = HandRecord.from_json(text)
    except NotationError:
        return
    assert isinstance(record, HandRecord)
