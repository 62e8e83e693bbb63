"""A domino and a row of dominoes (a hand, a suit, the dominoes a player may play), and
the spoken labels of dominoes drawn as buttons."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..contracts import Contract
from ..dominoes import Domino, DominoLike, DominoSet, to_domino
from ..errors import InputError, quote
from ..tricks import explain_play
from ._tiles import (
    _STYLES,
    ControlSpec,
    DimSpec,
    HighlightSpec,
    _check_kind,
    _controls,
    _dims,
    _kinds,
    _list_words,
    _row,
    _row_width,
    _tile,
    _to_list,
    _words,
)
from .draw import SvgWrapper, check_size, document, font_size, margin, shifted, text_at

__all__ = ["domino_svg", "dominoes_svg", "play_labels"]


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


def domino_svg(
    domino: DominoLike,
    *,
    size: float = 48,
    vertical: bool = False,
    highlight: str | None = None,
    dim: bool = False,
    label: str | None = None,
    show_count: bool = False,
) -> SvgWrapper:
    """One domino, real pips on each half; ``size`` is the side of a half in pixels.

    ``highlight`` is one of :data:`HIGHLIGHTS`; ``dim`` greys out a domino that
    cannot be played; ``label`` is a caption under it; ``show_count`` adds a small
    badge with the points of a count domino.

    Raises :class:`~texas42.errors.InputError` for a size out of range (rule
    ``"picture-size"``) or an unknown highlight (``"highlight"``), and the errors of
    :func:`texas42.dominoes.to_domino` for text that is not a domino.
    """
    d = to_domino(domino)
    s = check_size(size)
    kind = _check_kind(highlight)
    m = margin(s)
    tw, th = (s, 2 * s) if vertical else (2 * s, s)
    fs = font_size(s)
    width = tw + 2 * m
    height = th + 2 * m
    body = shifted(m, m, _tile(d, s, vertical, kind, dim, show_count))
    if label:
        height += 1.3 * fs
        width = max(width, 0.6 * fs * len(label) + 2 * m)
        body = shifted((width - tw - 2 * m) / 2, 0, body)
        body += text_at(width / 2, th + 2 * m + fs * 0.95, label, fs, anchor="middle")
    desc = _words(d)
    if kind:
        desc += f"; {_STYLES[kind].words}"
    if dim and kind != "illegal":
        desc += "; cannot be played now"
    if label:
        desc += f"; {label}"
    return document(width, height, str(d), desc, body, "domino-svg")


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
) -> SvgWrapper:
    """A row of dominoes, such as a hand, in the order given (a :class:`DominoSet`
    or text ``"6-6 6-4"`` in the order players hold them).

    ``controls`` maps dominoes to spoken labels (:func:`play_labels`): those are drawn
    as buttons, for the table widget (:mod:`texas42.widgets.table_widget`).

    ``highlight`` is a kind for all of them, a mapping from domino (or its text) to
    a kind, a function of the domino returning a kind or ``None``, or some
    dominoes (drawn ``"selected"``). ``dim`` is ``True``, some dominoes, or a
    function. Dominoes stand upright unless ``vertical=False``; ``label`` is a
    caption above the row.

    Raises :class:`~texas42.errors.InputError` for a size or gap out of range (rule
    ``"picture-size"``) or an unknown highlight (``"highlight"``), and a
    :class:`~texas42.errors.NotationError` for text that is not dominoes or names one
    twice (``"domino"``).
    """
    items = _to_list(dominoes)
    s = check_size(size)
    g = 0.1 * s if gap is None else float(gap)
    if g < 0:
        raise InputError(f"gap {quote(gap)} cannot be negative", rule="picture-size")
    kinds = _kinds(items, highlight)
    dims = _dims(items, dim)
    fs = font_size(s)
    m = margin(s)
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
        body.append(text_at(pad + m, pad + fs, label, fs, bold=True))
    if items:
        body.append(shifted(pad, top, _row(items, s, g, vertical, kinds, dims, show_count,
                                          _controls(items, controls))))
    else:
        body.append(text_at(width / 2, top + cell_h / 2, "no dominoes", fs, anchor="middle"))
    text = " ".join(str(d) for d in items) or "no dominoes"
    title = f"{label}: {text}" if label else text
    count = len(items)
    desc = f"{count} domino{'es' if count != 1 else ''}"
    if items:
        desc += ": " + _list_words(items, kinds, dims)
    if label:
        desc = f"{label}, {desc}"
    return document(width, height, title, desc + ".", "".join(body), "dominoes-svg",
                 interactive=bool(controls))
