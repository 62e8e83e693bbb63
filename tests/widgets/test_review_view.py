"""The review as a picture in the explorers (texas42/widgets/_review_view.py, issue 22):
a mark shows that moment, a what-if plays on and returns, hindsight only when asked."""

from __future__ import annotations

import dataclasses
import html

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, coach, play_hand
from texas42.analysis.coach import review
from texas42.svg.review_chart import label_word, mark_words
from texas42.widgets import PlayExplorer, ReplayExplorer
from texas42.widgets._coach import HINDSIGHT
from texas42.widgets._pictures import table_pic
from texas42.widgets._review_view import (
    CHECK_LABEL,
    CLOSER_FACTOR,
    HINDSIGHT_TOGGLE,
    ReviewView,
)

from .helpers import check_clean
from .test_coach_widgets import _play_through


def _view(seed: int = 5, seat: int = 2) -> tuple[Hand, ReviewView]:
    hand = Hand(Deal.from_seed(seed), shaker=3)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    view = ReviewView()
    view.show(hand, [(seat, review(hand, seat, samples=8, seed=1))])
    return hand, view


def _ids(svg: str) -> str:
    """A picture without its per-call ids (two drawings of one position compare equal)."""
    import re

    return re.sub(r"t42-[0-9a-f]+-\d+", "ID", svg)


def test_one_mark_per_decision_and_a_mark_shows_that_moment() -> None:
    hand, view = _view()
    rv = view.reviews[0][1]
    marks = view.marks
    assert [b.domino for b in marks[: len(rv.decisions)]] == [
        f"m{i}" for i in range(len(rv.decisions))]
    assert view.moment not in view.children  # nothing shown yet
    plays = [i for i, (_, _, d, _) in enumerate(view.decisions) if d.kind == "play"]
    i = plays[1]
    view.chart.handle({"play": f"m{i}"})  # what a click or Enter on the mark sends
    assert view.shown == i and view.moment in view.children
    _, _, d, step = view.decisions[i]
    before = hand.at(step)
    # The table just before the decision, from the learner's seat, nothing else open.
    assert _ids(view.moment_table.value) == _ids(table_pic(before, seat=2, show_all=False))
    assert d.where.capitalize() in view.moment_head.value
    assert 'class="selected"' in view.chart.value  # the mark shown is ringed
    # The choices the learner did not make are the what-if buttons.
    legal = sorted(str(x) for x in before.legal_plays())
    offered = sorted(b.description for b in view.what_if_row.children)
    assert offered == sorted(x for x in legal if x != d.chosen)


def test_a_loss_sentence_shows_its_moment_too() -> None:
    _, view = _view()
    sentences = view.loss_sentences()
    assert 1 <= len(sentences) <= 3
    losses = [b for b in view.chart.buttons if b.domino.startswith("l")]
    assert [b.label for b in losses] == sentences
    view.chart.handle({"play": losses[0].domino})
    i = int(losses[0].domino[1:])
    assert view.shown == i
    # Largest first, in points (a mark counts as 42).
    pts = [view.decisions[int(b.domino[1:])][2] for b in losses]
    sizes = [d.loss * (42 if d.unit == "marks" else 1) for d in pts]
    assert sizes == sorted(sizes, reverse=True)


def test_what_if_plays_on_to_the_end_and_back_returns() -> None:
    hand, view = _view()
    real = [str(a) for a in hand.actions]
    i = next(i for i, (_, _, d, _) in enumerate(view.decisions) if d.kind == "play")
    view.show_decision(i)
    other = view.what_if_row.children[0]
    other.click()
    branch = view.what_if
    assert branch is not None and branch.is_over
    _, _, d, step = view.decisions[i]
    assert [str(a) for a in branch.actions[:step]] == real[:step]  # the same hand up to there
    assert str(branch.actions[step].value) == other.description != d.chosen
    box = html.unescape(view.what_if_box.value)
    assert "The real hand" in box and f"What if {other.description}" in box
    assert hand.result is not None and branch.result is not None
    # Seen from the learner's seat (2), as the table and the review's summary say it.
    assert hand.result.describe(seen_by=2) in box and branch.result.describe(seen_by=2) in box
    assert [str(a) for a in hand.actions] == real  # the real hand is untouched
    view.back_button.click()
    assert view.shown is None and view.what_if is None
    assert view.moment not in view.children and 'class="selected"' not in view.chart.value


def test_hindsight_is_off_at_first_labelled_and_a_toggle() -> None:
    _, view = _view()
    assert view.hindsight.value is False
    assert view.hindsight.description == HINDSIGHT_TOGGLE == "Hindsight: with every hand shown"
    assert view.hindsight in view.children
    view.show_decision(0)
    assert HINDSIGHT not in view.value and HINDSIGHT not in view.moment_text.value
    view.hindsight.value = True
    assert HINDSIGHT in view.value  # the full list, labelled
    plays = [i for i, (_, _, d, _) in enumerate(view.decisions) if d.kind == "play"]
    view.show_decision(plays[0])
    assert HINDSIGHT in view.moment_text.value and "Not advice" in view.moment_text.value
    view.hindsight.value = False
    assert HINDSIGHT not in view.value and HINDSIGHT not in view.moment_text.value


def test_a_verdict_too_close_to_call_looked_at_closer_takes_the_new_verdict_everywhere(
) -> None:
    """"Look closer" on a verdict too close to call: the same judge over CLOSER_FACTOR
    times the guesses (the same seed and continuation, :func:`coach.judge`) replaces the
    first in the review, the moment, the chart and the list; it is offered only where the
    verdict was too close to call."""
    hand, view = _view(seed=6, seat=2)  # seed 6, seat 2: plays too close at 8 guesses
    close = [i for i, (_, _, d, _) in enumerate(view.decisions) if d.label == coach.TOO_CLOSE]
    called = [i for i, (_, _, d, _) in enumerate(view.decisions) if d.label != coach.TOO_CLOSE]
    assert close and called
    view.show_decision(called[0])
    assert view.check_row.layout.display == "none"
    i = close[-1]
    view.show_decision(i)
    _, rv, first, step = view.decisions[i]
    assert view.check_row.layout.display == "" and view.check_button.description == CHECK_LABEL
    others = [d for j, (_, _, d, _) in enumerate(view.decisions) if j != i]
    view.check_button.click()
    _, rv2, again, step2 = view.decisions[i]
    want = coach.judge(hand.at(step), first.chosen, samples=rv.samples, seed=rv.seed,
                       max_samples=CLOSER_FACTOR * coach.CAP_FACTOR * rv.samples)
    assert again == dataclasses.replace(want, hindsight=first.hindsight)
    assert again.continuation == first.continuation and step2 == step
    assert again.worlds > first.worlds  # more guesses than the first look's cap
    assert view.reviews[0][1] is rv2 and again in rv2.decisions and first not in rv2.decisions
    assert [d for j, (_, _, d, _) in enumerate(view.decisions) if j != i] == others
    assert mark_words(again, view.you) in html.unescape(view.moment_head.value)
    assert f"Looked at closer, over {again.worlds} guesses" in view.check_box.value
    assert view.check_row.layout.display == ("" if again.label == coach.TOO_CLOSE else "none")
    assert f'data-label="{label_word(again)}"' in view.chart.value


def test_the_full_list_stays_folded() -> None:
    _, view = _view()
    assert view.full in view.children
    assert view.full.value.startswith('<details class="t42-review-all">')
    assert " open" not in view.full.value.split(">")[0]
    assert "guesses of the hidden dominoes" in view.value


def test_the_play_explorer_review_is_the_chart() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    _play_through(ex)
    ex.review_button.click()
    check_clean(ex, "review")
    view = ex.review_box
    assert isinstance(view, ReviewView)
    n = len(ex.state["review"])
    assert n == len(view.decisions) and len(view.marks) == n
    view.chart.handle({"play": "m0"})
    check_clean(ex, "mark")
    assert ex.message.startswith("Shown: ")
    view.what_if_row.children[0].click()
    check_clean(ex, "what if")
    assert ex.message.startswith("What if ")
    view.back_button.click()
    assert ex.message.startswith("Back to the real hand")
    ex.next_button.click()  # a new hand clears the review
    assert ex.review_box.value == "" and ex.review_box.children == ()


def test_nonsense_from_the_page_is_ignored() -> None:
    _, view = _view()
    for name in ("m999", "mx", "l-1", "", "6-4", "m"):
        view.chart.handle({"play": name})
        assert view.shown is None


def test_the_replay_explorer_review_is_the_chart_too() -> None:
    ex = ReplayExplorer(seed=2)
    ex.review_seat.value = 1
    ex.review_button.click()
    check_clean(ex, "review")
    view = ex.review_box
    assert len(view.marks) >= len(view.decisions) > 0
    assert "Seat 1 " in view.chart.value  # its marks say who decided
    view.chart.handle({"play": "m0"})
    assert view.shown == 0
