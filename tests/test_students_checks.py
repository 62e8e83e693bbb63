"""The course's checks a student answered, kept on the classroom server (issue 39, 4):
``PUT /api/checks`` (texas42/classroom/checks.py, students.py) merges what each device
sends, the teacher's page lists each chapter's checks answered, the class export carries
them, a restart keeps them; and hostile records are refused whole, the class unchanged."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom_ws import students_app
from test_students import TEACHER, register, teacher, token
from test_students_hostile import Class, check_refused

from texas42.class_export import pick_student
from texas42.classroom.checks import (
    CHAPTERS_MOST,
    CHECKS_PER_CHAPTER,
    MAX_CHECKS_BYTES,
    merged,
    read_checks,
)
from texas42.classroom.store import StudentStore
from texas42.classroom.students import SAVES_BURST, TOKEN_HEADER
from texas42.errors import InputError


def record(chapters: Any) -> dict[str, Any]:
    return {"format": "texas42-checks", "version": 1, "chapters": chapters}


def chapter(title: str, total: int, **checks: bool) -> dict[str, Any]:
    return {"title": title, "total": total, "checks": checks}


TRUMPS = chapter("Trumps", 4, q00000001=True, q00000002=False, q00000003=True)
COUNT = chapter("Counting", 2, q000000aa=False)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Class]:
    with students_app(tmp_path / "class.sqlite", tmp_path, TEACHER) as (client, _hall, store):
        ana = register(client, "Ana")
        ben = register(client, "Ben")
        put = client.put("/api/checks", headers=token(ben),
                         json=record({"book/trumps": TRUMPS}))
        assert put.status_code == 200, put.text
        yield Class(client, store.db, ana, ben)


def test_checks_reach_the_teachers_page_and_the_class_export(room: Class) -> None:
    client = room.client
    answer = client.put("/api/checks", headers=token(room.ana),
                        json=record({"book/count": COUNT, "book/trumps": TRUMPS}))
    assert answer.status_code == 200
    assert answer.json()["chapters"] == [
        {"chapter": "book/count", "title": "Counting", "answered": 1, "right": 0, "total": 2},
        {"chapter": "book/trumps", "title": "Trumps", "answered": 3, "right": 2, "total": 4}]
    rows = {s["name"]: s for s in client.get("/api/teacher/overview",
                                             headers=teacher()).json()["students"]}
    assert [(c["title"], c["answered"], c["total"]) for c in rows["Ben"]["checks"]] == [
        ("Trumps", 3, 4)]
    assert len(rows["Ana"]["checks"]) == 2
    export = client.get("/api/teacher/export", headers=teacher()).json()
    by_name = {s["name"]: s for s in export["students"]}
    assert by_name["Ben"]["checks"]["chapters"]["book/trumps"] == TRUMPS
    # (the commands read the export with its checks)
    assert pick_student(export, "ben")[0] == "Ben"


def test_a_second_device_adds_to_the_checks_and_the_first_verdict_stays(
        room: Class) -> None:
    client = room.client
    client.post("/api/students/login", json={"name": "Ben", "code": room.ben["code"]})
    other = client.post("/api/students/login",
                        json={"name": "ben", "code": room.ben["code"]}).json()
    # The other device answered the second check right (its first try there), and a fourth.
    sent = chapter("Trumps", 4, q00000002=True, q00000004=True)
    answer = client.put("/api/checks", headers=token(other),
                        json=record({"book/trumps": sent, "book/count": COUNT}))
    assert answer.json()["chapters"][0] == {
        "chapter": "book/trumps", "title": "Trumps", "answered": 4, "right": 3, "total": 4}
    # The same again changes nothing.
    again = client.put("/api/checks", headers=token(room.ben),
                       json=record({"book/trumps": TRUMPS}))
    assert again.json() == answer.json()


def test_a_chapter_whose_checks_changed_keeps_the_ones_it_has_now() -> None:
    kept = read_checks(json.dumps(record({"book/trumps": TRUMPS})))
    changed = read_checks(json.dumps(record({"book/trumps": chapter(
        "Trumps", 2, q00000001=False, q00000009=True)})))
    assert merged(kept, changed)["book/trumps"] == chapter(
        "Trumps", 2, q00000001=True, q00000009=True)


def test_a_restart_keeps_the_checks(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    with students_app(path, tmp_path, TEACHER) as (client, _hall, _store):
        ana = register(client, "Ana")
        client.put("/api/checks", headers=token(ana), json=record({"book/trumps": TRUMPS}))
    with students_app(path, tmp_path, TEACHER) as (client, _hall, _store):
        rows = client.get("/api/teacher/overview", headers=teacher()).json()["students"]
        assert rows[0]["checks"][0]["answered"] == 3


def test_a_class_kept_before_the_checks_is_opened_with_them(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "old.sqlite")
    db.execute("CREATE TABLE students (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
               "folded TEXT NOT NULL UNIQUE, code TEXT NOT NULL, progress TEXT, saved REAL, "
               "hands INTEGER NOT NULL DEFAULT 0, mistakes INTEGER NOT NULL DEFAULT 0, "
               "joined REAL NOT NULL, seen REAL NOT NULL)")
    db.execute("INSERT INTO students (name, folded, code, joined, seen) "
               "VALUES ('Ana', 'ana', 'KMNPQR', 0, 0)")
    store = StudentStore(db)
    assert store.checks(1) is None and store.all()[0].name == "Ana"
    store.keep_checks(1, "{}", 1.0)
    assert store.all_checks() == {1: "{}"}


# -- hostile records ---------------------------------------------------------------------
def _long(n: int) -> dict[str, Any]:
    return {f"book/c{i}": chapter("C", 1) for i in range(n)}


BAD: list[Any] = [
    b"", b"x", b"[]", b"null", b"{}", b"\xff\xfe\xfd", b"[" * 20_000,
    {"format": "texas42-checks", "version": 1},
    {"format": "texas42-checks", "version": 2, "chapters": {}},
    {"format": "texas42-progress", "version": 1, "chapters": {}},
    {"format": "texas42-checks", "version": True, "chapters": {}},
    {**record({}), "name": "Ana"},
    record([]),
    record(_long(CHAPTERS_MOST + 1)),
    record({"/etc/passwd": TRUMPS}), record({"../teacher": TRUMPS}),
    record({"": TRUMPS}), record({"a" * 101: TRUMPS}), record({"book/tr umps": TRUMPS}),
    record({"book/trumps": None}), record({"book/trumps": {**TRUMPS, "name": "Ben"}}),
    record({"book/trumps": {"title": "Trumps", "total": 4}}),
    record({"book/trumps": {**TRUMPS, "title": ""}}),
    record({"book/trumps": {**TRUMPS, "title": 7}}),
    record({"book/trumps": {**TRUMPS, "title": "x" * 81}}),
    record({"book/trumps": {**TRUMPS, "title": "a\u0000b"}}),
    record({"book/trumps": {**TRUMPS, "title": "\u202eevil"}}),
    record({"book/trumps": {**TRUMPS, "total": 0}}),
    record({"book/trumps": {**TRUMPS, "total": CHECKS_PER_CHAPTER + 1}}),
    record({"book/trumps": {**TRUMPS, "total": True}}),
    record({"book/trumps": {**TRUMPS, "total": 3.5}}),
    record({"book/trumps": {**TRUMPS, "total": 2}}),  # (three checks answered of two)
    record({"book/trumps": {**TRUMPS, "checks": []}}),
    record({"book/trumps": chapter("T", 4, q0000000=True)}),
    record({"book/trumps": chapter("T", 4, Q00000001=True)}),
    record({"book/trumps": chapter("T", 4, q0000000g=True)}),
    record({"book/trumps": chapter("T", 4, q00000001=1)}),
    record({"book/trumps": chapter("T", 4, q00000001=None)}),
    record({"book/trumps": chapter("T", 4, q00000001="right")}),
    b'{"format": "texas42-checks", "version": NaN, "chapters": {}}',
    b'{"format": "texas42-checks", "version": 1e999999, "chapters": {}}',
    json.dumps(record({"book/trumps": TRUMPS})).encode()[:-1],
    json.dumps(record({"book/trumps": TRUMPS})).encode() + b"x",
]


@pytest.mark.parametrize("body", BAD, ids=range(len(BAD)))
def test_records_that_are_not_checks_are_refused(room: Class, body: Any) -> None:
    content = body if isinstance(body, bytes) else json.dumps(body)
    check_refused(room, "PUT", "/api/checks", headers={TOKEN_HEADER: room.ana["token"]},
                  content=content, statuses=(400,))
    with pytest.raises(InputError) as refused:
        read_checks(content)
    assert refused.value.rule == "checks"


def test_a_record_past_its_size_is_refused(room: Class) -> None:
    big = json.dumps(record({"book/trumps": TRUMPS})) + " " * MAX_CHECKS_BYTES
    check_refused(room, "PUT", "/api/checks", headers={TOKEN_HEADER: room.ana["token"]},
                  content=big, statuses=(413,))


def test_more_chapters_than_kept_are_refused_across_devices(room: Class) -> None:
    headers = {TOKEN_HEADER: room.ana["token"]}
    half = CHAPTERS_MOST // 2 + 1
    first = room.client.put("/api/checks", headers=headers, json=record(_long(half)))
    assert first.status_code == 200
    others = {f"book/d{i}": chapter("D", 1) for i in range(half)}
    check_refused(room, "PUT", "/api/checks", headers=headers, content=json.dumps(
        record(others)), statuses=(400,))


@pytest.mark.parametrize("who", ["nobody", "forged", "teacher"])
def test_checks_need_a_students_token(room: Class, who: str) -> None:
    headers: dict[str, str | bytes] = {
        "nobody": {}, "forged": {TOKEN_HEADER: "x" * 32},
        "teacher": {"X-Teacher-Code": TEACHER}}[who]
    check_refused(room, "PUT", "/api/checks", headers=headers,
                  content=json.dumps(record({"book/trumps": TRUMPS})), statuses=(401,))


def test_checks_in_a_flood_are_limited(room: Class) -> None:
    headers = {TOKEN_HEADER: room.ana["token"]}
    answers = [room.client.put("/api/checks", headers=headers, content=b"{}").status_code
               for _ in range(SAVES_BURST + 4)]
    assert answers[:SAVES_BURST] == [400] * SAVES_BURST and set(answers[SAVES_BURST:]) == {429}
