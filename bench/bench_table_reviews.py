"""Benchmark: a room of students asks the coach's review at once, and the tables stay live.

    .venv/bin/python bench/bench_table_reviews.py [--students 25]

1. ``python -m texas42.classroom`` serves (a stand-in site, its tables in a fresh SQLite
   file) with its default limits but ``--max-per-client 200`` (every simulated phone
   comes from 127.0.0.1 here).
2. Tables of 42 are opened, four students at each (the last table's empty places are the
   computer's); every student plays their first legal action at once, to the end of the
   hand.
3. When every hand is over, every student asks ``POST /api/tables/CODE/review`` at the
   same moment; a 503 is asked again after its ``Retry-After``, as the table page does.
   Meanwhile one more connection sends a ping every 0.25 s and times each pong: how live
   the server stays while the reviews run in its process pool.

Reported: the time from the asking to each review (median, most), the 503s, the pongs'
round trip before and during the reviews (median, 95th percentile, most), the second ask
of one review (kept: no new work) and the server's resident memory. Writes
test-artifacts/bench-table-reviews.json. The simulator runs on the same machine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
from classroom_ws import WSClient  # noqa: E402

ARTIFACTS = REPO / "test-artifacts"


def post(port: int, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], Any]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=300) as answer:
            return answer.status, dict(answer.headers), json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read())


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Student(threading.Thread):
    def __init__(self, port: int, code: str, name: str, everyone_done: threading.Barrier,
                 ask_at: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.code, self.name = port, code, name
        self.everyone_done, self.ask_at = everyone_done, ask_at
        self.token = ""
        self.waited = 0.0
        self.busy = 0
        self.answer: dict[str, Any] = {}

    def run(self) -> None:
        client = WSClient(self.port, timeout=300)
        client.send({"type": "join", "table": self.code, "name": self.name})
        while True:
            message = client.receive()
            if message["type"] == "joined":
                self.token = message["token"]
            elif message["type"] == "state":
                if message["phase"] in ("over", "reshake"):
                    break
                if message["your_turn"]:
                    client.send({"type": "act", "kind": message["next_action"],
                                 "value": message["legal"][0]})
        self.everyone_done.wait()
        self.ask_at.wait()
        start = time.monotonic()
        while True:
            status, headers, told = post(self.port, f"/api/tables/{self.code}/review",
                                         {"token": self.token})
            if status != 503:
                break
            self.busy += 1
            time.sleep(float(headers.get("Retry-After", "5")))
        assert status == 200, (status, told)
        self.waited = time.monotonic() - start
        self.answer = told
        client.close()


def pings(port: int, until: threading.Event, out: list[tuple[float, float]]) -> None:
    client = WSClient(port, timeout=60)
    while not until.is_set():
        start = time.monotonic()
        client.send({"type": "ping"})
        while client.receive()["type"] != "pong":
            pass
        out.append((start, time.monotonic() - start))
        time.sleep(0.25)
    client.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=25)
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-reviews-"))
    (folder / "index.html").write_text("site")
    server = subprocess.Popen(
        [sys.executable, "-m", "texas42.classroom", "--directory", str(folder), "--port", "0",
         "--tables", str(folder / "class.sqlite"), "--max-per-client", "200"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)})
    assert server.stdout is not None
    found = re.search(r"on 127\.0\.0\.1:(\d+)", server.stdout.readline())
    assert found, "the server did not start"
    port = int(found.group(1))
    try:
        rss_start = rss_mib(server.pid)
        codes = [post(port, "/api/tables", {"kind": "42"})[2]["table"]
                 for _ in range((args.students + 3) // 4)]
        done = threading.Barrier(args.students + 1)
        ask_at = threading.Event()
        students = [Student(port, codes[i // 4], f"S{i}", done, ask_at)
                    for i in range(args.students)]
        for student in students:
            student.start()
        stop_pings = threading.Event()
        pongs: list[tuple[float, float]] = []
        pinger = threading.Thread(target=pings, args=(port, stop_pings, pongs), daemon=True)
        pinger.start()
        done.wait(600)
        time.sleep(3.0)  # pongs before the reviews
        asked = time.monotonic()
        ask_at.set()
        for student in students:
            student.join(900)
        finished = time.monotonic()
        stop_pings.set()
        pinger.join(30)
        before = [t for at, t in pongs if at < asked]
        during = [t for at, t in pongs if asked <= at <= finished]
        again_start = time.monotonic()
        status, _, _ = post(port, f"/api/tables/{students[0].code}/review",
                            {"token": students[0].token})
        again = time.monotonic() - again_start
        waits = [s.waited for s in students]
        result = {
            "students": args.students, "tables": len(codes),
            "review_workers": max(1, (os.cpu_count() or 1) - 1),
            "review_s": {"median": statistics.median(waits), "most": max(waits),
                         "all_done": finished - asked},
            "answers_503": sum(s.busy for s in students),
            "decisions_reviewed": sum(len(seat["review"]["decisions"])
                                      for s in students for seat in s.answer["seats"]),
            "pong_ms_before": {"median": 1000 * statistics.median(before),
                               "p95": 1000 * percentile(before, 0.95),
                               "most": 1000 * max(before), "count": len(before)},
            "pong_ms_during": {"median": 1000 * statistics.median(during),
                               "p95": 1000 * percentile(during, 0.95),
                               "most": 1000 * max(during), "count": len(during)},
            "asked_again": {"status": status, "ms": 1000 * again},
            "rss_mib": {"start": rss_start, "end": rss_mib(server.pid)},
            "load_average": os.getloadavg(),
        }
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    lines = [line for line in err.splitlines() if line.strip()]
    result["stderr_lines"] = len(lines)
    result["stderr_first"] = lines[:3]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "bench-table-reviews.json").write_text(json.dumps(result, indent=1))
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
