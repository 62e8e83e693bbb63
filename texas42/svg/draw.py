"""The drawing every picture shares: one SVG document, its text, its look and its ids.

Public so that a picture drawn outside the library (the book's diagrams,
book/bookdiagrams.py) is a document of the same kind: ``role="img"``, a ``<title>``
and a ``<desc>``, an explicit size and viewBox, ids unique to the page, the same ink
and fonts.

>>> pic = document(120, 40.5, "a note", "a note, in words", text_at(8, 24, "6-4 & 5-5", 14),
...                "note-svg")
>>> pic.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), 'width="120" height="41"' in pic
(True, True)
>>> "6-4 &amp; 5-5</text>" in pic, type(pic).__name__
(True, 'SvgWrapper')
>>> num(2.0), num(1.239), wrap_text("the first domino played is the lead", 12)
('2', '1.24', ['the first', 'domino', 'played is', 'the lead'])
"""

from __future__ import annotations

import itertools
import math
import os

from ..errors import InputError, quote

__all__ = [
    "BACK",
    "BACKGROUND",
    "BACK_LINE",
    "DIM_OPACITY",
    "FONT",
    "INK",
    "TILE",
    "TILE_EDGE",
    "SvgWrapper",
    "check_size",
    "document",
    "escape",
    "font_size",
    "margin",
    "new_id",
    "num",
    "shifted",
    "text_at",
    "wrap_text",
]

# -- look ------------------------------------------------------------------------------
INK = "#1B1B1B"
TILE = "#FFFDF3"  # ivory
TILE_EDGE = "#2B2B2B"
BACK = "#34495E"  # face-down dominoes: dark slate
BACK_LINE = "#9FB3C8"
BACKGROUND = "#E9EEE8"  # pale felt: dark text and every outline colour stay readable
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
DIM_OPACITY = "0.4"


class SvgWrapper(str):
    """One picture: the SVG text itself (a ``str``, so it can be joined, searched, saved
    or put in an HTML page as it is), which a notebook shows as the picture.

    >>> pic = SvgWrapper("<svg/>")
    >>> pic == "<svg/>", pic._repr_svg_()
    (True, '<svg/>')
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# -- ids -----------------------------------------------------------------------------------
# A random per-process prefix and a counter: unique within a page even when outputs
# from several kernel sessions end up side by side.
_PREFIX = "t42-" + os.urandom(3).hex()
_COUNTER = itertools.count(1)


def new_id() -> str:
    """An id no other picture of this page has."""
    return f"{_PREFIX}-{next(_COUNTER)}"


# -- small helpers -------------------------------------------------------------------------
def num(x: float) -> str:
    """A number for an attribute: at most 2 decimals, no trailing zeros."""
    r = round(x, 2)
    i = int(r)
    return str(i) if i == r else repr(r)


def escape(text: str) -> str:
    """Text for an attribute or an element: ``& < > "`` escaped."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def check_size(size: float) -> float:
    """``size`` (the side of a half domino in pixels, 4..1000) as a float.

    Raises :class:`~texas42.errors.InputError` (rule ``"picture-size"``) for anything else.
    """
    if isinstance(size, bool) or not isinstance(size, int | float) or not 4 <= size <= 1000:
        raise InputError(f"size {quote(size)} is not a half-domino width in pixels (4..1000)",
                         rule="picture-size")
    return float(size)


def margin(s: float) -> float:
    """Room around each domino for its outline and marker."""
    return 0.22 * s


def font_size(s: float) -> float:
    """The text size that goes with dominoes of size ``s`` (never under 13)."""
    return max(13.0, round(0.33 * s, 1))


def text_at(
    x: float,
    y: float,
    text: str,
    fs: float,
    *,
    anchor: str = "start",
    bold: bool = False,
    cls: str = "label",
) -> str:
    """A ``<text>`` element, its baseline at (x, y)."""
    weight = ' font-weight="700"' if bold else ""
    return (
        f'<text class="{cls}" x="{num(x)}" y="{num(y)}" font-size="{num(fs)}" '
        f'text-anchor="{anchor}" fill="{INK}"{weight}>{escape(text)}</text>'
    )


def shifted(x: float, y: float, fragment: str) -> str:
    """``fragment`` moved by (x, y)."""
    return f'<g transform="translate({num(x)} {num(y)})">{fragment}</g>'


def document(
    width: float, height: float, title: str, desc: str, body: str, kind: str,
    *, interactive: bool = False,
) -> SvgWrapper:
    """The whole picture: ``body`` on the background, named by ``title`` and described by
    ``desc`` for screen readers; ``kind`` its classes. ``interactive``: it holds buttons,
    so it is a group (an img hides its children from screen readers)."""
    uid = new_id()
    w, h = num(math.ceil(width)), num(math.ceil(height))
    role = "group" if interactive else "img"
    return SvgWrapper(
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}" class="texas42 {kind}" '
        f'role="{role}" aria-labelledby="{uid}-title" aria-describedby="{uid}-desc" '
        f'width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">'
        f'<title id="{uid}-title">{escape(title)}</title>'
        f'<desc id="{uid}-desc">{escape(desc)}</desc>'
        f'<rect class="background" width="{w}" height="{h}" rx="6" fill="{BACKGROUND}"/>'
        f"{body}</svg>"
    )


def wrap_text(text: str, chars: int) -> list[str]:
    """Words of ``text`` in lines of at most ``chars`` characters (longer words alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
