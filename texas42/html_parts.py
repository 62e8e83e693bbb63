"""Plain HTML pieces (escaped strings, no widgets): the explorers' panes and the
classroom server's pages share them, so the server needs no widget library."""

from __future__ import annotations

import html


def p(text: str) -> str:
    """A paragraph of text for an HTML widget (escaped)."""
    return f'<p style="font-size:1.05em;line-height:1.45;margin:4px 0">{html.escape(text)}</p>'


def unseen(text: str) -> str:
    """Text for screen readers only (a table's header cell that needs no visible words:
    an empty header cell is an accessibility fault, axe's empty-table-header). Inline
    styles: the explorers' HTML must work without the book's stylesheet."""
    return ('<span style="position:absolute;width:1px;height:1px;margin:-1px;padding:0;'
            'overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0">'
            f"{html.escape(text)}</span>")


def page(*parts: str) -> str:
    return '<div style="font-family:sans-serif;color:#1a1a1a">' + "".join(parts) + "</div>"
