"""Sphinx extension of this book: every explorer of a page comes alive where it stands.

At build time each page is a notebook that myst-nb executes; an explorer cell's output is
a snapshot of its widgets (a ``widget-view+json`` script that the ipywidgets HTML manager
draws from the page's saved widget state). This extension finds those cells and writes,
once per page, a JSON script (``<script id="t42-live-page">``) holding:

* ``setup``: the code of the page's cells tagged ``live-setup`` (imports and the helpers
  that the explorer cells use), in page order;
* ``cells``: for each explorer cell, keyed by the model id of its snapshot, that cell's own
  code and the index of the last setup cell before it;
* ``modules``: the book's own Python modules that setup code imports (``bookkit`` and the
  ``bookdiagrams`` it imports), copied to ``_static/t42live/modules/``.

``live_static/texas42-live.js`` turns each snapshot into a picture with a Start control;
started, it runs exactly that code in the browser's Python (``live_static/
t42live-worker.mjs``: Pyodide in a shared worker that outlives the page) and replaces the
picture in place with the live explorer. See docs/LIVE_EXPLORERS.md.

A page whose explorer cell has no code, or a ``live-setup`` tag on a cell that draws an
explorer, fails the (strict) build with a warning naming the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from docutils import nodes  # type: ignore[import-untyped,unused-ignore]
from sphinx.application import Sphinx
from sphinx.util import logging
from static_assets import add_html_node, add_on_pages_with, copy_to_static

LOG = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "live_static"
JS_FILE, CSS_FILE = "texas42-live.js", "texas42-live.css"
WORKER_FILES = (
    "t42live-worker.mjs", "t42live-snapshot.mjs", "t42live-softnav.js", "live_bridge.py"
)
SETUP_TAG = "live-setup"
VIEW_MIME = "application/vnd.jupyter.widget-view+json"
VIEW_SCRIPT = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S
)


class live_page_data(nodes.General, nodes.Element):  # type: ignore[misc]
    """The page's live code as JSON (rendered only by HTML builders)."""


def notebook_cells(path: Path) -> list[dict[str, Any]]:
    """The cells of the notebook a page was built from (``.ipynb`` or MyST ``.md``)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
    else:
        from myst_nb.core.read import (  # type: ignore[import-untyped,unused-ignore]
            read_myst_markdown_notebook,
        )

        cells = read_myst_markdown_notebook(text, path=str(path))["cells"]
    out = []
    for cell in cells:
        source = cell.get("source", "")
        out.append(
            {
                "type": cell.get("cell_type"),
                "source": "".join(source) if isinstance(source, list) else str(source),
                "tags": list(cell.get("metadata", {}).get("tags", [])),
            }
        )
    return out


def explorer_model_ids(container: nodes.Element) -> list[str]:
    """Model ids of the widget views in one cell's output."""
    ids = []
    for raw in container.findall(nodes.raw):
        for match in VIEW_SCRIPT.finditer(raw.astext()):
            try:
                ids.append(str(json.loads(match.group(1))["model_id"]))
            except (ValueError, KeyError, TypeError):
                continue
    return ids


def page_live_code(cells: list[dict[str, Any]], explorers: dict[int, list[str]]) -> dict[str, Any]:
    """The JSON of one page: its setup cells and its explorer cells (by snapshot model id).

    ``explorers`` maps a cell's index in the notebook to the model ids in its output.
    """
    setup: list[str] = []
    setup_index: dict[int, int] = {}  # cell index -> number of setup cells before and at it
    for index, cell in enumerate(cells):
        if cell["type"] == "code" and SETUP_TAG in cell["tags"]:
            setup.append(cell["source"])
        setup_index[index] = len(setup)
    live: dict[str, Any] = {}
    for index, model_ids in sorted(explorers.items()):
        if index >= len(cells) or cells[index]["type"] != "code":
            raise ValueError(f"cell {index} is not a code cell of the notebook")
        if SETUP_TAG in cells[index]["tags"]:
            raise ValueError(f"cell {index} draws an explorer but is tagged {SETUP_TAG}")
        # One explorer per cell: the cell's result (its last expression) is the explorer.
        live[model_ids[-1]] = {"code": cells[index]["source"], "setup": setup_index[index]}
    return {"setup": setup, "cells": live}


def collect(app: Sphinx, doctree: nodes.document) -> None:
    """doctree-read: attach the page's live code to its doctree."""
    explorers: dict[int, list[str]] = {}
    for container in doctree.findall(nodes.container):
        if container.get("nb_element") != "cell_code":
            continue
        ids = explorer_model_ids(container)
        if ids:
            explorers[int(container["cell_index"])] = ids
    if not explorers:
        return
    docname = app.env.docname
    try:
        data = page_live_code(notebook_cells(Path(app.env.doc2path(docname))), explorers)
    except (OSError, ValueError) as err:
        LOG.warning("live explorers of %s: %s", docname, err, location=docname)
        return
    data["modules"] = sorted(Path(p).stem for p in app.config.live_in_place_modules)
    node = live_page_data()
    node["json"] = json.dumps(data, sort_keys=True)
    doctree.append(node)


def visit_live_page_data_html(self: Any, node: live_page_data) -> None:
    # "</" cannot appear inside a script element: JSON allows the escaped form.
    body = node["json"].replace("</", "<\\/")
    self.body.append(f'<script type="application/json" id="t42-live-page">{body}</script>\n')
    raise nodes.SkipNode


def add_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Load the live script and style on the pages that have explorers."""
    add_on_pages_with(app, doctree, live_page_data, JS_FILE, CSS_FILE)


def copy_static(app: Sphinx, exception: Exception | None) -> None:
    # The page's script and style at the top of _static; the worker, the bridge and the
    # book's modules under _static/t42live/.
    files = [(STATIC / JS_FILE, JS_FILE), (STATIC / CSS_FILE, CSS_FILE)]
    files += [(STATIC / name, f"t42live/{name}") for name in WORKER_FILES]
    files += [(Path(app.srcdir) / p, f"t42live/modules/{Path(p).name}")
              for p in app.config.live_in_place_modules]
    copy_to_static(app, exception, files)


def setup(app: Sphinx) -> dict[str, Any]:
    add_html_node(app, live_page_data, visit_live_page_data_html)
    app.add_config_value("live_in_place_modules", [], "html", types=[list])
    app.connect("doctree-read", collect)
    app.connect("html-page-context", add_assets, priority=900)
    app.connect("build-finished", copy_static)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
