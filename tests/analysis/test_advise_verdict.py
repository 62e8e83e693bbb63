"""Issue 39: ``texas42 advise`` says when passing is best, and names its columns."""

from __future__ import annotations

import json

import pytest

from texas42 import Contract
from texas42.analysis.cli import main as analysis_main
from texas42.analysis.evaluator import Evaluation, evaluate_hand
from texas42.dominoes import DominoSet
from texas42.rules import STANDARD

WEAK = "6-5 5-3 4-2 3-1 2-0 1-0 4-0"
STRONG = "6-6 6-5 6-4 6-3 5-5 4-4 2-2"
SIXES, FIVES = Contract.parse("sixes"), Contract.parse("fives")


def _odds(taken: dict[Contract, list[int]], bids: tuple[int, ...] = (30, 31, 42),
          **options: object) -> Evaluation:
    """An evaluation with the given points taken deal by deal (no playing out)."""
    return Evaluation(DominoSet(WEAK), 0, (), "rule-based", 1, bids, taken,
                      **options)  # type: ignore[arg-type]


def test_a_bid_made_less_often_than_set_loses_marks_and_pass_is_best() -> None:
    ev = _odds({SIXES: [31, 20, 10, 29], FIVES: [35, 30, 12, 0]})  # 30: 1 and 2 of 4
    assert ev.expected_marks(SIXES, 30) == pytest.approx(0.25 - 0.75)
    assert ev.expected_marks(FIVES, 30) == 0.0
    assert ev.advice() == (
        "Best: pass. No bid here is made more often than it is set: the likeliest, 30 in "
        "fives, is made in 50% of the deals: expected +0.00 marks (a set gives the "
        "opponents the marks bid).")


def test_a_bid_made_more_often_than_set_is_advised() -> None:
    ev = _odds({SIXES: [42, 42, 35, 10], FIVES: [35, 30, 12, 0]})
    assert ev.expected_marks(SIXES, 42) == pytest.approx(0.5 - 0.5)
    assert ev.advice() == ("Best: bid 30 in sixes: made in 75% of the deals, "
                           "expected +0.50 marks.")


def test_a_set_of_one_mark_makes_a_mark_bid_worth_more() -> None:
    rules = STANDARD.replace(set_marks="one")
    ev = _odds({SIXES: [42, 42, 10, 10]}, bids=(30, 84), rules=rules)
    assert ev.expected_marks(SIXES, 84) == pytest.approx(0.5 * 2 - 0.5 * 1)
    assert ev.advice().startswith("Best: bid 84 in sixes: made in 50% of the deals")


def test_a_seat_that_must_bid_is_told_the_least_bad_bid() -> None:
    ev = _odds({SIXES: [31, 20, 10, 29], FIVES: [35, 30, 12, 0]}, must_bid=True)
    assert ev.advice().startswith("Best: bid 30 in fives, the least bad (this seat must bid")


def test_the_advice_of_real_hands() -> None:
    weak = evaluate_hand(WEAK, samples=40, seed=1)
    assert weak.advice().startswith("Best: pass.")
    assert not weak.must_bid
    forced = evaluate_hand(WEAK, seat=3, auction=["pass"] * 3, samples=40, seed=1)
    assert forced.must_bid and "must bid" in forced.advice()
    strong = evaluate_hand(STRONG, samples=40, seed=1)
    assert strong.advice().startswith("Best: bid 30 in sixes")


def test_advise_names_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert analysis_main(["advise", *WEAK.split(), "--samples", "40"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(n for n, line in enumerate(lines) if line.startswith("contract"))
    assert lines[header - 1] == ("Columns: the contract (what is trumps); points: what the "
                                 "bidding side takes on average, of 42; then each bid and "
                                 "its chance:")
    assert lines[header].split()[:3] == ["contract", "points", "30"]
    assert "avg" not in "\n".join(lines)
    assert lines[-1].startswith("Best: pass.")
    assert analysis_main(["advise", *WEAK.split(), "--samples", "40", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["advice"] == lines[-1]
