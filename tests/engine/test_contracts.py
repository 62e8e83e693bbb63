"""Contracts: what the bidder names as trumps (RULES.md: Contract)."""

from __future__ import annotations

import pytest

from texas42 import Contract, NotationError, Suit
from texas42.dominoes import DOMINOES, SUIT_NAMES

from .helpers import d


@pytest.mark.parametrize(("name", "number"), [(n, i) for i, n in enumerate(SUIT_NAMES)])
def test_parse_every_suit_name(name, number):
    c = Contract.parse(name)
    assert c == Contract.suit(number) == Contract("trumps", number)
    assert c.kind == "trumps" and c.trump == number
    assert str(c) == name


@pytest.mark.parametrize("number", range(7))
def test_parse_every_digit(number):
    assert Contract.parse(str(number)) == Contract.suit(number)


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Sixes", 6),
        ("SIXES", 6),
        (" fives ", 5),
        ("six", 6),
        ("blank", 0),
        ("deuces", 2),
        ("aces", 1),
        ("one", 1),
    ],
)
def test_parse_suit_spellings(text, number):
    assert Contract.parse(text) == Contract.suit(number)


@pytest.mark.parametrize("text", ["doubles", "Doubles", "doubles-trump", "doubles trumps"])
def test_parse_doubles(text):
    c = Contract.parse(text)
    assert c == Contract("doubles")
    assert str(c) == "doubles"
    assert c.has_trumps and not c.is_trump_suit


@pytest.mark.parametrize(
    "text", ["follow-me", "Follow Me", "followme", "no-trump", "no trump", "no-trumps", "notrump"]
)
def test_parse_follow_me_and_no_trump(text):
    c = Contract.parse(text)
    assert c == Contract("follow-me")
    assert str(c) == "follow-me"
    assert not c.has_trumps


@pytest.mark.parametrize(
    ("text", "doubles", "canonical"),
    [
        ("follow-me/doubles-low", "low", "follow-me/doubles-low"),
        ("follow-me/doubles-high", "high", "follow-me"),
        ("follow-me/doubles-own-suit", "own-suit", "follow-me/doubles-own-suit"),
        ("no-trump/doubles-low", "low", "follow-me/doubles-low"),
        ("nello/doubles-own-suit", "own-suit", "nello/doubles-own-suit"),
        ("nello/doubles-own-suit-low", "own-suit-low", "nello/doubles-own-suit-low"),
        ("nello/doubles-low", "low", "nello/doubles-low"),
    ],
)
def test_parse_options_for_doubles(text, doubles, canonical):
    c = Contract.parse(text)
    assert c.doubles == doubles
    assert str(c) == canonical
    assert Contract.parse(str(c)) == c


@pytest.mark.parametrize("text", ["nello", "sevens"])
def test_parse_house_contracts(text):
    assert Contract.parse(text).kind == text


@pytest.mark.parametrize(
    "text",
    [
        "spades",
        "7",
        "sevenses",
        "",
        "   ",
        "sixes/doubles-low",
        "doubles/doubles-low",
        "follow-me/doubles-sideways",
        "follow-me/doubles-own-suit-low",
        "fives trumps please",
        "-1",
    ],
)
def test_parse_rejects_with_notation_error(text):
    with pytest.raises(NotationError):
        Contract.parse(text)


@pytest.mark.parametrize("value", [5, None, 6.0, ["sixes"]])
def test_parse_rejects_non_strings(value):
    with pytest.raises(NotationError) as info:
        Contract.parse(value)
    assert repr(value) in str(info.value)


def test_parse_unknown_name_quotes_the_input():
    with pytest.raises(NotationError) as info:
        Contract.parse("spades")
    assert "'spades'" in str(info.value)


@pytest.mark.parametrize(
    "args",
    [
        ("trumps", 7),
        ("trumps", None),
        ("doubles", 3),
        ("follow-me", None, "sideways"),
        ("trumps", 5, "low"),
        ("clubs",),
    ],
)
def test_constructor_checks_its_fields(args):
    with pytest.raises(NotationError):
        Contract(*args)


def test_contracts_are_values():
    assert Contract.parse("fives") == Contract.parse("5")
    assert hash(Contract.parse("fives")) == hash(Contract.suit(5))
    assert Contract.parse("fives") != Contract.parse("sixes")
    assert Contract.parse("follow-me") != Contract.parse("follow-me/doubles-low")
    assert Contract.parse(Contract.suit(3)) == Contract.suit(3)


@pytest.mark.parametrize(
    "text",
    [
        "blanks",
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "doubles",
        "follow-me",
        "follow-me/doubles-low",
        "follow-me/doubles-own-suit",
        "nello",
        "nello/doubles-own-suit-low",
        "sevens",
    ],
)
def test_repr_and_str_round_trip(text):
    c = Contract.parse(text)
    assert eval(repr(c)) == c
    assert Contract.parse(str(c)) == c


def test_is_trump_for_fives_is_every_domino_with_a_five():
    fives = Contract.parse("fives")
    assert {str(x) for x in DOMINOES if fives.is_trump(x)} == {
        "5-5",
        "6-5",
        "5-4",
        "5-3",
        "5-2",
        "5-1",
        "5-0",
    }


def test_is_trump_for_doubles_is_the_seven_doubles():
    c = Contract.parse("doubles")
    assert [x for x in DOMINOES if c.is_trump(x)] == [x for x in DOMINOES if x.is_double]


def test_follow_me_has_no_trumps():
    c = Contract.parse("follow-me")
    assert not any(c.is_trump(x) for x in DOMINOES)
    assert c.trump_label == "no trumps"


def test_trump_labels():
    assert Contract.parse("fives").trump_label == "fives"
    assert Contract.parse("doubles").trump_label == "doubles"


def test_describe_trumps_names_the_suit_and_the_order():
    text = Contract.parse("fives").describe()
    assert text.startswith("Fives are trumps")
    assert "5-5 is the highest" in text
    assert "then 6-5, 5-4 ... 5-0" in text
    assert "5-6" not in text
    assert "5-0" in text


def test_describe_sixes_starts_with_the_double_then_6_5():
    text = Contract.parse("sixes").describe()
    assert "6-6 is the highest, then 6-5, 6-4 ... 6-0" in text


def test_describe_doubles():
    text = Contract.parse("doubles").describe()
    assert text.startswith("Doubles are trumps")
    assert "6-6 highest" in text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("follow-me", "highest domino of their suit"),
        ("follow-me/doubles-low", "lowest domino of their suit"),
        ("follow-me/doubles-own-suit", "suit of their own"),
    ],
)
def test_describe_follow_me_says_where_doubles_go(text, words):
    described = Contract.parse(text).describe()
    assert "no trumps" in described
    assert words in described


@pytest.mark.parametrize("text", ["nello", "sevens", "doubles", "sixes", "blanks"])
def test_describe_is_plain_text(text):
    described = Contract.parse(text).describe()
    assert described.endswith(".")
    assert described[0].isupper()


def test_suit_labels():
    assert Suit.SIXES.label == "sixes"
    assert Suit.BLANKS.label == "blanks"
    assert Suit.DOUBLES.label == "doubles"
    assert Suit.TRUMPS.label == "trumps"
    assert int(Suit.DOUBLES) == 7 and int(Suit.TRUMPS) == 8


def test_a_domino_in_a_contract_belongs_to_the_tables_once():
    from texas42.contracts import tables

    for text in ["sixes", "doubles", "follow-me", "follow-me/doubles-own-suit"]:
        t = tables(Contract.parse(text))
        for x in DOMINOES:
            suits = [s for s in range(9) if t.members[s] >> x.index & 1]
            if t.trump_mask >> x.index & 1:
                assert suits == [Suit.TRUMPS], (text, x)
            elif x.is_double:
                assert len(suits) == 1, (text, x)
            else:
                assert suits == [x.low, x.high], (text, x)
    assert d("6-4") in DOMINOES
