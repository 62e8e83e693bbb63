"""Serving to a room (scripts/serve.py, ``make serve``), the incremental ``make site``
(scripts/incremental.py) and the GitHub Pages workflow. No browser, no network."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
import segno  # type: ignore[import-untyped,unused-ignore]
import yaml  # type: ignore[import-untyped,unused-ignore]
import zxingcpp  # type: ignore[import-untyped,unused-ignore]
from PIL import Image

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import build_lite  # noqa: E402
import incremental  # noqa: E402
import serve  # noqa: E402
from browser.helpers import make_serve  # noqa: E402  (tests/ is on the path, as pytest puts it)

BUILD_WORDS = re.compile(r"jupyter-book|build_lite|incremental\.py|pip |npm |copy_widget_js")


def make_n(target: str, **env: str) -> str:
    out = subprocess.run(
        ["make", "-n", target],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **env},
    )
    return out.stdout


# --------------------------------------------------------------------------- make


def test_make_serve_calls_no_build_step() -> None:
    commands = make_n("serve")
    assert "scripts/serve.py" in commands
    assert not BUILD_WORDS.search(commands), commands
    # `site` builds (incrementally) and then serves.
    site = make_n("site")
    assert "scripts/incremental.py lite" in site and "scripts/incremental.py book" in site
    assert "build_lite.py prepare" not in site and "--all" not in site


def test_make_serve_passes_host_and_port() -> None:
    assert "--host 0.0.0.0 --port 8123" in make_n("serve", HOST="0.0.0.0", SITE_PORT="8123")
    assert "--host 127.0.0.1" in make_n("serve")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    site = tmp_path / "html"
    (site / "lite").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>built</title>home\n")
    big = ("texas42 " * 5000).encode()
    (site / "lite" / "big.js").write_bytes(big)
    (site / "lite" / "big.js.gz").write_bytes(gzip.compress(big))
    (site / "lite" / "x.wasm").write_bytes(b"\0asm")
    return site


def _listening(port: int) -> list[str]:
    """Local addresses listening on TCP ``port`` (from /proc/net/tcp, state 0A)."""
    found = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        address, hex_port = fields[1].split(":")
        if int(hex_port, 16) == port and fields[3] == "0A":
            found.append(".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


@pytest.fixture
def served(tree: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`HOST=0.0.0.0 make serve` on a free port, serving ``tree``."""
    with make_serve(tree) as (port, process):
        deadline = time.monotonic() + 20
        while not _listening(port):
            assert process.poll() is None, process.stdout.read() if process.stdout else ""
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", process


def get(url: str, **headers: str) -> tuple[int, Message, bytes]:
    """Status, headers (names in any case) and body of a GET."""
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers, response.read()


def test_host_0000_binds_every_interface_and_prints_the_addresses(
    served: tuple[str, subprocess.Popen[str]],
) -> None:
    url, process = served
    port = int(url.rsplit(":", 1)[1])
    assert _listening(port) == ["0.0.0.0"]
    status, _, body = get(f"{url}/")
    assert status == 200 and b"built" in body
    os.killpg(process.pid, signal.SIGINT)
    out = process.stdout.read() if process.stdout else ""
    expected = [f"http://{a}:{port}/" for a in serve.share_addresses("0.0.0.0")]
    assert expected, "this machine has a non-loopback IPv4 address"
    for address in expected:
        assert address in out, out
    assert "127.0.0.1" not in "".join(expected)


def test_room_json_lists_the_addresses_with_qr_codes_that_decode(
    served: tuple[str, subprocess.Popen[str]],
) -> None:
    url, _ = served
    status, headers, body = get(f"{url}/room.json")
    room = json.loads(body)
    assert status == 200 and headers["Cache-Control"] == "no-store"
    port = url.rsplit(":", 1)[1]
    assert [a["url"] for a in room["addresses"]] == [
        f"http://{a}:{port}/" for a in serve.share_addresses("0.0.0.0")
    ]
    for address in room["addresses"]:
        assert address["qr"].startswith("<svg")
        assert decode_qr(address["url"]) == [address["url"]]


def decode_qr(url: str) -> list[str]:
    """Draw ``url`` as serve.py does (segno, error correction M) and decode the picture."""
    code = serve.qr_code(url)
    assert code.error == "M" and not code.is_micro
    png = io.BytesIO()
    code.save(png, kind="png", scale=6, border=4)
    png.seek(0)
    return [result.text for result in zxingcpp.read_barcodes(Image.open(png))]


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.7:8000/",
        "http://192.168.178.120:65535/",
        "https://example.org/texas42/book/teachers.html",
    ],
)
def test_qr_codes_decode_to_their_url(url: str) -> None:
    assert decode_qr(url) == [url]
    svg = serve.qr_svg(url)
    assert svg is not None and "<path" in svg
    # The same symbol as segno's reference encoding of that text.
    assert (
        serve.qr_code(url).matrix
        == segno.make(url, error="m", micro=False, boost_error=False).matrix
    )


def test_gzip_sibling_is_sent_when_accepted(
    served: tuple[str, subprocess.Popen[str]], tree: Path
) -> None:
    url, _ = served
    raw = (tree / "lite" / "big.js").read_bytes()
    status, headers, body = get(f"{url}/lite/big.js", **{"Accept-Encoding": "gzip, deflate"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding" and headers["Content-Type"] == "text/javascript"
    assert int(headers["Content-Length"]) == len(body) < len(raw) // 10
    assert gzip.decompress(body) == raw
    for refused in ({}, {"Accept-Encoding": "br"}, {"Accept-Encoding": "gzip;q=0, br"}):
        status, headers, body = get(f"{url}/lite/big.js", **refused)
        assert "Content-Encoding" not in headers and body == raw, refused
    _, headers, _ = get(f"{url}/lite/x.wasm")
    assert headers["Content-Type"] == "application/wasm"


def test_accepts_gzip() -> None:
    assert serve.accepts_gzip("gzip") and serve.accepts_gzip("br, gzip;q=0.5")
    assert serve.accepts_gzip("*")
    assert not serve.accepts_gzip(None) and not serve.accepts_gzip("deflate, br")
    assert not serve.accepts_gzip("gzip;q=0") and not serve.accepts_gzip("gzip; q=0.0")


def test_no_build_yet_says_how_to_make_one(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "serve.py"), "--directory", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert "no build" in result.stderr and "make site" in result.stderr


def test_share_addresses_leave_out_loopback() -> None:
    assert serve.share_addresses("127.0.0.1") == []
    assert serve.share_addresses("10.1.2.3") == ["10.1.2.3"]
    every = serve.share_addresses("0.0.0.0")
    assert all(not a.startswith("127.") for a in every)


# --------------------------------------------------------------------------- incremental


def test_inputs_hash_changes_with_any_input(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.py").write_text("1")
    paths = [tmp_path / "a", tmp_path / "b.txt"]
    first = incremental.inputs_hash(paths, tmp_path)
    assert incremental.inputs_hash(paths, tmp_path) == first
    (tmp_path / "b.txt").write_text("new")  # a missing input appears
    second = incremental.inputs_hash(paths, tmp_path)
    (tmp_path / "a" / "x.py").write_text("2")
    assert len({first, second, incremental.inputs_hash(paths, tmp_path)}) == 3


def test_prepare_runs_only_when_its_inputs_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "input.txt"
    source.write_text("v1")
    runs: list[Path] = []

    def fake_prepare(lite_dir: Path) -> Path:
        out = lite_dir / "static" / "pyodide"
        out.mkdir(parents=True, exist_ok=True)
        (out / "pyodide-lock.json").write_text(json.dumps({"packages": {}}))
        runs.append(lite_dir)
        return out

    monkeypatch.setattr(incremental, "lite_inputs", lambda: [source])
    monkeypatch.setattr(build_lite, "prepare", fake_prepare)
    stamp, lite = tmp_path / "stamp", tmp_path / "lite"
    kwargs: dict[str, Any] = {"stamp": stamp, "wheelhouse": tmp_path / "wh", "lite_dir": lite}
    assert incremental.prepare_if_changed(**kwargs) is True
    assert incremental.prepare_if_changed(**kwargs) is False  # unchanged: nothing runs
    source.write_text("v2")
    assert incremental.prepare_if_changed(**kwargs) is True
    (lite / "static" / "pyodide" / "pyodide-lock.json").unlink()  # output damaged
    assert incremental.prepare_if_changed(**kwargs) is True
    assert len(runs) == 3
    # The real prepare is back in place afterwards.
    assert build_lite.download_wheels.__module__ == "build_lite"


def test_wheelhouse_answers_without_pip(tmp_path: Path) -> None:
    calls: list[dict[str, str]] = []

    def fake_download(requirements: dict[str, str], dest: Path) -> dict[str, Path]:
        calls.append(dict(requirements))
        out = {}
        for name, version in requirements.items():
            out[name] = dest / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
            out[name].write_bytes(b"wheel")
        return out

    wheelhouse = tmp_path / "wh"
    download = incremental.cached_download(fake_download, wheelhouse)
    wanted = {"comm": "0.2.3", "six": "1.17.0"}
    first = download(wanted, tmp_path / "d1")
    second = download(wanted, tmp_path / "d2")  # all there: pip is not asked again
    third = download({**wanted, "wcwidth": "0.6.0"}, tmp_path / "d3")
    assert calls == [wanted, {"wcwidth": "0.6.0"}]
    assert sorted(first) == sorted(second) == ["comm", "six"] and len(third) == 3
    assert all(p.parent == tmp_path / "d2" and p.is_file() for p in second.values())


# --------------------------------------------------------------------------- pages.yml


def test_pages_workflow_builds_with_make_book_and_uses_only_github_actions() -> None:
    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "pages.yml").read_text())
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    uses = [step["uses"] for step in steps if "uses" in step]
    assert all(u.split("/")[0] == "actions" for u in uses), uses
    assert "actions/deploy-pages@v4" in uses and "actions/upload-pages-artifact@v3" in uses
    runs = " && ".join(step["run"] for step in steps if "run" in step)
    assert "make book" in runs
    for target in re.findall(r"make (\w[\w-]*)", runs):
        assert subprocess.run(["make", "-n", target], cwd=REPO, capture_output=True).returncode == 0
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "_build/html"
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_workflow_runs_nothing_that_reaches_another_host() -> None:
    text = (REPO / ".github" / "workflows" / "pages.yml").read_text()
    assert not re.search(r"\b(curl|wget)\b|https?://(?!OWNER)", text), text


def test_an_incremental_book_build_refreshes_the_precompressed_siblings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make site` after a change: a host (and `make serve`) sends X.gz in place of X, so
    the sibling must be the new file's, not the last full build's."""
    site = tmp_path / "_build" / "html"
    site.mkdir(parents=True)
    worker = site / "sw.js"
    worker.write_text("const VERSION = 'old';\n" * 200)
    build_lite.compress_site(site)

    def build(*_args: Any, **_kwargs: Any) -> int:
        worker.write_text("const VERSION = 'new';\n" * 200)
        later = time.time() + 5
        os.utime(worker, (later, later))
        return 0

    monkeypatch.setattr(incremental, "REPO", tmp_path)
    monkeypatch.setattr(incremental.subprocess, "call", build)
    monkeypatch.setattr(incremental.build_lite, "check", lambda: [])
    assert incremental.build_book("jupyter-book", stamp=tmp_path / "stamp") == 0
    assert gzip.decompress((site / "sw.js.gz").read_bytes()) == worker.read_bytes()
