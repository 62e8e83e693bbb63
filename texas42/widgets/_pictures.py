"""The explorers' pictures, drawn by the engine's :mod:`texas42.svg` (the one drawing):
a domino, a row of dominoes each with its words under it, a trick, the table."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .. import svg
from ..contracts import Contract
from ..dominoes import Domino
from ._html import SEAT_NAMES, figure

#: The words under a highlighted domino, so nothing is told by its outline alone.
HIGHLIGHT_WORDS: dict[str, str] = {
    "legal": "may play",
    "winner": "wins",
    "illegal": "may not play",
    "selected": "chosen",
    "best": "best",
}
#: Default picture size: a horizontal domino is ``2 * SIZE`` wide and ``SIZE`` tall (px).
SIZE = 52


def domino_pic(
    d: Domino,
    *,
    size: int = SIZE,
    vertical: bool = False,
    highlight: str | None = None,
    dim: bool = False,
    show_count: bool = False,
) -> str:
    """One domino as SVG (:func:`texas42.svg.domino_svg`)."""
    return svg.domino_svg(
        d, size=size, vertical=vertical, highlight=highlight, dim=dim, show_count=show_count
    )


def row(
    dominoes: Sequence[Domino],
    *,
    highlight: Mapping[Domino, str] | Callable[[Domino], str | None] | None = None,
    dim: Iterable[Domino] = (),
    captions: Mapping[Domino, str] | None = None,
    size: int = SIZE,
    vertical: bool = False,
    show_count: bool = False,
    label: str = "",
) -> str:
    """Dominoes side by side, each with its text under it (so nothing is told by the
    picture alone)."""
    dimmed = set(dim)
    cells = []
    for d in dominoes:
        if callable(highlight):
            hl = highlight(d)
        elif highlight is not None:
            hl = highlight.get(d)
        else:
            hl = None
        text = str(d)
        if captions is not None and d in captions:
            text = f"{d} {captions[d]}"
        elif hl:
            text = f"{d} {HIGHLIGHT_WORDS[hl]}" if hl in HIGHLIGHT_WORDS else text
        pic = domino_pic(
            d, size=size, vertical=vertical, highlight=hl, dim=d in dimmed, show_count=show_count
        )
        cells.append(figure(pic, text, item=True))
    head = (
        '<div style="font-weight:bold;font-size:1.05em;margin:6px 0 0 0">'
        f"{html.escape(label)}</div>"
        if label
        else ""
    )
    if not cells:
        return f'{head}<div style="font-style:italic">(none)</div>'
    # A list of dominoes: each picture with its caption is one item of it. On a narrow
    # page the book's stylesheet lays the row out in --t42-cols columns, so a hand of
    # seven wraps 4 + 3 (never 6 + 1); elsewhere the cells simply flow.
    aria = f' aria-label="{html.escape(label)}"' if label else ""
    cols = math.ceil(len(cells) / math.ceil(len(cells) / 4))
    return (
        f'{head}<div role="list"{aria} class="t42-row" '
        f'style="line-height:1;--t42-n:{len(cells)};--t42-cols:{cols}">{"".join(cells)}</div>'
    )


def trick_pic(
    plays: Sequence[Domino],
    leader: int,
    contract: Contract | None,
    winner: int | None = None,
    *,
    size: int = SIZE,
    sitting_out: int | None = None,
) -> str:
    """A trick: who played what, the winner marked (``winner`` is a position in the trick;
    ``sitting_out``: the seat that sits the hand out, in nello). Without a contract, the
    dominoes in a row, each with who played it."""
    if contract is not None and plays:
        return svg.trick_svg(
            list(plays), leader=leader, contract=contract, winner=winner, sitting_out=sitting_out
        )
    seats = [s for s in (leader, leader + 1, leader + 2, leader + 3) if s % 4 != sitting_out]
    cells = []
    for i, d in enumerate(plays):
        seat = seats[i] % 4
        hl = "winner" if winner is not None and i == winner else None
        who = SEAT_NAMES[seat] + (" led" if i == 0 else "")
        text = f"{who}: {d}" + (" — wins" if hl else "")
        cells.append(
            figure(domino_pic(d, size=size, vertical=True, highlight=hl), text, item=True)
        )
    if not cells:
        return '<div style="font-style:italic;font-size:1.05em">No domino played yet.</div>'
    return f'<div role="list">{"".join(cells)}</div>'


def table_pic(
    hand: Any,
    *,
    seat: int | None = None,
    show_all: bool | None = None,
    highlight: Mapping[Domino, str] | None = None,
    size: int = 40,
    controls: bool | Mapping[Domino, str] = False,
    compact: bool = False,
    plain: bool = False,
) -> str:
    """The whole table of a hand at any table (:func:`texas42.svg.table_svg`; other
    tables than 42's four are drawn round, :func:`texas42.svg.round_table_svg`), seen
    from ``seat`` or with every hand open; ``controls``: ``seat``'s dominoes are buttons
    when it is to play (the table widget), or those dominoes with those labels;
    ``compact``: drawn for a phone (the table widget's ``compact``); ``plain``: its
    status in a beginner's words (the explorer's ``plain``)."""
    return svg.table_svg(
        hand, seat=seat, show_all=show_all, highlight=highlight or None, size=size,
        controls=controls, compact=compact, plain=plain,
    )
