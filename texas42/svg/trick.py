"""A trick: each domino in front of the seat that played it, who led and who wins."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..contracts import Contract
from ..deals import seat_name
from ..dominoes import Domino, DominoLike
from ..errors import InputError, quote
from ..hand import Trick
from ..tricks import explain_winner, trick_winner
from ._tiles import _slot, _tile, _to_list
from .draw import (
    SvgWrapper,
    check_size,
    document,
    font_size,
    margin,
    shifted,
    text_at,
    wrap_text,
)

__all__ = ["trick_svg"]


# -- where the dominoes lie ---------------------------------------------------------------
# Where each seat's domino lies around the centre, by position relative to the bottom
# seat: 0 bottom, 1 left, 2 top, 3 right (clockwise).
def _trick_spot(rel: int, s: float, cx: float, cy: float) -> tuple[float, float, bool]:
    g = margin(s)
    if rel == 0:
        return cx - s / 2, cy + s / 2 + g, True
    if rel == 1:
        return cx - s / 2 - g - 2 * s, cy - s / 2, False
    if rel == 2:
        return cx - s / 2, cy - s / 2 - g - 2 * s, True
    return cx + s / 2 + g, cy - s / 2, False


def _trick_extent(s: float) -> float:
    """Half the width (and height) of the four dominoes of a trick with their outlines."""
    return 2.5 * s + 2 * margin(s)


class _TrickInfo(NamedTuple):
    body: str
    desc: str
    caption: str


def _trick_parts(
    plays: Sequence[Domino],
    seats: Sequence[int],
    leader: int,
    winner: int | None,
    complete: bool,
    contract: Contract | None,
    bottom: int,
    sitting_out: int | None,
    s: float,
    cx: float,
    cy: float,
    fs: float,
    tie: int | None = None,
    name: Callable[[int], str] = seat_name,
) -> _TrickInfo:
    """The dominoes of a trick around (cx, cy). ``seats[i]`` played ``plays[i]``;
    ``winner`` is a seat; ``tie``: the side a tie in sevens goes to (``None``: the first);
    ``name``: a seat as the words name it mid-sentence ("seat 1", or a place at the
    table seen from a learner's, "the left opponent")."""
    m = margin(s)
    e = _trick_extent(s)
    played = dict(zip(seats, plays, strict=True))
    body = []
    # A side label has the width of its domino up to the top one's: a longer name (a
    # place at the table) goes on more lines, upwards, so it never runs into the top domino.
    side_chars = max(1, int((2 * s + m) / (0.6 * fs)))
    for seat in range(4):
        rel = (seat - bottom) % 4
        x, y, vertical = _trick_spot(rel, s, cx, cy)
        d = played.get(seat)
        if d is not None:
            kind = "winner" if seat == winner else None
            body.append(shifted(x, y, _tile(d, s, vertical, kind, False, False)))
        elif seat != sitting_out:
            body.append(shifted(x, y, _slot(s, vertical)))
        label = _label(name(seat))
        note = "led" if seat == leader and plays else "(out)" if seat == sitting_out else ""
        words = label + (", led" if note == "led" else f" {note}" if note else "")
        bold = seat == winner
        if rel == 0:
            body.append(text_at(cx, cy + e + 0.95 * fs, words, fs, anchor="middle", bold=bold))
        elif rel == 2:
            body.append(text_at(cx, cy - e - 0.3 * fs, words, fs, anchor="middle", bold=bold))
        else:
            lines = ([words] if len(words) <= side_chars
                     else wrap_text(label, side_chars) + ([note] if note else []))
            x, anchor = (cx - e + m, "start") if rel == 1 else (cx + e - m, "end")
            for i, line in enumerate(reversed(lines)):
                body.append(text_at(x, cy - s / 2 - m - 0.3 * fs - i * 1.2 * fs, line, fs,
                                    anchor=anchor, bold=bold))
    if not plays:
        desc = f"No domino played yet; {name(leader)} {_verb(name(leader), 'leads')}."
        caption = f"{_label(name(leader))} to lead"
    else:
        steps = [
            f"{name(seat)} {'led' if i == 0 else 'played'} {d}"
            for i, (seat, d) in enumerate(zip(seats, plays, strict=True))
        ]
        desc = "; ".join(steps)
        caption = ""
        if winner is not None:
            w = played[winner]
            if not complete:
                desc += f"; {w} is winning so far ({name(winner)})."
                caption = f"{_label(name(winner))} winning so far with {w}"
            else:
                why = None
                at = None if contract is None else trick_winner(
                    plays, contract, seats=seats, bidding_team=tie)
                if contract is not None and at is not None and seats[at] == winner:
                    why = explain_winner(plays, contract, seats=seats, bidding_team=tie)
                desc += f"; {why or f'{w} wins ({name(winner)}).'}"
                caption = f"{_label(name(winner))} {_verb(name(winner), 'wins')} with {w}"
        else:
            desc += "."
    return _TrickInfo("".join(body), desc, caption)


def _label(words: str) -> str:
    """A seat's words as a label: "seat 1" stays, a place gets its capital ("Your partner",
    "Left opponent": the names of :data:`texas42.deals.PLACES`)."""
    if words.startswith("seat "):
        return words
    words = words.removeprefix("the ")
    return words[:1].upper() + words[1:]


def _verb(who: str, verb: str) -> str:
    """``verb`` ("leads", "wins", "holds") as ``who`` says it: "you lead"."""
    return verb[:-1] if who == "you" else verb


def _seats_from(leader: int, count: int, sitting_out: int | None) -> list[int]:
    """The seats playing in turn from ``leader``, skipping the one sitting out."""
    out: list[int] = []
    seat = leader
    while len(out) < count:
        if seat != sitting_out:
            out.append(seat)
        seat = (seat + 1) % 4
    return out


def trick_svg(
    plays: Trick | Sequence[DominoLike],
    *,
    leader: int = 0,
    contract: Contract | str | None = None,
    winner: int | None = None,
    size: float = 48,
    bottom: int = 0,
    sitting_out: int | None = None,
) -> SvgWrapper:
    """A trick, each domino in front of the seat that played it (``bottom`` is the
    seat drawn at the bottom; then clockwise: left, top, right).

    ``plays`` are the dominoes in the order played, starting with ``leader``'s,
    or a :class:`texas42.Trick` (which brings its leader, seats and winner).
    ``sitting_out`` is the seat that sits the hand out (nello: the bidder's partner).

    ``winner`` is the winning domino's *position* in ``plays`` (0: the lead), as
    :func:`texas42.trick_winner` returns it. When it is not given and ``contract``
    is, it is worked out (for a trick in progress: the domino winning so far).

    Raises :class:`~texas42.errors.InputError` for a seat that is not 0..3 or a leader
    who sits out (rule ``"seat"``), too many dominoes or a winner that is not a
    position of the trick (``"trick"``), a size out of range (``"picture-size"``).
    """
    for name, value in (("leader", leader), ("bottom", bottom), ("sitting_out", sitting_out)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 4
        ):
            raise InputError(f"{name} {quote(value)} is not a seat 0..3", rule="seat")
    winner_seat: int | None = None
    if isinstance(plays, Trick):
        leader = plays.leader
        winner_seat = plays.winner
        dominoes = list(plays.plays)
        seats = list(plays.seats)
        missing = set(range(4)) - set(seats)
        if len(dominoes) == 3 and len(missing) == 1 and sitting_out is None:
            sitting_out = missing.pop()
    else:
        dominoes = _to_list(plays)
        if sitting_out == leader:
            raise InputError(f"seat {leader} sits out: it cannot lead", rule="seat")
        seats = _seats_from(leader, len(dominoes), sitting_out)
    size_of_trick = 3 if sitting_out is not None else 4
    if len(dominoes) > size_of_trick:
        raise InputError(f"a trick has at most {size_of_trick} dominoes, got {len(dominoes)}",
                         rule="trick")
    c = Contract.parse(contract) if isinstance(contract, str) else contract
    if winner is not None:
        if isinstance(winner, bool) or not isinstance(winner, int):
            raise InputError(f"winner {quote(winner)} is not a position in the trick",
                             rule="trick")
        if not 0 <= winner < len(dominoes):
            raise InputError(
                f"winner {winner} is not a position in this trick of {len(dominoes)} "
                f"(0 is the lead, {len(dominoes) - 1} the last domino played)",
                rule="trick",
            )
        winner_seat = seats[winner]
    elif winner_seat is None and c is not None and dominoes:
        winner_seat = seats[trick_winner(dominoes, c)]
    s = check_size(size)
    fs = font_size(s) * 0.9
    e = _trick_extent(s)
    pad = 0.2 * s
    header = 1.4 * fs if c is not None else 0.0
    width = 2 * e + 2 * pad
    cx = width / 2
    cy = pad + header + 1.3 * fs + e
    complete = len(dominoes) == size_of_trick
    info = _trick_parts(
        dominoes, seats, leader, winner_seat, complete, c, bottom, sitting_out, s, cx, cy, fs
    )
    body = [info.body]
    if c is not None:
        body.append(text_at(cx, pad + fs, _contract_words(c), fs, anchor="middle"))
    height = cy + e + 1.3 * fs + pad
    if info.caption:
        body.append(text_at(cx, height + 0.2 * fs, info.caption, fs, anchor="middle", bold=True))
        height += 1.4 * fs
    desc = info.desc
    if c is not None:
        desc = f"{_contract_words(c).capitalize()}. {desc}"
    text = " ".join(str(d) for d in dominoes) or "empty"
    title = f"trick led by seat {leader}: {text}"
    return document(width, height, title, desc, "".join(body), "trick-svg")


def _contract_words(c: Contract) -> str:
    if c.kind == "trumps":
        return f"{c.trump_label} are trumps"
    if c.kind == "doubles":
        return "doubles are trumps"
    if c.kind == "sevens":
        return "sevens: play the domino closest to 7 pips"
    return f"{c} (no trumps)"
