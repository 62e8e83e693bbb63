"""Sphinx extension of this book: the site installs as an app and works offline.

* Every page links a web app manifest (``manifest.webmanifest`` at the site root: name,
  icons drawn here, start URL and scope relative to it, so a sub-path such as /texas42/
  works) and loads ``t42-app.js``, which registers the service worker ``sw.js`` with the
  site root as its scope.
* At the end of the build (after JupyterLite's, which fills ``lite/``) ``sw.js`` is
  written from ``offline_static/sw.js`` with the list of files to keep (every page, the
  files the pages link to, the live explorers' worker, Pyodide and the wheels the
  explorers load) and the build's version: a hash of the site's files. A new build thus
  has a new service worker, which the pages announce ("A new version of this site is
  ready").
* ``room.json`` at the root says that no server filled in addresses to share; the
  teacher's guide then shows the page's own address. The classroom server
  (texas42/classroom) answers it with the room's addresses and their QR codes.
* ``t42-app.js`` also makes the teacher's guide's "Print the hand sheets only" button work
  (``t42-app.css`` prints only the ``.t42-sheet`` sections then).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging
from static_assets import copy_to_static

LOG = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "offline_static"
JS_FILE, CSS_FILE = "t42-app.js", "t42-app.css"
MANIFEST = "manifest.webmanifest"
ICON_DIR = "_static/t42-app"
THEME_COLOUR = "#0b5cad"
BACKGROUND = "#ffffff"
NAME = "Texas 42: learn, teach and explore"
SHORT_NAME = "Texas 42"
#: Pyodide's own files the live worker loads (the wheels come from its lock): the live
#: path's own lock and cut-down standard library (scripts/build_lite.py), not the kernel's.
PYODIDE_DIR = "lite/static/pyodide"
LIVE_LOCK = "t42live-lock.json"
PYODIDE_RUNTIME = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib_live.zip",
    LIVE_LOCK,
]
LIVE_WORKER = "_static/t42live/t42live-worker.mjs"
#: What the live worker asks Pyodide to load, read from its source (``const PACKAGES = [...]``).
WORKER_PACKAGES = re.compile(r"PACKAGES\s*=\s*\[([^\]]*)\]")
#: What scripts load that no page links: the widget manager's modules (require.js loads
#: libembed-amd.js, and anywidget.js for the table explorers: missing offline, the manager
#: asked a CDN for it) and icon fonts, every part MathJax loads lazily.
SCRIPT_LOADED = ["_static/widgets/*.js", "_static/widgets/*.woff2", "_static/mathjax/**/*"]
#: A link's query is kept ("?v=..."): the page asks for that URL, and the service worker's
#: install then finds it in the HTTP cache instead of fetching it again.
LINKS = re.compile(r"""(?:src|href)\s*=\s*["']([^"'#]+)""")
#: A stylesheet's url()s and its @imports (the theme's CSS imports Sphinx's basic.css).
CSS_URLS = re.compile(r"""(?:url\(\s*["']?|@import\s+(?:url\(\s*)?["'])([^"')#?]+)""")
#: Never kept: JupyterLite has its own service worker; room.json is live.
NOT_KEPT = re.compile(r"^(lite/(?!static/pyodide/)|_sources/|room\.json$|sw\.js$)|\.(gz|br)$")


# --------------------------------------------------------------------------- icons


def icon_svg() -> str:
    """The app's icon: a 6-4 domino on the theme colour (a square, for every platform)."""
    pips = {
        6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
        4: [(-1, -1), (-1, 1), (1, -1), (1, 1)],
    }
    dots = []
    for half, number in ((-1, 6), (1, 4)):
        cy = 256 + half * 92
        for dx, dy in pips[number]:
            dots.append(f'<circle cx="{256 + dx * 46}" cy="{cy + dy * 46}" r="19"/>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" fill="{THEME_COLOUR}"/>'
        '<rect x="146" y="40" width="220" height="432" rx="36" fill="#ffffff"'
        ' stroke="#14181e" stroke-width="10"/>'
        '<line x1="166" y1="256" x2="346" y2="256" stroke="#14181e" stroke-width="10"/>'
        f'<g fill="#14181e">{"".join(dots)}</g></svg>'
    )


def write_png_icons(folder: Path) -> list[dict[str, str]]:
    """PNG icons (192 and 512 px) drawn with Pillow if it is installed; else none."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        return []
    icons = []
    for size in (192, 512):
        k = size / 512
        image = Image.new("RGB", (size, size), THEME_COLOUR)
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle(
            [146 * k, 40 * k, 366 * k, 472 * k],
            radius=36 * k,
            fill="#ffffff",
            outline="#14181e",
            width=max(2, round(10 * k)),
        )
        draw.line([166 * k, 256 * k, 346 * k, 256 * k], fill="#14181e", width=max(2, round(10 * k)))
        for match in re.finditer(r'cx="(\d+)" cy="(\d+)"', icon_svg()):
            cx, cy, r = int(match[1]) * k, int(match[2]) * k, 19 * k
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill="#14181e")
        name = f"icon-{size}.png"
        image.save(folder / name, optimize=True)
        icons.append(
            {
                "src": f"{ICON_DIR}/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any",
            }
        )
    return icons


def manifest(icons: list[dict[str, str]]) -> dict[str, Any]:
    """The web app manifest; its URLs are relative to it, i.e. to the site root."""
    return {
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": "Learn Texas 42 dominoes: rules, strategy and live explorers.",
        "start_url": "./",
        "scope": "./",
        "id": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND,
        "icons": [
            *icons,
            {
                "src": f"{ICON_DIR}/icon.svg",
                "sizes": "any",
                "type": "image/svg+xml",
                "purpose": "any",
            },
        ],
    }


# --------------------------------------------------------------------------- what to keep


def _inside(outdir: Path, path: Path) -> str | None:
    """``path`` relative to the site root (POSIX), if it is a file of the site."""
    try:
        rel = path.resolve().relative_to(outdir.resolve()).as_posix()
    except ValueError:
        return None
    return rel if path.is_file() else None


def linked_files(outdir: Path, files: Iterable[str], pattern: re.Pattern[str]) -> set[str]:
    """The site's files that ``files`` name with ``pattern`` (relative URLs only)."""
    found: set[str] = set()
    for rel in files:
        text = (outdir / rel.split("?")[0]).read_text(encoding="utf-8", errors="replace")
        for link in pattern.findall(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:|^//|^/", link.strip(), re.I):
                continue  # absolute: another host, data:, or the server's root
            path, _, query = link.strip().partition("?")
            target = _inside(outdir, (outdir / rel.split("?")[0]).parent / path)
            if target is not None:
                found.add(f"{target}?{query}" if query else target)
    return found


def live_python_files(outdir: Path) -> set[str]:
    """Pyodide's runtime and the closure of the packages the live worker loads."""
    base = outdir / PYODIDE_DIR
    lock_path = base / LIVE_LOCK
    if not lock_path.is_file():
        return set()
    packages: dict[str, Any] = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]
    worker = outdir / LIVE_WORKER
    match = WORKER_PACKAGES.search(worker.read_text(encoding="utf-8")) if worker.is_file() else None
    roots = re.findall(r"[\"']([^\"']+)[\"']", match.group(1)) if match else list(packages)
    wanted: set[str] = set()
    todo = [re.sub(r"[-_.]+", "-", name).lower() for name in roots]
    while todo:
        name = todo.pop()
        if name in wanted or name not in packages:
            continue
        wanted.add(name)
        todo += [re.sub(r"[-_.]+", "-", d).lower() for d in packages[name].get("depends", [])]
    names = PYODIDE_RUNTIME + [str(packages[n]["file_name"]) for n in sorted(wanted)]
    return {f"{PYODIDE_DIR}/{n}" for n in names if (base / n).is_file()}


def precache_list(outdir: Path) -> list[str]:
    """Every page and what it links to, the live worker's files, the live Python."""
    pages = sorted(
        rel
        for p in outdir.rglob("*.html")
        if (rel := p.relative_to(outdir).as_posix()) and not NOT_KEPT.search(rel)
    )
    assets = linked_files(outdir, pages, LINKS)
    styles = sorted(a for a in assets if a.split("?")[0].endswith(".css"))
    while styles:  # what stylesheets load, and what the stylesheets they import load
        found = linked_files(outdir, styles, CSS_URLS) - assets
        assets |= found
        styles = sorted(a for a in found if a.split("?")[0].endswith(".css"))
    assets |= {
        p.relative_to(outdir).as_posix()
        for p in (outdir / "_static/t42live").rglob("*")
        if p.is_file()
    }
    # What scripts load (no page links it); a file a page links with "?v=" is there once.
    linked = {a.split("?")[0] for a in assets}
    assets |= {
        rel
        for pattern in SCRIPT_LOADED
        for p in outdir.glob(pattern)
        if p.is_file() and (rel := p.relative_to(outdir).as_posix()) not in linked
    }
    assets |= {MANIFEST} | {
        p.relative_to(outdir).as_posix() for p in (outdir / ICON_DIR).glob("*") if p.is_file()
    }
    assets |= live_python_files(outdir)
    return sorted(a for a in set(pages) | assets if not NOT_KEPT.search(a))


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:16]


def build_version(outdir: Path, hashes: dict[str, str], template: str) -> str:
    """A hash of the site: the kept files, every other file outside JupyterLite, the
    service worker's own code. Any change of the build gives a new version."""
    digest = hashlib.sha256(template.encode())
    for path in sorted(outdir.rglob("*")):
        rel = path.relative_to(outdir).as_posix()
        if path.is_file() and not NOT_KEPT.search(rel):
            digest.update(f"{rel}\0{hashes.get(rel) or file_hash(path)}\n".encode())
    return digest.hexdigest()[:16]


# --------------------------------------------------------------------------- Sphinx


def add_head(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The manifest link and theme colour in every page's head."""
    pathto = context.get("pathto")
    if not callable(pathto):
        return
    href = pathto(MANIFEST, 1)
    icon = pathto(f"{ICON_DIR}/icon-192.png", 1)
    context["metatags"] = context.get("metatags", "") + (
        f'\n<link rel="manifest" href="{href}">'
        f'\n<meta name="theme-color" content="{THEME_COLOUR}">'
        f'\n<link rel="apple-touch-icon" href="{icon}">'
        # The app's icon as the tab's too (else every page asks the server for /favicon.ico).
        f'\n<link rel="icon" type="image/svg+xml" href="{pathto(f"{ICON_DIR}/icon.svg", 1)}">'
    )


def write_app_files(app: Sphinx, exception: Exception | None) -> None:
    """Icons, manifest, room.json, then sw.js with the list of files and the version."""
    static = copy_to_static(
        app, exception, [(STATIC / JS_FILE, JS_FILE), (STATIC / CSS_FILE, CSS_FILE)]
    )
    if static is None:
        return
    outdir = Path(app.outdir)
    icons_dir = outdir / ICON_DIR
    icons_dir.mkdir(parents=True, exist_ok=True)
    (icons_dir / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    icons = write_png_icons(icons_dir)
    (outdir / MANIFEST).write_text(json.dumps(manifest(icons), indent=2) + "\n", encoding="utf-8")
    (outdir / "room.json").write_text('{"served": false, "addresses": []}\n', encoding="utf-8")
    files = precache_list(outdir)
    hashes = {rel: file_hash(outdir / rel.split("?")[0]) for rel in files}
    template = (STATIC / "sw.js").read_text(encoding="utf-8")
    python = live_python_files(outdir)
    precache = json.dumps(
        [[rel, hashes[rel], int(rel in python)] for rel in files], separators=(",", ":")
    )
    version = build_version(outdir, hashes, template + precache)
    worker = template.replace("__T42_VERSION__", version).replace("__T42_PRECACHE__", precache)
    (outdir / "sw.js").write_text(worker, encoding="utf-8")
    size = sum((outdir / rel.split("?")[0]).stat().st_size for rel in files if rel not in python)
    lazy = sum((outdir / rel).stat().st_size for rel in python)
    LOG.info(
        "offline_app: sw.js version %s keeps %d files: %.1f MB at install, %.1f MB of Python"
        " once loaded",
        version,
        len(files),
        size / 1e6,
        lazy / 1e6,
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_js_file(JS_FILE, loading_method="defer")
    app.add_css_file(CSS_FILE)
    app.connect("html-page-context", add_head)
    # After jupyterlite-sphinx's build-finished (default 500), which writes lite/.
    app.connect("build-finished", write_app_files, priority=950)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
