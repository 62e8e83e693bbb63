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
from .svg.review_chart import chance_words, did_words, label_word, plain_label

#: Guesses per decision in the explorers, the same for the hint and the review so that
#: both are one judgement (:func:`texas42.analysis.coach.advise`): the coach's own
#: default, a hint well under a second, a review a few (away from 42's tables the worlds
#: are played through the engine, slower: fewer).
COACH_SAMPLES = coach.DEFAULT_SAMPLES
HINT_SAMPLES = REVIEW_SAMPLES = COACH_SAMPLES
TABLE_SAMPLES = 16
HINDSIGHT = "Hindsight (all hands open)"
#: How many of the largest losses a review lists under its chart.
TOP_LOSSES = 3
#: The toggle that opens a plain hint's or review's figures (the coach's reason, its table).
FULL_FIGURES = "Show the full figures"
#: How the coach judges, in a beginner's words (no "guesses": the game chapter teaches it).
COACH_METHOD = ("the coach played this hand out many times, with the dominoes you cannot "
                "see placed in different ways")
#: What a hand's marks are, in a beginner's words (the scoring chapter teaches "mark"):
#: the coach judges a hand by what it adds to each side's score, the other side's taken off.
SCORE_WORDS = ("your side's score less the opponents'; a hand won adds 1, or more after a "
               "big bid")


def fold(*parts: str) -> str:
    """``parts`` folded under :data:`FULL_FIGURES` (a plain hint's or review's figures)."""
    return (f'<details class="t42-hint-figures"><summary>{FULL_FIGURES}</summary>'
            + "".join(parts) + "</details>")


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


def total_words(rv: Review, *, plain: bool = False) -> str:
    """What the seat's decisions gave away in all, in what the game scores: ``"about
    0.35 marks"`` or ``"about 6.2 points"`` (never more than the hand could swing).
    ``plain``: a hand's marks as the score (``"about 0.35 on the score"``: the same
    number, :data:`SCORE_WORDS`), for a learner who has not met the word "mark"."""
    total = rv.total_loss
    if rv.unit == "marks":
        if plain:
            return f"about {total:.2f} on the score"
        return f"about {total:.2f} mark{'' if abs(total - 1) < 5e-3 else 's'}"
    return f"about {total:.1f} points"


def outcome_words(hand: Any, seat: int, *, plain: bool = False) -> str:
    """How the hand went for ``seat``'s side, in the game's words and the seat's (after
    the hand): "You and your partner made 30 ...", as the table says it (``plain``:
    without the word "mark", as the Play page's table says it)."""
    r = hand.result
    if r is None:
        return "Everyone passed: no score."
    return str(r.describe(seen_by=seat, plain=plain))


def review_summary(rv: Review, hand: Any = None, *, plain: bool = False
                   ) -> tuple[str, str]:
    """The explorers' one-line verdict on a review and its message kind ("good" when the
    whole hand lost less than the coach's "fine" limit): the decisions' cost in what the
    game scores, and (given the ``hand``) how the hand went (``plain``: in a beginner's
    words, :func:`total_words`)."""
    total = rv.total_loss
    went = f" {outcome_words(hand, rv.seat, plain=plain)}" if hand is not None else ""
    text = ("Every decision of yours was sound, from what you could see." if total < 1e-9
            else f"Your decisions cost your side {total_words(rv, plain=plain)} on average, "
                 "judged from what you could see.") + went
    fine = coach.LABELS[0][0] / (coach.POINTS_PER_MARK if rv.unit == "marks" else 1)
    return text, "good" if total < fine else "info"


def _verdict(d: Judged, you: str, plain: bool) -> str:
    """What was done and the label: ``"Trick 3: you played 5-0 — a mistake"``."""
    label = plain_label(d.label) if plain else d.label
    # Nothing better was there: say so (the chart marks it "best").
    word = f"{label}, the best choice" if label_word(d) == "best" else label
    return f"{d.where.capitalize()}: {you} {did_words(d.kind, d.chosen)} — {word}"


def plain_line(d: Judged, you: str = "you") -> str:
    """One decision in a beginner's words, with no "marks", "guesses" or "count" (the
    coach's reason says them: a plain review folds it with the figures). A play judged by
    the bid's mark is said as a chance (:func:`~texas42.svg.review_chart.chance_words`):
    ``"Trick 3: you played 5-0 — a mistake: your side makes 30 in about 55 of 100 hands
    like this with 5-0, about 70 with 6-4."``; a loss in marks as the score."""
    head = _verdict(d, you, plain=True)
    if d.goal and d.label != coach.NO_DIFFERENCE:
        best = max(d.options, key=lambda o: o.expected).choice
        other = ("" if d.loss <= 1e-9
                 else f", about {round(100 * d.chance(best))} with {best}")
        return f"{head}: {chance_words(d, d.chosen)} with {d.chosen}{other}."
    if d.loss <= 1e-9:
        return f"{head}."
    amount = (f"{d.loss:.2f} on the score" if d.unit == "marks"
              else f"{_fmt(d.loss, d.unit)} {d.unit}")
    return f"{head}, losing about {amount} on average."


def review_lines(rv: Review, you: str = "you", *, plain: bool = False) -> list[str]:
    """One plain line per decision (for the explorers' ``state`` and tests); ``plain``:
    in a beginner's words, without the coach's reason (:func:`plain_line`)."""
    if plain:
        return [plain_line(d, you) for d in rv.decisions]
    return [_verdict(d, you, plain=False)
            + ("" if d.loss == 0 else f", about {_fmt(d.loss, d.unit).lstrip('+')} "
               f"{d.unit} lost on average") + f". {d.reason}"
            for d in rv.decisions]


def review_html(rv: Review, you: str = "you", *, hindsight: bool = True,
                plain: bool = False) -> str:
    """The review: each decision, the expected value of every option, the loss, the
    label and the reason; the hindsight beside it, labelled (``hindsight=False``:
    left out, as the review view does until its hindsight toggle is on). ``plain``: in
    a beginner's words, each decision's reason and figures folded under
    :data:`FULL_FIGURES` (they say "guesses" and "marks")."""
    if not rv.decisions:
        return page(p("No decision to review: every action was forced."))
    parts = [p(f"Review from what {you} could see: for each decision {COACH_METHOD}, "
               "each time to the end." if plain else
               f"Review from what {you} could see: each decision was judged over "
               f"{rv.samples} guesses of the hidden dominoes that fit everything seen at "
               "that moment, each played to the end.")]
    for d, line in zip(rv.decisions, review_lines(rv, you, plain=plain), strict=True):
        table = options_table(d.options, d.unit, d.chosen, goal=d.goal, stake=d.stake)
        parts += [p(line), fold(p("The coach: " + d.reason), table) if plain else table]
        h = d.hindsight
        if hindsight and h is not None and (h.get("points") is not None
                                            or h.get("bidder_tricks") is not None):
            parts.append(
                '<p style="margin:0 0 8px 1em;color:#555;font-size:0.9em">'
                + html.escape(f"{HINDSIGHT}: {coach.hindsight_words(h)}. Not advice: nobody sees "
                              "every hand.") + "</p>")
    total = rv.total_loss
    parts.append(p("Every decision was sound, from what you could see." if total < 1e-9
                   else f"In all, {total_words(rv, plain=plain)} given away on average."))
    return page(*parts)


def loss_points(loss: float, unit: str) -> float:
    """A loss in points (a mark counts as :data:`~texas42.analysis.coach.POINTS_PER_MARK`)."""
    return loss * coach.POINTS_PER_MARK if unit == "marks" else loss


def loss_sentence(d: Judged, you: str = "you", *, plain: bool = False) -> str:
    """One sentence on one costly decision: what was chosen, what was better, how much
    (``plain``: in a beginner's words, a play judged by the bid's mark as its chance)."""
    best = max(d.options, key=lambda o: o.expected)
    head = f"{str(d.where).capitalize()}: {you} {did_words(d.kind, d.chosen)}, {label_word(d)}; "
    if plain and d.goal:
        return (f"{head}with {best.choice} {chance_words(d, best.choice)}, with "
                f"{d.chosen} about {round(100 * d.chance(d.chosen))}.")
    if plain:
        amount = f"{d.loss:.1f} points" if d.unit == "points" else f"{d.loss:.2f} on the score"
        return f"{head}{best.choice} was expected to do better by about {amount}."
    amount = f"{d.loss:.1f} points" if d.unit == "points" else f"{d.loss:.2f} marks"
    return f"{head}{best.choice} was expected to do {amount} better."


def largest_losses(decisions: Sequence[Judged], top: int) -> list[int]:
    """The indexes of the ``top`` decisions that lost most (in points), largest first."""
    lost = [i for i, d in enumerate(decisions) if d.loss > 1e-9]
    lost.sort(key=lambda i: -loss_points(decisions[i].loss, decisions[i].unit))
    return lost[:top]
