"""Hostile clients of the students' and teacher's routes (texas42/classroom/students.py):
forged and cut tokens, junk and oversized bodies, names that are not names, progress that
is not progress, teacher codes guessed.

For every case: 0 accepted (a 4xx answer), 0 server errors, nothing of another student
(token, code, progress) in the answer, and the class as stored unchanged (every row of the
students' and devices' tables, compared before and after).
"""

from __future__ import annotations

import json
import sqlite3
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from classroom_ws import students_app

with warnings.catch_warnings():  # (starlette 1.10 would rather have httpx2; httpx is pinned)
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from texas42.classroom.students import (
    SMALL_BODY,
    TEACHER_HEADER,
    TOKEN_HEADER,
    TRIES_BURST,
    new_teacher_code,
)
from texas42.game import Game
from texas42.progress import Progress


def _progress(hands: int) -> str:
    game = Game(seed=7)
    progress = Progress()
    for _ in range(hands):
        while not game.hand.is_over:
            action = game.hand.legal_actions()[0]
            game.hand.apply((action.kind, action.value))
        game.next_hand()
    progress.save_game(game, seat=0)
    return progress.to_json()


GOOD = _progress(1)
TEACHER = new_teacher_code()


@dataclass
class Class:
    client: TestClient
    db: sqlite3.Connection
    ana: dict[str, Any]
    ben: dict[str, Any]

    def rows(self) -> Any:
        return (list(self.db.execute("SELECT * FROM students ORDER BY id")),
                list(self.db.execute("SELECT * FROM devices ORDER BY digest")))

    def secrets(self) -> list[str]:
        """What no refusal may show: each token, each student code, Ben's progress."""
        return [self.ana["token"], self.ben["token"], self.ana["code"], self.ben["code"],
                TEACHER, TEACHER.replace("-", "")]


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Class]:
    with students_app(tmp_path / "class.sqlite", tmp_path, TEACHER) as (client, _hall, store):
        ana = client.post("/api/students", json={"name": "Ana"}).json()
        ben = client.post("/api/students", json={"name": "Ben"}).json()
        put = client.put("/api/progress", headers={TOKEN_HEADER: ben["token"]}, content=GOOD)
        assert put.status_code == 200
        yield Class(client, store.db, ana, ben)


def check_refused(room: Class, method: str, path: str, *,
                  headers: dict[str, str | bytes] | None = None,
                  content: bytes | str | None = None, statuses: tuple[int, ...] = (400, 401)
                  ) -> None:
    before = room.rows()
    answer = room.client.request(method, path, headers=headers, content=content)
    assert answer.status_code in statuses, (answer.status_code, answer.text)
    assert set(answer.json()) == {"rule", "message"}
    for secret in room.secrets():
        assert secret not in answer.text
    assert room.rows() == before


def _cut(token: str, n: int) -> str:
    swap = "A" if token[n] != "A" else "B"
    return token[:n] + swap + token[n + 1:]


FORGED = ["", " ", "x", "x" * 15, "x" * 16, "x" * 32, "x" * 64, "x" * 65, "x" * 5000,
          "null", "undefined", "0" * 32, "Bearer abcdefghijklmnop", "%00" * 10,
          "\t" * 20, "é" * 20]


@pytest.mark.parametrize("token", FORGED, ids=range(len(FORGED)))
@pytest.mark.parametrize("method", ["GET", "PUT"])
def test_forged_tokens_read_and_write_nothing(room: Class, token: str, method: str) -> None:
    headers: dict[str, str | bytes] = {TOKEN_HEADER: token.encode("utf-8")}
    check_refused(room, method, "/api/progress", headers=headers,
                  content=GOOD if method == "PUT" else None, statuses=(401,))
    if method == "GET":  # (who this device is: nobody, said as such)
        before = room.rows()
        answer = room.client.get("/api/students/me", headers=headers)
        assert answer.status_code == 200 and answer.json() == {"name": None}
        assert room.rows() == before


@pytest.mark.parametrize("n", [0, 1, 7, 15, 31, -1])
def test_a_token_changed_in_one_character_is_nobodys(room: Class, n: int) -> None:
    for who in (room.ana, room.ben):
        token = _cut(who["token"], n % len(who["token"]))
        check_refused(room, "GET", "/api/progress", headers={TOKEN_HEADER: token},
                      statuses=(401,))
        check_refused(room, "PUT", "/api/progress", headers={TOKEN_HEADER: token},
                      content=GOOD, statuses=(401,))


@pytest.mark.parametrize("stand_in", ["code", "name", "teacher", "digest"])
def test_what_is_not_a_token_is_not_one(room: Class, stand_in: str) -> None:
    import hashlib
    value = {"code": room.ana["code"], "name": "Ana", "teacher": TEACHER,
             "digest": hashlib.sha256(room.ana["token"].encode()).hexdigest()}[stand_in]
    check_refused(room, "GET", "/api/progress", headers={TOKEN_HEADER: value},
                  statuses=(401,))


JUNK_BODIES: list[bytes] = [
    b"", b"x", b"{", b"[]", b"null", b"1", b'"Ana"', b"\xff\xfe\x00",
    b'{"name": 1}', b'{"name": null}', b'{"name": ["Ana"]}', b'{"name": {"a": 1}}',
    b'{"name": true}', b'{"name": "Cat", "code": "CCCCCC"}', b'{"Name": "Cat"}',
    b'{"name": "Cat", "admin": true}', b'{"name": ""}', b'{"name": "   "}',
    json.dumps({"name": "x" * 25}).encode(), json.dumps({"name": "a\u0000b"}).encode(),
    json.dumps({"name": "\u202eevil"}).encode(), json.dumps({"name": "a\u200bb"}).encode(),
    json.dumps({"name": "Ana"}).encode(), json.dumps({"name": "ANA"}).encode(),
    json.dumps({"name": " ben "}).encode(), b'{"name": NaN}', b"[" * 5000 + b"]" * 5000,
    b'{"name": "Cat"}' + b" " * SMALL_BODY, b"x" * 100_000,
]


@pytest.mark.parametrize("body", JUNK_BODIES, ids=range(len(JUNK_BODIES)))
def test_junk_registrations_are_refused(room: Class, body: bytes) -> None:
    check_refused(room, "POST", "/api/students", content=body, statuses=(400, 409))


LOGINS: list[Any] = [
    {"name": "Ana"}, {"code": "CCCCCC"}, {"name": "Ana", "code": None},
    {"name": "Ana", "code": 123456}, {"name": "Ana", "code": ["x"]},
    {"name": "Ana", "code": "C" * 200}, {"name": "Ana", "code": "CCCCC"},
    {"name": "Ana", "code": "CCCCCCC"}, {"name": "Ana", "code": "AEIOU1"},
    {"name": "Ana", "code": "%"}, {"name": "", "code": "CCCCCC"},
    {"name": "x" * 30, "code": "CCCCCC"}, {"name": "Ana", "code": "CCCCCC", "extra": 1},
    {"name": "Nobody", "code": "CCCCCC"},
]


@pytest.mark.parametrize("login", LOGINS, ids=range(len(LOGINS)))
def test_junk_logins_give_no_token(room: Class, login: Any) -> None:
    check_refused(room, "POST", "/api/students/login", content=json.dumps(login))


def test_the_other_students_code_logs_nobody_in(room: Class) -> None:
    check_refused(room, "POST", "/api/students/login",
                  content=json.dumps({"name": "Ana", "code": room.ben["code"]}))
    check_refused(room, "POST", "/api/students/login",
                  content=json.dumps({"name": "Ben", "code": room.ana["code"]}))


BAD_PROGRESS: list[bytes] = [
    b"", b"x", b"{}", b"[]", b"null", b"\xff\xfe\xfd", b"[" * 100_000,
    b'{"format": "texas42-progress", "version": 2, "hands": []}',
    b'{"format": "texas42-progress", "version": 1, "hands": [], "name": "Ben"}',
    b'{"format": "texas42-progress", "version": 1, "hands": {}}',
    b'{"format": "texas42-progress", "version": 1, "hands": [null]}',
    b'{"format": "texas42-progress", "version": 1, "hands": [{"record": {}}]}',
    b'{"format": "texas42-progress", "version": 1, "hands": [], "hands": 1}',
    b'{"format": "texas42-progress", "version": NaN, "hands": []}',
    b'{"format": "texas42-progress", "version": 1e999999, "hands": []}',
    GOOD.replace('"seat": 0', '"seat": 9').encode(),
    GOOD.replace('"game": 1', '"game": 0').encode(),
    GOOD.encode()[:-1], GOOD.encode() + b"x",
    GOOD.encode("utf-16")[:-1],
]


@pytest.mark.parametrize("body", BAD_PROGRESS, ids=range(len(BAD_PROGRESS)))
def test_progress_that_is_not_progress_is_refused(room: Class, body: bytes) -> None:
    check_refused(room, "PUT", "/api/progress", headers={TOKEN_HEADER: room.ana["token"]},
                  content=body)


def test_a_body_past_the_size_is_refused_whatever_its_length_header_says(
        room: Class) -> None:
    from texas42.progress import MAX_PROGRESS_BYTES
    big = b" " * (MAX_PROGRESS_BYTES + 1)
    check_refused(room, "PUT", "/api/progress", headers={TOKEN_HEADER: room.ana["token"]},
                  content=big, statuses=(413,))
    check_refused(room, "PUT", "/api/progress", headers={TOKEN_HEADER: room.ana["token"],
                  "Content-Length": str(MAX_PROGRESS_BYTES + 1)}, content=b"{}",
                  statuses=(400, 413))
    check_refused(room, "POST", "/api/students", content=b'{"name": "Cat"}' + b" " * 2000,
                  statuses=(400,))


def test_saves_in_a_flood_are_limited(room: Class) -> None:
    headers = {TOKEN_HEADER: room.ana["token"]}
    answers = [room.client.put("/api/progress", headers=headers, content=b"{}").status_code
               for _ in range(14)]
    assert 429 in answers and set(answers) <= {400, 429}


TEACHER_GUESSES = ["", " ", "x", TEACHER[:-1], TEACHER + "C",
                   ("D" if TEACHER[0] != "D" else "C") + TEACHER[1:],
                   "CCCCC-CCCCC", "null", "0" * 10, "é" * 10]


@pytest.mark.parametrize("guess", TEACHER_GUESSES, ids=range(len(TEACHER_GUESSES)))
@pytest.mark.parametrize("path", ["/api/teacher/overview", "/api/teacher/export",
                                  "/api/teacher/export?student=Ben"])
def test_guessed_teacher_codes_see_nothing(room: Class, guess: str, path: str) -> None:
    headers: dict[str, str | bytes] = {TEACHER_HEADER: guess.encode("utf-8")}
    check_refused(room, "GET", path, headers=headers, statuses=(403,))
    check_refused(room, "GET", path, statuses=(401,))
    check_refused(room, "GET", path, headers={TOKEN_HEADER: room.ben["token"]},
                  statuses=(401,))


def test_guessing_the_teacher_code_is_cut_off_and_the_right_code_then_fails_too(
        room: Class) -> None:
    statuses = [room.client.get("/api/teacher/overview",
                                headers={TEACHER_HEADER: "CCCCC-CCCCC"}).status_code
                for _ in range(12)]
    wrong = TRIES_BURST - 2  # (the fixture's two registrations came from this address)
    assert statuses == [403] * wrong + [429] * (12 - wrong)
    check_refused(room, "GET", "/api/teacher/overview", headers={TEACHER_HEADER: TEACHER},
                  statuses=(429,))
