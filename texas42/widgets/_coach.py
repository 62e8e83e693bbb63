"""The explorers' door to the honest coach (:mod:`texas42.analysis.coach`).

The hint and the review judge a decision from what the learner's seat could know:
guesses of the hidden dominoes that fit everything it saw, each played out. The
open-hands solver's answer is only ever an extra line, labelled as hindsight.

The review's words and the coach's settings live in :mod:`texas42.review_words` (plain,
no widgets: the classroom server words its reviews with them too); the explorers import
them from here.
"""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as W

from ..analysis import coach
from ..analysis.coach import Advice, Judged, Review
from ..hand import Hand
from ..review_words import COACH_METHOD as COACH_METHOD
from ..review_words import COACH_SAMPLES as COACH_SAMPLES
from ..review_words import FULL_FIGURES as FULL_FIGURES
from ..review_words import HINDSIGHT as HINDSIGHT
from ..review_words import HINT_SAMPLES as HINT_SAMPLES
from ..review_words import REVIEW_SAMPLES as REVIEW_SAMPLES
from ..review_words import TABLE_SAMPLES as TABLE_SAMPLES
from ..review_words import coach_samples as coach_samples
from ..review_words import fold as fold
from ..review_words import options_table as options_table
from ..review_words import outcome_words as outcome_words
from ..review_words import review_html as review_html
from ..review_words import review_lines as review_lines
from ..review_words import review_summary as review_summary
from ..review_words import total_words as total_words
from ..scoring import SIDE_NAMES
from ._controls import showing
from ._html import p, page


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


def plain_score_words(target: int, hand_number: int, ours: int, theirs: int) -> str:
    """The score of a game of marks in a beginner's words: what each side has and what wins,
    no "marks" (the scoring chapter teaches the word; a hand won is worth one or more).

    >>> plain_score_words(7, 1, 0, 0)
    'Hand 1. Score: you and your partner 0, the opponents 0. The first side to 7 wins the game.'
    """
    return (f"Hand {hand_number}. Score: {SIDE_NAMES[0]} {ours}, {SIDE_NAMES[1]} {theirs}. "
            f"The first side to {target} wins the game.")


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
         *, plain: bool = False, advice: coach.Advice | None = None) -> tuple[str, str]:
    """(HTML, one-line text) of the coach's hint for the seat to act. ``plain``: in a
    beginner's words (:func:`plain_hint_words`), the coach's own reason and the table of
    figures folded under "Show the full figures" (the Play page, before the course).
    ``advice``: the same advice worked out ahead (``Judging.advice_now``), else asked."""
    a = advice if advice is not None else coach.advise(
        hand, samples=coach_samples(hand, samples, HINT_SAMPLES), seed=seed)
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
    samples = coach_samples(hand, samples, REVIEW_SAMPLES)
    if bar is None:
        return coach.review(hand, seat, samples=samples, seed=seed, known=known)

    def tick(done: int, total: int) -> None:
        bar.max, bar.value = max(total, 1), done

    with showing(bar):
        return coach.review(hand, seat, samples=samples, seed=seed, progress=tick,
                            known=known)
