"""A small blocking WebSocket client (wsproto, which hypercorn already brings), a
classroom server run in a thread, and the classroom's app built as the server builds it
(the live tables and the students' routes on one SQLite file): for the classroom's tests
and bench/bench_tables_load.py.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import warnings
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from wsproto import ConnectionType, WSConnection
from wsproto.events import (
    AcceptConnection,
    CloseConnection,
    Event,
    Message,
    Ping,
    RejectConnection,
    Request,
    TextMessage,
)

from texas42.classroom.live import Hall, LiveTables
from texas42.classroom.server import Limits, build_app, serve
from texas42.classroom.store import StudentStore, TableStore
from texas42.classroom.students import Students

with warnings.catch_warnings():  # (starlette 1.10 would rather have httpx2; httpx is pinned)
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient


class Closed(Exception):
    """The server closed the WebSocket (``code``)."""

    def __init__(self, code: int | None) -> None:
        super().__init__(f"closed ({code})")
        self.code = code


class WSClient:
    """One WebSocket to ``/ws/table`` on 127.0.0.1:``port``, read and written in turn."""

    def __init__(self, port: int, *, timeout: float = 20.0, path: str = "/ws/table") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.ws = WSConnection(ConnectionType.CLIENT)
        self.events: deque[Event] = deque()
        self._text = ""
        self.sock.sendall(self.ws.send(Request(host="127.0.0.1", target=path)))
        event = self._next()
        if isinstance(event, RejectConnection) or not isinstance(event, AcceptConnection):
            raise Closed(getattr(event, "status_code", None))

    def _next(self) -> Event:
        while not self.events:
            data = self.sock.recv(65536)
            self.ws.receive_data(data or None)
            self.events.extend(self.ws.events())
            if not data and not self.events:
                raise Closed(None)
        return self.events.popleft()

    def send(self, message: Any) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        self.sock.sendall(self.ws.send(Message(data=text)))

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def receive(self) -> dict[str, Any]:
        """The next whole message; :class:`Closed` when the server closes."""
        while True:
            event = self._next()
            if isinstance(event, Ping):
                self.sock.sendall(self.ws.send(event.response()))
            elif isinstance(event, CloseConnection):
                raise Closed(event.code)
            elif isinstance(event, TextMessage):
                self._text += event.data
                if event.message_finished:
                    text, self._text = self._text, ""
                    message: dict[str, Any] = json.loads(text)
                    return message

    def close(self) -> None:
        self.sock.close()


@contextmanager
def classroom_server(hall: Hall, site: Path, *, limits: Limits | None = None,
                     pace: float = 0.0, idle: float = 60.0, students: Students | None = None,
                     live: LiveTables | None = None, port: int = 0) -> Iterator[int]:
    """The classroom server (its own accept loop and limits, hypercorn, the live tables,
    the students' routes when given; ``live``: the live tables' routes as given, else
    made for ``hall``) on a free port (or ``port``: the same again after a restart) in a
    thread, until the block ends: yields the port."""
    sock = socket.create_server(("127.0.0.1", port))
    port = int(sock.getsockname()[1])
    live = LiveTables(hall, pace=pace, idle=idle) if live is None else live
    app = build_app(site, b"{}", live, students)
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    started = threading.Event()

    async def main() -> None:
        started.set()
        await serve(app, sock, limits or Limits(), stop.wait)

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    started.wait(10)
    try:
        yield port
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(15)
        sock.close()
        assert not thread.is_alive(), "the classroom server did not stop within 15 s"
        loop.close()


def class_parts(path: Path, teacher: str) -> tuple[TableStore, Hall, Students]:
    """A class as the server keeps it: the SQLite file ``path`` (the tables and the
    students in one), its hall of tables, and the students' and teacher's routes."""
    store = TableStore(path)
    hall = Hall(store)
    return store, hall, Students(StudentStore(store.db), hall, teacher)


@contextmanager
def students_app(path: Path, site: Path, teacher: str
                 ) -> Iterator[tuple[TestClient, Hall, TableStore]]:
    """The classroom's app (the live tables, the students' routes, the ``site``) on the
    SQLite file ``path`` in a test client, its lifespan running: (the client, the hall,
    the store). A new app each time: a restart."""
    store, hall, students = class_parts(path, teacher)
    app = build_app(site, b"{}", LiveTables(hall, pace=0.0), students)
    with TestClient(app) as client:
        yield client, hall, store


def slow_review(hand: Any, seats: tuple[int, ...], seed: int) -> dict[str, Any]:
    """A review job that takes ten minutes (a review in progress when the server stops:
    importable by the review pool's spawned processes)."""
    time.sleep(600)
    return {"seats": []}
