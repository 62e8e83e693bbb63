"""House rules in the explorers: each explorer that offers contracts or bids takes a
rules profile, and shows nello, sevens, the other places of doubles, plunge and splash
only when the profile plays them (and shows them when it does)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Contract, Deal, Hand, Phase, Rules, allowed_contracts
from texas42 import widgets as tw
from texas42.widgets import (
    BiddingExplorer,
    PlayExplorer,
    ReplayExplorer,
    SuitsExplorer,
    TrickExplorer,
    TrumpsExplorer,
)
from texas42.widgets._pickers import CONTRACT_LABELS, HOUSE, RulesPicker

from .helpers import drive, rule_based_computer

STRAIGHT = ["sixes", "fives", "fours", "threes", "twos", "ones", "blanks", "doubles", "follow-me"]
LECHNER = [
    *STRAIGHT,
    "follow-me/doubles-low",
    "nello",
    "nello/doubles-low",
    "nello/doubles-own-suit",
    "nello/doubles-own-suit-low",
    "sevens",
]


def _seed_with_doubles(seat: int, n: int) -> int:
    """The first hand number where ``seat`` holds ``n`` doubles or more."""
    for seed in range(2000):
        if len(Deal.from_seed(seed)[seat].doubles) >= n:
            return seed
    raise AssertionError("no such deal")


# -- the rules dropdown ------------------------------------------------------------------------
def test_rules_picker_offers_the_presets_and_every_option() -> None:
    four = RulesPicker()
    values = [v for _, v in four.dropdown.options]
    assert values[0] == "standard" and "lechner" in values and values[-1] == "house"
    assert "moon" not in values  # the hand explorers are for four players
    assert "moon" in [v for _, v in RulesPicker(players=None).dropdown.options]
    labels = dict((v, k) for k, v in four.dropdown.options)
    assert "nello" in labels["lechner"] and "sevens" in labels["lechner"]
    assert "plunge" in labels["lechner"] and "splash" in labels["lechner"]
    assert labels["standard"] == "Standard rules"
    assert labels["house"] == "House rules: every option at once"
    # No rule book's name in front of a newcomer: every other profile is a house rule.
    assert all(labels[v].startswith("House rules: ") for v in values if v != "standard")
    assert not any(src in " ".join(labels.values()) for src in ("PAGAT", "N42PA", "LECHNER"))
    assert RulesPicker("Standard rules").rules == RulesPicker("standard").rules
    assert RulesPicker("every option (house rules)").dropdown.value == "house"
    custom = Rules.preset("lechner").replace(raise_partner_plunge=False)
    picker = RulesPicker(custom)
    assert picker.dropdown.value == "custom" and picker.rules == custom
    with pytest.raises(ValueError, match="not a rules profile"):
        RulesPicker("no-such-rules")
    with pytest.raises(ValueError, match="3 players"):
        RulesPicker(Rules.preset("moon").replace(target=11))
    assert {str(c) for c in allowed_contracts(HOUSE)} == set(CONTRACT_LABELS)


# -- 1. suits ------------------------------------------------------------------------------------
def test_suits_offers_house_contracts_only_under_house_rules() -> None:
    ex = SuitsExplorer()
    assert ex.state["rules"] == "standard" and ex.state["contracts"] == STRAIGHT
    ex.rules_picker.value = "lechner"
    assert ex.state["contracts"] == LECHNER
    ex.contract_picker.value = "nello/doubles-own-suit-low"
    assert ex.state["suits"]["doubles"][0] == "0-0"  # own suit, 0-0 high
    assert "three dominoes" in ex.words.value
    ex.rules_picker.value = "standard"  # nello is not played: back to a standard contract
    assert ex.state["contract"] in STRAIGHT and ex.last_error is None
    ex.rules_picker.value = "harper"
    assert [k for k in ex.state["contracts"] if k not in STRAIGHT] == ["nello/doubles-own-suit"]
    ex.rules_picker.value = "moon"
    assert "doubles" not in ex.state["contracts"]  # no doubles trump in Moon


def test_suits_refuses_a_contract_the_rules_do_not_play() -> None:
    ex = SuitsExplorer(contract="sevens")
    assert ex.message_kind == "warn" and "not played under the standard rules" in ex.message
    assert ex.state["contract"] == "fives"
    ex = SuitsExplorer(contract="sevens", rules="lechner")
    assert ex.state["contract"] == "sevens" and "closest to 7" in ex.words.value


# -- 2. trumps -----------------------------------------------------------------------------------
def test_trumps_offers_nello_and_sevens_only_when_played() -> None:
    ex = TrumpsExplorer()
    kinds = [v for _, v in ex.kind_picker.options]
    assert kinds == ["trumps", "doubles", "follow-me"]
    assert "do not play" in ex.summary.value
    ex.rules_picker.value = "lechner"
    assert [v for _, v in ex.kind_picker.options] == [*kinds, "nello", "sevens"]
    ex.kind_picker.value = "follow-me"
    assert ex.state["places"] == ["high", "low"]
    ex.kind_picker.value = "nello"
    assert ex.state["places"] == ["high", "low", "own-suit", "own-suit-low"]
    assert ex.place_picker.description == "Nello:"
    ex.place_picker.value = "low"
    assert ex.state["contract"] == "nello/doubles-low"
    assert ex.state["suits"]["sixes"][-1] == "6-6"  # doubles low
    ex.kind_picker.value = "sevens"
    assert ex.state["contract"] == "sevens"
    assert ex.state["suits"]["0 from 7"] == ["6-1", "5-2", "4-3"]
    assert ex.state["suits"]["7 from 7"] == ["0-0"]
    assert "closest to 7" in ex.message
    ex.rules_picker.value = "harper"  # nello, doubles their own suit; no sevens
    assert [v for _, v in ex.kind_picker.options] == [*kinds, "nello"]
    assert ex.state["contract"] == "sixes"  # sevens went away: back to a number
    ex.kind_picker.value = "nello"
    assert ex.state["places"] == ["own-suit"]
    ex.rules_picker.value = "standard"
    assert ex.state["contract"] == "sixes" and ex.last_error is None
    assert TrumpsExplorer(rules="lechner").state["rules"] == "lechner"


# -- 4. tricks -----------------------------------------------------------------------------------
def test_tricks_standard_offers_neither_nello_nor_sevens() -> None:
    ex = TrickExplorer()
    assert ex.state["contracts"] == STRAIGHT
    ex = TrickExplorer(contract="nello")
    assert ex.message_kind == "warn" and "nello is not played" in ex.message
    assert ex.state["contract"] == "fives" and ex.state["sitting_out"] is None


def test_tricks_lechner_nello_tricks_of_three_skip_the_partner() -> None:
    ex = TrickExplorer(rules="lechner")
    assert ex.state["contracts"] == LECHNER
    ex.contract_picker.value = "nello"
    ex.leader_picker.value = 1
    assert ex.state["sitting_out"] == 3  # the first leader bids nello; the partner sits out
    assert "sits out" in ex.table.value
    seen: list[int] = []
    for _ in range(21):
        s = ex.state
        assert s["to_play"] != 3
        seen.append(s["to_play"])
        assert ex.try_play(s["legal"][0]), ex.message
        s = ex.state
        if s["winner"] is not None and len(s["trick"]) == 3:
            assert 3 not in s["trick_seats"] and s["points"] is not None
            assert "(out)" in ex.trick_box.value
    assert ex.state["to_play"] is None and ex.state["tricks_done"] == 7
    assert seen[:3] == [1, 2, 0]  # seat 3 skipped
    assert "nello" in ex.message and "sat out" in ex.message
    assert not set(ex.deal[3]) & set(ex.moves)  # seat 3's dominoes were never played


def test_tricks_lechner_sevens_only_closest_to_seven() -> None:
    ex = TrickExplorer(rules="lechner", contract="sevens")
    held = ex.deal[0]
    best = min(abs(d.pips - 7) for d in held)
    assert ex.state["legal"] == [str(d) for d in held if abs(d.pips - 7) == best]
    far = [d for d in held if abs(d.pips - 7) > best]
    assert far, "the example needs a domino farther from 7"
    assert not ex.try_play(far[0])
    assert "closest to 7" in ex.message and ex.last_error is not None
    assert ex.last_error.rule == "sevens"  # type: ignore[attr-defined]
    for _ in range(28):
        assert ex.try_play(ex.state["legal"][0]), ex.message
    assert "sevens" in ex.message and ex.state["to_play"] is None


def test_tricks_sevens_tie_follows_the_rules() -> None:
    # Seat 0 (bidding side: the first leader) leads 6-0 (6 pips); seat 1 plays 5-2 and
    # seat 2 plays 4-3: both 7 pips, a tie between an opponent and the bidder's partner.
    deal = Deal(
        [
            "6-0 6-6 5-5 3-3 2-2 1-1 0-0",
            "5-2 6-5 3-1 2-1 5-3 4-4 1-0",
            "4-3 6-1 6-3 6-2 5-4 5-1 5-0",
            "6-4 4-2 4-1 4-0 3-2 3-0 2-0",
        ]
    )
    won = {}
    for rules, words in (("lechner", "a tie goes to the one played first"),
                         ("house", "a tie goes to the bidding side")):
        ex = TrickExplorer(rules=rules, contract="sevens")
        ex.set_deal(deal)
        for d in ("6-0", "5-2", "4-3"):
            assert ex.try_play(d), ex.message
        assert words in ex.why_box.value
        ex.try_play(ex.state["legal"][0])
        won[rules] = ex.state["winner"]
    # Lechner Hall: the first played of the closest (seat 1); DOMRULES: the bidders (seat 2).
    assert won == {"lechner": 1, "house": 2}


def test_tricks_every_control_under_lechner_and_house() -> None:
    for rules in ("lechner", "house"):
        ex = TrickExplorer(rules=rules, contract="nello")
        assert ex.state["contract"] == "nello"
        counts = drive(ex)
        assert counts and isinstance(ex.state, dict)


# -- 5. bidding ----------------------------------------------------------------------------------
def test_bidding_offers_plunge_and_splash_only_under_their_rules() -> None:
    seed = _seed_with_doubles(1, 4)  # seat 1 bids first (shaker 0) and holds 4+ doubles
    ex = BiddingExplorer(seed=seed)
    assert ex.state["special_bids"] == []
    assert not [v for _, v in ex.bid_picker.options if isinstance(v, str)]
    ex.rules_picker.value = "lechner"
    assert ex.state["special_bids"] == ["plunge", "splash"]
    labels = [k for k, _ in ex.bid_picker.options]
    assert "plunge (4 marks)" in labels and "splash (3 marks)" in labels
    ex.bid_picker.value = "plunge"
    assert "partner names the contract" in ex.meaning.value
    ex.bid_button.click()
    assert ex.state["high_bid"] == 168 and ex.state["auction"] == ["Seat 1: plunge (4 marks)"]
    assert "plunge" in ex.message
    for _ in range(3):
        ex.bid_picker.value = 0
        ex.bid_button.click()
    s = ex.state
    assert s["phase"] == "contract" and s["bidder"] == 1 and s["declarer"] == 3
    assert "seat 3, names the contract" in ex.message
    assert {"nello", "sevens"} <= set(s["contracts"])
    ex.contract_picker.value = "sevens"
    ex.name_button.click()
    assert ex.state["contract"] == "sevens" and ex.hand.to_act == 3  # the partner leads
    assert "the partner, named sevens" in ex.result_box.value


def test_bidding_house_contracts_need_a_mark_bid_under_lechner() -> None:
    ex = BiddingExplorer(seed=2, rules="lechner")
    ex.bid_picker.value = 30
    ex.bid_button.click()
    for _ in range(3):
        ex.bid_picker.value = 0
        ex.bid_button.click()
    contracts = ex.state["contracts"]
    assert not {"nello", "sevens", "follow-me"} & set(contracts)  # LECHNER: 1 mark at least
    ex.undo_button.click()
    for _ in range(3):
        ex.undo_button.click()
    ex.bid_picker.value = 42
    ex.bid_button.click()
    for _ in range(3):
        ex.bid_picker.value = 0
        ex.bid_button.click()
    assert set(LECHNER) == set(ex.state["contracts"])
    ex.contract_picker.value = "nello/doubles-own-suit-low"
    ex.name_button.click()
    s = ex.state
    assert s["contract"] == "nello/doubles-own-suit-low" and s["sitting_out"] == 3
    assert "sits out" in ex.result_box.value and ex.last_error is None


def test_bidding_standard_never_offers_house_contracts() -> None:
    ex = BiddingExplorer(seed=2)
    ex.bid_picker.value = 42
    ex.bid_button.click()
    for _ in range(3):
        ex.bid_picker.value = 0
        ex.bid_button.click()
    assert ex.state["contracts"] == STRAIGHT


def test_bidding_every_control_under_lechner() -> None:
    ex = BiddingExplorer(seed=_seed_with_doubles(1, 4), rules="lechner")
    assert drive(ex)


# -- 6. replay -----------------------------------------------------------------------------------
def test_replay_contracts_follow_the_rules() -> None:
    ex = ReplayExplorer()
    assert ex.state["rules"] == "standard" and ex.state["contracts"] == STRAIGHT
    ex.rules_picker.value = "lechner"
    assert ex.state["contracts"] == LECHNER
    ex.contract_picker.value = "nello"
    assert ex.last_error is None and "name nello" in ex.message
    ex.last_button.click()
    s = ex.state
    assert s["contract"] == "nello" and s["sitting_out"] == 3  # seat 1 bid, seat 3 out
    assert s["trick_sizes"] and set(s["trick_sizes"]) == {3}
    ex.view_picker.value = -1
    assert "(out)" in ex.tricks_box.value or s["tricks_hidden"]
    ex.rules_picker.value = "standard"  # nello is not played: back to the computer's choice
    assert ex.contract_picker.value == "computer" and ex.state["contract"] != "nello"


def test_replay_sevens_and_a_plunge_record() -> None:
    ex = ReplayExplorer(rules="lechner", contract="sevens", seed=3)
    ex.last_button.click()
    assert ex.state["contract"] == "sevens" and set(ex.state["trick_sizes"]) == {4}
    with pytest.raises(ValueError, match="cannot be bid under the standard rules"):
        ReplayExplorer(contract="sevens")
    # A plunge record: the partner names the contract.
    seed = _seed_with_doubles(1, 4)
    hand = Hand(Deal.from_seed(seed), shaker=0, rules="lechner")
    hand.bid("plunge")
    while hand.phase is Phase.BIDDING:
        hand.bid("pass")
    hand.name_contract("doubles")
    while hand.phase is Phase.PLAYING:
        hand.play(hand.legal_plays()[0])
    ex = ReplayExplorer()
    ex.record_box.value = hand.record().to_json()
    ex.record_button.click()
    assert ex.last_error is None and ex.state["rules"] == "lechner"
    assert ex.rules_picker.value == "lechner"
    ex.forward_button.click()
    assert "plunge (4 marks)" in ex.message and "partner" in ex.message
    for step in range(ex.state["steps"] + 1):
        ex.slider.value = step
        assert ex.last_error is None


def test_replay_every_control_under_lechner() -> None:
    with rule_based_computer():
        ex = ReplayExplorer(rules="lechner", contract="nello")
        assert drive(ex, rounds=2)


# -- 7. play -------------------------------------------------------------------------------------
def test_play_offers_plunge_only_under_its_rules() -> None:
    seed = _seed_with_doubles(0, 4)  # the learner (seat 0) bids first and holds 4+ doubles
    ex = PlayExplorer(seed=seed, seat=0)
    assert "plunge" not in ex.state["bids"] and ex.state["rules"] == "standard"
    ex.rules_picker.value = "lechner"
    assert {"plunge", "splash"} <= set(ex.state["bids"])
    ex.bid_picker.value = "plunge"
    assert "partner names the contract" in ex.meaning.value
    ex.bid_button.click()
    assert ex.last_error is None
    assert any(x.startswith("You bid plunge") for x in ex.state["log"])
    assert ex.hand.declarer == 2  # the partner (a computer player) named the contract


def test_play_learner_names_nello_and_plays_alone() -> None:
    for seed in range(40):
        ex = PlayExplorer(seed=seed, seat=0, rules="lechner")
        ex.bid_picker.value = 42
        ex.bid_button.click()
        if ex.state["phase"] == "contract" and ex.state["your_turn"]:
            break
    else:
        raise AssertionError("no deal where the learner wins the bid with 42")
    assert {"nello", "sevens"} <= set(ex.state["contracts"])
    ex.contract_picker.value = "nello"
    ex.name_button.click()
    assert ex.state["sitting_out"] == 2 and ex.last_error is None
    for _ in range(30):
        s = ex.state
        if not s["your_turn"]:
            break
        ex.play(s["legal"][0])
        assert ex.last_error is None
    assert ex.state["phase"] == "over"
    assert all(len(t.plays) == 3 and 2 not in t.seats for t in ex.hand.tricks)


def test_play_standard_never_offers_house_contracts() -> None:
    for seed in range(40):
        ex = PlayExplorer(seed=seed, seat=0)
        ex.bid_picker.value = 42
        ex.bid_button.click()
        if ex.state["phase"] == "contract" and ex.state["your_turn"]:
            break
    assert ex.state["contracts"] == STRAIGHT


def test_play_every_control_under_lechner() -> None:
    ex = PlayExplorer(seed=_seed_with_doubles(0, 4), seat=0, rules="lechner")
    assert drive(ex, rounds=2)


# -- all of them ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["suits", "trumps", "tricks", "bidding", "replay", "play"])
def test_each_explorer_takes_a_rules_profile(name: str) -> None:
    factory = getattr(tw, name)
    lechner = factory(rules="lechner")
    assert lechner.last_error is None and lechner.rules.name == "lechner"
    custom = factory(rules=Rules.preset("lechner").replace(sevens=False))
    assert custom.rules_picker.value == "custom" and not custom.rules.sevens
    assert Contract("sevens") not in allowed_contracts(custom.rules)
