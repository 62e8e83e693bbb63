"""Benchmark: the site archive a teacher serves with Python alone (issue 39 item 5).

    .venv/bin/python bench/bench_site_archive.py [--site _build/html]

1. ``scripts/site_archive.py`` writes the archive of the build (zip, then tar.gz): its
   files, their size, the archive's size and the time it took.
2. ``texas42 classroom ARCHIVE --port 0`` with an empty cache folder: the time from the
   command to the first answer of chapter 1 (the archive checked and unpacked first), then
   the same again with the cache filled by the first run (no unpack).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import site_archive  # noqa: E402

CHAPTER = "book/dominoes.html"


def first_answer_s(archive: Path, cache: Path) -> float:
    """Seconds from starting the command to chapter 1's first answer."""
    started = time.monotonic()
    command = [str(Path(sys.executable).parent / "texas42"), "classroom", str(archive),
               "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env={**os.environ, "XDG_CACHE_HOME": str(cache)},
                               start_new_session=True)
    try:
        assert process.stdout is not None
        for line in process.stdout:
            if match := re.search(r"^==> Serving .* on 127\.0\.0\.1:(\d+)", line):
                url = f"http://127.0.0.1:{match[1]}/{CHAPTER}"
                break
        else:
            raise SystemExit(f"the server stopped: {process.wait()}")
        with urllib.request.urlopen(url, timeout=60) as answer:
            answer.read()
        return time.monotonic() - started
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("texas42-site.zip", "texas42-site.tar.gz"):
            out = Path(tmp) / name
            started = time.monotonic()
            count, size = site_archive.write_archive(args.site, out)
            print(f"{name}: {count} files, {size / 1e6:.1f} MB -> {out.stat().st_size / 1e6:.1f}"
                  f" MB in {time.monotonic() - started:.1f} s")
        zipped = Path(tmp) / "texas42-site.zip"
        cache = Path(tmp) / "cache"
        cold = first_answer_s(zipped, cache)
        warm = first_answer_s(zipped, cache)
        print(f"texas42 classroom {zipped.name}: chapter 1 answered {cold:.1f} s after the"
              f" command with an empty cache (unpacked), {warm:.1f} s with the cache filled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
