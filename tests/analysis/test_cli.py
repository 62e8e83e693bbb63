"""``texas42 solve`` and ``texas42 advise`` (as the main command will call them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from texas42 import Deal, Hand
from texas42.analysis import solve
from texas42.analysis.cli import main


def _record(tmp_path: Path, plays: int = 0) -> tuple[Path, Hand]:
    hand = Hand.at_play(Deal.from_seed(11), "fives", bid="31", shaker=3)
    for _ in range(plays):
        hand.play(hand.legal_plays()[0])
    path = tmp_path / "hand.json"
    path.write_text(hand.record().to_json())
    return path, hand


def test_solve_json_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, hand = _record(tmp_path, plays=5)
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["points", "plays", "line"]
    sol = solve(hand)
    assert data["points"] == list(sol.points)
    assert [p["domino"] for p in data["plays"]] == [str(d) for d in hand.legal_plays()]
    for p in data["plays"]:
        assert len(p["points"]) == 2 and sum(p["points"]) == sum(data["points"])
        assert max(p["points"][hand.to_act % 2] for p in data["plays"]) == data["points"][
            hand.to_act % 2]
    assert len(data["line"]) == 28 - 5


def test_solve_empty_plays_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = _record(tmp_path)
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Best line:" in out and "best" in out
    assert main(["solve", str(path), "--plays", "6-6", "--json"]) in (0, 2)


def test_solve_deal_code_and_target(capsys: pytest.CaptureFixture[str]) -> None:
    code = Deal.from_seed(11).code
    assert main(["solve", code, "--contract", "sixes", "--leader", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sum(data["points"]) == 42
    assert main(["solve", code, "--contract", "sixes", "--bidder", "1", "--target", "30",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["team"] == 1 and isinstance(data["can_make"], bool)


def test_solve_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "not-a-code"]) == 2
    assert "neither" in capsys.readouterr().err
    assert main(["solve", Deal.from_seed(1).code]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["solve", str(bad)]) == 2


def test_advise(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["advise", "6-6", "6-5", "6-4", "6-2", "5-5", "4-4", "3-3", "--samples", "50"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "sixes" in out and "Method: rule-based" in out
    assert main([*args, "--json", "--contract", "sixes", "--bids", "30 42"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["contracts"]) == {"sixes"}
    assert set(data["contracts"]["sixes"]["bids"]) == {"30", "42"}
    assert main(["advise", "6-6", "--samples", "5"]) == 2


def test_solve_finished_and_unfinished_records(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path, hand = _record(tmp_path)
    while hand.legal_plays() or (hand.phase.value == "over" and len(hand.tricks) < 7):
        if hand.phase.value == "over":
            hand.play_out()
        hand.play(hand.legal_plays()[0])
    path.write_text(hand.record().to_json())
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"points": [0, 0], "plays": [], "line": []}
    early = Hand(Deal.from_seed(11), shaker=3)
    for b in ("31", "pass", "pass"):
        early.bid(b)
    path.write_text(early.record().to_json())
    assert main(["solve", str(path), "--json"]) == 2
    assert "bidding" in capsys.readouterr().err


def test_solve_nello_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = Hand(Deal.from_seed(5), shaker=3, rules="lechner")
    for b in ("42", "pass", "pass", "pass"):
        hand.bid(b)
    hand.name_contract("nello")
    hand.play(hand.legal_plays()[0])
    path = tmp_path / "nello.json"
    path.write_text(hand.record().to_json())
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["line"]) == 20  # three seats play, one trick partly played
    assert main(["solve", str(path), "--target", "42", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out)["can_make"], bool)
