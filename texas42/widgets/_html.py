"""HTML and words for the explorers' panes: paragraphs, lists, captions, the message
line, seat names and points (escaped strings; no widgets)."""

from __future__ import annotations

import html
from collections.abc import Iterable

from ..contracts import Contract, Suit
from ..html_parts import p as p
from ..html_parts import page as page
from ..html_parts import unseen as unseen

INK = "#1a1a1a"

#: Seats 0..6: a table has up to seven.
SEAT_NAMES = tuple(f"Seat {s}" for s in range(7))


def ul(items: Iterable[str]) -> str:
    rows = "".join(f"<li>{html.escape(t)}</li>" for t in items)
    return f'<ul style="font-size:1.05em;line-height:1.45;margin:4px 0">{rows}</ul>'

def caption(text: str) -> str:
    return (
        f'<div style="font-size:15px;text-align:center;margin-top:2px;color:{INK}">'
        f"{html.escape(text)}</div>"
    )

def figure(picture: str, text: str, *, item: bool = False) -> str:
    """A picture with its caption, as an inline block (``item``: one item of a list)."""
    role = ' role="listitem"' if item else ""
    return (
        f'<div{role} style="display:inline-block;margin:3px 6px;vertical-align:top">'
        f"{picture}{caption(text)}</div>"
    )

def points(n: int) -> str:
    """``"1 point"``, ``"16 points"``."""
    return f"{n} point" if n == 1 else f"{n} points"

def seat_label(seat: int, *, you: int | None = None) -> str:
    team = "seats 0+2" if seat % 2 == 0 else "seats 1+3"
    who = " (you)" if you is not None and seat == you else ""
    return f"{SEAT_NAMES[seat]}{who}, team {team}"

def suit_words(suit: int, contract: Contract) -> str:
    """A suit as players say it, trumps named: ``"trumps (fives)"``."""
    if suit == Suit.TRUMPS:
        return f"trumps ({contract.trump_label})"
    return Suit(suit).label


_KIND_STYLE = {
    "info": ("#0b3d91", "#eef4fb", "ℹ"),
    "good": ("#00573f", "#e8f6f0", "✔"),
    "error": ("#8a2a00", "#fdf0e8", "✖"),
    "warn": ("#5c4400", "#fff7dd", "!"),
}

def message_html(text: str, kind: str = "info") -> str:
    ink, bg, mark = _KIND_STYLE.get(kind, _KIND_STYLE["info"])
    if not text:
        return ""
    return (
        f'<div role="status" aria-live="polite" style="font-size:1.05em;line-height:1.4;'
        f"color:{ink};background:{bg};border-left:5px solid {ink};padding:6px 10px;"
        f'margin:4px 0"><b aria-hidden="true">{mark}</b> {html.escape(text)}</div>'
    )
