"""Suits, following and winning tricks (RULES.md: Suits, following, winning a trick),
every test vector of RULES.md by name, and the explanations."""

from __future__ import annotations

import re

import pytest

from texas42 import (
    TRUMPS,
    Contract,
    IllegalPlayError,
    Suit,
    check_play,
    explain_lead,
    explain_play,
    explain_winner,
    follows,
    led_suit,
    legal_plays,
    rank_in_suit,
    suit_dominoes,
    suits_of,
    trick_points,
    trick_winner,
)
from texas42.dominoes import DOMINOES

from .helpers import strs


def one_sentence(text: str) -> bool:
    """One sentence: ends with a full stop, no sentence break inside."""
    return text.endswith(".") and not re.search(r"[.!?]\s+[A-Z]", text[:-1])


# -- RULES.md test vectors ------------------------------------------------------------------------


def test_fours_trump_6_4_led_is_a_trump_lead():
    assert led_suit("6-4", "fours") is TRUMPS


def test_fours_trump_a_holder_of_4_4_must_play_a_trump():
    assert strs(legal_plays("4-4 6-0 3-1", ["6-4"], "fours")) == ["4-4"]
    with pytest.raises(IllegalPlayError) as info:
        check_play("6-0", "4-4 6-0 3-1", ["6-4"], "fours")
    assert info.value.rule == "follow-suit"
    check_play("4-4", "4-4 6-0 3-1", ["6-4"], "fours")


def test_fours_trump_a_holder_of_6_0_but_no_four_may_play_anything():
    assert strs(legal_plays("6-0 3-1", ["6-4"], "fours")) == ["6-0", "3-1"]


def test_fives_trump_6_4_led_leads_sixes():
    assert led_suit("6-4", "fives") is Suit.SIXES


def test_fives_trump_a_player_whose_only_six_is_6_5_is_void_in_sixes():
    hand = "6-5 2-1 3-3"
    assert not follows("6-5", Suit.SIXES, "fives")
    assert set(legal_plays(hand, ["6-4"], "fives")) == set(legal_plays(hand, [], "fives"))
    assert strs(legal_plays(hand, ["6-4"], "fives")) == ["6-5", "3-3", "2-1"]


def test_fives_trump_with_fives_trump_6_5_is_not_a_six():
    assert suits_of("6-5", "fives") == [TRUMPS]
    assert suits_of("6-4", "fives") == [Suit.FOURS, Suit.SIXES]


def test_fives_trump_a_holder_of_6_2_and_6_5_must_play_6_2():
    assert strs(legal_plays("6-5 6-2 1-1", ["6-4"], "fives")) == ["6-2"]


def test_threes_trump_6_2_led_holder_of_2_1_and_no_six_may_play_anything():
    assert led_suit("6-2", "threes") is Suit.SIXES
    hand = "2-1 3-3 5-4 0-0"
    assert set(legal_plays(hand, ["6-2"], "threes")) == set(legal_plays(hand, [], "threes"))


def test_threes_trump_6_3_is_no_six_so_its_holder_may_play_anything():
    assert strs(legal_plays("6-3 2-1", ["6-2"], "threes")) == ["6-3", "2-1"]


def test_doubles_trump_5_5_led_play_a_double_if_you_have_one():
    assert led_suit("5-5", "doubles") is TRUMPS
    assert strs(legal_plays("6-5 5-4 1-1 0-0", ["5-5"], "doubles")) == ["1-1", "0-0"]


def test_doubles_trump_5_5_led_without_a_double_you_need_not_follow_fives():
    assert strs(legal_plays("6-5 5-4 2-1", ["5-5"], "doubles")) == ["6-5", "5-4", "2-1"]


def test_doubles_trump_6_6_beats_all():
    for other in DOMINOES:
        if other.is_double and other.high == 6:
            continue
        assert trick_winner(["5-5", "6-6", str(other)], "doubles") == 1
        assert trick_winner([str(other), "6-6"], "doubles") == 1
    assert trick_winner(["5-5", "4-4", "6-6", "0-0"], "doubles") == 2


def test_doubles_trump_doubles_rank_6_6_down_to_0_0():
    assert strs(suit_dominoes(TRUMPS, "doubles")) == [
        "6-6",
        "5-5",
        "4-4",
        "3-3",
        "2-2",
        "1-1",
        "0-0",
    ]


def test_follow_me_doubles_low_6_6_led_then_6_0_6_0_wins():
    assert trick_winner(["6-6", "6-0"], "follow-me/doubles-low") == 1
    assert trick_winner(["6-6", "6-0", "6-5", "5-5"], "follow-me/doubles-low") == 2


def test_follow_me_doubles_high_6_6_led_then_6_0_6_6_wins():
    assert trick_winner(["6-6", "6-0"], "follow-me") == 0


# -- rank in a suit -------------------------------------------------------------------------------


def test_rank_in_suit_twos_2_2_2_6_2_5_2_4_2_3_2_1_2_0():
    order = ["2-2", "2-6", "2-5", "2-4", "2-3", "2-1", "2-0"]
    for place, text in enumerate(order, start=1):
        assert rank_in_suit(text, Suit.TWOS, "follow-me") == place
    assert strs(suit_dominoes(Suit.TWOS, "follow-me")) == [
        "2-2",
        "6-2",
        "5-2",
        "4-2",
        "3-2",
        "2-1",
        "2-0",
    ]


@pytest.mark.parametrize("number", range(7))
def test_rank_in_suit_double_highest_then_other_end_6_down_to_0(number):
    order = suit_dominoes(number, "follow-me")
    assert order[0].is_double and order[0].high == number
    others = [x.other_end(number) for x in order[1:]]
    assert others == sorted(others, reverse=True)
    assert len(order) == 7


def test_rank_in_trumps_fives_5_5_then_5_6_down_to_5_0():
    assert strs(suit_dominoes(TRUMPS, "fives")) == ["5-5", "6-5", "5-4", "5-3", "5-2", "5-1", "5-0"]


def test_rank_in_suit_rejects_a_domino_outside_the_suit():
    with pytest.raises(ValueError):
        rank_in_suit("6-5", Suit.SIXES, "fives")
    with pytest.raises(ValueError):
        rank_in_suit("4-3", Suit.TWOS, "follow-me")


def test_follow_me_doubles_low_double_is_the_lowest_of_its_suit():
    assert strs(suit_dominoes(Suit.SIXES, "follow-me/doubles-low"))[-1] == "6-6"
    assert rank_in_suit("6-6", Suit.SIXES, "follow-me/doubles-low") == 7
    assert rank_in_suit("6-0", Suit.SIXES, "follow-me/doubles-low") == 6


# -- suits of dominoes ----------------------------------------------------------------------------


def test_a_non_trump_non_double_belongs_to_both_numbers_suits():
    assert follows("6-4", Suit.SIXES, "threes")
    assert follows("6-4", Suit.FOURS, "threes")
    assert not follows("6-4", Suit.FIVES, "threes")


def test_a_trump_belongs_to_no_other_suit():
    for number in range(7):
        c = Contract.suit(number)
        for x in DOMINOES:
            if x.has(number):
                assert suits_of(x, c) == [TRUMPS]
                assert led_suit(x, c) is TRUMPS


def test_a_led_non_trump_leads_its_higher_end():
    c = Contract.parse("blanks")
    for x in DOMINOES:
        if not x.has(0):
            assert led_suit(x, c) == x.high


def test_doubles_trump_a_double_is_in_no_number_suit():
    assert suits_of("6-6", "doubles") == [TRUMPS]
    assert suits_of("6-5", "doubles") == [Suit.FIVES, Suit.SIXES]
    assert not follows("6-6", Suit.SIXES, "doubles")


def test_follow_me_doubles_high_a_double_follows_its_number():
    assert suits_of("6-6", "follow-me") == [Suit.SIXES]
    assert led_suit("6-6", "follow-me") is Suit.SIXES


def test_follow_me_doubles_own_suit_doubles_lead_doubles():
    c = "follow-me/doubles-own-suit"
    assert led_suit("3-3", c) is Suit.DOUBLES
    assert suits_of("6-6", c) == [Suit.DOUBLES]
    assert not follows("6-6", Suit.SIXES, c)


def test_follow_me_doubles_own_suit_a_led_double_must_be_followed_by_a_double():
    c = "follow-me/doubles-own-suit"
    assert strs(legal_plays("6-5 6-6 1-1 2-0", ["3-3"], c)) == ["6-6", "1-1"]
    assert strs(legal_plays("6-5 2-0", ["3-3"], c)) == ["6-5", "2-0"]


def test_follow_me_doubles_own_suit_6_6_does_not_follow_sixes():
    c = "follow-me/doubles-own-suit"
    assert strs(legal_plays("6-6 6-2 1-1", ["6-4"], c)) == ["6-2"]
    assert trick_winner(["6-4", "6-6"], c) == 0


def test_follow_me_doubles_own_suit_6_6_is_the_highest_double():
    c = "follow-me/doubles-own-suit"
    assert trick_winner(["3-3", "6-6", "5-5", "0-0"], c) == 1
    assert strs(suit_dominoes(Suit.DOUBLES, c))[0] == "6-6"


def test_nello_doubles_own_suit_low_0_0_is_the_highest_double():
    assert trick_winner(["3-3", "6-6", "0-0"], "nello/doubles-own-suit-low") == 2


# -- winning tricks -------------------------------------------------------------------------------


def test_highest_trump_wins():
    assert trick_winner(["6-4", "5-0", "5-5", "6-6"], "fives") == 2


def test_the_only_trump_wins_over_a_higher_led_domino():
    assert trick_winner(["6-6", "6-5", "1-0"], "ones") == 2


def test_without_trump_the_highest_of_the_led_suit_wins():
    assert trick_winner(["6-4", "6-1", "3-3", "6-6"], "threes") == 2  # 3-3 is a trump
    assert trick_winner(["6-4", "6-1", "4-4", "6-6"], "threes") == 3
    assert trick_winner(["6-1", "5-5", "4-4", "6-2"], "threes") == 3


def test_a_higher_domino_of_another_suit_does_not_win():
    assert trick_winner(["2-0", "6-5", "5-5", "4-4"], "follow-me") == 0
    assert trick_winner(["4-1", "6-5", "5-5", "4-4"], "follow-me") == 3


def test_trick_winner_of_a_single_lead_is_the_lead():
    assert trick_winner(["1-0"], "sixes") == 0
    with pytest.raises(ValueError):
        trick_winner([], "sixes")


def test_trick_points_one_plus_the_count():
    assert trick_points(["6-4", "5-5", "5-0", "1-1"]) == 26
    assert trick_points(["6-6", "1-1", "2-2", "3-3"]) == 1


def test_check_play_refuses_a_domino_not_held():
    with pytest.raises(IllegalPlayError) as info:
        check_play("6-6", "6-5 2-1", [], "fives")
    assert info.value.rule == "not-held"


def test_leading_any_domino_is_legal():
    assert strs(legal_plays("6-5 2-1 0-0", [], "fives")) == ["6-5", "2-1", "0-0"]


def test_trumps_led_must_be_followed_by_trumps():
    assert strs(legal_plays("5-0 6-2 3-3", ["5-4"], "fives")) == ["5-0"]


# -- explanations ---------------------------------------------------------------------------------


def test_explain_lead_fours_6_4_is_a_trump_lead():
    text = explain_lead("6-4", "fours")
    assert one_sentence(text)
    assert "6-4" in text and "trump" in text and "fours" in text


def test_explain_lead_fives_6_4_leads_sixes():
    text = explain_lead("6-4", "fives")
    assert one_sentence(text)
    assert "6-4" in text and "sixes" in text


@pytest.mark.parametrize(
    ("contract", "words"),
    [
        ("fives", "highest three"),
        ("follow-me/doubles-low", "lowest three"),
        ("follow-me/doubles-own-suit", "doubles"),
        ("doubles", "trump"),
    ],
)
def test_explain_lead_of_a_double(contract, words):
    text = explain_lead("3-3", contract)
    assert one_sentence(text)
    assert "3-3" in text and words in text


def test_explain_play_fives_6_5_is_a_trump_so_it_does_not_follow_sixes():
    text = explain_play("6-5", "6-5 2-1 3-3", ["6-4"], "fives")
    assert one_sentence(text)
    assert "6-5 is a trump, so it does not follow sixes" in text
    assert "may play any domino" in text


def test_explain_play_fives_6_5_when_holding_a_six_names_the_six():
    text = explain_play("6-5", "6-5 6-2 3-3", ["6-4"], "fives")
    assert one_sentence(text)
    assert "6-5 is a trump, so it does not follow sixes" in text
    assert "6-2" in text


def test_explain_play_fours_holder_of_4_4_must_play_a_trump():
    text = explain_play("6-0", "4-4 6-0 3-1", ["6-4"], "fours")
    assert one_sentence(text)
    assert "6-0" in text and "4-4" in text and "trump" in text


def test_explain_play_fours_4_4_follows_the_trump_lead():
    text = explain_play("4-4", "4-4 6-0 3-1", ["6-4"], "fours")
    assert one_sentence(text)
    assert "4-4" in text and "trump" in text


def test_explain_play_threes_holder_of_2_1_may_play_anything():
    text = explain_play("2-1", "2-1 3-3", ["6-2"], "threes")
    assert one_sentence(text)
    assert "2-1" in text and "sixes" in text and "any domino" in text


def test_explain_play_doubles_trump_must_play_a_double():
    text = explain_play("2-1", "2-1 3-3 4-4", ["5-5"], "doubles")
    assert one_sentence(text)
    assert "2-1" in text and "3-3" in text and "4-4" in text and "trump" in text


def test_explain_play_follow_me_doubles_own_suit_6_6_does_not_follow_sixes():
    text = explain_play("6-6", "6-6 6-2", ["6-4"], "follow-me/doubles-own-suit")
    assert one_sentence(text)
    assert "6-6" in text and "6-2" in text and "own suit" in text


def test_explain_play_follow_me_doubles_own_suit_a_double_lead_needs_a_double():
    text = explain_play("6-4", "6-6 6-4", ["5-5"], "follow-me/doubles-own-suit")
    assert one_sentence(text)
    assert "6-4" in text and "6-6" in text and "doubles" in text


def test_explain_play_a_follower():
    text = explain_play("6-2", "6-2 1-1", ["6-4"], "fives")
    assert one_sentence(text)
    assert "6-2" in text and "sixes" in text


def test_explain_play_a_lead():
    text = explain_play("2-1", "6-5 2-1", [], "fives")
    assert one_sentence(text)
    assert "2-1" in text and "twos" in text


def test_explain_play_not_held():
    text = explain_play("6-6", "6-5 2-1", [], "fives")
    assert one_sentence(text)
    assert "6-6" in text and "not in the hand" in text


def test_explain_play_void_with_a_trump_lookalike_still_names_the_domino_played():
    # 2-1 may be played: the sentence should say so about 2-1, not only about 6-5.
    text = explain_play("2-1", "6-5 2-1 3-3", ["6-4"], "fives")
    assert one_sentence(text)
    assert "2-1" in text


def test_explain_play_says_whether_legal_for_every_domino_of_a_vector():
    hand = "6-5 6-2 3-3 2-1"
    for x in ["6-5", "6-2", "3-3", "2-1"]:
        text = explain_play(x, hand, ["6-4"], "fives")
        assert one_sentence(text), text
        assert x in text or "6-2" in text


def test_explain_winner_highest_trump():
    text = explain_winner(["6-4", "5-0", "5-5", "6-6"], "fives")
    assert one_sentence(text)
    assert text.startswith("5-5 wins") and "highest trump" in text


def test_explain_winner_only_trump():
    text = explain_winner(["6-4", "6-1", "3-3", "6-5"], "threes")
    assert one_sentence(text)
    assert text.startswith("3-3 wins") and "only trump" in text


def test_explain_winner_follow_me_doubles_low_6_0_wins():
    text = explain_winner(["6-6", "6-0"], "follow-me/doubles-low")
    assert one_sentence(text)
    assert text.startswith("6-0 wins") and "six" in text and "low" in text


def test_explain_winner_doubles_trump_6_6_beats_all():
    text = explain_winner(["5-5", "6-6", "5-4", "0-0"], "doubles")
    assert one_sentence(text)
    assert text.startswith("6-6 wins") and "trump" in text


def test_explain_winner_highest_of_the_suit_when_no_trump_is_played():
    text = explain_winner(["6-4", "6-1", "4-4", "6-6"], "threes")
    assert one_sentence(text)
    assert text.startswith("6-6 wins") and "six" in text and "no trump" in text


def test_explain_winner_follow_me_highest_six():
    text = explain_winner(["6-4", "6-1", "3-3", "6-6"], "follow-me")
    assert one_sentence(text)
    assert text.startswith("6-6 wins") and "highest six" in text


def test_explain_winner_own_suit_doubles():
    text = explain_winner(["3-3", "6-6", "5-5"], "follow-me/doubles-own-suit")
    assert one_sentence(text)
    assert text.startswith("6-6 wins") and "double" in text


@pytest.mark.parametrize(
    "contract",
    [
        "blanks",
        "threes",
        "sixes",
        "doubles",
        "follow-me",
        "follow-me/doubles-low",
        "follow-me/doubles-own-suit",
    ],
)
def test_explanations_are_one_sentence_and_name_the_domino_for_every_lead(contract):
    for x in DOMINOES:
        text = explain_lead(x, contract)
        assert one_sentence(text), text
        assert str(x) in text, text


@pytest.mark.parametrize(
    "contract",
    ["fives", "doubles", "follow-me", "follow-me/doubles-low", "follow-me/doubles-own-suit"],
)
def test_explain_winner_names_the_winner_for_many_tricks(contract):
    import random

    rng = random.Random(contract)
    for _ in range(200):
        trick = rng.sample(DOMINOES, 4)
        text = explain_winner(trick, contract)
        winner = trick[trick_winner(trick, contract)]
        assert one_sentence(text), text
        assert text.startswith(f"{winner} wins"), (trick, text)


@pytest.mark.parametrize(
    "contract",
    ["fives", "doubles", "follow-me", "follow-me/doubles-low", "follow-me/doubles-own-suit"],
)
def test_explain_play_agrees_with_legal_plays(contract):
    import random

    rng = random.Random(contract)
    for _ in range(200):
        dominoes = rng.sample(DOMINOES, 8)
        hand, trick = dominoes[:5], dominoes[5 : 5 + rng.randrange(4)]
        legal = set(legal_plays(hand, trick, contract))
        for x in hand:
            text = explain_play(x, hand, trick, contract)
            assert one_sentence(text), text
            if x in legal:
                check_play(x, hand, trick, contract)
                assert "not follow" not in text or "any domino" in text, text
            else:
                with pytest.raises(IllegalPlayError) as info:
                    check_play(x, hand, trick, contract)
                assert info.value.rule == "follow-suit"
                assert text in str(info.value)
                assert str(x) in text


def test_explain_play_about_a_seat_says_the_same_in_the_third_person() -> None:
    """With ``seat=``, the sentence is the player's one with "you" replaced: the same
    verdict, no "you" left, and the seat named wherever "you hold" was."""
    import random

    from texas42 import DOMINOES, explain_play

    rng = random.Random(42)
    contracts = ["sixes", "fours", "blanks", "doubles", "follow-me", "follow-me/doubles-low",
                 "nello/doubles-own-suit", "sevens"]
    checked = 0
    for _ in range(400):
        dominoes = rng.sample(DOMINOES, 10)
        hand, trick = dominoes[:7], dominoes[7 : 7 + rng.randrange(0, 3)]
        c = rng.choice(contracts)
        for d in hand:
            you = explain_play(d, hand, trick, c)
            it = explain_play(d, hand, trick, c, seat=2)
            assert "you" not in it.lower().split() and "You" not in it
            assert ("you hold" in you.lower()) == ("seat 2 holds" in it.lower())
            expected = (you.replace("You hold", "Seat 2 holds").replace("you hold", "seat 2 holds")
                        .replace("you ", "it "))
            assert it == expected
            checked += 1
    assert checked == 2800
