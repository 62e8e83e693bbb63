"""The coach's loss per reviewed hand, over time: a small line chart of a learner's
progress (:class:`texas42.progress.Progress`), one dot a hand.

>>> svg = loss_chart_svg([(1, 8.0), (2, 3.5), (4, 0.0)])
>>> svg.count('class="loss-dot"')
3
>>> "hand 2: 3.5 points" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InputError
from .draw import INK, SvgWrapper, document, escape, num, text_at

__all__ = ["loss_chart_svg"]

_LINE = "#0072B2"  # Okabe-Ito blue: readable on the pale background
_GRID = "#9AA59A"


def loss_chart_svg(losses: Sequence[tuple[int, float]], *, width: float = 360,
                   height: float = 150) -> SvgWrapper:
    """A chart of ``losses``: (hand number, points the coach says were given away).

    Lower is better; each dot names its hand and loss in a ``<title>`` (a tooltip and
    a screen reader's text). No hand: a chart that says so. Raises
    :class:`~texas42.errors.InputError` (``rule="chart"``) for a negative loss or a
    size out of 120..2000.
    """
    if not (120 <= width <= 2000 and 80 <= height <= 2000):
        raise InputError(f"chart size {width}x{height} is out of range: 120..2000 wide, "
                         "80..2000 high", rule="chart")
    for n, loss in losses:
        if loss < 0:
            raise InputError(f"hand {n}'s loss {loss} is negative: a loss is at least 0",
                             rule="chart")
    left, right, top, bottom = 40.0, 12.0, 14.0, 30.0
    plot_w, plot_h = width - left - right, height - top - bottom
    body = []
    top_loss = max([10.0, *(x for _, x in losses)])
    step = 5 if top_loss <= 25 else 10 if top_loss <= 60 else 50
    top_loss = step * -(-top_loss // step)
    for k in range(0, int(top_loss) + 1, step):
        y = top + plot_h * (1 - k / top_loss)
        body.append(f'<line x1="{num(left)}" x2="{num(width - right)}" y1="{num(y)}" '
                    f'y2="{num(y)}" stroke="{_GRID}" stroke-width="0.5"/>')
        body.append(text_at(left - 5, y + 4, str(k), 11, anchor="end"))
    body.append(text_at(left + plot_w / 2, height - 6, "hands played (reviewed ones)", 11,
                        anchor="middle"))
    if not losses:
        body.append(text_at(left + plot_w / 2, top + plot_h / 2,
                            "No hand reviewed yet", 13, anchor="middle"))
        desc = "No hand has been reviewed yet."
    else:
        first, last = losses[0][0], losses[-1][0]
        span = max(last - first, 1)

        def xy(n: int, loss: float) -> tuple[float, float]:
            x = left + plot_w * ((n - first) / span if last > first else 0.5)
            return x, top + plot_h * (1 - loss / top_loss)

        points = [xy(n, x) for n, x in losses]
        if len(points) > 1:
            path = " ".join(f"{num(x)},{num(y)}" for x, y in points)
            body.append(f'<polyline points="{path}" fill="none" stroke="{_LINE}" '
                        'stroke-width="2"/>')
        for (n, loss), (x, y) in zip(losses, points, strict=True):
            body.append(f'<circle class="loss-dot" cx="{num(x)}" cy="{num(y)}" r="4" '
                        f'fill="{_LINE}" stroke="{INK}" stroke-width="0.8">'
                        f"<title>{escape(f'hand {n}: {loss:.1f} points')}</title></circle>")
        avg = sum(x for _, x in losses) / len(losses)
        desc = (f"{len(losses)} reviewed hands; points given away per hand, from "
                f"{losses[0][1]:.1f} (hand {first}) to {losses[-1][1]:.1f} (hand {last}); "
                f"average {avg:.1f}.")
    return document(width, height, "The coach's loss per hand (lower is better)", desc,
                    "".join(body), "loss-chart")
