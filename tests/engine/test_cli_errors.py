"""Issue 15: every command answers bad input with exit 2 and one line, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from texas42 import Deal, Hand
from texas42.analysis.cli import main as analysis_main
from texas42.cli import EXIT_ILLEGAL, EXIT_PIPE, main
from texas42.moon import MoonDeal, MoonHand
from texas42.records import MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[2]
CODE = Deal.from_seed(1).code


def _record() -> dict[str, Any]:
    hand = Hand.at_play(Deal.from_seed(7), "sixes", bid="30", shaker=3)
    hand.play(hand.legal_plays()[0])
    return hand.record().to_dict()


def _moon() -> dict[str, Any]:
    hand = MoonHand(MoonDeal.from_seed(5), shaker=0)
    for b in (4, "pass", "pass"):
        hand.bid(b)
    return hand.to_dict()


def _exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], words: str = "") -> str:
    """Run ``texas42 argv`` in-process: exit 2 (argparse's SystemExit(2) too), one short
    printable line, no traceback."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse refuses an option value
        code = int(exc.code or 0)
    out = capsys.readouterr()
    text = (out.err + out.out).strip()
    assert code == EXIT_ILLEGAL, text
    assert "Traceback" not in text and "\x1b" not in text
    assert words in text, text
    return text


def _file(tmp_path: Path, data: bytes | str | Any, name: str = "r.json") -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    elif isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


BAD_42 = [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"shaker": ' + "7" * 5000 + "}", "thousands of digits"),
    (json.dumps({**_record(), "bids": None}), "bids"),
    (json.dumps({**_record(), "shaker": True}), "shaker True"),
    (json.dumps({**_record(), "plays": ["6-4"] * 1000}), "has 1000 items"),
    (json.dumps({**_record(), "deal": Deal.from_seed(2).code}), "disagree"),
    (json.dumps({**_record(), "\x1b[2J": 0}), "\\x1b[2J"),
    (" " * (MAX_RECORD_BYTES + 5), "at most 1000000 bytes"),
]
BAD_MOON = [
    ({"bids": None}, "bids"), ({"bids": 5}, "bids"), ({"bids": "4"}, "bids"),
    ({"plays": None}, "plays"), ({"hands": [None, [], []]}, "hands[0]"), ({"hands": -1}, "hands"),
    ({"shaker": 3}, "shaker 3"), ({"shaker": None}, "shaker None"), ({"shaker": True}, "shaker"),
    ({"claim": {"seat": 3, "play": 0}}, "claim seat 3 is not in 0..2"),
    ({"extra": 1}, "unknown field 'extra'"),
]


@pytest.mark.parametrize("command", ["replay", "solve"])
@pytest.mark.parametrize("text, words", BAD_42)
def test_a_bad_42_record_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, text: str, words: str
) -> None:
    _exit_2(capsys, [command, _file(tmp_path, text)], words)


@pytest.mark.parametrize("command", ["replay", "solve"])
@pytest.mark.parametrize("change, words", BAD_MOON)
def test_a_bad_moon_record_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str,
    change: dict[str, Any], words: str,
) -> None:
    _exit_2(capsys, [command, _file(tmp_path, {**_moon(), **change})], words)


@pytest.mark.parametrize("data, words", [
    (json.dumps(_record()).encode("utf-16"), "not UTF-8"),
    (b'{"rules": "standard\xff"}', "not UTF-8"),
])
def test_a_file_that_is_not_utf8_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, words: str
) -> None:
    _exit_2(capsys, ["replay", _file(tmp_path, data)], words)
    _exit_2(capsys, ["solve", _file(tmp_path, data)], words)


@pytest.mark.parametrize("argv, words", [
    (["solve", CODE, "--contract", "sixes", "--leader", "4"], "seat 0..3"),
    (["solve", CODE, "--contract", "sixes", "--leader", "-1"], "seat 0..3"),
    (["solve", CODE, "--contract", "sixes", "--bidder", "9"], "seat 0..3"),
    (["solve", CODE, "--contract", "sixes", "--bid", "-5"], "not a bid"),
    (["solve", CODE, "--contract", "sixes", "--bid", "9" * 5000], "not a bid"),
    (["solve", CODE, "--contract", "sixes", "--plays", "7-7"], "not a domino"),
    (["deal", "--code", ""], "not a deal code"),
    (["deal", "--code", "C23K-4Z3T-AB7"], "not a deal code"),
    (["deal", "--rules", "moon", "--code", ""], "not a deal code"),
    (["advise", "6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "--samples", "0"],
     "at least 1"),
    (["advise", "6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "--seat", "7"], "seat 0..3"),
    (["advise", "6-6", "\x1b[2J"], "\\x1b[2J"),
    (["deal", "--seed", "9" * 5000], "(5000 characters)"),
    (["solve", CODE, "--contract", "sixes", "--target", "9" * 5000], "(5000 characters)"),
])
def test_bad_options_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    _exit_2(capsys, argv, words)


def test_rules_beside_a_record_with_its_own_rules_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = _file(tmp_path, _record())
    _exit_2(capsys, ["solve", path, "--rules", "lechner"], "names its own")
    # A record without rules takes them from --rules.
    data = {k: v for k, v in _record().items() if k != "rules"}
    assert main(["solve", _file(tmp_path, data, "n.json"), "--rules", "standard", "--json"]) == 0
    assert "points" in json.loads(capsys.readouterr().out)


def test_the_analysis_module_exits_2_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert analysis_main(["solve", _file(tmp_path, "[" * 50_000)]) == EXIT_ILLEGAL
    assert "nested too deeply" in capsys.readouterr().err


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(junk=st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(
                                ["rules", "shaker", "hands", "deal", "bids", "contract",
                                 "plays", "claim", "widow", "discard"]), inner, max_size=6)),
    max_leaves=10),
    moon=st.booleans())
def test_replay_of_junk_never_shows_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, junk: Any, moon: bool
) -> None:
    if moon and isinstance(junk, dict):
        junk = {**junk, "rules": "moon"}
    path = _file(tmp_path, junk)
    code = main(["replay", path])  # an unexpected exception fails the test here
    assert code in (0, EXIT_ILLEGAL)
    capsys.readouterr()


def _python(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def test_a_closed_pipe_exits_quietly() -> None:
    # `texas42 deal --seed 1 | true`: the reader is gone before the first line is written.
    proc = _python("-m", "texas42", "deal", "--seed", "1")
    assert proc.stdout is not None
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert err == "" and proc.returncode == EXIT_PIPE


def test_no_traceback_from_the_real_commands(tmp_path: Path) -> None:
    deep = _file(tmp_path, "[" * 100_000 + "]" * 100_000)
    for args in (["-m", "texas42", "replay", deep], ["-m", "texas42", "solve", deep],
                 ["-m", "texas42.analysis", "solve", deep]):
        out, err = _python(*args).communicate(timeout=60)
        assert "Traceback" not in err and "nested too deeply" in err + out, err
