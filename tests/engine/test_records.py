"""Hand records (JSON, checked replay), rules profiles as JSON, deals and deal codes."""

from __future__ import annotations

import json
import random

import pytest

from texas42 import (
    DEAL_COUNT,
    PRESETS,
    STANDARD,
    Contract,
    Deal,
    DominoSet,
    Hand,
    HandRecord,
    NotationError,
    Phase,
    ReplayError,
    Rules,
)
from texas42.deals import _ALPHABET

from .helpers import deal_with, play_randomly, won_auction

FOUR_PLAYER_PRESETS = [r for r in PRESETS.values() if getattr(r, "players", 4) == 4]


def random_hand(seed: int, rules: Rules = STANDARD, stop: int | None = None) -> Hand:
    rng = random.Random(seed)
    hand = Hand(Deal.shake(rng), shaker=rng.randrange(4), rules=rules)
    actions = play_randomly(hand, rng)
    if stop is not None:
        hand = hand.at(min(stop, len(actions)))
    return hand


# -- JSON round trip ------------------------------------------------------------------------------


def test_record_json_shape():
    hand = won_auction(Deal.from_seed(3), "31", "fives", shaker=0)
    hand.play(hand.legal_plays()[0])
    data = json.loads(hand.record().to_json())
    assert list(data) == ["rules", "shaker", "hands", "bids", "contract", "plays"]
    assert data["rules"] == "standard"
    assert data["shaker"] == 0
    assert data["hands"] == Deal.from_seed(3).to_lists()
    assert data["bids"] == [31, "pass", "pass", "pass"]
    assert data["contract"] == "fives"
    assert data["plays"] == [str(hand.plays[0])]


def test_record_without_contract_has_no_contract_field():
    hand = Hand(Deal.from_seed(3))
    hand.bid("pass")
    data = json.loads(hand.record().to_json())
    assert "contract" not in data and data["plays"] == [] and data["bids"] == ["pass"]


@pytest.mark.parametrize("rules", FOUR_PLAYER_PRESETS, ids=lambda r: r.name)
def test_json_round_trip_is_exact(rules):
    for seed in range(40):
        for stop in (None, 0, 3, 5, 12):
            record = random_hand(seed, rules, stop).record()
            s = record.to_json()
            again = HandRecord.from_json(s)
            assert again == record
            assert again.to_json() == s
            assert HandRecord.from_json(record.to_json(indent=2)) == record


def test_canonical_text_round_trips_character_for_character():
    s = (
        '{"rules": "standard", "shaker": 2, "hands": '
        + json.dumps(Deal.from_seed(11).to_lists())
        + ', "bids": ["pass", "pass", 30, "pass"], "contract": "doubles", "plays": []}'
    )
    assert HandRecord.from_json(s).to_json() == s


def test_record_replays_to_the_same_hand():
    for seed in range(30):
        hand = random_hand(seed)
        assert hand.record().replay() == hand
        assert hand.record().replay().result == hand.result
        assert [a[:2] for a in hand.record().actions()] == [a[:2] for a in hand.actions]


def test_record_may_name_the_deal_by_code():
    deal = Deal.from_seed(12)
    record = HandRecord.from_json(json.dumps({"deal": deal.code, "bids": ["pass"]}))
    assert record.deal == deal and record.rules == STANDARD and record.shaker == 0
    assert record.bids == (0,)


def test_record_text_forms_of_bids_contracts_and_plays_are_normalised():
    deal = Deal.from_seed(13)
    hand = won_auction(deal, "30", "threes", shaker=3)
    first = hand.legal_plays()[0]
    text = json.dumps(
        {
            "hands": deal.to_lists(),
            "shaker": 3,
            "bids": ["30", "Pass", "p", 0],
            "contract": "3",
            "plays": [f"{first.low}{first.high}"],
        }
    )
    record = HandRecord.from_json(text)
    assert record.bids == (30, 0, 0, 0)
    assert record.contract == Contract.parse("threes")
    assert record.plays == (first,)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "null",
        "{",
        '{"hands": 5}',
        '{"hands": [[], [], [], []]}',
        '{"bogus": 1}',
        '{"deal": "XXXX"}',
        '{"deal": 5}',
        "{}",
        '{"shaker": 4, "deal": "0"}',
        '{"shaker": true, "deal": "0"}',
        '{"rules": "calvinball"}',
        '{"rules": 5}',
        '{"rules": {"preset": "standard", "bogus": 1}}',
    ],
)
def test_record_bad_json_raises_notation_error(text):
    with pytest.raises(NotationError):
        HandRecord.from_json(text)


def _record_dict(**changes):
    data = {
        "rules": "standard",
        "shaker": 3,
        "hands": Deal.from_seed(14).to_lists(),
        "bids": [30, "pass", "pass", "pass"],
        "contract": "sixes",
        "plays": [],
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("bids", ["thirty"]),
        ("bids", 30),
        ("contract", "spades"),
        ("contract", 5),
        ("plays", ["7-7"]),
        ("plays", "6-4"),
        ("plays", [64]),
    ],
)
def test_record_bad_fields_raise_notation_error(field, value):
    with pytest.raises(NotationError):
        HandRecord.from_json(json.dumps(_record_dict(**{field: value})))


def test_record_notation_error_names_the_bad_entry():
    with pytest.raises(NotationError) as info:
        HandRecord.from_dict(_record_dict(bids=[30, "pass", "lots", "pass"]))
    assert "bid 2" in str(info.value)
    if hasattr(info.value, "kind"):
        assert (info.value.kind, info.value.index) == ("bid", 2)
    with pytest.raises(NotationError) as info:
        HandRecord.from_dict(_record_dict(plays=["6-6", "6-9"]))
    assert "play 1" in str(info.value)


def test_hands_with_a_repeated_domino_are_refused():
    hands = Deal.from_seed(15).to_lists()
    hands[0][0] = hands[1][0]
    with pytest.raises(NotationError):
        HandRecord.from_dict(_record_dict(hands=hands))


# -- checked replay -------------------------------------------------------------------------------


def _replay_error(**changes) -> ReplayError:
    record = HandRecord.from_dict(_record_dict(**changes))
    with pytest.raises(ReplayError) as info:
        record.replay()
    assert isinstance(info.value, ValueError)
    return info.value


def test_replay_error_for_a_bid_that_does_not_raise():
    e = _replay_error(bids=[30, 30, "pass", "pass"])
    assert (e.kind, e.index, e.rule) == ("bid", 1, "bid-must-raise")


def test_replay_error_for_a_bid_below_30():
    e = _replay_error(bids=["pass", 29, "pass", "pass"])
    assert (e.kind, e.index, e.rule) == ("bid", 1, "minimum-bid")


def test_replay_error_for_an_opening_jump_to_126():
    e = _replay_error(bids=["pass", "pass", 126, "pass"])
    assert (e.kind, e.index, e.rule) == ("bid", 2, "opening-mark-limit")


def test_replay_error_for_a_forced_pass():
    e = _replay_error(bids=["pass", "pass", "pass", "pass"], contract=None)
    assert (e.kind, e.index, e.rule) == ("bid", 3, "forced-bid")


def test_replay_error_for_a_fifth_bid():
    e = _replay_error(bids=[30, "pass", "pass", "pass", 31])
    assert (e.kind, e.index, e.rule) == ("bid", 4, "bidding-over")


def test_replay_error_for_a_contract_not_allowed():
    e = _replay_error(contract="nello")
    assert (e.kind, e.index, e.rule) == ("contract", 0, "contract-not-allowed")


def test_replay_error_for_a_contract_before_the_auction_ends():
    e = _replay_error(bids=[30, "pass"])
    assert (e.kind, e.index, e.rule) == ("contract", 0, "contract-timing")


def test_replay_error_for_plays_without_a_contract():
    e = _replay_error(contract=None, plays=["6-6"])
    assert (e.kind, e.index) == ("contract", 0)
    assert e.rule == "contract-missing"


def test_replay_error_for_a_play_that_does_not_follow_suit():
    deal = deal_with("6-4", "4-4 6-0 3-1 2-0 2-1 1-0 0-0")
    e_record = {
        "hands": deal.to_lists(),
        "shaker": 3,
        "bids": [30, "pass", "pass", "pass"],
        "contract": "fours",
        "plays": ["6-4", "6-0"],
    }
    with pytest.raises(ReplayError) as info:
        HandRecord.from_dict(e_record).replay()
    e = info.value
    assert (e.kind, e.index, e.rule) == ("play", 1, "follow-suit")
    assert "6-0" in str(e)


def test_replay_error_for_a_play_not_held():
    deal = deal_with("6-4", "4-4 6-0 3-1 2-0 2-1 1-0 0-0")
    record = {
        "hands": deal.to_lists(),
        "shaker": 3,
        "bids": [30, "pass", "pass", "pass"],
        "contract": "fours",
        "plays": ["6-4", "4-4", "6-4"],
    }
    with pytest.raises(ReplayError) as info:
        HandRecord.from_dict(record).replay()
    assert (info.value.kind, info.value.index, info.value.rule) == ("play", 2, "not-held")


def test_replay_error_for_a_domino_played_twice():
    hand = random_hand(16, STANDARD.replace(early_end=False))
    assert len(hand.plays) == 28
    plays = [str(x) for x in hand.plays[:5]]
    record = hand.record().to_dict()
    record["plays"] = [*plays, plays[0]]
    with pytest.raises(ReplayError) as info:
        HandRecord.from_dict(record).replay()
    assert (info.value.kind, info.value.index) == ("play", 5)
    assert info.value.rule == "not-held"


def test_replay_error_mark_bid_in_a_points_game():
    e = _replay_error(rules="points", bids=[42, "pass", "pass", "pass"])
    assert (e.kind, e.index, e.rule) == ("bid", 0, "no-mark-bids")


# -- rules as JSON --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_preset_rules_are_written_by_name(name):
    rules = Rules.preset(name)
    assert rules.to_json() == name
    assert Rules.from_json(name) == rules


def test_custom_rules_round_trip_seed_with_reshake():
    value = {"preset": "seed", "all_pass": "reshake"}
    rules = Rules.from_json(value)
    assert rules.name == "seed" and rules.all_pass == "reshake"
    assert rules.first_bidder == "holder-of-1-0" and rules.max_marks == 2
    assert rules.to_json() == value
    assert Rules.from_json(rules.to_json()) == rules


def test_custom_rules_round_trip_in_a_record():
    rules = Rules.from_json({"preset": "seed", "all_pass": "reshake"})
    hand = Hand(Deal.from_seed(17), rules=rules)
    for _ in range(4):
        hand.bid("pass")
    assert hand.phase is Phase.RESHAKE
    s = hand.record().to_json()
    assert json.loads(s)["rules"] == {"preset": "seed", "all_pass": "reshake"}
    again = HandRecord.from_json(s)
    assert again.rules == rules and again.to_json() == s
    assert again.replay().phase is Phase.RESHAKE


@pytest.mark.parametrize(
    "changes",
    [
        {"mark_raise_limit": 2},
        {"max_marks": 3},
        {"early_end": False},
        {"review": "last"},
        {"follow_me_doubles": ["high", "low"]},
        {"hide_tricks_from": 42},
        {"set_marks": "one"},
        {"doubles_trump": False},
        {"target": 5},
    ],
)
def test_changed_options_round_trip(changes):
    rules = STANDARD.replace(**changes)
    value = rules.to_json()
    assert value == {"preset": "standard", **changes}
    assert Rules.from_json(json.loads(json.dumps(value))) == rules


def test_a_change_back_to_the_preset_value_is_not_written():
    assert STANDARD.replace(min_bid=30).to_json() == "standard"


@pytest.mark.parametrize(
    "value",
    [
        "calvinball",
        5,
        None,
        ["seed"],
        {"preset": "calvinball"},
        {"bogus": 1},
        {"all_pass": "sulk"},
        {"first_bidder": "youngest"},
        {"min_bid": 0},
        {"min_bid": 43},
        {"max_marks": 0},
        {"follow_me_doubles": ["sideways"]},
        {"target": 0},
        {"scoring": "goals"},
        {"review": "peek"},
        {"min_bid": "30"},
        {"target": None},
    ],
)
def test_bad_rules_raise_notation_error(value):
    with pytest.raises(NotationError):
        Rules.from_json(value)


@pytest.mark.parametrize(
    "value",
    [{"hide_tricks_from": "x"}, {"min_bid": 30.5}, {"max_marks": 2.5}, {"hide_tricks_from": [1]}],
    ids=["hide-text", "min-bid-float", "max-marks-float", "hide-list"],
)
def test_rules_options_of_the_wrong_type_raise_notation_error(value):
    # Accepted, each of these profiles crashes a hand later with a TypeError.
    with pytest.raises(NotationError):
        Rules.from_json(value)


def test_rules_name_option_round_trips():
    # Renaming a profile must not produce JSON that cannot be read back.
    try:
        rules = Rules.from_json({"preset": "standard", "name": "house"})
    except NotationError:
        return  # refusing to rename is fine too
    assert Rules.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("seed").replace(name="house"),
        Rules.preset("seed").replace(source="my table"),
        Rules.preset("lechner").replace(name="dorm", target=5),
    ],
    ids=["renamed-seed", "seed-with-source", "renamed-lechner"],
)
def test_renamed_profiles_round_trip_through_json(rules):
    value = json.loads(json.dumps(rules.to_json()))
    assert Rules.from_json(value) == rules


def test_rules_replace_checks_names():
    with pytest.raises(NotationError):
        STANDARD.replace(bogus=1)


# -- deals and deal codes -------------------------------------------------------------------------


def test_a_deal_has_four_hands_of_seven():
    deal = Deal.from_seed(1)
    assert len(deal.hands) == 4
    assert all(len(h) == 7 for h in deal.hands)
    union = DominoSet()
    for h in deal.hands:
        union = union | h
    assert len(union) == 28
    assert deal[2] == deal.hands[2]


def test_deals_from_the_same_seed_are_equal():
    assert Deal.from_seed(1) == Deal.from_seed(1)
    assert hash(Deal.from_seed(1)) == hash(Deal.from_seed(1))
    assert Deal.from_seed(1) != Deal.from_seed(2)
    assert Deal.from_seed("abc") == Deal.from_seed("abc")


def test_deal_holder_to_lists_str_and_repr():
    deal = Deal.from_seed(2)
    for seat in range(4):
        for x in deal[seat]:
            assert deal.holder(x) == seat
            assert deal.holder(str(x)) == seat
    assert Deal(deal.to_lists()) == deal
    assert str(deal).splitlines()[0].startswith("seat 0: ")
    assert eval(repr(deal)) == deal


@pytest.mark.parametrize(
    "hands",
    [
        [],
        [[]] * 4,
        ["6-6 6-5 6-4 6-3 6-2 6-1 6-0"] * 4,
        ["6-6 6-5 6-4 6-3 6-2 6-1", "", "", ""],
        ["6-6"] * 5,
    ],
)
def test_bad_deals_are_refused(hands):
    with pytest.raises(NotationError):
        Deal(hands)


def test_deal_code_round_trip():
    rng = random.Random(1)
    for _ in range(300):
        deal = Deal.shake(rng)
        code = deal.code
        assert len(code) == 13 and code[4] == "-" and code[9] == "-"
        assert all(ch in _ALPHABET for ch in code.replace("-", ""))
        assert Deal.from_code(code) == deal


def test_deal_code_ignores_case_dashes_and_spaces():
    deal = Deal.from_seed(3)
    code = deal.code
    assert Deal.from_code(code.lower()) == deal
    assert Deal.from_code(code.replace("-", "")) == deal
    assert Deal.from_code(" " + code.replace("-", " ") + " ") == deal


def test_deal_code_accepts_o_for_0_and_i_or_l_for_1():
    rng = random.Random(4)
    found_0 = found_1 = False
    for _ in range(200):
        deal = Deal.shake(rng)
        code = deal.code
        if "0" in code:
            found_0 = True
            assert Deal.from_code(code.replace("0", "O")) == deal
            assert Deal.from_code(code.replace("0", "o")) == deal
        if "1" in code:
            found_1 = True
            assert Deal.from_code(code.replace("1", "I")) == deal
            assert Deal.from_code(code.replace("1", "L")) == deal
            assert Deal.from_code(code.replace("1", "l")) == deal
    assert found_0 and found_1


def test_deal_code_mistyped_character_is_rejected_by_the_check_digit():
    deal = Deal.from_seed(5)
    code = deal.code.replace("-", "")
    for p in range(len(code)):
        ch = _ALPHABET[(_ALPHABET.index(code[p]) + 1) % 32]
        with pytest.raises(NotationError) as info:
            Deal.from_code(code[:p] + ch + code[p + 1 :])
        assert info.value.rule == "deal-code"
        assert "mistyped" in str(info.value)


def test_deal_code_every_single_mistype_is_rejected():
    rng = random.Random(0)
    slipped = []
    for _ in range(40):
        code = Deal.shake(rng).code.replace("-", "")
        for p in range(len(code)):
            for ch in _ALPHABET:
                if ch == code[p]:
                    continue
                typo = code[:p] + ch + code[p + 1 :]
                try:
                    Deal.from_code(typo)
                except NotationError:
                    continue
                slipped.append((code, typo))
    assert slipped == [], f"{len(slipped)} mistyped codes accepted, e.g. {slipped[:3]}"


@pytest.mark.parametrize(
    "code",
    [
        "",
        "ABC",
        "0000-0000-00",
        "0000-0000-0000",
        "UUUU-UUUU-UUU",
        "ZZZZ-ZZZZ-ZZZ",
        "!!!!-!!!!-!!!",
    ],
)
def test_deal_code_bad_text_rejected(code):
    with pytest.raises(NotationError) as info:
        Deal.from_code(code)
    assert info.value.rule == "deal-code"


@pytest.mark.parametrize("code", [None, 12345, ["0"]])
def test_deal_code_non_string_rejected(code):
    with pytest.raises(NotationError):
        Deal.from_code(code)


def test_deal_count():
    import math

    assert math.factorial(28) // math.factorial(7) ** 4 == DEAL_COUNT
    from texas42.deals import deal_rank, deal_unrank

    assert deal_unrank(0) != deal_unrank(DEAL_COUNT - 1)
    for rank in (0, 1, 12345, DEAL_COUNT - 1):
        assert deal_rank(deal_unrank(rank)) == rank
        Deal(deal_unrank(rank))
    with pytest.raises(ValueError):
        deal_unrank(DEAL_COUNT)
