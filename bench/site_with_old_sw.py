"""A copy of the built site whose service worker and page script are an older commit's,
for a before/after of bench/bench_bytes.py (issue 35: the offline copy's fill)::

    .venv/bin/python bench/site_with_old_sw.py [--commit 62d6443] [--out /tmp/site-before]
    .venv/bin/python bench/bench_bytes.py --precompressed --site /tmp/site-before

The copy hard-links the build's files (quick, little disk) and writes its own
``_static/t42-app.js`` and ``sw.js`` (with their ``.gz`` siblings): the older commit's
``book/_ext/offline_app.py`` makes sw.js's list of files from the copy.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def git_show(commit: str, path: str) -> bytes:
    return subprocess.run(["git", "show", f"{commit}:{path}"], cwd=REPO, check=True,
                          capture_output=True).stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commit", default="62d6443")
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "site-before")
    args = parser.parse_args()
    site, out = args.site.resolve(), args.out.resolve()
    if out.exists():
        shutil.rmtree(out)
    subprocess.run(["cp", "-al", str(site), str(out)], check=True)
    old = Path(tempfile.mkdtemp(prefix="old-offline-"))
    (old / "offline_static").mkdir()
    (old / "offline_app.py").write_bytes(git_show(args.commit, "book/_ext/offline_app.py"))
    for name in ("sw.js", "t42-app.js"):
        (old / "offline_static" / name).write_bytes(
            git_show(args.commit, f"book/_ext/offline_static/{name}"))
    sys.path.insert(0, str(REPO / "book" / "_ext"))  # (static_assets, which it imports)
    spec = importlib.util.spec_from_file_location("old_offline_app", old / "offline_app.py")
    assert spec is not None and spec.loader is not None
    app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app)

    def replace(rel: str, data: bytes) -> None:
        for name in (rel, rel + ".gz", rel + ".br"):
            (out / name).unlink(missing_ok=True)  # a new file: the build's stays as it is
        (out / rel).write_bytes(data)
        (out / (rel + ".gz")).write_bytes(gzip.compress(data, 9, mtime=0))

    replace("_static/t42-app.js", (old / "offline_static" / "t42-app.js").read_bytes())
    files = app.precache_list(out)
    hashes = {rel: app.file_hash(out / rel.split("?")[0]) for rel in files}
    python = app.live_python_files(out)
    listed = json.dumps([[rel, hashes[rel], int(rel in python)] for rel in files],
                        separators=(",", ":"))
    template = (old / "offline_static" / "sw.js").read_text(encoding="utf-8")
    version = app.build_version(out, hashes, template + listed)
    replace("sw.js", template.replace("__T42_VERSION__", version)
            .replace("__T42_PRECACHE__", listed).encode())
    print(f"{out}: the site with commit {args.commit}'s service worker ({len(files)} files "
          "kept)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
