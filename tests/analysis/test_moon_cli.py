"""``texas42 solve`` with a Moon record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from texas42.analysis.moon_solver import can_make_moon, solve_moon
from texas42.cli import main
from texas42.moon import MoonDeal, MoonHand

from .moon_helpers import moon_in_play


def _record(tmp_path: Path, hand: MoonHand) -> Path:
    path = tmp_path / "moon.json"
    path.write_text(hand.to_json())
    return path


def test_solve_moon_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = moon_in_play(random.Random(1), 5, mid_trick=True)
    assert main(["solve", str(_record(tmp_path, hand)), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    sol = solve_moon(hand)
    assert data["tricks"] == sol.tricks and data["makes"] == sol.makes
    assert data["bidder"] == hand.bidder and data["to_act"] == hand.to_act
    assert [p["domino"] for p in data["plays"]] == [str(d) for d in hand.legal_plays()]
    assert len(data["line"]) == 3 * 5 - len(hand.current_trick)
    for p in data["plays"]:
        assert 0 <= p["tricks"] <= 5 and (p["label"] == "best") == (p["tricks"] == sol.tricks)


def test_solve_moon_text_plays_and_target(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    hand = moon_in_play(random.Random(2), 7, mid_trick=False)
    path = _record(tmp_path, hand)
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert solve_moon(hand).describe() in out and "Best line:" in out
    first = hand.legal_plays()[0]
    assert main(["solve", str(path), "--plays", str(first), "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    hand.play(first)
    assert after["tricks"] == solve_moon(hand).tricks and after["to_act"] == hand.to_act
    assert hand.bidder is not None
    target = 7 if hand.high_bid == 21 else hand.high_bid
    assert main(["solve", str(path), "--plays", str(first), "--target", str(target),
                 "--json"]) == 0
    yes_no = json.loads(capsys.readouterr().out)
    assert yes_no["can_make"] == can_make_moon(hand)


def test_solve_moon_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bidding = MoonHand(MoonDeal.from_seed(3), shaker=0)
    assert main(["solve", str(_record(tmp_path, bidding))]) == 2
    assert "bidding phase" in capsys.readouterr().err
    hand = moon_in_play(random.Random(3), 7)
    path = _record(tmp_path, hand)
    assert main(["solve", str(path), "--leader", "1"]) == 2
    assert "--leader is for a 42 deal code" in capsys.readouterr().err
    assert main(["solve", str(path), "--plays", "6-0"]) == 2
    assert "6-0" in capsys.readouterr().err


# -- texas42 advise --rules moon -----------------------------------------------------------
HAND = "6-2 4-3 4-1 3-2 3-1 2-2 2-1"


def test_advise_moon_matches_the_evaluator(capsys: pytest.CaptureFixture[str]) -> None:
    from texas42.analysis import evaluate_hand

    argv = ["advise", "--rules", "moon", *HAND.split(), "--seat", "1", "--auction", "4",
            "--samples", "120", "--seed", "3", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    # One bid (4) came before seat 1, so seat 0 bid first and seat 2 shook.
    ev = evaluate_hand(HAND, seat=1, shaker=2, auction=[4], samples=120, seed=3, rules="moon")
    expected = json.loads(json.dumps(ev.to_json()))
    data.pop("seconds"), expected.pop("seconds")  # the only thing that may differ
    assert data == expected
    assert data["deals"] == 120 and data["bids_before"] == [4]
    assert main(argv[:-1]) == 0
    text = capsys.readouterr().out
    assert all(str(ev.odds(b)) in text for b in (5, 6, 7, 21)) and "Bid 4:" not in text


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["6-2", "4-3", "4-1", "3-2", "3-1", "2-2", "2-0"], "not in play at the moon table"),
        ([*HAND.split(), "--auction", "4 5 6"], "2 bids at most"),
        ([*HAND.split(), "--contract", "sixes"], "for 42"),
    ],
)
def test_advise_moon_refuses_bad_input(
    extra: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["advise", "--rules", "moon", *extra]) == 2
    assert words in capsys.readouterr().err
