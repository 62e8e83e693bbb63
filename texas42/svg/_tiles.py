"""The pieces every picture of dominoes is made of: one domino (its tile, pips, highlight
outline and marker, cached by size), rows of dominoes, and reading the options that say
which dominoes are highlighted, dimmed or drawn as buttons."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from ..dominoes import DOMINOES, Domino, DominoLike, DominoSet, to_domino
from ..errors import InputError, NotationError, quote
from .draw import BACK, BACK_LINE, DIM_OPACITY, INK, TILE, TILE_EDGE, escape, margin, num, shifted

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


def _check_kind(kind: str | None) -> str | None:
    if kind is not None and kind not in _STYLES:
        raise InputError(f"{quote(kind)} is not a highlight: use one of {', '.join(HIGHLIGHTS)}",
                         rule="highlight")
    return kind


def _words(d: Domino) -> str:
    """``"six-four, count 10"``, ``"double six"``."""
    return _WORDS[d.index]


_WORDS = tuple(f"{d.name}, count {d.count}" if d.count else d.name for d in DOMINOES)


# -- one domino (cached fragments, drawn with the tile's top-left corner at 0,0) -----------
def _marker(kind: str, style: _Style, cx: float, cy: float, r: float, k: float) -> str:
    c = style.colour
    ring = (
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="#FFFFFF" '
        f'stroke="{c}" stroke-width="{num(1.5 * k)}"/>'
    )
    if kind == "star":
        pts = " ".join(f"{num(cx + 0.8 * r * u)},{num(cy + 0.8 * r * v)}" for u, v in _STAR)
        shape = f'<polygon points="{pts}" fill="{c}" stroke="{INK}" stroke-width="{num(0.6 * k)}"/>'
    elif kind == "cross":
        a = 0.45 * r
        shape = (
            f'<path d="M {num(cx - a)} {num(cy - a)} L {num(cx + a)} {num(cy + a)} '
            f'M {num(cx - a)} {num(cy + a)} L {num(cx + a)} {num(cy - a)}" '
            f'stroke="{c}" stroke-width="{num(0.32 * r)}" stroke-linecap="round"/>'
        )
    elif kind == "diamond":
        a = 0.62 * r
        shape = (
            f'<polygon points="{num(cx)},{num(cy - a)} {num(cx + a)},{num(cy)} '
            f'{num(cx)},{num(cy + a)} {num(cx - a)},{num(cy)}" fill="{c}"/>'
        )
    else:  # caret: a triangle pointing down at the domino
        a = 0.55 * r
        shape = (
            f'<polygon points="{num(cx - a)},{num(cy - 0.6 * a)} {num(cx + a)},{num(cy - 0.6 * a)} '
            f'{num(cx)},{num(cy + 0.8 * a)}" fill="{c}"/>'
        )
    return f'<g class="marker marker-{kind}">{ring}{shape}</g>'


def _outline(kind: str, style: _Style, tw: float, th: float, s: float, k: float) -> str:
    m = margin(s)
    rx = 0.12 * s

    def ring(off: float, width: float) -> str:
        dash = ""
        if style.dash:
            scaled = " ".join(num(float(p) * k) for p in style.dash.split())
            dash = f' stroke-dasharray="{scaled}" stroke-linecap="round"'
        return (
            f'<rect class="outline outline-{kind}" x="{num(-off)}" y="{num(-off)}" '
            f'width="{num(tw + 2 * off)}" height="{num(th + 2 * off)}" rx="{num(rx + off)}" '
            f'fill="none" stroke="{style.colour}" stroke-width="{num(width)}"{dash}/>'
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
        f'<rect class="tile" width="{num(tw)}" height="{num(th)}" rx="{num(0.12 * s)}" '
        f'fill="{TILE}" stroke="{TILE_EDGE}" stroke-width="{num(s / 32)}"/>'
        f'<line class="divider" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
        f'stroke="{TILE_EDGE}" stroke-width="{num(s / 30)}" stroke-linecap="round"/>'
    )


@lru_cache(maxsize=64)
def _back(s: float, vertical: bool) -> str:
    """A face-down tile."""
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    rx = 0.12 * s
    inset = 0.12 * s
    return (
        f'<rect class="tile" width="{num(tw)}" height="{num(th)}" rx="{num(rx)}" '
        f'fill="{BACK}" stroke="{TILE_EDGE}" stroke-width="{num(s / 32)}"/>'
        f'<rect x="{num(inset)}" y="{num(inset)}" width="{num(tw - 2 * inset)}" '
        f'height="{num(th - 2 * inset)}" rx="{num(rx * 0.6)}" fill="none" '
        f'stroke="{BACK_LINE}" stroke-width="{num(s / 40)}"/>'
    )


@lru_cache(maxsize=1024)
def _pip_circles(half: str, number: int, s: float, vertical: bool) -> str:
    """The pips of one half ("a": the high end, left or top; "b": the low end)."""
    ox, oy = (0.0, 0.0) if half == "a" else (0.0, s) if vertical else (s, 0.0)
    r = num(_PIP_RADIUS * s)
    circles = []
    for u, v in _PIPS[number]:
        x, y = (u, v) if vertical else (v, u)
        circles.append(
            f'<circle class="pip pip-{half}" cx="{num(ox + x * s)}" '
            f'cy="{num(oy + y * s)}" r="{r}" fill="{INK}"/>'
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
        f'<g class="count-badge"><circle r="{num(0.2 * s)}" fill="{INK}"/>'
        f'<text y="{num(0.36 * 0.22 * s)}" font-size="{num(0.22 * s)}" '
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
            f'role="button" tabindex="0" aria-label="{escape(control)}"'
        )
    if kind:
        classes += f" hl-{kind}"
        attrs += f' data-highlight="{kind}"'
    if dim:
        classes += " dim"
        attrs += f' opacity="{DIM_OPACITY}"'
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
        off = 0.5 * margin(s) + s / 16
        ring = (
            f'<rect class="focus-ring" x="{num(-off)}" y="{num(-off)}" width="{num(tw + 2 * off)}" '
            f'height="{num(th + 2 * off)}" rx="{num(0.12 * s + off)}" fill="none" stroke="{INK}" '
            f'stroke-width="{num(s / 12)}" visibility="hidden"/>'
        )
        inner = f"<title>{escape(control)}</title>{ring}{outline}{drawing}{marker}"
        if kind == "legal":  # raised: a cue that needs no colour
            return (
                f'<g class="{classes} raised"{attrs}>'
                f'<g transform="translate(0 {num(-0.18 * s)})">{inner}</g></g>'
            )
        return f'<g class="{classes}"{attrs}>{inner}</g>'
    return f'<g class="{classes}"{attrs}>{outline}{drawing}{marker}</g>'


def _controls(dominoes: Sequence[Domino], controls: ControlSpec) -> list[str | None]:
    if not controls:
        return [None] * len(dominoes)
    table = {to_domino(k): v for k, v in controls.items()}
    return [table.get(d) for d in dominoes]


def _slot(s: float, vertical: bool) -> str:
    """A dashed empty place where a domino will go."""
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    return (
        f'<rect class="slot" width="{num(tw)}" height="{num(th)}" rx="{num(0.12 * s)}" '
        f'fill="none" stroke="{INK}" stroke-opacity="0.35" stroke-width="{num(s / 32)}" '
        f'stroke-dasharray="{num(s / 8)} {num(s / 10)}"/>'
    )


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
        raise NotationError(f"a domino appears twice in {' '.join(map(str, out))}",
                            rule="domino")
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
    m = margin(s)
    step = (s if vertical else 2 * s) + 2 * m + gap
    return "".join(
        shifted(
            m + i * step,
            m,
            _tile(d, s, vertical, kinds[i], dims[i], show_count, controls[i] if controls else None),
        )
        for i, d in enumerate(dominoes)
    )


def _row_width(count: int, s: float, gap: float, vertical: bool) -> float:
    if count == 0:
        return 0.0
    return count * ((s if vertical else 2 * s) + 2 * margin(s)) + (count - 1) * gap


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
