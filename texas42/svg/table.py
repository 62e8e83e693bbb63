"""42's table: the four hands, the trick in the middle, the bid, contract and points, and
the legal plays of the player to act (any other table: :mod:`.round_table`)."""

from __future__ import annotations

from ..bidding import bid_text
from ..deals import place_words, seat_name
from ..dominoes import Domino
from ..errors import InputError, quote
from ..hand import Hand, Phase
from ..tricks import trick_winner
from ._table_parts import (
    _bid_line,
    _compact_table,
    _hand_words,
    _header,
    _legal_note,
    _lines,
    _marks,
    _Seat,
    _sentence,
    _view,
    _view_words,
)
from ._tiles import ControlSpec, HighlightSpec, _controls, _row, _row_width, _tile
from .draw import SvgWrapper, check_size, document, font_size, margin, shifted, text_at
from .round_table import round_table_svg
from .trick import _label, _seats_from, _trick_extent, _trick_parts, _verb

__all__ = ["table_svg"]


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
    plain: bool = False,
) -> SvgWrapper:
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
    at full size in rows. ``plain``: the status line in a beginner's words (the result
    without the word "mark": :meth:`texas42.Hand.status`); 42's table only (another
    table's status names seats by number, in the engine's words).

    Raises :class:`~texas42.errors.InputError` for a size out of range (rule
    ``"picture-size"``), a seat not at the table (``"seat"``) or an unknown highlight
    (``"highlight"``).
    """
    if not hand.rules.is_42:
        # Another table (three-hand, Moon, Moon for many ...): its seats around an oval.
        return round_table_svg(hand, seat=seat, show_all=show_all,
                               highlight_legal=highlight_legal, highlight=highlight,
                               size=size, controls=controls, compact=compact)
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < 4):
        raise InputError(f"seat {quote(seat)} is not a seat 0..3", rule="seat")
    s = check_size(size)
    open_all, visible, bottom, legal, buttons = _view(hand, seat, show_all, highlight_legal,
                                                      controls)
    fs = font_size(s)
    lh = 1.35 * fs
    m = margin(s)
    g = 0.1 * s
    pad = 0.3 * s

    holdings = {p: list(hand.holding(p)) for p in range(4)}

    # How the picture names a seat mid-sentence. Seen from a seat, each is a place at the
    # table from the learner's ("your partner", "the left opponent": texas42.deals.PLACES,
    # the Play page's words too); with no one looking ("seat 0"), its number, as the rules
    # and the records count them.
    def name(p: int) -> str:
        return seat_name(p) if seat is None else place_words(p, seat)
    acting = hand.to_act if hand.phase in (Phase.BIDDING, Phase.CONTRACT, Phase.PLAYING) else None

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
    line1 = _bid_line(hand, bid_text(hand.high_bid), "contract", name)
    pts = hand.points
    if seat is None:
        sides = f"{pts[0]} for seats 0+2, {pts[1]} for seats 1+3"
    else:  # seen from a seat: one name for each side, the learner's words (issue 34)
        mine = hand.rules.share_of(seat)
        sides = f"you and your partner {pts[mine]}, the opponents {pts[1 - mine]}"
    line2 = f"Points: {sides} · tricks played: {len(hand.tricks)}"
    if not compact:
        body += _header(line1, line2, pad, fs, lh)
    words.append(f"{line1}. {line2}.")
    parts: list[_Seat] = []

    def seat_label(p: int) -> tuple[str, bool]:
        parts = [_label(name(p))]
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
        return _marks(items, highlight, legal, p == hand.to_act and bool(legal),
                      p == hand.sitting_out)

    for p in range(4):
        rel = (p - bottom) % 4
        shown = p in visible
        items = holdings[p]
        tiles: list[Domino | None] = list(items) if shown else [None] * len(items)
        kinds, dims = kinds_for(p, items) if shown else ([None] * len(items), [False] * len(items))
        label, bold = seat_label(p)
        words.append(_hand_words(name(p), items, shown)
                     + ("" if not shown else _legal_note(kinds)))
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
            body.append(text_at(x0 + m, y + 0.95 * fs, label, fs, bold=bold))
            row = _row(tiles, s, g, True, kinds, dims, show_count,
                       _controls(items, buttons) if shown and p == seat else None)
            body.append(shifted(x, y + lh, row))
        else:
            x0 = pad if rel == 1 else width - pad - block_w
            if rel == 1:
                body.append(text_at(x0 + m, y_mid + 0.95 * fs, label, fs, bold=bold))
            else:
                body.append(
                    text_at(x0 + block_w - m, y_mid + 0.95 * fs, label, fs, anchor="end", bold=bold)
                )
            for i, d in enumerate(tiles):
                cx0 = x0 + (i % 2) * (cell_h[0] + g) + m
                cy0 = y_mid + lh + (i // 2) * (cell_h[1] + g) + m
                body.append(shifted(cx0, cy0, _tile(d, s, False, kinds[i], dims[i], show_count)))

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
            tie=hand.sevens_tie_side, name=name,
        )
        title = f"trick {len(hand.tricks) + 1}"
        caption = info.caption or f"{_label(name(leader))} to lead"
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
            name=name,
        )
        title = f"last trick (trick {len(hand.tricks)})"
        assert last.winner is not None  # (a trick of the hand's tricks is complete)
        caption = (f"{_label(name(last.winner))} won it: {last.points} "
                   f"point{'s' if last.points != 1 else ''}")
        words.append(f"Last trick (trick {len(hand.tricks)}): {info.desc}")
    else:
        info = None
        title = ""
        if hand.phase is Phase.BIDDING:
            caption = f"{_label(name(hand.to_act))} to bid"
        elif hand.phase is Phase.CONTRACT:
            caption = f"{_label(name(hand.to_act))} {_verb(name(hand.to_act), 'names')} trumps"
        elif hand.phase is Phase.RESHAKE:
            caption = "everyone passed: shake again"
        else:
            caption = "no trick played"
        if not compact:
            body.append(text_at(cx, cy, caption, fs, anchor="middle", bold=True, cls="caption"))
    status = hand.status(seen_by=seat, plain=plain)
    if compact:
        captions = ([(title, tfs, False), (caption, tfs, True)] if info is not None
                    else [(caption, fs, True)])
        box = (-e, -e - 1.3 * tfs, e, e + 1.3 * tfs) if info is not None else (0, 0, 0, 0)
    if info is not None and not compact:
        body.append(info.body)
        body.append(text_at(cx, cy + e + 1.3 * tfs + lh, title, tfs, anchor="middle",
                            cls="caption"))
        body.append(
            text_at(
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
        # The status in as many lines as fit the picture's width (a hand's result, said
        # from a seat in plain words, is longer than one line of it).
        lines = _lines(status, width - 2 * pad, fs)
        height += (len(lines) - 1) * lh
        for i, line in enumerate(lines):
            body.append(text_at(pad, height - pad - (len(lines) - 1 - i) * lh, line, fs,
                                cls="status"))
    title_text = f"Texas 42 table, {_view_words(seat, open_all, places=True)}"
    return document(
        width, height, title_text, " ".join(_sentence(w) for w in words), "".join(body),
        "table-svg", interactive=bool(buttons),
    )
