"""A static server that notes every file it sends (bench/bench_bytes.py and the byte tests).

Requests made by a SharedWorker do not show in Playwright's response events, so the bytes a
visit costs are counted here, on the server side: each GET is noted with its path, status,
the body bytes sent, the Content-Encoding and when it came (the system clock, which a
page's ``performance.timeOrigin`` shares: a test can split the log at a moment the page
reports). With ``precompressed=True`` the server does
what static hosts with precompressed files do (nginx ``gzip_static``, Caddy
``precompressed``): a request for ``X`` from a browser that accepts gzip is answered with
``X.gz`` when that sibling exists, with ``Content-Encoding: gzip``.
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import http.server
import os
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import unquote, urlsplit

from .helpers import QuietServer


@dataclass
class Sent:
    """One answered GET."""

    path: str  # the URL path, without query
    status: int
    body_bytes: int  # bytes of the body on the wire (0 for a 304)
    encoding: str  # the Content-Encoding sent ("" for none)
    file: str  # the file on disk that was sent ("" when none)
    at: float = 0.0  # when the request came (time.time(), seconds)


@dataclass
class ServerLog:
    """Every GET answered so far; thread safe (the server answers in threads)."""

    sent: list[Sent] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, item: Sent) -> None:
        with self.lock:
            self.sent.append(item)

    def quiet(self, seconds: float, most: float) -> None:
        """Wait until no request has come for ``seconds`` (at most ``most`` seconds): a
        visit's late fetches (the service worker's offline copy) are then all noted."""
        deadline = time.monotonic() + most
        while time.monotonic() < deadline:
            with self.lock:
                last = max((s.at for s in self.sent), default=0.0)
            if time.time() - last >= seconds:
                return
            time.sleep(0.25)

    def take(self) -> list[Sent]:
        """Everything noted so far, and forget it."""
        with self.lock:
            items, self.sent = self.sent, []
        return items


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    log_book: ServerLog
    precompressed = False

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-encoding":
            self._encoding = value
        super().send_header(keyword, value)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        counted = _CountingWriter(outputfile)
        shutil.copyfileobj(source, counted)
        self._body += counted.count

    def do_GET(self) -> None:
        self._status, self._body, self._encoding, self._file = 0, 0, "", ""
        at = time.time()
        try:
            super().do_GET()
        finally:
            path = unquote(urlsplit(self.path).path)
            self.log_book.add(Sent(path, self._status, self._body, self._encoding, self._file,
                                   at))

    def send_head(self) -> BinaryIO | None:  # type: ignore[override,unused-ignore]
        local = self.translate_path(self.path)
        self._file = local if os.path.isfile(local) else ""
        if not self.precompressed or not os.path.isfile(local + ".gz"):
            return super().send_head()  # type: ignore[return-value,unused-ignore]
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return super().send_head()  # type: ignore[return-value,unused-ignore]
        stat = os.stat(local + ".gz")
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                when = email.utils.parsedate_to_datetime(since)
                if int(stat.st_mtime) <= when.timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
        handle = open(local + ".gz", "rb")  # noqa: SIM115 (closed by do_GET's caller)
        self._file = local + ".gz"
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(local))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return handle


class _CountingWriter:
    def __init__(self, out: Any) -> None:
        self.out, self.count = out, 0

    def write(self, data: bytes) -> int:
        self.out.write(data)
        self.count += len(data)
        return len(data)


@contextlib.contextmanager
def counting_server(
    directory: Path, *, precompressed: bool = False
) -> Iterator[tuple[str, ServerLog]]:
    """Serve ``directory`` on a free 127.0.0.1 port; yield its URL and the log of sends."""
    log_book = ServerLog()
    handler_class = type(
        "_Counting", (CountingHandler,), {"log_book": log_book, "precompressed": precompressed}
    )
    handler = functools.partial(handler_class, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="counting-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", log_book
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
