"""The classroom's tables on disk: one SQLite file (standard library ``sqlite3``, WAL).

Each table is one row: its code and :meth:`texas42.classroom.tables.Table.to_state`
(the kind, the seed, each hand's deal and the engine's actions, the places' names and
token digests), written after every accepted action, in one transaction, before the
seats are told. A server that stops mid-hand loads every table back with
:meth:`TableStore.load_all`: the engine replays each hand, so nothing is lost and nothing
is taken on trust (a saved deal that the seed does not deal is refused).

The same file keeps the class's students (:class:`StudentStore`, its own tables
``students`` and ``devices``): each student's name, student code and progress
(:mod:`texas42.progress`, checked before it is stored), and the digest of each device's
token.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import Texas42Error
from .tables import GRACE_S, Table

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    saved REAL NOT NULL
)
"""


class TableStore:
    """The tables of one classroom in the SQLite file ``path`` (``":memory:"``: none)."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        # One connection, used from the server's event loop only (or its one thread).
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a committed action survives the server's crash
        # (not the machine's power cut mid-write, which a classroom can live with).
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)

    @property
    def db(self) -> sqlite3.Connection:
        """The file's connection (the students' store shares it: one writer)."""
        return self._db

    def save(self, table: Table) -> None:
        """Keep ``table`` as it is now (replacing what was kept)."""
        state = json.dumps(table.to_state(), separators=(",", ":"))
        with self._db:
            self._db.execute(
                "INSERT INTO tables (code, state, saved) VALUES (?, ?, ?) "
                "ON CONFLICT(code) DO UPDATE SET state = excluded.state, saved = excluded.saved",
                (table.code, state, time.time()),
            )

    def load_all(self, *, now: float, grace: float = GRACE_S) -> tuple[dict[str, Table],
                                                                        list[str]]:
        """Every kept table, by code, replayed; and one line for each that could not be
        (left on disk, untouched, for the teacher to look at)."""
        tables: dict[str, Table] = {}
        problems: list[str] = []
        for code, text in self._db.execute("SELECT code, state FROM tables ORDER BY code"):
            try:
                tables[code] = Table.from_state(json.loads(text), now=now, grace=grace)
            except (Texas42Error, ValueError, KeyError, TypeError) as error:
                problems.append(f"table {code} could not be loaded: {error}")
        return tables, problems

    def codes(self) -> list[str]:
        return [code for (code,) in self._db.execute("SELECT code FROM tables")]

    def saved_at(self) -> dict[str, float]:
        """When each kept table last changed (seconds since 1970)."""
        return dict(self._db.execute("SELECT code, saved FROM tables"))

    def delete(self, code: str) -> None:
        """Forget the table ``code`` (a table retired to make room)."""
        with self._db:
            self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def close(self) -> None:
        self._db.close()


_STUDENTS_SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,          -- as shown (texas42.class_export.normal_name)
    folded TEXT NOT NULL UNIQUE, -- the name as compared: case-folded
    code TEXT NOT NULL,          -- the student code (shown to the student and the teacher)
    progress TEXT,               -- a texas42-progress JSON, checked whole, or NULL
    saved REAL,                  -- when the progress was stored (seconds since 1970)
    hands INTEGER NOT NULL DEFAULT 0,    -- hands played to the end, in the progress
    mistakes INTEGER NOT NULL DEFAULT 0, -- mistakes kept to play again, in the progress
    joined REAL NOT NULL,
    seen REAL NOT NULL,          -- the last request with one of the student's tokens
    checks TEXT                  -- the course's checks answered (texas42.classroom.checks)
)
""",
    """
CREATE TABLE IF NOT EXISTS devices (
    digest TEXT PRIMARY KEY,     -- SHA-256 of a device's token (the token is only there)
    student INTEGER NOT NULL REFERENCES students(id),
    made REAL NOT NULL
)
""",
    "CREATE INDEX IF NOT EXISTS devices_student ON devices (student)",
)


@dataclass(frozen=True)
class Student:
    """One student of the class as kept (without the progress itself)."""

    id: int
    name: str
    code: str
    saved: float | None
    hands: int
    mistakes: int
    joined: float
    seen: float


_STUDENT_COLUMNS = "id, name, code, saved, hands, mistakes, joined, seen"


class StudentStore:
    """The class's students in the classroom's SQLite file (``db``: the tables' one)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        for statement in _STUDENTS_SCHEMA:
            self._db.execute(statement)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(students)")}
        if "checks" not in columns:  # (a class kept before the checks were)
            with self._db:
                self._db.execute("ALTER TABLE students ADD COLUMN checks TEXT")

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM students").fetchone()[0])

    def add(self, name: str, folded: str, code: str, digest: str, now: float) -> Student | None:
        """A new student with their first device's token digest; None when the name is
        taken."""
        try:
            with self._db:
                cursor = self._db.execute(
                    "INSERT INTO students (name, folded, code, joined, seen) "
                    "VALUES (?, ?, ?, ?, ?)", (name, folded, code, now, now))
                student = int(cursor.lastrowid or 0)
                self._db.execute("INSERT INTO devices (digest, student, made) VALUES (?, ?, ?)",
                                 (digest, student, now))
        except sqlite3.IntegrityError:
            return None
        return self.by_id(student)

    def by_id(self, student: int) -> Student | None:
        row = self._db.execute(f"SELECT {_STUDENT_COLUMNS} FROM students WHERE id = ?",
                               (student,)).fetchone()
        return None if row is None else Student(*row)

    def by_name(self, folded: str) -> Student | None:
        row = self._db.execute(f"SELECT {_STUDENT_COLUMNS} FROM students WHERE folded = ?",
                               (folded,)).fetchone()
        return None if row is None else Student(*row)

    def by_digest(self, digest: str) -> tuple[Student, str] | None:
        """The student a device's token digest belongs to, and the digest as kept."""
        row = self._db.execute(
            f"SELECT devices.digest, {', '.join('s.' + c for c in _STUDENT_COLUMNS.split(', '))}"
            " FROM devices JOIN students AS s ON s.id = devices.student"
            " WHERE devices.digest = ?", (digest,)).fetchone()
        return None if row is None else (Student(*row[1:]), str(row[0]))

    def add_device(self, student: int, digest: str, now: float, most: int) -> None:
        """Another device's token for ``student``; past ``most`` devices the oldest is
        forgotten (its token no longer works)."""
        with self._db:
            self._db.execute("INSERT INTO devices (digest, student, made) VALUES (?, ?, ?)",
                             (digest, student, now))
            self._db.execute(
                "DELETE FROM devices WHERE student = ? AND digest NOT IN (SELECT digest FROM "
                "devices WHERE student = ? ORDER BY made DESC, rowid DESC LIMIT ?)",
                (student, student, most))

    def seen(self, student: int, now: float) -> None:
        with self._db:
            self._db.execute("UPDATE students SET seen = ? WHERE id = ?", (now, student))

    def progress(self, student: int) -> tuple[str | None, float | None]:
        """The student's progress JSON as stored (None: none yet) and when it was."""
        row = self._db.execute("SELECT progress, saved FROM students WHERE id = ?",
                               (student,)).fetchone()
        return (None, None) if row is None else (row[0], row[1])

    def keep_progress(self, student: int, text: str, hands: int, mistakes: int,
                      now: float) -> None:
        """Store ``text`` (checked already) as the student's progress, in one transaction."""
        with self._db:
            self._db.execute(
                "UPDATE students SET progress = ?, saved = ?, hands = ?, mistakes = ?, "
                "seen = ? WHERE id = ?", (text, now, hands, mistakes, now, student))

    def all(self) -> list[Student]:
        return [Student(*row) for row in self._db.execute(
            f"SELECT {_STUDENT_COLUMNS} FROM students ORDER BY folded")]

    def all_progress(self) -> list[tuple[Student, str | None]]:
        """Every student with their progress JSON (None: none stored)."""
        return [(Student(*row[:-1]), row[-1]) for row in self._db.execute(
            f"SELECT {_STUDENT_COLUMNS}, progress FROM students ORDER BY folded")]

    def checks(self, student: int) -> str | None:
        """The student's checks answered as stored (None: none yet)."""
        row = self._db.execute("SELECT checks FROM students WHERE id = ?",
                               (student,)).fetchone()
        return None if row is None else row[0]

    def keep_checks(self, student: int, text: str, now: float) -> None:
        """Store ``text`` (checked and merged already) as the student's checks."""
        with self._db:
            self._db.execute("UPDATE students SET checks = ?, seen = ? WHERE id = ?",
                             (text, now, student))

    def all_checks(self) -> dict[int, str]:
        """Every student's checks as stored, by the student's id (those with none left out)."""
        return dict(self._db.execute(
            "SELECT id, checks FROM students WHERE checks IS NOT NULL"))
