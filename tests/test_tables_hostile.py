"""Hostile clients at a live table (texas42/classroom/live.py): forged and reused seat
tokens, actions for another seat or out of turn, requests for hidden hands or another
table, oversized and malformed messages, floods, half-open connections.

For every case: 0 accepted (nothing but refusals and pongs comes back), 0 hidden dominoes
revealed (no message a client receives names a domino another seat still holds), 0 server
errors (no exception out of the hall), and every table's state unchanged. The position is
made once (mid-hand, the play under way) and each case starts from a copy of it, replayed
by the engine. The end: four clients (two people, two computer places) play a whole hand.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

with warnings.catch_warnings():  # (starlette 1.10 would rather have httpx2; httpx is pinned)
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from texas42.classroom import live
from texas42.classroom.live import BURST, FLOOD_CLOSE, MESSAGE_LONGEST, Client, Hall, LiveTables
from texas42.classroom.server import build_app
from texas42.classroom.tables import Table
from texas42.dominoes import DOMINOES

DOMINO = re.compile(r"(?<![\d-])([0-6]-[0-6])(?![\d-])")


@dataclass
class Room:
    """A hall with two tables: at "here", Ana (place 0, to act) and Ben (place 1) are
    connected, the computer plays places 2 and 3; "there" is another table of 42."""

    hall: Hall
    clock: list[float]
    here: Table
    there: Table
    ana: Client
    ben: Client
    tokens: dict[str, str]

    def send(self, client: Client, message: Any) -> list[dict[str, Any]]:
        data = message if isinstance(message, (str, bytes)) or message is None else (
            json.dumps(message))
        self.hall.receive(client, data)
        return self.hall.take(client)

    def states(self) -> dict[str, Any]:
        return {code: (t.to_state(), [p.connections for p in t.places])
                for code, t in self.hall.tables.items()}


def _position() -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
    """Mid-hand at a table of 42 with Ana and Ben: the auction done, a trick played, Ana
    to play (made once: the computer's decisions take a moment)."""
    clock = [0.0]
    hall = Hall(clock=lambda: clock[0])
    here = hall.open_table("42", seed=21)
    there = hall.open_table("42", seed=22)
    ana, ben, other = Client(), Client(), Client()
    tokens = {}
    for name, client, table in (("ana", ana, here), ("ben", ben, here),
                                ("cat", other, there)):
        hall.receive(client, json.dumps({"type": "join", "table": table.code, "name": name}))
        tokens[name] = next(m["token"] for m in hall.take(client) if m["type"] == "joined")
    while not (here.hand.tricks and here.hand.to_act == 0
               and here.hand.phase.value == "playing"):
        if hall.computer_step(here):
            continue
        person = ana if here.hand.to_act in here.seats_of(0) else ben
        view = here.view(person.place or 0, now=0.0)
        hall.receive(person, json.dumps({"type": "act", "kind": view["next_action"],
                                         "value": view["legal"][0]}))
        hall.take(person)
        if here.hand.is_over:  # (the position is not reached in this deal: the next)
            hall.receive(person, json.dumps({"type": "act", "kind": "next", "value": None}))
    return here.to_state(), there.to_state(), tokens


_MADE: list[tuple[dict[str, Any], dict[str, Any], dict[str, str]]] = []


@pytest.fixture
def room() -> Iterator[Room]:
    if not _MADE:
        _MADE.append(_position())
    here_state, there_state, tokens = _MADE[0]
    clock = [100.0]
    hall = Hall(clock=lambda: clock[0])
    for state in (here_state, there_state):
        table = Table.from_state(state, now=clock[0])
        hall.tables[table.code] = table
    here = hall.tables[here_state["code"]]
    there = hall.tables[there_state["code"]]
    ana, ben = Client(), Client()
    for client, token in ((ana, tokens["ana"]), (ben, tokens["ben"])):
        replies = Room(hall, clock, here, there, ana, ben, tokens).send(
            client, {"type": "rejoin", "table": here.code, "token": token})
        assert replies[0]["type"] == "joined"
    hall.take(ana), hall.take(ben)
    assert here.hand.to_act == 0 and here.hand.phase.value == "playing"
    yield Room(hall, clock, here, there, ana, ben, tokens)


def hidden_from(table: Table, place: int) -> set[str]:
    """The dominoes still held by the seats the person at ``place`` does not play."""
    mine = table.seats_of(place)
    return {str(d) for s in range(table.rules.seats) if s not in mine
            for d in table.hand.holding(s)}


def check_refused(room: Room, client: Client, messages: list[Any], *, place: int | None
                  ) -> list[dict[str, Any]]:
    """Send ``messages`` as ``client``: nothing accepted, nothing hidden shown, no
    error, nothing changed. The replies."""
    before = room.states()
    hidden = (hidden_from(room.here, place) if place is not None
              else {str(d) for d in DOMINOES})
    hidden_there = {str(d) for d in DOMINOES}
    # (a refusal may repeat the domino the client named: it tells nothing new)
    named = {d for m in messages for d in DOMINO.findall(
        m.decode("latin-1") if isinstance(m, bytes) else json.dumps(m) if m is not None
        else "")}
    hidden -= named
    replies: list[dict[str, Any]] = []
    for message in messages:
        replies += room.send(client, message)  # an exception here fails the case
    assert room.states() == before
    for reply in replies:
        assert reply["type"] in ("refused", "pong"), reply
        text = json.dumps(reply)
        assert not set(DOMINO.findall(text)) & hidden, text
        assert room.there.code not in text or not set(DOMINO.findall(text)) & hidden_there
    for other in (room.ana, room.ben):  # and nobody else was told anything
        assert room.hall.take(other) == []
    return replies


# -- forged and reused tokens ---------------------------------------------------------------
FORGED_TOKENS: list[Any] = [
    "", "x", "A" * 32, "A" * 64, "A" * 65, "A" * 500, "-" * 32, "\u0000" * 32, "é" * 32,
    "' OR 1=1 --" * 3, "../../etc/passwd" * 2, "null", "undefined", "0" * 32,
    "\ud800" * 20, "🂡" * 16, "token", " " * 40,
    17, None, True, 1.5, [], {}, ["A" * 32], {"token": "A" * 32},
]


@pytest.mark.parametrize("token", FORGED_TOKENS, ids=range(len(FORGED_TOKENS)))
def test_forged_tokens_hold_no_place(room: Room, token: Any) -> None:
    stranger = Client()
    replies = check_refused(room, stranger, [{"type": "rejoin", "table": room.here.code,
                                              "token": token}], place=None)
    assert replies[0]["rule"] in ("token", "message")
    assert stranger.code is None


@pytest.mark.parametrize("change", range(12))
def test_a_token_changed_in_one_character_holds_no_place(room: Room, change: int) -> None:
    token = room.tokens["ana"]
    position = change * len(token) // 12
    forged = token[:position] + ("A" if token[position] != "A" else "B") + token[position + 1:]
    check_refused(room, Client(), [{"type": "rejoin", "table": room.here.code,
                                    "token": forged}], place=None)


@pytest.mark.parametrize("who", ["ana", "ben", "cat"])
def test_a_token_of_one_table_holds_no_place_at_another(room: Room, who: str) -> None:
    table = room.there if who != "cat" else room.here
    replies = check_refused(room, Client(), [{"type": "rejoin", "table": table.code,
                                              "token": room.tokens[who]}], place=None)
    assert replies[0]["rule"] == "token"


@pytest.mark.parametrize("message", [
    {"type": "rejoin", "table": "here", "token": "ben"},
    {"type": "rejoin", "table": "there", "token": "cat"},
    {"type": "join", "table": "there", "name": "Eve"},
    {"type": "join", "table": "here", "name": "Eve"},
])
def test_a_connection_with_a_place_takes_no_other(room: Room, message: dict[str, str]
                                                  ) -> None:
    filled = dict(message)
    filled["table"] = room.here.code if message["table"] == "here" else room.there.code
    if "token" in filled:
        filled["token"] = room.tokens[message["token"]]
    replies = check_refused(room, room.ana, [filled], place=0)
    assert replies[0]["rule"] == "joined" and room.ana.code == room.here.code


@pytest.mark.parametrize("code", ["CCCCC", "DDDDD", "QQQQQ", "ABCDE", "", "cdfgh" * 5,
                                  "C-D-F-G-H-J", 12345, None])
def test_tables_that_do_not_exist(room: Room, code: Any) -> None:
    assert "CCCCC" not in room.hall.tables
    for message in ({"type": "join", "table": code, "name": "Eve"},
                    {"type": "rejoin", "table": code, "token": room.tokens["ana"]}):
        replies = check_refused(room, Client(), [message], place=None)
        assert replies[0]["rule"] in ("table-code", "token", "message")


# -- actions for another seat, out of turn ----------------------------------------------------
def _every_action(table: Table) -> list[tuple[str, Any]]:
    hand = table.hand
    plays = [("play", str(d)) for s in range(4) for d in hand.holding(s)]
    return [*plays, ("bid", 30), ("bid", "pass"), ("bid", 42), ("contract", "sixes"),
            ("discard", "6-6"), ("next", None)]


@pytest.mark.parametrize("index", range(29))
def test_nobody_acts_for_another_seat_or_out_of_turn(room: Room, index: int) -> None:
    actions = _every_action(room.here)
    kind, value = actions[index % len(actions)]
    replies = check_refused(room, room.ben, [{"type": "act", "kind": kind, "value": value}],
                            place=1)
    assert replies[0]["rule"] in ("turn", "hand-not-over")


@pytest.mark.parametrize("index", range(14))
def test_the_person_to_act_cannot_play_another_hand_or_break_a_rule(room: Room, index: int
                                                                    ) -> None:
    hand = room.here.hand
    others = [d for s in (1, 2, 3) for d in hand.holding(s)]
    kind: str
    value: Any
    if index < 8:
        kind, value = "play", str(others[index * len(others) // 8])
    else:
        kind, value = [("bid", 30), ("contract", "fives"), ("discard", "6-6"),
                       ("play", "0-0" if "0-0" not in map(str, hand.holding(0)) else "9-9"),
                       ("next", None), ("bid", "pass")][index - 8]
    replies = check_refused(room, room.ana, [{"type": "act", "kind": kind, "value": value}],
                            place=0)
    assert replies[0]["rule"] and "Traceback" not in replies[0]["message"]


def test_a_stranger_cannot_act(room: Room) -> None:
    stranger = Client()
    replies = check_refused(room, stranger, [{"type": "act", "kind": "play",
                                              "value": str(next(iter(room.here.hand.holding(0))))}],
                            place=None)
    assert replies[0]["rule"] == "not-joined"


# -- requests for hidden hands or another table -----------------------------------------------
@pytest.mark.parametrize("message", [
    {"type": "state"}, {"type": "state", "place": 0}, {"type": "view", "seat": 2},
    {"type": "hand", "seat": 0}, {"type": "record"}, {"type": "deal"},
    {"type": "act", "kind": "show", "value": "hands"}, {"type": "act", "kind": "reveal",
                                                        "value": 0},
    {"type": "act", "kind": "hint", "value": None}, {"type": "act", "kind": "review",
                                                     "value": 2},
    {"type": "act", "kind": "play", "value": "6-6", "seat": 0},
    {"type": "act", "kind": "play", "value": "6-6", "place": 0},
    {"type": "ping", "table": "there"}, {"type": "join", "table": "there", "name": "x",
                                         "seat": 2},
    {"type": "__proto__"}, {"type": "constructor"}, {"type": "toString"},
])
def test_no_message_asks_for_a_hidden_hand_or_another_table(room: Room,
                                                            message: dict[str, Any]) -> None:
    replies = check_refused(room, room.ben, [message], place=1)
    assert replies[0]["rule"] in ("message", "action", "turn", "joined")


# -- oversized and malformed messages ---------------------------------------------------------
MALFORMED: list[Any] = [
    "", " ", "{", "}", "{bad", "[", "null", "true", "1", "-1", "1e999", '"ping"', "[]", "{}",
    '{"type": "ping"', '{"type": "ping"}}', '{"type": "ping",}', "{'type': 'ping'}",
    '{"type": NaN}', '{"type": Infinity}', '{"type": -Infinity}', "NaN",
    "[" * 400 + "]" * 400, '{"a":' * 150 + "1" + "}" * 150,
    '{"type": "act", "kind": "bid", "value": ' + "9" * 900 + "}",
    '{"type": "act", "kind": "bid", "value": 1e308}',
    '{"type": "act", "kind": "bid", "value": 30.0}',
    '{"type": "act", "kind": "bid", "value": -30}',
    '{"type": "act", "kind": "bid", "value": 2147483648}',
    '{"type": "ping", "type": "join"}',
    '{"type": "\\u0000"}', '{"type": "\\ud800"}', '{"type": "p\\u0131ng"}', '{"type": "PING"}',
    b'{"type": "ping"}', b"\xff\xfe\x00", None,
    "\x00" * 10, "\ufeff{}", "\ud800", "🂡" * 100, "x" * (MESSAGE_LONGEST + 1),
    '{"type": "ping", "pad": "' + "x" * MESSAGE_LONGEST + '"}',
    "é" * (MESSAGE_LONGEST // 2 + 1),
]
WRONG_FIELDS: list[dict[str, Any]] = [
    {"type": 1}, {"type": None}, {"type": ["ping"]}, {"type": {"ping": 1}}, {"type": True},
    {"type": "join"}, {"type": "join", "table": "CDFGH"}, {"type": "join", "name": "x"},
    {"type": "join", "table": ["CDFGH"], "name": "x"}, {"type": "join", "table": 5, "name": 5},
    {"type": "join", "table": "CDFGH", "name": "x" * 101},
    {"type": "join", "table": "CDFGH", "name": "x", "extra": 1},
    {"type": "rejoin"}, {"type": "rejoin", "token": 5, "table": "CDFGH"},
    {"type": "act"}, {"type": "act", "kind": 5, "value": 30}, {"type": "act", "kind": "bid"},
    {"type": "act", "kind": "bid", "value": True}, {"type": "act", "kind": "bid",
                                                    "value": [30]},
    {"type": "act", "kind": "bid", "value": {"bid": 30}},
    {"type": "act", "kind": "play", "value": "6-4" * 40},
    {"type": "act", "kind": ["play"], "value": "6-4"},
    {"type": "act", "kind": "", "value": ""}, {"type": "act", "kind": "play", "value": ""},
    {"type": "act", "kind": "play", "value": "\u202e6-4"},
    {"type": "act", "kind": "play", "value": "６-４"},
    {"type": "act", "kind": "bid", "value": "30\u0000"},
    {"type": "act", "kind": "bid", "value": -(2**31) - 1},
    {"type": "ping", "x": None}, {"type": "ping", "": 1},
]


@pytest.mark.parametrize("data", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_and_oversized_messages_are_refused(room: Room, data: Any) -> None:
    for client, place in ((room.ben, 1), (room.ana, 0), (Client(), None)):
        replies = check_refused(room, client, [data], place=place)
        assert len(replies) == 1
        assert replies[0]["rule"] in ("message", "turn", "not-joined", "action")


@pytest.mark.parametrize("message", WRONG_FIELDS, ids=range(len(WRONG_FIELDS)))
def test_wrong_fields_types_and_unknown_fields_are_refused(room: Room,
                                                           message: dict[str, Any]) -> None:
    for client, place in ((room.ana, 0), (Client(), None)):
        replies = check_refused(room, client, [message], place=place)
        assert len(replies) == 1 and replies[0]["type"] == "refused"


@pytest.mark.parametrize("name", ["", " ", "\u0000", "a\u200bb", "\u202eevil", "x" * 25,
                                  "\n", "\t\t", "\ud83c"])
def test_names_that_are_not_names_are_refused(room: Room, name: str) -> None:
    table = room.hall.open_table("42", seed=1)
    before = table.to_state()
    replies = room.send(Client(), {"type": "join", "table": table.code, "name": name})
    assert replies[0]["rule"] in ("name", "message") and table.to_state() == before


# -- floods ---------------------------------------------------------------------------------
@pytest.mark.parametrize("message", [
    {"type": "ping"}, {"type": "act", "kind": "play", "value": "6-6"},
    {"type": "rejoin", "table": "CDFGH", "token": "A" * 32}, "junk",
    {"type": "join", "table": "CDFGH", "name": "x"},
])
def test_a_flood_is_cut_off_and_changes_nothing(room: Room, message: Any) -> None:
    flooder = room.ben
    replies = check_refused(room, flooder, [message] * (BURST + FLOOD_CLOSE), place=1)
    limited = [r for r in replies if r.get("rule") == "rate-limit"]
    assert len(replies) <= BURST + 1 and len(limited) == 1 and replies[-1] == limited[0]
    assert flooder.close is not None and flooder.close[0] == 1008


def test_the_rate_refills_with_time(room: Room) -> None:
    replies = check_refused(room, room.ben, [{"type": "ping"}] * (BURST + 1), place=1)
    assert replies[-1]["rule"] == "rate-limit"
    room.clock[0] += 1.0
    assert room.send(room.ben, {"type": "ping"}) == [{"type": "pong"}]


def test_a_client_that_never_reads_is_closed_not_buffered(room: Room) -> None:
    lazy = Client()
    for _ in range(live.OUTBOX_MOST + 5):
        room.hall.receive(lazy, '{"type": "ping"}')
        room.clock[0] += 1.0
    assert len(lazy.outbox) == live.OUTBOX_MOST and lazy.close is not None


# -- the live connection itself (starlette's test client: the real route) ----------------------
@pytest.fixture
def served(room: Room, tmp_path: Any) -> Iterator[TestClient]:
    (tmp_path / "index.html").write_text("site")
    room.hall.clock = __import__("time").monotonic
    app = build_app(tmp_path, b"{}", LiveTables(room.hall, pace=0.0, idle=0.5))
    with TestClient(app) as client:
        yield client


def test_a_silent_connection_is_closed_and_its_place_counts_as_gone(room: Room,
                                                                    served: TestClient) -> None:
    with served.websocket_connect("/ws/table") as ws:
        ws.send_text(json.dumps({"type": "rejoin", "table": room.here.code,
                                 "token": room.tokens["ana"]}))
        assert ws.receive_json()["type"] == "joined"
        assert room.here.places[0].connections == 2
        while True:  # say nothing: closed after the idle bound
            message = ws.receive()
            if message["type"] == "websocket.close":
                assert message["code"] == 1001
                break
    assert room.here.places[0].connections == 1


@pytest.mark.parametrize("data", [b"\x00" * 10, "x" * (MESSAGE_LONGEST + 10), "{bad"])
def test_the_route_refuses_junk_and_goes_on(room: Room, served: TestClient, data: Any
                                           ) -> None:
    before = room.states()
    with served.websocket_connect("/ws/table") as ws:
        if isinstance(data, bytes):
            ws.send_bytes(data)
        else:
            ws.send_text(data)
        assert ws.receive_json()["rule"] == "message"
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}
    assert room.states() == before


def test_one_address_cannot_fill_the_hall_with_tables(room: Room, served: TestClient) -> None:
    before = len(room.hall.tables)
    answers = [served.post("/api/tables", json={"kind": "42"}).status_code
               for _ in range(live.OPEN_BURST + 5)]
    assert answers == [201] * live.OPEN_BURST + [429] * 5
    assert len(room.hall.tables) == before + live.OPEN_BURST


def test_http_refuses_bad_tables_and_shows_no_hand(room: Room, served: TestClient) -> None:
    assert served.post("/api/tables", content=b"x" * 5000).status_code == 400
    assert served.post("/api/tables", json={"kind": "poker"}).json()["rule"] == "table-kind"
    assert served.post("/api/tables", json={"kind": "42", "seed": 1}).status_code == 400
    assert served.get("/api/tables/QQQQQ").status_code == 404
    text = served.get(f"/api/tables/{room.here.code}").text
    assert not DOMINO.findall(text) and "ana" in text
    assert served.get("/").text == "site"


# -- four clients play a whole hand --------------------------------------------------------------
def test_two_people_and_two_computer_places_play_a_whole_hand(tmp_path: Any) -> None:
    (tmp_path / "index.html").write_text("site")
    hall = Hall()
    table = hall.open_table("42", seed=5)
    app = build_app(tmp_path, b"{}", LiveTables(hall, pace=0.0))
    seen: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    with TestClient(app) as client, client.websocket_connect("/ws/table") as ana, \
            client.websocket_connect("/ws/table") as ben:
        sockets = {0: ana, 1: ben}
        for place, ws in sockets.items():
            ws.send_text(json.dumps({"type": "join", "table": table.code,
                                     "name": ["Ana", "Ben"][place]}))
        last: dict[int, dict[str, Any]] = {}

        def latest(place: int, version: int) -> dict[str, Any]:
            """The next state of ``place`` at ``version`` or later (each message checked:
            none names a domino another seat holds, while the hand is played)."""
            while True:
                message: dict[str, Any] = sockets[place].receive_json()
                seen[place].append(message)
                if message["type"] != "state":
                    assert message["type"] == "joined"
                    continue
                if message["record"] is None:
                    public = {a["value"] for a in message["actions"] if a["kind"] == "play"}
                    others = {str(d) for d in DOMINOES} - set(message["held"][str(place)])
                    assert not set(DOMINO.findall(json.dumps(message))) & (others - public)
                if message["version"] >= version:
                    return message

        while not table.hand.is_over:
            for place in sockets:
                last[place] = state = latest(place, table.version)
                if state["your_turn"] and state["version"] == table.version:
                    sockets[place].send_text(json.dumps(
                        {"type": "act", "kind": state["next_action"],
                         "value": state["legal"][0]}))
        for place in sockets:  # the end reaches both: the record for the review
            while last[place]["record"] is None:
                last[place] = latest(place, table.version)
        assert table.hand.is_over
        assert {a.seat for a in table.hand.actions if a.kind == "play"} == {0, 1, 2, 3}
        assert all(any(m["type"] == "state" and m["your_turn"] for m in seen[p])
                   for p in (0, 1))
