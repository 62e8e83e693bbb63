"""The coach's words (issue 22): ties said as ties, a why-not when the coach goes against
the rule of thumb (the book's advice), and the typos a newcomer met."""

from __future__ import annotations

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand
from texas42.analysis.coach import Advice, Option, _book_detail, _reason, advise
from texas42.widgets import PlayExplorer
from texas42.widgets.count_explorer import trick_sum

TIE = Advice("play", 0, (Option("6-4", 30.0), Option("5-1", 30.0), Option("3-3", 21.0)),
             "points", 16, "")
RULE = "6-4: a sure winner (nothing out beats it) and takes its 10 count home."


def test_a_played_option_that_ties_the_best_is_said_to_tie() -> None:
    said = _reason(TIE, "5-1", "6-4", RULE)
    assert said.startswith("5-1 was as good as any (6-4 and 5-1 tie)")
    # Never "5-1 was best ... Rule of thumb: 6-4": the rule's choice is named as a tie.
    assert "5-1 was best" not in said and "Rule of thumb: 6-4" not in said
    assert "The rule of thumb picks 6-4, just as good: a sure winner" in said


def test_the_rule_of_thumb_is_given_for_the_choice_it_backs() -> None:
    said = _reason(TIE, "6-4", "6-4", RULE)
    assert said.startswith("6-4 was as good as any (6-4 and 5-1 tie)")
    assert "Rule of thumb: 6-4: a sure winner" in said and "6-4: 6-4" not in said
    alone = Advice("play", 0, (Option("6-4", 30.0), Option("5-1", 25.0)), "points", 16, "")
    assert _reason(alone, "6-4", "6-4", RULE).startswith("6-4 was best on average")


def test_a_hint_with_a_tie_names_every_tied_choice() -> None:
    said = _reason(TIE, None, "6-4", RULE)
    assert said.startswith("6-4 and 5-1 tie as best on average over 16 guesses")
    assert "Rule of thumb: 6-4: a sure winner" in said


def test_a_hint_against_the_rule_of_thumb_says_why_not() -> None:
    against = Advice("play", 0, (Option("6-6", 24.0), Option("3-0", 31.0)), "points", 16,
                     "")
    said = _reason(against, None, "6-6", "6-6: lead trumps to draw.")
    assert said.startswith("3-0 is best")
    assert "Why not 6-6, as the rule of thumb says (lead trumps to draw)?" in said
    assert "it did 7.0 points worse on average" in said
    # Within the guesses' noise it says so instead of claiming a reason.
    noisy = Advice("play", 0, against.options, "points", 16, "", noise=(5.0, 0.0))
    assert "too close to tell apart" in _reason(noisy, None, "6-6", "6-6: lead trumps.")


def test_a_first_lead_against_trumps_says_why_from_what_the_leader_knows() -> None:
    # Seed 8: blanks, the bidder holds 3-0, 2-0, 1-0 (not the 0-0); the coach leads no trump.
    hand = Hand(Deal.from_seed(8), shaker=3)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    first = next(i for i, a in enumerate(hand.actions) if a.kind == "play")
    before = hand.at(first)
    held = [str(d) for d in before.holding(before.to_act)]
    assert str(before.contract) == "blanks" and "0-0" not in held
    detail = _book_detail(before, "6-6", "1-0")
    assert "the highest, 0-0, is not in your hand" in detail
    assert "4 trumps are still out" in detail  # 7 blanks: 3 held, none played yet
    a = advise(before, samples=24, seed=0)
    # The coach goes against "lead trumps": it says why, from what the leader knew.
    assert a.best.choice not in ("3-0", "2-0", "1-0")
    assert "1-0" in a.reason and "the highest, 0-0, is not in your hand" in a.reason
    # Not a trump lead: nothing to explain.
    assert _book_detail(before, "6-6", "5-4") == ""
    assert _book_detail(hand.at(first + 1), "6-6", "1-0") == ""  # not a lead


def test_a_computer_pass_is_said_passes() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    ex.bid_picker.value = 0
    ex.bid_button.click()  # the learner passes too: every other seat acts in the log
    log = " ".join(ex.state["log"])
    assert "bids pass" not in log and "passes" in log


def test_no_rule_based_reason_has_a_comma_before_its_colon() -> None:
    from texas42.analysis import SamplingPlayer, decide

    hand = Hand(Deal.from_seed(3), shaker=3)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    first = next(i for i, a in enumerate(hand.actions) if a.kind == "play")
    # Early in the hand (more tricks left than it plays exactly): played out by rules.
    d = decide(SamplingPlayer(samples=4, exact=1), hand.at(first + 4))
    assert "rules of thumb" in d.reason
    assert "rules of thumb," not in d.reason and ",:" not in d.reason


def test_a_trick_worth_one_point_is_one_point() -> None:
    from texas42.widgets import CountExplorer

    assert trick_sum([]) == "1 for the trick = 1"
    for seed in range(1, 40):
        ex = CountExplorer(seed=seed)
        boxes = [b.value for b in ex.trick_boxes]
        ones = [b for b in boxes if "= 1 point" in b]
        if ones:
            assert all("= 1 points" not in b for b in boxes)
            assert all("= 1 point." in b for b in ones)
            return
    raise AssertionError("no trick without count in 39 hands")
