"""The coach's review of one hand as a picture: a chart, like a chess site's game review.

x: each of the learner's decisions, in order. y: the expected points of the learner's side
for the whole hand (points already taken plus the coach's estimate from that moment):
a dashed line for the best choice the seat could have made, a solid one for the
*what-you-knew* estimate after the choice it did make. The gap between them at a decision
is that decision's loss. A decision judged in another unit (a bid and the naming of
trumps are judged by the hand's score, in marks) has its mark on the strip under the
chart. Each decision is a mark coloured by its label *and* drawn with its own shape and
letter, so colour is never the only cue (every colour passes 4.5:1 on the background and
under white letters). With ``controls`` each mark is a focusable button
(``role="button"``, ``tabindex="0"``, ``data-decision="N"``) for the review view.

>>> from texas42 import Deal, Hand
>>> from texas42.analysis import RuleBasedPlayer, play_hand
>>> from texas42.analysis.coach import review
>>> hand = Hand(Deal.from_seed(5), shaker=3)
>>> _ = play_hand(hand, [RuleBasedPlayer()] * 4)
>>> rv = review(hand, seat=2, samples=4, seed=1, hindsight=False)
>>> pic = review_chart_svg(rv, hand=hand)
>>> pic.count('class="mark ') == len(rv.decisions)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .draw import INK, SvgWrapper, document, escape, num, text_at

__all__ = [
    "MARK_STYLES",
    "ChartPoint",
    "MarkStyle",
    "chance_words",
    "chart_points",
    "decision_steps",
    "did_words",
    "forced_plays",
    "label_word",
    "mark_words",
    "plain_label",
    "review_chart_svg",
]


def _list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class MarkStyle(NamedTuple):
    """How a label is drawn: a fill colour, a shape and the letter(s) in it."""

    colour: str
    shape: str  # circle | square | diamond | triangle
    letter: str


#: Each label's look (colours: 4.5:1 or more on the chart's background and under white).
MARK_STYLES: dict[str, MarkStyle] = {
    "best": MarkStyle("#00704A", "circle", "!"),
    "fine": MarkStyle("#0B5CAD", "circle", "="),
    "inaccuracy": MarkStyle("#8A5A00", "square", "?!"),
    "mistake": MarkStyle("#B33C00", "diamond", "?"),
    "blunder": MarkStyle("#A8001C", "triangle", "??"),
    "too close to call": MarkStyle("#5E6166", "circle", "~"),
}
_BEST_LINE = "#4A6A8A"
_VERBS = {"bid": "bid", "contract": "named", "play": "played", "discard": "laid aside"}


def label_word(decision: Any) -> str:
    """The word for one judged decision: ``"best"`` when nothing better was there (its
    loss is 0: it is the best option or ties it), else the coach's label."""
    if decision.loss <= 1e-9 and decision.label == "fine":
        return "best"
    return str(decision.label)


#: A label in a beginner's words, where the coach's own names a word the course teaches
#: later (the coach's ``NO_DIFFERENCE``: "mark" is taught by the scoring chapter).
_PLAIN_LABELS = {"no difference to the mark": "no difference to who wins the hand"}


def plain_label(word: str) -> str:
    """A decision's label in a beginner's words (most labels are already)."""
    return _PLAIN_LABELS.get(word, word)


def _article(word: str) -> str:
    if word == "best":
        return "the best choice"
    if word in ("fine", "too close to call") or word.startswith("no difference"):
        return word
    return ("an " if word[0] in "aeiou" else "a ") + word


def _amount(x: float, unit: str, plain: bool = False) -> str:
    if unit == "points":
        return f"{x:.1f} points"
    # A mark is what a hand adds to its winners' score: plain, "on the score".
    return f"{x:.2f} on the score" if plain else f"{x:.2f} marks"


def chance_words(decision: Any, choice: str) -> str:
    """A play judged by the bid's mark (its ``goal``, "makes 30"), as how often the side
    reaches it with ``choice``: ``"your side makes 30 in about 55 of 100 hands like
    this"`` (exact: a play's expected mark is the stake times won minus lost)."""
    chance = decision.chance(choice)
    how = ("every hand" if chance >= 1 else "no hand" if chance <= 0
           else f"about {round(100 * chance)} of 100 hands")
    return f"your side {decision.goal} in {how} like this"


def did_words(kind: str, chosen: str) -> str:
    """What was done, as a verb: ``"played 5-1"``, ``"bid 30"``, ``"passed"``."""
    if kind == "bid" and chosen == "pass":
        return "passed"
    return f"{_VERBS.get(kind, kind)} {chosen}"


def mark_words(decision: Any, you: str = "you", *, plain: bool = False) -> str:
    """The spoken label of a decision's mark: ``"Trick 3: you played 5-1, a mistake,
    lost 4.2 points"``. ``plain``: in a beginner's words, no "marks" (a play judged by
    the bid's mark as its chance, :func:`chance_words`)."""
    word = plain_label(label_word(decision)) if plain else label_word(decision)
    where = str(decision.where or decision.kind).capitalize()
    out = f"{where}: {you} {did_words(decision.kind, decision.chosen)}, {_article(word)}"
    if decision.loss <= 1e-9:
        return out
    if plain and bool(getattr(decision, "goal", "")):
        best = max(decision.options, key=lambda o: o.expected).choice
        return (f"{out}: {chance_words(decision, decision.chosen)}, "
                f"{round(100 * decision.chance(best))} with {best}")
    return f"{out}, lost {_amount(decision.loss, decision.unit, plain)}"


def decision_steps(hand: Any, review: Any) -> list[int]:
    """For each decision of ``review``, the index in ``hand.actions`` of the action it
    judged (``hand.at(step)`` is the position just before it)."""
    where: dict[tuple[str, int], int] = {}
    counts: dict[str, int] = {}
    for step, action in enumerate(hand.actions):
        i = counts.get(action.kind, 0)
        counts[action.kind] = i + 1
        if action.seat == review.seat:
            where[(action.kind, i)] = step
    return [where[(d.kind, d.index)] for d in review.decisions]


def forced_plays(hand: Any, review: Any) -> list[tuple[int, str]]:
    """The plays of ``review``'s seat that the review leaves out because they were no
    choice (only one domino could be played): ``(step in hand.actions, "trick 4")``."""
    judged = set(decision_steps(hand, review))
    out = []
    for step, action in enumerate(hand.actions):
        if action.kind != "play" or action.seat != review.seat or step in judged:
            continue
        before = hand.at(step)
        if len(before.legal_plays()) == 1:
            out.append((step, f"trick {len(before.tricks) + 1}"))
    return out


def _short(where: str) -> str:
    """A decision's place as an x label: "T3", "B1", "Tr" (trumps), "W" (the widow)."""
    short = where.replace("trick ", "T").replace("bid ", "B")
    return short.replace("trumps", "Tr").replace("the widow", "W")


class ChartPoint(NamedTuple):
    """One decision on the chart: what the best choice was worth and what the chosen
    one was (in the chart's unit, the points already taken included), or ``None`` for
    a decision drawn on the strip (judged in another unit)."""

    best: float | None
    chosen: float | None


def chart_points(review: Any, hand: Any = None) -> tuple[str, list[ChartPoint]]:
    """(the chart's unit, one point per decision). The unit is that of the plays (points
    in a points contract, marks when the hand is won or lost as one); with ``hand`` the
    points the side had already taken are added, so the line is the whole hand's."""
    plays = [d for d in review.decisions if d.kind == "play"]
    unit = plays[0].unit if plays else "points"
    # Plays judged by the bid's mark: drawn as the chance (in %) that the side gets it.
    goal = next((d.goal for d in plays if getattr(d, "goal", "")), "")
    steps = decision_steps(hand, review) if hand is not None else None
    out = []
    for n, d in enumerate(review.decisions):
        if d.kind != "play" or d.unit != unit:
            out.append(ChartPoint(None, None))
            continue
        best = max(o.expected for o in d.options)
        mine = next((o.expected for o in d.options if o.choice == d.chosen), best - d.loss)
        if goal:  # the judged decision reads its own chances (Judged.chance)
            top = max(d.options, key=lambda o: o.expected).choice
            out.append(ChartPoint(100 * d.chance(top), 100 * d.chance(d.chosen)))
            continue
        banked = 0.0
        if steps is not None and unit == "points":
            before = hand.at(steps[n])
            banked = float(before.points[before.rules.share_of(review.seat)])
        out.append(ChartPoint(banked + best, banked + mine))
    return (f"chance your side {goal}" if goal else unit), out


def _shape(style: MarkStyle, x: float, y: float, r: float) -> str:
    fill = f'fill="{style.colour}" stroke="#FFFFFF" stroke-width="1.5"'
    if style.shape == "square":
        return (f'<rect class="shape" x="{num(x - r * 0.9)}" y="{num(y - r * 0.9)}" '
                f'width="{num(1.8 * r)}" height="{num(1.8 * r)}" {fill}/>')
    if style.shape == "diamond":
        k = r * 1.2
        return (f'<polygon class="shape" points="{num(x)},{num(y - k)} {num(x + k)},{num(y)} '
                f'{num(x)},{num(y + k)} {num(x - k)},{num(y)}" {fill}/>')
    if style.shape == "triangle":
        k = r * 1.25
        return (f'<polygon class="shape" points="{num(x - k)},{num(y - 0.8 * k)} '
                f'{num(x + k)},{num(y - 0.8 * k)} {num(x)},{num(y + k)}" {fill}/>')
    return f'<circle class="shape" cx="{num(x)}" cy="{num(y)}" r="{num(r)}" {fill}/>'


def _mark(n: int, decision: Any, x: float, y: float, r: float, controls: bool,
          you: str, plain: bool = False) -> str:
    word = label_word(decision)
    style = MARK_STYLES.get(word, MARK_STYLES["too close to call"])
    words = escape(mark_words(decision, you, plain=plain))
    cls = word.replace(" ", "-")
    attrs = (f'class="mark mark-{cls}" data-decision="{n}" data-label="{escape(word)}" '
             f'data-colour="{style.colour}"')
    if controls:
        # data-play: the table widget's buttons (texas42.widgets.table_widget) are these.
        attrs += (f' data-play="m{n}" data-legal="true" role="button" tabindex="0" '
                  f'aria-label="{words}"')
    ring = (f'<circle class="focus-ring" cx="{num(x)}" cy="{num(y)}" r="{num(r + 5)}" '
            f'fill="none" stroke="{INK}" stroke-width="2.5" visibility="hidden"/>')
    fs = r * (1.05 if len(style.letter) == 1 else 0.85)
    letter = (f'<text x="{num(x)}" y="{num(y + fs * 0.36)}" font-size="{num(fs)}" '
              f'text-anchor="middle" fill="#FFFFFF" font-weight="700" '
              f'aria-hidden="true">{escape(style.letter)}</text>')
    # A bigger invisible target: a finger on a phone.
    hit = (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r + 6)}" fill="#FFFFFF" '
           f'fill-opacity="0"/>')
    return (f"<g {attrs}><title>{words}</title>{hit}{ring}{_shape(style, x, y, r)}"
            f"{letter}</g>")


def _polyline(points: Sequence[tuple[float, float]], colour: str, dash: str, cls: str) -> str:
    if len(points) < 2:
        return ""
    pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    d = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<polyline class="{cls}" points="{pts}" fill="none" stroke="{colour}" '
            f'stroke-width="2.5"{d} stroke-linejoin="round"/>')


def _taken_line(x1: float, x2: float, y: float, cls: str) -> str:
    """The dotted line of the points taken (on the chart, and its sample in the legend)."""
    return (f'<line class="{cls}" x1="{num(x1)}" y1="{num(y)}" x2="{num(x2)}" y2="{num(y)}" '
            f'stroke="{INK}" stroke-width="1.5" stroke-dasharray="2 3"/>')


def review_chart_svg(review: Any, *, hand: Any = None, width: float = 640,
                     height: float = 250, controls: bool = False,
                     selected: int | None = None, you: str = "you",
                     plain: bool = False) -> SvgWrapper:
    """The chart of ``review`` (a :class:`~texas42.analysis.coach.Review`; ``hand``, the
    hand it judged, adds the points already taken and the real result). ``controls``:
    the marks are buttons; ``selected``: that decision's mark is drawn ringed (the one
    shown); ``you``: who made the decisions, in the marks' words; ``plain``: in a
    beginner's words (no "marks": a hand's marks are said as the score)."""
    decisions = list(review.decisions)
    unit, points = chart_points(review, hand)
    # The plays that were no choice have a place of their own on the x axis, greyed and
    # explained under the chart, so that a trick missing from the chart is never silent.
    forced = forced_plays(hand, review) if hand is not None else []
    slots = sorted([(s, 1, i) for i, s in enumerate(decision_steps(hand, review))]
                   + [(s, 0, k) for k, (s, _) in enumerate(forced)]) if forced else []
    slot_of = {i: at for at, (_, judged, i) in enumerate(slots) if judged}
    fs = 13.0
    narrow = width < 480  # a phone: the legend goes under the title
    left, right, top = 46.0, 14.0, 46.0 if narrow else 30.0
    strip = 34.0 if any(p.chosen is None for p in points) else 0.0
    note = 18.0 if forced else 0.0
    height += note
    bottom = 24.0 + strip + note
    plot_h = height - top - bottom
    n = max(len(decisions) + len(forced), 1)
    step = (width - left - right) / n
    values = [v for p in points for v in (p.best, p.chosen) if v is not None]
    real = None
    # The points taken, when every trick was played (a hand may end once it is decided,
    # while the coach's estimates count every trick to the end).
    if (hand is not None and unit == "points" and getattr(hand, "is_over", False)
            and len(hand.tricks) >= hand.rules.hand_size):
        real = float(hand.points[hand.rules.share_of(review.seat)])
        values.append(real)
    chance = unit.startswith("chance")
    if unit == "points":
        lo, hi = 0.0, max([42.0, *values])
    elif chance:
        lo, hi = 0.0, 100.0
    else:
        m = max([1.0, *(abs(v) for v in values)])
        lo, hi = -m, m

    def y_of(v: float) -> float:
        return top + plot_h * (1 - (v - lo) / (hi - lo))

    def x_of(i: int) -> float:  # decision i
        return left + (slot_of.get(i, i) + 0.5) * step

    head = ("Your side's expected points" if unit == "points"
            else f"The {unit}" if chance
            else "Expected score, yours less theirs" if plain
            else "Your side's expected marks")
    body = [text_at(left, 18, head, fs, bold=True)]
    # The legend of the two lines (the marks' letters are explained under the chart).
    # (The points taken are named here too, not beside their line, where a mark may sit.)
    legend_w = 150.0 if real is None else 240.0
    lx, ly = (left, 34.0) if narrow else (width - right - legend_w, 14.0)
    body.append(_polyline([(lx, ly), (lx + 22, ly)], _BEST_LINE, "6 4", "legend-best"))
    body.append(text_at(lx + 26, ly + 4, "best", 11.5))
    body.append(_polyline([(lx + 62, ly), (lx + 84, ly)], INK, "", "legend-chosen"))
    body.append(text_at(lx + 88, ly + 4, "yours", 11.5))
    if real is not None:
        body.append(_taken_line(lx + 128, lx + 150, ly, "legend-real"))
        body.append(text_at(lx + 154, ly + 4, f"taken: {real:.0f}", 11.5))
    # Axis and grid.
    ticks = ([float(t) for t in range(0, int(hi) + 1, 10)] if unit == "points"
             else [lo + (hi - lo) * k / 4 for k in range(5)])
    def tick_words(t: float) -> str:
        return f"{t:.0f}" if unit == "points" else f"{t:.0f}%" if chance else f"{t:+.1f}"
    for t in ticks:
        y = y_of(t)
        body.append(f'<line x1="{num(left)}" y1="{num(y)}" x2="{num(width - right)}" '
                    f'y2="{num(y)}" stroke="#B8C2B8" stroke-width="1"/>')
        body.append(text_at(left - 6, y + 4, tick_words(t), 11.5, anchor="end"))
    if real is not None:
        body.append(_taken_line(left, width - right, y_of(real), "real"))
    best_line = [(x_of(i), y_of(p.best)) for i, p in enumerate(points) if p.best is not None]
    mine_line = [(x_of(i), y_of(p.chosen)) for i, p in enumerate(points)
                 if p.chosen is not None]
    body.append(_polyline(best_line, _BEST_LINE, "6 4", "line-best"))
    body.append(_polyline(mine_line, INK, "", "line-chosen"))
    for i, p in enumerate(points):  # the loss: from the best to the chosen
        if p.best is not None and p.chosen is not None and p.best - p.chosen > 1e-9:
            body.append(f'<line class="gap" x1="{num(x_of(i))}" y1="{num(y_of(p.best))}" '
                        f'x2="{num(x_of(i))}" y2="{num(y_of(p.chosen))}" '
                        f'stroke="{_BEST_LINE}" stroke-width="1.5"/>')
    base = height - note  # the x labels' row sits above the note
    if strip:
        y = base - 24 - strip / 2
        body.append(text_at(left - 6, y + 4, "bids", 11.5, anchor="end"))
    r = max(7.0, min(11.0, step * 0.32))
    for i, (d, p) in enumerate(zip(decisions, points, strict=True)):
        y = y_of(p.chosen) if p.chosen is not None else base - 24 - strip / 2
        if selected == i:
            body.append(f'<circle class="selected" cx="{num(x_of(i))}" cy="{num(y)}" '
                        f'r="{num(r + 8)}" fill="none" stroke="{INK}" stroke-width="2"/>')
        body.append(_mark(i, d, x_of(i), y, r, controls, you, plain))
    # x labels: where each decision was (every one, or every other when crowded).
    every = 1 if step >= 34 else 2 if step >= 17 else 3
    for i, d in enumerate(decisions):
        if slot_of.get(i, i) % every == 0:
            body.append(text_at(x_of(i), base - 8, _short(str(d.where)), 11, anchor="middle"))
    left_out = ""
    if forced:
        for at, (_, judged, k) in enumerate(slots):
            if judged:
                continue
            x = left + (at + 0.5) * step
            body.append(f'<g class="forced" data-where="{escape(forced[k][1])}">'
                        f'<line x1="{num(x)}" y1="{num(top)}" x2="{num(x)}" y2="{num(base - 24)}" '
                        f'stroke="#8A8F96" stroke-width="1" stroke-dasharray="1 3"/>'
                        + text_at(x, base - 8, _short(forced[k][1]), 11, anchor="middle")
                        + "</g>")
        names = [_short(w) for _, w in forced]
        # (On a phone the short form: the long one ran past the chart's right edge.)
        left_out = (f"{_list(names)}: only one domino could be played" if narrow
                    else f"{_list(names)}: not judged, only one domino could be played")
        body.append(text_at(8.0 if narrow else left, height - 6, left_out, 11.5,
                            cls="forced-note"))
    title = (f"Review chart: {len(decisions)} decision{'s' if len(decisions) != 1 else ''}"
             + (f", the hand's result {real:.0f} points for your side" if real is not None
                else ""))
    what = (f"The {unit}" if chance else "Expected score for your side, less the opponents'"
            if plain and unit == "marks" else f"Expected {unit} for your side")
    desc = (f"{what} through the hand: a dashed line for the best "
            "choice, a solid line for what you could expect after your choice. "
            + "; ".join(mark_words(d, you, plain=plain) for d in decisions) + "."
            + (f" {' and '.join(w.capitalize() for _, w in forced)}: not judged, only one "
               "domino could be played." if forced else ""))
    return document(width, height, title, desc, "".join(body), "review-chart-svg",
                    interactive=controls)
