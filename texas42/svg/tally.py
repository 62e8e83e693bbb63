"""The score sheet's tally of marks: seven strokes spell ALL."""

from __future__ import annotations

from ..game import tally
from .draw import INK, SvgWrapper, check_size, document, font_size, num, text_at

__all__ = ["tally_svg"]


_STROKE_WORDS = (
    "A: left leg /",
    "A: right leg \\",
    "A: crossbar -",
    "first L: upright |",
    "first L: foot _",
    "second L: upright |",
    "second L: foot _",
)


def tally_svg(marks: int, *, size: float = 48, label: str | None = None) -> SvgWrapper:
    """The score-sheet tally of ``marks``: seven strokes spell "ALL" (A: / \\ -,
    each L: | _); the strokes not yet earned are drawn faint and dashed.

    Raises what :func:`texas42.tally` raises for marks that are not a count, and an
    :class:`~texas42.errors.InputError` for a size out of range (``"picture-size"``).
    """
    drawn = len(tally(marks))  # checks marks, stops at seven like the score sheet
    h = check_size(size)
    k = h / 48
    fs = font_size(h)
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
            look = f'class="stroke drawn" stroke="{INK}" stroke-width="{num(0.09 * h)}"'
        else:
            look = (
                f'class="stroke faint" stroke="{INK}" stroke-opacity="0.22" '
                f'stroke-width="{num(0.05 * h)}" stroke-dasharray="{num(5 * k)} {num(5 * k)}"'
            )
        body.append(
            f'<line {look} data-stroke="{i + 1}" x1="{num(x1)}" y1="{num(y1)}" '
            f'x2="{num(x2)}" y2="{num(y2)}" stroke-linecap="round"/>'
        )
    width = x_l2 + l_w + pad
    height = bottom + pad
    if label:
        width = max(width, 0.6 * fs * len(label) + 2 * pad)
        body.append(text_at(width / 2, height + 0.7 * fs, label, fs, anchor="middle"))
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
    return document(width, height, title, desc + ".", "".join(body), "tally-svg")
