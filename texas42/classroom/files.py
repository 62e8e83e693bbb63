"""The built site's files, as an ASGI app (starlette).

* Only files inside the site folder are answered: every path is resolved (symlinks
  included) and must stay inside it; anything else is 404, the same as a missing file.
* A folder answers its ``index.html`` (a folder path without its final ``/`` is
  redirected to it first, so that relative links work); a folder without one is 404,
  never a listing.
* A path that cannot name a file of the site is refused with 400 before any lookup: bad
  percent-encoding, bytes that are not UTF-8, a NUL or other control character, a ``..``
  segment; a path over :data:`MAX_PATH_CHARS` is 414.
* A file ``X`` with a precompressed sibling ``X.gz`` is sent as the ``.gz`` bytes with
  ``Content-Encoding: gzip`` when the request accepts gzip (``Vary: Accept-Encoding``).
* ``.mjs``, ``.wasm``, ``.webmanifest`` and ``.whl`` get their proper types (module workers
  and streaming WebAssembly compilation need them); ``sw.js`` is revalidated on every visit.
* ``If-None-Match`` / ``If-Modified-Since`` are answered 304, ``Range`` by starlette's
  ``FileResponse``; only GET and HEAD (else 405).
"""

from __future__ import annotations

import mimetypes
import os
import re
import stat
from dataclasses import dataclass
from email.utils import parsedate
from pathlib import Path
from urllib.parse import unquote_to_bytes

import anyio.to_thread
from starlette.datastructures import Headers
from starlette.responses import FileResponse, PlainTextResponse, RedirectResponse, Response
from starlette.staticfiles import NotModifiedResponse
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketClose

from ..errors import InputError

#: The longest path (as sent, before decoding) looked up; the site's longest is ~150.
MAX_PATH_CHARS = 1024
#: Types the platform's table may lack or get wrong.
MEDIA_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
}
_BAD_ESCAPE = re.compile(rb"%(?![0-9A-Fa-f]{2})")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class BadPath(InputError):
    """A request path that cannot name a file of the site; ``status`` is the answer."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason, rule="request-path")
        self.status = status
        self.reason = reason


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


def media_type(path: str) -> str:
    """The Content-Type of a file by its name."""
    suffix = os.path.splitext(path)[1].lower()
    return MEDIA_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def path_segments(raw_path: bytes) -> list[str]:
    """The segments of a request path as sent (``/a/b%20c/`` -> ``["a", "b c"]``), decoded
    strictly; BadPath names what is wrong with it.

    >>> path_segments(b"/book/caf%C3%A9.html")
    ['book', 'café.html']
    >>> path_segments(b"/%00")
    Traceback (most recent call last):
    ...
    texas42.classroom.files.BadPath: a control character in the path
    """
    if len(raw_path) > MAX_PATH_CHARS:
        raise BadPath(414, f"a path of {len(raw_path)} characters (at most {MAX_PATH_CHARS})")
    if _BAD_ESCAPE.search(raw_path):
        raise BadPath(400, "bad percent-encoding in the path")
    try:
        text = unquote_to_bytes(raw_path).decode("utf-8")
    except UnicodeDecodeError:
        raise BadPath(400, "the path is not UTF-8") from None
    if _CONTROL.search(text):
        raise BadPath(400, "a control character in the path")
    segments = text.split("/")
    if ".." in segments:
        raise BadPath(400, "a '..' in the path")
    return [segment for segment in segments if segment not in ("", ".")]


@dataclass(frozen=True)
class Found:
    """A file of the site to send: its real path and stat, and a usable ``.gz`` sibling."""

    path: str
    stat: os.stat_result
    gzip_path: str | None = None
    gzip_stat: os.stat_result | None = None
    has_sibling: bool = False


@dataclass(frozen=True)
class Redirect:
    """A folder asked for without its final ``/``."""


def not_modified(response: Response, request: Headers) -> bool:
    """Whether the client's copy (its ETag or date) is the one ``response`` would send."""
    if if_none_match := request.get("if-none-match"):
        tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
        return if_none_match.strip() == "*" or response.headers.get("etag") in tags
    since = parsedate(request.get("if-modified-since", ""))
    modified = parsedate(response.headers.get("last-modified", ""))
    return since is not None and modified is not None and since >= modified


class SiteFiles:
    """The ASGI app answering the files of the built site in ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = os.path.realpath(root)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # no socket lives at a file's path
            await WebSocketClose()(scope, receive, send)
            return
        response = await self.response(scope)
        await response(scope, receive, send)

    async def response(self, scope: Scope) -> Response:
        """The answer to one HTTP request."""
        if scope["method"] not in ("GET", "HEAD"):
            return PlainTextResponse("Method Not Allowed", 405, headers={"Allow": "GET, HEAD"})
        raw_path: bytes = scope.get("raw_path") or scope["path"].encode()
        try:
            segments = path_segments(raw_path)
        except BadPath as error:
            return PlainTextResponse(error.reason, error.status)
        request = Headers(scope=scope)
        gzip_ok = accepts_gzip(request.get("accept-encoding"))
        slash = raw_path.endswith(b"/")
        found = await anyio.to_thread.run_sync(self.find, segments, slash, gzip_ok)
        if found is None:
            return PlainTextResponse("Not Found", 404)
        if isinstance(found, Redirect):
            # Relative to this host: the request's own path, never its Host header.
            query = scope.get("query_string", b"")
            location = (raw_path + b"/" + (b"?" + query if query else b"")).decode("latin-1")
            return RedirectResponse(location, status_code=301)
        headers = {"Vary": "Accept-Encoding"} if found.has_sibling else {}
        if os.path.basename(found.path) == "sw.js":
            headers["Cache-Control"] = "no-cache"  # the service worker: the site's updates
        if found.gzip_path is not None:
            headers["Content-Encoding"] = "gzip"
            response: Response = FileResponse(
                found.gzip_path, stat_result=found.gzip_stat, media_type=media_type(found.path),
                headers=headers,
            )
        else:
            response = FileResponse(
                found.path, stat_result=found.stat, media_type=media_type(found.path),
                headers=headers,
            )
        if not_modified(response, request):
            return NotModifiedResponse(response.headers)
        return response

    def inside(self, path: str) -> tuple[str, os.stat_result] | None:
        """``path`` resolved (symlinks followed) and its stat, if it exists inside the site."""
        try:
            real = os.path.realpath(path)
            if os.path.commonpath([real, self.root]) != self.root:
                return None
            return real, os.stat(real)
        except (OSError, ValueError):
            return None

    def find(self, segments: list[str], slash: bool, gzip_ok: bool) -> Found | Redirect | None:
        """The file ``segments`` names (a folder's index.html), or a redirect, or None."""
        found = self.inside(os.path.join(self.root, *segments))
        if found is not None and stat.S_ISDIR(found[1].st_mode):
            if self.inside(os.path.join(found[0], "index.html")) is None:
                return None  # no listings
            if not slash:
                return Redirect()
            found = self.inside(os.path.join(found[0], "index.html"))
        if found is None or not stat.S_ISREG(found[1].st_mode):
            return None
        path, file_stat = found
        sibling = self.inside(path + ".gz")
        if sibling is None or not stat.S_ISREG(sibling[1].st_mode):
            return Found(path, file_stat)
        if not gzip_ok:
            return Found(path, file_stat, has_sibling=True)
        return Found(path, file_stat, sibling[0], sibling[1], has_sibling=True)
