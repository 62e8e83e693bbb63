"""Progress the teacher keeps (texas42/classroom/students.py): students register, log in on
another device with their name and code, keep their progress on the server; the teacher's
page lists the tables and the students and exports every hand; a restart keeps it all."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from classroom_ws import students_app

with warnings.catch_warnings():  # (starlette 1.10 would rather have httpx2; httpx is pinned)
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from texas42.classroom import students as students_module
from texas42.classroom.live import Hall
from texas42.classroom.server import build_app
from texas42.classroom.students import (
    CLASS_FORMAT,
    STUDENT_CODE_LENGTH,
    TEACHER_HEADER,
    TOKEN_HEADER,
    TRIES_BURST,
    new_teacher_code,
)
from texas42.game import Game
from texas42.progress import Progress

TEACHER = new_teacher_code()


def progress_json(hands: int, seed: int = 2) -> str:
    """A progress of ``hands`` hands played to the end (the first legal action each time)
    and one hand under way."""
    game = Game(seed=seed)
    progress = Progress()
    for _ in range(hands):
        while not game.hand.is_over:
            action = game.hand.legal_actions()[0]
            game.hand.apply((action.kind, action.value))
        game.next_hand()
    progress.save_game(game, seat=0)
    return progress.to_json()


@contextmanager
def classroom(path: Path, site: Path) -> Iterator[tuple[TestClient, Hall]]:
    """The classroom's app on the SQLite file ``path`` (a new app each time: a restart)."""
    with students_app(path, site, TEACHER) as (client, hall, _store):
        yield client, hall


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[TestClient, Hall]]:
    with classroom(tmp_path / "class.sqlite", tmp_path) as pair:
        yield pair


def register(client: TestClient, name: str) -> dict[str, Any]:
    answer = client.post("/api/students", json={"name": name})
    assert answer.status_code == 201, answer.text
    told: dict[str, Any] = answer.json()
    return told


def token(told: dict[str, Any]) -> dict[str, str]:
    return {TOKEN_HEADER: told["token"]}


def teacher(code: str = TEACHER) -> dict[str, str]:
    return {TEACHER_HEADER: code}


def test_register_then_login_on_a_second_device_keeps_one_progress(
        room: tuple[TestClient, Hall]) -> None:
    client, _ = room
    ana = register(client, "  Ana   María ")
    assert ana["name"] == "Ana María"
    assert len(ana["code"]) == STUDENT_CODE_LENGTH
    assert client.get("/api/students/me", headers=token(ana)).json() == {
        "name": "Ana María", "code": ana["code"], "saved_age": None}
    assert client.get("/api/progress", headers=token(ana)).json()["progress"] is None
    text = progress_json(2)
    put = client.put("/api/progress", headers=token(ana), content=text)
    assert put.status_code == 200, put.text
    assert put.json()["hands"] == 2
    # Another device: the name in another case, the code typed with a space and lower case.
    typed = ana["code"].lower()[:3] + " " + ana["code"][3:]
    login = client.post("/api/students/login", json={"name": "ana maría", "code": typed})
    assert login.status_code == 200, login.text
    phone = login.json()
    assert phone["name"] == "Ana María" and phone["token"] != ana["token"]
    got = client.get("/api/progress", headers=token(phone)).json()
    assert got["age"] >= 0
    assert Progress.from_dict(got["progress"]).to_json() == Progress.from_json(text).to_json()
    # Both devices' tokens work.
    assert client.get("/api/students/me", headers=token(ana)).status_code == 200


def test_a_name_is_one_student_and_a_wrong_code_gives_nothing(
        room: tuple[TestClient, Hall]) -> None:
    client, _ = room
    ana = register(client, "Ana")
    again = client.post("/api/students", json={"name": "ANA"})
    assert again.status_code == 409 and again.json()["rule"] == "name-taken"
    wrong = "C" * STUDENT_CODE_LENGTH if ana["code"] != "C" * STUDENT_CODE_LENGTH else "D" * 6
    for name, code in (("Ana", wrong), ("Nobody", ana["code"]), ("Ana", "")):
        refused = client.post("/api/students/login", json={"name": name, "code": code})
        assert refused.status_code == 401 and "token" not in refused.json()


def test_nobody_reads_or_writes_another_students_progress(
        room: tuple[TestClient, Hall]) -> None:
    client, _ = room
    ana, ben = register(client, "Ana"), register(client, "Ben")
    client.put("/api/progress", headers=token(ana), content=progress_json(1))
    ben_text = progress_json(3, seed=5)
    client.put("/api/progress", headers=token(ben), content=ben_text)
    assert client.get("/api/progress", headers=token(ana)).json()["name"] == "Ana"
    assert Progress.from_dict(client.get("/api/progress", headers=token(ben)).json()[
        "progress"]).hands_played == 3
    assert Progress.from_dict(client.get("/api/progress", headers=token(ana)).json()[
        "progress"]).hands_played == 1
    for forged in ("", "x" * 32, ana["token"][:-1] + ("A" if ana["token"][-1] != "A" else "B"),
                   ana["code"], TEACHER):
        assert client.get("/api/progress", headers={TOKEN_HEADER: forged}).status_code == 401
        assert client.put("/api/progress", headers={TOKEN_HEADER: forged},
                          content=ben_text).status_code == 401
    assert client.get("/api/progress").status_code == 401
    assert client.get("/api/students/me").json() == {"name": None}  # (nobody, no refusal)
    assert Progress.from_dict(client.get("/api/progress", headers=token(ana)).json()[
        "progress"]).hands_played == 1


@pytest.mark.parametrize("body, words", [
    (b"not json", "not valid JSON"),
    (b'{"format": "texas42-progress", "version": 1, "hands": [{"record": 1}]}', "hand 1"),
    (b'{"format": "something", "version": 1, "hands": []}', "not a texas42 progress file"),
    (b"[]", "progress file"),
])
def test_a_bad_progress_is_refused_and_the_stored_one_kept(
        room: tuple[TestClient, Hall], body: bytes, words: str) -> None:
    client, _ = room
    ana = register(client, "Ana")
    good = progress_json(1)
    client.put("/api/progress", headers=token(ana), content=good)
    before = client.get("/api/progress", headers=token(ana)).json()["progress"]
    answer = client.put("/api/progress", headers=token(ana), content=body)
    assert answer.status_code == 400
    assert answer.json()["rule"] == "progress" and words in answer.json()["message"]
    assert client.get("/api/progress", headers=token(ana)).json()["progress"] == before


def test_an_oversized_progress_is_refused_unread(room: tuple[TestClient, Hall],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    client, _ = room
    ana = register(client, "Ana")
    monkeypatch.setattr(students_module, "MAX_PROGRESS_BYTES", 2000)
    answer = client.put("/api/progress", headers=token(ana), content=b" " * 2001)
    assert answer.status_code == 413 and "2000" in answer.json()["message"]
    assert client.get("/api/progress", headers=token(ana)).json()["progress"] is None


def test_teacher_routes_are_refused_without_the_code(room: tuple[TestClient, Hall]) -> None:
    client, _ = room
    ana = register(client, "Ana")
    for path in ("/api/teacher/overview", "/api/teacher/export",
                 "/api/teacher/export?student=Ana"):
        none = client.get(path)
        assert none.status_code == 401 and "Ana" not in none.text
        for wrong in ("", "C" * 10, TEACHER[:-1], ana["code"], ana["token"]):
            if wrong == TEACHER:
                continue
            refused = client.get(path, headers=teacher(wrong))
            assert refused.status_code in (403, 429) and "Ana" not in refused.text
    # Past the wrong tries an address is allowed, even the right code is refused.
    assert client.get("/api/teacher/overview", headers=teacher()).status_code == 429


def test_the_teachers_page_lists_tables_and_students_and_exports_every_hand(
        room: tuple[TestClient, Hall]) -> None:
    client, hall = room
    table = hall.open_table("42", seed=3)
    table.join("Ana", now=0.0)
    ana, ben = register(client, "Ana"), register(client, "Ben")
    client.put("/api/progress", headers=token(ana), content=progress_json(2))
    page = client.get("/teacher/")
    assert page.status_code == 200 and "Teacher code" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    overview = client.get("/api/teacher/overview", headers=teacher(TEACHER.lower())).json()
    assert [t["table"] for t in overview["tables"]] == [table.code]
    assert overview["tables"][0]["names"] == ["Ana", None, None, None]
    assert overview["tables"][0]["phase"] == "bidding"
    rows = {s["name"]: s for s in overview["students"]}
    assert rows["Ana"]["code"] == ana["code"] and rows["Ana"]["hands"] == 2
    assert rows["Ben"]["code"] == ben["code"] and rows["Ben"]["hands"] == 0
    assert "token" not in json.dumps(overview)
    export = client.get("/api/teacher/export", headers=teacher()).json()
    assert export["format"] == CLASS_FORMAT
    by_name = {s["name"]: Progress.from_dict(s["progress"]) for s in export["students"]}
    assert by_name["Ana"].hands_played == 2 and not by_name["Ben"].entries
    one = client.get("/api/teacher/export?student=ana", headers=teacher())
    assert Progress.from_json(one.content).hands_played == 2
    assert client.get("/api/teacher/export?student=Zed", headers=teacher()).status_code == 404


def test_a_restart_keeps_students_progress_and_tables(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    with classroom(path, tmp_path) as (client, hall):
        ana = register(client, "Ana")
        client.put("/api/progress", headers=token(ana), content=progress_json(2))
        code = hall.open_table("moon", seed=4).code
    with classroom(path, tmp_path) as (client, hall):
        assert code in hall.tables
        got = client.get("/api/progress", headers=token(ana)).json()
        assert Progress.from_dict(got["progress"]).hands_played == 2
        login = client.post("/api/students/login", json={"name": "Ana", "code": ana["code"]})
        assert login.status_code == 200
        assert client.post("/api/students", json={"name": "ana"}).status_code == 409
        rows = client.get("/api/teacher/overview", headers=teacher()).json()["students"]
        assert [(s["name"], s["hands"]) for s in rows] == [("Ana", 2)]


def test_registrations_and_logins_from_one_address_are_limited(
        room: tuple[TestClient, Hall]) -> None:
    client, _ = room
    answers = [client.post("/api/students", json={"name": f"S{n}"}).status_code
               for n in range(TRIES_BURST + 2)]
    assert answers[:TRIES_BURST] == [201] * TRIES_BURST and answers[-1] == 429
    assert client.post("/api/students/login",
                       json={"name": "S1", "code": "CCCCCC"}).status_code == 429


def test_the_sites_pages_say_they_come_from_the_classroom_server(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>site</p>")
    (tmp_path / "a.js").write_text("1")
    with classroom(tmp_path / "class.sqlite", tmp_path) as (client, _):
        page = client.get("/")
        assert page.headers["set-cookie"] == students_module.MARK_COOKIE
        assert "set-cookie" not in client.get("/a.js").headers
        assert "set-cookie" not in client.get("/api/students/me").headers
    # Without the students' routes (a plain build_app), no page says so.
    with TestClient(build_app(tmp_path, b"{}")) as plain:
        assert "set-cookie" not in plain.get("/").headers


def test_the_same_progress_again_is_not_checked_again(room: tuple[TestClient, Hall],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    client, _ = room
    ana = register(client, "Ana")
    text = Progress.from_json(progress_json(1)).to_json()  # (as the page's Python writes it)
    assert client.put("/api/progress", headers=token(ana), content=text).json()["hands"] == 1
    checked: list[bytes] = []

    def from_json(body: bytes) -> Progress:
        checked.append(body)
        return Progress()

    monkeypatch.setattr(Progress, "from_json", from_json)
    again = client.put("/api/progress", headers=token(ana), content=text)
    assert again.status_code == 200 and again.json()["hands"] == 1 and checked == []
    client.put("/api/progress", headers=token(ana), content=text + " ")
    assert len(checked) == 1  # (anything else is checked whole)
