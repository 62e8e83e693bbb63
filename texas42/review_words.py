"""The coach's review in plain words and HTML (no widgets): one source for the Play
page's review (:mod:`texas42.widgets._coach`, :mod:`texas42.widgets._review_view`) and
the classroom's review of a seat at a table (:mod:`texas42.classroom.reviews`).

Also the coach's settings as the explorers use them (:data:`REVIEW_SAMPLES`,
:func:`coach_samples`), so every place that reviews a hand judges it alike.

>>> from texas42 import Deal, Hand
>>> from texas42.analysis import RuleBasedPlayer, play_hand
>>> from texas42.analysis.coach import review
>>> hand = Hand(Deal.from_seed(5), shaker=3)
>>> _ = play_hand(hand, [RuleBasedPlayer()] * 4)
>>> rv = review(hand, 2, samples=4, seed=1, hindsight=False)
>>> review_summary(rv)[0].startswith(("Every decision", "Your decisions cost"))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from .analysis import coach
from .analysis.coach import Judged, Option, Review
from .html_parts import p, page, unseen
from .svg.review_chart import did_words, label_word

#: Guesses per decision in the explorers, the same for the hint and the review so that
#: both are one judgement (:func:`texas42.analysis.coach.advise`): a hint well under a
#: second, a review a few (away from 42's tables the worlds are played through the
#: engine, slower: fewer).
COACH_SAMPLES = 32
HINT_SAMPLES = REVIEW_SAMPLES = COACH_SAMPLES
TABLE_SAMPLES = 16
HINDSIGHT = "Hindsight (all hands open)"
#: How many of the largest losses a review lists under its chart.
TOP_LOSSES = 3


def coach_samples(hand: Any, samples: int | None = None, default: int = REVIEW_SAMPLES
                  ) -> int:
    """The guesses the explorers' coach takes for ``hand``: ``samples`` when given, else
    ``default`` at 42's tables and :data:`TABLE_SAMPLES` at the others."""
    if samples is not None:
        return samples
    return default if hand.rules.is_42 else TABLE_SAMPLES


def _fmt(x: float, unit: str) -> str:
    return f"{x:.1f}" if unit == "points" else f"{x:+.2f}"


def options_table(options: Sequence[Option], unit: str, chosen: str | None = None,
                  top: int = 6, goal: str = "", stake: int = 1) -> str:
    """The expected value of each option, best first, the chosen one marked; past the
    ``top`` best (a bid has up to 15 choices) one line says how many more, all worse.
    With a ``goal`` (a play judged by the bid's mark: "makes 30") each value is shown
    as the chance that the side reaches it."""
    best = max(o.expected for o in options)
    ranked = sorted(options, key=lambda o: -o.expected)
    shown = [o for i, o in enumerate(ranked) if i < top or o.choice == chosen]
    rows = []
    for o in shown:
        mark = " (best)" if best - o.expected < 1e-9 else ""
        mine = " ← yours" if o.choice == chosen else ""
        style = ' style="font-weight:bold"' if o.choice == chosen else ""
        value = (f"{round(100 * coach.chance_of(o.expected, stake))}%" if goal
                 else _fmt(o.expected, unit))
        rows.append(f"<tr{style}><td>{html.escape(o.choice)}</td>"
                    f"<td style='text-align:right'>{value}</td>"
                    f"<td>{html.escape(mark + mine)}</td></tr>")
    if len(shown) < len(ranked):
        more = len(ranked) - len(shown)
        rows.append(f"<tr><td colspan='3'>… and {more} more choice{'s' if more > 1 else ''}, "
                    "each expected to do worse</td></tr>")
    what = f"chance your side {goal}" if goal else f"expected {unit}"
    head = (f"<tr><th>choice</th><th>{html.escape(what)}</th>"
            f"<th>{unseen('best or yours')}</th></tr>")
    return ('<table style="border-collapse:collapse;margin:2px 0 6px 1em;font-size:0.95em">'
            + head + "".join(rows) + "</table>")


def total_words(rv: Review) -> str:
    """What the seat's decisions gave away in all, in what the game scores: ``"about
    0.35 marks"`` or ``"about 6.2 points"`` (never more than the hand could swing)."""
    total = rv.total_loss
    if rv.unit == "marks":
        return f"about {total:.2f} mark{'' if abs(total - 1) < 5e-3 else 's'}"
    return f"about {total:.1f} points"


def outcome_words(hand: Any, seat: int) -> str:
    """How the hand went for ``seat``'s side, in the game's words and the seat's (after
    the hand): "You and your partner made 30 ...", as the table says it."""
    r = hand.result
    if r is None:
        return "Everyone passed: no score."
    return str(r.describe(seen_by=seat))


def review_summary(rv: Review, hand: Any = None) -> tuple[str, str]:
    """The explorers' one-line verdict on a review and its message kind ("good" when the
    whole hand lost less than the coach's "fine" limit): the decisions' cost in what the
    game scores, and (given the ``hand``) how the hand went."""
    total = rv.total_loss
    went = f" {outcome_words(hand, rv.seat)}" if hand is not None else ""
    text = ("Every decision of yours was sound, from what you could see." if total < 1e-9
            else f"Your decisions cost your side {total_words(rv)} on average, judged from "
                 "what you could see.") + went
    fine = coach.LABELS[0][0] / (coach.POINTS_PER_MARK if rv.unit == "marks" else 1)
    return text, "good" if total < fine else "info"


def review_lines(rv: Review, you: str = "you") -> list[str]:
    """One plain line per decision (for the explorers' ``state`` and tests)."""
    out = []
    for d in rv.decisions:
        # Nothing better was there: say so (the chart marks it "best").
        word = f"{d.label}, the best choice" if label_word(d) == "best" else d.label
        out.append(f"{d.where.capitalize()}: {you} {did_words(d.kind, d.chosen)} — {word}"
                   + ("" if d.loss == 0 else f", about {_fmt(d.loss, d.unit).lstrip('+')} "
                      f"{d.unit} lost on average") + f". {d.reason}")
    return out


def review_html(rv: Review, you: str = "you", *, hindsight: bool = True) -> str:
    """The review: each decision, the expected value of every option, the loss, the
    label and the reason; the hindsight beside it, labelled (``hindsight=False``:
    left out, as the review view does until its hindsight toggle is on)."""
    if not rv.decisions:
        return page(p("No decision to review: every action was forced."))
    parts = [p(f"Review from what {you} could see: each decision was judged over "
               f"{rv.samples} guesses of the hidden dominoes that fit everything seen at "
               "that moment, each played to the end.")]
    for d, line in zip(rv.decisions, review_lines(rv, you), strict=True):
        parts.append(p(line))
        parts.append(options_table(d.options, d.unit, d.chosen, goal=d.goal, stake=d.stake))
        h = d.hindsight
        if hindsight and h is not None and (h.get("points") is not None
                                            or h.get("bidder_tricks") is not None):
            parts.append(
                '<p style="margin:0 0 8px 1em;color:#555;font-size:0.9em">'
                + html.escape(f"{HINDSIGHT}: {coach.hindsight_words(h)}. Not advice: nobody sees "
                              "every hand.") + "</p>")
    total = rv.total_loss
    parts.append(p("Every decision was sound, from what you could see." if total < 1e-9
                   else f"In all, {total_words(rv)} given away on average."))
    return page(*parts)


def loss_points(loss: float, unit: str) -> float:
    """A loss in points (a mark counts as :data:`~texas42.analysis.coach.POINTS_PER_MARK`)."""
    return loss * coach.POINTS_PER_MARK if unit == "marks" else loss


def loss_sentence(d: Judged, you: str = "you") -> str:
    """One sentence on one costly decision: what was chosen, what was better, how much."""
    best = max(d.options, key=lambda o: o.expected)
    amount = (f"{d.loss:.1f} points" if d.unit == "points" else f"{d.loss:.2f} marks")
    return (f"{str(d.where).capitalize()}: {you} {did_words(d.kind, d.chosen)}, {label_word(d)}; "
            f"{best.choice} was expected to do {amount} better.")


def largest_losses(decisions: Sequence[Judged], top: int) -> list[int]:
    """The indexes of the ``top`` decisions that lost most (in points), largest first."""
    lost = [i for i, d in enumerate(decisions) if d.loss > 1e-9]
    lost.sort(key=lambda i: -loss_points(decisions[i].loss, decisions[i].unit))
    return lost[:top]
