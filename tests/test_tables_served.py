"""Live tables through the real classroom server (its accept loop and limits, hypercorn's
WebSockets): two people and two computer places play, an oversized message and a
half-open connection are closed while the others go on, a silent place counts as gone,
and the server restarts mid-hand with every seat back where it was. Every wait has a
generous deadline: these check what happens, not how fast (bench/bench_tables_load.py)."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import pytest
from classroom_ws import Closed, WSClient, classroom_server

from texas42.classroom.live import MESSAGE_LONGEST, Hall
from texas42.classroom.server import Limits
from texas42.classroom.store import TableStore
from texas42.dominoes import DOMINOES


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("site")
    return tmp_path


def until(client: WSClient, **wanted: Any) -> dict[str, Any]:
    """The next message whose fields have the ``wanted`` values."""
    while True:
        message = client.receive()
        if all(message.get(k) == v for k, v in wanted.items()):
            return message


def join(port: int, code: str, name: str) -> tuple[WSClient, str]:
    client = WSClient(port)
    client.send({"type": "join", "table": code, "name": name})
    return client, until(client, type="joined")["token"]


def wait_for(condition: Any, deadline: float = 20.0) -> None:
    end = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < end, "waited too long"
        time.sleep(0.02)


def test_people_play_and_the_server_restarts_mid_hand(site: Path, tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    hall = Hall(TableStore(path))
    code = hall.open_table("42", seed=8).code
    with classroom_server(hall, site) as port:
        ana, ana_token = join(port, code, "Ana")
        ben, ben_token = join(port, code, "Ben")
        people = {0: ana, 1: ben}
        seen = {0: -1, 1: -1}
        acted = 0
        table = hall.tables[code]
        while acted < 3:  # a few actions (the computer plays places 2 and 3)
            for place, client in people.items():
                if seen[place] >= table.version:
                    time.sleep(0.01)
                    continue
                state = until(client, type="state")
                seen[place] = state["version"]
                held = set(state["held"][str(place)])
                played = {a["value"] for a in state["actions"] if a["kind"] == "play"}
                hidden = {str(d) for d in DOMINOES} - held - played
                assert not any(f'"{d}"' in str(state).replace("'", '"') for d in hidden)
                if state["your_turn"] and state["version"] == table.version:
                    client.send({"type": "act", "kind": state["next_action"],
                                 "value": state["legal"][0]})
                    acted += 1
        ana.close()
        ben.close()
        wait_for(lambda: hall.tables[code].places[0].connections == 0
                 and hall.tables[code].places[1].connections == 0)
    before = hall.tables[code]
    assert before.version > 4 and not before.hand.is_over
    # The restart: a new hall from the same file; both come back with their tokens.
    again = Hall(TableStore(path))
    assert again.tables[code].to_state() == before.to_state()
    with classroom_server(again, site) as port:
        for token, place in ((ana_token, 0), (ben_token, 1)):
            client = WSClient(port)
            client.send({"type": "rejoin", "table": code, "token": token})
            assert until(client, type="joined")["place"] == place
            state = until(client, type="state")
            assert state["held"][str(place)] == [str(d) for d in
                                                 before.hand.holding(place)]
            # Nothing lost; the computer's places may have played on since the restart.
            kept = before.view(place, now=0.0)["actions"]
            assert state["actions"][:len(kept)] == kept
            assert all(a["seat"] in (2, 3) for a in state["actions"][len(kept):])
            client.close()


def test_an_oversized_message_is_closed_and_the_others_go_on(site: Path) -> None:
    hall = Hall()
    code = hall.open_table("moon", seed=1).code
    with classroom_server(hall, site) as port:
        ana, _ = join(port, code, "Ana")
        big = WSClient(port)
        big.send({"type": "ping", "pad": "x" * (MESSAGE_LONGEST * 4)})
        with pytest.raises(Closed) as closed:
            big.receive()
        assert closed.value.code == 1009
        ana.send({"type": "ping"})
        assert until(ana, type="pong") == {"type": "pong"}
        big.close()
        ana.close()


def test_half_open_and_silent_connections_are_closed(site: Path) -> None:
    hall = Hall()
    table = hall.open_table("three-hand", seed=1)
    limits = Limits(idle_timeout=0.5)
    with classroom_server(hall, site, limits=limits, idle=0.5) as port:
        # Half a handshake, then nothing: closed by the server's idle bound.
        half = socket.create_connection(("127.0.0.1", port), timeout=20)
        half.sendall(b"GET /ws/table HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n")
        while half.recv(4096):  # (an answer to the half request, if any, then the close)
            pass
        half.close()
        # Joined, then silent (a phone asleep, a socket half-open): closed (1001), and
        # the place counts as gone from then.
        ana, _ = join(port, table.code, "Ana")
        assert table.places[0].connections == 1
        with pytest.raises(Closed) as closed:
            while True:
                ana.receive()
        assert closed.value.code == 1001
        ana.close()
        wait_for(lambda: table.places[0].connections == 0)
        assert table.places[0].gone_since is not None
        # ... and the server still answers.
        other = WSClient(port)
        other.send({"type": "ping"})
        assert other.receive() == {"type": "pong"}
        other.close()


def test_the_computer_takes_a_gone_place_after_the_grace_and_hands_it_back(site: Path
                                                                          ) -> None:
    hall = Hall(grace=0.5)
    table = hall.open_table("42", seed=8)
    with classroom_server(hall, site) as port:
        ben, _ = join(port, table.code, "Ben")  # place 0
        ana, ana_token = join(port, table.code, "Ana")  # place 1
        ana.close()  # Ana's phone sleeps (the hand goes on without her after the grace)
        start = len(table.hand.actions)
        # Every seat but Ben's is the computer's now, Ana's too once her grace is over:
        # Ben plays his turns until her seat has acted.
        deadline = time.monotonic() + 30
        while not any(a.seat == 1 for a in table.hand.actions[start:]):
            assert time.monotonic() < deadline and not table.hand.is_over
            version = table.version
            if table.hand.to_act == 0:
                view = table.view(0, now=hall.clock())
                ben.send({"type": "act", "kind": view["next_action"], "value": view["legal"][0]})
                wait_for(lambda v=version: table.version != v)
            time.sleep(0.02)
        assert table.view(0, now=hall.clock())["places"][1]["computer"] is True
        # Ana comes back with her token: her place is hers again.
        back = WSClient(port)
        back.send({"type": "rejoin", "table": table.code, "token": ana_token})
        assert until(back, type="joined")["place"] == 1
        state = until(back, type="state")
        assert state["places"][1]["computer"] is False and state["you"]["name"] == "Ana"
        back.close()
        ben.close()
