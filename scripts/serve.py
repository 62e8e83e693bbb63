"""Serve the built book (``_build/html``) to this computer or to a whole room.

``make serve`` runs this script; it never builds anything and needs no network::

    python scripts/serve.py                    # http://127.0.0.1:8000/, this computer only
    HOST=0.0.0.0 python scripts/serve.py       # every interface: the room's network

* With ``HOST=0.0.0.0`` (or any address that is not loopback) it prints the addresses to
  share, one per non-loopback IPv4 address of the machine (``http://ADDR:PORT/``), and
  the teacher's guide shows them with a QR code each: the server answers ``room.json``
  (the addresses and their QR codes as SVG, drawn here by ``segno``, offline) in place of
  the build's own empty one. Nothing is written into the build or the source.
* A file ``X`` with a precompressed sibling ``X.gz`` is sent as the ``.gz`` bytes with
  ``Content-Encoding: gzip`` when the request accepts gzip (``Vary: Accept-Encoding``).
* ``.mjs``, ``.wasm`` and ``.webmanifest`` get their proper types (module workers and
  streaming WebAssembly compilation need them).

A missing build exits with status 2 and says how to make one (``make site``).
"""

from __future__ import annotations

import argparse
import array
import fcntl
import functools
import http.server
import io
import ipaddress
import json
import os
import socket
import struct
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "_build" / "html"
#: The file the teacher's page reads; the build writes an empty one (book/_ext/offline_app.py).
ROOM_FILE = "room.json"
EXTRA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
}


def accepts_gzip(header: str | None) -> bool:
    """True if an ``Accept-Encoding`` header allows gzip (``gzip;q=0`` refuses it)."""
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() not in ("gzip", "*"):
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        return q > 0
    return False


def _linux_ipv4_addresses() -> list[str]:
    """Every interface's IPv4 address (Linux ``SIOCGIFADDR``); empty elsewhere."""
    found: list[str] = []
    siocgifaddr = 0x8915
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return found
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(sock.fileno(), siocgifaddr, request)
            except OSError:
                continue  # no IPv4 address on this interface
            found.append(socket.inet_ntoa(array.array("B", answer[20:24]).tobytes()))
    return found


def _resolver_ipv4_addresses() -> list[str]:
    """The host name's addresses, and the one the default route leaves from (no packet
    is sent: a UDP socket's connect only picks the route)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("10.255.255.255", 1))
            found.append(str(sock.getsockname()[0]))
    except OSError:
        pass
    return found


def share_addresses(host: str) -> list[str]:
    """The IPv4 addresses other devices can use: every non-loopback address of the
    machine when bound to all interfaces, else the bound address if it is not loopback."""
    if host not in ("0.0.0.0", ""):
        return [] if ipaddress.ip_address(host).is_loopback else [host]
    seen: dict[str, None] = {}
    for address in _linux_ipv4_addresses() + _resolver_ipv4_addresses():
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            seen.setdefault(address, None)
    return list(seen)


def qr_code(url: str) -> Any:
    """The QR code of ``url``: byte mode, error correction M (segno), or None without it."""
    try:
        import segno  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    return segno.make(url, error="m", micro=False, boost_error=False)


def qr_svg(url: str) -> str | None:
    """``url``'s QR code as an inline SVG (dark on light, its quiet zone included)."""
    code = qr_code(url)
    if code is None:
        return None
    svg: str = code.svg_inline(scale=6, border=4, dark="#000", light="#fff", omitsize=False)
    return svg


def room_info(urls: Iterable[str]) -> dict[str, Any]:
    """What ``room.json`` holds: each address to share with its QR code."""
    return {"served": True, "addresses": [{"url": url, "qr": qr_svg(url)} for url in urls]}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with ``.gz`` siblings, proper module/wasm types and ``room.json``."""

    def __init__(self, *args: Any, room: bytes, **kwargs: Any) -> None:
        self.room = room
        self.extensions_map = {**self.extensions_map, **EXTRA_TYPES}
        super().__init__(*args, **kwargs)

    def send_head(self) -> Any:
        path_only = self.path.split("?", 1)[0].split("#", 1)[0]
        if path_only == "/" + ROOM_FILE:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(self.room)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            return io.BytesIO(self.room)
        local = self.translate_path(self.path)
        gz = local + ".gz"
        if (
            os.path.isfile(local)
            and os.path.isfile(gz)
            and accepts_gzip(self.headers.get("Accept-Encoding"))
        ):
            return self._send_gzip(local, gz)
        return super().send_head()

    def _send_gzip(self, local: str, gz: str) -> Any:
        handle = open(gz, "rb")  # noqa: SIM115 - closed by copyfile's caller
        try:
            size = os.fstat(handle.fileno()).st_size
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(local))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(size))
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Last-Modified", self.date_time_string(int(os.stat(local).st_mtime)))
            self.end_headers()
        except Exception:
            handle.close()
            raise
        return handle

    def end_headers(self) -> None:
        # A service worker script must be checked on every visit (the site's updates).
        if self.path.split("?", 1)[0].endswith("/sw.js"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        # 25 devices fetch ~70 files each: print only what went wrong.
        if len(args) >= 2 and str(args[1])[:1] in "45":
            super().log_message(format, *args)


class ThreadingServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64  # a room of devices opening the site at once


def make_server(directory: Path, host: str, port: int) -> tuple[ThreadingServer, list[str]]:
    """A server for ``directory`` bound to ``host:port``, and the URLs to share."""
    bind = "0.0.0.0" if host in ("", "0.0.0.0") else host
    # Bound first: with port 0 the real port is known only afterwards.
    server = ThreadingServer(
        (bind, port), functools.partial(SiteHandler, directory=str(directory), room=b"")
    )
    real_port = server.server_address[1]
    urls = [f"http://{address}:{real_port}/" for address in share_addresses(bind)]
    room = json.dumps(room_info(urls)).encode()
    server.RequestHandlerClass = functools.partial(SiteHandler, directory=str(directory), room=room)
    return server, urls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=os.environ.get("HOST") or "127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    parser.add_argument(
        "--directory", type=Path, default=Path(os.environ.get("SERVE_DIRECTORY") or SITE)
    )
    args = parser.parse_args(argv)
    directory: Path = args.directory
    if not (directory / "index.html").is_file():
        print(
            f"serve: there is no build in {directory} yet. Build it once with `make site`"
            " (it builds the book, then serves it); after that `make serve` serves it"
            " without building.",
            file=sys.stderr,
        )
        return 2
    try:
        server, urls = make_server(directory, args.host, args.port)
    except OSError as exc:
        print(f"serve: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    bound, port = str(server.server_address[0]), int(server.server_address[1])
    print(f"==> Serving {directory} on {bound}:{port}   (Ctrl-C to stop)")
    if bound == "0.0.0.0":
        print(f"    on this computer: http://127.0.0.1:{port}/")
        if urls:
            print("    share with the room (the teacher's guide shows them as QR codes):")
            for url in urls:
                print(f"      {url}")
        else:
            print("    no network address found: is this computer on the room's network?")
        print(f"    the teacher's guide shows them: http://127.0.0.1:{port}/book/teachers.html")
    else:
        print(f"    http://{bound}:{port}/")
        if ipaddress.ip_address(bound).is_loopback:
            print("    (this computer only: `HOST=0.0.0.0 make serve` serves the room's network)")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\n==> stopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
