"""The duplicate match harness."""

from __future__ import annotations

from texas42.analysis import RandomPlayer, RuleBasedPlayer, match
from texas42.analysis.calibration import GreedyPlayer
from texas42.analysis.match import main


def test_same_player_on_both_sides_cancels_out() -> None:
    r = match(RuleBasedPlayer(), RuleBasedPlayer(), deals=20, seed=3)
    assert r.hands_played == 40
    assert all(d.marks == 0 and d.points == 0 for d in r.deals)
    m, half = r.marks
    assert m == 0 and half == 0


def test_rule_based_beats_random_with_an_interval() -> None:
    r = match(RuleBasedPlayer(), RandomPlayer(4), deals=40, seed=5)
    m, half = r.marks
    assert m - half > 0
    p, ph = r.points
    assert p - ph > 0
    ma, mb, pa, pb = r.totals
    assert ma > mb and pa > pb
    text = r.summary()
    assert "95%" in text and "rule-based (A) vs random (B)" in text


def test_partnerships_and_names() -> None:
    r = match([RuleBasedPlayer(), RandomPlayer(1)], RandomPlayer(2), deals=2, seed=1)
    assert r.name_a == "rule-based+random"
    assert len(r.deals) == 2


def test_command_line(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["rule-based", "random", "--deals", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Marks:" in out and "Points:" in out


def test_cpu_time_per_play_is_reported_for_each_side() -> None:
    r = match(RuleBasedPlayer(), RandomPlayer(1), deals=3, seed=2)
    a, b = r.per_play
    assert a > 0 and b > 0
    assert "CPU time per play with a choice: A " in r.summary()


def test_contracts_made_are_counted_for_each_side() -> None:
    r = match(RuleBasedPlayer(), GreedyPlayer(samples=2), deals=30, seed=7)
    for d in r.deals:
        assert len(d.contracts) == len(d.plays) == 2
        for (bid_a, made_a, bid_b, made_b), (marks_a, marks_b, _, _) in zip(
                d.contracts, d.plays, strict=True):
            assert bid_a + bid_b == 1  # one side won the bid (the shaker bids if all pass)
            # the bidder's side scores the marks when it makes the bid, the others when set
            assert made_a == (bid_a and marks_a > 0) and made_b == (bid_b and marks_b > 0)
    bid_a, made_a, bid_b, made_b = r.contracts
    assert bid_a + bid_b == 60 and 0 < made_a <= bid_a and 0 < made_b <= bid_b
    ra, rb, half = r.made_rates
    assert (ra, rb) == (made_a / bid_a, made_b / bid_b) and 0 < half < 1
    assert f"Contracts made: A {made_a} of {bid_a}" in r.summary()


def test_contracts_at_a_table_without_partners_are_the_seat_of_a() -> None:
    r = match(RuleBasedPlayer(), RandomPlayer(3), deals=4, seed=2, rules="three-hand")
    for d in r.deals:
        assert len(d.contracts) == 3
        for bid_a, made_a, bid_b, made_b in d.contracts:
            assert made_a <= bid_a and made_b <= bid_b
    assert "Contracts made:" in r.summary()


def test_a_match_goes_on_where_a_stopped_one_ended() -> None:
    whole = match(RuleBasedPlayer(), RandomPlayer(2), deals=6, seed=4)
    rest = match(RuleBasedPlayer(), RandomPlayer(2), deals=2, seed=4, first=4)
    assert [d.index for d in rest.deals] == [4, 5]
    assert rest.deals == whole.deals[4:]
