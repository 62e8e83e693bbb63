"""Bid odds at every table (issue 14): the one evaluate_hand at tables bidding in points
(three-hand 42) and in tricks (Moon for many), reproducible and consistent."""

from __future__ import annotations

import json
import random

import pytest

from texas42 import Deal
from texas42.analysis.evaluator import Evaluation, TrickEvaluation, evaluate_hand
from texas42.cli import main
from texas42.errors import NotationError, Texas42Error
from texas42.rules import ALL_PRESETS

OTHER_TABLES = sorted(p for p, r in ALL_PRESETS.items() if not r.is_42)


@pytest.mark.parametrize("preset", OTHER_TABLES)
@pytest.mark.parametrize("method", ["rule-based", "open-hands"])
def test_odds_at_every_other_table(preset: str, method: str) -> None:
    rules = ALL_PRESETS[preset]
    hand = Deal.shake(random.Random(len(preset)), rules.layout).hands[1]
    # Open hands from the first of nine tricks of three take the solver seconds a deal.
    n = 2 if method == "open-hands" and rules.hand_size > 7 else 12
    kw = {"contracts": ["sixes"]} if n == 2 else {}
    ev = evaluate_hand(hand, seat=1, rules=rules, samples=n, seed=4, method=method, **kw)
    again = evaluate_hand(hand, seat=1, rules=rules, samples=n, seed=4, method=method, **kw)
    if rules.bidding == "tricks":
        assert isinstance(ev, TrickEvaluation) and isinstance(again, TrickEvaluation)
        assert ev.bids == (*range(rules.trick_min_bid, rules.hand_size + 1), rules.moon_bid)
        assert len(ev.tricks) == n and all(0 <= t <= rules.hand_size for t in ev.tricks)
        ps = [ev.odds(b).p for b in ev.bids]
        assert ps == sorted(ps, reverse=True)  # a higher bid is never easier
        assert ev.tricks == again.tricks and "\n" not in ev.describe()
        return
    assert isinstance(ev, Evaluation) and isinstance(again, Evaluation)
    for c in ev.contracts:
        pts = ev.points[c]
        assert len(pts) == n and all(0 <= x <= rules.total_points for x in pts)
        ps = [ev.odds(c, b).p for b in ev.bids]
        assert ps == sorted(ps, reverse=True)
        assert pts == again.points[c]
    assert ev.summary().startswith("Hand ")


@pytest.mark.parametrize("method", ["rule-based", "open-hands"])
def test_a_locked_hand_at_three_hand_takes_every_point(method: str) -> None:
    # All seven sixes, then the top five and four: every trick is sure, all 44 points.
    n = 2 if method == "open-hands" else 10  # open hands: seconds a deal at nine tricks
    ev = evaluate_hand("6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 4-4", rules="three-hand",
                       contracts=["sixes"], samples=n, seed=1, method=method)
    assert isinstance(ev, Evaluation)
    assert ev.points[ev.contracts[0]] == [44] * n
    assert ev.odds("sixes", 41).p == 1.0


def test_a_locked_hand_at_moon_5_shoots_the_moon() -> None:
    ev = evaluate_hand("6-6 6-5 6-4 6-3 6-2", rules="moon-5", samples=15, seed=2)
    assert isinstance(ev, TrickEvaluation)
    assert ev.tricks == [5] * 15 and ev.odds(21).p == 1.0 and ev.best.bid == 21


def test_bids_before_at_three_hand() -> None:
    # Two seats bid before seat 2, so seat 2 shook (the auction says who shook).
    ev = evaluate_hand("6-6 6-5 6-4 6-3 5-5 4-4 3-3 2-2 1-1", seat=2, auction=["30", "pass"],
                       rules="three-hand", contracts=["sixes"], samples=10, seed=3)
    assert isinstance(ev, Evaluation)
    assert ev.auction == (30, 0) and ev.fitted + ev.relaxed == 10


def test_bad_input_at_other_tables() -> None:
    with pytest.raises(NotationError) as info:
        evaluate_hand("6-6 6-5 6-4 6-3 6-2 6-1 6-0", rules="three-hand", samples=1)
    assert info.value.rule == "hand"  # nine dominoes at three-hand
    with pytest.raises(NotationError) as info:
        evaluate_hand("1-0 6-5 6-4 6-3 6-2 6-1 6-0 5-5 4-4", rules="three-hand", samples=1)
    assert info.value.rule == "hand" and "not in play" in str(info.value)
    with pytest.raises(NotationError) as info:
        evaluate_hand("6-6 6-5 6-4 6-3 6-2", rules="moon-5", contracts=["sixes"], samples=1)
    assert info.value.rule == "evaluate"
    with pytest.raises(Texas42Error) as err:
        evaluate_hand("6-6 6-5 6-4 6-3 6-2", rules="moon-5", seat=5, samples=1)
    assert err.value.rule == "seat"


@pytest.mark.parametrize(("preset", "hand"), [
    ("three-hand", "6-6 6-5 6-4 6-3 5-5 4-4 3-3 2-2 1-1"),
    ("moon-5", "6-6 6-5 6-4 5-5 4-4"),
])
def test_advise_command_at_other_tables(preset: str, hand: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--rules", preset, *hand.split(), "--samples", "8", "--seed", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 0 and data["method"] == "rule-based"
    assert main(["advise", "--rules", preset, *hand.split(), "--samples", "8"]) == 0
    assert capsys.readouterr().out.strip()
