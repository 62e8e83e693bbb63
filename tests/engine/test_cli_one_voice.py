"""Issue 39: every command reports bad input the same way: nothing on standard output, one
``texas42 COMMAND: message`` line on standard error, exit status 2 (1 for a file that
cannot be read), whatever the command."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from texas42 import Deal, Hand

ROOT = Path(__file__).resolve().parents[2]


def _illegal_record(tmp_path: Path) -> str:
    """A record whose second play does not follow suit."""
    hand = Hand.at_play(Deal.from_seed(7), "sixes", bid="30", shaker=3)
    first = hand.legal_plays()[0]
    hand.play(first)
    illegal = next(d for d in hand.holding(1) if d not in hand.legal_plays())
    data = {**hand.record().to_dict(), "plays": [str(first), str(illegal)]}
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data))
    return str(path)


def _texas42(*argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "texas42", *argv], env=env, text=True,
                          capture_output=True, timeout=120, check=False, cwd=cwd)


BAD_INPUT = {
    "deal": ["--code", "NOT-A-CODE"],
    "replay": ["{illegal}"],
    "rules": ["no-such-preset"],
    "solve": ["{illegal}"],
    "advise": ["6-6", "7-7", "5-5", "4-4", "3-3", "2-2", "1-1"],
    "review": ["{illegal}", "--seat", "0"],
    "classroom": ["{illegal}"],  # a hand record is not a site to serve
}


@pytest.mark.parametrize("command", sorted(BAD_INPUT))
def test_bad_input_is_said_on_standard_error_with_exit_2(tmp_path: Path, command: str) -> None:
    illegal = _illegal_record(tmp_path)
    done = _texas42(command, *(a.format(illegal=illegal) for a in BAD_INPUT[command]))
    assert done.returncode == 2 and done.stdout == ""
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"texas42 {command}: "), done.stderr
    assert "Traceback" not in done.stderr


def test_every_command_is_covered() -> None:
    from texas42.cli import build_parser

    subparsers = next(a for a in build_parser()._actions
                      if isinstance(a, argparse._SubParsersAction))
    assert set(subparsers.choices) == set(BAD_INPUT)


@pytest.mark.parametrize("command", ["replay", "review", "solve"])
def test_an_illegal_record_names_the_action_and_the_rule(tmp_path: Path, command: str) -> None:
    args = ["--seat", "0"] if command == "review" else []
    done = _texas42(command, _illegal_record(tmp_path), *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"texas42 {command}: ") and "play" in done.stderr


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_missing_file_exits_1_on_standard_error(tmp_path: Path, command: str) -> None:
    args = ["--seat", "0"] if command == "review" else []
    done = _texas42(command, "missing.json", *args, cwd=tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"texas42 {command}: cannot read 'missing.json': no such file\n"


def test_replay_json_also_gives_the_error_as_data(tmp_path: Path) -> None:
    done = _texas42("replay", _illegal_record(tmp_path), "--json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["rule"] == "follow-suit"
    assert done.stderr.startswith("texas42 replay: illegal play 1: ")
