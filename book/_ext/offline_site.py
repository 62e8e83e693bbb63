"""Sphinx extension of this book: no page names or loads another host's resources.

Jupyter Book 1 always loads sphinx-thebe, which adds to every page an inline script naming
the Thebe bundle on a CDN (added twice, which the browser rejects: "Identifier
'THEBE_JS_URL' has already been declared"), its loader, its CSS and a Binder config block.
Thebe is off in this book (``launch_buttons.thebe: false``), so all of that is dropped.
Enabled from _config.yml (``sphinx.local_extensions``).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes  # type: ignore[import-untyped,unused-ignore]
from sphinx.application import Sphinx


def _is_thebe(asset: Any) -> bool:
    filename = getattr(asset, "filename", None) or ""
    body = str(getattr(asset, "attributes", {}).get("body", ""))
    return "thebe" in str(filename) or "THEBE_JS_URL" in body


def drop_thebe_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    # In place: these are the builder's lists, restored by Sphinx after each page.
    for key in ("script_files", "css_files"):
        assets = context.get(key)
        if isinstance(assets, list):
            assets[:] = [asset for asset in assets if not _is_thebe(asset)]


def drop_thebe_config(app: Sphinx, doctree: Any, docname: str) -> None:
    for node in list(doctree.findall(nodes.raw)):
        if "text/x-thebe-config" in node.astext():
            node.parent.remove(node)


def setup(app: Sphinx) -> dict[str, Any]:
    # After sphinx-thebe's and myst-nb's handlers (default priority 500).
    app.connect("html-page-context", drop_thebe_assets, priority=900)
    app.connect("doctree-resolved", drop_thebe_config, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
