"""The review as a picture: the coach's review of a hand as a chart you can click.

:class:`ReviewView` shows, for each seat the learner played, the engine's chart of the
review (:func:`texas42.svg.review_chart_svg`: a mark per decision, coloured and lettered
by its label), under it the three largest losses (one sentence each), and the full list
of decisions folded (``<details>``). A mark or a loss sentence (click, tap, or Enter) shows
the table at that moment, from the learner's seat, with only what it could see; from
there "What if I had played X?" plays another legal option and lets the computer play
on to the end of the hand, its result beside the real one, and "Back to the real hand"
returns. A verdict that was too close to call can be looked at closer ("Look closer"):
the same judge (the same continuation and seed, so the hint, the review and the closer
look are one judgement) with :data:`CLOSER_FACTOR` times the guesses; the new verdict
replaces the first everywhere (the chart, the summary, the full list, the moment, and
through the explorer's ``on_judged_again`` the kept mistakes and stored progress). The
open-hands solver's verdict (hindsight) is shown only when its toggle, "Hindsight: with
every hand shown", is on (off at first). ``plain``: in a beginner's words (the Play page's,
before the course has taught "marks", "guesses" and "count"): a hand's marks said as the
score, a play judged by the bid's mark as its chance, the coach's reasons and figures
folded under "Show the full figures".

>>> from texas42 import Deal, Hand
>>> from texas42.analysis import RuleBasedPlayer, play_hand
>>> from texas42.analysis.coach import review
>>> hand = Hand(Deal.from_seed(5), shaker=3)
>>> _ = play_hand(hand, [RuleBasedPlayer()] * 4)
>>> view = ReviewView()
>>> view.show(hand, [(2, review(hand, 2, samples=4, seed=1))])
>>> len(view.marks) == len(view.decisions), view.hindsight.value
(True, False)
>>> view.chart.handle({"play": "m0"}); view.shown
0
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from ..analysis import coach
from ..analysis.bounds import MAX_SAMPLES
from ..analysis.coach import Judged, Review
from ..analysis.players import RuleBasedPlayer, play_hand
from ..review_words import SCORE_WORDS, TOP_LOSSES, fold, largest_losses
from ..review_words import loss_sentence as loss_sentence
from ..svg.review_chart import (
    MARK_STYLES,
    decision_steps,
    did_words,
    label_word,
    mark_words,
    review_chart_svg,
)
from ._base import safe
from ._coach import HINDSIGHT, options_table, review_html, total_words
from ._controls import button, html_box, wrap_row
from ._html import SEAT_NAMES, p, page
from ._pictures import table_pic
from .table_widget import TableButton, TableWidget

#: The hindsight toggle's label: the open-hands solver sees every hand.
HINDSIGHT_TOGGLE = "Hindsight: with every hand shown"
_VERBS = {"bid": "bid", "contract": "named", "play": "played", "discard": "laid aside"}
#: "Look closer" at a verdict too close to call: this many times the review's guesses.
CLOSER_FACTOR = 4
CHECK_LABEL = "Look closer"


def _result_words(h: Any, seat: int, plain: bool = False) -> str:
    """The end of a hand in words (who made or lost what, and the score), seen from
    ``seat`` (``plain``: without the word "mark")."""
    if h.result is None:
        return "Everyone passed: the dominoes are shaken again, no score."
    return str(h.result.describe(seen_by=seat, plain=plain))


class ReviewView(W.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The review of one hand, for one or more seats the learner played.

    ``value`` is the review's text as HTML (the summary, the largest losses and the
    full list): the explorers and their tests read it; setting it shows that HTML
    alone (``""`` clears the view)."""

    def __init__(self, explorer: Any = None, you: str = "you", *, plain: bool = False) -> None:
        super().__init__()
        self.explorer = explorer
        self.you = you
        self.plain = plain
        self.hand: Any = None
        self.reviews: list[tuple[int, Review]] = []
        #: (seat, its review, the decision, the action index it judged), in chart order.
        self.decisions: list[tuple[int, Review, Judged, int]] = []
        self.shown: int | None = None  # the decision whose moment is shown
        self.what_if: Any = None  # the branch played from the shown moment
        self.what_if_choice: str | None = None
        self.head = html_box()
        self.chart = TableWidget(self._on_mark, explorer=explorer)
        self.legend = html_box()
        self.hindsight = W.Checkbox(value=False, indent=False, description=HINDSIGHT_TOGGLE,
                                    layout=W.Layout(width="auto"))
        self.hindsight.observe(self._on_hindsight, names="value")
        self.moment_head = html_box()
        self.moment_table = html_box()
        self.moment_text = html_box()
        self.what_if_label = html_box()
        self.what_if_row = wrap_row([])
        self.what_if_box = html_box()
        self.back_button = button("Back to the real hand", "leave the moment shown and the "
                                  "branch played from it")
        self.back_button.on_click(self._guarded(self.back))
        self.check_button = button(CHECK_LABEL, "too close to call: judge this decision "
                                   f"again, played out {CLOSER_FACTOR} times as often "
                                   "(a few seconds)" if plain else
                                   "too close to call: judge this decision "
                                   f"again over {CLOSER_FACTOR} times as many guesses of the "
                                   "hidden dominoes (a few seconds)")
        self.check_button.on_click(self._guarded(self.judge_again))
        self.check_row = wrap_row([self.check_button])
        self.check_box = html_box()
        self.moment = W.VBox([self.moment_head, self.moment_table, self.moment_text,
                              self.check_row, self.check_box,
                              self.what_if_label, self.what_if_row, self.what_if_box,
                              self.back_button])
        self.moment.add_class("t42-review-moment")
        self.full = html_box()
        self._plain = ""
        self.add_class("t42-review")

    # -- the HTML face the explorers had (``review_box.value``) ------------------------------
    @property
    def value(self) -> str:
        if not self.reviews:
            return self._plain
        return str(self.head.value) + str(self.full.value)

    @value.setter
    def value(self, text: str) -> None:
        self.reviews, self.decisions, self.hand = [], [], None
        self.shown, self.what_if, self.what_if_choice = None, None, None
        self._plain = text
        self.head.value = text
        self.children = [self.head] if text else []

    # -- showing a review ----------------------------------------------------------------------
    def show(self, hand: Any, reviews: Sequence[tuple[int, Review]]) -> None:
        """Show the reviews of ``hand`` (one per seat the learner played)."""
        self.hand = hand
        self.reviews = list(reviews)
        self.decisions = [(s, rv, d, step) for s, rv in self.reviews
                          for d, step in zip(rv.decisions, decision_steps(hand, rv), strict=True)]
        self.shown, self.what_if, self.what_if_choice = None, None, None
        self._plain = ""
        self.head.value = self._head_html()
        self.legend.value = self._legend_html()
        self.full.value = self._full_html()
        self.chart.draw(self._chart)
        self.children = ([self.head, self.chart, self.legend, self.hindsight, self.full]
                         if self.decisions else [self.head])

    @property
    def marks(self) -> list[TableButton]:
        """The chart's marks (and the loss sentences after them), as the table widget
        reads its buttons."""
        return [b for b in self.chart.buttons if b.domino.startswith("m")]

    def _many(self) -> bool:
        return len(self.reviews) > 1

    def _head_html(self) -> str:
        parts = []
        for s, rv in self.reviews:
            who = f"{SEAT_NAMES[s]}'s hand: " if self._many() else ""
            if not rv.decisions:
                parts.append(p(who + "No decision to review: every action was forced."))
                continue
            total = rv.total_loss
            # Plain, a hand's marks are the score: say once what that number is.
            score = f" ({SCORE_WORDS})" if self.plain and rv.unit == "marks" else ""
            words = ("every decision was sound, from what you could see." if total < 1e-9
                     else f"{total_words(rv, plain=self.plain)} given away on average{score}, "
                          f"judged from what {self.you} could see.")
            parts.append(p(f"{who}Review of {len(rv.decisions)} decisions: {words}"))
        return page(*parts)

    def _legend_html(self) -> str:
        keys = " · ".join(f"{html.escape(style.letter)} {html.escape(word)}"
                          for word, style in MARK_STYLES.items())
        return ('<p style="font-family:sans-serif;font-size:0.95em;margin:2px 0;'
                f'color:#1a1a1a">Key: {keys}. Choose a symbol or a sentence below to see '
                "the table at that moment.</p>")

    def _losses(self) -> list[int]:
        """The decisions with the largest losses (in points), largest first."""
        return largest_losses([d for _, _, d, _ in self.decisions], TOP_LOSSES)

    def loss_sentences(self) -> list[str]:
        """The sentences under the chart: the largest losses, largest first."""
        return [self._who(i) + loss_sentence(self.decisions[i][2], self.you, plain=self.plain)
                for i in self._losses()]

    def _who(self, i: int) -> str:
        return f"{SEAT_NAMES[self.decisions[i][0]]}: " if self._many() else ""

    def _chart(self, compact: bool) -> str:
        width = 360 if compact else 640
        parts = []
        flat = 0
        for s, rv in self.reviews:
            if not rv.decisions:
                continue
            sel = None if self.shown is None else self.shown - flat
            if sel is not None and not 0 <= sel < len(rv.decisions):
                sel = None  # the decision shown is in another seat's chart
            pic: str = review_chart_svg(rv, hand=self.hand, width=width, controls=True,
                                        you=self.you, selected=sel, plain=self.plain)
            # Number the marks through every seat's chart: "m<N>" is decision N of the view.
            for k in range(len(rv.decisions) - 1, -1, -1):
                pic = pic.replace(f'data-decision="{k}"', f'data-decision="{flat + k}"')
                pic = pic.replace(f'data-play="m{k}"', f'data-play="m{flat + k}"')
            head = p(f"{SEAT_NAMES[s]}'s hand:") if self._many() else ""
            parts.append(head + pic)
            flat += len(rv.decisions)
        losses = self._losses()
        if losses:
            items = "".join(
                f'<li><span class="t42-review-loss" data-play="l{i}" data-legal="true" '
                f'role="button" tabindex="0" aria-label="{html.escape(s, quote=True)}">'
                f"{html.escape(s)}</span></li>"
                for i, s in zip(losses, self.loss_sentences(), strict=True))
            parts.append('<p style="font-family:sans-serif;margin:6px 0 2px 0;'
                         'font-weight:bold">The largest losses:</p>'
                         '<ol style="font-family:sans-serif;margin:0 0 4px 0;line-height:1.5">'
                         f"{items}</ol>")
        else:
            parts.append(p("No decision lost anything the coach could measure."))
        return "".join(parts)

    def _full_html(self) -> str:
        body = "".join(
            (p(f"{SEAT_NAMES[s]}'s hand:") if self._many() else "")
            + review_html(rv, self.you, hindsight=self.hindsight.value, plain=self.plain)
            for s, rv in self.reviews)
        n = len(self.decisions)
        return (f'<details class="t42-review-all"><summary style="font-family:sans-serif;'
                f'cursor:pointer;padding:4px 0">Every decision ({n}), with the expected value '
                f"of each choice</summary>{body}</details>")

    # -- the moment of one decision -------------------------------------------------------
    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a callback that never raises to the learner (the explorer's message
        line says what went wrong)."""
        def call(*args: Any) -> Any:
            if self.explorer is None:
                return fn(*args)
            return safe(lambda _ex: fn(*args))(self.explorer)
        return call

    def _on_mark(self, name: str) -> None:
        if len(name) > 1 and name[0] in "ml" and name[1:].isdigit():
            i = int(name[1:])
            if 0 <= i < len(self.decisions):
                self.show_decision(i)

    def show_decision(self, i: int) -> None:
        """Show the table just before decision ``i``, from the learner's seat."""
        self.shown, self.what_if, self.what_if_choice = i, None, None
        seat, _, d, step = self.decisions[i]
        before = self.hand.at(step)
        self.chart.draw(self._chart)
        self.moment_head.value = page(p(self._who(i) + self._mark_words(d) + "."))
        self.moment_table.value = table_pic(before, seat=seat, show_all=False,
                                            compact=self.chart.compact, plain=self.plain)
        self.moment_text.value = self._moment_html(d)
        self.check_row.layout.display = "" if self._can_check(d) else "none"
        self.check_box.value = ""
        verb = _VERBS.get(d.kind, d.kind)
        self.what_if_label.value = page(p(f"What if I had {verb} something else? Choose it, "
                                          "and the computer plays on to the end of the hand:"))
        buttons = []
        for a in before.legal_actions():
            text = a.choice
            if text == d.chosen:
                continue
            b = button(text, f"What if I had {verb} {text}?")
            b.on_click(self._guarded(lambda _b, a=a: self.play_what_if(a)))
            buttons.append(b)
        self.what_if_row.children = buttons
        self.what_if_box.value = ""
        self.children = [self.head, self.chart, self.legend, self.hindsight, self.moment,
                         self.full]
        if self.explorer is not None:
            self.explorer.show_message(f"Shown: {self._mark_words(d)}. The table as it "
                                       "was before.")

    def _mark_words(self, d: Judged) -> str:
        return mark_words(d, self.you, plain=self.plain)

    def _moment_html(self, d: Judged) -> str:
        table = options_table(d.options, d.unit, d.chosen, goal=d.goal, stake=d.stake)
        # Plain: the coach's reason and table say "guesses" and "marks": folded.
        parts = [fold(p("The coach: " + d.reason), table)] if self.plain else [p(d.reason), table]
        h = d.hindsight
        if self.hindsight.value and h is not None:
            parts.append(p(f"{HINDSIGHT}: {coach.hindsight_words(h)}. Not advice: nobody "
                           "sees every hand."))
        return page(*parts)

    @staticmethod
    def _can_check(d: Judged) -> bool:
        """A verdict too close to call (the guesses ran out before the options parted)."""
        return d.label == coach.TOO_CLOSE

    def judge_again(self, _b: Any = None) -> None:
        """Look closer at the decision shown: the same judge over :data:`CLOSER_FACTOR`
        times the guesses (the same seed: its first guesses are the review's); the new
        verdict replaces the first in the chart, the summary, the list and the moment, and
        the explorer keeps it (``explorer.on_judged_again(reviews)``)."""
        if self.shown is None:
            return
        i = self.shown
        _seat, rv, d, step = self.decisions[i]
        if not self._can_check(d):
            return
        if self.explorer is not None:
            self.explorer.show_message("Looking closer: the coach plays the hand out more "
                                       "times…" if self.plain else
                                       "Looking closer: more guesses of the hidden dominoes…")
        cap = CLOSER_FACTOR * coach.CAP_FACTOR * rv.samples
        again = coach.judge(self.hand.at(step), d.chosen, samples=rv.samples,
                            max_samples=min(cap, MAX_SAMPLES), seed=rv.seed)
        again = dataclasses.replace(again, hindsight=d.hindsight)
        k = next(j for j, x in enumerate(rv.decisions) if x is d)
        new_rv = dataclasses.replace(
            rv, decisions=(*rv.decisions[:k], again, *rv.decisions[k + 1:]))
        self.reviews = [(s, new_rv if r is rv else r) for s, r in self.reviews]
        self.decisions = [(s, new_rv if r is rv else r, again if j == i else x, st)
                          for j, (s, r, x, st) in enumerate(self.decisions)]
        self.head.value = self._head_html()
        self.full.value = self._full_html()
        self.chart.draw(self._chart)
        self.moment_head.value = page(p(self._who(i) + self._mark_words(again) + "."))
        self.moment_text.value = self._moment_html(again)
        self.check_row.layout.display = "" if self._can_check(again) else "none"
        def over(n: int) -> str:
            return f"played out {n} times" if self.plain else f"over {n} guesses"
        said = (f"Looked at closer, {over(again.worlds)}: "
                + (f"still {again.label}." if again.label == d.label
                   else f"{label_word(again)} ({over(d.worlds)} it was {d.label})."))
        self.check_box.value = page(p(said))
        if self.explorer is not None:
            self.explorer.show_message(said)
            keep = getattr(self.explorer, "on_judged_again", None)
            if keep is not None:
                keep([r for _, r in self.reviews])

    def play_what_if(self, action: Any) -> None:
        """From the moment shown, play ``action`` instead, then the computer plays every
        seat on to the end of the hand; its result is shown beside the real one."""
        if self.shown is None:
            return
        seat, _, d, step = self.decisions[self.shown]
        branch = self.hand.at(step)
        branch.apply((action.kind, action.value))
        play_hand(branch, [RuleBasedPlayer()] * branch.seats)
        self.what_if = branch
        self.what_if_choice = action.choice
        real = _result_words(self.hand, seat, self.plain)
        then = _result_words(branch, seat, self.plain)
        pic = table_pic(branch, seat=seat, show_all=True, compact=self.chart.compact,
                        plain=self.plain)
        self.what_if_box.value = (
            '<div style="display:flex;flex-wrap:wrap;gap:12px;font-family:sans-serif">'
            '<div style="flex:1 1 16em"><p style="margin:4px 0"><b>The real hand</b>: '
            f"{html.escape(self.you)} {html.escape(did_words(d.kind, d.chosen))}. "
            f"{html.escape(real)}</p>"
            "</div>"
            '<div style="flex:1 1 16em"><p style="margin:4px 0"><b>What if '
            f"{html.escape(self.what_if_choice)}</b> (the computer played on by its rules of "
            f"thumb): {html.escape(then)}</p></div></div>" + pic)
        if self.explorer is not None:
            self.explorer.show_message(f"What if {self.what_if_choice}: {then} "
                                       f"The real hand: {real}")

    def back(self, _b: Any = None) -> None:
        """Back to the real hand: the moment and its branch are put away."""
        if not self.reviews:
            return
        self.shown, self.what_if, self.what_if_choice = None, None, None
        self.chart.draw(self._chart)
        self.what_if_box.value = ""
        self.children = [self.head, self.chart, self.legend, self.hindsight, self.full]
        if self.explorer is not None:
            self.explorer.show_message("Back to the real hand: choose a symbol to see "
                                       "another moment.")

    def _on_hindsight(self, _change: Any = None) -> None:
        if not self.reviews:
            return
        self.full.value = self._full_html()
        if self.shown is not None:
            self.moment_text.value = self._moment_html(self.decisions[self.shown][2])


__all__ = ["CHECK_LABEL", "HINDSIGHT_TOGGLE", "ReviewView", "loss_sentence"]
