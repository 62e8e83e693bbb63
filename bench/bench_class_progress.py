"""Benchmark: what the classroom server's progress routes cost
(texas42/classroom/students.py): a student's save (``PUT /api/progress``: the progress
checked whole, every hand replayed, then stored in SQLite), reading it back
(``GET /api/progress``), and the teacher's overview of a class.

    PYTHONPATH=. python3 bench/bench_class_progress.py [--hands 50 500 2000] [--students 30]

Each save is timed through the app (starlette's test client, in process: no network), on
a SQLite file in a temporary folder; wall-clock medians in ms over ``--rounds``. A
benchmark, not a test (the machine's load moves the times).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient

from bench_progress import kept  # noqa: E402

from texas42.classroom.live import Hall, LiveTables  # noqa: E402
from texas42.classroom.server import build_app  # noqa: E402
from texas42.classroom.store import StudentStore, TableStore  # noqa: E402
from texas42.classroom.students import (  # noqa: E402
    TEACHER_HEADER,
    TOKEN_HEADER,
    Students,
    new_teacher_code,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, nargs="+", default=[50, 500, 2000])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    code = new_teacher_code()
    with tempfile.TemporaryDirectory() as folder:
        store = TableStore(Path(folder) / "class.sqlite")
        hall = Hall(store)
        students = Students(StudentStore(store.db), hall, code)
        students._tries.burst = 10 ** 6  # (one address registers the whole class here)
        app = build_app(Path(folder), b"{}", LiveTables(hall), students)
        with TestClient(app) as client:
            for hands in args.hands:
                text = kept(hands, random.Random(1)).to_json()
                put, get = [], []
                for r in range(args.rounds):
                    told = client.post("/api/students", json={"name": f"H{hands}-{r}"}).json()
                    headers = {TOKEN_HEADER: told["token"]}
                    t = time.perf_counter()
                    answer = client.put("/api/progress", headers=headers, content=text)
                    put.append(1000 * (time.perf_counter() - t))
                    assert answer.status_code == 200, answer.text
                    t = time.perf_counter()
                    assert client.get("/api/progress", headers=headers).status_code == 200
                    get.append(1000 * (time.perf_counter() - t))
                print(f"{hands} hands ({len(text) / 1000:.0f} kB): save median "
                      f"{statistics.median(put):.0f} ms, read back median "
                      f"{statistics.median(get):.1f} ms")
            small = kept(20, random.Random(2)).to_json()
            for n in range(args.students):
                told = client.post("/api/students", json={"name": f"S{n}"}).json()
                client.put("/api/progress", headers={TOKEN_HEADER: told["token"]},
                           content=small)
            times = []
            for _ in range(args.rounds):
                t = time.perf_counter()
                answer = client.get("/api/teacher/overview", headers={TEACHER_HEADER: code})
                times.append(1000 * (time.perf_counter() - t))
            count = len(answer.json()["students"])
            print(f"the teacher's overview of {count} students: median "
                  f"{statistics.median(times):.1f} ms")


if __name__ == "__main__":
    main()
