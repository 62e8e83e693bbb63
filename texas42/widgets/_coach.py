"""The explorers' door to the honest coach (:mod:`texas42.analysis.coach`).

The hint and the review judge a decision from what the learner's seat could know:
guesses of the hidden dominoes that fit everything it saw, each played out. The
open-hands solver's answer is only ever an extra line, labelled as hindsight.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as W

from ..analysis import coach
from ..analysis.coach import Advice, Judged, Option, Review
from ..hand import Hand
from ..scoring import SIDE_NAMES
from ..svg.review_chart import did_words, label_word
from ._controls import showing
from ._html import p, page, unseen

#: Guesses per decision in the explorers, the same for the hint and the review so that
#: both are one judgement (:func:`texas42.analysis.coach.advise`): a hint well under a
#: second, a review a few (away from 42's tables the worlds are played through the
#: engine, slower: fewer).
COACH_SAMPLES = 32
HINT_SAMPLES = REVIEW_SAMPLES = COACH_SAMPLES
TABLE_SAMPLES = 16
HINDSIGHT = "Hindsight (all hands open)"


def _unit_words(a: Advice) -> str:
    if a.side == "you":
        return "points you score in this hand"
    if a.goal:
        return f"chance that your side {a.goal}"
    if a.unit == "marks":
        return "marks your side wins (minus marks it loses) in this hand"
    if a.kind == "play":
        return "points your side takes from here to the end of the hand"
    return "points your side scores (minus the other side's) in this hand"


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


def _samples(hand: Hand, samples: int | None, default: int) -> int:
    if samples is not None:
        return samples
    return default if hand.rules.is_42 else TABLE_SAMPLES


#: The toggle that opens a plain hint's figures (its coach's reason and table).
FULL_FIGURES = "Show the full figures"


#: How the coach judges, in a beginner's words (no "guesses": the game chapter teaches it).
COACH_METHOD = ("the coach played this hand out many times, with the dominoes you cannot "
                "see placed in different ways")


def plain_score_words(target: int, hand_number: int, ours: int, theirs: int) -> str:
    """The score of a game of marks in a beginner's words: what each side has and what wins,
    no "marks" (the scoring chapter teaches the word; a hand won is worth one or more).

    >>> plain_score_words(7, 1, 0, 0)
    'Hand 1. Score: you and your partner 0, the opponents 0. The first side to 7 wins the game.'
    """
    return (f"Hand {hand_number}. Score: {SIDE_NAMES[0]} {ours}, {SIDE_NAMES[1]} {theirs}. "
            f"The first side to {target} wins the game.")


def fold(*parts: str) -> str:
    """``parts`` folded under :data:`FULL_FIGURES` (a plain hint's or judgement's figures)."""
    return (f'<details class="t42-hint-figures"><summary>{FULL_FIGURES}</summary>'
            + "".join(parts) + "</details>")


def plain_hint_words(a: Advice) -> str:
    """The coach's advice in a beginner's words: the best choice (ties named too) and how
    the coach found it, with no "guesses", "marks" or "count" (words the course teaches
    later; the figures stay behind :data:`FULL_FIGURES`)."""
    best = a.best.expected
    tops = [o.choice for o in a.options if best - o.expected < 1e-9]
    first, others = tops[0], tops[1:]
    if a.kind == "bid":
        do = "Pass" if first == "pass" else f"Bid {first}"
    elif a.kind == "contract":
        do = f"Name {first}"
    else:
        do = f"Play {first}"
    also = f" ({' or '.join(others)} does as well)" if len(others) == 1 else (
        f" ({', '.join(others)} do as well)" if others else "")
    who = "you" if a.side == "you" else "you and your partner"
    return f"{do}{also}. {COACH_METHOD[0].upper()}{COACH_METHOD[1:]}: that did best for {who}."


def hint(hand: Hand, seed: int = 0, samples: int | None = None,
         *, plain: bool = False) -> tuple[str, str]:
    """(HTML, one-line text) of the coach's hint for the seat to act. ``plain``: in a
    beginner's words (:func:`plain_hint_words`), the coach's own reason and the table of
    figures folded under "Show the full figures" (the Play page, before the course)."""
    a = coach.advise(hand, samples=_samples(hand, samples, HINT_SAMPLES), seed=seed)
    text = str(a.reason)  # it starts with the best choice and says why
    figures = (
        p(f"{_unit_words(a).capitalize()}, for each choice, over {a.worlds} guesses of "
          "the dominoes you cannot see:" if a.goal else
          f"Expected {_unit_words(a)}, for each choice, over {a.worlds} guesses of "
          "the dominoes you cannot see:"),
        options_table(a.options, a.unit, goal=a.goal, stake=a.stake),
    )
    if not plain:
        return page(p("Hint: " + text), *figures), text
    said = plain_hint_words(a)
    return page(p("Hint: " + said), fold(p("The coach: " + text), *figures)), said


def run_review(hand: Hand, seat: int, bar: W.IntProgress | None = None,
               seed: int = 0, samples: int | None = None,
               known: Mapping[tuple[str, int], Judged] | None = None) -> Review:
    """The coach's review of ``seat``; ``bar`` shows the progress; ``known``: decisions
    judged already while the hand went on (:func:`texas42.analysis.coach.review`)."""
    samples = _samples(hand, samples, REVIEW_SAMPLES)
    if bar is None:
        return coach.review(hand, seat, samples=samples, seed=seed, known=known)

    def tick(done: int, total: int) -> None:
        bar.max, bar.value = max(total, 1), done

    with showing(bar):
        return coach.review(hand, seat, samples=samples, seed=seed, progress=tick,
                            known=known)


def total_words(rv: Review) -> str:
    """What the seat's decisions gave away in all, in what the game scores: ``"about
    0.35 marks"`` or ``"about 6.2 points"`` (never more than the hand could swing)."""
    total = rv.total_loss
    if rv.unit == "marks":
        return f"about {total:.2f} mark{'' if abs(total - 1) < 5e-3 else 's'}"
    return f"about {total:.1f} points"


def outcome_words(hand: Hand, seat: int) -> str:
    """How the hand went for ``seat``'s side, in the game's words (after the hand)."""
    r = hand.result
    if r is None:
        return "Everyone passed: no score."
    return str(r.describe())


def review_summary(rv: Review, hand: Hand | None = None) -> tuple[str, str]:
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
