"""Explorers 1-3: suits, trump ranking, counting."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import DOMINOES, Contract, suit_dominoes
from texas42.widgets import CountExplorer, SuitsExplorer, TrumpsExplorer
from texas42.widgets._pickers import CONTRACT_LABELS
from texas42.widgets.trumps_explorer import RULES_CHOICES


# -- 1. suits ------------------------------------------------------------------------------
def test_suits_rules_test_vectors() -> None:
    ex = SuitsExplorer(contract="fives", domino="6-4")
    assert ex.state["leads"] == "sixes"
    assert ex.state["follows"] == ["sixes", "fours"]
    assert "6-4 leads sixes, its higher end" in ex.words.value
    ex.contract_picker.value = "fours"
    assert ex.state["leads"] == "trumps"
    assert ex.state["follows"] == ["trumps"]
    assert "belongs only to the trumps" in ex.words.value
    ex.contract_picker.value = "fives"
    ex.domino_picker.value = "6-5"
    assert ex.state["follows"] == ["trumps"]
    assert "6-5" not in ex.state["suits"]["sixes"]


def test_suits_every_contract_and_domino() -> None:
    ex = SuitsExplorer(rules="house")  # every option: every contract
    for key in CONTRACT_LABELS:
        ex.contract_picker.value = key
        for d in DOMINOES:
            ex.domino_picker.value = str(d)
            assert ex.last_error is None, (key, d, ex.last_error)
            assert str(d) in ex.picture.value
        # Every domino is listed in each suit it belongs to, highest first.
        c = Contract.parse(key)
        for _label, members in ex.state["suits"].items():
            assert members  # no empty suit shown
        if c.kind == "trumps":
            assert ex.state["suits"]["trumps"] == [str(x) for x in suit_dominoes(8, c)]


def test_suits_doubles_places() -> None:
    ex = SuitsExplorer(contract="follow-me/doubles-low", domino="6-6", rules="house")
    assert ex.state["suits"]["sixes"][-1] == "6-6"
    assert "lowest" in ex.words.value
    ex.contract_picker.value = "follow-me/doubles-own-suit"
    assert ex.state["leads"] == "doubles"
    assert ex.state["suits"]["doubles"][0] == "6-6"


def test_suits_typing_and_stepping() -> None:
    ex = SuitsExplorer()
    ex.typed.value = "3:5"
    assert ex.state["domino"] == "5-3"
    ex.typed.value = "8-1"
    assert "not a domino" in ex.message and ex.state["domino"] == "5-3"
    ex.next_button.click()
    assert ex.state["domino"] != "5-3"
    ex.prev_button.click()
    assert ex.state["domino"] == "5-3"


def test_suits_box_answers_while_typing() -> None:
    """The box answers each keystroke (in the browser nothing says to press Enter): half a
    domino gets a hint, a word that is no domino an error naming the rule's notation."""
    ex = SuitsExplorer()
    assert ex.typed.continuous_update
    for so_far in ("h", "he", "hello"):
        ex.typed.value = so_far
        assert ex.message_kind == "error" and f"'{so_far}' is not a domino" in ex.message
    assert ex.state["domino"] == "6-4"  # nothing changed
    ex.typed.value = ""
    assert ex.message_kind == "info" and "6-4 leads" in ex.message
    ex.typed.value = "5"
    assert ex.message_kind == "info" and "other end" in ex.message and "5-3" in ex.message
    ex.typed.value = "5-"
    assert "other end" in ex.message and ex.state["domino"] == "6-4"
    ex.typed.value = "5-3"
    assert ex.state["domino"] == "5-3" and "5-3 leads" in ex.message
    # Typing the domino already shown answers too (after the hint for its first end).
    ex.typed.value = "5"
    ex.typed.value = "53"
    assert "5-3 leads" in ex.message


def test_suits_box_empties_when_the_domino_is_chosen_another_way() -> None:
    """Otherwise the box says "hello" beside another domino, and typing "hello" again
    would change nothing, so say nothing."""
    ex = SuitsExplorer()
    ex.typed.value = "hello"
    assert "not a domino" in ex.message
    ex.next_button.click()
    assert ex.typed.value == "" and ex.message_kind == "info"
    ex.typed.value = "hello"
    assert "'hello' is not a domino" in ex.message
    ex.domino_picker.value = "3-3"
    assert ex.typed.value == "" and "3-3 leads" in ex.message


def test_suits_text_beside_pictures() -> None:
    ex = SuitsExplorer()
    assert "<title" in ex.picture.value and "six-four" in ex.picture.value
    assert 'role="img"' in ex.table.value


# -- 2. trumps -----------------------------------------------------------------------------
def test_trumps_each_number() -> None:
    ex = TrumpsExplorer()
    for n in range(7):
        ex.number_picker.value = n
        trumps = ex.state["trumps"]
        assert trumps[0] == f"{n}-{n}" and len(trumps) == 7
        others = [k for k in ex.state["suits"] if k != "trumps"]
        assert len(others) == 6
        for k in others:
            assert len(ex.state["suits"][k]) == 6  # each lost its trump
    ex.number_picker.value = 5
    assert "6-5 is a trump, not a six" in ex.summary.value


def test_trumps_doubles_and_follow_me_places() -> None:
    ex = TrumpsExplorer()
    ex.kind_picker.value = "doubles"
    assert ex.state["trumps"] == ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0"]
    assert ex.number_picker.disabled
    ex.kind_picker.value = "follow-me"
    assert ex.state["places"] == ["high"]  # standard rules: doubles high only
    assert "every option" in ex.summary.value
    ex.rules_picker.value = "house"  # shown as "every option (house rules)"
    assert ex.state["places"] == ["high", "low", "own-suit"]
    ex.place_picker.value = "low"
    assert ex.state["contract"] == "follow-me/doubles-low"
    assert ex.state["suits"]["sixes"][-1] == "6-6"
    ex.place_picker.value = "own-suit"
    assert ex.state["suits"]["doubles"][0] == "6-6"
    assert "6-6" not in ex.state["suits"]["sixes"]
    ex.rules_picker.value = "standard"
    assert ex.state["places"] == ["high"] and ex.state["contract"] == "follow-me"


def test_trumps_every_rules_choice() -> None:
    ex = TrumpsExplorer()
    for name in RULES_CHOICES:
        ex.rules_picker.value = name
        for _, kind in ex.kind_picker.options:
            ex.kind_picker.value = kind
            for _, place in ex.place_picker.options:
                ex.place_picker.value = place
                assert ex.last_error is None


# -- 3. count ------------------------------------------------------------------------------
def test_count_all_tricks_make_42() -> None:
    ex = CountExplorer(seed=3)
    assert "5-5" in ex.count_box.value and "= 10 points" in ex.count_box.value
    assert "7 + 35 = 42" in ex.why42.value
    ex.all_button.click()
    assert ex.state["total"] == 42 and "42" in ex.message
    ex.none_button.click()
    assert ex.state["total"] == 0 and ex.state["chosen"] == []


def test_count_team_totals_add_up() -> None:
    for seed in range(5):
        ex = CountExplorer(seed=seed)
        ex.team_buttons[0].click()
        a = ex.state["total"]
        ex.team_buttons[1].click()
        b = ex.state["total"]
        assert a + b == 42
        assert len(ex.state["tricks"]) == 7


def test_count_single_trick_explained() -> None:
    ex = CountExplorer(seed=1)
    ex.trick_toggles[0].value = True
    trick = ex.hand.tricks[0]  # type: ignore[union-attr]
    assert ex.state["total"] == trick.points
    assert f"{trick.points} points" in ex.message or f"{trick.points} point" in ex.message
    ex.seed_box.value = 9
    assert ex.state["seed"] == 9 and ex.state["chosen"] == []
    ex.new_button.click()
    assert ex.state["seed"] == 10


def test_the_first_chapters_suits_explorer_shows_only_what_it_taught() -> None:
    # Issue 34: chapter 1 teaches the suits and their order; its explorer names no
    # contract, lists no rules (no house rules) and says nothing of leading or trumps.
    import ipywidgets as W

    from texas42 import widgets as tw

    ex = tw.suits(domino="6-3", first_look=True)
    assert ex.message == "6-3 belongs to the sixes and the threes."
    shown: list[W.Widget] = []

    def walk(w: W.Widget) -> None:
        shown.append(w)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(ex.ui)
    assert ex.rules_picker not in shown and ex.contract_picker not in shown
    text = " ".join([ex.message, ex.words.value, ex.table.value]).lower()
    for word in ("contract", "trump", "lead", "follow-me", "nello", "sevens", "plunge",
                 "splash", "n42pa", "rules"):
        assert word not in text, word
    assert "4th of 7" in ex.words.value and "2nd of 7" in ex.words.value
    ex.domino_picker.value = "3-3"
    assert ex.message == "3-3 belongs to the threes." and "a double" in ex.words.value
    assert ex.state["follows"] == ["threes"]
    ex.typed.value = "5-2"
    assert ex.message == "5-2 belongs to the fives and the twos." and ex.last_error is None
