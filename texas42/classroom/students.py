"""The class's students and the teacher's page: progress kept on the classroom server.

A student registers with a name (the tables' rules, :func:`texas42.class_export.
normal_name`; unique in the class, whatever its case: :func:`~texas42.class_export.
folded_name`) and is given a random *token*, kept
on the device, and a short *student code* (:data:`STUDENT_CODE_LENGTH` letters that
cannot be misread), shown once to the student and on the teacher's page: on another
device, or at another address, the name and the code give a new token. The server keeps
only each token's SHA-256 (:func:`texas42.classroom.tables.token_digest`), never the
token. Each student's progress (:mod:`texas42.progress`) is checked whole by
:meth:`texas42.progress.Progress.from_json` before it is stored: a bad one is refused
with its message, and the one stored stays as it was.

The routes (JSON answers; a refusal is ``{"rule": ..., "message": ...}``)::

    POST /api/students          {"name": "Ana"}  -> 201 {"name", "code", "token"}
    POST /api/students/login    {"name": "Ana", "code": "KMNPQR"} -> 200 {... "token"}
    GET  /api/students/me       X-Student-Token: ... -> {"name", "code", "saved_age"}
                                ({"name": null}: this device is nobody in the class)
    GET  /api/progress          X-Student-Token -> {"name", "age", "progress"}
    PUT  /api/progress          X-Student-Token, the progress JSON -> {"hands", ...}
    PUT  /api/checks            X-Student-Token, the course's checks answered
                                (texas42/classroom/checks.py) -> {"chapters": [...]}
    GET  /api/teacher/overview  X-Teacher-Code: ... -> {"tables": [...], "students": [...]}
    GET  /api/teacher/export    X-Teacher-Code -> every student's progress (one file);
                                ?student=NAME: that student's texas42-progress file
    GET  /teacher/              the teacher's page (texas42/classroom/teacher.html)

Every page of the site it serves carries the cookie :data:`MARK_COOKIE` (no secret: it
says "this is the classroom server"), so that the site's pages ask ``/api/students/me``
there and nowhere else (on a static host that request would be an error).

``age``/``saved_age``: seconds since the server stored the progress (by the server's
clock: a device compares it with its own save's age, whatever its clock says).

The *teacher code* is random, made when the server starts and printed in its terminal
(never sent to a student). Without it the teacher's routes answer 401, with a wrong one
403, and nothing else; wrong codes, logins and registrations from one address are
rate-limited, as the tables' opening is.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..class_export import (
    CLASS_FORMAT,
    CLASS_VERSION,
    STUDENTS_MOST,
    folded_name,
    normal_name,
)
from ..errors import InputError, Texas42Error
from ..progress import FORMAT as PROGRESS_FORMAT
from ..progress import MAX_PROGRESS_BYTES, Progress
from .checks import MAX_CHECKS_BYTES, from_kept, merged, read_checks, summary
from .checks import to_json as checks_json
from .live import Hall
from .store import Student, StudentStore
from .tables import CODE_LETTERS, token_digest

#: The teacher's page (``/teacher/``).
TEACHER_PAGE = Path(__file__).with_name("teacher.html")
#: The headers that carry a student's token and the teacher's code.
TOKEN_HEADER = "X-Student-Token"
TEACHER_HEADER = "X-Teacher-Code"
#: Letters of a student code (the tables' letters: none read as another) and of the
#: teacher's code.
STUDENT_CODE_LENGTH = 6
TEACHER_CODE_LENGTH = 10
#: The devices (tokens) one student keeps.
DEVICES_PER_STUDENT = 16
#: The longest body of a registration or a login, in bytes.
SMALL_BODY = 1024
#: Per address: registrations, logins and teacher's requests with a wrong code (a burst,
#: then one every this many seconds): a script cannot try codes by the thousand.
TRIES_BURST = 10
TRIES_EVERY_S = 6.0
#: Per student: progress saves (a burst, then one every this many seconds; the page
#: sends one a few seconds after the last change).
SAVES_BURST = 10
SAVES_EVERY_S = 2.0

#: The cookie the classroom server's pages carry (texas42/widgets/progress_store.js reads
#: it): 30 days, so that a device whose pages come from its offline copy still knows.
MARK_COOKIE = "texas42-classroom=1; Path=/; Max-Age=2592000; SameSite=Strict"

_NO_STORE = {"Cache-Control": "no-store"}
PAGE_HEADERS = {"Cache-Control": "no-cache", "Content-Security-Policy": (
    "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'")}


def new_letters(length: int) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def new_teacher_code() -> str:
    """A teacher code: :data:`TEACHER_CODE_LENGTH` letters, shown in two halves."""
    code = new_letters(TEACHER_CODE_LENGTH)
    return f"{code[:5]}-{code[5:]}"


def typed_code(value: object, length: int) -> str | None:
    """A code as typed (any case, spaces or dashes between letters), or None."""
    if not isinstance(value, str) or len(value) > 4 * length:
        return None
    code = "".join(ch for ch in value.upper() if ch not in " -")
    return code if len(code) == length and all(ch in CODE_LETTERS for ch in code) else None


class Buckets:
    """A token bucket per key (an address, a student): ``burst``, then one every
    ``every`` seconds; the oldest keys are forgotten past 10,000 (bounded memory)."""

    def __init__(self, burst: int, every: float, clock: Callable[[], float]) -> None:
        self.burst, self.every, self.clock = burst, every, clock
        self._kept: dict[str, tuple[float, float]] = {}

    def _now(self, key: str) -> tuple[float, float]:
        now = self.clock()
        allowance, stamp = self._kept.get(key, (float(self.burst), now))
        return min(float(self.burst), allowance + (now - stamp) / self.every), now

    def allows(self, key: str) -> bool:
        """Whether ``key`` may try now (nothing taken)."""
        return self._now(key)[0] >= 1.0

    def take(self, key: str) -> bool:
        """One try of ``key``: whether it was allowed."""
        allowance, now = self._now(key)
        self._kept.pop(key, None)
        if len(self._kept) >= 10_000:
            self._kept.pop(next(iter(self._kept)))
        self._kept[key] = (allowance - 1.0 if allowance >= 1.0 else allowance, now)
        return allowance >= 1.0


class ClassroomMark:
    """ASGI middleware: every HTML answer of ``app`` (the site's pages) carries
    :data:`MARK_COOKIE`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if any(k.lower() == b"content-type" and v.startswith(b"text/html")
                       for k, v in headers):
                    headers.append((b"set-cookie", MARK_COOKIE.encode("latin-1")))
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, marked)


def refused(status: int, rule: str, message: str, **headers: str) -> JSONResponse:
    return JSONResponse({"rule": rule, "message": message}, status_code=status,
                        headers={**_NO_STORE, **headers})


async def read_body(request: Request, most: int) -> bytes | None:
    """The request's body, or None when it is longer than ``most`` bytes (no further
    byte is read)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > most:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            return None
    return bytes(body)


def _fields(body: bytes, wanted: tuple[str, ...]) -> dict[str, Any]:
    """A small JSON object with exactly the ``wanted`` fields (InputError otherwise)."""
    example = json.dumps({name: "..." for name in wanted})
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or set(data) != set(wanted):
        raise InputError(f"send {example}", rule="message")
    return data


class Students:
    """The class's students and the teacher's routes, over one :class:`StudentStore`
    (and the hall, whose tables the teacher's page lists)."""

    def __init__(self, store: StudentStore, hall: Hall, teacher_code: str, *,
                 clock: Callable[[], float] = time.time,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.hall = hall
        self.clock = clock
        self._teacher = typed_code(teacher_code, TEACHER_CODE_LENGTH)
        if self._teacher is None:
            raise InputError(f"the teacher code must be {TEACHER_CODE_LENGTH} letters, as "
                             "new_teacher_code() makes it", rule="teacher-code")
        self._tries = Buckets(TRIES_BURST, TRIES_EVERY_S, monotonic)
        self._saves = Buckets(SAVES_BURST, SAVES_EVERY_S, monotonic)
        #: Progress checked one at a time, in a thread of its own (not the site files'
        #: threads): a class saving at once waits in turn, the files go on.
        self._checking: anyio.CapacityLimiter | None = None

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/students", self.register, methods=["POST"]),
            Route("/api/students/login", self.login, methods=["POST"]),
            Route("/api/students/me", self.me, methods=["GET"]),
            Route("/api/progress", self.progress, methods=["GET", "PUT"]),
            Route("/api/checks", self.checks, methods=["PUT"]),
            Route("/api/teacher/overview", self.overview, methods=["GET"]),
            Route("/api/teacher/export", self.export, methods=["GET"]),
            Route("/teacher/", self.page, methods=["GET", "HEAD"]),
            Route("/teacher", lambda request: RedirectResponse("/teacher/", 308),
                  methods=["GET", "HEAD"]),
        ]

    async def page(self, request: Request) -> Response:
        """The teacher's page: asks for the teacher code, then shows the class."""
        return Response(TEACHER_PAGE.read_bytes(), media_type="text/html; charset=utf-8",
                        headers=PAGE_HEADERS)

    # -- the students -------------------------------------------------------------------
    def _tried(self, request: Request) -> JSONResponse | None:
        """The refusal when the request's address has tried too often, else None."""
        if self._tries.take(request.client.host if request.client else "?"):
            return None
        return refused(429, "rate-limit", "too many tries from this address: wait "
                       f"{TRIES_EVERY_S:g} s", **{"Retry-After": str(int(TRIES_EVERY_S))})

    async def register(self, request: Request) -> Response:
        body = await read_body(request, SMALL_BODY)
        if (too_often := self._tried(request)) is not None:
            return too_often
        try:
            if body is None:
                raise InputError(f"send at most {SMALL_BODY} bytes", rule="message")
            name = normal_name(_fields(body, ("name",))["name"])
        except Texas42Error as error:
            return refused(400, error.rule or "message", error.message)
        if self.store.count() >= STUDENTS_MOST:
            return refused(403, "students", f"the class has {STUDENTS_MOST} students already")
        token = secrets.token_urlsafe(24)
        student = self.store.add(name, folded_name(name), new_letters(STUDENT_CODE_LENGTH),
                                 token_digest(token), self.clock())
        if student is None:
            return refused(409, "name-taken", f"{name} is a name in this class already: if "
                           "it is yours, give your student code (shown when you joined; "
                           "the teacher has it too); else choose another name")
        return JSONResponse({"name": student.name, "code": student.code, "token": token},
                            status_code=201, headers=_NO_STORE)

    async def login(self, request: Request) -> Response:
        """Name and student code: a new token for this device."""
        body = await read_body(request, SMALL_BODY)
        if (too_often := self._tried(request)) is not None:
            return too_often
        wrong = refused(401, "student-code", "no student of that name has that code: "
                        f"give your name and the {STUDENT_CODE_LENGTH} letters of your "
                        "student code")
        try:
            if body is None:
                raise InputError(f"send at most {SMALL_BODY} bytes", rule="message")
            fields = _fields(body, ("name", "code"))
            name = normal_name(fields["name"])
        except Texas42Error as error:
            return refused(400, error.rule or "message", error.message)
        code = typed_code(fields["code"], STUDENT_CODE_LENGTH)
        student = self.store.by_name(folded_name(name))
        # (the code compared in constant time, even when the name is nobody's)
        kept = student.code if student is not None else "?" * STUDENT_CODE_LENGTH
        if code is None or not secrets.compare_digest(kept, code) or student is None:
            return wrong
        token = secrets.token_urlsafe(24)
        self.store.add_device(student.id, token_digest(token), self.clock(),
                              DEVICES_PER_STUDENT)
        return JSONResponse({"name": student.name, "code": student.code, "token": token},
                            headers=_NO_STORE)

    def _student(self, request: Request) -> Student | None:
        """The student whose token the request carries, or None."""
        token = request.headers.get(TOKEN_HEADER, "")
        if not 16 <= len(token) <= 64:
            return None
        digest = token_digest(token)
        found = self.store.by_digest(digest)
        # (found by the digest, which tells nothing of the token; compared again, in
        # constant time, as the tables do)
        if found is None or not secrets.compare_digest(found[1], digest):
            return None
        return found[0]

    @staticmethod
    def _no_token() -> JSONResponse:
        return refused(401, "student-token", "this device is not registered in the class: "
                       "give your name (and your student code, if you have one)")

    async def me(self, request: Request) -> Response:
        """Who this device is in the class: ``{"name": null}`` when nobody yet (a 200,
        not a refusal: the page asks this on every visit, and a 4xx is a console error)."""
        student = self._student(request)
        if student is None:
            return JSONResponse({"name": None}, headers=_NO_STORE)
        now = self.clock()
        self.store.seen(student.id, now)
        return JSONResponse({"name": student.name, "code": student.code,
                             "saved_age": None if student.saved is None
                             else max(0.0, now - student.saved)}, headers=_NO_STORE)

    async def progress(self, request: Request) -> Response:
        student = self._student(request)
        if student is None:
            if request.method == "PUT":
                await read_body(request, 0)  # (unread: refused as it comes)
            return self._no_token()
        if request.method == "PUT":
            return await self._keep(request, student)
        text, saved = self.store.progress(student.id)
        now = self.clock()
        self.store.seen(student.id, now)
        age = "null" if saved is None else json.dumps(round(max(0.0, now - saved), 3))
        # (the stored text was checked whole: it is JSON, put in as it is)
        body = (f'{{"name": {json.dumps(student.name)}, "age": {age}, '
                f'"progress": {text or "null"}}}')
        return Response(body, media_type="application/json", headers=_NO_STORE)

    async def _keep(self, request: Request, student: Student) -> Response:
        if not self._saves.take(str(student.id)):
            return refused(429, "rate-limit", "too many saves: at most one every "
                           f"{SAVES_EVERY_S:g} s", **{"Retry-After": str(int(SAVES_EVERY_S))})
        body = await read_body(request, MAX_PROGRESS_BYTES)
        if body is None:
            return refused(413, "progress", f"the progress is more than {MAX_PROGRESS_BYTES} "
                           "bytes: it was not stored")
        kept, _ = self.store.progress(student.id)
        if kept is not None and body == kept.encode("utf-8"):  # (the same again: not replayed)
            self.store.seen(student.id, self.clock())
            return JSONResponse({"name": student.name, "hands": student.hands,
                                 "mistakes": student.mistakes, "age": 0.0}, headers=_NO_STORE)
        if self._checking is None:  # (made in the server's event loop)
            self._checking = anyio.CapacityLimiter(1)
        try:
            # (every hand replayed: a worker thread, the other requests go on)
            progress = await anyio.to_thread.run_sync(Progress.from_json, body,
                                                      limiter=self._checking)
        except Texas42Error as error:
            return refused(400, error.rule or "progress", error.message)
        text = progress.to_json()
        hands = progress.hands_played
        mistakes = sum(len(e.mistakes) for e in progress.entries)
        self.store.keep_progress(student.id, text, hands, mistakes, self.clock())
        return JSONResponse({"name": student.name, "hands": hands, "mistakes": mistakes,
                             "age": 0.0}, headers=_NO_STORE)

    async def checks(self, request: Request) -> Response:
        """The course's checks a device answered: merged into those kept (a check answered
        stays answered, with its first verdict)."""
        student = self._student(request)
        if student is None:
            await read_body(request, 0)  # (unread: refused as it comes)
            return self._no_token()
        if not self._saves.take(f"checks-{student.id}"):
            return refused(429, "rate-limit", "too many saves: at most one every "
                           f"{SAVES_EVERY_S:g} s", **{"Retry-After": str(int(SAVES_EVERY_S))})
        body = await read_body(request, MAX_CHECKS_BYTES)
        try:
            if body is None:
                raise InputError(f"the record is more than {MAX_CHECKS_BYTES} bytes: it was "
                                 "not stored", rule="checks")
            kept = merged(from_kept(self.store.checks(student.id)), read_checks(body))
        except Texas42Error as error:
            return refused(413 if body is None else 400, error.rule or "checks",
                           error.message)
        self.store.keep_checks(student.id, checks_json(kept), self.clock())
        return JSONResponse({"name": student.name, "chapters": summary(kept)},
                            headers=_NO_STORE)

    # -- the teacher --------------------------------------------------------------------
    def _teacher_refusal(self, request: Request) -> JSONResponse | None:
        """None when the request carries the teacher code; else 401 (none given) or 403
        (a wrong one, counted against the address), saying nothing more."""
        given = request.headers.get(TEACHER_HEADER)
        if given is None:
            return refused(401, "teacher-code", "give the teacher code")
        code = typed_code(given, TEACHER_CODE_LENGTH) or "?" * TEACHER_CODE_LENGTH
        assert self._teacher is not None
        address = request.client.host if request.client else "?"
        # Only wrong codes count against the address (the page asks every few seconds);
        # past the limit, right or wrong, the address learns nothing.
        if not self._tries.allows(address):
            return refused(429, "rate-limit", "too many tries from this address: wait "
                           f"{TRIES_EVERY_S:g} s", **{"Retry-After": str(int(TRIES_EVERY_S))})
        if not secrets.compare_digest(code, self._teacher):
            self._tries.take(address)
            return refused(403, "teacher-code", "that is not the teacher code")
        return None

    async def overview(self, request: Request) -> Response:
        if (refusal := self._teacher_refusal(request)) is not None:
            return refusal
        now = self.clock()
        tables = []
        for code, table in sorted(self.hall.tables.items()):
            hand = table.hand
            tables.append({
                "table": code, "kind": table.kind, "rules": table.rules.name,
                "names": [p.name for p in table.places],
                "hands_played": len(table.game.hands), "phase": hand.phase.value,
                "status": hand.status(), "standing": list(table.game.standing)})
        checks = self.store.all_checks()
        students = [{"name": s.name, "code": s.code, "hands": s.hands,
                     "mistakes": s.mistakes,
                     "saved_age": None if s.saved is None else max(0.0, now - s.saved),
                     "seen_age": max(0.0, now - s.seen),
                     "checks": summary(from_kept(checks.get(s.id)))}
                    for s in self.store.all()]
        return JSONResponse({"tables": tables, "students": students}, headers=_NO_STORE)

    async def export(self, request: Request) -> Response:
        """Every hand of the lesson: one file for the class (each student's progress as
        stored), or one student's ``texas42-progress`` file (``?student=NAME``), which
        ``texas42 review`` reads."""
        if (refusal := self._teacher_refusal(request)) is not None:
            return refusal
        wanted = request.query_params.get("student")
        if wanted is not None:
            try:
                student = self.store.by_name(folded_name(normal_name(wanted)))
            except Texas42Error as error:
                return refused(400, error.rule or "name", error.message)
            if student is None:
                return refused(404, "name", "no student of that name in this class")
            text, _ = self.store.progress(student.id)
            return Response(text or Progress().to_json(), media_type="application/json",
                            headers={**_NO_STORE, "Content-Disposition":
                                     'attachment; filename="texas42-progress.json"'})
        checks = self.store.all_checks()
        # (the stored texts were checked whole: JSON, put in as they are)
        parts = [f'{{"name": {json.dumps(s.name)}, "code": {json.dumps(s.code)}, '
                 f'"progress": {text or Progress().to_json()}'
                 + (f', "checks": {checks[s.id]}' if s.id in checks else "") + "}"
                 for s, text in self.store.all_progress()]
        head = json.dumps({"format": CLASS_FORMAT, "version": CLASS_VERSION,
                           "progress_format": PROGRESS_FORMAT})[:-1]
        return Response(f'{head}, "students": [{", ".join(parts)}]}}',
                        media_type="application/json",
                        headers={**_NO_STORE, "Content-Disposition":
                                 'attachment; filename="texas42-class.json"'})
