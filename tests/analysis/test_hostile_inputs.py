"""Issue 23 (inputs): each case a hostile run from outside the project found gets a clear
error or a right answer, within a CPU and memory bound.

The commands run in their own process under ``RLIMIT_CPU`` (20 s) and ``RLIMIT_AS``
(600 MB), as that run did: a case that ran away or grew would be killed, and the test
fails on its exit status, not on a timed assertion.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from texas42 import Deal, Hand, HandRecord, Rules
from texas42.analysis import solve
from texas42.analysis.bounds import MAX_SAMPLES
from texas42.analysis.coach import review
from texas42.analysis.evaluator import evaluate_hand
from texas42.analysis.players import RuleBasedPlayer, decide, make_player, play_hand
from texas42.analysis.position import Position
from texas42.analysis.solver import SOLVE_BUDGET, can_make, can_reach
from texas42.errors import BudgetError, InputError, NotationError, Texas42Error

ROOT = Path(__file__).resolve().parents[2]
CPU_SECONDS = 20
MEMORY_BYTES = 600 * 2**20
HAND = "6-6 6-4 6-2 5-5 4-4 3-1 2-0"
THREE_HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1 2-0 1-1"


def _limits(close_stdout: bool = False) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
        if close_stdout:
            os.close(1)  # as the shell's `>&-`

    return apply


def bounded(*args: str, close_stdout: bool = False,
            module: str = "texas42") -> subprocess.CompletedProcess[str]:
    """``python -m texas42 args`` under the CPU and memory limits."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", module, *args], env=env, text=True, timeout=120,
        stdin=subprocess.DEVNULL, stdout=None if close_stdout else subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=_limits(close_stdout), check=False,
    )


def refused(proc: subprocess.CompletedProcess[str], words: str) -> None:
    """Exit 2 with a clear last line on standard error (``texas42 CMD: ...``, after the
    usage for an option argparse refuses), not killed by a limit (that would be
    -SIGXCPU or a MemoryError traceback)."""
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-500:])
    assert "Traceback" not in proc.stderr, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("texas42") and words in last, proc.stderr


def answered(proc: subprocess.CompletedProcess[str], words: str) -> str:
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-500:])
    assert proc.stderr == "" and words in proc.stdout, proc.stdout[-800:]
    return proc.stdout


def _write(tmp_path: Path, hand: Hand, name: str = "hand.json") -> str:
    path = tmp_path / name
    path.write_text(hand.record().to_json())
    return str(path)


def _in_play(seed: int = 3) -> Hand:
    hand = Hand(Deal.from_seed(seed), shaker=0)
    for b in ("30", "pass", "pass", "pass"):
        hand.bid(b)
    hand.name_contract("sixes")
    return hand


def _two_seats_of_fourteen(plays: int = 0) -> Hand:
    """The record of the report: a rules object of 2 seats of 14 dominoes."""
    rules = Rules(name="two seats of 14", seats=2, hand_size=14)
    hand = Hand(Deal.from_seed(1, rules.layout), shaker=0, rules=rules)
    hand.bid("30")
    hand.bid("pass")
    hand.name_contract("sixes")
    for _ in range(plays):
        hand.play(hand.legal_plays()[0])
    return hand


def _finished(rules: str, seed: int = 1) -> Hand:
    """A hand played to its end by rule-based players (bids forced if all pass)."""
    r = Rules.preset(rules)
    for s in range(seed, seed + 50):
        hand = Hand(Deal.from_seed(s, r.layout), shaker=0, rules=r)
        play_hand(hand, [RuleBasedPlayer()] * r.seats)
        if hand.result is not None:
            return hand
    raise AssertionError("no hand was bid in 50 deals")  # pragma: no cover


# -- sample counts: one cap for advise, review and the API --------------------------------------
@pytest.mark.parametrize("samples", [str(MAX_SAMPLES + 1), "100000000"])
def test_review_and_advise_refuse_samples_over_the_one_cap(tmp_path: Path, samples: str) -> None:
    path = _write(tmp_path, _in_play())
    words = f"samples {samples} is out of range: 1 to {MAX_SAMPLES} deals"
    refused(bounded("review", path, "--seat", "0", "--samples", samples), words)
    refused(bounded("advise", *HAND.split(), "--samples", samples), words)


@pytest.mark.parametrize("samples", [MAX_SAMPLES + 1, 0, 1.5, float("nan"), "12", None])
def test_the_review_api_refuses_samples_as_advise_does(samples: Any) -> None:
    hand = _in_play()
    with pytest.raises(InputError) as info:
        review(hand, 0, samples=samples)
    assert info.value.rule == "samples" and f"1 to {MAX_SAMPLES} deals" in info.value.message
    if samples is not None:  # (the odds' default)
        with pytest.raises(InputError) as info:
            evaluate_hand(HAND, samples=samples)
        assert info.value.rule == "samples"


# -- the solver's own budget ----------------------------------------------------------------------
def test_a_table_of_two_seats_of_fourteen_is_refused_by_the_solver_in_time(
    tmp_path: Path,
) -> None:
    record = _two_seats_of_fourteen().record().to_json()
    assert len(record) < 400  # the size of the record in the report (336 bytes)
    path = tmp_path / "two.json"
    path.write_text(record)
    refused(bounded("solve", str(path)), "too big to solve exactly")
    # A yes/no question searches less: this one is answered within the budget.
    answered(bounded("solve", str(path), "--target", "30"), "reach 30")


def test_the_review_of_such_a_table_answers_in_time_and_says_what_was_too_big(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path, _two_seats_of_fourteen(plays=4))
    out = answered(bounded("review", path, "--seat", "1"), "Seat 1:")
    assert "too big to solve exactly in time" in out
    # Later, smaller positions of the same table are solved (the budget is per question).
    answered(bounded("solve", path), "With best play from here")


def test_the_budget_refuses_and_leaves_the_solver_usable() -> None:
    # A deal no other test solves: a solution already known is returned without search,
    # whatever the budget (the tests share one process).
    pos = Position.from_deal(Deal.from_seed(94_201), "sixes", leader=0)
    with pytest.raises(BudgetError) as info:
        solve(pos, budget=50)
    assert info.value.rule == "solve-budget" and "more than 50 positions" in info.value.message
    full = solve(pos)  # the default budget is ten times a whole 42 hand's worst
    assert sum(full.points) == 42 and SOLVE_BUDGET >= 300_000
    with pytest.raises(InputError):
        solve(pos, budget=0)


# -- options and answers --------------------------------------------------------------------------
def test_advise_with_empty_bids_is_a_clear_error() -> None:
    refused(bounded("advise", *HAND.split(), "--bids", " "), "no bid to evaluate")
    with pytest.raises(InputError) as info:
        evaluate_hand(HAND, bids=[])
    assert info.value.rule == "bids"


@pytest.mark.parametrize("command", [
    ["replay", "{path}"], ["replay", "{path}", "--json"], ["deal", "--seed", "1"],
    ["rules"], ["solve", "{path}"], ["advise", *HAND.split(), "--samples", "5"],
    ["review", "{path}", "--seat", "0", "--samples", "2"],
])
def test_a_closed_standard_output_is_said_on_standard_error(tmp_path: Path,
                                                             command: list[str]) -> None:
    path = _write(tmp_path, _in_play())
    proc = bounded(*(a.format(path=path) for a in command), close_stdout=True)
    refused(proc, "standard output is closed")


@pytest.mark.parametrize("command", [
    ["replay", "{path}"], ["deal", "--seed", "1"], ["rules"],
    ["advise", *HAND.split(), "--samples", "5"],
])
def test_a_full_standard_output_is_said_on_standard_error(tmp_path: Path,
                                                          command: list[str]) -> None:
    """``CMD > /dev/full``: every write fails (ENOSPC); one line says so, no traceback."""
    path = _write(tmp_path, _in_play())
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "texas42", *(a.format(path=path) for a in command)],
            env=env, text=True, timeout=120, stdin=subprocess.DEVNULL, stdout=full,
            stderr=subprocess.PIPE, preexec_fn=_limits(), check=False)
    refused(proc, "cannot write the answer to standard output: No space left on device")


def test_the_moon_match_with_a_closed_standard_output_says_so() -> None:
    proc = bounded("moon-match", "rules", "random", "--deals", "2", close_stdout=True,
                   module="texas42.analysis")
    assert "Traceback" not in proc.stderr and proc.returncode == 2
    assert proc.stderr.strip().endswith("standard output is closed: nothing to print the "
                                        "answer to"), proc.stderr


def test_can_reach_and_can_make_refuse_nan_at_once() -> None:
    hand = _in_play()
    for call in (lambda: can_reach(hand, 0, float("nan")),  # type: ignore[arg-type]
                 lambda: can_make(hand, float("nan")),  # type: ignore[arg-type]
                 lambda: can_reach(hand, 0, 2.5),  # type: ignore[arg-type]
                 lambda: can_make(hand, "30")):  # type: ignore[arg-type]
        with pytest.raises(InputError) as info:
            call()
        assert info.value.rule == "target" and "is not a whole number" in info.value.message
    with pytest.raises(InputError) as info:
        can_reach(hand, 2, 30)
    assert info.value.rule == "team"
    assert can_make(hand, 1) is True and can_reach(hand, 0, 0) is True


def test_junk_arguments_get_texas42_errors() -> None:
    from texas42 import widgets

    hand = _in_play()
    cases: list[tuple[Callable[[], Any], str]] = [
        (lambda: solve(None), "source"),  # type: ignore[arg-type]
        (lambda: decide(None, hand), "player"),  # type: ignore[arg-type]
        (lambda: decide(RuleBasedPlayer(), None), "hand"),  # type: ignore[arg-type]
        (lambda: make_player(None), "player"),  # type: ignore[arg-type]
        (lambda: review(hand, 0, samples=1.5), "samples"),  # type: ignore[arg-type]
        (lambda: evaluate_hand(HAND, seat=-1), "seat"),
        (lambda: Deal.from_code(Deal.from_seed(1).code, None), "layout"),  # type: ignore[arg-type]
        (lambda: hand.holding(7), "seat"),
        (lambda: widgets.play(rules=None), "rules"),
        (lambda: widgets.replay(rules=None), "rules"),
        (lambda: widgets.bidding(rules=None), "rules"),
        (lambda: widgets.play(seat=9), "seat"),
    ]
    for call, rule in cases:
        with pytest.raises(Texas42Error) as info:
            call()
        assert info.value.rule == rule, (rule, info.value)
        assert info.value.message.isprintable()


def test_solve_refuses_deal_code_options_on_a_record(tmp_path: Path) -> None:
    path = _write(tmp_path, _in_play())
    for option, value in (("--leader", "2"), ("--bidder", "1"), ("--bid", "30")):
        refused(bounded("solve", path, option, value), f"{option} is for a deal code")


def test_a_target_below_one_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, _in_play())
    refused(bounded("solve", path, "--target", "-1"), "--target -1 is out of range")
    refused(bounded("solve", path, "--target", "0"), "--target 0 is out of range")
    answered(bounded("solve", path, "--target", "30"), "reach 30")


def test_solve_on_a_finished_record_says_the_hand_is_over(tmp_path: Path) -> None:
    early = None
    for seed in range(60):
        hand = _finished("standard", seed)
        if len(hand.tricks) < 7:
            early = hand
            break
    assert early is not None
    out = answered(bounded("solve", _write(tmp_path, early)), "The hand is over: ")
    assert early.status() in out and "played on with best play" in out
    as_json = answered(bounded("solve", _write(tmp_path, early), "--json"), '"over": true')
    assert '"points"' in as_json
    full = early  # played on to the last trick: then nothing is left
    full.play_out()
    while not full.is_over:
        full.play(full.legal_plays()[0])
    out = answered(bounded("solve", _write(tmp_path, full, "full.json")), "The hand is over")
    assert out == f"The hand is over: {full.status()}\n"


def test_a_negative_seed_is_refused_not_the_deal_of_its_positive() -> None:
    refused(bounded("deal", "--seed", "-1"), "'-1' is not a seed")
    from texas42.moon import MoonDeal

    for deal_type in (Deal, MoonDeal):
        with pytest.raises(InputError) as info:
            deal_type.from_seed(-1)
        assert info.value.rule == "seed"
    assert Deal.from_seed(0) != Deal.from_seed(1)


@pytest.mark.parametrize("auction, lowest", [("42 84", "126"), ("42", "84"), ("30 31", "32")])
def test_the_three_hand_auction_over_a_mark_bid_is_evaluated(auction: str, lowest: str) -> None:
    """Issue 35: only the bids still open are offered (not 30 after 42 84)."""
    proc = bounded("advise", *THREE_HAND.split(), "--rules",
                   "three-hand", "--auction", auction, "--samples", "20", "--seat", "2")
    out = answered(proc, "Best: ")
    header = next(line for line in out.splitlines() if line.startswith("contract"))
    assert header.split()[2] == lowest, header


def test_the_three_hand_auction_at_its_top_says_no_bid_is_left() -> None:
    rules = Rules.preset("three-hand").replace(max_marks=2)
    with pytest.raises(Texas42Error) as info:
        evaluate_hand(THREE_HAND, seat=2, auction=["42", "84"],
                      rules=rules, samples=5)
    assert "no bid is allowed over 84" in info.value.message


@pytest.mark.parametrize("rules", ["moon-5", "moon-6", "moon-7"])
def test_a_finished_moon_for_many_record_is_over_and_every_seat_reviews(
    tmp_path: Path, rules: str
) -> None:
    hand = _finished(rules)
    path = _write(tmp_path, hand)
    out = answered(bounded("solve", path), "The hand is over: ")
    assert out == f"The hand is over: {hand.status()}\n"  # (not "only a hand that ended ...")
    last = hand.rules.seats - 1
    answered(bounded("review", path, "--seat", str(last), "--samples", "3"), f"Seat {last}:")
    refused(bounded("review", path, "--seat", str(last + 1)),
            f"seat {last + 1} is not a seat 0..{last}")
    size = hand.rules.hand_size
    held = " ".join(str(d) for d in hand.deal.hands[last])
    assert len(held.split()) == size
    answered(bounded("advise", *held.split(), "--rules", rules, "--seat", str(last),
                     "--samples", "5"), f"seat {last}")


def test_a_review_seat_off_the_42_table_is_refused_clearly(tmp_path: Path) -> None:
    path = _write(tmp_path, _in_play())
    refused(bounded("review", path, "--seat", "5"), "seat 5 is not a seat 0..3")


def test_a_record_is_still_a_notation_error_naming_its_field() -> None:
    data = _in_play().record().to_dict()
    with pytest.raises(NotationError) as info:
        HandRecord.from_dict({**data, "shaker": 4})
    assert info.value.rule == "record" and "shaker 4 in the hand record" in info.value.message
