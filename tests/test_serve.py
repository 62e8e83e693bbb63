"""Serving to a room (texas42/classroom, ``make serve``), the incremental ``make site``
(scripts/incremental.py) and the GitHub Pages workflow. No browser, no network.

The classroom server is attacked here as a room and a stranger would: malformed paths,
traversal, symlinks out of the site, folder listings, idle and trickling sockets, a client
that stops reading, clients that hang up mid-answer, too many connections. Its timeouts are
set short through its options, and every wait below has a generous deadline: the tests
check what happens, not how fast (bench/bench_serve_load.py measures that).
"""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
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

from texas42.classroom import files, room

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

import build_lite  # noqa: E402
import incremental  # noqa: E402
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
    assert "-m texas42.classroom" in commands
    assert not BUILD_WORDS.search(commands), commands
    # `site` builds (incrementally) and then serves.
    site = make_n("site")
    assert "scripts/incremental.py lite" in site and "scripts/incremental.py book" in site
    assert "build_lite.py prepare" not in site and "--all" not in site


def test_make_serve_passes_host_and_port() -> None:
    assert "--host 0.0.0.0 --port 8123" in make_n("serve", HOST="0.0.0.0", SITE_PORT="8123")
    assert "--host 127.0.0.1" in make_n("serve")


def test_the_engine_does_not_import_the_server() -> None:
    code = "import sys, texas42, texas42.cli; print(sorted(m for m in sys.modules if m in " \
        "('starlette', 'hypercorn', 'texas42.classroom', 'anyio')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


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
    """Status, headers (names in any case) and body of a GET; an HTTP error's too."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


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
    expected = [f"http://{a}:{port}/" for a in room.share_addresses("0.0.0.0")]
    assert expected, "this machine has a non-loopback IPv4 address"
    for address in expected:
        assert address in out, out
    assert "127.0.0.1" not in "".join(expected)
    assert "==> stopped" in out and "Traceback" not in out
    # Its tables in a temporary file (tests/browser/helpers.py), never the user's.
    kept = re.search(r"kept in (\S+classroom\.sqlite)", out)
    assert kept is not None, out
    assert not Path(kept.group(1)).is_relative_to(Path.home() / ".local"), out


def test_the_teacher_code_is_printed_at_start_and_opens_the_teachers_routes(
    served: tuple[str, subprocess.Popen[str]],
) -> None:
    url, process = served
    assert process.stdout is not None
    line = ""
    while "teacher code:" not in line:
        line = process.stdout.readline()
        assert line, "no teacher code printed"
    found = re.search(r"teacher code: ([A-Z]{5}-[A-Z]{5})", line)
    assert found is not None and "/teacher/" in line, line
    assert get(f"{url}/api/teacher/overview")[0] == 401
    status, _, body = get(f"{url}/api/teacher/overview", **{"X-Teacher-Code": found.group(1)})
    assert status == 200 and set(json.loads(body)) == {"tables", "students"}
    # Never on a page a student sees.
    assert found.group(1).encode() not in get(f"{url}/teacher/")[2]
    assert found.group(1).encode() not in get(f"{url}/room.json")[2]


def test_room_json_lists_the_addresses_with_qr_codes_that_decode(
    served: tuple[str, subprocess.Popen[str]],
) -> None:
    url, _ = served
    status, headers, body = get(f"{url}/room.json")
    info = json.loads(body)
    assert status == 200 and headers["Cache-Control"] == "no-store"
    port = url.rsplit(":", 1)[1]
    assert [a["url"] for a in info["addresses"]] == [
        f"http://{a}:{port}/" for a in room.share_addresses("0.0.0.0")
    ]
    for address in info["addresses"]:
        assert address["qr"].startswith("<svg")
        assert decode_qr(address["url"]) == [address["url"]]


def decode_qr(url: str) -> list[str]:
    """Draw ``url`` as the server does (segno, error correction M) and decode the picture."""
    code = room.qr_code(url)
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
    svg = room.qr_svg(url)
    assert svg is not None and "<path" in svg
    # The same symbol as segno's reference encoding of that text.
    assert (
        room.qr_code(url).matrix
        == segno.make(url, error="m", micro=False, boost_error=False).matrix
    )


def test_gzip_sibling_is_sent_when_accepted(
    served: tuple[str, subprocess.Popen[str]], tree: Path
) -> None:
    url, _ = served
    raw = (tree / "lite" / "big.js").read_bytes()
    status, headers, body = get(f"{url}/lite/big.js", **{"Accept-Encoding": "gzip, deflate"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"].split(";")[0] == "text/javascript"
    assert int(headers["Content-Length"]) == len(body) < len(raw) // 10
    assert gzip.decompress(body) == raw
    for refused in ({}, {"Accept-Encoding": "br"}, {"Accept-Encoding": "gzip;q=0, br"}):
        status, headers, body = get(f"{url}/lite/big.js", **refused)
        assert "Content-Encoding" not in headers and body == raw, refused
        assert headers["Vary"] == "Accept-Encoding"
    _, headers, _ = get(f"{url}/lite/x.wasm")
    assert headers["Content-Type"] == "application/wasm"


def test_accepts_gzip() -> None:
    assert files.accepts_gzip("gzip") and files.accepts_gzip("br, gzip;q=0.5")
    assert files.accepts_gzip("*")
    assert not files.accepts_gzip(None) and not files.accepts_gzip("deflate, br")
    assert not files.accepts_gzip("gzip;q=0") and not files.accepts_gzip("gzip; q=0.0")


def test_no_build_yet_says_how_to_make_one(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "texas42.classroom", "--directory", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert "no build" in result.stderr and "make site" in result.stderr


@pytest.mark.parametrize(
    ("option", "word"),
    [("--host=localhost", "not an IPv4 address"), ("--host=::1", "not an IPv4 address"),
     ("--idle-timeout=0", "above 0"), ("--max-connections=x", "not a number")],
)
def test_bad_options_are_refused_with_the_reason(option: str, word: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "texas42.classroom", option, "--directory", str(tmp_path)],
        capture_output=True, text=True, timeout=30,
    )
    assert result.returncode == 2 and word in result.stderr and "Traceback" not in result.stderr


def test_share_addresses_leave_out_loopback() -> None:
    assert room.share_addresses("127.0.0.1") == []
    assert room.share_addresses("10.1.2.3") == ["10.1.2.3"]
    every = room.share_addresses("0.0.0.0")
    assert all(not a.startswith("127.") for a in every)


@pytest.mark.parametrize(
    ("raw", "status"),
    [(b"/" + b"a" * 2000, 414), (b"/%00", 400), (b"/a%0a", 400), (b"/%zz", 400), (b"/%e", 400),
     (b"/%ff", 400), (b"/../x", 400), (b"/a/..%2fb", 400), (b"/%2e%2e/x", 400)],
)
def test_paths_that_cannot_name_a_file_are_refused(raw: bytes, status: int) -> None:
    with pytest.raises(files.BadPath) as refused:
        files.path_segments(raw)
    assert refused.value.status == status


def test_path_segments_drop_empty_and_dot_segments() -> None:
    assert files.path_segments(b"//book/./x%20y.html") == ["book", "x y.html"]
    assert files.path_segments(b"/") == []


# --------------------------------------------------------------------------- hostile clients

#: Short limits so that the attacks below end in seconds.
IDLE_S = 1.0
SEND_S = 1.0
BIG_BYTES = 48 * 2**20  # more than the kernel's socket buffers hold on both sides


class Server:
    """``python -m texas42.classroom`` on a free port of 127.0.0.1, its stderr in a file."""

    def __init__(self, site: Path, log: Path, *options: str) -> None:
        self.log = log
        with log.open("w") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "texas42.classroom", "--directory", str(site),
                 "--port", "0", *options],
                stdout=subprocess.PIPE, stderr=stderr, text=True,
            )
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = re.search(r"on 127\.0\.0\.1:(\d+)", first)
        assert found, first + log.read_text()
        self.port = int(found.group(1))

    def lines(self) -> list[str]:
        return self.log.read_text().splitlines()

    def wait_lines(self, count: int) -> list[str]:
        """The log once it has at least ``count`` lines (deadline 20 s)."""
        deadline = time.monotonic() + 20
        while len(self.lines()) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.lines()

    def connect(self, source: str = "127.0.0.1", rcvbuf: int | None = None) -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.bind((source, 0))
        sock.settimeout(20)
        sock.connect(("127.0.0.1", self.port))
        return sock

    def exchange(self, request: bytes, source: str = "127.0.0.1") -> bytes:
        """Send ``request`` whole and read the answer until the server closes or pauses."""
        with self.connect(source) as sock:
            sock.sendall(request)
            return read_answer(sock)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self) -> str:
        """SIGINT, and everything it wrote to stderr."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.log.read_text()


def read_answer(sock: socket.socket) -> bytes:
    """Bytes until the answer's Content-Length is complete, the server closes or 20 s."""
    data = b""
    while True:
        head, _, body = data.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: *(\d+)", head)
        if _ and length and len(body) >= int(length.group(1)):
            return data
        try:
            chunk = sock.recv(65536)
        except (ConnectionError, TimeoutError):
            return data
        if not chunk:
            return data
        data += chunk


def status_of(answer: bytes) -> int:
    assert answer.startswith(b"HTTP/1.1 "), answer[:200]
    return int(answer[9:12])


def closed_by_server(sock: socket.socket) -> bool:
    """True once the server closed ``sock`` (EOF or reset) within the socket's timeout."""
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionError:
        return True
    return True


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("hostile")
    outside = base / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("not for the room\n")
    site = base / "html"
    for folder in ("book", "lite", "_static", "deep/er"):
        (site / folder).mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>built</title>home\n")
    (site / "book" / "index.html").write_text("<title>book</title>\n")
    (site / "_static" / "style.css").write_text("body{}\n")
    (site / "lite" / "big.js").write_bytes(b"let x = 1;\n" * 4000)
    (site / "lite" / "big.js.gz").write_bytes(gzip.compress(b"let x = 1;\n" * 4000))
    for name, data in (("app.mjs", b"export {}"), ("x.wasm", b"\0asm"), ("sw.js", b"//"),
                       ("m.webmanifest", b"{}"), ("t.whl", b"PK")):
        (site / name).write_bytes(data)
    with (site / "big.bin").open("wb") as big:
        big.truncate(BIG_BYTES)
    (site / "out.txt").symlink_to(outside / "secret.txt")
    (site / "outdir").symlink_to(outside, target_is_directory=True)
    (site / "deep" / "er" / "up.txt").symlink_to("../../../outside/secret.txt")
    (site / "alias.html").symlink_to("index.html")  # inside the site: served
    return site


@pytest.fixture(scope="module")
def hostile(
    hostile_site: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    server = Server(
        hostile_site, tmp_path_factory.mktemp("log") / "stderr.txt",
        f"--idle-timeout={IDLE_S}", f"--send-timeout={SEND_S}",
    )
    try:
        yield server
    finally:
        assert "Traceback" not in server.stop()


MALFORMED = [
    # (request, status): each answered and logged on one line, no traceback.
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 431),
    (b"GET /" + b"a" * 3000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (b"GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /index.html%00.js HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /%c3%28 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /lite/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /%252e%252e/x HTTP/1.1\r\nHost: x\r\n\r\n", 404),  # a file named %2e%2e
    (b"GET /out.txt HTTP/1.1\r\nHost: x\r\n\r\n", 404),  # a symlink out of the site
    (b"GET /outdir/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    (b"GET /deep/er/up.txt HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    (b"GET /_static/ HTTP/1.1\r\nHost: x\r\n\r\n", 404),  # a folder: never a listing
    (b"GET /_static HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    (b"GET /lite/ HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    (b"GET //etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    (b"GET http://elsewhere/ HTTP/1.1\r\nHost: x\r\n\r\n", 404),
    (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\nabc", 405),
    (b"GET /lite/big.js HTTP/1.1\r\nHost: x\r\nRange: bytes=zz\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\n\r\n", 400),  # no Host
    (b"GARBAGE\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", 400),
    (b"GET /\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n", 400),
]


def test_every_malformed_request_gets_a_4xx_and_one_log_line(hostile: Server) -> None:
    before = len(hostile.lines())
    for request, status in MALFORMED:
        assert status_of(hostile.exchange(request)) == status, request[:80]
    lines = hostile.wait_lines(before + len(MALFORMED))[before:]
    assert len(lines) == len(MALFORMED), lines
    for line, (request, status) in zip(lines, MALFORMED, strict=True):
        assert f" {status} 127.0.0.1" in line, (line, request[:80])
        assert len(line) < 250  # the 70,000-character path is not copied out
    # The secret behind the symlinks never left.
    for request, _ in MALFORMED:
        assert b"not for the room" not in hostile.exchange(request)


def test_the_site_is_served_with_its_types_gzip_and_redirects(hostile: Server) -> None:
    status, headers, body = get(hostile.url("/lite/big.js"), **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == b"let x = 1;\n" * 4000
    types = {"/app.mjs": "text/javascript", "/x.wasm": "application/wasm",
             "/m.webmanifest": "application/manifest+json", "/t.whl": "application/zip",
             "/_static/style.css": "text/css", "/alias.html": "text/html"}
    for path, kind in types.items():
        status, headers, _ = get(hostile.url(path))
        assert status == 200 and headers["Content-Type"].split(";")[0] == kind, path
    status, headers, _ = get(hostile.url("/sw.js"))
    assert headers["Cache-Control"] == "no-cache"
    with hostile.connect() as sock:  # a folder without its slash: to the folder, this host
        sock.sendall(b"GET /book?x=1 HTTP/1.1\r\nHost: [evil\r\n\r\n")
        answer = read_answer(sock)
    assert status_of(answer) == 301 and b"\r\nlocation: /book/?x=1\r\n" in answer.lower()
    status, headers, body = get(hostile.url("/book/"))
    assert status == 200 and body == b"<title>book</title>\n"
    etag = headers["ETag"]
    with pytest.raises(urllib.error.HTTPError) as cached:
        urllib.request.urlopen(urllib.request.Request(
            hostile.url("/book/"), headers={"If-None-Match": etag}), timeout=10)
    assert cached.value.code == 304


def test_idle_and_trickling_clients_are_closed_while_others_are_answered(
    hostile: Server,
) -> None:
    before = len(hostile.lines())
    idle = [hostile.connect("127.0.0.2") for _ in range(4)]
    half = hostile.connect("127.0.0.2")
    half.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # half a request, then nothing
    trickler = hostile.connect("127.0.0.2")
    trickled = threading.Event()
    cut = threading.Event()

    def trickle() -> None:
        # A header that never ends, a byte every 50 ms: at 16 KB it would take 13 minutes.
        with contextlib.suppress(OSError):
            trickler.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                trickler.sendall(b"a")
                trickled.set()
                time.sleep(0.05)
        cut.set()

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        assert trickled.wait(10)
        # Meanwhile another client is answered.
        status, _, body = get(hostile.url("/"))
        assert status == 200 and b"built" in body
        for sock in [*idle, half]:
            assert closed_by_server(sock)
        assert cut.wait(25), "the trickling client was not cut off"
        assert closed_by_server(trickler)
    finally:
        for sock in [*idle, half, trickler]:
            sock.close()
        thread.join(5)
    # Idle sockets are closed silently; the half-sent and trickled requests, one line each.
    lines = hostile.wait_lines(before + 2)[before:]
    assert len(lines) == 2 and all("no whole request" in line for line in lines), lines
    status, _, _ = get(hostile.url("/"))
    assert status == 200


def test_a_half_sent_request_then_hang_up_is_answered_400(hostile: Server) -> None:
    before = len(hostile.lines())
    with hostile.connect() as sock:
        sock.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\nAcc")
        sock.shutdown(socket.SHUT_WR)
        assert status_of(read_answer(sock)) == 400
    lines = hostile.wait_lines(before + 1)[before:]
    assert len(lines) == 1 and "400 127.0.0.1" in lines[0]


def test_http2_without_tls_is_closed_not_held(hostile: Server) -> None:
    before = len(hostile.lines())
    with hostile.connect() as sock:
        sock.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        assert closed_by_server(sock)
    lines = hostile.wait_lines(before + 1)[before:]
    assert len(lines) == 1 and "HTTP/2" in lines[0]


def test_a_client_that_stops_reading_is_dropped(hostile: Server) -> None:
    before = len(hostile.lines())
    with hostile.connect(rcvbuf=4096) as sock:
        sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        time.sleep(SEND_S * 3)  # reads nothing for three send timeouts
        received = 0
        with contextlib.suppress(ConnectionError):
            while chunk := sock.recv(2**20):
                received += len(chunk)
    # What the kernels held arrived, then the end: never the whole file.
    assert 0 < received < BIG_BYTES
    status, _, _ = get(hostile.url("/"))
    assert status == 200
    assert hostile.lines()[before:] == []


def test_clients_hanging_up_mid_answer_print_nothing(hostile: Server) -> None:
    before = len(hostile.lines())
    for n in range(6):
        sock = hostile.connect()
        sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n")
        sock.recv(1000 * (n + 1))
        if n % 2:  # a reset rather than a close
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")
        sock.close()
    status, _, _ = get(hostile.url("/"))
    assert status == 200
    time.sleep(SEND_S)  # time for anything the server would print about them
    assert hostile.lines()[before:] == []


def test_connection_caps_refuse_the_excess_and_answer_the_others(
    hostile_site: Path, tmp_path: Path
) -> None:
    server = Server(hostile_site, tmp_path / "stderr.txt", "--max-per-client=4",
                    "--max-connections=8", "--idle-timeout=60")
    held: list[socket.socket] = []
    try:
        held += [server.connect("127.0.0.3") for _ in range(4)]
        refused = server.exchange(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", source="127.0.0.3")
        assert status_of(refused) == 429 and b"Retry-After: 2" in refused
        answered = server.exchange(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", source="127.0.0.4")
        assert status_of(answered) == 200
        held += [server.connect(f"127.0.0.{n}") for n in (4, 5, 6, 7)]  # 8 open in all
        busy = server.exchange(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", source="127.0.0.8")
        assert status_of(busy) == 503
        for sock in held[:2]:
            sock.close()
        deadline = time.monotonic() + 20
        while True:  # once the server has seen those two close, it answers again
            answer = server.exchange(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", "127.0.0.8")
            if status_of(answer) == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert status_of(answer) == 200
    finally:
        for sock in held:
            sock.close()
        log = server.stop()
    lines = log.splitlines()
    # One line when each limit was reached, not one per refused connection.
    assert len(lines) == 2, lines
    assert "127.0.0.3 has 4 connections open" in lines[0] and "(429)" in lines[0]
    assert "8 connections open" in lines[1] and "(503)" in lines[1]


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
