"""Dominoes and sets of dominoes (RULES.md: Equipment and seats)."""

from __future__ import annotations

import copy
import pickle

import pytest

from texas42 import COUNT_DOMINOES, DOMINOES, DOUBLES, Domino, DominoSet, NotationError


def test_a_double_six_set_has_28_dominoes():
    assert len(DOMINOES) == 28
    assert len(set(DOMINOES)) == 28
    pairs = {(x.high, x.low) for x in DOMINOES}
    assert pairs == {(a, b) for a in range(7) for b in range(a + 1)}


def test_every_domino_is_one_interned_object():
    for x in DOMINOES:
        assert Domino(x.high, x.low) is x
        assert Domino(x.low, x.high) is x
        assert DOMINOES[x.index] is x
    assert Domino(6, 4) is Domino.parse("4-6")


def test_indexes_are_the_bit_positions_0_to_27():
    assert sorted(x.index for x in DOMINOES) == list(range(28))


def test_seven_doubles():
    assert len(DOUBLES) == 7
    assert [str(x) for x in DOUBLES] == ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]
    assert all(x.is_double for x in DOUBLES)
    assert sum(x.is_double for x in DOMINOES) == 7


@pytest.mark.parametrize("text", ["6-4", "4-6", "64", "46", "6:4", "4:6", " 6 - 4 ", "6|4", "6/4"])
def test_parse_normalises_6_4(text):
    assert Domino.parse(text) is Domino(6, 4)
    assert str(Domino.parse(text)) == "6-4"


def test_parse_doubles_and_blanks():
    assert str(Domino.parse("0-0")) == "0-0"
    assert str(Domino.parse("0-6")) == "6-0"
    assert Domino.parse("55").is_double


def test_parse_accepts_a_domino():
    x = Domino(3, 2)
    assert Domino.parse(x) is x


@pytest.mark.parametrize(
    "text", ["7-3", "6-x", "", "6-4-1", "6", "66-4", "-6-4", "6--4", "a-b", "9-9"]
)
def test_parse_rejects_bad_text_quoting_it(text):
    with pytest.raises(NotationError) as info:
        Domino.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_parse_7_3_names_the_domino_rule():
    with pytest.raises(NotationError) as info:
        Domino.parse("7-3")
    assert "0 to 6" in str(info.value)
    assert info.value.rule == "domino"


@pytest.mark.parametrize("value", [64, 6.4, None, (6, 4), ["6-4"], b"6-4"])
def test_parse_rejects_non_strings_quoting_them(value):
    with pytest.raises(NotationError) as info:
        Domino.parse(value)
    assert repr(value) in str(info.value)


@pytest.mark.parametrize("ends", [(7, 3), (-1, 0), (3, 7), ("6", 4)])
def test_constructor_rejects_ends_outside_0_to_6(ends):
    with pytest.raises(NotationError):
        Domino(*ends)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("5-5", 10),
        ("6-4", 10),
        ("5-0", 5),
        ("4-1", 5),
        ("3-2", 5),
        ("6-6", 0),
        ("4-3", 0),
        ("5-4", 0),
        ("6-5", 0),
        ("0-0", 0),
    ],
)
def test_count_of(text, count):
    assert Domino.parse(text).count == count


def test_count_dominoes_are_5_5_6_4_5_0_4_1_3_2():
    assert {str(x) for x in COUNT_DOMINOES} == {"5-5", "6-4", "5-0", "4-1", "3-2"}
    assert [x.count for x in COUNT_DOMINOES] == [10, 10, 5, 5, 5]


def test_count_totals_35_and_a_hand_holds_42_points():
    assert sum(x.count for x in DOMINOES) == 35
    assert DominoSet(DOMINOES).count == 35
    assert 35 + 7 == 42


def test_pips_ends_and_names():
    x = Domino.parse("4-6")
    assert (x.high, x.low, x.ends, x.pips) == (6, 4, (6, 4), 10)
    assert x.has(6) and x.has(4) and not x.has(5)
    assert x.other_end(6) == 4 and x.other_end(4) == 6
    assert Domino(3, 3).other_end(3) == 3
    with pytest.raises(ValueError):
        x.other_end(5)
    assert x.name == "six-four"
    assert Domino(0, 0).name == "double blank"


def test_repr_round_trips_through_eval():
    for x in DOMINOES:
        assert eval(repr(x)) is x
    assert repr(Domino.parse("4-6")) == "Domino(6, 4)"


def test_copy_pickle_and_hash_keep_identity():
    x = Domino(5, 2)
    assert copy.copy(x) is x
    assert copy.deepcopy(x) is x
    assert pickle.loads(pickle.dumps(x)) is x
    assert len({Domino(5, 2), Domino.parse("2-5")}) == 1


def test_dominoes_order_by_index():
    assert Domino(0, 0) < Domino(1, 0) < Domino(6, 6)
    assert sorted(DOMINOES) == list(DOMINOES)
    assert max(DOMINOES) is Domino(6, 6)


# -- DominoSet ------------------------------------------------------------------------------------


def test_dominoset_parse_len_count_contains():
    hand = DominoSet.parse("6-4 5-5 3-2 1-0")
    assert len(hand) == 4
    assert hand.count == 25
    assert Domino.parse("6-4") in hand
    assert "4-6" in hand
    assert "6-6" not in hand
    assert 5 not in hand


def test_dominoset_accepts_commas_lists_masks_and_sets():
    a = DominoSet.parse("6-4, 5-5")
    assert DominoSet(["4-6", Domino(5, 5)]) == a
    assert DominoSet(a.mask) == a
    assert DominoSet(a) == a
    assert DominoSet() == DominoSet("") == DominoSet([])
    assert not DominoSet()
    assert DominoSet((1 << 28) - 1) == DominoSet(DOMINOES)


def test_dominoset_rejects_repeats_bad_masks_and_bad_text():
    with pytest.raises(NotationError):
        DominoSet.parse("6-4 4-6")
    with pytest.raises(ValueError):
        DominoSet(1 << 28)
    with pytest.raises(ValueError):
        DominoSet(-1)
    with pytest.raises(NotationError):
        DominoSet.parse("6-4 7-7")


def test_dominoset_iterates_as_a_hand_is_held_6_6_first():
    hand = DominoSet.parse("0-0 6-0 5-5 6-6 6-5 5-4 1-0")
    assert [str(x) for x in hand] == ["6-6", "6-5", "6-0", "5-5", "5-4", "1-0", "0-0"]
    assert str(hand) == "6-6 6-5 6-0 5-5 5-4 1-0 0-0"


def test_dominoset_set_operations():
    a = DominoSet.parse("6-4 5-5 3-2")
    b = DominoSet.parse("5-5 1-0")
    assert a | b == DominoSet.parse("6-4 5-5 3-2 1-0")
    assert a & b == DominoSet.parse("5-5")
    assert a - b == DominoSet.parse("6-4 3-2")
    assert (a - a) == DominoSet()
    assert a.doubles == DominoSet.parse("5-5")
    assert a.with_number(5) == DominoSet.parse("5-5")
    assert a.with_number(4) == DominoSet.parse("6-4")
    assert a.with_number(0) == DominoSet()


def test_dominoset_is_a_hashable_value():
    a = DominoSet.parse("6-4 5-5")
    assert hash(a) == hash(DominoSet.parse("5-5 4-6"))
    assert {a: 1}[DominoSet.parse("5-5 6-4")] == 1
    assert a != DominoSet.parse("6-4")
    assert (a == "6-4 5-5") is False


def test_dominoset_repr_round_trips_through_eval():
    for text in ["", "6-4", "6-6 5-5 3-2 1-0 0-0", " ".join(str(x) for x in DOMINOES)]:
        s = DominoSet.parse(text)
        assert eval(repr(s)) == s


def test_with_number_holds_the_seven_dominoes_of_each_number():
    full = DominoSet(DOMINOES)
    for n in range(7):
        assert len(full.with_number(n)) == 7
        assert all(x.has(n) for x in full.with_number(n))


def test_comparing_or_combining_with_other_types_is_a_type_error():
    # Python's convention: return NotImplemented, so the operator raises TypeError.
    x = Domino(6, 4)
    with pytest.raises(TypeError):
        _ = x < 5
    with pytest.raises(TypeError):
        _ = x >= "6-4"
    with pytest.raises(TypeError):
        _ = DominoSet.parse("6-4") | 5
    with pytest.raises(TypeError):
        _ = DominoSet.parse("6-4") - "6-4"
    assert (x == "6-4") is False
