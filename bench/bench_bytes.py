"""Benchmark: the bytes a cold first visit transfers, the service worker's included.

    .venv/bin/python bench/bench_bytes.py [--site _build/html] [--page book/tricks.html]
                                          [--precompressed] [--label NAME]
                                          [--no-offline-copy]

Serves the built site on 127.0.0.1 with a server that notes every file it sends (a
SharedWorker's and the service worker's requests do not show in Playwright's events),
opens the page in headless /usr/bin/chromium with an empty profile, presses Start on the
first explorer and waits until it is live, then until the service worker has filled the
offline copy and the server has been quiet for 3 s. Reported:

* cold visit until the first explorer is live (every request that came before the page
  says it was live, the service worker's too): files and bytes as served here, and the
  same files' sizes compressed as a static host serves them: gzip -9 of each file and
  brotli (quality 11, from Node's zlib: the venv has no brotli module); a file is counted
  at most at its own size (hosts skip files that do not shrink, like zips and wheels);
* the rest of the cold visit: the offline copy the service worker fills once the
  explorer is live and the page idle (issue 35: never before), and the whole visit;
* repeat visit: the same profile opened again (the browser restarted, so the shared worker
  is gone and only the HTTP cache and the service worker's copy remain), a new page load,
  Start again: the bytes of Python (wasm, zips, wheels, the runtime's JavaScript and
  lock) transferred, and all bytes.

``--precompressed`` serves ``X.gz`` siblings with Content-Encoding gzip (what the
classroom server and hosts with precompressed files do): "served" is then the wire size.
``--no-offline-copy`` blocks the service worker (the explorer's own path alone).
Prints a table; writes test-artifacts/bench-bytes[-LABEL].json.
Target (issues 23 and 35): at most 10 MB compressed until a cold first explorer is live,
0 bytes of Python on a repeat visit.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import BrowserContext, Playwright, sync_playwright  # noqa: E402

from tests.browser import helpers  # noqa: E402
from tests.browser.helpers import ARTIFACTS  # noqa: E402
from tests.browser.live import live_boxes, start_box  # noqa: E402
from tests.browser.served import Sent, ServerLog, counting_server  # noqa: E402

PYTHON_PREFIX = "/lite/static/pyodide/"
TARGET_COLD_BYTES = 10_000_000

BROTLI_JS = r"""
const fs = require("fs"), zlib = require("zlib");
const files = JSON.parse(fs.readFileSync(0, "utf8"));
const out = {};
for (const f of files) {
  const data = fs.readFileSync(f);
  out[f] = zlib.brotliCompressSync(data, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length;
}
process.stdout.write(JSON.stringify(out));
"""


def kind(path: str) -> str:
    """What a served file is, for the table."""
    if path.startswith(PYTHON_PREFIX) or f"/{PYTHON_PREFIX.strip('/')}/" in path:
        name = path.rsplit("/", 1)[-1]
        if name.endswith(".wasm"):
            return "python: wasm"
        if name.endswith(".zip"):
            return "python: stdlib zip"
        if name.endswith(".whl"):
            return "python: wheels"
        return "python: js + lock"
    if "/t42live/" in path:
        return "live: worker + bridge"
    if path.endswith((".html", "/")):
        return "page: html"
    if path.endswith((".js", ".mjs")):
        return "page: js"
    if path.endswith(".css"):
        return "page: css"
    return "page: other"


def is_python(path: str) -> bool:
    return kind(path).startswith("python")


def gzip_sizes(files: Iterable[str]) -> dict[str, int]:
    sizes = {}
    for name in files:
        data = Path(name).read_bytes()
        sizes[name] = min(len(data), len(gzip.compress(data, compresslevel=9, mtime=0)))
    return sizes


def brotli_sizes(files: list[str]) -> dict[str, int] | None:
    node = shutil.which("node")
    if node is None:
        return None
    done = subprocess.run([node, "-e", BROTLI_JS], input=json.dumps(files), capture_output=True,
                          text=True, check=True, timeout=900)
    raw: dict[str, int] = json.loads(done.stdout)
    return {name: min(size, Path(name).stat().st_size) for name, size in raw.items()}


def original(file: str) -> str:
    """The file a precompressed sibling stands for."""
    return file[: -len(".gz")] if file.endswith(".gz") else file


def summarize(sent: list[Sent]) -> dict[str, Any]:
    ok = [s for s in sent if s.status == 200 and s.file]
    files = sorted({original(s.file) for s in ok})
    gz = gzip_sizes(files)
    br = brotli_sizes(files)
    rows: dict[str, dict[str, int]] = {}
    for s in ok:
        row = rows.setdefault(kind(s.path), {"files": 0, "raw": 0, "served": 0, "gzip": 0,
                                             "brotli": 0})
        src = original(s.file)
        row["files"] += 1
        row["raw"] += Path(src).stat().st_size
        row["served"] += s.body_bytes
        row["gzip"] += gz[src]
        row["brotli"] += br[src] if br else 0
    total = {key: sum(r[key] for r in rows.values())
             for key in ("files", "raw", "served", "gzip", "brotli")}
    return {
        "rows": dict(sorted(rows.items())),
        "total": total,
        "requests": len(sent),
        "not_modified": sum(1 for s in sent if s.status == 304),
        "errors": sorted({f"{s.status} {s.path}" for s in sent if s.status >= 400}),
        "python_bytes": sum(s.body_bytes for s in sent if is_python(s.path)),
        "python_requests": sum(1 for s in sent if is_python(s.path)),
        "brotli": "node zlib, quality 11" if br else "unavailable (no node)",
        "largest": [{"path": s.path, "served": s.body_bytes, "gzip": gz[original(s.file)]}
                    for s in sorted(ok, key=lambda s: -s.body_bytes)[:12]],
    }


def open_profile(pw: Playwright, profile: Path, off_site: list[str],
                 offline_copy: bool = True) -> BrowserContext:
    return helpers.open_profile(pw, profile, off_site, viewport={"width": 1200, "height": 900},
                                service_workers="allow" if offline_copy else "block")


JS_FILLED = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith('texas42-'));
  return !!name && !!(await (await caches.open(name)).match(
    new URL('__t42_index__', location.origin + '/').href));
}"""


def visit(pw: Playwright, profile: Path, url: str, off_site: list[str], log: ServerLog,
          offline_copy: bool = True) -> tuple[dict[str, Any], list[Sent], list[Sent]]:
    """Open ``url`` in the profile, Start its first explorer, wait until live, then until
    the offline copy is filled and the server quiet; close. Returns the visit's timings,
    the requests that came until the explorer was live and those after."""
    context = open_profile(pw, profile, off_site, offline_copy)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        assert live_boxes(page) >= 1, f"{url} has no explorer"
        info = start_box(page, 0)
        assert info["state"] == "live", info
        seconds = round(time.perf_counter() - t0, 1)
        filled = False
        if offline_copy:
            deadline = time.monotonic() + 180
            while not filled and time.monotonic() < deadline:
                filled = bool(page.evaluate(JS_FILLED))
                if not filled:
                    page.wait_for_timeout(500)
        log.quiet(3.0, 120.0)
        sent = log.take()
        live_at = info["liveAt"] / 1000
        return ({"seconds": seconds, "kind": info["kind"], "ready_ms": info["readyMs"],
                 "offline_copy_filled": filled},
                [s for s in sent if s.at <= live_at], [s for s in sent if s.at > live_at])
    finally:
        context.close()


def mb(n: int) -> str:
    return f"{n / 1e6:7.2f}"


def table(title: str, result: dict[str, Any]) -> str:
    lines = [title, f"  {'':24} {'files':>5} {'raw MB':>8} {'served':>8} {'gzip-9':>8} "
                    f"{'brotli':>8}"]
    for name, row in [*result["rows"].items(), ("total", result["total"])]:
        lines.append(f"  {name:24} {row['files']:5d} {mb(row['raw'])} {mb(row['served'])} "
                     f"{mb(row['gzip'])} {mb(row['brotli'])}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--page", default="book/tricks.html")
    parser.add_argument("--precompressed", action="store_true",
                        help="serve X.gz siblings with Content-Encoding gzip")
    parser.add_argument("--label", default="", help="suffix of the JSON file's name")
    parser.add_argument("--no-offline-copy", action="store_true",
                        help="block the service worker (the explorer's own path alone)")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make book` first", file=sys.stderr)
        return 2
    off_site: list[str] = []
    copy = not args.no_offline_copy
    with tempfile.TemporaryDirectory(prefix="bench-bytes-") as tmp, \
            counting_server(args.site.resolve(), precompressed=args.precompressed) as (base, log), \
            sync_playwright() as pw:
        profile = Path(tmp) / "profile"
        cold_visit, until_live, after_live = visit(pw, profile, f"{base}/{args.page}", off_site,
                                                   log, copy)
        repeat_visit, repeat_live, repeat_after = visit(pw, profile, f"{base}/{args.page}",
                                                        off_site, log, copy)
    cold, fill = summarize(until_live), summarize(after_live)
    whole, repeat = summarize(until_live + after_live), summarize(repeat_live + repeat_after)
    out = {
        "page": args.page,
        "precompressed": args.precompressed,
        "service_worker": "allowed" if copy else "blocked",
        "cold": {**cold, "visit": cold_visit},
        "cold_after_live": fill,
        "cold_whole_visit": whole,
        "repeat": {**repeat, "visit": repeat_visit},
        "off_site_requests": sorted(set(off_site)),
    }
    name = "bench-bytes" + (f"-{args.label}" if args.label else "") + ".json"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / name).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(table(f"cold visit of {args.page} until its first explorer is live "
                f"({cold_visit['seconds']} s, {cold_visit['kind']} worker, service worker "
                f"{out['service_worker']}):", cold))
    print(f"  brotli: {cold['brotli']}; served {'with' if args.precompressed else 'without'} "
          ".gz siblings")
    print(table("the same visit after the explorer was live (the offline copy, filled "
                f"{'' if cold_visit['offline_copy_filled'] else 'NOT '}on idle):", fill))
    print(table("the whole cold visit:", whole))
    print(table("repeat visit (same profile, browser restarted):", repeat))
    print(f"  repeat visit: {repeat['python_bytes']} bytes of Python in "
          f"{repeat['python_requests']} requests ({repeat['not_modified']} answered 304)")
    for problem in cold["errors"] + fill["errors"] + repeat["errors"]:
        print(f"  HTTP error: {problem}")
    compressed = min(cold["total"]["gzip"], cold["total"]["served"])
    print(f"cold first explorer: {cold['total']['files']} files, {mb(cold['total']['raw'])} MB "
          f"raw, {mb(cold['total']['gzip'])} MB gzip-9, {mb(cold['total']['brotli'])} MB brotli "
          f"(target <= {TARGET_COLD_BYTES / 1e6:.0f} MB compressed: "
          f"{'met' if compressed <= TARGET_COLD_BYTES else 'NOT met'}); then the offline "
          f"copy: {fill['total']['files']} files, {mb(fill['total']['gzip'])} MB gzip-9")
    print(f"wrote {ARTIFACTS / name}")
    return 0 if not off_site else 1


if __name__ == "__main__":
    raise SystemExit(main())
