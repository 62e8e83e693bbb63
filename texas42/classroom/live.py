"""Live tables over WebSockets: the protocol, the hall of tables, and the routes.

A device opens ``/ws/table`` and speaks JSON text messages, one object each, never
longer than :data:`MESSAGE_LONGEST` bytes (hypercorn closes a longer one with 1009
before it is put together; it is refused here again before any parsing)::

    -> {"type": "join", "table": "CDFGH", "name": "Ana"}      take a free place
    <- {"type": "joined", "table": "CDFGH", "place": 1, "token": "..."}   (keep the token)
    -> {"type": "rejoin", "table": "CDFGH", "token": "..."}   back to one's place
    <- {"type": "joined", "table": "CDFGH", "place": 1}
    <- {"type": "state", ...}      the place's view (Table.view): after joining, and to
                                   every place of the table after each accepted action
    -> {"type": "act", "kind": "bid", "value": 30}           (kind: bid, discard,
                                   contract, play, next; value: a bid, contract or domino)
    <- {"type": "refused", "rule": "follow-suit", "message": "..."}   the engine's words;
                                   nothing changed
    -> {"type": "ping"}            <- {"type": "pong"}

Every field is checked (unknown fields, wrong types, long text are refused with
``rule="message"``). A connection says nothing for :data:`IDLE_S` seconds (clients ping
every 20): it is closed (1001), and a half-open socket with it. More than
:data:`RATE_PER_S` messages a second past a burst of :data:`BURST`: refused
(``rule="rate-limit"``) and, kept up, closed (1008). A device that cannot take its state
as fast as it changes is sent only the latest state (never a queue of them).

``POST /api/tables`` with ``{"kind": "42"}`` opens a table (its code in the answer);
``GET /api/tables/CODE`` says its kind and who sits there (names only); ``POST
/api/tables/CODE/review`` gives the coach's review of one's own place once the hand is over
(:mod:`texas42.classroom.reviews`); ``/table/`` is the
page a student plays at (texas42/classroom/table.html, no other host). The computer's
turns are taken by one task for the whole hall, each decision in a worker thread, at the
pace of :data:`PACE_S` seconds so that people see each action.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import IllegalActionError, InputError, NotationError, Texas42Error, quote
from .reviews import Reviews, review_route
from .store import TableStore
from .tables import GRACE_S, TABLE_KINDS, Table, new_code, normal_code

log = logging.getLogger("texas42.classroom")

#: The page a student plays at (``/table/``; ``/table/?table=CODE`` fills the code in).
TABLE_PAGE = Path(__file__).with_name("table.html")

#: The longest message a device may send, in bytes (a join with a long name is ~200).
MESSAGE_LONGEST = 1024
#: Seconds a connection may stay silent before it is closed (clients ping every 20 s).
IDLE_S = 60.0
#: Messages a connection may send: a burst, then this many a second.
BURST = 20
RATE_PER_S = 5.0
#: Refusals for the rate in a row that close the connection.
FLOOD_CLOSE = 40
#: Seconds a closing connection may take to send its last replies and the close.
CLOSE_WAIT_S = 2.0
#: Replies waiting for a device that does not read: past this it is closed.
OUTBOX_MOST = 64
#: Seconds between two computer actions (people watch them).
PACE_S = 0.6
#: Tables a hall holds, and live connections one table may have.
TABLES_MOST = 500
#: A table nobody is connected to and nobody has played at for this long may be retired
#: to make room for a new one (the hall is full): a class's tables from earlier lessons,
#: kept across restarts, never fill the hall for good.
RETIRE_AFTER_S = 6 * 3600.0
CLIENTS_PER_TABLE = 32
#: Tables one address may open: a burst, then one every this many seconds (a class opens
#: a few; a script that opens hundreds would fill the hall).
OPEN_BURST = 10
OPEN_EVERY_S = 10.0

#: Each message's fields and their types (str, int), besides "type".
MESSAGE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "join": {"table": (str,), "name": (str,)},
    "rejoin": {"table": (str,), "token": (str,)},
    "act": {"kind": (str,), "value": (str, int, type(None))},
    "ping": {},
}
#: The longest text in any field.
FIELD_LONGEST = 100


@dataclass(eq=False)
class Client:
    """One live connection: its place at one table (once joined), and what waits to be
    sent to it."""

    notify: Callable[[], None] = lambda: None
    code: str | None = None
    place: int | None = None
    outbox: deque[dict[str, Any]] = field(default_factory=deque)
    wants_state: bool = False
    allowance: float = float(BURST)
    stamp: float = 0.0
    floods: int = 0
    #: Set when the connection must be closed (code, reason).
    close: tuple[int, str] | None = None

    def reply(self, message: dict[str, Any]) -> None:
        if len(self.outbox) >= OUTBOX_MOST:
            self.close = (1008, "too many replies waiting: read them")
            return
        self.outbox.append(message)
        self.notify()

    def refuse(self, rule: str, message: str) -> None:
        self.reply({"type": "refused", "rule": rule, "message": message})


class Hall:
    """Every table of the classroom, the live connections at each, and the protocol.
    Synchronous (the server calls it from its one event loop); the tests drive it
    directly."""

    def __init__(self, store: TableStore | None = None, *, clock: Callable[[], float] =
                 time.monotonic, grace: float = GRACE_S) -> None:
        self.store = store
        self.clock = clock
        self.grace = grace
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, set[Client]] = {}
        #: Called after any change a computer's turn may follow (the conductor wakes).
        self.changed: Callable[[], None] = lambda: None
        #: When each table last changed, by the hall's clock (what may be retired).
        self.used: dict[str, float] = {}
        if store is not None:
            self.tables, problems = store.load_all(now=clock(), grace=grace)
            for line in problems:
                log.warning("%s", line)
            now, wall = clock(), time.time()
            saved = store.saved_at()
            self.used = {c: now - max(0.0, wall - saved.get(c, wall)) for c in self.tables}

    # -- tables ---------------------------------------------------------------------------
    def open_table(self, kind: object, *, seed: int | None = None) -> Table:
        if not isinstance(kind, str) or kind not in TABLE_KINDS:
            raise InputError(f"{quote(kind)} is not a table: choose one of "
                             f"{', '.join(TABLE_KINDS)}", rule="table-kind")
        if len(self.tables) >= TABLES_MOST and not self._retire_one():
            raise InputError(f"the classroom has {TABLES_MOST} tables in use already",
                             rule="tables")
        code = new_code(lambda c: c in self.tables)
        table = Table.new(kind, code=code, seed=seed, grace=self.grace)
        self.tables[code] = table
        self._save(table)
        self.changed()
        return table

    def _save(self, table: Table) -> None:
        self.used[table.code] = self.clock()
        if self.store is not None:
            self.store.save(table)

    def _retire_one(self) -> bool:
        """Make room: forget the table left longest, if nobody is connected to it and
        nobody has played at it for :data:`RETIRE_AFTER_S`. Whether one was retired."""
        now = self.clock()
        idle = [(self.used.get(c, now), c) for c in self.tables
                if not self.clients.get(c) and now - self.used.get(c, now) >= RETIRE_AFTER_S]
        if not idle:
            return False
        _, code = min(idle)
        del self.tables[code]
        self.used.pop(code, None)
        if self.store is not None:
            self.store.delete(code)
        log.info("table %s retired (nobody there for %.0f h)", code, RETIRE_AFTER_S / 3600)
        return True

    def _table(self, value: object) -> Table:
        code = normal_code(value)
        table = self.tables.get(code)
        if table is None:
            raise InputError(f"there is no table {code}: check the code the teacher shows",
                             rule="table-code")
        return table

    # -- the protocol ---------------------------------------------------------------------
    def receive(self, client: Client, data: str | bytes | None) -> None:
        """One message from ``client``: answered in its outbox (and the table's seats)."""
        if not self._allowed(client):
            return
        if data is None or isinstance(data, bytes) or len(data) > MESSAGE_LONGEST or len(
                data.encode("utf-8", "surrogatepass")) > MESSAGE_LONGEST:
            client.refuse("message", f"send one JSON object of at most {MESSAGE_LONGEST} "
                          "bytes, as text")
            return
        try:
            message = json.loads(data, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            client.refuse("message", "that is not JSON: send one JSON object")
            return
        try:
            kind, fields = _checked(message)
            if kind == "ping":
                client.reply({"type": "pong"})
            elif kind == "join":
                self._join(client, fields)
            elif kind == "rejoin":
                self._rejoin(client, fields)
            else:
                self._act(client, fields)
        except Texas42Error as error:
            client.refuse(error.rule or "message", error.message)

    def _allowed(self, client: Client) -> bool:
        """The rate limit: a token bucket of BURST, refilled at RATE_PER_S."""
        now = self.clock()
        client.allowance = min(float(BURST), client.allowance
                               + (now - client.stamp) * RATE_PER_S)
        client.stamp = now
        if client.allowance >= 1.0:
            client.allowance -= 1.0
            client.floods = 0
            return True
        client.floods += 1
        if client.floods >= FLOOD_CLOSE:
            client.close = (1008, "too many messages")
        elif client.floods == 1:
            client.refuse("rate-limit", f"too many messages: at most {RATE_PER_S:g} a second")
        return False

    def _join(self, client: Client, fields: dict[str, Any]) -> None:
        if client.code is not None:
            raise InputError("this connection has a place already", rule="joined")
        table = self._table(fields["table"])
        self._room_for(table)
        place, token = table.join(fields["name"], now=self.clock())
        self._save(table)
        self._seat(client, table, place)
        client.reply({"type": "joined", "table": table.code, "place": place, "token": token})
        self.broadcast(table)

    def _rejoin(self, client: Client, fields: dict[str, Any]) -> None:
        if client.code is not None:
            raise InputError("this connection has a place already", rule="joined")
        refusal = InputError("that token holds no place at this table: join again",
                             rule="token")
        try:
            table = self._table(fields["table"])
        except InputError:
            raise refusal from None  # (the same words: a token tells nothing of a table)
        place = table.place_of_token(fields["token"])
        if place is None:
            raise refusal
        self._room_for(table)
        self._seat(client, table, place)
        client.reply({"type": "joined", "table": table.code, "place": place})
        self.broadcast(table)

    def _room_for(self, table: Table) -> None:
        if len(self.clients.get(table.code, ())) >= CLIENTS_PER_TABLE:
            raise InputError(f"table {table.code} has {CLIENTS_PER_TABLE} connections open",
                             rule="connections")

    def _seat(self, client: Client, table: Table, place: int) -> None:
        client.code, client.place = table.code, place
        table.places[place].connections += 1
        self.clients.setdefault(table.code, set()).add(client)
        self.changed()

    def _act(self, client: Client, fields: dict[str, Any]) -> None:
        if client.code is None or client.place is None:
            raise InputError("join a table first", rule="not-joined")
        table = self.tables[client.code]
        table.act(client.place, fields["kind"], fields["value"], now=self.clock())
        self._save(table)
        self.broadcast(table)
        self.changed()

    def leave(self, client: Client) -> None:
        """``client``'s connection closed: its place counts as gone from now."""
        if client.code is None or client.place is None:
            return
        table = self.tables.get(client.code)
        clients = self.clients.get(client.code)
        if clients is not None:
            clients.discard(client)
            if not clients:
                del self.clients[client.code]
        if table is not None:
            place = table.places[client.place]
            place.connections -= 1
            if not place.connections:
                place.gone_since = self.clock()
            self.broadcast(table)
        client.code = client.place = None
        self.changed()

    def broadcast(self, table: Table) -> None:
        """Every connection at ``table`` is sent its place's state (the latest only)."""
        for client in self.clients.get(table.code, ()):
            client.wants_state = True
            client.notify()

    def take(self, client: Client) -> list[dict[str, Any]]:
        """What to send ``client`` now: its replies, then its place's latest state."""
        messages = list(client.outbox)
        client.outbox.clear()
        if client.wants_state and client.code is not None and client.place is not None:
            client.wants_state = False
            messages.append(self.tables[client.code].view(client.place, now=self.clock()))
        return messages

    # -- the computer's turns -------------------------------------------------------------
    def computer_tables(self) -> list[Table]:
        now = self.clock()
        return [t for t in self.tables.values() if t.computer_to_act(now)]

    def next_expiry(self) -> float | None:
        now = self.clock()
        return min((e for t in self.tables.values() if (e := t.next_expiry(now)) is not None),
                   default=None)

    def computer_step(self, table: Table) -> bool:
        """The computer's turn at ``table`` now, in this thread (the tests'); False when
        it is a person's."""
        if table.computer_turn(self.clock()) is None:
            return False
        self._save(table)
        self.broadcast(table)
        return True

    def reviewable(self, code: object, token: object, number: object
                   ) -> tuple[Table, int, int, Any]:
        """(the table, the place ``token`` holds there, the hand's index in the game, the
        hand) for the coach's review of one's own place: the hand ``number`` of the game
        (1 the first; None: the hand in play), over. A token that holds no place at that
        table (or no such table) raises InputError (``rule="token"``, the same words
        either way: a token tells nothing of a table); a hand not over,
        IllegalActionError (``rule="review-after-hand"``); a hand not in the game,
        InputError (``rule="hand"``). Nothing is changed."""
        refusal = InputError("that token holds no place at this table", rule="token")
        try:
            table = self._table(code)
        except InputError:
            raise refusal from None  # (a token tells nothing of a table)
        place = table.place_of_token(token)
        if place is None:
            raise refusal
        hands = table.game.hands
        index = len(hands) - 1
        if number is not None:
            if isinstance(number, bool) or not isinstance(number, int) or not (
                    1 <= number <= len(hands)):
                raise InputError(f"hand {quote(number)} is not in this game: give 1 to "
                                 f"{len(hands)}", rule="hand")
            index = number - 1
        hand = hands[index]
        if not hand.is_over:
            raise IllegalActionError(
                "the coach reviews a hand once it is over: finish this hand first (a "
                "review during the hand would tell what the computer thinks)",
                rule="review-after-hand")
        return table, place, index, hand

    # -- HTTP -----------------------------------------------------------------------------
    def public(self, code: object) -> dict[str, Any]:
        """What anyone with the code may know of a table: its kind and who sits where."""
        table = self._table(code)
        now = self.clock()
        return {"table": table.code, "kind": table.kind, "rules": table.rules.name,
                "places": [{"name": p.name, "computer": table.computer_plays(i, now)}
                           for i, p in enumerate(table.places)],
                "free": sum(p.digest is None for p in table.places)}


def _no_constant(name: str) -> None:
    raise NotationError(f"{name} is not JSON", rule="message")  # (NaN, Infinity)


def _checked(message: object) -> tuple[str, dict[str, Any]]:
    """(type, fields) of a message, every field present, known and of its type."""
    if not isinstance(message, dict):
        raise InputError("send one JSON object, like {\"type\": \"ping\"}", rule="message")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_FIELDS:
        raise InputError(f"type {quote(kind)} is not a message: give one of "
                         f"{', '.join(MESSAGE_FIELDS)}", rule="message")
    wanted = MESSAGE_FIELDS[kind]
    unknown = sorted(set(message) - set(wanted) - {"type"})
    if unknown:
        raise InputError(f"a {kind!r} message has no field {quote(unknown[0])}", rule="message")
    fields: dict[str, Any] = {}
    for name, types in wanted.items():
        if name not in message and type(None) not in types:
            raise InputError(f"a {kind!r} message needs its field {name!r}", rule="message")
        value = message.get(name)
        if isinstance(value, bool) or not isinstance(value, types):
            raise InputError(f"field {name!r} of a {kind!r} message: {quote(value)} is not "
                             + " or ".join(t.__name__.replace("NoneType", "null")
                                           for t in types), rule="message")
        if isinstance(value, str) and len(value) > FIELD_LONGEST:
            raise InputError(f"field {name!r} of a {kind!r} message is too long", rule="message")
        if isinstance(value, int) and not -(2**31) <= value < 2**31:
            raise InputError(f"field {name!r} of a {kind!r} message is out of range",
                             rule="message")
        fields[name] = value
    return kind, fields


# -- the server's side: the routes and the computer's turns ---------------------------------
class LiveTables:
    """The hall served: the WebSocket route, the HTTP routes, and the conductor task that
    plays the computer's turns (started and stopped by the app's lifespan)."""

    def __init__(self, hall: Hall, *, pace: float = PACE_S, idle: float = IDLE_S,
                 reviews: Reviews | None = None) -> None:
        self.hall = hall
        #: The coach's reviews of each place's play (texas42/classroom/reviews.py).
        self.reviews = Reviews() if reviews is None else reviews
        self.pace = pace
        self.idle = idle
        self._wake = asyncio.Event()
        hall.changed = self._wake.set
        self._busy: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = False  # (set when the app stops: the conductor ends its loop)
        #: Per address: the tables it may still open now, and when that was counted.
        self._opening: dict[str, tuple[float, float]] = {}

    def routes(self) -> list[BaseRoute]:
        return [
            WebSocketRoute("/ws/table", self.websocket),
            Route("/api/tables", self.create, methods=["POST"]),
            Route("/api/tables/{code}", self.describe, methods=["GET"]),
            Route("/api/tables/{code}/review", self.review, methods=["POST"]),
            Route("/table/", self.page, methods=["GET", "HEAD"]),
            Route("/table", lambda request: RedirectResponse("/table/", 308),
                  methods=["GET", "HEAD"]),
        ]

    async def page(self, request: Request) -> Response:
        """The page a student plays at: the table's code and a name, then the table."""
        return Response(TABLE_PAGE.read_bytes(), media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-cache", "Content-Security-Policy": (
                            "default-src 'self'; script-src 'unsafe-inline'; "
                            "style-src 'unsafe-inline'; img-src 'self' data: blob:; "
                            "connect-src 'self'")})

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """The conductor runs while the app does."""
        self._wake = asyncio.Event()  # (this loop's)
        self.hall.changed = self._wake.set
        self._stopping = False
        conductor = asyncio.get_running_loop().create_task(self._conduct())
        try:
            yield
        finally:
            self._stopping = True
            self._wake.set()
            self.reviews.close()  # (a review in progress never holds the stop)
            conductor.cancel()
            for task in list(self._tasks):
                task.cancel()
            await asyncio.gather(conductor, *self._tasks, return_exceptions=True)
            if self.hall.store is not None:
                self.hall.store.close()

    async def _conduct(self) -> None:
        while not self._stopping:
            for table in self.hall.computer_tables():
                if table.code not in self._busy:
                    self._busy.add(table.code)
                    task = asyncio.get_running_loop().create_task(self._think(table))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)
            expiry = self.hall.next_expiry()
            wait = 5.0 if expiry is None else max(0.05, expiry - self.hall.clock() + 0.05)
            self._wake.clear()
            # (asyncio.timeout, not wait_for: in Python 3.11 wait_for can swallow the
            # cancellation when the event fires at the same moment, and the server's stop
            # then waited for ever.)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(min(wait, 5.0)):
                    await self._wake.wait()

    async def _think(self, table: Table) -> None:
        try:
            while table.computer_to_act(self.hall.clock()):
                await asyncio.sleep(self.pace)
                version = table.version
                if not table.computer_to_act(self.hall.clock()):
                    break
                # (On a copy of the hand: a server that stops does not wait for a long
                # decision, whose answer is then dropped.)
                kind, value = await anyio.to_thread.run_sync(
                    table.computer_decision, table.hand.copy(), abandon_on_cancel=True)
                if table.version != version or table.code not in self.hall.tables:
                    continue  # a person acted (or came back) meanwhile: ask again
                table.apply_computer(kind, value)
                self.hall._save(table)
                self.hall.broadcast(table)
        except Texas42Error as error:  # the engine refused the player: say so, stop here
            log.warning("table %s: the computer's action was refused: %s", table.code, error)
        finally:
            self._busy.discard(table.code)
            self._wake.set()

    async def websocket(self, websocket: WebSocket) -> None:
        await websocket.accept()
        wake = asyncio.Event()
        client = Client(notify=wake.set)
        sender = asyncio.get_running_loop().create_task(self._send(websocket, client, wake))
        try:
            while client.close is None and not sender.done():
                try:
                    message = await asyncio.wait_for(websocket.receive(), self.idle)
                except TimeoutError:
                    client.close = (1001, f"nothing received for {self.idle:g} s")
                    break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                self.hall.receive(client, text if text is not None else message.get("bytes"))
        except (WebSocketDisconnect, ConnectionError, RuntimeError):
            pass
        finally:
            self.hall.leave(client)
            if client.close is not None:  # its last replies first (bounded)
                wake.set()
                await asyncio.wait([sender], timeout=CLOSE_WAIT_S)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
            code, reason = client.close or (1000, "")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(code, reason), CLOSE_WAIT_S)

    async def _send(self, websocket: WebSocket, client: Client, wake: asyncio.Event) -> None:
        while True:
            await wake.wait()
            wake.clear()
            for message in self.hall.take(client):
                await websocket.send_text(json.dumps(message, separators=(",", ":")))
            if client.close is not None:
                return

    def _may_open(self, address: str) -> bool:
        """A token bucket per address: OPEN_BURST tables, then one every OPEN_EVERY_S."""
        now = self.hall.clock()
        allowance, stamp = self._opening.get(address, (float(OPEN_BURST), now))
        allowance = min(float(OPEN_BURST), allowance + (now - stamp) / OPEN_EVERY_S)
        if len(self._opening) > 10_000:  # (forget the oldest: memory stays bounded)
            self._opening.pop(next(iter(self._opening)))
        self._opening[address] = (allowance - 1.0 if allowance >= 1.0 else allowance, now)
        return allowance >= 1.0

    async def create(self, request: Request) -> Response:
        body = await _small_body(request)
        if not self._may_open(request.client.host if request.client else "?"):
            return JSONResponse({"rule": "rate-limit", "message": "too many tables opened "
                                 f"from this address: one every {OPEN_EVERY_S:g} s"},
                                status_code=429, headers={"Retry-After": str(int(OPEN_EVERY_S))})
        try:
            data = json.loads(body) if body else None
            if not isinstance(data, dict) or set(data) - {"kind"}:
                raise InputError('send {"kind": "42"} (or another table)', rule="message")
            table = self.hall.open_table(data.get("kind", "42"))
        except (Texas42Error, ValueError, RecursionError) as error:
            rule = getattr(error, "rule", "message")
            text = getattr(error, "message", "that is not JSON")
            return JSONResponse({"rule": rule, "message": text}, status_code=400)
        return JSONResponse({"table": table.code, "kind": table.kind}, status_code=201,
                            headers={"Cache-Control": "no-store"})

    async def describe(self, request: Request) -> Response:
        try:
            info = self.hall.public(request.path_params["code"])
        except Texas42Error as error:
            return JSONResponse({"rule": error.rule, "message": error.message},
                                status_code=404)
        return JSONResponse(info, headers={"Cache-Control": "no-store"})


    async def review(self, request: Request) -> Response:
        """The coach's review of the asker's own place (texas42/classroom/reviews.py)."""
        return await review_route(self.hall, self.reviews, request, await _small_body(request))


async def _small_body(request: Request) -> bytes:
    """The request's body, read no further than MESSAGE_LONGEST bytes."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MESSAGE_LONGEST:
            return b"\xff"  # (not JSON: refused as such)
    return body
