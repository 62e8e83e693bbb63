"""A deal: every hand open, then the widow and the dominoes laid aside."""

from __future__ import annotations

from ..deals import Deal
from ._tiles import _row, _row_width
from .draw import SvgWrapper, check_size, document, font_size, margin, shifted, text_at

__all__ = ["deal_svg"]


def deal_svg(deal: Deal, *, size: float = 48, show_count: bool = False) -> SvgWrapper:
    """The hands of a deal (four at 42's table), open, one row per seat; then the widow
    and the dominoes laid aside, where the table has them.

    Raises :class:`~texas42.errors.InputError` for a size out of range (rule
    ``"picture-size"``).
    """
    s = check_size(size)
    fs = font_size(s)
    m = margin(s)
    g = 0.1 * s
    pad = 0.25 * s
    label_w = 4.2 * fs
    cell_h = 2 * s + 2 * m
    top = pad + 1.4 * fs
    rows = [(f"seat {p}", h) for p, h in enumerate(deal.hands)]
    rows += [(name, h) for name, h in (("widow", deal.widow_set), ("aside", deal.aside)) if h]
    width = 2 * pad + label_w + _row_width(max(len(h) for _, h in rows), s, g, True)
    height = top + len(rows) * (cell_h + g) - g + pad
    body = [text_at(pad, pad + fs, f"Deal {deal.code}", fs, bold=True, cls="header")]
    words = []
    for p, (name, hand) in enumerate(rows):
        items = list(hand)
        y = top + p * (cell_h + g)
        body.append(text_at(pad, y + cell_h / 2 - 0.1 * fs, name, fs, bold=True))
        body.append(text_at(pad, y + cell_h / 2 + 1.1 * fs, f"count {hand.count}", fs * 0.85))
        none: list[str | None] = [None] * len(items)
        body.append(
            shifted(
                pad + label_w, y, _row(items, s, g, True, none, [False] * len(items), show_count)
            )
        )
        words.append(f"{name}: {hand} (count {hand.count})")
    desc = f"Deal {deal.code}. " + "; ".join(words) + "."
    return document(width, height, f"Deal {deal.code}", desc, "".join(body), "deal-svg")
