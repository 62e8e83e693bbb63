"""Nothing fetched from another host, online or offline (issue 39 item 6).

The standard: **the site makes no request to any host but its own.** Three checks:

1. No built file names an outside host where it would be a request (static, on
   ``_build/html``; no browser). A URL of another host is a request when the browser
   would fetch it by itself: in a page, a ``src``, a ``srcset``, a ``<link>`` that loads
   (a stylesheet, an icon, the manifest, a preload), an ``<object data>``, a ``<use>`` or
   ``<image>`` of an inline SVG, a CSS ``url()`` or ``@import``, any ``data-*`` attribute
   (scripts read them) and anything in an inline script (a page's widget state, its live
   code). It is *not* a request when the reader has to follow it or nothing ever fetches
   it, and only these are allowed:

   * ``<a href>`` / ``<area href>`` (and ``<link rel=next|prev|index|search|...>``): a
     navigation the reader chooses, such as a link in prose to a source;
   * ``xmlns`` attributes: XML namespace names, identifiers that are never fetched;
   * text the reader reads (prose), and comments.

   The site's own script and data files (everything outside ``lite/`` and ``_sources/``,
   plus the live path's Pyodide files in ``lite/static/pyodide/``) are read with their
   comments removed; every outside URL left in them is a string, and each is vetted below
   in ``NOT_REQUESTS``, with the file and the reason it is never fetched (a namespace, a
   JSON schema's id, a link inside an error message). A new one fails the test until it is
   vetted, so a CDN default can never slip in unseen.

   Not scanned, and why: ``_sources/`` holds the pages' sources as downloads, never loaded
   by a page; the ``.gz``/``.br`` siblings are copies of scanned files; JupyterLite's own
   bundles in ``lite/`` (JupyterLab's JavaScript: the full notebook behind the playground's
   "open in JupyterLite" link) carry defaults such as a CDN's Pyodide URL that its
   ``jupyter-lite.json`` overrides: those configuration files are scanned here (every URL in
   them must be the site's), and the lite pages' actual requests are checked in a real
   browser with every other host blocked (tests/browser/test_lite.py).
2. The service worker keeps every file any page can load: the files named by the pages'
   loading tags, the stylesheets' ``url()``s, the widget modules the pages' widget state
   names (through the require.js paths of ``_static/widgets/require-config.js``), the
   widget manager's other files, and the manifest's icons: each is in sw.js's list.
3. In Chromium: a first visit of the home page and chapter 1 only (its explorer started,
   so that the Python is kept too), the offline copy complete, then offline: every kind of
   explorer page opens, comes alive and draws its table, with no request failed.
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections import defaultdict
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Browser, Request, Route

from .helpers import SITE_DIR, serve_directory
from .live import live_boxes, start_box
from .test_offline_app import first_visit, new_context, precache_entries, wait_kept

#: An absolute URL (or a scheme-relative one) to some host.
ABSOLUTE = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.I)
#: Outside URLs inside code or data: http(s) only (a bare ``//`` there is a comment).
URL_IN_TEXT = re.compile(r"https?://([A-Za-z0-9.-]+)")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)|@import\s+["']([^"']+)""", re.I)
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
MARKUP_COMMENT = re.compile(r"<!--.*?-->", re.S)
#: A ``//`` comment to the end of the line (not the ``//`` of ``https://`` or of a regex).
LINE_COMMENT = re.compile(r"(?<![:\"'\\/])//[^\n]*")
#: ``<link rel>`` values that only name a navigation target; the browser fetches nothing.
NAVIGATION_RELS = frozenset({
    "alternate", "author", "bookmark", "canonical", "contents", "copyright", "external",
    "first", "glossary", "help", "index", "last", "license", "next", "prev", "search",
    "start", "top", "up",
})
#: (tag, attribute) pairs that are navigations or identifiers, never a load.
NOT_LOADS = frozenset({("a", "href"), ("area", "href"), ("form", "action")})
#: A ``<link>`` whose target any page loads (not a navigation).
LOADING_RELS = frozenset({
    "stylesheet", "icon", "manifest", "apple-touch-icon", "preload", "modulepreload",
    "prefetch", "shortcut",
})
SCRIPT_TYPES = frozenset({"", "text/javascript", "module", "application/javascript"})

#: Outside URLs left in the site's own scripts and data once comments are removed: each
#: is a string that is never fetched. (file glob, host) -> why.
NOT_REQUESTS: dict[tuple[str, str], str] = {
    ("*", "www.w3.org"): "XML namespaces (SVG, XHTML, MathML, XLink) given to createElementNS"
    " and xmlns: identifiers, never fetched",
    ("_static/mathjax/input/mml/extensions/mml3*", "exslt.org"): "XSLT namespace identifiers",
    ("_static/mathjax/input/mml/extensions/mml3.sef.json", "ns.saxonica.com"):
        "XSLT namespace identifiers of the compiled stylesheet",
    ("_static/mathjax/input/mml/extensions/mml3.sef.json", "saxon.sf.net"):
        "an XSLT property name, an identifier",
    ("_static/mathjax/*", "www.mathjax.org"): "the <a href> of MathJax's About box, a link",
    ("_static/widgets/*embed-amd.js", "json-schema.org"):
        "the $schema id of the schemas the widget manager validates with (ajv), bundled",
    ("_static/widgets/*embed-amd.js", "raw.githubusercontent.com"):
        "ajv's $data meta-schema id: resolved from its bundled copy, never fetched",
    ("_static/widgets/*embed-amd.js", "tools.ietf.org"): "a schema's description text",
    ("_static/widgets/*embed-amd.js", "evilmartians.com"): "a console warning's link",
    ("_static/widgets/*embed-amd.js", "www.w3ctech.com"): "a console warning's link",
    ("_static/widgets/*embed-amd.js", "github.com"): "links in error messages",
    ("_static/widgets/anywidget.js", "github.com"): "a link in a console message",
    ("_static/widgets/require.js", "requirejs.org"): "the docs link in require.js's errors",
    ("_static/scripts/pydata-sphinx-theme.js", "pydata-sphinx-theme.readthedocs.io"):
        "a link in a console message (the version switcher, unused here)",
    ("lite/static/pyodide/package.json", "github.com"):
        "npm's metadata of the Pyodide package (its repository's address); nothing reads it",
    ("_static/texas42-live.js", "127.0.0.1"):
        "the words shown on a page opened as a file: serve it and open http://127.0.0.1:8000/",
}


def rel(path: Path) -> str:
    return path.relative_to(SITE_DIR).as_posix()


def site_ready() -> None:
    if not (SITE_DIR / "sw.js").is_file():
        pytest.fail(f"no build in {SITE_DIR}: run `make book` first", pytrace=False)


def pages() -> list[Path]:
    """Every page a reader can open outside JupyterLite (the book, the explorers, search)."""
    return sorted(
        p for p in SITE_DIR.rglob("*.html")
        if not rel(p).startswith(("lite/", "_sources/", "_static/"))  # _static: templates
    )


def own_files() -> list[Path]:
    """The site's own scripts, styles and data (and the live path's Pyodide files)."""
    suffixes = {".js", ".mjs", ".css", ".json", ".webmanifest", ".svg"}
    return sorted(
        p for p in SITE_DIR.rglob("*")
        if p.is_file() and p.suffix in suffixes
        and (not rel(p).startswith(("lite/", "_sources/"))
             or rel(p).startswith("lite/static/pyodide/"))
    )


def without_comments(text: str, suffix: str) -> str:
    text = MARKUP_COMMENT.sub("", text) if suffix in (".svg", ".html") else text
    text = BLOCK_COMMENT.sub("", text)
    return LINE_COMMENT.sub("", text) if suffix in (".js", ".mjs") else text


def vetted(path: str, host: str) -> bool:
    return any(fnmatch.fnmatch(path, glob) and host == h for glob, h in NOT_REQUESTS)


class PageScan(HTMLParser):
    """What a page loads (its loading tags' targets) and the outside URLs it would fetch."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.loads: list[str] = []          # every URL a tag of the page loads
        self.outside: list[str] = []        # requests to another host: must stay empty
        self.inline: list[str] = []         # inline scripts and styles: scanned as code
        self.widget_state: list[str] = []   # the widget state JSON
        self._script: str | None = None
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        rels = set(values.get("rel", "").lower().split())
        for name, value in values.items():
            if name.startswith("xmlns") or (tag, name) in NOT_LOADS:
                continue
            if tag == "link" and name == "href" and rels and rels <= NAVIGATION_RELS:
                continue
            urls = [part.split()[0] for part in value.split(",") if part.strip()] if (
                name in ("srcset", "imagesrcset")) else [value]
            for url in urls:
                if ABSOLUTE.match(url) and not url.lower().startswith(("data:", "blob:")):
                    self.outside.append(f"<{tag} {name}={url!r}>")
            if name == "style":
                self.inline.append(value)
        loading = {"script": "src", "img": "src", "source": "src", "iframe": "src",
                   "embed": "src", "video": "poster", "audio": "src", "track": "src",
                   "object": "data", "input": "src"}
        if tag in loading and values.get(loading[tag]):
            self.loads.append(values[loading[tag]])
        if tag == "link" and rels & LOADING_RELS and values.get("href"):
            self.loads.append(values["href"])
        if tag == "script" and not values.get("src"):
            self._script = values.get("type", "").lower()
        if tag == "style":
            self._style = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None
        if tag == "style":
            self._style = False

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self.inline.append(data)
            if self._script == "application/vnd.jupyter.widget-state+json":
                self.widget_state.append(data)
        elif self._style:
            self.inline.append(data)


def scan(page: Path) -> PageScan:
    parser = PageScan()
    parser.feed(page.read_text(encoding="utf-8", errors="replace"))
    parser.close()
    return parser


# --------------------------------------------------------------------------- 1. no outside host


def test_no_page_loads_anything_from_another_host() -> None:
    site_ready()
    found: dict[str, list[str]] = {}
    for page in pages():
        result = scan(page)
        outside = list(result.outside)
        for code in result.inline:
            outside += [f"inline: {m.group(0)}" for m in URL_IN_TEXT.finditer(
                without_comments(code, ".js")) if not vetted(rel(page), m.group(1))]
            outside += [f"css: {u}" for m in CSS_URL.finditer(code)
                        if ABSOLUTE.match(u := m.group(1) or m.group(2))]
        if outside:
            found[rel(page)] = outside
    assert len(pages()) >= 30
    assert found == {}, found


def test_no_script_style_or_data_file_of_the_site_names_another_host() -> None:
    site_ready()
    unvetted: dict[str, set[str]] = defaultdict(set)
    used: set[tuple[str, str]] = set()
    files = own_files()
    for path in files:
        text = without_comments(path.read_text(encoding="utf-8", errors="replace"), path.suffix)
        for match in URL_IN_TEXT.finditer(text):
            host = match.group(1)
            keys = [k for k in NOT_REQUESTS if fnmatch.fnmatch(rel(path), k[0]) and k[1] == host]
            if keys:
                used.update(keys)
            else:
                unvetted[rel(path)].add(host)
        if path.suffix == ".css":
            for match in CSS_URL.finditer(text):
                if ABSOLUTE.match(url := match.group(1) or match.group(2)):
                    unvetted[rel(path)].add(f"css url: {url}")
    assert any(rel(p) == "lite/static/pyodide/pyodide.mjs" for p in files)
    assert any(rel(p) == "_static/widgets/anywidget.js" for p in files)
    assert dict(unvetted) == {}, "a request to another host, or a string to vet in NOT_REQUESTS"
    # An entry no file needs any more is taken out, so the list says what is true now.
    stale = set(NOT_REQUESTS) - used - {("_static/texas42-live.js", "127.0.0.1")}
    assert stale == set(), stale


def test_jupyterlite_is_configured_with_the_sites_own_files() -> None:
    """JupyterLite's bundles default to a CDN's Pyodide and PyPI: every URL in each of its
    configuration files must be the site's own, with the PyPI fallback off."""
    site_ready()
    configs = sorted((SITE_DIR / "lite").rglob("jupyter-lite.json"))
    assert configs
    outside = [
        f"{rel(c)}: {m.group(0)}" for c in configs
        for m in URL_IN_TEXT.finditer(c.read_text(encoding="utf-8"))
    ]
    assert outside == []
    root = json.loads((SITE_DIR / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = root["jupyter-config-data"]["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
    assert kernel["disablePyPIFallback"] is True
    for page in sorted((SITE_DIR / "lite").rglob("*.html")):
        assert scan(page).outside == [], rel(page)


# --------------------------------------------------------------------------- 2. all kept


def site_path(page: Path, url: str) -> str | None:
    """The site file a page's relative ``url`` names (no query), None for another host."""
    if ABSOLUTE.match(url) or url.startswith(("data:", "blob:", "#")):
        return None
    base = "/" + rel(page)
    path = urlsplit(urljoin(base, url)).path.lstrip("/")
    return str(PurePosixPath(path))


def loaded_by_pages() -> dict[str, str]:
    """Every site file a page or its stylesheets load: path -> the first page or file."""
    loaded: dict[str, str] = {}
    for page in pages():
        for url in scan(page).loads:
            target = site_path(page, url)
            if target is not None:
                loaded.setdefault(target, rel(page))
    styles = [p for p in loaded if p.endswith(".css")]
    while styles:
        style = styles.pop()
        text = without_comments((SITE_DIR / style).read_text(encoding="utf-8"), ".css")
        for match in CSS_URL.finditer(text):
            target = site_path(SITE_DIR / style, (match.group(1) or match.group(2)).split("#")[0])
            if target is not None and target not in loaded:
                loaded[target] = style
                if target.endswith(".css"):
                    styles.append(target)
    return loaded


def widget_module_files() -> dict[str, str]:
    """The file require.js loads for each widget module the pages' state names that the
    manager's bundle does not define itself: path -> module."""
    widgets = SITE_DIR / "_static" / "widgets"
    bundle = (widgets / "embed-amd.js").read_text(encoding="utf-8")
    defined = set(re.findall(r'define\("([^"]+)"', bundle))
    config = (widgets / "require-config.js").read_text(encoding="utf-8")
    paths = dict(re.findall(r'"([^"]+)":\s*here\s*\+\s*"([^"]*)"', config))
    modules: set[str] = set()
    for page in pages():
        for state in scan(page).widget_state:
            data: dict[str, Any] = json.loads(state)
            modules |= {m["model_module"] for m in data["state"].values()}
            modules |= {m["state"].get("_view_module") for m in data["state"].values()
                        if m["state"].get("_view_module")}
    assert "anywidget" in modules, modules  # the table explorers' front end
    files: dict[str, str] = {}
    for module in sorted(modules - defined):
        assert module in paths, f"{module}: no require.js path (the manager would ask a CDN)"
        files[f"_static/widgets{paths[module]}.js"] = module
    return files


def test_the_service_worker_keeps_every_file_a_page_can_load() -> None:
    site_ready()
    kept = {path.split("?")[0] for path, _, _ in precache_entries()}
    wanted = loaded_by_pages()
    wanted |= {path: f"widget module {m}" for path, m in widget_module_files().items()}
    widgets = SITE_DIR / "_static" / "widgets"
    # The widget manager's own files: require.js loads its modules by name, and its styles
    # its icon fonts. Of each font's formats a browser loads the first it supports, WOFF2
    # in every browser that runs the site (the .woff/.ttf/.eot/.svg copies are for others).
    wanted |= {rel(p): "the widget manager" for p in widgets.iterdir()
               if p.is_file() and p.suffix in (".js", ".woff2")}
    manifest = json.loads((SITE_DIR / "manifest.webmanifest").read_text(encoding="utf-8"))
    wanted |= {icon["src"]: "the manifest" for icon in manifest["icons"]}
    assert "_static/widgets/anywidget.js" in wanted and "_static/widgets/require.js" in wanted
    missing_files = {p: by for p, by in wanted.items() if not (SITE_DIR / p).is_file()}
    assert missing_files == {}, "a page loads a file the build lacks"
    not_kept = {p: by for p, by in wanted.items() if p not in kept}
    assert not_kept == {}, "loaded by a page (the value) but not in sw.js's list"


# --------------------------------------------------------------------------- 3. offline


#: The home page (index.html sends the reader there) and chapter 1 (the reader's first
#: visit); chapter 1's explorer is started, so that the Python is kept too.
HOME, CHAPTER_1 = "book/intro.html", "book/dominoes.html"
#: The kinds of explorer, as the pages' live code makes them (``widgets.play(...)``).
EXPLORER = re.compile(r"\bwidgets\.([a-z_]+)\s*\(")
#: The kinds that draw a table (texas42.widgets.table_widget, anywidget's front end).
TABLE_KINDS = {"play", "tricks", "replay"}
TABLE = ".t42-live-area .t42-table"


#: The one file a page asks for that is never kept: the classroom server's live answer
#: (the room's addresses); offline, the teacher's guide shows its own address instead.
LIVE_ONLY = "/room.json"


def noting(failed: list[str], kind: str) -> Callable[[Request], None]:
    def note(request: Request) -> None:
        if urlsplit(request.url).path != LIVE_ONLY:
            failed.append(f"{kind}: {request.url}")

    return note


def explorer_kinds() -> dict[str, str]:
    """For every kind of explorer on the site, the first page showing it."""
    kinds: dict[str, str] = {}
    for page in pages():
        text = page.read_text(encoding="utf-8")
        match = re.search(r'<script type="application/json" id="t42-live-page">(.*?)</script>',
                          text, re.S)
        if not match:
            continue
        data = json.loads(match.group(1))
        for cell in data["cells"].values():
            for kind in EXPLORER.findall(cell["code"]):
                kinds.setdefault(kind, rel(page))
    return kinds


def test_offline_after_the_home_page_and_chapter_1_every_explorer_comes_alive(
    chromium: Browser,
) -> None:
    site_ready()
    kinds = explorer_kinds()
    assert TABLE_KINDS | {"suits", "trumps", "count", "bidding"} <= set(kinds), kinds
    entries = precache_entries()
    context = new_context(chromium)
    outside: list[str] = []

    def refuse(route: Route) -> None:
        outside.append(route.request.url)
        route.abort()

    context.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), refuse)
    try:
        with serve_directory(SITE_DIR) as base:
            page, _ = first_visit(context, f"{base}/{HOME}")
            page.goto(f"{base}/{CHAPTER_1}", wait_until="load")
            assert live_boxes(page) >= 1
            assert start_box(page, 0)["state"] == "live"
            wait_kept(page, base, [path for path, _, _ in entries], timeout_s=180)
            page.close()
        context.set_offline(True)  # and the server is stopped
        failed: list[str] = []
        for kind, path in sorted(kinds.items(), key=lambda item: item[1]):
            page = context.new_page()
            page.on("requestfailed", noting(failed, kind))
            response = page.goto(f"{base}/{path}", wait_until="load")
            assert response is not None and response.ok and response.from_service_worker
            boxes = live_boxes(page)
            assert boxes >= 1, path
            for index in range(boxes):
                info = start_box(page, index)
                assert info["state"] == "live", (kind, path, index, info["status"])
            tables = page.locator(TABLE)
            if kind in TABLE_KINDS:
                assert tables.count() >= 1, (kind, path)
            for n in range(tables.count()):  # drawn: its picture has shapes (anywidget's view)
                shapes = tables.nth(n).locator(".t42-table-pic svg :is(rect, path, circle, text)")
                assert shapes.count() > 0, (kind, path, n)
            page.close()
        assert failed == [], failed
        assert outside == [], outside
    finally:
        context.close()
