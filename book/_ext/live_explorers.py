"""Sphinx extension of this book: live explorers, Python running in the reader's browser.

A page puts a notebook's live explorer in place with::

    ```{live-explorer} /notebooks/01_suits.ipynb
    :label: Run the suits explorer live
    ```

The page shows a button; a click opens the notebook in JupyterLite (built into the site
by jupyterlite-sphinx from ``jupyterlite/``, see scripts/build_lite.py) in an iframe,
waits for the in-browser Pyodide kernel, runs every cell and scrolls to the first
explorer drawn. Nothing is loaded before the click, and nothing from another host ever.
A link opens the same notebook in a new tab (there: Run > Run All Cells). Options:
``:label:`` (the button's text), ``:height:`` (of the iframe, default 760px), ``:focus:``
(``explorer``, the default: show the first explorer; ``top``: the notebook's start).

The argument is the notebook's source path, from the book's root (``/notebooks/...``) or
from the page. Its path inside the lite site is the same, except that files under
``jupyterlite/content/`` sit at the lite root (the playground). A notebook that does not
exist fails the (strict) build, and so does one missing from the built lite site.

The lite site's contents are the files matched by ``live_explorers_contents`` (globs from
the book's root, same path rule). This extension stages them for jupyterlite-sphinx in a
folder of the build's own output (``_build/jupyterlite_contents``), so two builds of one
checkout never share it. (jupyterlite-sphinx 0.23 copies folders named in its own
``jupyterlite_contents`` to ``./_contents`` whatever ``jupyterlite_content_dir`` says, and
each build empties that folder first: leave ``jupyterlite_contents`` empty.)

The extension also drops the Google Fonts stylesheet that jupyterlite-sphinx adds to
every page (the site loads nothing from another host). Enabled from _config.yml
(``sphinx.local_extensions``), after ``jupyterlite_sphinx``.
"""

from __future__ import annotations

import html
import posixpath
import shutil
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import quote

from docutils import nodes  # type: ignore[import-untyped,unused-ignore]
from docutils.parsers.rst import directives  # type: ignore[import-untyped,unused-ignore]
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from static_assets import add_html_node, add_on_pages_with, copy_to_static

LITE_OUTPUT = "lite"  # jupyterlite-sphinx's output folder inside _build/html
LITE_ROOT_CONTENT = "jupyterlite/content/"  # these files sit at the root of the lite site
STATIC = Path(__file__).parent / "live_static"
JS_FILE = "texas42-lite.js"
CSS_FILE = "texas42-lite.css"
DROPPED_HOSTS = ("fonts.googleapis.com",)


class live_explorer(nodes.General, nodes.Element):  # type: ignore[misc]
    """A live explorer: rendered as HTML only (other builders skip it)."""


def lite_path(source: str) -> str:
    """Path inside the lite contents of a notebook whose path from the root is ``source``."""
    if source.startswith(LITE_ROOT_CONTENT):
        return source[len(LITE_ROOT_CONTENT) :]
    return source


class LiveExplorerDirective(SphinxDirective):
    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "label": directives.unchanged,
        "height": directives.unchanged,
        "focus": lambda arg: directives.choice(arg, ("explorer", "top")),
    }

    def run(self) -> list[nodes.Node]:
        rel, absolute = self.env.relfn2path(self.arguments[0], self.env.docname)
        if not Path(absolute).is_file() or not rel.endswith(".ipynb"):
            raise self.error(f"live-explorer: no notebook {self.arguments[0]!r} ({rel})")
        self.env.note_dependency(rel)
        node = live_explorer()
        node["lite_path"] = lite_path(Path(rel).as_posix())
        node["label"] = self.options.get("label", "Run this explorer live")
        node["height"] = self.options.get("height", "760px")
        node["focus"] = self.options.get("focus", "explorer")
        node["docname"] = self.env.docname
        return [node]


def _lite_prefix(docname: str) -> str:
    return posixpath.relpath(LITE_OUTPUT, posixpath.dirname(docname) or ".")


def visit_live_explorer_html(self: Any, node: live_explorer) -> None:
    prefix = _lite_prefix(node["docname"])
    path = quote(node["lite_path"])
    src = f"{prefix}/notebooks/index.html?path={path}"
    esc = html.escape
    self.body.append(
        f'<div class="texas42-live" data-lite-src="{esc(src)}" data-lite-root="{esc(prefix)}/" '
        f'data-height="{esc(node["height"])}" data-focus="{esc(node["focus"])}" '
        f'data-notebook="{esc(node["lite_path"])}">'
        '<div class="texas42-live-bar">'
        f'<button type="button" class="texas42-live-start">&#9654; {esc(node["label"])}</button>'
        '<span class="texas42-live-status" role="status" aria-live="polite">'
        "Python runs in your browser, offline; the first start takes 10 to 25 seconds."
        "</span>"
        f'<a class="texas42-live-newtab" href="{esc(src)}" target="_blank" rel="noopener">'
        "open the notebook in a new tab</a>"
        "</div></div>\n"
    )
    raise nodes.SkipNode


def add_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Load the live-explorer script on the pages that have one; drop other hosts' CSS."""
    add_on_pages_with(app, doctree, live_explorer, JS_FILE, CSS_FILE)
    for key in ("css_files", "script_files"):
        assets = context.get(key)
        if isinstance(assets, list):
            assets[:] = [
                a
                for a in assets
                if not any(host in str(getattr(a, "filename", a)) for host in DROPPED_HOSTS)
            ]


def stage_folder(app: Sphinx) -> Path:
    return Path(app.outdir).parent / "jupyterlite_contents"


def use_own_staging(app: Sphinx, config: Any) -> None:
    """Before jupyterlite-sphinx's config-inited (which empties the folder): stage the
    contents in this build's output, not in the shared ``./_contents``."""
    if config.jupyterlite_contents:
        raise ValueError(
            "leave jupyterlite_contents empty: list the lite contents in "
            "live_explorers_contents (book/_ext/live_explorers.py stages them)"
        )
    config.jupyterlite_content_dir = str(stage_folder(app))


def stage_contents(app: Sphinx, exception: Exception | None) -> None:
    """Before jupyterlite-sphinx's build-finished: copy the lite contents into place."""
    if exception is not None or app.builder.format != "html":
        return
    root = Path(app.srcdir)
    folder = Path(app.config.jupyterlite_content_dir)
    for pattern in app.config.live_explorers_contents:
        matches = sorted(p for p in root.glob(pattern) if p.is_file())
        if not matches:
            raise RuntimeError(f"live_explorers_contents: {pattern!r} matches no file")
        for path in matches:
            target = folder / lite_path(path.relative_to(root).as_posix())
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def copy_static(app: Sphinx, exception: Exception | None) -> None:
    copy_to_static(app, exception, [(STATIC / name, name) for name in (JS_FILE, CSS_FILE)])


def check_lite_contents(app: Sphinx, exception: Exception | None) -> None:
    """After jupyterlite-sphinx's build: every notebook a page runs live is in the site."""
    if exception is not None or app.builder.format != "html":
        return
    files = Path(app.outdir) / LITE_OUTPUT / "files"
    missing = set()
    for docname in app.env.found_docs:
        try:
            doctree = app.env.get_doctree(docname)
        except FileNotFoundError:
            continue
        for node in doctree.findall(live_explorer):
            if not (files / node["lite_path"]).is_file():
                missing.add(f"{node['lite_path']} (used by {docname})")
    if missing:
        raise RuntimeError(
            "live-explorer notebooks missing from the built lite site "
            "(add them to jupyterlite_contents in _config.yml): " + ", ".join(sorted(missing))
        )


def setup(app: Sphinx) -> dict[str, Any]:
    add_html_node(app, live_explorer, visit_live_explorer_html)
    app.add_directive("live-explorer", LiveExplorerDirective)
    app.add_config_value("live_explorers_contents", [], "html", types=[list])
    # Before jupyterlite-sphinx's handlers (default priority 500), or after them.
    app.connect("config-inited", use_own_staging, priority=400)
    app.connect("build-finished", stage_contents, priority=400)
    app.connect("html-page-context", add_assets, priority=900)
    app.connect("build-finished", copy_static)
    app.connect("build-finished", check_lite_contents, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
