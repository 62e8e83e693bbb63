"""The classroom's tables on disk: one SQLite file (standard library ``sqlite3``, WAL).

Each table is one row: its code and :meth:`texas42.classroom.tables.Table.to_state`
(the kind, the seed, each hand's deal and the engine's actions, the places' names and
token digests), written after every accepted action, in one transaction, before the
seats are told. A server that stops mid-hand loads every table back with
:meth:`TableStore.load_all`: the engine replays each hand, so nothing is lost and nothing
is taken on trust (a saved deal that the seed does not deal is refused).
"""

from __future__ import annotations

import json
import sqlite3
import time
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

    def close(self) -> None:
        self._db.close()
