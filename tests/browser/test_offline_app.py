"""The site as an installable app that works offline (book/_ext/offline_app.py), the hand
sheets printed alone, and the teacher's guide's room addresses (texas42/classroom).

Offline means the server is stopped AND the context is offline: every page and the
Python's files must then come from the service worker's cache.
"""

from __future__ import annotations

import functools
import http.server
import io
import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import zxingcpp  # type: ignore[import-untyped,unused-ignore]
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page

from .helpers import SITE_DIR, make_serve, save_screenshot, serve_directory
from .live import live_boxes, start_box

JS_CONTROLLED = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const deadline = performance.now() + 60000;
  while (!navigator.serviceWorker.controller && performance.now() < deadline)
    await new Promise(r => setTimeout(r, 50));
  return { scope: reg.scope, controlled: !!navigator.serviceWorker.controller,
           script: reg.active && reg.active.scriptURL, caches: await caches.keys() };
}"""

JS_VERSION = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => resolve(e.data.version);
  navigator.serviceWorker.controller.postMessage({ type: "version" }, [channel.port2]);
})"""


def sw_version() -> str:
    match = re.search(r'const VERSION = "([0-9a-f]+)"', (SITE_DIR / "sw.js").read_text())
    assert match, "sw.js has no version: build the book with book/_ext/offline_app.py"
    return match.group(1)


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, **options)
    context.set_default_timeout(60_000)
    return context


def first_visit(context: BrowserContext, url: str) -> tuple[Page, dict[str, Any]]:
    """Open ``url`` and wait until the service worker has kept the site and controls it."""
    page = context.new_page()
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok
    state: dict[str, Any] = page.evaluate(JS_CONTROLLED)
    assert state["controlled"], state
    return page, state


# --------------------------------------------------------------------------- installable


def test_manifest_and_service_worker_make_the_site_installable(chromium: Browser) -> None:
    with serve_directory(SITE_DIR, prefix="/texas42") as base:
        context = new_context(chromium)
        try:
            page, state = first_visit(context, f"{base}/book/rules-summary.html")
            # The scope is the site root, under its sub-path too.
            assert state["scope"] == f"{base}/" and state["script"] == f"{base}/sw.js"
            assert state["caches"] == [f"texas42-{sw_version()}"]
            href = page.evaluate("() => document.querySelector('link[rel=manifest]').href")
            assert href == f"{base}/manifest.webmanifest"
            manifest = page.evaluate("async (u) => (await fetch(u)).json()", href)
            assert manifest["name"] and manifest["short_name"] == "Texas 42"
            assert manifest["display"] == "standalone"
            assert manifest["start_url"] == manifest["scope"] == "./"
            assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
            sizes = {icon["sizes"] for icon in manifest["icons"]}
            assert {"192x192", "512x512"} <= sizes
            for icon in manifest["icons"]:
                ok = page.evaluate("async (u) => (await fetch(u)).ok", f"{base}/{icon['src']}")
                assert ok, icon
            # Chromium's own verdict (DevTools protocol): nothing stops installing it.
            cdp = context.new_cdp_session(page)
            # A Playwright context is an incognito profile, which Chromium never installs
            # into: that one reason is the browser's, every other would be the site's.
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert [e["errorId"] for e in errors] in ([], ["in-incognito"]), errors
            app = cdp.send("Page.getAppManifest")
            assert app["url"] == href and not app.get("errors"), app
            # Another page of the site is controlled by the same worker.
            page.goto(f"{base}/notebooks/04_tricks.html")
            again = page.evaluate(JS_CONTROLLED)
            assert again["controlled"] and again["scope"] == f"{base}/"
        finally:
            context.close()


# --------------------------------------------------------------------------- offline


def precache_entries() -> list[list[Any]]:
    """sw.js's list: [path, hash, lazy] (lazy: the live Python's files)."""
    text = (SITE_DIR / "sw.js").read_text()
    match = re.search(r"const PRECACHE = (\[.*?\]);", text, re.S)
    assert match, "sw.js has no PRECACHE list"
    entries: list[list[Any]] = json.loads(match.group(1))
    return entries


JS_MISSING = """async ([base, paths]) => {
  const name = (await caches.keys()).find(n => n.startsWith('texas42-'));
  const cache = await caches.open(name);
  const missing = [];
  for (const p of paths) if (!(await cache.match(new URL(p, base + '/').href))) missing.push(p);
  return missing;
}"""


def wait_kept(page: Page, base: str, paths: list[str], timeout_s: float = 60) -> None:
    """Wait until the service worker's cache holds every one of ``paths``."""
    deadline = time.monotonic() + timeout_s
    missing: list[str] = page.evaluate(JS_MISSING, [base, paths])
    while missing and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        missing = page.evaluate(JS_MISSING, [base, paths])
    assert missing == [], f"not kept: {missing}"


@pytest.mark.parametrize(
    ("worker", "start_first"),
    [("shared", False), ("dedicated", False), ("dedicated", True)],
    ids=["shared-worker", "dedicated-worker", "started-before-the-service-worker"],
)
def test_after_a_first_visit_pages_and_python_work_offline(
    chromium: Browser, worker: str, start_first: bool
) -> None:
    """A first visit starts one explorer. Then the server stops and the network goes off:
    another page opens and its explorer comes alive, Python's every file from the cache.

    * shared-worker: the explorer is started on a page the service worker controls; the
      SharedWorker's own fetches then go through it (nothing was in the HTTP cache).
    * dedicated-worker: no SharedWorker (Chrome on Android): the offline page starts a
      new Python of its own, from the cache.
    * started-before-the-service-worker: Start pressed at once on the very first page,
      before the service worker controls it; the next page copies the Python's files from
      the browser's HTTP cache (no second download).
    """
    python = [path for path, _, lazy in precache_entries() if lazy]
    assert any(p.endswith("pyodide.asm.wasm") for p in python)
    context = new_context(chromium)
    if worker == "dedicated":
        context.add_init_script("delete window.SharedWorker")
    try:
        with serve_directory(SITE_DIR) as base:
            if start_first:
                page = context.new_page()
                page.goto(f"{base}/book/count.html", wait_until="load")
                assert start_box(page, 0)["state"] == "live"
                page.evaluate(JS_CONTROLLED)
                page.goto(f"{base}/book/intro.html", wait_until="load")  # another page
            else:
                page, _ = first_visit(context, f"{base}/book/intro.html")
                page.goto(f"{base}/book/count.html", wait_until="load")
                info = start_box(page, 0)
                assert info["state"] == "live" and info["kind"] == worker, info
            wait_kept(page, base, python)
        context.set_offline(True)
        page.close()  # no page keeps the first Python for the dedicated worker
        page = context.new_page()
        failed: list[str] = []
        page.on("requestfailed", lambda r: failed.append(r.url))
        response = page.goto(f"{base}/book/trumps.html", wait_until="load")
        assert response is not None and response.ok and response.from_service_worker
        assert live_boxes(page) >= 1
        info = start_box(page, 0)
        assert info["state"] == "live", info["status"]
        assert info["kind"] == worker, info
        if worker == "dedicated":
            assert info["ready"]["reused"] is False, info  # a new Python, offline
        assert failed == [], failed
        # A page never opened online is there too (every page is kept).
        other = context.new_page()
        response = other.goto(f"{base}/book/glossary.html", wait_until="load")
        assert response is not None and response.ok
        assert "Glossary" in other.title()
    finally:
        context.close()


def test_a_visit_without_an_explorer_downloads_no_python(chromium: Browser) -> None:
    """Keeping the site costs pages, not Python: a visit that never presses Start
    fetches none of the Python's files (they are kept once a device has loaded them)."""
    sent: list[str] = []

    class Counting(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            sent.append(self.path)

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Counting, directory=str(SITE_DIR))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    context = new_context(chromium)
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        page, _ = first_visit(context, f"{base}/book/intro.html")
        pages = [path for path, _, lazy in precache_entries() if path.endswith(".html")]
        wait_kept(page, base, pages)
        assert not [p for p in sent if "/lite/" in p], sent
        assert len([p for p in sent if p.endswith(".html")]) >= len(pages)
    finally:
        context.close()
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------- update note


class _SwitchableHandler(http.server.SimpleHTTPRequestHandler):
    """The built site, whose sw.js can be given another version (a new build)."""

    new_version: str | None = None

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/sw.js" and self.new_version:
            body = (SITE_DIR / "sw.js").read_text().replace(sw_version(), self.new_version)
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            self.wfile.write(data)
            return
        super().do_GET()


@contextmanager
def switchable_site() -> Iterator[tuple[str, type[_SwitchableHandler]]]:
    handler = type("_Handler", (_SwitchableHandler,), {"new_version": None})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(SITE_DIR))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler
    finally:
        server.shutdown()
        server.server_close()


def test_a_new_build_shows_the_update_note_and_replaces_the_cache(chromium: Browser) -> None:
    old = sw_version()
    with switchable_site() as (base, handler):
        context = new_context(chromium)
        try:
            page, _ = first_visit(context, f"{base}/book/scoring.html")
            assert page.evaluate(JS_VERSION) == old
            assert page.locator("#t42-update").is_hidden()
            handler.new_version = "0123456789abcdef"  # a new build is published
            page.evaluate("async () => (await navigator.serviceWorker.ready).update()")
            note = page.locator("#t42-update")
            note.wait_for(state="visible", timeout=120_000)
            assert "A new version of this site is ready" in note.inner_text()
            assert note.get_attribute("aria-live") == "polite"
            assert note.get_attribute("role") == "status"
            # Keyboard: Tab reaches Reload, Enter reloads onto the new version.
            reload = note.get_by_role("button", name="Reload")
            reload.focus()
            with page.expect_navigation():
                page.keyboard.press("Enter")
            page.wait_for_function(
                "() => navigator.serviceWorker.controller !== null", timeout=60_000
            )
            assert page.evaluate(JS_VERSION) == "0123456789abcdef"
            page.wait_for_function("async () => (await caches.keys()).length === 1", timeout=30_000)
            assert page.evaluate("() => caches.keys()") == ["texas42-0123456789abcdef"]
            assert page.locator("#t42-update").is_hidden()
        finally:
            context.close()


# --------------------------------------------------------------------------- print


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_hand_sheets_print_alone(chromium: Browser, site_server: str) -> None:
    context = new_context(chromium)
    try:
        page = context.new_page()
        page.goto(f"{site_server}/book/teachers.html", wait_until="load")
        sheets = page.locator(".t42-sheet").count()
        assert sheets == 5
        # The button: print() is stubbed to note the call; the page is then printed.
        page.evaluate("() => { window.__printed = 0; window.print = () => window.__printed++; }")
        button = page.get_by_role("button", name="Print the hand sheets only")
        button.click()
        assert page.evaluate("() => window.__printed") == 1
        assert page.evaluate(
            "() => document.documentElement.classList.contains('t42-print-sheets')"
        )
        alone = pdf_pages(page.pdf(format="A4"))
        # After printing, the browser's own print command prints the whole guide again.
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
        whole = pdf_pages(page.pdf(format="A4"))
        assert alone == sheets, (alone, whole)
        assert whole >= sheets + 5, whole
    finally:
        context.close()


# --------------------------------------------------------------------------- room


@contextmanager
def make_serve_room() -> Iterator[tuple[str, list[str]]]:
    """``HOST=0.0.0.0 make serve`` on a free port; its 127.0.0.1 URL and shared URLs."""
    with make_serve(SITE_DIR) as (port, process):
        lines: list[str] = []
        deadline = time.monotonic() + 30
        assert process.stdout is not None
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            lines.append(line)
            if "share with the room" in line or "no network address" in line:
                break
        shared = []
        for _ in range(8):
            line = process.stdout.readline().strip()
            if not line.startswith("http://"):
                break
            shared.append(line)
        yield f"http://127.0.0.1:{port}", shared


def test_teachers_page_shows_the_room_addresses_as_qr_codes(chromium: Browser) -> None:
    with make_serve_room() as (base, shared):
        assert shared, "HOST=0.0.0.0 make serve printed no address to share"
        for width, height in ((1280, 900), (390, 844)):
            context = chromium.new_context(viewport={"width": width, "height": height})
            try:
                page = context.new_page()
                page.goto(f"{base}/book/teachers.html", wait_until="load")
                room = page.locator("#t42-room")
                room.locator(".t42-room-qr svg").first.wait_for()
                assert room.locator("code").all_inner_texts() == shared
                room.scroll_into_view_if_needed()
                save_screenshot(page, f"teachers-room-{width}")
                for n, url in enumerate(shared):
                    picture = room.locator(".t42-room-qr").nth(n)
                    assert picture.get_attribute("aria-label") == f"QR code of {url}"
                    png = picture.screenshot()
                    decoded = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]
                    assert decoded == [url]
                sheets = page.get_by_role("button", name="Print the hand sheets only")
                sheets.scroll_into_view_if_needed()
                save_screenshot(page, f"teachers-sheets-{width}")
            finally:
                context.close()


def test_teachers_page_elsewhere_shows_its_own_address(chromium: Browser, site_server: str) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{site_server}/book/teachers.html", wait_until="load")
        room = page.locator("#t42-room")
        room.locator("code").first.wait_for()
        assert room.locator("code").all_inner_texts() == [f"{site_server}/"]
        assert "HOST=0.0.0.0 make serve" in room.locator(".t42-room-note").inner_text()
        assert room.locator(".t42-room-qr").count() == 0
        built = json.loads((SITE_DIR / "room.json").read_text())
        assert built == {"served": False, "addresses": []}
    finally:
        context.close()


def test_sw_is_written_with_its_file_list() -> None:
    entries = precache_entries()
    paths = {path for path, _, _ in entries}
    assert "book/teachers.html" in paths and "notebooks/04_tricks.html" in paths
    assert "lite/static/pyodide/pyodide.asm.wasm" in paths
    # The live path's own lock, slim wheels and cut-down standard library (not the kernel's).
    assert "lite/static/pyodide/t42live-lock.json" in paths
    assert "lite/static/pyodide/python_stdlib_live.zip" in paths
    assert any(p.startswith("lite/static/pyodide/live/texas42-") for p in paths)
    assert not any(p.endswith(("/python_stdlib.zip", "/pyodide-lock.json")) for p in paths)
    assert not any(p.startswith("lite/") and "/pyodide/" not in p for p in paths)
    assert all((SITE_DIR / p.split("?")[0]).is_file() for p in paths)
    lazy = {path for path, _, is_lazy in entries if is_lazy}
    assert lazy and all(p.startswith("lite/static/pyodide/") for p in lazy)


def test_every_file_a_page_can_load_is_kept_and_none_names_the_cdn() -> None:
    """Scripts load files no page links: the widget manager's own module, anywidget's
    front end (the table explorers: left out, offline the manager asked a CDN for it),
    MathJax's lazy parts. Every one is kept, and no kept file names the CDN."""
    paths = {path.split("?")[0] for path, _, _ in precache_entries()}
    for loaded in ("_static/widgets/anywidget.js", "_static/widgets/libembed-amd.js",
                   "_static/widgets/embed-amd.js", "_static/mathjax/ui/menu.js",
                   "_static/mathjax/input/tex/extensions/ams.js"):
        assert loaded in paths, loaded
    assert len(paths) == len(precache_entries()), "a file kept twice (with and without ?v=)"
    texts = [p for p in paths if p.endswith((".html", ".js", ".mjs", ".css", ".json"))]
    naming = [p for p in texts
              if "cdn.jsdelivr.net" in (SITE_DIR / p).read_text(encoding="utf-8",
                                                                errors="replace")]
    assert naming == [], naming
