"""Benchmark: the classroom server under a room's load while idle sockets hold on.

    .venv/bin/python bench/bench_serve_load.py [--site _build/html] [--page book/tricks.html]
        [--devices 25] [--idle 500] [--rounds 2] [--files FILES.json]

1. The files of a cold first visit to ``--page`` with Start pressed on its first explorer,
   in the order a browser asked for them: recorded once by headless /usr/bin/chromium
   through bench_bytes.py's visit (the server that notes every file it sends, with .gz
   siblings), saved to test-artifacts/serve-load-files.json; ``--files`` reuses a list.
   The service worker is blocked, as it is on a room's network: a phone reaches the
   laptop at plain ``http://ADDR``, not a secure context, so no offline copy is fetched.
2. ``python -m texas42.classroom`` serves the site with its default limits (idle timeout,
   send timeout, connection caps), as ``make serve`` does.
3. ``--idle`` sockets connect and send nothing, from 100 loopback addresses (127.0.1.x: a
   room's devices each have their own address; the per-address cap is the server's); each
   one the server closes (its idle timeout) is opened again at once, so that many stay
   open for the whole run.
4. Meanwhile ``--devices`` simulated devices (each its own address 127.0.2.x, six
   keep-alive connections like a browser, ``Accept-Encoding: gzip, deflate, br``) fetch
   the whole list at once, ``--rounds`` times.

Reported: every device finished (every file 200 or 304), the time to first byte of every
request (the most and the 99th percentile; target <= 2 s), each round's time, and the
server's resident memory (VmRSS) before the load, after each round and at the end (flat:
the rounds do not add up). Writes test-artifacts/bench-serve-load.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
FILES_JSON = ARTIFACTS / "serve-load-files.json"
TARGET_TTFB_S = 2.0
CONNECTIONS_PER_DEVICE = 6  # what a browser opens to one host
ACCEPT = "gzip, deflate, br"


def record_files(site: Path, page: str) -> list[str]:
    """The paths a cold visit to ``page`` fetches until its first explorer is live."""
    sys.path.insert(0, str(REPO))
    sys.path.insert(0, str(REPO / "bench"))
    from bench_bytes import visit  # type: ignore[import-not-found]
    from playwright.sync_api import sync_playwright

    from tests.browser.served import counting_server

    with tempfile.TemporaryDirectory(prefix="bench-serve-load-") as tmp, \
            counting_server(site.resolve(), precompressed=True) as (base, log), \
            sync_playwright() as pw:
        off_site: list[str] = []
        visit(pw, Path(tmp) / "profile", f"{base}/{page}", off_site)
        sent = log.take()
    if off_site:
        raise SystemExit(f"the visit asked other hosts: {sorted(set(off_site))}")
    return [s.path for s in sent if s.status in (200, 304)]


def rss_kib(pid: int) -> int:
    """The process's resident memory (VmRSS), KiB."""
    found = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    return int(found.group(1)) if found else 0


def start_server(site: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "texas42.classroom", "--directory", str(site), "--port", "0"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r"on 127\.0\.0\.1:(\d+)", first)
    if not found:
        raise SystemExit(f"the server did not start: {first}")
    return process, int(found.group(1))


@dataclass
class Idle:
    """Sockets that connect and send nothing, reopened as soon as the server closes them."""

    port: int
    count: int
    open_now: int = 0
    reopened: int = 0
    refused: int = 0
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    async def hold(self, source: str) -> None:
        first = True
        while True:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=(source, 0))
            except OSError:
                self.refused += 1
                await asyncio.sleep(0.5)
                continue
            self.open_now += 1
            self.reopened += 0 if first else 1
            first = False
            try:
                data = await reader.read(1024)  # until the server closes it
                if data.startswith((b"HTTP/1.1 429", b"HTTP/1.1 503")):
                    self.refused += 1
                    await asyncio.sleep(0.5)
            except OSError:
                pass
            finally:
                self.open_now -= 1
                writer.close()

    def start(self) -> None:
        for n in range(self.count):
            source = f"127.0.1.{n % 100 + 1}"
            self.tasks.append(asyncio.create_task(self.hold(source)))

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


@dataclass
class Device:
    source: str
    port: int
    ttfb: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    body_bytes: int = 0
    errors: list[str] = field(default_factory=list)

    async def fetch_all(self, paths: list[str]) -> None:
        queue: asyncio.Queue[str] = asyncio.Queue()
        for path in paths:
            queue.put_nowait(path)
        await asyncio.gather(*(self.worker(queue) for _ in range(CONNECTIONS_PER_DEVICE)))

    async def worker(self, queue: asyncio.Queue[str]) -> None:
        connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        while not queue.empty():
            path = queue.get_nowait()
            for attempt in range(3):
                try:
                    if connection is None:
                        connection = await asyncio.open_connection(
                            "127.0.0.1", self.port, local_addr=(self.source, 0))
                    await self.get(*connection, path)
                    break
                except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                    if connection is not None:
                        connection[1].close()
                    connection = None
                    if attempt == 2:
                        self.errors.append(f"{path}: {error!r}")
        if connection is not None:
            connection[1].close()

    async def get(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                  path: str) -> None:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: {ACCEPT}\r\n"
                     "\r\n".encode())
        started = time.perf_counter()
        await writer.drain()
        first = await reader.readexactly(1)
        self.ttfb.append(time.perf_counter() - started)
        head = first + await reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
        size = int(length.group(1)) if length else 0
        await reader.readexactly(size)
        self.body_bytes += size
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if status not in (200, 304):
            self.errors.append(f"{path}: {status}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def load(port: int, pid: int, paths: list[str], devices: int, idle: int,
               rounds: int) -> dict[str, Any]:
    holders = Idle(port, idle)
    rss = {"before": rss_kib(pid)}
    holders.start()
    deadline = time.monotonic() + 30
    while holders.open_now < idle and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    rss["idle sockets open"] = rss_kib(pid)
    results = []
    for round_number in range(1, rounds + 1):
        crowd = [Device(f"127.0.2.{n + 1}", port) for n in range(devices)]
        open_at_start = holders.open_now
        t0 = time.perf_counter()
        await asyncio.gather(*(device.fetch_all(paths) for device in crowd))
        seconds = time.perf_counter() - t0
        rss[f"after round {round_number}"] = rss_kib(pid)
        ttfb = [t for device in crowd for t in device.ttfb]
        results.append({
            "round": round_number,
            "seconds": round(seconds, 2),
            "devices finished": sum(1 for d in crowd if not d.errors),
            "requests": len(ttfb),
            "ttfb max s": round(max(ttfb), 3),
            "ttfb p99 s": round(percentile(ttfb, 0.99), 3),
            "ttfb median s": round(percentile(ttfb, 0.5), 3),
            "bytes per device": crowd[0].body_bytes,
            "idle sockets open at start": open_at_start,
            "idle sockets open at end": holders.open_now,
            "errors": [e for d in crowd for e in d.errors][:20],
        })
    reopened, refused = holders.reopened, holders.refused
    await holders.stop()
    await asyncio.sleep(1)
    rss["end"] = rss_kib(pid)
    return {"rounds": results, "rss_kib": rss, "idle reopened": reopened,
            "idle refused": refused}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--page", default="book/tricks.html")
    parser.add_argument("--files", type=Path, help="a JSON list of paths (skips the browser)")
    parser.add_argument("--devices", type=int, default=25)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make book` first", file=sys.stderr)
        return 2
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    if args.files:
        paths = json.loads(args.files.read_text())
    else:
        paths = record_files(args.site, args.page)
        FILES_JSON.write_text(json.dumps(paths, indent=0) + "\n")
        print(f"recorded {len(paths)} files of a cold visit to {args.page}: {FILES_JSON}")
    process, port = start_server(args.site.resolve())
    try:
        out = asyncio.run(load(port, process.pid, paths, args.devices, args.idle, args.rounds))
    finally:
        process.terminate()
        _, stderr = process.communicate(timeout=30)
    out.update({"page": args.page, "files": len(paths), "devices": args.devices,
                "idle": args.idle, "server stderr lines": len(stderr.splitlines()),
                "server tracebacks": stderr.count("Traceback")})
    (ARTIFACTS / "bench-serve-load.json").write_text(json.dumps(out, indent=1) + "\n")
    for result in out["rounds"]:
        print(f"round {result['round']}: {result['devices finished']}/{args.devices} devices "
              f"finished {len(paths)} files each in {result['seconds']} s; time to first byte "
              f"max {result['ttfb max s']} s, p99 {result['ttfb p99 s']} s, median "
              f"{result['ttfb median s']} s (target <= {TARGET_TTFB_S:g} s); idle sockets "
              f"open {result['idle sockets open at start']} -> "
              f"{result['idle sockets open at end']}")
        for error in result["errors"]:
            print(f"  error: {error}")
    print("server RSS (MiB): " + ", ".join(
        f"{name} {kib / 1024:.1f}" for name, kib in out["rss_kib"].items()))
    print(f"idle sockets reopened after the server closed them: {out['idle reopened']}, "
          f"refused: {out['idle refused']}; server stderr: {out['server stderr lines']} lines, "
          f"{out['server tracebacks']} tracebacks")
    ok = all(r["devices finished"] == args.devices and r["ttfb max s"] <= TARGET_TTFB_S
             for r in out["rounds"])
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
