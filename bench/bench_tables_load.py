"""Benchmark: a class at live tables on the classroom server while idle sockets hold on.

    .venv/bin/python bench/bench_tables_load.py [--tables 8] [--idle 500] [--seconds 120]
        [--think 0.3]

1. ``python -m texas42.classroom`` serves (a stand-in site, its tables in a fresh SQLite
   file) with its default limits, as ``make serve`` does.
2. ``--idle`` WebSockets open ``/ws/table`` from 10 loopback addresses (127.0.1.x: the
   per-address cap is the server's) and only ping every 30 s, as a phone left on the
   page does; one that is closed is counted (none should be).
3. ``--tables`` tables of 42 are opened (POST /api/tables); four simulated students join
   each (each its own address 127.0.2.x), and play: the one whose turn it is waits
   ``--think`` seconds (randomised +-50 %), then takes its first legal action; place 0
   asks for the next hand when one ends. Every place is a person: no computer turns.

Reported: the time from an action sent to the moment every seat of its table has the
state it made (the 50th, 95th percentile and most; target 95th <= 200 ms), actions and
hands played, clients dropped (idle or playing), refusals, and the server's resident
memory (VmRSS) every 10 s (flat: a class does not add up). Writes
test-artifacts/bench-tables-load.json. The simulator runs on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wsproto import ConnectionType, WSConnection
from wsproto.events import (
    AcceptConnection,
    CloseConnection,
    Message,
    Ping,
    Request,
    TextMessage,
)

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
TARGET_P95_S = 0.200


class Socket:
    """One WebSocket to /ws/table over asyncio streams (wsproto)."""

    def __init__(self) -> None:
        self.ws = WSConnection(ConnectionType.CLIENT)
        self.closed: int | None = None
        self._text = ""

    async def open(self, port: int, local: str) -> None:
        self.reader, self.writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=(local, 0))
        self.writer.write(self.ws.send(Request(host="127.0.0.1", target="/ws/table")))
        await self.writer.drain()
        while True:
            for event in await self._events():
                if isinstance(event, AcceptConnection):
                    return
                raise RuntimeError(f"refused: {event}")

    async def _events(self) -> list[Any]:
        data = await self.reader.read(65536)
        self.ws.receive_data(data or None)
        return list(self.ws.events())

    async def send(self, message: dict[str, Any]) -> None:
        self.writer.write(self.ws.send(Message(data=json.dumps(message))))
        await self.writer.drain()

    async def messages(self) -> Any:
        """Each whole message, until the server closes."""
        while self.closed is None:
            events = await self._events()
            if not events and self.reader.at_eof():
                self.closed = -1
            for event in events:
                if isinstance(event, Ping):
                    self.writer.write(self.ws.send(event.response()))
                elif isinstance(event, CloseConnection):
                    self.closed = event.code
                elif isinstance(event, TextMessage):
                    self._text += event.data
                    if event.message_finished:
                        text, self._text = self._text, ""
                        yield json.loads(text)


@dataclass
class Table:
    code: str
    #: version -> (time the action was sent, seats that have it)
    sent: dict[int, tuple[float, set[int]]] = field(default_factory=dict)


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    hands: int = 0
    refused: list[str] = field(default_factory=list)
    dropped_players: int = 0
    dropped_idle: int = 0
    rss_mib: list[tuple[float, float]] = field(default_factory=list)


async def player(port: int, table: Table, place: int, name: str, local: str, think: float,
                 stop: asyncio.Event, figures: Figures) -> None:
    sock = Socket()
    await sock.open(port, local)
    await sock.send({"type": "join", "table": table.code, "name": name})
    acted: set[int] = set()

    async def pinger() -> None:
        while not stop.is_set():
            await asyncio.sleep(20)
            await sock.send({"type": "ping"})

    ping_task = asyncio.create_task(pinger())
    async for message in sock.messages():
        if message["type"] == "refused":
            figures.refused.append(f"{message['rule']}: {message['message']} (place {place})")
            continue
        if message["type"] != "state":
            continue
        version = message["version"]
        now = time.perf_counter()
        for v, (t0, seats) in list(table.sent.items()):
            if v <= version and place not in seats:
                seats.add(place)
                if len(seats) == 4:
                    figures.latencies.append(now - t0)
                    del table.sent[v]
        if stop.is_set():
            break
        kind = message["next_action"] if message["your_turn"] else (
            "next" if message["phase"] in ("over", "reshake") and place == 0 else None)
        if kind is None or version in acted:
            continue
        acted.add(version)
        await asyncio.sleep(think * random.uniform(0.5, 1.5))
        value = message["legal"][0] if kind != "next" else None
        table.sent[version + 1] = (time.perf_counter(), set())
        figures.actions += 1
        figures.hands += kind == "next"
        await sock.send({"type": "act", "kind": kind, "value": value})
    ping_task.cancel()
    if sock.closed is not None and not stop.is_set():
        figures.dropped_players += 1
    sock.writer.close()


async def idle(port: int, local: str, stop: asyncio.Event, figures: Figures) -> None:
    sock = Socket()
    await sock.open(port, local)

    async def read() -> None:
        async for _ in sock.messages():
            pass

    reader = asyncio.create_task(read())
    while not stop.is_set() and sock.closed is None:
        try:
            await asyncio.wait_for(stop.wait(), 30)
        except TimeoutError:
            await sock.send({"type": "ping"})
    if sock.closed is not None and not stop.is_set():
        figures.dropped_idle += 1
    reader.cancel()
    sock.writer.close()


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def run(args: argparse.Namespace, port: int, pid: int) -> Figures:
    figures = Figures()
    stop = asyncio.Event()
    base = f"http://127.0.0.1:{port}"
    tables = []
    for _ in range(args.tables):
        request = urllib.request.Request(f"{base}/api/tables", data=b'{"kind": "42"}',
                                         method="POST")
        with urllib.request.urlopen(request) as answer:
            tables.append(Table(json.load(answer)["table"]))
    tasks = [asyncio.create_task(idle(port, f"127.0.1.{1 + i % 10}", stop, figures))
             for i in range(args.idle)]
    await asyncio.sleep(2)
    start = time.monotonic()
    figures.rss_mib.append((0.0, rss_mib(pid)))
    for t, table in enumerate(tables):
        for place in range(4):
            tasks.append(asyncio.create_task(player(
                port, table, place, f"s{t}{place}", f"127.0.2.{1 + 4 * t + place}",
                args.think, stop, figures)))
    while time.monotonic() - start < args.seconds:
        await asyncio.sleep(10)
        figures.rss_mib.append((round(time.monotonic() - start), rss_mib(pid)))
        print(f"  {time.monotonic() - start:5.0f} s: {figures.actions} actions, "
              f"{figures.hands} hands, RSS {figures.rss_mib[-1][1]:.1f} MiB", flush=True)
    stop.set()
    await asyncio.wait(tasks, timeout=15)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--think", type=float, default=0.3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-tables-") as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        (site / "index.html").write_text("site")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen(
            [sys.executable, "-m", "texas42.classroom", "--port", str(port), "--directory",
             str(site), "--tables", str(Path(tmp) / "tables.sqlite"),
             "--max-per-client", "100", "--max-connections", "2000"],
            cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            figures = asyncio.run(run(args, port, server.pid))
        finally:
            server.terminate()
            _, stderr = server.communicate(timeout=20)
    lat = sorted(figures.latencies)
    p95 = lat[int(0.95 * (len(lat) - 1))] if lat else float("nan")
    result = {
        "tables": args.tables, "idle": args.idle, "seconds": args.seconds,
        "think_s": args.think, "actions": figures.actions, "hands": figures.hands,
        "measured": len(lat),
        "latency_ms": {"p50": round(1000 * statistics.median(lat), 1) if lat else None,
                       "p95": round(1000 * p95, 1), "max": round(1000 * max(lat), 1)
                       if lat else None},
        "refused": figures.refused[:10], "refusals": len(figures.refused),
        "dropped_players": figures.dropped_players, "dropped_idle": figures.dropped_idle,
        "rss_mib": figures.rss_mib, "server_stderr_lines": len(stderr.splitlines()),
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "bench-tables-load.json").write_text(json.dumps(result, indent=1))
    print(json.dumps({k: v for k, v in result.items() if k != "rss_mib"}, indent=1))
    rss = [m for _, m in figures.rss_mib]
    print(f"RSS MiB: start {rss[0]:.1f}, end {rss[-1]:.1f}, most {max(rss):.1f}")
    if stderr.strip():
        print("server stderr:\n" + stderr[-2000:])
    ok = p95 <= TARGET_P95_S and not figures.dropped_players and not figures.dropped_idle
    print(("OK" if ok else "MISSED") + f": 95th percentile {1000 * p95:.0f} ms "
          f"(target {1000 * TARGET_P95_S:.0f})")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
