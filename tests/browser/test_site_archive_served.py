"""A teacher without a build (issue 39 item 5): the site archive of this build
(scripts/site_archive.py, ``make archive``) served by ``texas42 classroom`` from a fresh
virtual environment that has the project's wheel and its ``classroom`` extra, and nothing
else: no Node, no make, no repository on its path.

It shares the one book build of ``make test`` (the browser step runs after ``book``) and
asks no browser: the pages are fetched as a browser would, by the server it serves them
with. pip takes the packages from its cache (or the registry); nothing else is fetched.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import REPO, SITE_DIR, stop_process_group

sys.path.insert(0, str(REPO / "scripts"))

import site_archive

INSTALL_TIMEOUT_S = 600
START_TIMEOUT_S = 120
CHAPTER = "book/dominoes.html"


@pytest.fixture(scope="module")
def teacher(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, Path]]:
    """(the archive, the fresh venv's bin folder, a home folder for its cache)."""
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail(f"no build in {SITE_DIR}: run `make book` first", pytrace=False)
    root = tmp_path_factory.mktemp("teacher")
    archive = root / "texas42-site.zip"
    site_archive.write_archive(SITE_DIR, archive)
    wheels = root / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
         str(wheels), str(REPO)],
        check=True, timeout=INSTALL_TIMEOUT_S, capture_output=True,
    )
    (wheel,) = wheels.glob("texas42-*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_dir = venv / "bin"
    subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet",
         "--disable-pip-version-check", "-c", str(REPO / "requirements" / "constraints.txt"),
         f"{wheel}[classroom]"],
        check=True, timeout=INSTALL_TIMEOUT_S, capture_output=True,
    )
    home = root / "home"
    home.mkdir()
    yield archive, bin_dir, home


def only(bin_dir: Path, home: Path) -> dict[str, str]:
    """An environment with the venv's commands and nothing of this repository or its tools."""
    return {"PATH": str(bin_dir), "HOME": str(home), "LANG": "C.UTF-8"}


def test_the_archive_holds_the_whole_build(teacher: tuple[Path, Path, Path]) -> None:
    archive, _, _ = teacher
    with zipfile.ZipFile(archive) as opened:
        names = {name.removeprefix(f"{site_archive.TOP}/") for name in opened.namelist()}
    built = {
        p.relative_to(SITE_DIR).as_posix() for p in SITE_DIR.rglob("*")
        if p.is_file() and p.relative_to(SITE_DIR).parts[0] not in site_archive.LEFT_OUT
    }
    assert names == built
    assert "sw.js" in names and any(n.endswith(".html.gz") for n in names)


def test_a_fresh_venv_without_node_serves_the_archive(teacher: tuple[Path, Path, Path]) -> None:
    archive, bin_dir, home = teacher
    env = only(bin_dir, home)
    assert shutil.which("node", path=env["PATH"]) is None
    assert shutil.which("make", path=env["PATH"]) is None
    check = subprocess.run(
        [str(bin_dir / "python"), "-c",
         "import texas42, starlette, hypercorn; print(texas42.__file__)"],
        capture_output=True, text=True, check=True, env=env, cwd=home,
    )
    assert str(bin_dir.parent) in check.stdout  # the installed package, not the repository
    process = subprocess.Popen(
        [str(bin_dir / "texas42"), "classroom", str(archive), "--port", "0"],
        cwd=home, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        lines: list[str] = []
        deadline = time.monotonic() + START_TIMEOUT_S
        port = None
        while port is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            assert line, f"it stopped: {''.join(lines)}"
            lines.append(line)
            if match := re.search(r"^==> Serving .* on 127\.0\.0\.1:(\d+)", line):
                port = int(match[1])
        assert port is not None, "".join(lines)
        assert any(str(home / ".cache" / "texas42" / "sites") in line for line in lines), lines
        base = f"http://127.0.0.1:{port}"
        for path in ("", CHAPTER):
            with urllib.request.urlopen(f"{base}/{path}", timeout=30) as answer:
                assert answer.status == 200
                assert answer.read() == (SITE_DIR / (path or "index.html")).read_bytes()
        request = urllib.request.Request(f"{base}/{CHAPTER}", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.headers["Content-Encoding"] == "gzip"
            body = gzip.decompress(answer.read())
        assert body == (SITE_DIR / CHAPTER).read_bytes()
        with urllib.request.urlopen(f"{base}/sw.js", timeout=30) as answer:
            assert answer.headers["Cache-Control"] == "no-cache"
    finally:
        stop_process_group(process, timeout_s=20)
    assert os.path.isdir(home / ".cache" / "texas42" / "sites")
