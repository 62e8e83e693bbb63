"""Accessibility fixes made at build time (registered in _config.yml, local_extensions).

* myst-nb writes ``<summary aria-label="Toggle hidden content">`` around a hidden cell's
  "Show code cell source": a name that differs from the visible words
  (axe: label-content-name-mismatch). The summary is named by its own text instead.
* pydata-sphinx-theme's sidebar toggles of chapters with sub-pages (a chevron icon in a
  ``<summary>``) are named "Pages under <chapter>" (axe: summary-name).
* pydata-sphinx-theme wraps each table in ``div.pst-scrollable-table-container`` (it
  scrolls sideways when the table is wider than the page, e.g. on a phone); the box gets
  ``role="region"`` and a name from the table's caption, so a screen reader user knows
  what scrolls.
* The notebooks' kernels: jupyter_client provisions no CurveZMQ keys by default
  (``KernelManager.transport_encryption = "disabled"``), so each ipykernel 7 started to
  execute a page logged "Kernel is running over TCP without encryption" (27 lines in a
  build, which newcomers take for errors). The kernelspec declares Curve support, so
  "auto" encrypts the kernel's channels and the warning has no cause left.

The theme's search button, theme switch and home link are fixed by the template
overrides in ``book/_templates/``; the site stylesheet and script (focus rings, phones,
"Large dominoes") are in ``book/_static_a11y/``.
"""

from __future__ import annotations

import html
import re
from typing import Any

from sphinx.application import Sphinx

SUMMARY = re.compile(r'<summary aria-label="Toggle hidden content">')
TABLE_BOX = re.compile(
    r'<div class="pst-scrollable-table-container">(\s*<table\b.*?</table>)', re.DOTALL
)
CAPTION = re.compile(r"<caption\b.*?>(.*?)</caption>", re.DOTALL)
TAGS = re.compile(r"<[^>]+>")
# pydata-sphinx-theme's sidebar: a page with sub-pages is a link, then a <details> whose
# <summary> holds only a chevron icon (axe: summary-name).
TOGGLE = re.compile(
    r'(<a class="reference internal[^"]*" href="[^"]*">(.*?)</a>\s*<details[^>]*>\s*)<summary>',
    re.DOTALL,
)
# Sphinx's caption markup around the text: "Table 1 " number and the heading link.
HEADERLINK = re.compile(r'<a class="headerlink".*?</a>', re.DOTALL)


def _table_box(match: re.Match[str]) -> str:
    table = match.group(1)
    caption = CAPTION.search(table)
    words = ""
    if caption:
        words = " ".join(TAGS.sub(" ", HEADERLINK.sub("", caption.group(1))).split())
    words = html.unescape(words)
    name = words if words.startswith("Table") else f"Table: {words}" if words else "Table"
    label = html.escape(name, quote=True)
    return (
        f'<div class="pst-scrollable-table-container" role="region" aria-label="{label}">'
        f"{table}"
    )


def fix_body(body: str) -> str:
    """The page's HTML body with the fixes above."""
    body = SUMMARY.sub("<summary>", body)
    return TABLE_BOX.sub(_table_box, body)


def name_toggles(nav: str) -> str:
    """The sidebar's expand/collapse toggles (an icon only) named after their page."""

    def named(match: re.Match[str]) -> str:
        words = " ".join(TAGS.sub(" ", match.group(2)).split())
        label = html.escape(f"Pages under {html.unescape(words)}", quote=True)
        return f'{match.group(1)}<summary aria-label="{label}">'

    return TOGGLE.sub(named, nav)


def _on_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if isinstance(context.get("body"), str):
        context["body"] = fix_body(context["body"])
    toctree = context.get("generate_toctree_html")
    if callable(toctree) and not getattr(toctree, "t42_named", False):

        def generate_toctree_html(*args: Any, **kwargs: Any) -> str:
            return name_toggles(str(toctree(*args, **kwargs)))

        generate_toctree_html.t42_named = True  # type: ignore[attr-defined]
        context["generate_toctree_html"] = generate_toctree_html


def _encrypt_kernels(app: Sphinx, config: Any) -> None:
    try:
        import zmq
        from jupyter_client.manager import KernelManager
    except ImportError:  # pragma: no cover - the book extras are installed
        return
    trait = KernelManager.class_traits().get("transport_encryption")
    if trait is not None and zmq.has("curve"):
        trait.default_value = "auto"


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _encrypt_kernels)
    # After pydata-sphinx-theme's handler (priority 500), which adds generate_toctree_html.
    app.connect("html-page-context", _on_page, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
