"""Serve the built book (``_build/html``) to this computer or to a whole room.

``make serve`` runs this; it never builds anything and needs no network::

    python -m texas42.classroom                  # http://127.0.0.1:8000/, this computer only
    HOST=0.0.0.0 python -m texas42.classroom     # every interface: the room's network

The site's files are answered by :class:`texas42.classroom.files.SiteFiles` (starlette),
over hypercorn's HTTP/1.1 connections, held by this module so that a room of phones that
sleep mid-download, or anyone sending junk, cannot stop it answering the others:

* a connection that has no complete request head within ``--idle-timeout`` seconds of
  opening (or of its last answer) is closed: idle sockets and clients that trickle a
  request a byte at a time;
* a piece of an answer (64 KB) that the client does not take within ``--send-timeout``
  seconds closes the connection: a client that stops reading;
* at most ``--max-connections`` connections in all and ``--max-per-client`` from one
  address; past either the new connection is answered 503 / 429 at once and closed, and
  the others go on;
* every malformed request gets a 4xx answer and one line on stderr, no traceback;
  a client hanging up mid-answer prints nothing.

With ``HOST=0.0.0.0`` (or any address that is not loopback) it prints the addresses to
share, one per non-loopback IPv4 address (``http://ADDR:PORT/``), and answers
``room.json`` (the addresses and their QR codes, :mod:`texas42.classroom.room`) in place of
the build's empty one: the teacher's guide shows them. Nothing is written into the build.

A missing build exits with status 2 and says how to make one (``make site``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import signal
import socket
import sqlite3
import sys
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio.to_thread
import h11
from hypercorn.app_wrappers import ASGIWrapper
from hypercorn.asyncio.lifespan import Lifespan
from hypercorn.asyncio.tcp_server import TCPServer
from hypercorn.asyncio.worker_context import WorkerContext
from hypercorn.config import Config
from hypercorn.events import Closed, Event, RawData
from hypercorn.logging import Logger
from hypercorn.protocol.h2 import H2Protocol
from hypercorn.typing import ResponseSummary, WWWScope
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.types import ASGIApp

from .files import SiteFiles
from .live import MESSAGE_LONGEST, Hall, LiveTables
from .room import ROOM_FILE, room_info, share_addresses
from .store import StudentStore, TableStore
from .students import ClassroomMark, Students, new_teacher_code

#: The build ``make serve`` serves, from the repository's root.
SITE = Path("_build") / "html"
#: How long a refused connection may take to send its request head (read so that the
#: refusal is not lost to a reset), and how many refusals may be in progress at once.
REFUSE_READ_S = 1.0
REFUSING_MAX = 64
#: Worker threads that look files up and read them.
FILE_THREADS = 8
#: Open files kept for everything else (the site's files, logs, the thread pool).
FILES_RESERVE = 128

log = logging.getLogger("texas42.classroom")


@dataclass(frozen=True)
class Limits:
    """What one connection, one client and all of them together may hold."""

    #: Seconds a connection may stay without a complete request head (new or kept alive).
    idle_timeout: float = 10.0
    #: Seconds a piece of an answer may wait for the client to take it.
    send_timeout: float = 30.0
    #: Open connections in all, and from one client address.
    max_connections: int = 1000
    max_per_client: int = 64
    #: The longest request head (request line and headers), in bytes.
    max_head_bytes: int = 16 * 1024


def shown(text: str, limit: int = 120) -> str:
    """``text`` on one short line: control characters escaped, cut at ``limit``."""
    escaped = text.encode("unicode_escape").decode("ascii")
    return escaped if len(escaped) <= limit else f"{escaped[:limit]}... ({len(text)} characters)"


class SiteLog(Logger):
    """hypercorn's logger, quiet: one line per 4xx/5xx answer, nothing for the rest (a
    room of devices fetches thousands of files) nor for a client that hung up."""

    async def access(
        self, request: WWWScope, response: ResponseSummary | None, request_time: float
    ) -> None:
        if response is None or int(response.get("status", 0)) < 400:
            return
        client = request.get("client") or ("?", 0)
        raw = request.get("raw_path") or b""
        target = raw.decode("latin-1") + (
            "?" + request["query_string"].decode("latin-1") if request.get("query_string") else ""
        )
        method = str(request.get("method", "GET"))
        log.warning("%s %s %s %s", response["status"], client[0], method, shown(target))

    async def info(self, message: str, *args: Any, **kwargs: Any) -> None:
        log.info(message, *args, **kwargs)


def hypercorn_config(limits: Limits) -> Config:
    config = Config()
    config.keep_alive_timeout = limits.idle_timeout
    config.h11_max_incomplete_size = limits.max_head_bytes
    config.include_server_header = False
    config.accesslog = None
    config.errorlog = log
    config.logger_class = SiteLog
    config.graceful_timeout = 2.0
    # A live table's messages are small: a longer one is closed (1009) before it is
    # put together (texas42/classroom/live.py refuses it again before parsing).
    config.websocket_max_message_size = MESSAGE_LONGEST
    return config


_STATUS_WORDS = {429: "Too Many Requests", 503: "Service Unavailable"}


def refusal(status: int, text: str) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection."""
    body = (text + "\n").encode()
    head = (
        f"HTTP/1.1 {status} {_STATUS_WORDS[status]}\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nRetry-After: 2\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


class Connection(TCPServer):
    """One client's connection: hypercorn's, with a deadline on each piece of the answer
    and one log line when the client's request could not be parsed.

    It overrides some of TCPServer's own methods (hypercorn 0.18, pinned in
    requirements/constraints.txt): tests/test_serve.py attacks each of these paths, so a
    hypercorn that changed them fails there first."""

    def __init__(self, *args: Any, limits: Limits, client: str) -> None:
        super().__init__(*args)
        self.limits = limits
        self.client = client
        self.rejected = False
        self.timed_out = False

    async def protocol_send(self, event: Event) -> None:
        if not isinstance(event, RawData):
            await super().protocol_send(event)
            return
        if isinstance(getattr(self.protocol, "protocol", None), H2Protocol):
            # HTTP/2 without TLS (prior knowledge or an h2c upgrade): no browser asks
            # for it, and hypercorn never times such a connection out when it is idle.
            if not self.rejected:
                self.rejected = True
                log.warning("closed %s (HTTP/2 without TLS is not served)", self.client)
            self.writer.transport.abort()
            return
        self._note_rejection(event.data)
        async with self.send_lock:
            try:
                self.writer.write(event.data)
                await asyncio.wait_for(self.writer.drain(), self.limits.send_timeout)
            except TimeoutError:
                # The client stopped taking the answer: drop the connection at once.
                self.writer.transport.abort()
                await self.protocol.handle(Closed())
            except (ConnectionError, RuntimeError):
                await self.protocol.handle(Closed())

    async def _read_data(self) -> None:
        await super()._read_data()
        # The client is gone: free its slot now, not when the idle timer would have fired.
        await self.idle_task.stop()

    async def _close(self) -> None:
        # A graceful close waits for the client to take what is still buffered: bounded.
        transport = self.writer.transport
        if transport.get_write_buffer_size() and not transport.is_closing():
            with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
                await asyncio.wait_for(self.writer.drain(), self.limits.send_timeout)
        if transport.get_write_buffer_size():
            transport.abort()
        await super()._close()

    async def _initiate_server_close(self) -> None:
        self.timed_out = True  # the idle timer: no whole request in time
        await super()._initiate_server_close()

    def _note_rejection(self, data: bytes) -> None:
        """hypercorn answers a request h11 cannot parse (400, 431 head too long, 501) with
        no log line: the line is written here, from the answer's status line."""
        connection = getattr(getattr(self, "protocol", None), "protocol", None)
        h11_connection = getattr(connection, "connection", None)
        if self.rejected or not isinstance(h11_connection, h11.Connection):
            return
        if h11_connection.their_state is h11.ERROR and data.startswith(b"HTTP/1.1 "):
            self.rejected = True
            status = data[9:12].decode("latin-1")
            if self.timed_out:  # closed already: the answer never reaches the client
                idle = self.limits.idle_timeout
                log.warning("closed %s (no whole request within %g s)", self.client, idle)
            else:
                reason = "request head too long" if status == "431" else "malformed request"
                log.warning("%s %s (%s)", status, self.client, reason)


class Gate:
    """Counts the open connections, in all and per client address, and says which to refuse."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.total = 0
        self.per_client: Counter[str] = Counter()
        self.refusing = 0
        self.full_noted: set[str] = set()

    def refusal(self, client: str) -> tuple[int, str] | None:
        """(status, text) if a new connection from ``client`` must be refused, else None."""
        if self.total >= self.limits.max_connections:
            self._note("*", f"{self.total} connections open (the most): refusing new ones (503)")
            return 503, "The server is busy: try again in a moment."
        if self.per_client[client] >= self.limits.max_per_client:
            self._note(
                client,
                f"{client} has {self.per_client[client]} connections open (the most from one"
                " address): refusing more from it (429)",
            )
            return 429, "Too many connections from this address: try again in a moment."
        return None

    def _note(self, key: str, message: str) -> None:
        # One line when a limit is reached, not one per refused connection.
        if key not in self.full_noted:
            self.full_noted.add(key)
            log.warning("%s", message)

    def opened(self, client: str) -> None:
        self.total += 1
        self.per_client[client] += 1

    def closed(self, client: str) -> None:
        self.total -= 1
        left = self.per_client[client] - 1
        if left > 0:
            self.per_client[client] = left
        else:
            del self.per_client[client]
        if left < self.limits.max_per_client // 2:
            self.full_noted.discard(client)
        if self.total < self.limits.max_connections // 2:
            self.full_noted.discard("*")


async def refuse(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, status: int, text: str
) -> None:
    """Answer ``status`` and close; the request head is read first (briefly) so that the
    answer is not lost to the reset that unread data causes."""
    with contextlib.suppress(asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                             TimeoutError, ConnectionError):
        await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), REFUSE_READ_S)
    with contextlib.suppress(TimeoutError, ConnectionError, RuntimeError):
        writer.write(refusal(status, text))
        await asyncio.wait_for(writer.drain(), REFUSE_READ_S)
    if writer.transport.get_write_buffer_size():
        writer.transport.abort()
    else:
        writer.close()


async def serve(
    app: ASGIApp,
    sock: socket.socket,
    limits: Limits,
    shutdown: Callable[[], Awaitable[object]],
) -> None:
    """Serve ``app`` on the listening ``sock`` until ``shutdown`` returns."""
    config = hypercorn_config(limits)
    loop = asyncio.get_running_loop()
    # Files are looked up and read in worker threads: a few are enough for a disk, and
    # each thread's own malloc arena would grow the memory a little with every lesson.
    anyio.to_thread.current_default_thread_limiter().total_tokens = FILE_THREADS
    wrapped = ASGIWrapper(app)  # type: ignore[arg-type]
    state: dict[str, Any] = {}
    lifespan = Lifespan(wrapped, config, loop, state)
    lifespan_task = loop.create_task(lifespan.handle_lifespan())
    await lifespan.wait_for_startup()
    context = WorkerContext(None)
    gate = Gate(limits)
    tasks: set[asyncio.Task[None]] = set()

    async def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        client = str(peer[0]) if peer else "?"
        refused = gate.refusal(client)
        if refused is not None:
            if gate.refusing >= REFUSING_MAX:
                writer.transport.abort()
                return
            gate.refusing += 1
            try:
                await refuse(reader, writer, *refused)
            finally:
                gate.refusing -= 1
            return
        gate.opened(client)
        task = asyncio.current_task()
        if task is not None:
            tasks.add(task)
        try:
            await Connection(
                wrapped, loop, config, context, state, reader, writer, limits=limits, client=client
            )
        except Exception as error:  # never a traceback for one client's connection
            log.warning("connection from %s ended: %s", client, shown(repr(error)))
        finally:
            gate.closed(client)
            if task is not None:
                tasks.discard(task)

    server = await asyncio.start_server(connected, sock=sock, backlog=1024)
    try:
        await shutdown()
    finally:
        await context.terminated.set()  # idle connections close at once
        server.close()
        if tasks:
            _, pending = await asyncio.wait(set(tasks), timeout=config.graceful_timeout)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        await lifespan.wait_for_shutdown()
        lifespan_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await lifespan_task


def build_app(directory: Path, room: bytes, live: LiveTables | None = None,
              students: Students | None = None) -> Starlette:
    """The classroom's app: ``room.json`` (the addresses to share), the live tables'
    routes (:mod:`texas42.classroom.live`) and the students' and teacher's routes
    (:mod:`texas42.classroom.students`) when given, then the site's files."""

    async def room_file(request: Request) -> Response:
        return Response(room, media_type="application/json", headers={"Cache-Control": "no-store"})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if live is None:
            yield
            return
        async with live.running():
            yield

    return Starlette(
        routes=[
            Route("/" + ROOM_FILE, room_file, methods=["GET", "HEAD"]),
            *(live.routes() if live is not None else []),
            *(students.routes() if students is not None else []),
            Mount("/", app=SiteFiles(directory) if students is None
                  else ClassroomMark(SiteFiles(directory))),
        ],
        lifespan=lifespan,
    )


def default_tables_file() -> Path:
    """Where the classroom keeps its tables: outside the build (``make clean`` keeps
    them), in the user's state folder."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "texas42" / "classroom.sqlite"


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on the IPv4 ``host:port`` (port 0: any free one)."""
    return socket.create_server((host, port), backlog=1024)


def room_json(bound: str, port: int) -> tuple[bytes, list[str]]:
    """``room.json``'s bytes and the URLs in it, for a server bound to ``bound:port``."""
    urls = [f"http://{address}:{port}/" for address in share_addresses(bound)]
    return json.dumps(room_info(urls)).encode(), urls


def open_files_for(limits: Limits) -> Limits:
    """``limits`` within the process's open-file limit, raised first if it allows."""
    try:
        import resource
    except ImportError:  # not a POSIX system: nothing to raise
        return limits
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limits.max_connections + FILES_RESERVE
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft != resource.RLIM_INFINITY and soft < wanted:
        fitted = max(1, soft - FILES_RESERVE)
        print(f"    (open-file limit {soft}: at most {fitted} connections)")
        return Limits(**{**limits.__dict__, "max_connections": fitted})
    return limits


def _positive(kind: type[float] | type[int]) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text!r} must be above 0")
        return value

    return parse


def _ip_address(text: str) -> str:
    try:
        return str(ipaddress.IPv4Address(text or "0.0.0.0"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an IPv4 address (127.0.0.1: this computer; 0.0.0.0: every"
            " interface)"
        ) from None


def parser() -> argparse.ArgumentParser:
    defaults = Limits()
    parser = argparse.ArgumentParser(
        prog="python -m texas42.classroom", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--host", type=_ip_address, default=os.environ.get("HOST") or "127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument(
        "--directory", type=Path, default=Path(os.environ.get("SERVE_DIRECTORY") or SITE)
    )
    parser.add_argument("--tables", type=Path,
                        default=Path(os.environ.get("CLASSROOM_TABLES") or default_tables_file()),
                        help="the SQLite file that keeps the live tables (default: "
                        "~/.local/state/texas42/classroom.sqlite)")
    parser.add_argument("--idle-timeout", type=_positive(float), default=defaults.idle_timeout,
                        help="seconds a connection may stay without a whole request "
                        f"(default {defaults.idle_timeout:g})")
    parser.add_argument("--send-timeout", type=_positive(float), default=defaults.send_timeout,
                        help="seconds a piece of an answer may wait for the client "
                        f"(default {defaults.send_timeout:g})")
    parser.add_argument("--max-connections", type=_positive(int),
                        default=defaults.max_connections,
                        help=f"open connections in all (default {defaults.max_connections})")
    parser.add_argument("--max-per-client", type=_positive(int), default=defaults.max_per_client,
                        help="open connections from one address "
                        f"(default {defaults.max_per_client})")
    return parser


def print_addresses(directory: Path, bound: str, port: int, urls: list[str]) -> None:
    print(f"==> Serving {directory} on {bound}:{port}   (Ctrl-C to stop)")
    if bound == "0.0.0.0":
        print(f"    on this computer: http://127.0.0.1:{port}/")
        if urls:
            print("    share with the room (the teacher's guide shows them as QR codes):")
            for url in urls:
                print(f"      {url}")
        else:
            print("    no network address found: is this computer on the room's network?")
        print(f"    the teacher's guide shows them: http://127.0.0.1:{port}/book/teachers.html")
    else:
        print(f"    http://{bound}:{port}/")
        if ipaddress.ip_address(bound).is_loopback:
            print("    (this computer only: `HOST=0.0.0.0 make serve` serves the room's network)")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    directory: Path = args.directory
    if not (directory / "index.html").is_file():
        print(
            f"serve: there is no build in {directory} yet. Build it once with `make site`"
            " (it builds the book, then serves it); after that `make serve` serves it"
            " without building.",
            file=sys.stderr,
        )
        return 2
    limits = open_files_for(
        Limits(
            idle_timeout=args.idle_timeout,
            send_timeout=args.send_timeout,
            max_connections=args.max_connections,
            max_per_client=args.max_per_client,
        )
    )
    try:
        sock = listen(args.host, args.port)
    except OSError as exc:
        print(f"serve: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    bound, port = str(sock.getsockname()[0]), int(sock.getsockname()[1])
    room, urls = room_json(bound, port)
    print_addresses(directory, bound, port, urls)
    sys.stdout.flush()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.WARNING)
    log.propagate = False
    tables: Path = args.tables
    try:
        tables.parent.mkdir(parents=True, exist_ok=True)
        store = TableStore(tables)
        hall = Hall(store)
        students = Students(StudentStore(store.db), hall, teacher_code := new_teacher_code())
    except (OSError, sqlite3.Error) as exc:
        print(f"serve: cannot keep the tables in {tables}: {exc}", file=sys.stderr)
        sock.close()
        return 1
    print(f"    live tables and students' progress kept in {tables} ({len(hall.tables)} "
          f"tables, {students.store.count()} students)")
    print(f"    teacher's page: http://127.0.0.1:{port}/teacher/   teacher code: {teacher_code}"
          "   (new at each start; never show it to students)")
    sys.stdout.flush()
    run(build_app(directory, room, LiveTables(hall), students), sock, limits)
    print("\n==> stopped")
    return 0


def run(app: ASGIApp, sock: socket.socket, limits: Limits) -> None:
    """Serve until SIGINT or SIGTERM."""

    async def until_signalled() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, stop.set)
        await serve(app, sock, limits, stop.wait)

    try:
        asyncio.run(until_signalled())
    except KeyboardInterrupt:  # a signal before the handlers were in place
        pass
    finally:
        sock.close()
