"""Pictures: dominoes, hands, tricks, deals, the table and the score tally, as SVG.

Every function returns one SVG document as a string: well-formed XML with
``role="img"``, a ``<title>`` (the short text form) and a ``<desc>`` (the same
in words, for screen readers), an explicit width, height and viewBox, and ids
unique to the call, so several pictures can sit in one HTML page. All options
are keyword-only. Pure Python and no dependencies: it runs in Pyodide too.

>>> from texas42 import Domino
>>> svg = domino_svg(Domino(6, 4))
>>> svg.startswith("<svg") and svg.count('class="pip') == 10
True
>>> svg.split("</title>")[0].rsplit(">", 1)[1], svg.split("</desc>")[0].rsplit(">", 1)[1]
('6-4', 'six-four, count 10')

Highlights (``highlight=``) are drawn with a colour-blind-safe (Okabe-Ito)
colour *and* a cue that needs no colour:

============  ===============  =================================
kind          outline          marker (top-right corner)
============  ===============  =================================
``legal``     thin solid       none
``selected``  thick solid      triangle pointing at the domino
``winner``    double line      star
``illegal``   dashed           cross
``best``      dotted           diamond
============  ===============  =================================
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from .bidding import bid_text
from .contracts import Contract, tables
from .deals import Deal, partner_of, team_of
from .dominoes import DOMINOES, Domino, DominoLike, DominoSet, to_domino
from .game import tally
from .hand import Hand, Phase, Result, Trick, _score
from .rules import STANDARD, Rules
from .tricks import explain_play, explain_winner, trick_winner

if TYPE_CHECKING:  # svg does not import moon at run time: moon is optional to draw a 42 table
    from .moon import MoonHand

__all__ = [
    "HIGHLIGHTS",
    "deal_svg",
    "domino_svg",
    "dominoes_svg",
    "following_svg",
    "hand_cycle_svg",
    "made_set_svg",
    "play_labels",
    "seating_svg",
    "table_svg",
    "tally_svg",
    "trick_svg",
]

#: The highlight kinds every picture understands.
HIGHLIGHTS: tuple[str, ...] = ("legal", "selected", "winner", "illegal", "best")

#: Anything that says which dominoes get which highlight.
HighlightSpec = (
    str
    | Mapping[Domino, str]
    | Mapping[str, str]
    | Callable[[Domino], str | None]
    | Iterable[DominoLike]
    | None
)
#: Anything that says which dominoes are dimmed.
DimSpec = bool | Iterable[DominoLike] | Callable[[Domino], bool]
#: Dominoes drawn as controls (buttons), each with its spoken label.
ControlSpec = Mapping[Domino, str] | Mapping[str, str] | None

# -- look ------------------------------------------------------------------------------
_INK = "#1B1B1B"
_TILE = "#FFFDF3"  # ivory
_TILE_EDGE = "#2B2B2B"
_BACK = "#34495E"  # face-down dominoes: dark slate
_BACK_LINE = "#9FB3C8"
_BACKGROUND = "#E9EEE8"  # pale felt: dark text and every outline colour stay readable
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
_DIM_OPACITY = "0.4"


class _Style(NamedTuple):
    colour: str  # Okabe-Ito
    width: float  # stroke width at size 48
    dash: str | None  # dash pattern at size 48 ("0.1 7" with round caps: dots)
    double: bool
    marker: str | None
    words: str  # said in <desc>


_STYLES: dict[str, _Style] = {
    "legal": _Style("#009E73", 3.0, None, False, None, "can be played"),
    "selected": _Style("#E69F00", 6.0, None, False, "caret", "selected"),
    "winner": _Style("#0072B2", 2.5, None, True, "star", "wins the trick"),
    "illegal": _Style("#D55E00", 3.0, "9 6", False, "cross", "cannot be played"),
    "best": _Style("#CC79A7", 4.5, "0.1 8", False, "diamond", "the best play"),
}
assert tuple(_STYLES) == HIGHLIGHTS

# Pip centres on a unit half-square, for a half standing upright (vertical domino):
# the standard patterns; a six is two columns of three. A horizontal domino uses the
# transpose (a six becomes three columns of two; the diagonals stay diagonals).
_Q1, _Q2, _Q3 = 0.24, 0.5, 0.76
_PIPS: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((_Q2, _Q2),),
    ((_Q3, _Q1), (_Q1, _Q3)),
    ((_Q3, _Q1), (_Q2, _Q2), (_Q1, _Q3)),
    ((_Q1, _Q1), (_Q3, _Q1), (_Q1, _Q3), (_Q3, _Q3)),
    ((_Q1, _Q1), (_Q3, _Q1), (_Q2, _Q2), (_Q1, _Q3), (_Q3, _Q3)),
    ((_Q1, _Q1), (_Q1, _Q2), (_Q1, _Q3), (_Q3, _Q1), (_Q3, _Q2), (_Q3, _Q3)),
)
_PIP_RADIUS = 0.09

# A five-pointed star on a unit circle, first point up.
_STAR = tuple(
    (
        (1.0 if i % 2 == 0 else 0.45) * math.cos(math.pi * (i / 5 - 0.5)),
        (1.0 if i % 2 == 0 else 0.45) * math.sin(math.pi * (i / 5 - 0.5)),
    )
    for i in range(10)
)

# -- ids -----------------------------------------------------------------------------------
# A random per-process prefix and a counter: unique within a page even when outputs
# from several kernel sessions end up side by side.
_PREFIX = "t42-" + os.urandom(3).hex()
_COUNTER = itertools.count(1)


def _new_id() -> str:
    return f"{_PREFIX}-{next(_COUNTER)}"


# -- small helpers -------------------------------------------------------------------------
def _n(x: float) -> str:
    """A number for an attribute: at most 2 decimals, no trailing zeros."""
    r = round(x, 2)
    i = int(r)
    return str(i) if i == r else repr(r)


def _esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _check_size(size: float) -> float:
    if isinstance(size, bool) or not isinstance(size, int | float) or not 4 <= size <= 1000:
        raise ValueError(f"size {size!r} is not a half-domino width in pixels (4..1000)")
    return float(size)


def _check_kind(kind: str | None) -> str | None:
    if kind is not None and kind not in _STYLES:
        raise ValueError(f"{kind!r} is not a highlight: use one of {', '.join(HIGHLIGHTS)}")
    return kind


def _margin(s: float) -> float:
    """Room around each domino for its outline and marker."""
    return 0.22 * s


def _font(s: float) -> float:
    return max(13.0, round(0.33 * s, 1))


def _text(
    x: float,
    y: float,
    text: str,
    fs: float,
    *,
    anchor: str = "start",
    bold: bool = False,
    cls: str = "label",
) -> str:
    weight = ' font-weight="700"' if bold else ""
    return (
        f'<text class="{cls}" x="{_n(x)}" y="{_n(y)}" font-size="{_n(fs)}" '
        f'text-anchor="{anchor}" fill="{_INK}"{weight}>{_esc(text)}</text>'
    )


def _place(x: float, y: float, fragment: str) -> str:
    return f'<g transform="translate({_n(x)} {_n(y)})">{fragment}</g>'


def _words(d: Domino) -> str:
    """``"six-four, count 10"``, ``"double six"``."""
    return _WORDS[d.index]


_WORDS = tuple(f"{d.name}, count {d.count}" if d.count else d.name for d in DOMINOES)


def _root(
    width: float, height: float, title: str, desc: str, body: str, kind: str,
    *, interactive: bool = False,
) -> str:
    uid = _new_id()
    w, h = _n(math.ceil(width)), _n(math.ceil(height))
    # An img's children are hidden from screen readers: with buttons inside it is a group.
    role = "group" if interactive else "img"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{uid}" class="texas42 {kind}" '
        f'role="{role}" aria-labelledby="{uid}-title" aria-describedby="{uid}-desc" '
        f'width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{_FONT}">'
        f'<title id="{uid}-title">{_esc(title)}</title>'
        f'<desc id="{uid}-desc">{_esc(desc)}</desc>'
        f'<rect class="background" width="{w}" height="{h}" rx="6" fill="{_BACKGROUND}"/>'
        f"{body}</svg>"
    )


# -- one domino (cached fragments, drawn with the tile's top-left corner at 0,0) -----------
def _marker(kind: str, style: _Style, cx: float, cy: float, r: float, k: float) -> str:
    c = style.colour
    ring = (
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="#FFFFFF" '
        f'stroke="{c}" stroke-width="{_n(1.5 * k)}"/>'
    )
    if kind == "star":
        pts = " ".join(f"{_n(cx + 0.8 * r * u)},{_n(cy + 0.8 * r * v)}" for u, v in _STAR)
        shape = f'<polygon points="{pts}" fill="{c}" stroke="{_INK}" stroke-width="{_n(0.6 * k)}"/>'
    elif kind == "cross":
        a = 0.45 * r
        shape = (
            f'<path d="M {_n(cx - a)} {_n(cy - a)} L {_n(cx + a)} {_n(cy + a)} '
            f'M {_n(cx - a)} {_n(cy + a)} L {_n(cx + a)} {_n(cy - a)}" '
            f'stroke="{c}" stroke-width="{_n(0.32 * r)}" stroke-linecap="round"/>'
        )
    elif kind == "diamond":
        a = 0.62 * r
        shape = (
            f'<polygon points="{_n(cx)},{_n(cy - a)} {_n(cx + a)},{_n(cy)} '
            f'{_n(cx)},{_n(cy + a)} {_n(cx - a)},{_n(cy)}" fill="{c}"/>'
        )
    else:  # caret: a triangle pointing down at the domino
        a = 0.55 * r
        shape = (
            f'<polygon points="{_n(cx - a)},{_n(cy - 0.6 * a)} {_n(cx + a)},{_n(cy - 0.6 * a)} '
            f'{_n(cx)},{_n(cy + 0.8 * a)}" fill="{c}"/>'
        )
    return f'<g class="marker marker-{kind}">{ring}{shape}</g>'


def _outline(kind: str, style: _Style, tw: float, th: float, s: float, k: float) -> str:
    m = _margin(s)
    rx = 0.12 * s

    def ring(off: float, width: float) -> str:
        dash = ""
        if style.dash:
            scaled = " ".join(_n(float(p) * k) for p in style.dash.split())
            dash = f' stroke-dasharray="{scaled}" stroke-linecap="round"'
        return (
            f'<rect class="outline outline-{kind}" x="{_n(-off)}" y="{_n(-off)}" '
            f'width="{_n(tw + 2 * off)}" height="{_n(th + 2 * off)}" rx="{_n(rx + off)}" '
            f'fill="none" stroke="{style.colour}" stroke-width="{_n(width)}"{dash}/>'
        )

    if style.double:
        return ring(0.74 * m, style.width * k) + ring(0.3 * m, style.width * k)
    return ring(0.5 * m, style.width * k)


# The pieces of a domino at one size and orientation, each built once when first needed.
@lru_cache(maxsize=64)
def _face(s: float, vertical: bool) -> str:
    """The ivory tile and its divider."""
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    inset = 0.14 * s
    x1, y1, x2, y2 = (inset, s, s - inset, s) if vertical else (s, inset, s, s - inset)
    return (
        f'<rect class="tile" width="{_n(tw)}" height="{_n(th)}" rx="{_n(0.12 * s)}" '
        f'fill="{_TILE}" stroke="{_TILE_EDGE}" stroke-width="{_n(s / 32)}"/>'
        f'<line class="divider" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
        f'stroke="{_TILE_EDGE}" stroke-width="{_n(s / 30)}" stroke-linecap="round"/>'
    )


@lru_cache(maxsize=64)
def _back(s: float, vertical: bool) -> str:
    """A face-down tile."""
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    rx = 0.12 * s
    inset = 0.12 * s
    return (
        f'<rect class="tile" width="{_n(tw)}" height="{_n(th)}" rx="{_n(rx)}" '
        f'fill="{_BACK}" stroke="{_TILE_EDGE}" stroke-width="{_n(s / 32)}"/>'
        f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(tw - 2 * inset)}" '
        f'height="{_n(th - 2 * inset)}" rx="{_n(rx * 0.6)}" fill="none" '
        f'stroke="{_BACK_LINE}" stroke-width="{_n(s / 40)}"/>'
    )


@lru_cache(maxsize=1024)
def _pip_circles(half: str, number: int, s: float, vertical: bool) -> str:
    """The pips of one half ("a": the high end, left or top; "b": the low end)."""
    ox, oy = (0.0, 0.0) if half == "a" else (0.0, s) if vertical else (s, 0.0)
    r = _n(_PIP_RADIUS * s)
    circles = []
    for u, v in _PIPS[number]:
        x, y = (u, v) if vertical else (v, u)
        circles.append(
            f'<circle class="pip pip-{half}" cx="{_n(ox + x * s)}" '
            f'cy="{_n(oy + y * s)}" r="{r}" fill="{_INK}"/>'
        )
    return "".join(circles)


@lru_cache(maxsize=256)
def _decoration(kind: str, s: float, vertical: bool) -> tuple[str, str]:
    """The outline and the marker of a highlight."""
    style = _STYLES[kind]
    k = s / 48
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    outline = _outline(kind, style, tw, th, s, k)
    marker = _marker(style.marker, style, tw, 0.0, 0.17 * s, k) if style.marker else ""
    return outline, marker


@lru_cache(maxsize=64)
def _badge(count: int, s: float) -> str:
    return (
        f'<g class="count-badge"><circle r="{_n(0.2 * s)}" fill="{_INK}"/>'
        f'<text y="{_n(0.36 * 0.22 * s)}" font-size="{_n(0.22 * s)}" '
        f'font-weight="700" text-anchor="middle" fill="#FFFFFF">{count}</text></g>'
    )


@lru_cache(maxsize=4096)
def _tile(
    d: Domino | None,
    s: float,
    vertical: bool,
    kind: str | None,
    dim: bool,
    show_count: bool,
    control: str | None = None,
) -> str:
    """One domino (``None``: face down), its top-left corner at the origin.

    ``control``: the domino is a button with this spoken label (``data-play`` names it for
    the table widget's front end); a legal one is drawn raised, and a focus ring waits
    hidden for the keyboard (the widget's stylesheet shows it)."""
    classes = "domino back" if d is None else "domino"
    attrs = "" if d is None else f' data-domino="{d}"'
    if control is not None and d is not None:
        classes += " control"
        attrs += (
            f' data-play="{d}" data-legal="{"true" if kind == "legal" else "false"}" '
            f'role="button" tabindex="0" aria-label="{_esc(control)}"'
        )
    if kind:
        classes += f" hl-{kind}"
        attrs += f' data-highlight="{kind}"'
    if dim:
        classes += " dim"
        attrs += f' opacity="{_DIM_OPACITY}"'
    outline, marker = _decoration(kind, s, vertical) if kind else ("", "")
    if d is None:
        drawing = _back(s, vertical)
    else:
        drawing = (
            _face(s, vertical)
            + _pip_circles("a", d.high, s, vertical)
            + _pip_circles("b", d.low, s, vertical)
        )
        if show_count and d.count:
            drawing += _badge(d.count, s)
    if control is not None and d is not None:
        tw, th = (s, 2 * s) if vertical else (2 * s, s)
        off = 0.5 * _margin(s) + s / 16
        ring = (
            f'<rect class="focus-ring" x="{_n(-off)}" y="{_n(-off)}" width="{_n(tw + 2 * off)}" '
            f'height="{_n(th + 2 * off)}" rx="{_n(0.12 * s + off)}" fill="none" stroke="{_INK}" '
            f'stroke-width="{_n(s / 12)}" visibility="hidden"/>'
        )
        inner = f"<title>{_esc(control)}</title>{ring}{outline}{drawing}{marker}"
        if kind == "legal":  # raised: a cue that needs no colour
            return (
                f'<g class="{classes} raised"{attrs}>'
                f'<g transform="translate(0 {_n(-0.18 * s)})">{inner}</g></g>'
            )
        return f'<g class="{classes}"{attrs}>{inner}</g>'
    return f'<g class="{classes}"{attrs}>{outline}{drawing}{marker}</g>'


def play_labels(
    dominoes: Iterable[DominoLike],
    legal: Iterable[DominoLike],
    trick: Sequence[DominoLike],
    contract: Contract | str,
) -> dict[Domino, str]:
    """The spoken label of each domino of a hand drawn as a button: ``"Play 6-4"``, or
    ``"6-0: cannot be played - <why>"`` with the engine's reason
    (:func:`texas42.tricks.explain_play`).

    >>> labels = play_labels("6-0 5-1", ["5-1"], ["5-4"], "sixes")
    >>> labels[Domino(5, 1)]
    'Play 5-1'
    >>> labels[Domino(6, 0)]
    '6-0: cannot be played - 6-0 does not follow: fives were led and you hold 5-1.'
    """
    held = _to_list(dominoes)
    ok = {to_domino(x) for x in legal}
    return {
        d: f"Play {d}" if d in ok
        else f"{d}: cannot be played - " + explain_play(d, held, list(trick), contract)
        for d in held
    }


def _controls(dominoes: Sequence[Domino], controls: ControlSpec) -> list[str | None]:
    if not controls:
        return [None] * len(dominoes)
    table = {to_domino(k): v for k, v in controls.items()}
    return [table.get(d) for d in dominoes]


def _slot(s: float, vertical: bool) -> str:
    """A dashed empty place where a domino will go."""
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    return (
        f'<rect class="slot" width="{_n(tw)}" height="{_n(th)}" rx="{_n(0.12 * s)}" '
        f'fill="none" stroke="{_INK}" stroke-opacity="0.35" stroke-width="{_n(s / 32)}" '
        f'stroke-dasharray="{_n(s / 8)} {_n(s / 10)}"/>'
    )


def domino_svg(
    domino: DominoLike,
    *,
    size: float = 48,
    vertical: bool = False,
    highlight: str | None = None,
    dim: bool = False,
    label: str | None = None,
    show_count: bool = False,
) -> str:
    """One domino, real pips on each half; ``size`` is the side of a half in pixels.

    ``highlight`` is one of :data:`HIGHLIGHTS`; ``dim`` greys out a domino that
    cannot be played; ``label`` is a caption under it; ``show_count`` adds a small
    badge with the points of a count domino.
    """
    d = to_domino(domino)
    s = _check_size(size)
    kind = _check_kind(highlight)
    m = _margin(s)
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    fs = _font(s)
    width = tw + 2 * m
    height = th + 2 * m
    body = _place(m, m, _tile(d, s, vertical, kind, dim, show_count))
    if label:
        height += 1.3 * fs
        width = max(width, 0.6 * fs * len(label) + 2 * m)
        body = _place((width - tw - 2 * m) / 2, 0, body)
        body += _text(width / 2, th + 2 * m + fs * 0.95, label, fs, anchor="middle")
    desc = _words(d)
    if kind:
        desc += f"; {_STYLES[kind].words}"
    if dim and kind != "illegal":
        desc += "; cannot be played now"
    if label:
        desc += f"; {label}"
    return _root(width, height, str(d), desc, body, "domino-svg")


# -- rows of dominoes ---------------------------------------------------------------------
def _kinds(dominoes: Sequence[Domino], highlight: HighlightSpec) -> list[str | None]:
    if highlight is None:
        return [None] * len(dominoes)
    if isinstance(highlight, str):
        return [_check_kind(highlight)] * len(dominoes)
    if callable(highlight):
        return [_check_kind(highlight(d)) for d in dominoes]
    table: dict[Domino, str] = {}
    if isinstance(highlight, Mapping):
        for key, value in highlight.items():
            table[to_domino(key)] = value
    else:  # some dominoes: "selected"
        table = {to_domino(key): "selected" for key in highlight}
    return [_check_kind(table.get(d)) for d in dominoes]


def _dims(dominoes: Sequence[Domino], dim: DimSpec) -> list[bool]:
    if isinstance(dim, bool):
        return [dim] * len(dominoes)
    if callable(dim):
        return [bool(dim(d)) for d in dominoes]
    mask = DominoSet(dim).mask if not isinstance(dim, DominoSet) else dim.mask
    return [bool(mask >> d.index & 1) for d in dominoes]


def _to_list(dominoes: DominoSet | Iterable[DominoLike] | str) -> list[Domino]:
    if isinstance(dominoes, str):
        return list(DominoSet(dominoes))
    out = [to_domino(d) for d in dominoes]
    if len(set(out)) != len(out):
        raise ValueError(f"a domino appears twice in {' '.join(map(str, out))}")
    return out


def _row(
    dominoes: Sequence[Domino | None],
    s: float,
    gap: float,
    vertical: bool,
    kinds: Sequence[str | None],
    dims: Sequence[bool],
    show_count: bool,
    controls: Sequence[str | None] | None = None,
) -> str:
    """Dominoes side by side; the first cell's outer corner at the origin."""
    m = _margin(s)
    step = (s if vertical else 2 * s) + 2 * m + gap
    return "".join(
        _place(
            m + i * step,
            m,
            _tile(d, s, vertical, kinds[i], dims[i], show_count, controls[i] if controls else None),
        )
        for i, d in enumerate(dominoes)
    )


def _row_width(count: int, s: float, gap: float, vertical: bool) -> float:
    if count == 0:
        return 0.0
    return count * ((s if vertical else 2 * s) + 2 * _margin(s)) + (count - 1) * gap


def _list_words(
    dominoes: Sequence[Domino], kinds: Sequence[str | None], dims: Sequence[bool]
) -> str:
    parts = []
    for d, kind, dim in zip(dominoes, kinds, dims, strict=True):
        text = f"{d} ({_words(d)}"
        if kind:
            text += f"; {_STYLES[kind].words}"
        if dim and kind != "illegal":
            text += "; cannot be played now"
        parts.append(text + ")")
    return ", ".join(parts)


def dominoes_svg(
    dominoes: DominoSet | Iterable[DominoLike] | str,
    *,
    size: float = 48,
    highlight: HighlightSpec = None,
    label: str | None = None,
    gap: float | None = None,
    vertical: bool = True,
    dim: DimSpec = False,
    show_count: bool = False,
    controls: ControlSpec = None,
) -> str:
    """A row of dominoes, such as a hand, in the order given (a :class:`DominoSet`
    or text ``"6-6 6-4"`` in the order players hold them).

    ``controls`` maps dominoes to spoken labels (:func:`play_labels`): those are drawn
    as buttons, for the table widget (:mod:`texas42.widgets.table_widget`).

    ``highlight`` is a kind for all of them, a mapping from domino (or its text) to
    a kind, a function of the domino returning a kind or ``None``, or some
    dominoes (drawn ``"selected"``). ``dim`` is ``True``, some dominoes, or a
    function. Dominoes stand upright unless ``vertical=False``; ``label`` is a
    caption above the row.
    """
    items = _to_list(dominoes)
    s = _check_size(size)
    g = 0.1 * s if gap is None else float(gap)
    if g < 0:
        raise ValueError(f"gap {gap!r} cannot be negative")
    kinds = _kinds(items, highlight)
    dims = _dims(items, dim)
    fs = _font(s)
    m = _margin(s)
    pad = 0.1 * s
    top = pad + (1.35 * fs if label else 0.0)
    cell_h = (2 * s if vertical else s) + 2 * m
    row_w = _row_width(len(items), s, g, vertical)
    text_w = 0.6 * fs * len(label) if label else 0.0
    if not items:
        text_w = max(text_w, 0.6 * fs * len("no dominoes"))
    width = 2 * pad + max(row_w, text_w, cell_h / 2)
    height = top + cell_h + pad
    body = []
    if label:
        body.append(_text(pad + m, pad + fs, label, fs, bold=True))
    if items:
        body.append(_place(pad, top, _row(items, s, g, vertical, kinds, dims, show_count,
                                          _controls(items, controls))))
    else:
        body.append(_text(width / 2, top + cell_h / 2, "no dominoes", fs, anchor="middle"))
    text = " ".join(str(d) for d in items) or "no dominoes"
    title = f"{label}: {text}" if label else text
    count = len(items)
    desc = f"{count} domino{'es' if count != 1 else ''}"
    if items:
        desc += ": " + _list_words(items, kinds, dims)
    if label:
        desc = f"{label}, {desc}"
    return _root(width, height, title, desc + ".", "".join(body), "dominoes-svg",
                 interactive=bool(controls))


# -- tricks ----------------------------------------------------------------------------
# Where each seat's domino lies around the centre, by position relative to the bottom
# seat: 0 bottom, 1 left, 2 top, 3 right (clockwise).
def _trick_spot(rel: int, s: float, cx: float, cy: float) -> tuple[float, float, bool]:
    g = _margin(s)
    if rel == 0:
        return cx - s / 2, cy + s / 2 + g, True
    if rel == 1:
        return cx - s / 2 - g - 2 * s, cy - s / 2, False
    if rel == 2:
        return cx - s / 2, cy - s / 2 - g - 2 * s, True
    return cx + s / 2 + g, cy - s / 2, False


def _trick_extent(s: float) -> float:
    """Half the width (and height) of the four dominoes of a trick with their outlines."""
    return 2.5 * s + 2 * _margin(s)


class _TrickInfo(NamedTuple):
    body: str
    desc: str
    caption: str


def _trick_parts(
    plays: Sequence[Domino],
    seats: Sequence[int],
    leader: int,
    winner: int | None,
    complete: bool,
    contract: Contract | None,
    bottom: int,
    sitting_out: int | None,
    s: float,
    cx: float,
    cy: float,
    fs: float,
    tie: int | None = None,
) -> _TrickInfo:
    """The dominoes of a trick around (cx, cy). ``seats[i]`` played ``plays[i]``;
    ``winner`` is a seat; ``tie``: the side a tie in sevens goes to (``None``: the first)."""
    m = _margin(s)
    e = _trick_extent(s)
    played = dict(zip(seats, plays, strict=True))
    body = []
    for seat in range(4):
        rel = (seat - bottom) % 4
        x, y, vertical = _trick_spot(rel, s, cx, cy)
        d = played.get(seat)
        if d is not None:
            kind = "winner" if seat == winner else None
            body.append(_place(x, y, _tile(d, s, vertical, kind, False, False)))
        elif seat != sitting_out:
            body.append(_place(x, y, _slot(s, vertical)))
        words = f"seat {seat}"
        if seat == leader and plays:
            words += ", led"
        elif seat == sitting_out:
            words += " (out)"
        bold = seat == winner
        if rel == 0:
            body.append(_text(cx, cy + e + 0.95 * fs, words, fs, anchor="middle", bold=bold))
        elif rel == 2:
            body.append(_text(cx, cy - e - 0.3 * fs, words, fs, anchor="middle", bold=bold))
        elif rel == 1:
            body.append(_text(cx - e + m, cy - s / 2 - m - 0.3 * fs, words, fs, bold=bold))
        else:
            body.append(
                _text(cx + e - m, cy - s / 2 - m - 0.3 * fs, words, fs, anchor="end", bold=bold)
            )
    if not plays:
        desc = f"No domino played yet; seat {leader} leads."
        caption = f"seat {leader} to lead"
    else:
        steps = [
            f"seat {seat} {'led' if i == 0 else 'played'} {d}"
            for i, (seat, d) in enumerate(zip(seats, plays, strict=True))
        ]
        desc = "; ".join(steps)
        caption = ""
        if winner is not None:
            w = played[winner]
            if not complete:
                desc += f"; {w} is winning so far (seat {winner})."
                caption = f"seat {winner} winning so far with {w}"
            else:
                why = None
                at = None if contract is None else trick_winner(
                    plays, contract, seats=seats, bidding_team=tie)
                if contract is not None and at is not None and seats[at] == winner:
                    why = explain_winner(plays, contract, seats=seats, bidding_team=tie)
                desc += f"; {why or f'{w} wins (seat {winner}).'}"
                caption = f"seat {winner} wins with {w}"
        else:
            desc += "."
    return _TrickInfo("".join(body), desc, caption)


def _seats_from(leader: int, count: int, sitting_out: int | None) -> list[int]:
    """The seats playing in turn from ``leader``, skipping the one sitting out."""
    out: list[int] = []
    seat = leader
    while len(out) < count:
        if seat != sitting_out:
            out.append(seat)
        seat = (seat + 1) % 4
    return out


def trick_svg(
    plays: Trick | Sequence[DominoLike],
    *,
    leader: int = 0,
    contract: Contract | str | None = None,
    winner: int | None = None,
    size: float = 48,
    bottom: int = 0,
    sitting_out: int | None = None,
) -> str:
    """A trick, each domino in front of the seat that played it (``bottom`` is the
    seat drawn at the bottom; then clockwise: left, top, right).

    ``plays`` are the dominoes in the order played, starting with ``leader``'s,
    or a :class:`texas42.Trick` (which brings its leader, seats and winner).
    ``sitting_out`` is the seat that sits the hand out (nello: the bidder's partner).

    ``winner`` is the winning domino's *position* in ``plays`` (0: the lead), as
    :func:`texas42.trick_winner` returns it. When it is not given and ``contract``
    is, it is worked out (for a trick in progress: the domino winning so far).
    """
    for name, value in (("leader", leader), ("bottom", bottom), ("sitting_out", sitting_out)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4
        ):
            raise ValueError(f"{name} {value!r} is not a seat 0..3")
    winner_seat: int | None = None
    if isinstance(plays, Trick):
        leader = plays.leader
        winner_seat = plays.winner
        dominoes = list(plays.plays)
        seats = list(plays.seats)
        missing = set(range(4)) - set(seats)
        if len(dominoes) == 3 and len(missing) == 1 and sitting_out is None:
            sitting_out = missing.pop()
    else:
        dominoes = _to_list(plays)
        if sitting_out == leader:
            raise ValueError(f"seat {leader} sits out: it cannot lead")
        seats = _seats_from(leader, len(dominoes), sitting_out)
    size_of_trick = 3 if sitting_out is not None else 4
    if len(dominoes) > size_of_trick:
        raise ValueError(f"a trick has at most {size_of_trick} dominoes, got {len(dominoes)}")
    c = Contract.parse(contract) if isinstance(contract, str) else contract
    if winner is not None:
        if isinstance(winner, bool) or not isinstance(winner, int):
            raise ValueError(f"winner {winner!r} is not a position in the trick")
        if not 0 <= winner < len(dominoes):
            raise ValueError(
                f"winner {winner} is not a position in this trick of {len(dominoes)} "
                f"(0 is the lead, {len(dominoes) - 1} the last domino played)"
            )
        winner_seat = seats[winner]
    elif winner_seat is None and c is not None and dominoes:
        winner_seat = seats[trick_winner(dominoes, c)]
    s = _check_size(size)
    fs = _font(s) * 0.9
    e = _trick_extent(s)
    pad = 0.2 * s
    header = 1.4 * fs if c is not None else 0.0
    width = 2 * e + 2 * pad
    cx = width / 2
    cy = pad + header + 1.3 * fs + e
    complete = len(dominoes) == size_of_trick
    info = _trick_parts(
        dominoes, seats, leader, winner_seat, complete, c, bottom, sitting_out, s, cx, cy, fs
    )
    body = [info.body]
    if c is not None:
        body.append(_text(cx, pad + fs, _contract_words(c), fs, anchor="middle"))
    height = cy + e + 1.3 * fs + pad
    if info.caption:
        body.append(_text(cx, height + 0.2 * fs, info.caption, fs, anchor="middle", bold=True))
        height += 1.4 * fs
    desc = info.desc
    if c is not None:
        desc = f"{_contract_words(c).capitalize()}. {desc}"
    text = " ".join(str(d) for d in dominoes) or "empty"
    title = f"trick led by seat {leader}: {text}"
    return _root(width, height, title, desc, "".join(body), "trick-svg")


def _contract_words(c: Contract) -> str:
    if c.kind == "trumps":
        return f"{c.trump_label} are trumps"
    if c.kind == "doubles":
        return "doubles are trumps"
    if c.kind == "sevens":
        return "sevens: play the domino closest to 7 pips"
    return f"{c} (no trumps)"


# -- the table --------------------------------------------------------------------------
def _hand_words(seat: int, dominoes: Sequence[Domino], visible: bool) -> str:
    if not visible:
        n = len(dominoes)
        return f"seat {seat} holds {n} domino{'es' if n != 1 else ''} face down"
    if not dominoes:
        return f"seat {seat} holds nothing"
    return f"seat {seat} holds " + " ".join(str(d) for d in dominoes)


# -- the compact table (a phone): one column at most COMPACT_WIDTH wide ---------------------
#: The most a table drawn with ``compact=True`` is wide (user units): about the column of
#: a 390 px phone (358 px), so it is shown at about full size there: the learner's
#: dominoes about 36 px wide, the words at their normal size.
COMPACT_WIDTH = 360.0


class _Seat(NamedTuple):
    """One hand of a table as the compact layout draws it (``rel``: places clockwise
    from the bottom seat)."""

    rel: int
    label: str
    bold: bool
    tiles: list[Domino | None]
    kinds: list[str | None]
    dims: list[bool]
    controls: list[str | None] | None
    shown: bool


def _text_w(text: str, fs: float) -> float:
    """A generous guess of a line's width (the widest fonts' average letter)."""
    return 0.6 * fs * len(text)


def _lines(text: str, width: float, fs: float) -> list[str]:
    """``text`` in lines that fit ``width``, broken after a " · " where one fits."""
    chars = max(1, int(width / (0.6 * fs)))
    lines: list[str] = []
    for part in text.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= chars:
            lines[-1] += " · " + part
        elif len(part) <= chars:
            lines.append(part)
        else:
            lines += _wrap_text(part, chars)
    return lines or [""]


def _compact_table(
    *,
    seats: int,
    s: float,
    header: Sequence[tuple[str, bool]],
    others: Sequence[_Seat],
    bottom: _Seat | None,
    trick: str,
    trick_box: tuple[float, float, float, float],
    trick_room: float,
    captions: Sequence[tuple[str, float, bool]],
    spares: Sequence[tuple[str, list[Domino], bool]],
    status: str,
    show_count: bool,
) -> tuple[float, float, str]:
    """The compact layout of a table: width, height and body. Top to bottom: the bid and
    points; the other hands (face down: a small stack and how many it holds), beside the
    trick where they fit, at their seat's place, else in a band above it, clockwise; the
    trick (drawn around the origin, ``trick_box`` its extent; ``trick_room``: the width a
    whole trick takes, so the hands do not move when one starts) and its captions; the widow,
    discard or dominoes aside; the bottom seat's hand at full size in rows; the status.
    Every line of text is wrapped to the width, never drawn smaller."""
    fs, m, g, pad = _font(s), _margin(s), 0.1 * s, 0.3 * s
    lh = 1.35 * fs
    width = COMPACT_WIDTH
    inner = width - 2 * pad
    cell_w, cell_h = s + 2 * m, 2 * s + 2 * m
    sb = 0.4 * s  # a small face-down domino
    mb = _margin(sb)
    body: list[str] = []
    y = pad

    def text_lines(x: float, top: float, lines: Sequence[str], size: float, *,
                   anchor: str = "start", bold: bool = False, cls: str = "label") -> float:
        for i, line in enumerate(lines):
            body.append(_text(x, top + 0.95 * size + i * 1.35 * size, line, size,
                              anchor=anchor, bold=bold, cls=cls))
        return top + len(lines) * 1.35 * size

    def rows_of(n: int, room: float) -> list[slice]:
        """Full-size dominoes in as few rows as fit, as even as can be (7: 4 + 3)."""
        per = max(1, int((room + g) // (cell_w + g)))
        count = -(-n // per) if n else 1
        per = -(-n // count) if n else 1
        return [slice(i, i + per) for i in range(0, max(n, 1), per)]

    def hand_rows(x: float, top: float, room: float, tiles: Sequence[Domino | None],
                  kinds: Sequence[str | None], dims: Sequence[bool],
                  controls: Sequence[str | None] | None) -> float:
        """Full-size dominoes wrapped into rows centred in ``room``; the y under them."""
        for r, part in enumerate(rows_of(len(tiles), room)):
            w = _row_width(len(tiles[part]), s, g, True)
            row = _row(list(tiles[part]), s, g, True, list(kinds[part]), list(dims[part]),
                       show_count, list(controls[part]) if controls else None)
            body.append(_place(x + (room - w) / 2, top + r * (cell_h + g), row))
        return top + len(rows_of(len(tiles), room)) * (cell_h + g)

    def stack_h() -> float:
        return 2 * sb + 2 * mb + 0.25 * sb

    def stack_w(count: int) -> float:
        return sb + 2 * mb + 0.3 * sb + _text_w(str(count), fs)

    def stack(x: float, top: float, count: int) -> None:
        """One or two small backs (``x`` their left edge) and the count beside them."""
        for i in range(min(count, 2)):
            off = 0.25 * sb * (1 - i) if count > 1 else 0.0
            body.append(_place(x + mb + 0.25 * sb - off, top + mb + off,
                               _tile(None, sb, True, None, False, False)))
        body.append(_text(x + sb + 2 * mb + 0.3 * sb, top + stack_h() / 2 + 0.35 * fs,
                          str(count), fs, bold=True, cls="count"))

    def seat_h(seat: _Seat, room: float) -> float:
        h = len(_lines(seat.label, room, fs)) * lh
        if seat.shown and seat.tiles:
            return h + len(rows_of(len(seat.tiles), room)) * (cell_h + g)
        return h + stack_h()

    def draw_seat(seat: _Seat, x: float, top: float, room: float, anchor: str) -> None:
        lines = _lines(seat.label, room, fs)
        tx = {"start": x, "middle": x + room / 2, "end": x + room}[anchor]
        top = text_lines(tx, top, lines, fs, anchor=anchor, bold=seat.bold)
        if seat.shown and seat.tiles:
            hand_rows(x, top, room, seat.tiles, seat.kinds, seat.dims, seat.controls)
            return
        sw = stack_w(len(seat.tiles))
        sx = {"start": x, "middle": x + (room - sw) / 2, "end": x + room - sw}[anchor]
        stack(sx, top, len(seat.tiles))

    for text, bold in header:
        y = text_lines(pad, y, _lines(text, inner, fs), fs, bold=bold, cls="header")
    y += pad / 2

    # Where the other hands go: beside the trick (left, right) or above it.
    # A hand beside the trick: its label's words one a line ("to play", "bidder" ...).
    side_w = max(_text_w("to play", fs), stack_w(10))
    fits = (all(not o.shown for o in others)
            and 2 * side_w + trick_room + 2 * pad <= inner)
    left: list[_Seat] = []
    right: list[_Seat] = []
    above: list[_Seat] = []
    for o in sorted(others, key=lambda o: o.rel):
        theta = math.pi / 2 + 2 * math.pi * o.rel / seats
        if not fits or math.sin(theta) < -0.6:
            above.append(o)
        elif math.cos(theta) < 0:
            left.append(o)
        else:
            right.append(o)
    left.sort(key=lambda o: -o.rel)  # the higher up first
    # Above: clockwise, so reading left to right goes round the table; in rows of three
    # (one a row when a hand is face up, drawn at full size).
    per = 1 if any(o.shown for o in above) else 3
    for i in range(0, len(above), per):
        band = above[i:i + per]
        room = (inner - (len(band) - 1) * pad) / len(band)
        h = max(seat_h(o, room) for o in band)
        for j, o in enumerate(band):
            anchor = "start" if o.shown else "middle"
            draw_seat(o, pad + j * (room + pad), y, room, anchor)
        y += h + pad / 2

    # The middle: the trick, the hands beside it.
    col_h = [sum(seat_h(o, side_w) + pad / 2 for o in col) for col in (left, right)]
    mid_h = max(trick_box[3] - trick_box[1], *col_h)
    for col, x, anchor in ((left, pad, "start"), (right, width - pad - side_w, "end")):
        cy_col = y + (mid_h - sum(seat_h(o, side_w) + pad / 2 for o in col)) / 2
        for o in col:
            draw_seat(o, x, cy_col, side_w, anchor)
            cy_col += seat_h(o, side_w) + pad / 2
    cx = width / 2 - (trick_box[0] + trick_box[2]) / 2
    cy = y + (mid_h - (trick_box[3] - trick_box[1])) / 2 - trick_box[1]
    if trick:
        body.append(_place(cx, cy, trick))
    y += mid_h
    for text, size, bold in captions:
        y = text_lines(width / 2, y, _lines(text, inner, size), size, anchor="middle",
                       bold=bold, cls="caption")
    y += pad / 2

    for label, items, shown in spares:
        y = text_lines(width / 2, y, _lines(label, inner, 0.9 * fs), 0.9 * fs,
                       anchor="middle", bold=True)
        if shown and items:
            y = hand_rows(pad, y, inner, items, [None] * len(items), [False] * len(items), None)
        else:
            stack((width - stack_w(len(items))) / 2, y, len(items))
            y += stack_h()
        y += pad / 2

    if bottom is not None:
        y += pad / 2
        y = text_lines(pad, y, _lines(bottom.label, inner, fs), fs, bold=bottom.bold)
        if bottom.shown:
            # Room over a raised domino (a legal play is drawn a little higher).
            y = hand_rows(pad, y + 0.18 * s, inner, bottom.tiles, bottom.kinds, bottom.dims,
                          bottom.controls)
        else:
            stack(pad, y, len(bottom.tiles))
            y += stack_h()
    y = text_lines(pad, y + pad / 2, _lines(status, inner, fs), fs, cls="status")
    return width, y + pad, "".join(body)


def table_svg(
    hand: Hand,
    *,
    seat: int | None = None,
    show_all: bool | None = None,
    highlight_legal: bool = True,
    highlight: HighlightSpec = None,
    size: float = 44,
    show_count: bool = False,
    controls: bool | ControlSpec = False,
    compact: bool = False,
) -> str:
    """The whole table of a :class:`texas42.Hand`: the four hands, the trick in
    the middle (or the last trick, when the next one has not started), the bid,
    contract and points, and the legal plays of the player to act.

    ``seat`` views the table from one seat: that seat sits at the bottom and the
    other hands are face down (nothing about them is written either, not even in
    the title or description). ``seat=None`` or ``show_all=True`` shows every
    hand. ``highlight`` (as in :func:`dominoes_svg`) marks visible dominoes and
    takes precedence over the legal-play highlight. ``controls=True`` draws the
    dominoes of ``seat``, when it is to play, as buttons labelled by :func:`play_labels`
    (a mapping: those dominoes, with those labels). ``compact=True``: the same table
    (the same words, buttons and labels) at most :data:`COMPACT_WIDTH` wide, for a phone:
    the hands face down drawn small with how many they hold, the bottom seat's dominoes
    at full size in rows.
    """
    if not hand.rules.is_42:
        # Another table (three-hand, Moon, Moon for many ...): its seats around an oval.
        return round_table_svg(hand, seat=seat, show_all=show_all,
                               highlight_legal=highlight_legal, highlight=highlight,
                               size=size, controls=controls, compact=compact)
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < 4):
        raise ValueError(f"seat {seat!r} is not a seat 0..3")
    s = _check_size(size)
    open_all = (seat is None) if show_all is None else show_all
    visible = {0, 1, 2, 3} if open_all else ({seat} if seat is not None else set())
    bottom = 0 if seat is None else seat
    fs = _font(s)
    lh = 1.35 * fs
    m = _margin(s)
    g = 0.1 * s
    pad = 0.3 * s

    holdings = {p: list(hand.holding(p)) for p in range(4)}
    acting = hand.to_act if hand.phase in (Phase.BIDDING, Phase.CONTRACT, Phase.PLAYING) else None
    legal: set[Domino] = set()
    if highlight_legal and hand.phase is Phase.PLAYING and hand.to_act in visible:
        legal = set(hand.legal_plays())
    buttons = _table_controls(hand, seat, controls)

    # Sizes: rows of 7 upright dominoes at top and bottom; blocks of 2 x 4 lying
    # dominoes left and right; the trick in the middle.
    cell_v = (s + 2 * m, 2 * s + 2 * m)
    cell_h = (2 * s + 2 * m, s + 2 * m)
    row_w = 7 * cell_v[0] + 6 * g
    block_w, block_h = 2 * cell_h[0] + g, 4 * cell_h[1] + 3 * g
    e = _trick_extent(s)
    tfs = fs * 0.9
    trick_h = 2 * e + 2.6 * tfs + 2 * lh
    width = 2 * pad + max(row_w, 2 * block_w + 2 * e + 2 * pad)
    mid_h = max(lh + block_h, trick_h)
    y_top = pad + 2 * lh
    y_mid = y_top + lh + cell_v[1] + pad
    y_bottom = y_mid + mid_h + pad
    height = y_bottom + lh + cell_v[1] + pad + lh

    body: list[str] = []
    words: list[str] = []

    # Header: bid, contract, shaker; points.
    if hand.bidder is None:
        line1 = "Bidding: no bid yet" if hand.phase is Phase.BIDDING else "No bid"
    else:
        line1 = f"Seat {hand.bidder} bid {bid_text(hand.high_bid)}"
        if hand.phase is Phase.BIDDING:
            line1 = f"Bidding: high bid {bid_text(hand.high_bid)} by seat {hand.bidder}"
    if hand.contract is not None:
        line1 += f" · contract: {hand.contract}"
    line1 += f" · seat {hand.shaker} shook"
    pts = hand.points
    line2 = (
        f"Points: {pts[0]} for seats 0+2, {pts[1]} for seats 1+3 · "
        f"tricks played: {len(hand.tricks)}"
    )
    if not compact:
        body.append(_text(pad, pad + fs, line1, fs, bold=True, cls="header"))
        body.append(_text(pad, pad + fs + lh, line2, fs, cls="header"))
    words.append(f"{line1}. {line2}.")
    parts: list[_Seat] = []

    def seat_label(p: int) -> tuple[str, bool]:
        parts = [f"seat {p}"]
        if seat is not None and p == seat:
            parts.append("you")
        elif seat is not None and p == partner_of(seat):
            parts.append("partner")
        if p == hand.bidder:
            parts.append("bidder")
        if p == hand.declarer and p != hand.bidder:
            parts.append("declarer")
        if p == hand.sitting_out:
            parts.append("sits out")
        if p == hand.shaker:
            parts.append("shaker")
        if p == acting:
            verb = {Phase.BIDDING: "to bid", Phase.CONTRACT: "names trumps"}
            parts.append(verb.get(hand.phase, "to play"))
        return " · ".join(parts), p == acting

    def kinds_for(p: int, items: list[Domino]) -> tuple[list[str | None], list[bool]]:
        extra = _kinds(items, highlight)
        kinds: list[str | None] = []
        dims: list[bool] = []
        for d, k in zip(items, extra, strict=True):
            acting_here = p == hand.to_act and bool(legal)
            kinds.append(k or ("legal" if acting_here and d in legal else None))
            dims.append((acting_here and d not in legal) or p == hand.sitting_out)
        return kinds, dims

    for p in range(4):
        rel = (p - bottom) % 4
        shown = p in visible
        items = holdings[p]
        tiles: list[Domino | None] = list(items) if shown else [None] * len(items)
        kinds, dims = kinds_for(p, items) if shown else ([None] * len(items), [False] * len(items))
        label, bold = seat_label(p)
        words.append(_hand_words(p, items, shown) + ("" if not shown else _legal_note(kinds)))
        if compact:
            parts.append(_Seat(rel, label, bold, tiles, list(kinds), dims,
                               _controls(items, buttons) if shown and p == seat else None,
                               shown))
            continue
        if rel in (0, 2):
            y = y_bottom if rel == 0 else y_top
            n = len(tiles)
            x0 = (width - row_w) / 2
            x = x0 + (row_w - _row_width(n, s, g, True)) / 2
            body.append(_text(x0 + m, y + 0.95 * fs, label, fs, bold=bold))
            row = _row(tiles, s, g, True, kinds, dims, show_count,
                       _controls(items, buttons) if shown and p == seat else None)
            body.append(_place(x, y + lh, row))
        else:
            x0 = pad if rel == 1 else width - pad - block_w
            if rel == 1:
                body.append(_text(x0 + m, y_mid + 0.95 * fs, label, fs, bold=bold))
            else:
                body.append(
                    _text(x0 + block_w - m, y_mid + 0.95 * fs, label, fs, anchor="end", bold=bold)
                )
            for i, d in enumerate(tiles):
                cx0 = x0 + (i % 2) * (cell_h[0] + g) + m
                cy0 = y_mid + lh + (i // 2) * (cell_h[1] + g) + m
                body.append(_place(cx0, cy0, _tile(d, s, False, kinds[i], dims[i], show_count)))

    # The trick in the middle.
    current = hand.current_trick
    # The compact layout draws the trick around the origin and moves it into place.
    cx, cy = (0.0, 0.0) if compact else (width / 2, y_mid + mid_h / 2 - lh)
    out = hand.sitting_out
    if hand.contract is not None and (current or not hand.tricks):
        leader = hand.leader
        seats = _seats_from(leader, len(current), out)
        winner = None
        if current:
            # A tie in sevens goes where the rules give it, as the hand scores it.
            winner = seats[trick_winner(current, hand.contract, seats=seats,
                                        bidding_team=hand.sevens_tie_side)]
        info = _trick_parts(
            current, seats, leader, winner, False, hand.contract, bottom, out, s, cx, cy, tfs,
            tie=hand.sevens_tie_side,
        )
        title = f"trick {len(hand.tricks) + 1}"
        caption = info.caption or f"seat {leader} to lead"
        words.append(f"Trick {len(hand.tricks) + 1}: {info.desc}")
    elif hand.tricks:
        last = hand.tricks[-1]
        info = _trick_parts(
            last.plays,
            last.seats,
            last.leader,
            last.winner,
            True,
            hand.contract,
            bottom,
            out,
            s,
            cx,
            cy,
            tfs,
            tie=hand.sevens_tie_side,
        )
        title = f"last trick (trick {len(hand.tricks)})"
        caption = f"seat {last.winner} won it: {last.points} point{'s' if last.points != 1 else ''}"
        words.append(f"Last trick (trick {len(hand.tricks)}): {info.desc}")
    else:
        info = None
        title = ""
        if hand.phase is Phase.BIDDING:
            caption = f"seat {hand.to_act} to bid"
        elif hand.phase is Phase.CONTRACT:
            caption = f"seat {hand.to_act} names trumps"
        elif hand.phase is Phase.RESHAKE:
            caption = "everyone passed: shake again"
        else:
            caption = "no trick played"
        if not compact:
            body.append(_text(cx, cy, caption, fs, anchor="middle", bold=True, cls="caption"))
    status = hand.status()
    if compact:
        captions = ([(title, tfs, False), (caption, tfs, True)] if info is not None
                    else [(caption, fs, True)])
        box = (-e, -e - 1.3 * tfs, e, e + 1.3 * tfs) if info is not None else (0, 0, 0, 0)
    if info is not None and not compact:
        body.append(info.body)
        body.append(_text(cx, cy + e + 1.3 * tfs + lh, title, tfs, anchor="middle", cls="caption"))
        body.append(
            _text(
                cx,
                cy + e + 1.3 * tfs + 2 * lh,
                caption,
                tfs,
                anchor="middle",
                bold=True,
                cls="caption",
            )
        )

    words.append(status)
    if compact:
        width, height, drawn = _compact_table(
            seats=4, s=s, header=[(line1, True), (line2, False)],
            others=[q for q in parts if q.rel], bottom=parts[bottom] if parts else None,
            trick=info.body if info is not None else "", trick_box=box, trick_room=2 * e,
            captions=captions,
            spares=[], status=status, show_count=show_count)
        body = [drawn]
    else:
        body.append(_text(pad, height - pad, status, fs, cls="status"))
    if seat is None:
        view = "all hands open"
    elif open_all:
        view = f"seen from seat {seat}, all hands open"
    else:
        view = f"seen from seat {seat}"
    title_text = f"Texas 42 table, {view}"
    return _root(
        width, height, title_text, " ".join(_sentence(w) for w in words), "".join(body),
        "table-svg", interactive=bool(buttons),
    )


def _table_controls(hand: Hand | MoonHand, seat: int | None, controls: bool | ControlSpec
                    ) -> ControlSpec:
    """The buttons of a table: ``True``, the viewing seat's dominoes when it is to play."""
    if controls is True:
        if seat is None or hand.phase is not Phase.PLAYING or hand.to_act != seat:
            return None
        assert hand.contract is not None
        return play_labels(hand.holding(seat), hand.legal_plays(), hand.current_trick,
                           hand.contract)
    return controls or None


def _legal_note(kinds: Sequence[str | None]) -> str:
    n = sum(1 for k in kinds if k == "legal")
    return f" ({n} may be played)" if n else ""


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


# -- a deal ----------------------------------------------------------------------------
def deal_svg(deal: Deal, *, size: float = 48, show_count: bool = False) -> str:
    """The hands of a deal (four at 42's table), open, one row per seat; then the widow
    and the dominoes laid aside, where the table has them."""
    s = _check_size(size)
    fs = _font(s)
    m = _margin(s)
    g = 0.1 * s
    pad = 0.25 * s
    label_w = 4.2 * fs
    cell_h = 2 * s + 2 * m
    top = pad + 1.4 * fs
    rows = [(f"seat {p}", h) for p, h in enumerate(deal.hands)]
    rows += [(name, h) for name, h in (("widow", deal.widow_set), ("aside", deal.aside)) if h]
    width = 2 * pad + label_w + _row_width(max(len(h) for _, h in rows), s, g, True)
    height = top + len(rows) * (cell_h + g) - g + pad
    body = [_text(pad, pad + fs, f"Deal {deal.code}", fs, bold=True, cls="header")]
    words = []
    for p, (name, hand) in enumerate(rows):
        items = list(hand)
        y = top + p * (cell_h + g)
        body.append(_text(pad, y + cell_h / 2 - 0.1 * fs, name, fs, bold=True))
        body.append(_text(pad, y + cell_h / 2 + 1.1 * fs, f"count {hand.count}", fs * 0.85))
        none: list[str | None] = [None] * len(items)
        body.append(
            _place(
                pad + label_w, y, _row(items, s, g, True, none, [False] * len(items), show_count)
            )
        )
        words.append(f"{name}: {hand} (count {hand.count})")
    desc = f"Deal {deal.code}. " + "; ".join(words) + "."
    return _root(width, height, f"Deal {deal.code}", desc, "".join(body), "deal-svg")


# -- the ALL tally --------------------------------------------------------------------------
_STROKE_WORDS = (
    "A: left leg /",
    "A: right leg \\",
    "A: crossbar -",
    "first L: upright |",
    "first L: foot _",
    "second L: upright |",
    "second L: foot _",
)


def tally_svg(marks: int, *, size: float = 48, label: str | None = None) -> str:
    """The score-sheet tally of ``marks``: seven strokes spell "ALL" (A: / \\ -,
    each L: | _); the strokes not yet earned are drawn faint and dashed."""
    drawn = len(tally(marks))  # checks marks, stops at seven like the score sheet
    h = _check_size(size)
    k = h / 48
    fs = _font(h)
    pad = 0.3 * h
    a_w, l_w, space = 0.75 * h, 0.5 * h, 0.28 * h
    x_a = pad
    x_l1 = x_a + a_w + space
    x_l2 = x_l1 + l_w + space
    top = pad
    bottom = top + h
    lines = (
        (x_a, bottom, x_a + a_w / 2, top),
        (x_a + a_w / 2, top, x_a + a_w, bottom),
        (x_a + 0.25 * a_w, top + 0.58 * h, x_a + 0.75 * a_w, top + 0.58 * h),
        (x_l1, top, x_l1, bottom),
        (x_l1, bottom, x_l1 + l_w, bottom),
        (x_l2, top, x_l2, bottom),
        (x_l2, bottom, x_l2 + l_w, bottom),
    )
    body = []
    for i, (x1, y1, x2, y2) in enumerate(lines):
        if i < drawn:
            look = f'class="stroke drawn" stroke="{_INK}" stroke-width="{_n(0.09 * h)}"'
        else:
            look = (
                f'class="stroke faint" stroke="{_INK}" stroke-opacity="0.22" '
                f'stroke-width="{_n(0.05 * h)}" stroke-dasharray="{_n(5 * k)} {_n(5 * k)}"'
            )
        body.append(
            f'<line {look} data-stroke="{i + 1}" x1="{_n(x1)}" y1="{_n(y1)}" '
            f'x2="{_n(x2)}" y2="{_n(y2)}" stroke-linecap="round"/>'
        )
    width = x_l2 + l_w + pad
    height = bottom + pad
    if label:
        width = max(width, 0.6 * fs * len(label) + 2 * pad)
        body.append(_text(width / 2, height + 0.7 * fs, label, fs, anchor="middle"))
        height += 1.3 * fs
    title = f"{marks} mark{'s' if marks != 1 else ''}"
    if drawn:
        done = "; ".join(_STROKE_WORDS[:drawn])
        desc = f"{title} on the score sheet: {drawn} of the 7 strokes that spell ALL ({done})"
    else:
        desc = f"{title} on the score sheet: none of the 7 strokes that spell ALL"
    if drawn == 7:
        desc += "; ALL is complete, the game is won"
    if label:
        desc = f"{label}: {desc}"
    return _root(width, height, title, desc + ".", "".join(body), "tally-svg")


# -- the table of any number of seats ------------------------------------------------------
def _round_spot(rel: int, seats: int, cx: float, cy: float, rx: float, ry: float
                ) -> tuple[float, float]:
    """A point of the oval around (cx, cy): seat ``rel`` places clockwise from the
    bottom (on the screen: bottom, left, top, right)."""
    theta = math.pi / 2 + 2 * math.pi * rel / seats
    return cx + rx * math.cos(theta), cy + ry * math.sin(theta)


def round_table_svg(
    hand: Hand,
    *,
    seat: int | None = None,
    show_all: bool | None = None,
    highlight_legal: bool = True,
    highlight: HighlightSpec = None,
    size: float = 36,
    controls: bool | ControlSpec = False,
    compact: bool = False,
) -> str:
    """The table of a hand at any number of seats (three-hand 42, Moon for many ...):
    each hand at its place around an oval, clockwise from the bottom, the trick in the
    middle (each domino in front of the seat that played it), the widow, discard or
    dominoes laid aside, the bid, trumps and what each side took. ``seat``, ``show_all``,
    ``highlight_legal``, ``highlight``, ``controls`` and ``compact`` as in :func:`table_svg`.
    """
    n = hand.seats
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < n):
        raise ValueError(f"seat {seat!r} is not a seat 0..{n - 1}")
    s = _check_size(size)
    rules = hand.rules
    open_all = (seat is None) if show_all is None else show_all
    visible = set(range(n)) if open_all else ({seat} if seat is not None else set())
    bottom = 0 if seat is None else seat
    fs, lh, m, g, pad = _font(s), 1.35 * _font(s), _margin(s), 0.1 * s, 0.3 * s
    cell_h = 2 * s + 2 * m
    acting = hand.to_act if not hand.is_over else None
    legal: set[Domino] = set()
    if highlight_legal and hand.phase is Phase.PLAYING and hand.to_act in visible:
        legal = set(hand.legal_plays())
    buttons = _table_controls(hand, seat, controls)
    body: list[str] = []
    words: list[str] = [f"{rules.name} table, {n} seats"]

    if hand.bidder is None:
        line1 = "Bidding: no bid yet" if hand.phase is Phase.BIDDING else "No bid"
    else:
        high = hand.high_bid
        if rules.bidding != "tricks":
            bid = bid_text(high)
        else:
            bid = f"shoot the moon ({high})" if high == rules.moon_bid else f"{high} tricks"
        line1 = f"Seat {hand.bidder} bid {bid}"
        if hand.phase is Phase.BIDDING:
            line1 = f"Bidding: high bid {bid} by seat {hand.bidder}"
    if hand.contract is not None:
        line1 += f" · trumps: {hand.contract}"
    line1 += f" · seat {hand.shaker} shook"
    taken = hand.tricks_won if rules.bidding == "tricks" else hand.points
    what = "Tricks taken" if rules.bidding == "tricks" else "Points"
    if rules.sides == "partners":
        line2 = f"{what}: seats 0+2 {taken[0]}, seats 1+3 {taken[1]}"
    else:
        line2 = f"{what}: " + ", ".join(f"seat {p} {taken[p]}" for p in range(n))
    status = hand.status()

    # What is not in a hand: the widow (or the discard), the dominoes laid aside.
    spares: list[tuple[str, list[Domino], bool]] = []
    if hand.discards:
        spares.append(("the bidder's discard", list(hand.discards),
                       open_all or hand.is_over or seat == hand.bidder))
    elif rules.widow and hand.phase is Phase.BIDDING:
        spares.append(("the widow", list(hand.deal.widow_set), open_all))
    if rules.aside:
        spares.append(("laid aside", list(hand.deal.aside), open_all))

    # The trick in the middle (or the last one), each domino before its seat.
    current = hand.current_trick
    if hand.contract is not None and (current or not hand.tricks):
        seats = list(hand._trick_seats)
        plays = current
        winner = seats[tables(hand.contract).best(current)] if current else None
        caption = (f"trick {len(hand.tricks) + 1}: seat {winner} winning so far"
                   if winner is not None else f"seat {hand.leader} to lead")
    elif hand.tricks:
        last = hand.tricks[-1]
        seats, plays, winner = list(last.seats), list(last.plays), last.winner
        caption = f"last trick (trick {len(hand.tricks)}): seat {winner} won it"
    else:
        seats, plays, winner = [], [], None
        step = "lays aside" if hand.next_action == "discard" else "names trumps"
        caption = {Phase.BIDDING: f"seat {hand.to_act} to bid",
                   Phase.CONTRACT: f"seat {hand.to_act} {step}",
                   Phase.RESHAKE: "everyone passed: shake again"}.get(hand.phase, "")

    # Sizes. The seat at the bottom holds its dominoes in one row; the others in rows of
    # four (a narrow table: a phone's 390 px). The trick lies on a small oval in the
    # middle, the hands on a large one around it, grown until no two touch.
    def text_w(text: str) -> float:
        return 0.58 * fs * len(text)

    most = rules.hand_size + rules.widow
    per_row = 4
    side_rows = -(-most // per_row)
    label_w = text_w("seat 6 · bidder · shaker · to play")
    bottom_w = max(_row_width(most, s, g, True), label_w)
    bottom_h = lh + cell_h
    side_w = max(_row_width(min(most, per_row), s, g, True), label_w)
    side_h = lh + side_rows * cell_h + (side_rows - 1) * g
    tx, ty = 1.6 * s, 1.5 * s
    trick_w = max(2 * tx + s, text_w(caption)) + 2 * pad
    trick_box = (-trick_w / 2, -ty - s - pad, trick_w / 2, ty + s + 1.4 * fs + lh)

    def boxes(rx: float, ry: float) -> list[tuple[float, float, float, float]]:
        out = []
        for rel in range(n):
            x, y = _round_spot(rel, n, 0.0, 0.0, rx, ry)
            w, h = (bottom_w, bottom_h) if rel == 0 else (side_w, side_h)
            out.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        return out

    def apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return (a[2] + pad <= b[0] or b[2] + pad <= a[0]
                or a[3] + pad <= b[1] or b[3] + pad <= a[1])

    # From the least that keeps the bottom hand off the trick, each step a little wider.
    rx, ry = side_w / 2, bottom_h / 2 + trick_box[3] + pad
    for _ in range(80):
        placed = boxes(rx, ry)
        if all(apart(a, b) for i, a in enumerate(placed) for b in placed[i + 1:]) and all(
                apart(a, trick_box) for a in placed):
            break
        rx, ry = rx * 1.06, ry * 1.03
    placed = [*boxes(rx, ry), trick_box]
    x_min, x_max = min(b[0] for b in placed), max(b[2] for b in placed)
    y_min, y_max = min(b[1] for b in placed), max(b[3] for b in placed)
    spare_w = sum(_row_width(len(items), s, g, True) + 2 * pad for _, items, _ in spares)
    texts_w = max(text_w(line1), text_w(line2), text_w(status))
    width = max(x_max - x_min, spare_w, texts_w) + 2 * pad
    header = pad + 2 * lh
    cx = (width - (x_max - x_min)) / 2 - x_min
    cy = header + pad - y_min
    spare_row = (lh + cell_h + pad) if spares else 0
    height = cy + y_max + pad + spare_row + 1.5 * lh

    if not compact:
        body.append(_text(pad, pad + fs, line1, fs, bold=True, cls="header"))
        body.append(_text(pad, pad + fs + lh, line2, fs, cls="header"))
    words += [line1, line2]
    hands: list[_Seat] = []

    for p in range(n):
        rel = (p - bottom) % n
        shown = p in visible
        items = list(hand.holding(p))
        tiles: list[Domino | None] = list(items) if shown else [None] * len(items)
        extra = _kinds(items, highlight) if shown else [None] * len(items)
        acting_here = shown and p == hand.to_act and bool(legal)
        kinds = [k or ("legal" if acting_here and d in legal else None)
                 for d, k in zip(items, extra, strict=True)]
        dims = [acting_here and d not in legal for d in items]
        parts = [f"seat {p}"] + (["you"] if seat == p else [])
        parts += ["bidder"] * (p == hand.bidder) + ["shaker"] * (p == hand.shaker)
        if p == acting:
            parts.append({"bid": "to bid", "discard": "lays aside", "contract": "names trumps"}
                         .get(hand.next_action or "", "to play"))
        words.append(_hand_words(p, items, shown) + (_legal_note(kinds) if shown else ""))
        if compact:
            hands.append(_Seat(rel, " · ".join(parts), p == acting, tiles, kinds, dims,
                               _controls(items, buttons) if shown and p == seat and buttons
                               else None, shown))
            continue
        x, y = _round_spot(rel, n, cx, cy, rx, ry)
        cut = len(items) if rel == 0 else per_row
        rows = [slice(i, i + cut) for i in range(0, max(len(items), 1), max(cut, 1))]
        w = _row_width(min(len(items), cut), s, g, True)
        y0 = y - (bottom_h if rel == 0 else side_h) / 2
        label = " · ".join(parts)
        body.append(_text(x - max(w, text_w(label)) / 2 + m, y0 + 0.95 * fs, label, fs,
                          bold=p == acting))
        for r, part in enumerate(rows):
            row = _row(tiles[part], s, g, True, kinds[part], dims[part], False,
                       _controls(items, buttons)[part] if shown and p == seat and buttons
                       else None)
            body.append(_place(x - w / 2, y0 + lh + r * (cell_h + g), row))

    y_spare = cy + y_max + pad + lh
    x_spare = pad
    for label, items, shown in spares:
        words.append(f"{label.capitalize()}: "
                     + (" ".join(map(str, items)) if shown else "face down"))
        if compact:
            continue
        body.append(_text(x_spare + m, y_spare - 0.2 * fs, label, 0.9 * fs, bold=True))
        faces: list[Domino | None] = list(items) if shown else [None] * len(items)
        none = [None] * len(items)
        body.append(_place(x_spare, y_spare, _row(faces, s, g, True, none,
                                                  [False] * len(items), False)))
        x_spare += _row_width(len(items), s, g, True) + 2 * pad

    # The compact layout draws the trick around the origin and moves it into place.
    ox, oy = (0.0, 0.0) if compact else (cx, cy)
    trick = []
    for p, d in zip(seats, plays, strict=True):
        x, y = _round_spot((p - bottom) % n, n, ox, oy, tx, ty)
        tile = _tile(d, s, True, "winner" if p == winner else None, False, False)
        trick.append(_place(x - s / 2, y - s, tile))
    if plays:
        words.append("Trick: " + "; ".join(f"seat {p} played {d}"
                                           for p, d in zip(seats, plays, strict=True)))
    words.append(caption)
    words.append(status)
    if compact:
        reach = (tx + s / 2 + m, ty + s + m)
        width, height, drawn = _compact_table(
            seats=n, s=s, header=[(line1, True), (line2, False)],
            others=[q for q in hands if q.rel], bottom=hands[bottom],
            trick="".join(trick), trick_box=(-reach[0], -reach[1], reach[0], reach[1]),
            trick_room=2 * reach[0],
            captions=[(caption, fs, True)] if caption else [], spares=spares, status=status,
            show_count=False)
        body = [drawn]
    else:
        body += trick
        body.append(_text(cx, cy + ty + s + 1.4 * fs, caption, fs, anchor="middle", bold=True,
                          cls="caption"))
        body.append(_text(pad, height - pad, status, fs, cls="status"))
    view = ("all hands open" if seat is None
            else f"seen from seat {seat}" + (", all hands open" if open_all else ""))
    name = rules.name[:1].upper() + rules.name[1:]
    return _root(width, height, f"{name} table of {n}, {view}",
                 " ".join(_sentence(w) for w in words if w), "".join(body),
                 "table-svg round-table-svg", interactive=bool(buttons))


# -- course diagrams: the seats, following and winning, the cycle of a hand, made or set ------
_SEAT_INK = ("#0072B2", "#D55E00")  # Okabe-Ito blue (team 0) and vermillion (team 1)
_PANEL = "#FFFFFF"
_FELT = "#CFE0CF"


def _wrap_text(text: str, chars: int) -> list[str]:
    """Words of ``text`` in lines of at most ``chars`` characters (longer words alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _text_block(
    cx: float, top: float, lines: Sequence[str], fs: float, *, bold_first: bool = False
) -> str:
    """Centred lines of text, the first baseline one line below ``top``."""
    lh = 1.3 * fs
    return "".join(
        _text(cx, top + fs + i * lh, line, fs, anchor="middle", bold=bold_first and i == 0)
        for i, line in enumerate(lines)
    )


def _arrow_defs(uid: str, colour: str = _INK) -> str:
    return (
        f'<defs><marker id="{uid}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0 0 L10 5 L0 10 z" fill="{colour}"/></marker></defs>'
    )


def _arrow(x1: float, y1: float, x2: float, y2: float, uid: str, cls: str = "arrow") -> str:
    return (
        f'<line class="{cls}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
        f'stroke="{_INK}" stroke-width="2" marker-end="url(#{uid})"/>'
    )


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def seating_svg(
    *, shaker: int = 0, rules: Rules = STANDARD, deal: Deal | None = None, size: float = 48
) -> str:
    """The four seats around the table: partners across (seats 0+2 and 1+3), play
    clockwise (arrows), the shaker and the first bidder marked, and every seat's turn
    in the auction. Who bids first comes from :attr:`texas42.Hand.bidding_order`
    (under some rules it depends on the ``deal``: a seeded one is used when none is
    given). Seat 0 sits at the bottom, as in :func:`table_svg`."""
    if isinstance(shaker, bool) or not isinstance(shaker, int) or not 0 <= shaker < 4:
        raise ValueError(f"shaker {shaker!r} is not a seat 0..3")
    s = _check_size(size)
    k = s / 48
    fs = _font(s)
    order = Hand(deal or Deal.from_seed(0), shaker=shaker, rules=rules).bidding_order
    first = order[0]
    w = h = 460 * k
    cx, cy = w / 2, h / 2
    table = 150 * k
    r_seat = 38 * k
    ring = 168 * k  # the seats' centres, from the middle
    arrow_uid = _new_id()
    spots = {0: (cx, cy + ring), 1: (cx - ring, cy), 2: (cx, cy - ring), 3: (cx + ring, cy)}
    body = [_arrow_defs(arrow_uid)]
    body.append(
        f'<rect class="table-top" x="{_n(cx - table / 2)}" y="{_n(cy - table / 2)}" '
        f'width="{_n(table)}" height="{_n(table)}" rx="{_n(14 * k)}" fill="{_FELT}" '
        f'stroke="{_TILE_EDGE}" stroke-width="1.5"/>'
    )
    # Partners: a line across the table for each team (solid for 0+2, dashed for 1+3).
    for team, (a, b) in enumerate(((0, 2), (1, 3))):
        (x1, y1), (x2, y2) = spots[a], spots[b]
        dash = "" if team == 0 else f' stroke-dasharray="{_n(8 * k)} {_n(6 * k)}"'
        if team == 0:
            y1, y2 = y1 - r_seat, y2 + r_seat
        else:
            x1, x2 = x1 + r_seat, x2 - r_seat
        body.append(
            f'<line class="partners team-{team}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" '
            f'y2="{_n(y2)}" stroke="{_SEAT_INK[team]}" stroke-width="{_n(3 * k)}"{dash}/>'
        )
    body.append(_text(cx - 6 * k, cy - table / 4, "partners", fs * 0.85, anchor="end"))
    body.append(_text(cx + 6 * k, cy + table / 4 + fs, "sit across", fs * 0.85))
    # Clockwise arrows between neighbouring seats, on the ring around the table.
    for seat in range(4):
        nxt = (seat + 1) % 4
        a0 = math.radians(90 + 90 * seat + 22)  # seat 0 at the bottom (90 degrees), clockwise
        a1 = math.radians(90 + 90 * nxt - 22)
        x1, y1 = cx + ring * math.cos(a0), cy + ring * math.sin(a0)
        x2, y2 = cx + ring * math.cos(a1), cy + ring * math.sin(a1)
        body.append(
            f'<path class="arrow clockwise" d="M{_n(x1)} {_n(y1)} A{_n(ring)} {_n(ring)} 0 0 1 '
            f'{_n(x2)} {_n(y2)}" fill="none" stroke="{_INK}" stroke-width="2" '
            f'marker-end="url(#{arrow_uid})"/>'
        )
    body.append(_text(w - 8 * k, h - 10 * k, "play goes clockwise", fs * 0.9, anchor="end"))
    for seat, (x, y) in spots.items():
        team = team_of(seat)
        fill = _SEAT_INK[team]
        body.append(
            f'<g class="seat team-{team}" data-seat="{seat}">'
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r_seat)}" fill="{_PANEL}" '
            f'stroke="{fill}" stroke-width="{_n(4 * k)}"'
            + ("" if team == 0 else f' stroke-dasharray="{_n(7 * k)} {_n(4 * k)}"')
            + "/>"
            + _text(x, y - 0.05 * fs, f"Seat {seat}", fs, anchor="middle", bold=True)
            + _text(x, y + 1.1 * fs, f"bids {_ordinal(order.index(seat) + 1)}", fs * 0.8,
                    anchor="middle")
            + "</g>"
        )
    # The shaker's and the first bidder's tags, on the outside of their seats.
    for seat, word, cls in ((shaker, "shaker", "shaker-tag"), (first, "bids first", "first-tag")):
        x, y = spots[seat]
        tw, th = (0.62 * fs * len(word) + 12 * k), 1.5 * fs
        if seat in (0, 2):  # beside the seat, towards the right
            tx, ty = x + r_seat + 6 * k, y - th / 2
        else:  # above the seat
            tx, ty = x - tw / 2, y - r_seat - th - 6 * k
        if cls == "first-tag" and seat == shaker:
            ty += th + 4 * k
        dark = cls == "shaker-tag"
        body.append(
            f'<g class="{cls}"><rect x="{_n(tx)}" y="{_n(ty)}" width="{_n(tw)}" height="{_n(th)}" '
            f'rx="{_n(th / 2)}" fill="{_INK if dark else _PANEL}" stroke="{_INK}" '
            'stroke-width="1.5"/>'
            f'<text class="label" x="{_n(tx + tw / 2)}" y="{_n(ty + th * 0.7)}" '
            f'font-size="{_n(fs * 0.85)}" text-anchor="middle" '
            f'fill="{_PANEL if dark else _INK}" font-weight="700">{_esc(word)}</text></g>'
        )
    where = {0: "bottom", 1: "left", 2: "top", 3: "right"}
    title = f"The table: seat {shaker} shakes, seat {first} bids first"
    first_words = (
        f"seat {first}, on the shaker's left, bids first"
        if first == (shaker + 1) % 4
        else f"seat {first} bids first"
    )
    desc = (
        "Four seats around a table, numbered clockwise: "
        + ", ".join(f"seat {p} at the {where[p]}" for p in range(4))
        + ". Partners sit across the table: seats 0 and 2 are one team, seats 1 and 3 the "
        f"other. Play goes clockwise. Seat {shaker} shakes; {first_words}, and the auction "
        "goes on clockwise: " + ", ".join(f"seat {p}" for p in order) + "."
    )
    return _root(w, h, title, desc, "".join(body), "seating-svg")


def following_svg(*, size: float = 48) -> str:
    """A flowchart of one trick: what was led, must I follow, and who wins."""
    s = _check_size(size)
    k = s / 48
    fs = _font(s) * 0.95
    lh = 1.3 * fs
    w = 440 * k
    pad = 12 * k
    arrow_uid = _new_id()
    body = [_arrow_defs(arrow_uid)]
    y = pad

    def box(x: float, top: float, width: float, text: str, *, cls: str, bold: bool = False,
            decision: bool = False) -> float:
        chars = max(8, int((width - 20 * k) / (0.6 * fs)))
        rows = _wrap_text(text, chars)
        height = len(rows) * lh + 0.8 * fs
        cxb = x + width / 2
        if decision:  # a question: a box with cut corners (a stretched diamond)
            c = min(16 * k, height / 2)
            pts = (
                f"{_n(x + c)},{_n(top)} {_n(x + width - c)},{_n(top)} "
                f"{_n(x + width)},{_n(top + height / 2)} {_n(x + width - c)},{_n(top + height)} "
                f"{_n(x + c)},{_n(top + height)} {_n(x)},{_n(top + height / 2)}"
            )
            body.append(
                f'<polygon class="{cls}" points="{pts}" fill="#FFF4D6" stroke="{_INK}" '
                'stroke-width="1.5"/>'
            )
        else:
            body.append(
                f'<rect class="{cls}" x="{_n(x)}" y="{_n(top)}" width="{_n(width)}" '
                f'height="{_n(height)}" rx="{_n(8 * k)}" fill="{_PANEL}" stroke="{_INK}" '
                'stroke-width="1.5"/>'
            )
        body.append(_text_block(cxb, top + 0.2 * fs, rows, fs, bold_first=bold))
        return top + height

    full = w - 2 * pad
    half = (full - 16 * k) / 2
    left_x, right_x = pad, pad + half + 16 * k
    steps: list[str] = []

    def branches(top: float, y: float, yes: str, no: str, *, winner: bool = False) -> float:
        """The Yes (left) and No (right) answers under a question; the lower bottom."""
        ends = []
        for x, word, rest in ((left_x, "Yes", yes), (right_x, "No", no)):
            body.append(_arrow(x + half / 2, top, x + half / 2, y - 2, arrow_uid))
            body.append(_text(x + half / 2 + 6 * k, top + 20 * k, word, fs, bold=True))
            cls = f"step {word.lower()}" + (" winner" if winner else "")
            ends.append(box(x, y, half, rest, cls=cls, bold=winner))
            steps.append(f"{word}: {rest}")
        return max(ends)

    text = "1. The first domino played is the lead. It sets the suit led: trumps if it is a "
    text += "trump, else its higher end (a double: its number)."
    bottom = box(pad, y, full, text, cls="step lead")
    steps.append(text)
    y = bottom + 26 * k
    body.append(_arrow(w / 2, bottom, w / 2, y - 2, arrow_uid))
    text = "2. Your turn: do you hold a domino of the suit led?"
    bottom = box(pad, y, full, text, cls="step question", decision=True)
    steps.append(text)
    y = bottom + 34 * k
    bottom = branches(bottom, y, "You must play one of them (any one you like).",
                      "Play any domino: a trump, to try to win, or any other one.")
    y = bottom + 26 * k
    for x in (left_x, right_x):
        body.append(_arrow(x + half / 2, bottom, w / 2 + (x - w / 2) * 0.25, y - 2, arrow_uid))
    text = "3. After all four have played: was a trump played?"
    bottom = box(pad, y, full, text, cls="step question", decision=True)
    steps.append(text)
    y = bottom + 34 * k
    bottom = branches(bottom, y, "The highest trump wins the trick.",
                      "The highest domino of the suit led wins.", winner=True)
    y = bottom + 26 * k
    for x in (left_x, right_x):
        body.append(_arrow(x + half / 2, bottom, w / 2 + (x - w / 2) * 0.25, y - 2, arrow_uid))
    text = "4. The winner takes the trick and its count, and leads the next trick."
    bottom = box(pad, y, full, text, cls="step next")
    steps.append(text)
    h = bottom + pad
    desc = "A flowchart of one trick. " + " ".join(steps)
    return _root(w, h, "Following suit and winning a trick", desc, "".join(body),
                 "flowchart-svg following-svg")


def hand_cycle_svg(*, rules: Rules = STANDARD, size: float = 48) -> str:
    """The cycle of a hand: shake, bid, name trumps, play seven tricks, score, and
    the next player shakes. Who bids first and what happens when all pass are
    taken from ``rules``."""
    s = _check_size(size)
    k = s / 48
    fs = _font(s) * 0.9
    lh = 1.3 * fs
    first = (
        "left of the shaker first, the shaker last"
        if rules.first_bidder == "left-of-shaker"
        else "the holder of 1-0 first"
    )
    all_pass = (
        "if all pass, the shaker must bid"
        if rules.all_pass == "forced"
        else "if all pass, shake again"
    )
    steps = (
        ("1. Shake", "the shaker mixes the dominoes; each player draws 7"),
        ("2. Bid", f"once each, {first}; {all_pass}"),
        ("3. Name trumps", "the high bidder names them (or follow-me)"),
        ("4. Play seven tricks", "the bidder leads the first; each winner leads the next"),
        ("5. Score", "made or set: the hand's marks are written down"),
    )
    w, h = 480 * k, 480 * k
    cx, cy = w / 2, h / 2 + 10 * k
    ring = 160 * k
    bw = 146 * k
    arrow_uid = _new_id()
    body = [_arrow_defs(arrow_uid)]
    angles = [-90 + 72 * i for i in range(5)]
    centres = [
        (cx + ring * math.cos(math.radians(a)), cy + ring * math.sin(math.radians(a)))
        for a in angles
    ]
    # Arrows first (under the boxes): from each step to the next, along the ring.
    for i in range(5):
        a0, a1 = math.radians(angles[i] + 25), math.radians(angles[i] + 72 - 25)
        x1, y1 = cx + ring * math.cos(a0), cy + ring * math.sin(a0)
        x2, y2 = cx + ring * math.cos(a1), cy + ring * math.sin(a1)
        cls = "arrow next-hand" if i == 4 else "arrow"
        body.append(
            f'<path class="{cls}" d="M{_n(x1)} {_n(y1)} A{_n(ring)} {_n(ring)} 0 0 1 '
            f'{_n(x2)} {_n(y2)}" fill="none" stroke="{_INK}" stroke-width="2.5" '
            f'marker-end="url(#{arrow_uid})"/>'
        )
    for (name, words), (x, y) in zip(steps, centres, strict=True):
        heads = _wrap_text(name, int((bw - 12 * k) / (0.62 * fs)))
        rows = _wrap_text(words, int((bw - 12 * k) / (0.55 * fs)))
        bh = (len(heads) + len(rows)) * lh + 0.7 * fs
        top = y - bh / 2 + 0.1 * fs
        body.append(
            f'<g class="step"><rect x="{_n(x - bw / 2)}" y="{_n(y - bh / 2)}" width="{_n(bw)}" '
            f'height="{_n(bh)}" rx="{_n(8 * k)}" fill="{_PANEL}" stroke="{_INK}" '
            'stroke-width="1.5"/>'
            + "".join(
                _text(x, top + fs + i * lh, head, fs, anchor="middle", bold=True)
                for i, head in enumerate(heads)
            )
            + _text_block(x, top + len(heads) * lh, rows, fs)
            + "</g>"
        )
    middle = ["Next hand:", "the player on the", "shaker's left shakes"]
    body.append(_text_block(cx, cy - 1.9 * lh, middle, fs * 1.05, bold_first=True))
    body.append(_text(cx, cy + 1.6 * lh, "(the shake passes", fs * 0.9, anchor="middle"))
    body.append(_text(cx, cy + 2.6 * lh, "one seat clockwise)", fs * 0.9, anchor="middle"))
    desc = (
        "The cycle of a hand, in five steps around a circle: "
        + " ".join(f"{name}: {words}." for name, words in steps)
        + " Then the next hand starts: the player on the shaker's left shakes, so the "
        "shake passes one seat clockwise, and the cycle begins again."
    )
    return _root(w, h, "The cycle of a hand", desc, "".join(body), "cycle-svg")


def made_set_svg(
    bid: int = 30, *, result: Result | None = None, rules: Rules = STANDARD, size: float = 48
) -> str:
    """A number line of the bidders' points, 0 to 42: below the bid the hand is set,
    from the bid up it is made, labelled with what each side scores (the engine's
    scoring for ``rules``). ``result`` (a finished hand's :class:`texas42.Result`,
    for the same bid) is marked on the line where that hand ended."""
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < 30 or (
        bid > 42 and bid % 42
    ):
        raise ValueError(f"bid {bid!r} is not a bid of 30..42 or a mark bid")
    if result is not None and result.bid != bid:
        raise ValueError(f"the result is for a bid of {result.bid}, not {bid}")
    s = _check_size(size)
    k = s / 48
    fs = _font(s) * 0.9
    need = min(bid, 42)
    sixes = Contract.parse("sixes")
    made = _score(0, bid, sixes, (need, 42 - need), True, 7, rules)
    set_ = _score(0, bid, sixes, (need - 1, 43 - need), False, 7, rules)

    def says(r: Result) -> str:
        if any(r.marks):
            team = 0 if r.marks[0] else 1
            n = r.marks[team]
            who = "the bidders" if team == 0 else "the opponents"
            return f"{who} score {n} mark{'s' if n != 1 else ''}"
        return f"the bidders score {r.score[0]}, the opponents {r.score[1]}"

    made_words, set_words = says(made), says(set_)
    w = 460 * k
    pad = 22 * k
    x0, x1 = pad, w - pad
    unit = (x1 - x0) / 42

    def x_of(p: float) -> float:
        return x0 + p * unit

    y_line = 74 * k
    bar = 20 * k
    body = [
        _text(pad, 22 * k, f"Bid {bid_text(bid)}: the bidders' points at the end of the hand",
              fs, bold=True),
        # set: 0 .. need-1, hatched with a dashed outline; made: need .. 42, solid.
        f'<rect class="set-zone" x="{_n(x_of(0))}" y="{_n(y_line - bar)}" '
        f'width="{_n(x_of(need - 0.5) - x_of(0))}" height="{_n(bar)}" fill="#F4D0BF" '
        f'stroke="{_SEAT_INK[1]}" stroke-width="2" stroke-dasharray="{_n(6 * k)} {_n(4 * k)}"/>',
        f'<rect class="made-zone" x="{_n(x_of(need - 0.5))}" y="{_n(y_line - bar)}" '
        f'width="{_n(x_of(42) - x_of(need - 0.5))}" height="{_n(bar)}" fill="{_SEAT_INK[0]}" '
        f'stroke="{_SEAT_INK[0]}" stroke-width="2"/>',
        f'<line class="axis" x1="{_n(x0)}" y1="{_n(y_line)}" x2="{_n(x1)}" y2="{_n(y_line)}" '
        f'stroke="{_INK}" stroke-width="2"/>',
    ]
    ticks = sorted({0, 10, 20, need - 1, need, 42} - ({20} if need - 1 < 24 else set()))
    if need == 42:
        ticks.remove(41)
    for p in range(43):
        tall = p in ticks
        body.append(
            f'<line class="tick" x1="{_n(x_of(p))}" y1="{_n(y_line)}" x2="{_n(x_of(p))}" '
            f'y2="{_n(y_line + (8 if tall else 4) * k)}" stroke="{_INK}" stroke-width="1"/>'
        )
    for p in ticks:
        anchor = "end" if p == need - 1 else "start" if p == need < 42 else "middle"
        body.append(_text(x_of(p), y_line + 8 * k + fs, str(p), fs * 0.95, anchor=anchor))
    y_lab = y_line + 8 * k + 2.7 * fs
    made_label = f"{need} or more: made" if need < 42 else "42: made"
    body.append(
        '<g class="set-label">'
        + _text(x0, y_lab, f"0 to {need - 1}: set", fs, bold=True)
        + _text(x0, y_lab + 1.25 * fs, set_words, fs * 0.9)
        + "</g>"
    )
    body.append(
        '<g class="made-label">'
        + _text(x1, y_lab + 2.8 * fs, made_label, fs, anchor="end", bold=True)
        + _text(x1, y_lab + 4.05 * fs, made_words, fs * 0.9, anchor="end")
        + "</g>"
    )
    y_end = y_lab + 5.8 * fs
    body.append(
        _text(pad, y_end, f"The opponents set the bid as soon as they have {43 - need} "
              f"point{'s' if need < 42 else ''} (42 - {need - 1}).", fs * 0.9)
    )
    y_end += 1.4 * fs
    desc = (
        f"A number line of the bidders' points, 0 to 42, for a bid of {bid_text(bid)}. "
        f"From 0 to {need - 1} points the bid is set: {set_words}. "
        f"{made_label[0].upper()}{made_label[1:]}: {made_words}. "
        f"The opponents set the bid as soon as they have {43 - need} "
        f"point{'s' if need < 42 else ''}."
    )
    title = f"Made or set: a bid of {bid_text(bid)}"
    if result is not None:
        p = result.points[result.bidding_team]
        if result.made != (p >= need):
            raise ValueError("the result does not agree with the number line")
        verdict = "made" if result.made else "set"
        xm = x_of(p)
        body.append(
            f'<g class="this-hand"><path d="M{_n(xm)} {_n(y_line - bar - 2)} '
            f'l{_n(-8 * k)} {_n(-13 * k)} h{_n(16 * k)} z" fill="{_INK}"/>'
            + _text(
                min(max(xm, pad + 60 * k), w - pad - 60 * k),
                y_line - bar - 17 * k,
                f"this hand: {p}, {verdict}",
                fs * 0.9,
                anchor="middle",
                bold=True,
            )
            + "</g>"
        )
        desc += (
            f" Marked on the line: the hand shown, where the bidders had {p} points when "
            f"it was decided, so the bid was {verdict}."
        )
        title += f", this hand {verdict} with {p}"
    return _root(w, y_end + 10 * k, title, desc, "".join(body), "made-set-svg")
