"""What the pictures of a table share: the words for a hand, the buttons of the seat to
play, and the compact layout (a phone: one column at most :data:`COMPACT_WIDTH` wide)
that both :func:`~texas42.svg.table_svg` and :func:`~texas42.svg.round_table_svg` use."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..deals import seat_name
from ..dominoes import Domino
from ..hand import Hand, Phase
from ._tiles import ControlSpec, HighlightSpec, _kinds, _row, _row_width, _tile
from .dominoes import play_labels
from .draw import font_size, margin, shifted, text_at, wrap_text

if TYPE_CHECKING:  # svg does not import moon at run time: moon is optional to draw a 42 table
    from ..moon import MoonHand


# -- words --------------------------------------------------------------------------------
def _hand_words(who: str, dominoes: Sequence[Domino], visible: bool) -> str:
    """What ``who`` ("seat 1", "the left opponent", "you") holds, as the words say it."""
    holds = "hold" if who == "you" else "holds"
    if not visible:
        n = len(dominoes)
        return f"{who} {holds} {n} domino{'es' if n != 1 else ''} face down"
    if not dominoes:
        return f"{who} {holds} nothing"
    return f"{who} {holds} " + " ".join(str(d) for d in dominoes)


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
            lines += wrap_text(part, chars)
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
    fs, m, g, pad = font_size(s), margin(s), 0.1 * s, 0.3 * s
    lh = 1.35 * fs
    width = COMPACT_WIDTH
    inner = width - 2 * pad
    cell_w, cell_h = s + 2 * m, 2 * s + 2 * m
    sb = 0.4 * s  # a small face-down domino
    mb = margin(sb)
    body: list[str] = []
    y = pad

    def text_lines(x: float, top: float, lines: Sequence[str], size: float, *,
                   anchor: str = "start", bold: bool = False, cls: str = "label") -> float:
        for i, line in enumerate(lines):
            body.append(text_at(x, top + 0.95 * size + i * 1.35 * size, line, size,
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
            body.append(shifted(x + (room - w) / 2, top + r * (cell_h + g), row))
        return top + len(rows_of(len(tiles), room)) * (cell_h + g)

    def stack_h() -> float:
        return 2 * sb + 2 * mb + 0.25 * sb

    def stack_w(count: int) -> float:
        return sb + 2 * mb + 0.3 * sb + _text_w(str(count), fs)

    def stack(x: float, top: float, count: int) -> None:
        """One or two small backs (``x`` their left edge) and the count beside them."""
        for i in range(min(count, 2)):
            off = 0.25 * sb * (1 - i) if count > 1 else 0.0
            body.append(shifted(x + mb + 0.25 * sb - off, top + mb + off,
                               _tile(None, sb, True, None, False, False)))
        body.append(text_at(x + sb + 2 * mb + 0.3 * sb, top + stack_h() / 2 + 0.35 * fs,
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
    # ("opponent": the longest word of a place's name, texas42.deals.PLACES.)
    side_w = max(_text_w("to play", fs), _text_w("opponent", fs), stack_w(10))
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
        body.append(shifted(cx, cy, trick))
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
    """``text`` as a sentence: a capital first ("The left opponent holds ..."), a stop last."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# -- what both tables work out the same way -------------------------------------------------
class _View(NamedTuple):
    """Who sees what: every hand open (``open_all``), the seats whose dominoes are drawn
    face up, the seat at the bottom, the legal plays to mark and the buttons."""

    open_all: bool
    visible: set[int]
    bottom: int
    legal: set[Domino]
    buttons: ControlSpec


def _view(hand: Hand | MoonHand, seat: int | None, show_all: bool | None,
          highlight_legal: bool, controls: bool | ControlSpec) -> _View:
    """The view of a table from ``seat`` (``None``: all hands open), seat already checked."""
    open_all = (seat is None) if show_all is None else show_all
    visible = set(range(hand.seats)) if open_all else ({seat} if seat is not None else set())
    legal: set[Domino] = set()
    if highlight_legal and hand.phase is Phase.PLAYING and hand.to_act in visible:
        legal = set(hand.legal_plays())
    return _View(open_all, visible, 0 if seat is None else seat, legal,
                 _table_controls(hand, seat, controls))


def _view_words(seat: int | None, open_all: bool, *, places: bool = False) -> str:
    """How the picture's title says who looks at the table (``places``: the seats are
    named as places at the table, so the viewer's is "your place")."""
    if seat is None:
        return "all hands open"
    where = "your place at the bottom" if places else f"seat {seat}"
    return f"seen from {where}" + (", all hands open" if open_all else "")


def _bid_line(hand: Hand | MoonHand, bid: str, contract_word: str,
              name: Callable[[int], str] = seat_name) -> str:
    """The header's first line: the bid (``bid``: the high bid in words), the contract
    (after ``contract_word``) and the shaker; ``name``: a seat mid-sentence."""
    if hand.bidder is None:
        line = "Bidding: no bid yet" if hand.phase is Phase.BIDDING else "No bid"
    elif hand.phase is Phase.BIDDING:
        line = f"Bidding: high bid {bid} by {name(hand.bidder)}"
    else:
        who = name(hand.bidder)
        line = f"{who[:1].upper()}{who[1:]} bid {bid}"
    if hand.contract is not None:
        line += f" · {contract_word}: {hand.contract}"
    return line + f" · {name(hand.shaker)} shook"


def _header(line1: str, line2: str, pad: float, fs: float, lh: float) -> list[str]:
    """The two header lines of a wide table, at its top left."""
    return [text_at(pad, pad + fs, line1, fs, bold=True, cls="header"),
            text_at(pad, pad + fs + lh, line2, fs, cls="header")]


def _marks(items: Sequence[Domino], highlight: HighlightSpec, legal: set[Domino],
           acting_here: bool, out: bool = False) -> tuple[list[str | None], list[bool]]:
    """How each domino of a hand shown face up is drawn: its highlight (else "legal" for a
    legal play of the seat to act) and whether it is dimmed (a play it may not make, or
    the hand of the seat that sits out)."""
    extra = _kinds(list(items), highlight)
    kinds = [k or ("legal" if acting_here and d in legal else None)
             for d, k in zip(items, extra, strict=True)]
    dims = [(acting_here and d not in legal) or out for d in items]
    return kinds, dims
