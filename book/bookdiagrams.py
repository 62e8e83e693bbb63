"""The book's own diagrams: the seats around the table, following suit and winning a
trick, the cycle of a hand, and a bid made or set on the line of the bidders' points.

They belong to the course, not to the library: drawn with the library's drawing
(:mod:`texas42.svg.draw`), so each is the same kind of accessible SVG document as the
engine's pictures (a ``<title>``, a ``<desc>``, ids unique to the page), and their
facts come from the engine (who bids first from :class:`texas42.Hand`, the scores from
:mod:`texas42.scoring`). :mod:`bookkit` shows them in the chapters; the live pages load
this module beside it (``live_in_place_modules`` in _config.yml).

>>> pic = seating_svg(shaker=3)
>>> pic.split("</title>")[0].rsplit(">", 1)[1]
'The table: seat 3 shakes, seat 0 bids first'
>>> "the bidders score 1 mark" in made_set_svg(30)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from texas42 import STANDARD, Contract, Deal, Hand, Result, Rules
from texas42.bidding import bid_text
from texas42.deals import team_of
from texas42.errors import InputError, quote
from texas42.scoring import score_points_bid
from texas42.svg.draw import (
    INK,
    TILE_EDGE,
    SvgWrapper,
    check_size,
    document,
    escape,
    font_size,
    new_id,
    num,
    text_at,
    wrap_text,
)

__all__ = ["following_svg", "hand_cycle_svg", "made_set_svg", "seating_svg"]

# -- the look of the diagrams ----------------------------------------------------------------
_SEAT_INK = ("#0072B2", "#D55E00")  # Okabe-Ito blue (team 0) and vermillion (team 1)
_PANEL = "#FFFFFF"
_FELT = "#CFE0CF"


def _text_block(
    cx: float, top: float, lines: Sequence[str], fs: float, *, bold_first: bool = False
) -> str:
    """Centred lines of text, the first baseline one line below ``top``."""
    lh = 1.3 * fs
    return "".join(
        text_at(cx, top + fs + i * lh, line, fs, anchor="middle", bold=bold_first and i == 0)
        for i, line in enumerate(lines)
    )


def _arrow_defs(uid: str, colour: str = INK) -> str:
    return (
        f'<defs><marker id="{uid}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0 0 L10 5 L0 10 z" fill="{colour}"/></marker></defs>'
    )


def _arrow(x1: float, y1: float, x2: float, y2: float, uid: str, cls: str = "arrow") -> str:
    return (
        f'<line class="{cls}" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
        f'stroke="{INK}" stroke-width="2" marker-end="url(#{uid})"/>'
    )


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def seating_svg(
    *, shaker: int = 0, rules: Rules = STANDARD, deal: Deal | None = None, size: float = 48
) -> SvgWrapper:
    """The four seats around the table: partners across (seats 0+2 and 1+3), play
    clockwise (arrows), the shaker and the first bidder marked, and every seat's turn
    in the auction. Who bids first comes from :attr:`texas42.Hand.bidding_order`
    (under some rules it depends on the ``deal``: a seeded one is used when none is
    given). Seat 0 sits at the bottom, as in :func:`table_svg`.

    Raises :class:`~texas42.errors.InputError` for a shaker that is not a seat 0..3
    (rule ``"seat"``) or a size out of range (``"picture-size"``).
    """
    if isinstance(shaker, bool) or not isinstance(shaker, int) or not 0 <= shaker < 4:
        raise InputError(f"shaker {quote(shaker)} is not a seat 0..3", rule="seat")
    s = check_size(size)
    k = s / 48
    fs = font_size(s)
    order = Hand(deal or Deal.from_seed(0), shaker=shaker, rules=rules).bidding_order
    first = order[0]
    w = h = 460 * k
    cx, cy = w / 2, h / 2
    table = 150 * k
    r_seat = 38 * k
    ring = 168 * k  # the seats' centres, from the middle
    arrow_uid = new_id()
    spots = {0: (cx, cy + ring), 1: (cx - ring, cy), 2: (cx, cy - ring), 3: (cx + ring, cy)}
    body = [_arrow_defs(arrow_uid)]
    body.append(
        f'<rect class="table-top" x="{num(cx - table / 2)}" y="{num(cy - table / 2)}" '
        f'width="{num(table)}" height="{num(table)}" rx="{num(14 * k)}" fill="{_FELT}" '
        f'stroke="{TILE_EDGE}" stroke-width="1.5"/>'
    )
    # Partners: a line across the table for each team (solid for 0+2, dashed for 1+3).
    for team, (a, b) in enumerate(((0, 2), (1, 3))):
        (x1, y1), (x2, y2) = spots[a], spots[b]
        dash = "" if team == 0 else f' stroke-dasharray="{num(8 * k)} {num(6 * k)}"'
        if team == 0:
            y1, y2 = y1 - r_seat, y2 + r_seat
        else:
            x1, x2 = x1 + r_seat, x2 - r_seat
        body.append(
            f'<line class="partners team-{team}" x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" '
            f'y2="{num(y2)}" stroke="{_SEAT_INK[team]}" stroke-width="{num(3 * k)}"{dash}/>'
        )
    body.append(text_at(cx - 6 * k, cy - table / 4, "partners", fs * 0.85, anchor="end"))
    body.append(text_at(cx + 6 * k, cy + table / 4 + fs, "sit across", fs * 0.85))
    # Clockwise arrows between neighbouring seats, on the ring around the table.
    for seat in range(4):
        nxt = (seat + 1) % 4
        a0 = math.radians(90 + 90 * seat + 22)  # seat 0 at the bottom (90 degrees), clockwise
        a1 = math.radians(90 + 90 * nxt - 22)
        x1, y1 = cx + ring * math.cos(a0), cy + ring * math.sin(a0)
        x2, y2 = cx + ring * math.cos(a1), cy + ring * math.sin(a1)
        body.append(
            f'<path class="arrow clockwise" d="M{num(x1)} {num(y1)} A{num(ring)} {num(ring)} 0 0 1 '
            f'{num(x2)} {num(y2)}" fill="none" stroke="{INK}" stroke-width="2" '
            f'marker-end="url(#{arrow_uid})"/>'
        )
    body.append(text_at(w - 8 * k, h - 10 * k, "play goes clockwise", fs * 0.9, anchor="end"))
    for seat, (x, y) in spots.items():
        team = team_of(seat)
        fill = _SEAT_INK[team]
        body.append(
            f'<g class="seat team-{team}" data-seat="{seat}">'
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r_seat)}" fill="{_PANEL}" '
            f'stroke="{fill}" stroke-width="{num(4 * k)}"'
            + ("" if team == 0 else f' stroke-dasharray="{num(7 * k)} {num(4 * k)}"')
            + "/>"
            # No one looks at this table, so its seats keep their numbers, as the rules, the
            # records and texas42.svg.table_svg with no viewer name them; seat 0 sits at the
            # bottom, where a seat's own view (the Play page's "You") is drawn.
            + text_at(x, y - 0.05 * fs, f"Seat {seat}", fs, anchor="middle", bold=True)
            + text_at(x, y + 1.1 * fs, f"bids {_ordinal(order.index(seat) + 1)}", fs * 0.8,
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
            f'<g class="{cls}"><rect x="{num(tx)}" y="{num(ty)}" width="{num(tw)}" '
            f'height="{num(th)}" '
            f'rx="{num(th / 2)}" fill="{INK if dark else _PANEL}" stroke="{INK}" '
            'stroke-width="1.5"/>'
            f'<text class="label" x="{num(tx + tw / 2)}" y="{num(ty + th * 0.7)}" '
            f'font-size="{num(fs * 0.85)}" text-anchor="middle" '
            f'fill="{_PANEL if dark else INK}" font-weight="700">{escape(word)}</text></g>'
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
    return document(w, h, title, desc, "".join(body), "seating-svg")


def following_svg(*, size: float = 48) -> SvgWrapper:
    """A flowchart of one trick: what was led, must I follow, and who wins."""
    s = check_size(size)
    k = s / 48
    fs = font_size(s) * 0.95
    lh = 1.3 * fs
    w = 440 * k
    pad = 12 * k
    arrow_uid = new_id()
    body = [_arrow_defs(arrow_uid)]
    y = pad

    def box(x: float, top: float, width: float, text: str, *, cls: str, bold: bool = False,
            decision: bool = False) -> float:
        chars = max(8, int((width - 20 * k) / (0.6 * fs)))
        rows = wrap_text(text, chars)
        height = len(rows) * lh + 0.8 * fs
        cxb = x + width / 2
        if decision:  # a question: a box with cut corners (a stretched diamond)
            c = min(16 * k, height / 2)
            pts = (
                f"{num(x + c)},{num(top)} {num(x + width - c)},{num(top)} "
                f"{num(x + width)},{num(top + height / 2)} "
                f"{num(x + width - c)},{num(top + height)} "
                f"{num(x + c)},{num(top + height)} {num(x)},{num(top + height / 2)}"
            )
            body.append(
                f'<polygon class="{cls}" points="{pts}" fill="#FFF4D6" stroke="{INK}" '
                'stroke-width="1.5"/>'
            )
        else:
            body.append(
                f'<rect class="{cls}" x="{num(x)}" y="{num(top)}" width="{num(width)}" '
                f'height="{num(height)}" rx="{num(8 * k)}" fill="{_PANEL}" stroke="{INK}" '
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
            body.append(text_at(x + half / 2 + 6 * k, top + 20 * k, word, fs, bold=True))
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
    return document(w, h, "Following suit and winning a trick", desc, "".join(body),
                 "flowchart-svg following-svg")


def hand_cycle_svg(*, rules: Rules = STANDARD, size: float = 48) -> SvgWrapper:
    """The cycle of a hand: shake, bid, name trumps, play seven tricks, score, and
    the next player shakes. Who bids first and what happens when all pass are
    taken from ``rules``."""
    s = check_size(size)
    k = s / 48
    fs = font_size(s) * 0.9
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
    arrow_uid = new_id()
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
            f'<path class="{cls}" d="M{num(x1)} {num(y1)} A{num(ring)} {num(ring)} 0 0 1 '
            f'{num(x2)} {num(y2)}" fill="none" stroke="{INK}" stroke-width="2.5" '
            f'marker-end="url(#{arrow_uid})"/>'
        )
    for (name, words), (x, y) in zip(steps, centres, strict=True):
        heads = wrap_text(name, int((bw - 12 * k) / (0.62 * fs)))
        rows = wrap_text(words, int((bw - 12 * k) / (0.55 * fs)))
        bh = (len(heads) + len(rows)) * lh + 0.7 * fs
        top = y - bh / 2 + 0.1 * fs
        body.append(
            f'<g class="step"><rect x="{num(x - bw / 2)}" y="{num(y - bh / 2)}" width="{num(bw)}" '
            f'height="{num(bh)}" rx="{num(8 * k)}" fill="{_PANEL}" stroke="{INK}" '
            'stroke-width="1.5"/>'
            + "".join(
                text_at(x, top + fs + i * lh, head, fs, anchor="middle", bold=True)
                for i, head in enumerate(heads)
            )
            + _text_block(x, top + len(heads) * lh, rows, fs)
            + "</g>"
        )
    middle = ["Next hand:", "the player on the", "shaker's left shakes"]
    body.append(_text_block(cx, cy - 1.9 * lh, middle, fs * 1.05, bold_first=True))
    body.append(text_at(cx, cy + 1.6 * lh, "(the shake passes", fs * 0.9, anchor="middle"))
    body.append(text_at(cx, cy + 2.6 * lh, "one seat clockwise)", fs * 0.9, anchor="middle"))
    desc = (
        "The cycle of a hand, in five steps around a circle: "
        + " ".join(f"{name}: {words}." for name, words in steps)
        + " Then the next hand starts: the player on the shaker's left shakes, so the "
        "shake passes one seat clockwise, and the cycle begins again."
    )
    return document(w, h, "The cycle of a hand", desc, "".join(body), "cycle-svg")


def made_set_svg(
    bid: int = 30, *, result: Result | None = None, rules: Rules = STANDARD, size: float = 48
) -> SvgWrapper:
    """A number line of the bidders' points, 0 to 42: below the bid the hand is set,
    from the bid up it is made, labelled with what each side scores (the engine's
    scoring for ``rules``). ``result`` (a finished hand's :class:`texas42.Result`,
    for the same bid) is marked on the line where that hand ended.

    Raises :class:`~texas42.errors.InputError` for a bid that is not 30..42 or a mark
    bid (rule ``"bid"``), a result of another bid or that disagrees with the line
    (``"result"``), a size out of range (``"picture-size"``).
    """
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < 30 or (
        bid > 42 and bid % 42
    ):
        raise InputError(f"bid {quote(bid)} is not a bid of 30..42 or a mark bid", rule="bid")
    if result is not None and result.bid != bid:
        raise InputError(f"the result is for a bid of {result.bid}, not {bid}", rule="result")
    s = check_size(size)
    k = s / 48
    fs = font_size(s) * 0.9
    need = min(bid, 42)
    sixes = Contract.parse("sixes")
    made = score_points_bid(0, bid, sixes, (need, 42 - need), True, 7, rules)
    set_ = score_points_bid(0, bid, sixes, (need - 1, 43 - need), False, 7, rules)

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
        text_at(pad, 22 * k, f"Bid {bid_text(bid)}: the bidders' points at the end of the hand",
              fs, bold=True),
        # set: 0 .. need-1, hatched with a dashed outline; made: need .. 42, solid.
        f'<rect class="set-zone" x="{num(x_of(0))}" y="{num(y_line - bar)}" '
        f'width="{num(x_of(need - 0.5) - x_of(0))}" height="{num(bar)}" fill="#F4D0BF" '
        f'stroke="{_SEAT_INK[1]}" stroke-width="2" stroke-dasharray="{num(6 * k)} {num(4 * k)}"/>',
        f'<rect class="made-zone" x="{num(x_of(need - 0.5))}" y="{num(y_line - bar)}" '
        f'width="{num(x_of(42) - x_of(need - 0.5))}" height="{num(bar)}" fill="{_SEAT_INK[0]}" '
        f'stroke="{_SEAT_INK[0]}" stroke-width="2"/>',
        f'<line class="axis" x1="{num(x0)}" y1="{num(y_line)}" x2="{num(x1)}" y2="{num(y_line)}" '
        f'stroke="{INK}" stroke-width="2"/>',
    ]
    ticks = sorted({0, 10, 20, need - 1, need, 42} - ({20} if need - 1 < 24 else set()))
    if need == 42:
        ticks.remove(41)
    for p in range(43):
        tall = p in ticks
        body.append(
            f'<line class="tick" x1="{num(x_of(p))}" y1="{num(y_line)}" x2="{num(x_of(p))}" '
            f'y2="{num(y_line + (8 if tall else 4) * k)}" stroke="{INK}" stroke-width="1"/>'
        )
    for p in ticks:
        anchor = "end" if p == need - 1 else "start" if p == need < 42 else "middle"
        body.append(text_at(x_of(p), y_line + 8 * k + fs, str(p), fs * 0.95, anchor=anchor))
    y_lab = y_line + 8 * k + 2.7 * fs
    made_label = f"{need} or more: made" if need < 42 else "42: made"
    body.append(
        '<g class="set-label">'
        + text_at(x0, y_lab, f"0 to {need - 1}: set", fs, bold=True)
        + text_at(x0, y_lab + 1.25 * fs, set_words, fs * 0.9)
        + "</g>"
    )
    body.append(
        '<g class="made-label">'
        + text_at(x1, y_lab + 2.8 * fs, made_label, fs, anchor="end", bold=True)
        + text_at(x1, y_lab + 4.05 * fs, made_words, fs * 0.9, anchor="end")
        + "</g>"
    )
    y_end = y_lab + 5.8 * fs
    body.append(
        text_at(pad, y_end, f"The opponents set the bid as soon as they have {43 - need} "
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
            raise InputError("the result does not agree with the number line", rule="result")
        verdict = "made" if result.made else "set"
        xm = x_of(p)
        body.append(
            f'<g class="this-hand"><path d="M{num(xm)} {num(y_line - bar - 2)} '
            f'l{num(-8 * k)} {num(-13 * k)} h{num(16 * k)} z" fill="{INK}"/>'
            + text_at(
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
    return document(w, y_end + 10 * k, title, desc, "".join(body), "made-set-svg")
