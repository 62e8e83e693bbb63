"""The site archive (``make archive``: scripts/site_archive.py) and ``texas42 classroom
ARCHIVE_OR_FOLDER`` (texas42/classroom/archive.py), which serves it with Python alone.

An archive is hostile input here: names that climb out, links, devices, too many bytes,
no site in it. Each is refused with one line naming what is wrong, and nothing is left
written. No browser, no network (the server listens on 127.0.0.1 only).
"""

from __future__ import annotations

import gzip
import io
import os
import re
import signal
import stat
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml  # type: ignore[import-untyped,unused-ignore]

from texas42.classroom import archive
from texas42.classroom.archive import BadSite, site_folder, without_site
from texas42.errors import InputError

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import site_archive  # noqa: E402

SERVE_START_S = 30.0


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A small build: pages, a precompressed sibling, the build's own state."""
    root = tmp_path / "html"
    (root / "book").mkdir(parents=True)
    (root / ".doctrees").mkdir()
    (root / "index.html").write_text("<!doctype html><title>home</title>home\n")
    page = ("<p>chapter one</p>" * 400).encode()
    (root / "book" / "intro.html").write_bytes(page)
    (root / "book" / "intro.html.gz").write_bytes(gzip.compress(page, mtime=0))
    (root / ".doctrees" / "environment.pickle").write_bytes(b"\x80state")
    (root / ".buildinfo").write_text("config: x\n")
    return root


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def tree_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


# --------------------------------------------------------------------------- make archive


@pytest.mark.parametrize("name", ["site.zip", "site.tar.gz"])
def test_the_archive_is_the_site_and_unpacks_to_the_same_files(
    site: Path, cache: Path, tmp_path: Path, name: str
) -> None:
    out = tmp_path / name
    count, _ = site_archive.write_archive(site, out)
    assert count == 3  # the build's own state (.doctrees, .buildinfo) is left out
    served = site_folder(out, cache)
    expected = {k: v for k, v in tree_of(site).items() if not k.startswith(".")}
    assert tree_of(served) == expected
    assert served.parent == cache and (served / "book" / "intro.html.gz").is_file()
    # The same archive again: the folder unpacked before, not a second copy.
    (served / "marker").write_text("kept")
    assert site_folder(out, cache) == served and (served / "marker").is_file()
    assert [p.name for p in cache.iterdir()] == [served.name]


@pytest.mark.parametrize("name", ["site.zip", "site.tar.gz"])
def test_the_archive_is_the_same_bytes_for_the_same_build(
    site: Path, tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1765000000")
    first, second = tmp_path / "a" / name, tmp_path / "b" / name
    site_archive.write_archive(site, first)
    os.utime(site / "index.html", (0, 2_000_000_000))  # files touched since: same archive
    site_archive.write_archive(site, second)
    assert first.read_bytes() == second.read_bytes()
    if name.endswith(".zip"):
        with zipfile.ZipFile(first) as opened:
            names = opened.namelist()
            dates = {info.date_time for info in opened.infolist()}
        assert dates == {time.gmtime(1765000000)[:6]}
    else:
        with tarfile.open(first) as opened:
            names = opened.getnames()
            assert {m.mtime for m in opened.getmembers()} == {1765000000}
    assert names == sorted(names) == [
        "texas42-site/book/intro.html", "texas42-site/book/intro.html.gz",
        "texas42-site/index.html",
    ]


def test_the_archive_of_no_build_says_to_build_first(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "site_archive.py"), str(tmp_path),
         str(tmp_path / "x.zip")], capture_output=True, text=True, check=False,
    )
    assert result.returncode == 2, result
    assert "no index.html" in result.stderr and "make book" in result.stderr
    assert not (tmp_path / "x.zip").exists()


def test_make_archive_writes_from_the_last_build() -> None:
    commands = subprocess.run(["make", "-n", "archive"], cwd=REPO, capture_output=True,
                              text=True, check=True).stdout
    assert "scripts/site_archive.py _build/html _build/texas42-site.zip" in commands
    assert not re.search(r"jupyter-book|build_lite|npm ", commands), commands


def test_release_workflow_builds_the_book_and_attaches_the_archive_and_wheel() -> None:
    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "release.yml").read_text())
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    uses = [step["uses"] for step in steps if "uses" in step]
    assert all(u.split("/")[0] == "actions" for u in uses), uses
    runs = [step["run"] for step in steps if "run" in step]
    joined = "\n".join(runs)
    assert joined.index("make book") < joined.index("make archive")
    for target in re.findall(r"make (\w[\w-]*)", joined):
        assert subprocess.run(["make", "-n", target], cwd=REPO, capture_output=True).returncode == 0
    upload = next(run for run in runs if "gh release upload" in run)
    assert "_build/texas42-site.zip" in upload and "dist/texas42-*.whl" in upload
    assert workflow["permissions"] == {"contents": "write"}
    assert workflow[True]["push"]["tags"] == ["v*"]  # YAML reads the key `on` as True


# --------------------------------------------------------------------------- hostile archives


def zip_of(path: Path, entries: Sequence[tuple[zipfile.ZipInfo | str, bytes]]) -> Path:
    with zipfile.ZipFile(path, "w") as out:
        for info, data in entries:
            out.writestr(info, data)
    return path


def tar_of(path: Path, entries: list[tarfile.TarInfo], data: bytes = b"x") -> Path:
    with tarfile.open(path, "w:gz") as out:
        for info in entries:
            out.addfile(info, io.BytesIO(data) if info.isreg() else None)
    return path


def tar_info(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname, info.size = kind, link, 1 if kind == tarfile.REGTYPE else 0
    return info


def symlink_zip_entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info


INDEX = ("index.html", b"<title>home</title>")


@pytest.mark.filterwarnings("ignore:Duplicate name:UserWarning")  # the duplicate's, on purpose
@pytest.mark.parametrize(
    ("entries", "words"),
    [
        ([INDEX, ("../evil.html", b"x")], "outside the folder"),
        ([INDEX, ("a/../../evil.html", b"x")], "outside the folder"),
        ([INDEX, ("/etc/evil.html", b"x")], "outside the folder"),
        ([INDEX, ("C:/evil.html", b"x")], "outside the folder"),
        ([INDEX, ("a\\..\\evil.html", b"x")], "has a name no site file has"),
        ([INDEX, (symlink_zip_entry("book"), b"/etc")], "is a symbolic link"),
        ([("other.html", b"x")], "no index.html"),
        ([("a/index.html", b"x"), ("b/index.html", b"x")], "no index.html"),
        ([INDEX, ("index.html", b"again")], "appears twice"),
    ],
    ids=["dotdot", "dotdot-inside", "absolute", "drive", "backslash", "symlink", "no-index",
         "two-tops", "duplicate"],
)
def test_a_hostile_zip_is_refused_and_nothing_is_left(
    tmp_path: Path, cache: Path, entries: list[tuple[zipfile.ZipInfo | str, bytes]], words: str
) -> None:
    path = zip_of(tmp_path / "site.zip", entries)
    with pytest.raises(BadSite, match=re.escape(words)) as refused:
        site_folder(path, cache)
    assert refused.value.rule == "site-archive" and "site.zip" in str(refused.value)
    assert not (tmp_path / "evil.html").exists()
    assert not cache.exists() or list(cache.iterdir()) == []  # no half-unpacked folder


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        (tar_info("../evil.html"), "outside the folder"),
        (tar_info("book", tarfile.SYMTYPE, "/etc"), "is a symbolic link"),
        (tar_info("book/x.html", tarfile.LNKTYPE, "/etc/passwd"), "is a hard link"),
        (tar_info("dev", tarfile.CHRTYPE), "is a device or pipe"),
        (tar_info("fifo", tarfile.FIFOTYPE), "is a device or pipe"),
    ],
    ids=["dotdot", "symlink", "hardlink", "device", "fifo"],
)
def test_a_hostile_tar_is_refused_and_nothing_is_left(
    tmp_path: Path, cache: Path, entry: tarfile.TarInfo, words: str
) -> None:
    path = tar_of(tmp_path / "site.tar.gz", [tar_info("index.html"), entry])
    with pytest.raises(BadSite, match=re.escape(words)):
        site_folder(path, cache)
    assert not (tmp_path / "evil.html").exists()
    assert not cache.exists() or list(cache.iterdir()) == []


def test_an_archive_bigger_than_the_bound_is_refused_while_unpacking(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = zip_of(tmp_path / "site.zip", [INDEX, ("big.js", b"0" * 5000)])
    monkeypatch.setattr(archive, "MAX_TOTAL_BYTES", 4000)
    with pytest.raises(BadSite, match="once unpacked"):
        site_folder(path, cache)
    assert not cache.exists() or list(cache.iterdir()) == []


def test_an_archive_with_too_many_entries_is_refused(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(archive, "MAX_ENTRIES", 3)
    many = [INDEX] + [(f"{n}.html", b"x") for n in range(3)]
    with pytest.raises(BadSite, match="more than 3 entries"):
        site_folder(zip_of(tmp_path / "site.zip", many), cache)
    tar = tar_of(tmp_path / "site.tar.gz", [tar_info(f"{n}.html") for n in range(5)])
    with pytest.raises(BadSite, match="more than 3 entries"):
        site_folder(tar, cache)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p / "missing.zip", "no such file or folder"),
        (lambda p: p, "is not a built site: it has no index.html"),
        (lambda p: (p / "notes.zip").write_text("not an archive") and p / "notes.zip",
         "is not a site archive"),
        (lambda p: (p / "cut.tar.gz").write_bytes(gzip.compress(b"x" * 600)[:40])
         and p / "cut.tar.gz", "is not a site archive"),
    ],
    ids=["missing", "folder-without-index", "not-an-archive", "truncated"],
)
def test_what_is_not_a_site_is_named(tmp_path: Path, cache: Path, make: object, words: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(InputError, match=re.escape(words)):
        site_folder(path, cache)


def test_the_positional_is_taken_out_of_the_servers_options() -> None:
    site = "x"
    arguments = ["--host", "x", site, "--port", "0"]
    arguments[2] = site = "".join(["x"])  # another object equal to the --host value
    assert without_site(arguments, site) == ["--host", "x", "--port", "0"]
    assert without_site(["--port", "0", "s.zip"], "s.zip") == ["--port", "0"]


# --------------------------------------------------------------------------- the command


def texas42(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "texas42.cli", *args], capture_output=True, text=True,
        check=False, cwd=REPO, env={**os.environ, **(env or {})}, timeout=60,
    )


@pytest.mark.parametrize(
    ("argument", "words"),
    [
        ("no-such.zip", "no such file or folder"),
        ("README.md", "is not a site archive"),
        ("tests", "is not a built site: it has no index.html"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(argument: str, words: str) -> None:
    result = texas42("classroom", argument, "--port", "0")
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert result.stderr.startswith("texas42 classroom: ") and words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_bad_options_are_refused_by_the_servers_own_checks(tmp_path: Path) -> None:
    result = texas42("classroom", str(tmp_path), "--idle-timeout", "-1")
    assert result.returncode == 2 and "must be above 0" in result.stderr, result
    assert "usage: texas42 classroom" in result.stderr


def test_without_the_classroom_extra_it_says_how_to_install_it(tmp_path: Path) -> None:
    # A starlette that cannot be imported, as in an install without the extra.
    blocker = tmp_path / "starlette"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('no', name='starlette')\n")
    result = texas42("classroom", "x.zip",
                     env={"PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])})
    assert result.returncode == 1, result
    assert "pip install 'texas42[classroom]'" in result.stderr and "starlette" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_help_lists_the_servers_options() -> None:
    result = texas42("classroom", "--help")
    assert result.returncode == 0, result
    for option in ("ARCHIVE_OR_FOLDER", "--host", "--port", "--idle-timeout",
                   "--max-connections", "--max-per-client"):
        assert option in result.stdout
    assert "classroom" in texas42("--help").stdout


@contextmanager
def classroom(*args: str, env: dict[str, str]) -> Iterator[tuple[str, list[str]]]:
    """``texas42 classroom ARGS`` on a free port: its URL and the lines it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "texas42.cli", "classroom", *args], cwd=REPO,
        env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )
    lines: list[str] = []
    try:
        assert process.stdout is not None
        deadline = time.monotonic() + SERVE_START_S
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            assert line, f"it stopped: {''.join(lines)}"
            lines.append(line)
            if match := re.search(r"^==> Serving .* on 127\.0\.0\.1:(\d+)", line):
                yield f"http://127.0.0.1:{match[1]}", lines
                break
        else:
            pytest.fail(f"not serving after {SERVE_START_S} s: {''.join(lines)}")
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.parametrize("before", [False, True], ids=["options-after", "options-before"])
def test_it_serves_a_site_archive_with_its_gzip_siblings(
    site: Path, tmp_path: Path, before: bool
) -> None:
    out = tmp_path / "texas42-site.zip"
    site_archive.write_archive(site, out)
    options = ["--port", "0", "--host", "127.0.0.1"]
    args = [*options, str(out)] if before else [str(out), *options]
    with classroom(*args, env={"XDG_CACHE_HOME": str(tmp_path / "cache")}) as (url, lines):
        assert any("a site archive, unpacked in" in line for line in lines), lines
        with urllib.request.urlopen(f"{url}/", timeout=10) as answer:
            assert answer.status == 200 and b"<title>home</title>" in answer.read()
        request = urllib.request.Request(f"{url}/book/intro.html",
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(answer.read()) == (site / "book" / "intro.html").read_bytes()
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{url}/.buildinfo", timeout=10)
        assert missing.value.code == 404
    assert (tmp_path / "cache" / "texas42" / "sites").is_dir()


def test_it_serves_a_folder_as_it_is(site: Path, tmp_path: Path) -> None:
    with classroom(str(site), "--port", "0", env={"XDG_CACHE_HOME": str(tmp_path / "c")}) as (
        url, lines,
    ):
        assert any(f"Serving {site} " in line for line in lines), lines
        with urllib.request.urlopen(f"{url}/book/intro.html", timeout=10) as answer:
            assert answer.read() == (site / "book" / "intro.html").read_bytes()
    assert not (tmp_path / "c").exists()  # a folder is never copied


# --------------------------------------------------------------------------- the build speaks


def test_a_long_build_step_says_it_is_still_running(capsys: pytest.CaptureFixture[str]) -> None:
    import build_lite

    result = build_lite.run_logged(
        [sys.executable, "-c", "import time; time.sleep(1.0); print('done')"],
        "a long step", heartbeat_s=0.05,
    )
    assert result.returncode == 0 and result.stdout == "done\n"
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "build_lite: a long step ..."
    assert len(lines) >= 2 and all("a long step: still running (" in x for x in lines[1:])


def test_a_build_step_past_its_bound_is_stopped_with_the_reason() -> None:
    import build_lite

    with pytest.raises(build_lite.BuildError, match="a stuck step: still running after"):
        build_lite.run_logged([sys.executable, "-c", "import time; time.sleep(60)"],
                              "a stuck step", timeout_s=0.2, heartbeat_s=0.05)


def test_the_build_ends_by_saying_to_serve_it_not_open_the_file() -> None:
    book = subprocess.run(["make", "-n", "book"], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout
    advice = book.index("make serve")
    assert book.index("jupyter-book build") < book.index("build_lite.py check") < advice
    assert "texas42 classroom _build/html" in book and "as a file" in book
    site = subprocess.run(["make", "-n", "site"], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout
    assert "not the file" in site


def test_the_cache_keeps_the_sites_used_last(site: Path, cache: Path, tmp_path: Path) -> None:
    served = []
    for n in range(archive.KEEP_SITES + 1):
        (site / "index.html").write_text(f"<title>release {n}</title>")
        out = tmp_path / f"release-{n}.zip"
        site_archive.write_archive(site, out)
        served.append(site_folder(out, cache))
        os.utime(served[-1], (1000 + n, 1000 + n))  # used in this order
    assert sorted(p for p in cache.iterdir()) == sorted(served[1:])  # the oldest went
    site_folder(tmp_path / "release-1.zip", cache)  # used again: now the newest
    (site / "index.html").write_text("<title>another</title>")
    site_archive.write_archive(site, tmp_path / "another.zip")
    newest = site_folder(tmp_path / "another.zip", cache)
    assert sorted(cache.iterdir()) == sorted([served[1], served[3], newest])
