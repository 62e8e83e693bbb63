"""The coach's review in a beginner's words (issue 34, item 3): on the Play page, before the
course has taught "marks", "guesses" and "count", the review says a play judged by the
bid's mark as its chance of making (or setting) the bid, and a hand's marks as the score
(the same number); the coach's reasons and figures, which say those words, stay folded
under "Show the full figures". The full words are unchanged (texas42/review_words.py,
texas42/svg/review_chart.py)."""

from __future__ import annotations

import dataclasses
import functools
import html
import re

from widgets.helpers import check_clean
from widgets.test_coach_widgets import _play_through

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, coach, play_hand
from texas42.analysis.coach import Judged, Review, review
from texas42.review_words import (
    FULL_FIGURES,
    loss_sentence,
    plain_line,
    review_html,
    review_lines,
    review_summary,
    total_words,
)
from texas42.svg.review_chart import mark_words, review_chart_svg
from texas42.widgets import PlayExplorer
from texas42.widgets._review_view import ReviewView

#: The words the course teaches later (the count chapter, scoring, the game chapter).
EXPERTS_WORDS = re.compile(r"\bmarks?\b|\bguess(es)?\b|\bcount\b", re.I)
FOLD = re.compile(r'<details class="t42-hint-figures">.*?</details>', re.S)


def shown(html_text: str) -> str:
    """What a reader meets: the text outside the folded figures, and what a screen reader
    is told (aria-label, title, desc); never class names or data attributes."""
    text = FOLD.sub(" ", html_text)
    told = " ".join(re.findall(r'aria-label="([^"]*)"', text))
    return re.sub(r"<[^>]+>", " ", text) + " " + told


@functools.cache
def _reviewed(seed: int, seat: int, bid: int | None = None) -> tuple[Hand, Review]:
    """A hand played out by rule-based players (``bid``: seat 0 opens with it, the others
    pass) and the coach's review of ``seat``."""
    hand = Hand(Deal.from_seed(seed), shaker=3)
    if bid is not None:
        hand.bid(bid)
        for _ in range(3):
            hand.bid(0)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    return hand, review(hand, seat, samples=8, seed=1, hindsight=False)


def _best(d: Judged) -> str:
    return max(d.options, key=lambda o: o.expected).choice


def test_a_play_judged_by_the_bids_mark_is_said_as_its_chance() -> None:
    _, rv = _reviewed(5, 0)
    plays = [d for d in rv.decisions if d.goal and d.label != coach.NO_DIFFERENCE]
    lost = [d for d in plays if d.loss > 1e-9]
    assert plays and lost
    for d in plays:
        line = plain_line(d)
        mine, best = round(100 * d.chance(d.chosen)), round(100 * d.chance(_best(d)))
        assert f"your side {d.goal} in about {mine} of 100 hands like this with {d.chosen}" \
            in line, line
        assert (f"about {best} with {_best(d)}" in line) is (d.loss > 1e-9), line
        # The chance is the coach's own measure, exactly: a hand bid for points is won
        # (+stake) or lost (-stake), so a loss in marks is twice the stake times the chance.
        gap = d.chance(_best(d)) - d.chance(d.chosen)
        assert abs(d.loss - 2 * d.stake * gap) < 1e-9
    for line in review_lines(rv, plain=True):
        assert not EXPERTS_WORDS.search(line), line


def test_a_hands_marks_are_said_as_the_score_the_same_number() -> None:
    _, rv = _reviewed(5, 0)
    assert rv.unit == "marks" and rv.total_loss > 0
    number = f"{rv.total_loss:.2f}"
    assert total_words(rv) == f"about {number} marks"
    assert total_words(rv, plain=True) == f"about {number} on the score"
    # A decision judged in marks without a chance (a hand bid in marks: no goal).
    _, marked = _reviewed(1, 0, bid=42)
    d = next(d for d in marked.decisions if d.loss > 1e-9 and not d.goal)
    assert plain_line(d).endswith(f", losing about {d.loss:.2f} on the score on average.")
    assert f"about {d.loss:.2f} marks lost on average" in review_lines(marked)[
        marked.decisions.index(d)]


def test_the_summary_says_the_hand_in_a_beginners_words() -> None:
    hand, rv = _reviewed(5, 0)
    plain, kind = review_summary(rv, hand, plain=True)
    full, full_kind = review_summary(rv, hand)
    assert kind == full_kind  # the same verdict, other words
    assert not EXPERTS_WORDS.search(plain), plain
    assert "add 1 to the score" in plain and total_words(rv, plain=True) in plain
    assert "1 mark" in full and total_words(rv) in full


def test_the_reasons_and_figures_are_folded_in_a_plain_review() -> None:
    _, rv = _reviewed(5, 0)
    plain = review_html(rv, plain=True)
    assert not EXPERTS_WORDS.search(shown(plain)), EXPERTS_WORDS.findall(shown(plain))
    folds = FOLD.findall(plain)
    assert len(folds) == len(rv.decisions)
    for d, folded in zip(rv.decisions, folds, strict=True):
        assert f"<summary>{FULL_FIGURES}</summary>" in folded
        assert d.reason.split(":")[0] in folded and "<table" in folded
    full = review_html(rv)
    assert "guesses" in shown(full) and FULL_FIGURES not in full


def test_the_largest_losses_in_a_beginners_words() -> None:
    _, rv = _reviewed(5, 0)
    d = next(d for d in rv.decisions if d.goal and d.loss > 1e-9)
    said = loss_sentence(d, plain=True)
    assert (f"with {_best(d)} your side {d.goal} in about "
            f"{round(100 * d.chance(_best(d)))} of 100 hands like this, with {d.chosen} "
            f"about {round(100 * d.chance(d.chosen))}.") in said, said
    assert "marks better" in loss_sentence(d)
    _, marked = _reviewed(1, 0, bid=42)
    d = next(d for d in marked.decisions if d.loss > 1e-9 and not d.goal)
    assert loss_sentence(d, plain=True).endswith(
        f"was expected to do better by about {d.loss:.2f} on the score.")


def test_a_play_that_changes_nothing_is_said_without_the_mark() -> None:
    _, rv = _reviewed(5, 0)
    d = next(d for d in rv.decisions if d.goal)
    same = dataclasses.replace(d, label=coach.NO_DIFFERENCE, loss=0.0)
    where = d.where.capitalize()
    assert mark_words(same, plain=True) == (
        f"{where}: you played {d.chosen}, no difference to who wins the hand")
    assert mark_words(same) == f"{where}: you played {d.chosen}, no difference to the mark"
    assert plain_line(same) == (
        f"{where}: you played {d.chosen} — no difference to who wins the hand.")


def test_the_chart_speaks_a_beginners_words() -> None:
    for seed, seat, bid in ((5, 0, None), (1, 0, 42)):
        hand, rv = _reviewed(seed, seat, bid)
        for width in (360, 640):
            pic = str(review_chart_svg(rv, hand=hand, width=width, controls=True, plain=True))
            assert not EXPERTS_WORDS.search(shown(pic)), EXPERTS_WORDS.findall(shown(pic))
    # A hand bid in marks: its plays are drawn in the score, said so.
    hand, rv = _reviewed(1, 0, 42)
    assert "Expected score, yours less theirs" in str(
        review_chart_svg(rv, hand=hand, plain=True))
    assert "Your side's expected marks" in str(review_chart_svg(rv, hand=hand))


def _words(*parts: str) -> list[str]:
    return EXPERTS_WORDS.findall(" ".join(shown(html.unescape(x)) for x in parts))


def test_the_review_view_in_plain_words_moment_closer_look_and_what_if() -> None:
    """The review view on the Play page: its head, key, chart, largest losses and full
    list; a moment, a closer look and a what-if, all without the course's later words."""
    hand, rv = _reviewed(6, 2)  # seed 6, seat 2: plays too close to call at 8 guesses
    view = ReviewView(plain=True)
    view.show(hand, [(2, rv)])
    assert "(your side's score less the opponents'" in html.unescape(view.head.value)
    assert "Key: " in view.legend.value and "Choose a symbol" in view.legend.value
    assert not _words(view.head.value, view.legend.value, view.chart.value, view.full.value)
    assert "guesses" not in view.check_button.tooltip
    i = next(i for i, (_, _, d, _) in enumerate(view.decisions) if d.label == coach.TOO_CLOSE)
    view.show_decision(i)
    assert not _words(view.moment_head.value, view.moment_text.value,
                      view.moment_table.value, view.chart.value)
    assert FULL_FIGURES in view.moment_text.value  # the coach's reason and table, folded
    view.check_button.click()
    again = view.decisions[i][2]
    assert f"Looked at closer, played out {again.worlds} times" in view.check_box.value
    assert not _words(view.check_box.value, view.moment_head.value, view.moment_text.value)
    view.what_if_row.children[0].click()
    assert "to the score" in html.unescape(view.what_if_box.value)
    assert not _words(view.what_if_box.value)
    # The full words where the course has taught them.
    full = ReviewView()
    full.show(hand, [(2, rv)])
    assert "guesses" in full.check_button.tooltip and "marks" in shown(full.value)
    assert "Key: " in full.legend.value  # a symbol on the chart is never called a mark


def test_the_guided_play_page_reviews_in_plain_words() -> None:
    """The Play page's explorer (guided: plain words) passes its one switch to the review:
    the message, the review, its lines in the state and the table after the hand."""
    ex = PlayExplorer(seed=5, seat=0, guided=True)
    _play_through(ex)
    ex.review_button.click()
    check_clean(ex, "review")
    assert ex.review_box.plain
    assert ex.message.startswith("Review: ") and not _words(ex.message), ex.message
    assert ex.state["review"] and not _words(*ex.state["review"])
    view = ex.review_box
    assert not _words(view.value, view.legend.value, view.chart.value)
    assert "to the score" in html.unescape(ex.table.value)  # the table's status, plain
    assert not _words(ex.table.value)
    plain_off = PlayExplorer(seed=5, seat=0)
    assert not plain_off.review_box.plain
