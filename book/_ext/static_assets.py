"""Shared plumbing of this book's Sphinx extensions: their JS/CSS only on the pages that
use them, copied into ``_static`` at the end of the build (never fetched from elsewhere)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from docutils import nodes  # type: ignore[import-untyped,unused-ignore]
from sphinx.application import Sphinx


def skip_node(self: Any, node: nodes.Node) -> None:
    """Visitor for builders that show nothing of a node (LaTeX, text, man, texinfo)."""
    raise nodes.SkipNode


def add_html_node(app: Sphinx, node_class: type, visit: Callable[[Any, Any], None]) -> None:
    """Register a node that HTML draws with ``visit`` and every other builder skips."""
    skip = (skip_node, None)
    app.add_node(node_class, html=(visit, None), latex=skip, text=skip, man=skip, texinfo=skip)


def add_on_pages_with(app: Sphinx, doctree: Any, node_class: type, js: str, css: str) -> None:
    """Add ``js`` (deferred) and ``css`` to the page being written if it has a ``node_class``."""
    if doctree is not None and any(doctree.findall(node_class)):
        app.add_js_file(js, loading_method="defer")
        app.add_css_file(css)


def copy_to_static(
    app: Sphinx, exception: Exception | None, files: Iterable[tuple[Path, str]]
) -> Path | None:
    """After a successful HTML build: copy each (source, path under _static) pair."""
    if exception is not None or app.builder.format != "html":
        return None
    static = Path(app.outdir) / "_static"
    for source, target in files:
        (static / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, static / target)
    return static
