"""Issue 39: ``texas42 review``, ``replay`` and ``solve`` read a progress export (the site's
Export button) and the teacher's class export as well as a hand record, take the student
named by ``--student NAME`` and the hand named by ``--hand N``, and list the students or the
hands when the export holds several and none is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from texas42.analysis.cli import read_hand
from texas42.class_export import CLASS_FORMAT
from texas42.cli import main
from texas42.errors import InputError
from texas42.game import Game
from texas42.progress import MAX_PROGRESS_BYTES, Progress, pick_hand


def _export(tmp_path: Path, hands: int = 2) -> tuple[Path, Game]:
    """A learner's export at seat 1: a finished hand, then (with hands=2) one being bid."""
    game = Game(seed=2)
    hand = game.hand
    for bid in ("pass", "pass", "pass", "30"):
        hand.bid(bid)
    hand.name_contract("sixes")
    while not hand.is_over:
        hand.play(hand.legal_plays()[0])
    if hands == 2:
        game.next_hand()
        game.hand.bid("pass")
    progress = Progress()
    progress.save_game(game, seat=1)
    path = tmp_path / "texas42-progress.json"
    path.write_text(progress.to_json())
    return path, game


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_pick_hand_takes_the_named_hand_of_an_export(tmp_path: Path) -> None:
    path, game = _export(tmp_path)
    data = json.loads(path.read_text())
    record, entry = pick_hand(data, 2)
    assert entry is not None and entry.seat == 1 and entry.game == 1
    assert record == game.hands[1].record().to_dict()
    # A hand record is itself: no entry, and no --hand for it.
    plain = game.hands[0].record().to_dict()
    assert pick_hand(plain, None) == (plain, None)
    with pytest.raises(InputError, match="single hand record"):
        pick_hand(plain, 1)


def test_an_export_of_one_hand_needs_no_number(tmp_path: Path) -> None:
    path, game = _export(tmp_path, hands=1)
    found = read_hand(str(path))
    assert found is not None and found[0] == game.hands[0].record().to_dict()


def test_an_export_of_several_hands_lists_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, game = _export(tmp_path)
    for command in (["replay"], ["solve"], ["review", "--seat", "0"]):
        code, out, err = _run(capsys, command[0], str(path), *command[1:])
        lines = err.splitlines()
        assert code == 2 and out == ""
        assert lines[0] == (f"texas42 {command[0]}: the progress export holds 2 hands; "
                            "name one with --hand N (N from 1 to 2, as listed):")
        assert lines[1].startswith(f"  hand 1: game 1, seat 1, standard rules, deal "
                                   f"{game.hands[0].deal.code}: ")
        assert lines[1].endswith(game.hands[0].status())
        assert lines[2] == (f"  hand 2: game 1, seat 1, standard rules, deal "
                            f"{game.hands[1].deal.code}: {game.hands[1].status()}")
    code, out, err = _run(capsys, "replay", str(path), "--hand", "3")
    assert code == 2 and err.startswith("texas42 replay: there is no hand 3: the progress "
                                        "export holds 2; name one with --hand N")


def test_replay_and_solve_take_the_named_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, game = _export(tmp_path)
    record = tmp_path / "hand.json"
    record.write_text(game.hands[0].record().to_json())
    for command in ("replay", "solve"):
        from_export = _run(capsys, command, str(path), "--hand", "1", "--json")
        from_record = _run(capsys, command, str(record), "--json")
        assert from_export[0] == 0 and from_export == from_record
    code, out, _ = _run(capsys, "replay", str(path), "--hand", "2", "--json")
    assert code == 0 and json.loads(out)["tricks"] == []


def test_review_of_an_export_defaults_to_the_learners_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, game = _export(tmp_path)
    record = tmp_path / "hand.json"
    record.write_text(game.hands[0].record().to_json())
    options = ("--samples", "2", "--max-samples", "2", "--json")
    code, out, _ = _run(capsys, "review", str(path), "--hand", "1", *options)
    assert code == 0 and json.loads(out)["seat"] == 1
    assert _run(capsys, "review", str(record), "--seat", "1", *options) == (0, out, "")
    code, _, err = _run(capsys, "review", str(record), *options)
    assert code == 2 and "give the seat to review: --seat N" in err


def test_hand_is_refused_for_a_record_and_out_of_range(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, game = _export(tmp_path)
    record = tmp_path / "hand.json"
    record.write_text(game.hands[0].record().to_json())
    code, _, err = _run(capsys, "replay", str(record), "--hand", "1")
    assert code == 2 and "--hand 1 is for a progress export" in err
    with pytest.raises(SystemExit):
        main(["replay", str(record), "--hand", "0"])
    assert "'0' is not a hand number" in capsys.readouterr().err


def test_a_bad_export_is_refused_naming_the_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = _export(tmp_path)
    data = json.loads(path.read_text())
    data["hands"][1]["record"]["bids"] = ["6-6"]
    path.write_text(json.dumps(data))
    code, out, err = _run(capsys, "replay", str(path), "--hand", "1")
    assert code == 2 and out == ""
    assert err.startswith("texas42 replay: hand 2 of the progress file: ")
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps({"format": "texas42-progress", "version": 1, "hands": []}))
    code, _, err = _run(capsys, "solve", str(empty))
    assert code == 2 and "holds no hands" in err


def test_an_export_larger_than_a_record_is_read(tmp_path: Path) -> None:
    """A term of practice is more than the 1 MB a single record may be."""
    path, _ = _export(tmp_path, hands=1)
    data = json.loads(path.read_text())
    finished = data["hands"][0]
    data["hands"] = [{**finished, "game": n} for n in range(1, 601)]
    path.write_text(json.dumps(data, indent=8))  # (as an editor may save it)
    assert path.stat().st_size > 1_000_000
    found = read_hand(str(path), 600)
    assert found is not None and found[1] is not None and found[1].game == 600


# -- the teacher's export of the whole class (GET /api/teacher/export) ------------------
def _class_export(tmp_path: Path, names: tuple[str, ...] = ("Ana", "Bo")) -> tuple[Path, Game]:
    """A class export as the server writes it: each student's progress is the export of
    :func:`_export` (two hands at seat 1), Bo's with one hand only."""
    path, game = _export(tmp_path)
    progress = json.loads(path.read_text())
    students = [{"name": name, "code": "KMNPQR",
                 "progress": progress if n == 0 else {**progress,
                                                      "hands": progress["hands"][:1]}}
                for n, name in enumerate(names)]
    data = {"format": CLASS_FORMAT, "version": 1, "progress_format": "texas42-progress",
            "students": students}
    out = tmp_path / "texas42-class.json"
    out.write_text(json.dumps(data))
    return out, game


def test_the_class_export_is_read_for_the_named_student_and_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, game = _class_export(tmp_path)
    record = tmp_path / "hand.json"
    record.write_text(game.hands[0].record().to_json())
    # Names are matched as the server matches them: spaces squeezed, any case.
    for command in ("replay", "solve"):
        from_class = _run(capsys, command, str(path), "--student", " ana ", "--hand", "1",
                          "--json")
        assert from_class[0] == 0 and from_class == _run(capsys, command, str(record), "--json")
    # Bo has one hand: no --hand needed; the review takes Bo's seat.
    code, out, _ = _run(capsys, "review", str(path), "--student", "BO", "--samples", "2",
                        "--max-samples", "2", "--json")
    assert code == 0 and json.loads(out)["seat"] == 1
    found = read_hand(str(path), None, "Bo")
    assert found is not None and found[0] == game.hands[0].record().to_dict()


def test_a_class_of_several_students_lists_them_and_says_how_to_name_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = _class_export(tmp_path)
    for command in (["replay"], ["solve"], ["review", "--seat", "0"]):
        code, out, err = _run(capsys, command[0], str(path), *command[1:])
        assert code == 2 and out == ""
        assert err.splitlines() == [
            f"texas42 {command[0]}: the class export holds 2 students; name one with "
            "--student NAME (any case):", "  Ana: 2 hands", "  Bo: 1 hand"]
    code, out, err = _run(capsys, "replay", str(path), "--student", "Cy")
    assert code == 2 and out == "" and err.startswith(
        "texas42 replay: no student 'Cy' in the class export: it holds 2; name one with "
        "--student NAME")
    # The student named, the hand not: that student's hands are listed.
    code, _, err = _run(capsys, "replay", str(path), "--student", "ana")
    assert code == 2 and err.splitlines()[0] == (
        "texas42 replay: Ana's progress in the class export holds 2 hands; name one with "
        "--hand N (N from 1 to 2, as listed):")
    code, _, err = _run(capsys, "replay", str(path), "--student", "\x1b[2J")
    assert code == 2 and "name '\\x1b[2J': give 1 to 24 letters" in err


def test_a_class_of_one_student_needs_no_name(tmp_path: Path) -> None:
    path, game = _class_export(tmp_path, names=("Ana",))
    found = read_hand(str(path), 1)
    assert found is not None and found[0] == game.hands[0].record().to_dict()


def test_student_is_refused_for_a_record_or_a_progress_export(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, game = _export(tmp_path)
    record = tmp_path / "hand.json"
    record.write_text(game.hands[0].record().to_json())
    code, _, err = _run(capsys, "replay", str(record), "--student", "Ana")
    assert code == 2 and err == ("texas42 replay: --student is for the teacher's class "
                                 "export; this file is a single hand record: leave "
                                 "--student out\n")
    code, _, err = _run(capsys, "solve", str(path), "--student", "Ana", "--hand", "1")
    assert code == 2 and "this file is a progress export: leave --student out" in err
    code, _, err = _run(capsys, "solve", str(tmp_path / "none.json"), "--student", "Ana")
    assert code == 1 and "no such file" in err and "--student is for an export" in err


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version=2), "version 2 is not one this texas42 reads"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d.update(students={}), "students must be a list"),
    (lambda d: d["students"].append("Cy"), "student 3 is 'Cy', not a JSON object"),
    (lambda d: d["students"][1].update(name=""), "student 2: name '': give 1 to 24"),
    (lambda d: d["students"][1].update(name="ANA"), "'ANA' is a second student"),
    (lambda d: d["students"][1].update(token="x"), "student 2: unknown field 'token'"),
    (lambda d: d["students"][1].pop("progress"), "student 2 (Bo) has no progress"),
])
def test_a_bad_class_export_is_refused_naming_what_is_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Any, message: str
) -> None:
    path, _ = _class_export(tmp_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    code, out, err = _run(capsys, "replay", str(path), "--student", "Ana", "--hand", "1")
    assert code == 2 and out == ""
    assert err.startswith("texas42 replay: the class export: ") and message in err


def test_a_bad_progress_in_the_class_export_is_refused_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, _ = _class_export(tmp_path)
    data = json.loads(path.read_text())
    data["students"][0]["progress"]["hands"][1]["record"]["bids"] = ["6-6"]
    path.write_text(json.dumps(data))
    code, _, err = _run(capsys, "replay", str(path), "--student", "Ana", "--hand", "1")
    assert code == 2 and err.startswith("texas42 replay: hand 2 of the progress file: ")


def test_a_class_export_larger_than_a_progress_file_is_read(tmp_path: Path) -> None:
    """A class's export is longer than one student's progress may be (12 MB)."""
    path, _ = _class_export(tmp_path)
    data = json.loads(path.read_text())
    ana = data["students"][0]
    # (the others' progress is not read: only the named student's is checked whole)
    filler = {"format": "texas42-progress", "version": 1, "hands": ["x" * 1_000_000] * 13}
    data["students"][1]["progress"] = filler
    path.write_text(json.dumps(data))
    assert path.stat().st_size > MAX_PROGRESS_BYTES
    found = read_hand(str(path), 2, ana["name"])
    assert found is not None and found[1] is not None and found[1].seat == 1
    with pytest.raises(InputError, match="Bo: 13 hands"):
        read_hand(str(path), 1)
