"""The table of any number of seats (three-hand 42, Moon, Moon for many ...): the seats
around an oval."""

from __future__ import annotations

import math

from ..bidding import bid_text
from ..contracts import tables
from ..dominoes import Domino
from ..errors import InputError, quote
from ..hand import Hand, Phase
from ._table_parts import (
    _bid_line,
    _compact_table,
    _hand_words,
    _header,
    _legal_note,
    _marks,
    _Seat,
    _sentence,
    _view,
    _view_words,
)
from ._tiles import ControlSpec, HighlightSpec, _controls, _row, _row_width, _tile
from .draw import SvgWrapper, check_size, document, font_size, margin, shifted, text_at

__all__ = ["round_table_svg"]


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
) -> SvgWrapper:
    """The table of a hand at any number of seats (three-hand 42, Moon for many ...):
    each hand at its place around an oval, clockwise from the bottom, the trick in the
    middle (each domino in front of the seat that played it), the widow, discard or
    dominoes laid aside, the bid, trumps and what each side took. ``seat``, ``show_all``,
    ``highlight_legal``, ``highlight``, ``controls`` and ``compact`` as in :func:`table_svg`.

    Raises :class:`~texas42.errors.InputError` for a size out of range (rule
    ``"picture-size"``), a seat not at the table (``"seat"``) or an unknown highlight
    (``"highlight"``).
    """
    n = hand.seats
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < n):
        raise InputError(f"seat {quote(seat)} is not a seat 0..{n - 1}", rule="seat")
    s = check_size(size)
    rules = hand.rules
    open_all, visible, bottom, legal, buttons = _view(hand, seat, show_all, highlight_legal,
                                                      controls)
    fs, lh, m, g, pad = font_size(s), 1.35 * font_size(s), margin(s), 0.1 * s, 0.3 * s
    cell_h = 2 * s + 2 * m
    acting = hand.to_act if not hand.is_over else None
    body: list[str] = []
    words: list[str] = [f"{rules.name} table, {n} seats"]

    high = hand.high_bid
    if rules.bidding != "tricks":
        bid = bid_text(high)
    else:
        bid = f"shoot the moon ({high})" if high == rules.moon_bid else f"{high} tricks"
    line1 = _bid_line(hand, bid, "trumps")
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
        body += _header(line1, line2, pad, fs, lh)
    words += [line1, line2]
    hands: list[_Seat] = []

    for p in range(n):
        rel = (p - bottom) % n
        shown = p in visible
        items = list(hand.holding(p))
        tiles: list[Domino | None] = list(items) if shown else [None] * len(items)
        kinds, dims = _marks(items, highlight if shown else None, legal,
                             shown and p == hand.to_act and bool(legal))
        parts = [f"seat {p}"] + (["you"] if seat == p else [])
        parts += ["bidder"] * (p == hand.bidder) + ["shaker"] * (p == hand.shaker)
        if p == acting:
            parts.append({"bid": "to bid", "discard": "lays aside", "contract": "names trumps"}
                         .get(hand.next_action or "", "to play"))
        words.append(_hand_words(f"seat {p}", items, shown) + (_legal_note(kinds) if shown else ""))
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
        body.append(text_at(x - max(w, text_w(label)) / 2 + m, y0 + 0.95 * fs, label, fs,
                          bold=p == acting))
        for r, part in enumerate(rows):
            row = _row(tiles[part], s, g, True, kinds[part], dims[part], False,
                       _controls(items, buttons)[part] if shown and p == seat and buttons
                       else None)
            body.append(shifted(x - w / 2, y0 + lh + r * (cell_h + g), row))

    y_spare = cy + y_max + pad + lh
    x_spare = pad
    for label, items, shown in spares:
        words.append(f"{label.capitalize()}: "
                     + (" ".join(map(str, items)) if shown else "face down"))
        if compact:
            continue
        body.append(text_at(x_spare + m, y_spare - 0.2 * fs, label, 0.9 * fs, bold=True))
        faces: list[Domino | None] = list(items) if shown else [None] * len(items)
        none = [None] * len(items)
        body.append(shifted(x_spare, y_spare, _row(faces, s, g, True, none,
                                                  [False] * len(items), False)))
        x_spare += _row_width(len(items), s, g, True) + 2 * pad

    # The compact layout draws the trick around the origin and moves it into place.
    ox, oy = (0.0, 0.0) if compact else (cx, cy)
    trick = []
    for p, d in zip(seats, plays, strict=True):
        x, y = _round_spot((p - bottom) % n, n, ox, oy, tx, ty)
        tile = _tile(d, s, True, "winner" if p == winner else None, False, False)
        trick.append(shifted(x - s / 2, y - s, tile))
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
        body.append(text_at(cx, cy + ty + s + 1.4 * fs, caption, fs, anchor="middle", bold=True,
                          cls="caption"))
        body.append(text_at(pad, height - pad, status, fs, cls="status"))
    name = rules.name[:1].upper() + rules.name[1:]
    return document(width, height, f"{name} table of {n}, {_view_words(seat, open_all)}",
                 " ".join(_sentence(w) for w in words if w), "".join(body),
                 "table-svg round-table-svg", interactive=bool(buttons))
