"""Helpers for the real-browser tests: request recording, local servers, screenshots."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
    Route,
    WebSocket,
)

REPO = Path(__file__).resolve().parents[2]
#: The built book; TEXAS42_SITE_DIR serves another build (e.g. one made with --path-output).
SITE_DIR = Path(os.environ.get("TEXAS42_SITE_DIR") or REPO / "_build" / "html").resolve()
NOTEBOOKS_DIR = REPO / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"

CHROMIUM_PATH = os.environ.get("TEXAS42_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ALLOWED_HOSTS = frozenset({"127.0.0.1"})
LOCAL_SCHEMES = frozenset({"data", "blob", "about", "chrome-error"})


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def is_local(url: str) -> bool:
    """True for URLs that stay on 127.0.0.1 (or carry no host at all, like data:)."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname in ALLOWED_HOSTS


# --------------------------------------------------------------------------- Chromium


def launch_chromium(pw: Playwright) -> Browser:
    """Debian's headless Chromium with the flags that keep it quiet offline (never a
    browser that Playwright downloads)."""
    return pw.chromium.launch(executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS)


def guard_context(context: BrowserContext, off_site: list[str]) -> BrowserContext:
    """Let ``context`` ask nothing of any host but 127.0.0.1: every other request is
    aborted and its address noted in ``off_site``. Returns ``context``."""

    def guard(route: Route) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            off_site.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return context


def open_profile(pw: Playwright, profile: Path, off_site: list[str],
                 **options: Any) -> BrowserContext:
    """Chromium on a profile folder that outlives the browser (its HTTP cache, IndexedDB:
    a reader's repeat visit), guarded as :func:`guard_context`; ``options`` go to
    Playwright's ``launch_persistent_context`` (viewport, service_workers ...)."""
    context = pw.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS,
        **options)
    return guard_context(context, off_site)


# --------------------------------------------------------------------------- page log


@dataclass
class PageLog:
    """Everything a page did that a test may want to forbid."""

    requests: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def problems(self, *, console: bool = True, ignore: Iterable[str] = ()) -> list[str]:
        found = [f"request to another host: {u}" for u in self.external]
        found += [f"failed request: {u}" for u in self.failed]
        found += [f"HTTP error: {u}" for u in self.http_errors]
        found += [f"page error: {e}" for e in self.page_errors]
        if console:
            patterns = [re.compile(p) for p in ignore]
            found += [
                f"console error: {e}"
                for e in self.console_errors
                if not any(p.search(e) for p in patterns)
            ]
        return found

    def assert_clean(self, *, console: bool = True, ignore: Iterable[str] = ()) -> None:
        """Fail if the page asked another host than 127.0.0.1 for anything, had a failed
        request, an HTTP error >= 400, an uncaught exception or (with ``console``) a
        console error, except those matching a regular expression in ``ignore``."""
        found = self.problems(console=console, ignore=ignore)
        assert not found, "the page was not clean:\n  " + "\n  ".join(found)

    def assert_only_local(self) -> None:
        """Fail if the page made any request to a host other than 127.0.0.1."""
        assert not self.external, "requests left 127.0.0.1:\n  " + "\n  ".join(self.external)


def watch(page: Page) -> PageLog:
    """Record what ``page`` does. Requests that would leave 127.0.0.1 are blocked (so an
    offline machine does not stall the test) and recorded in ``PageLog.external``."""
    log = PageLog()

    def route(route: Route) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            log.external.append(url)
            route.abort("blockedbyclient")

    def on_request(request: Request) -> None:
        log.requests.append(request.url)

    def on_failed(request: Request) -> None:
        if is_local(request.url):  # blocked external requests are already recorded
            log.failed.append(f"{request.url} ({request.failure})")

    def on_response(response: Response) -> None:
        if response.status >= 400:
            log.http_errors.append(f"{response.status} {response.url}")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            log.console_errors.append(f"{message.text} [{message.location.get('url', '')}]")

    def on_page_error(error: Exception) -> None:
        log.page_errors.append(str(error))

    def on_websocket(ws: WebSocket) -> None:
        log.requests.append(ws.url)
        if not is_local(ws.url):
            log.external.append(ws.url)

    page.route("**/*", route)
    page.on("request", on_request)
    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("websocket", on_websocket)
    return log


@dataclass
class WatchedPage:
    page: Page
    log: PageLog


def save_screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a PNG of ``page`` as ``test-artifacts/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
    path = SCREENSHOTS / f"{safe}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def record_timings(path: Path, name: str, figures: dict[str, Any]) -> None:
    """Add ``name``'s figures to the JSON artifact ``path`` (kept across tests) and print them.

    The browser tests run in two processes (``make browser``: pytest-xdist), and two
    modules may add to one file: the read, change and write hold a lock, and the file is
    replaced whole, so no figure is lost and no reader sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data: dict[str, Any] = (json.loads(path.read_text(encoding="utf-8"))
                                if path.is_file() else {})
        data[name] = figures
        fresh = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        fresh.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(fresh, path)
    print(f"\n[{path.stem}] {name}: {figures}")


# --------------------------------------------------------------------------- static files


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    #: Serve the site under this path (as GitHub Pages serves a project at /NAME/); "" = root.
    prefix = ""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def translate_path(self, path: str) -> str:
        if self.prefix:
            if not path.startswith(self.prefix + "/"):
                return str(Path(self.directory) / "__outside_the_sub_path__")  # a 404
            path = path[len(self.prefix) :]
        return super().translate_path(path)


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A page closed while a file was on its way (the browser hung up) is no error
        of the site; anything else is printed as the standard server prints it."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def serve_directory(directory: Path, prefix: str = "") -> Iterator[str]:
    """Serve ``directory`` over HTTP on a free 127.0.0.1 port; yield its base URL.

    With ``prefix`` (e.g. ``"/texas42"``) the files are served under that path only and
    the URL yielded ends with it; anything outside it is a 404.
    """
    prefix = prefix.rstrip("/")
    handler_class = type("_Handler", (_QuietHandler,), {"prefix": prefix})
    handler = functools.partial(handler_class, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="static-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# --------------------------------------------------------------------------- processes


class ServerStartError(RuntimeError):
    pass


def wait_for_http(
    url: str, process: subprocess.Popen[bytes], log_path: Path, timeout_s: float
) -> None:
    """Poll ``url`` until it answers 200; raise with the log's tail if it never does."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = log_path.read_text(errors="replace")[-3000:]
            raise ServerStartError(f"server exited with {process.returncode}:\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    tail = log_path.read_text(errors="replace")[-3000:]
    raise ServerStartError(f"{url} not up after {timeout_s:.0f} s:\n{tail}")


def stop_process_group(process: subprocess.Popen[Any], timeout_s: float = 20) -> None:
    """SIGTERM the process group that ``process`` leads, then SIGKILL if it lingers.

    Only for processes started with ``start_new_session=True`` by these tests."""
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


@contextlib.contextmanager
def make_serve(directory: Path) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """``HOST=0.0.0.0 make serve`` (python -m texas42.classroom, serving to a room) on a free port,
    serving ``directory``: (the port, the process, whose stdout carries what it prints),
    its tables in a temporary file.
    Its process group is stopped at the end. Waiting until it listens is the caller's."""
    port = free_port()
    state = tempfile.TemporaryDirectory(prefix="texas42-class-")  # (never the user's tables)
    process = subprocess.Popen(
        ["make", "serve", f"SITE_PORT={port}"],
        cwd=REPO,
        env={**os.environ, "HOST": "0.0.0.0", "SERVE_DIRECTORY": str(directory),
             "CLASSROOM_TABLES": str(Path(state.name) / "classroom.sqlite")},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        yield port, process
    finally:
        stop_process_group(process, timeout_s=10)
        state.cleanup()


# --------------------------------------------------------------------------- JupyterLab

# Console errors JupyterLab itself logs here, harmless for these tests. jupyterlite-pyodide-
# kernel (for the in-browser Python of the static site) installs a JupyterLab extension in
# the venv that can only load inside JupyterLite; the real JupyterLab fails to load it.
LAB_KNOWN_CONSOLE_ERRORS = (r"Shared module @jupyterlite/\S+ doesn't exist in shared scope",)
# JavaScript run in a JupyterLab page: `window.jupyterapp` exists thanks to
# LabApp.expose_app_in_browser. Each function takes the notebook's path (from the server's
# root) and works on that notebook's panel, whatever other tabs are open.

_JS_PANEL = """
  const app = window.jupyterapp;
  let panel = null;
  if (app) {
    for (const w of app.shell.widgets("main")) {
      if (w.context && w.context.path === path && w.content && w.sessionContext) panel = w;
    }
  }
"""

JS_NOTEBOOK_READY = f"""(path) => {{ {_JS_PANEL}
  if (!panel) return false;
  const session = panel.sessionContext.session;
  return !!(session && session.kernel && session.kernel.status === "idle");
}}"""

JS_RUN_ALL = f"""async (path) => {{ {_JS_PANEL}
  app.shell.activateById(panel.id);
  await app.commands.execute("notebook:run-all-cells");
  return true;
}}"""

# True once every non-empty code cell has an execution count and the kernel is idle.
JS_ALL_EXECUTED = f"""(path) => {{ {_JS_PANEL}
  const session = panel.sessionContext.session;
  if (!session || !session.kernel || session.kernel.status !== "idle") return false;
  return panel.content.widgets
    .filter(c => c.model.type === "code" && c.model.sharedModel.getSource().trim() !== "")
    .every(c => c.model.executionCount !== null);
}}"""

JS_ERROR_OUTPUTS = f"""(path) => {{ {_JS_PANEL}
  const errors = [];
  panel.content.widgets.forEach((cell, index) => {{
    if (cell.model.type !== "code") return;
    for (const out of cell.model.outputs.toJSON()) {{
      if (out.output_type !== "error") continue;
      errors.push(`cell ${{index}}: ${{out.ename}}: ${{out.evalue}}`);
    }}
  }});
  return errors;
}}"""


def lab_open_notebook(page: Page, lab_url: str, path: str, timeout_ms: float = 60_000) -> None:
    """Open ``path`` in JupyterLab (a fresh workspace) and wait for its idle kernel."""
    page.goto(f"{lab_url}/lab/tree/{path}?reset", wait_until="load")
    page.wait_for_function(JS_NOTEBOOK_READY, arg=path, timeout=timeout_ms, polling=250)


def lab_run_all(page: Page, path: str, timeout_ms: float = 180_000) -> list[str]:
    """Run every cell of the open notebook ``path``; return its error outputs."""
    page.evaluate(JS_RUN_ALL, path)
    page.wait_for_function(JS_ALL_EXECUTED, arg=path, timeout=timeout_ms, polling=500)
    errors: list[str] = page.evaluate(JS_ERROR_OUTPUTS, path)
    return errors


def http_json(method: str, url: str) -> Any:
    """A JSON request to a local server (Jupyter's REST API); None for an empty body."""
    request = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(request, timeout=30) as resp:
        body = resp.read()
    return json.loads(body) if body else None
