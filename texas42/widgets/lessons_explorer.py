"""Explorer 8, lessons and quizzes: lessons stored as data files (a goal, a
starting deal or trick, the learner's seat, the accepted answers); feedback
says your turn / good / not quite (with the reason for that choice) / done;
any answer the engine proves correct is accepted."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..contracts import Contract
from ..dominoes import Domino
from ..tricks import trick_winner
from . import lesson_data as data
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box
from ._html import figure, p, page
from ._pickers import CONTRACT_LABELS
from ._pictures import domino_pic, row, table_pic, trick_pic

#: The four things the learner is told, as Lichess lessons do.
FEEDBACK = {
    "your-turn": "Your turn",
    "good": "Good",
    "not-quite": "Not quite",
    "done": "Done",
}


class LessonExplorer(Explorer):
    """Work through the lessons, chapter by chapter.

    >>> ex = LessonExplorer()
    >>> ex.state["feedback"]
    'your-turn'
    >>> ex.answer(ex.state["accepted"][0]); ex.state["feedback"] in ("good", "done")
    True
    """

    title = "Lessons"

    def __init__(self, chapter: int | str = 0, lesson: int = 0) -> None:
        super().__init__()
        self.chapters = data.load_chapters()
        self.chapter_picker = dropdown(
            "Chapter:",
            [(f"{c.order}. {c.title}", i) for i, c in enumerate(self.chapters)],
            0,
            width="26em",
        )
        self.lesson_picker = dropdown("Lesson:", [("-", 0)], 0, width="30em")
        self.prev_button = button("◀ Previous lesson", "the lesson before")
        self.next_button = button("Next lesson ▶", "the next lesson")
        self.hint_button = button("Hint", "a hint, without the answer")
        self.show_button = button("Show me", "show an accepted answer and why")
        self.continue_button = button("Continue ▶", "on to the next step", style="success")
        self.options_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.status_box = html_box()
        self.lesson_box = html_box()
        self.picture = html_box()
        self.prompt_box = html_box()
        self.chapter_picker.observe(self._on_chapter, names="value")
        self.lesson_picker.observe(self._on_lesson, names="value")
        self.prev_button.on_click(self._on_prev)
        self.next_button.on_click(self._on_next)
        self.hint_button.on_click(self._on_hint)
        self.show_button.on_click(self._on_show)
        self.continue_button.on_click(self._on_continue)
        self.ui = W.VBox(
            [
                W.HBox([self.chapter_picker, self.lesson_picker]),
                W.HBox([self.prev_button, self.next_button]),
                self.lesson_box,
                self.picture,
                self.prompt_box,
                self.options_box,
                self.status_box,
                self.message_box,
                W.HBox([self.hint_button, self.show_button, self.continue_button]),
            ]
        )
        self.ui.add_class("t42-lessons")
        self.step_index = 0
        self.feedback = "your-turn"
        self.tries: list[str] = []
        self.solved: set[str] = set()
        self._shown: str | None = None
        self._busy = False
        self._open(chapter, lesson)

    # -- where we are ----------------------------------------------------------------------
    @property
    def chapter(self) -> data.Chapter:
        return self.chapters[int(self.chapter_picker.value)]

    @property
    def lesson(self) -> data.Lesson:
        return self.chapter.lessons[int(self.lesson_picker.value)]

    @property
    def step(self) -> data.Step:
        return self.lesson.steps[self.step_index]

    @safe
    def _open(self, chapter: int | str, lesson: int) -> None:
        index = (
            chapter
            if isinstance(chapter, int)
            else next(
                (i for i, c in enumerate(self.chapters) if chapter.lower() in c.title.lower()), 0
            )
        )
        self._busy = True
        try:
            self.chapter_picker.value = max(0, min(int(index), len(self.chapters) - 1))
            self._fill_lessons()
            self.lesson_picker.value = max(0, min(lesson, len(self.chapter.lessons) - 1))
        finally:
            self._busy = False
        self._start_lesson()

    def _fill_lessons(self) -> None:
        self.lesson_picker.options = [
            (f"{i + 1}. {les.title}", i) for i, les in enumerate(self.chapter.lessons)
        ]
        self.lesson_picker.value = 0

    def _start_lesson(self) -> None:
        self.step_index = 0
        self._start_step()

    def _start_step(self) -> None:
        self.feedback = "your-turn"
        self.tries = []
        self._shown = None
        self.render()
        self.show_message(f"{FEEDBACK['your-turn']}: {self.step.prompt}")

    # -- callbacks -------------------------------------------------------------------------------
    @safe
    def _on_chapter(self, _change: Any = None) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            self._fill_lessons()
        finally:
            self._busy = False
        self._start_lesson()

    @safe
    def _on_lesson(self, _change: Any = None) -> None:
        if not self._busy:
            self._start_lesson()

    def _move(self, by: int) -> None:
        c, les = int(self.chapter_picker.value), int(self.lesson_picker.value) + by
        if les < 0:
            if c == 0:
                self.show_message("This is the first lesson.", kind="warn")
                return
            c -= 1
            les = len(self.chapters[c].lessons) - 1
        elif les >= len(self.chapter.lessons):
            if c == len(self.chapters) - 1:
                self.show_message("This is the last lesson: well done!", kind="good")
                return
            c, les = c + 1, 0
        self._open(c, les)

    @safe
    def _on_prev(self, _b: Any = None) -> None:
        self._move(-1)

    @safe
    def _on_next(self, _b: Any = None) -> None:
        self._move(1)

    @safe
    def _on_hint(self, _b: Any = None) -> None:
        hint = self.step.hint or "Read the question again, slowly: every word matters."
        self.show_message(f"Hint: {hint}", kind="info")

    @safe
    def _on_show(self, _b: Any = None) -> None:
        good = data.accepted(self.step)
        if not good:
            self.show_message("No answer is right here (the lesson file is wrong).", kind="error")
            return
        choice = good[0]
        _, why = data.explain_choice(self.step, choice)
        self._shown = choice
        self.feedback = "your-turn"
        self.render()
        others = f" (also right: {', '.join(good[1:])})" if len(good) > 1 else ""
        self.show_message(f"Show me: {choice}{others}. {why} Now choose it yourself.")

    @safe
    def _on_continue(self, _b: Any = None) -> None:
        if self.feedback == "good":
            self.step_index += 1
            self._start_step()
        elif self.feedback == "done":
            self._move(1)
        else:
            self.show_message("Answer first: choose one of the options above.", kind="warn")

    def _option_click(self, b: W.Button) -> None:
        self.answer(str(b.tooltip).removeprefix("answer: "))

    @safe
    def answer(self, choice: str) -> None:
        """Answer the current step with ``choice`` (an option's text)."""
        if self.feedback in ("good", "done"):
            self.show_message("Already answered: press Continue.", kind="warn")
            return
        offered = data.options(self.step)
        if choice not in offered:
            self.show_message(
                f"{choice!r} is not one of the choices: {', '.join(offered)}.", kind="warn"
            )
            return
        right, why = data.explain_choice(self.step, choice)
        self.tries.append(choice)
        if right:
            last = self.step_index == len(self.lesson.steps) - 1
            self.feedback = "done" if last else "good"
            if last:
                self.solved.add(self.lesson.id)
            self.render(chosen=choice)
            tail = (
                " Lesson complete: press Continue for the next one."
                if last
                else " Press Continue for the next step."
            )
            self.show_message(f"{FEEDBACK[self.feedback]}: {why}{tail}", kind="good")
        else:
            self.feedback = "not-quite"
            self.render(chosen=choice)
            self.show_message(
                f"{FEEDBACK['not-quite']}: {why} Try another choice, or ask for a hint.",
                kind="error",
            )

    # -- state ------------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        return {
            "chapter": self.chapter.title,
            "lesson": self.lesson.id,
            "step": self.step_index,
            "steps": len(self.lesson.steps),
            "feedback": self.feedback,
            "options": data.options(self.step),
            "accepted": data.accepted(self.step),
            "tries": list(self.tries),
            "solved": sorted(self.solved),
            "message": self.message,
        }

    # -- drawing ----------------------------------------------------------------------------
    def render(self, chosen: str | None = None) -> None:
        les, st = self.lesson, self.step
        self.lesson_box.value = page(
            # Not a heading: the page's own headings keep their order (axe heading-order).
            f'<p class="t42-lesson-title" style="margin:4px 0;font-size:1.3em;'
            f'font-weight:bold">{les.title}</p>',
            p(f"Goal: {les.goal}"),
            p(les.teach) if self.step_index == 0 else "",
        )
        self.picture.value = self._picture(chosen)
        self.prompt_box.value = page(
            f'<p style="font-size:1.15em;font-weight:bold;margin:6px 0">Step {self.step_index + 1} '
            f"of {len(les.steps)}: {st.prompt}</p>"
        )
        done = self.feedback in ("good", "done")
        buttons = []
        for opt in data.options(st):
            style = ""
            if chosen == opt:
                style = "success" if done else "danger"
            elif self._shown == opt:
                style = "info"
            b = button(
                opt
                + (" ✔" if done and chosen == opt else "")
                + (" ✖" if not done and chosen == opt else ""),
                f"answer: {opt}",
                style=style,
                width="auto",
            )
            b.on_click(self._option_click)
            buttons.append(b)
        self.options_box.children = buttons
        words = FEEDBACK[self.feedback]
        self.status_box.value = page(
            f'<p style="font-size:1.1em;margin:4px 0"><b>{words}</b> · lesson '
            f"{int(self.lesson_picker.value) + 1} of {len(self.chapter.lessons)} in "
            f"“{self.chapter.title}” · solved so far: {len(self.solved)}</p>"
        )
        self.continue_button.disabled = not done

    def _picture(self, chosen: str | None) -> str:
        q = self.step.question
        kind = q["type"]
        done = self.feedback in ("good", "done")
        if kind == "led-suit":
            c = Contract.parse(q["contract"])
            d = Domino.parse(q["domino"])
            return page(
                p(CONTRACT_LABELS.get(str(c), str(c)) + "."),
                figure(domino_pic(d, size=64), f"{d} is led"),
            )
        if kind in ("winner", "points"):
            trick = [Domino.parse(x) for x in q["trick"]]
            c = Contract.parse(q.get("contract", "follow-me"))
            win = trick_winner(trick, c) if done and kind == "winner" else None
            text = p(CONTRACT_LABELS.get(str(c), str(c)) + ".") if kind == "winner" else ""
            return page(text, trick_pic(trick, int(q.get("leader", 0)), c, win))
        if kind == "count":
            ds = [Domino.parse(x) for x in q["dominoes"]]
            return page(row(ds, show_count=done, label="The dominoes"))
        if kind == "play":
            c = Contract.parse(q["contract"])
            trick = [Domino.parse(x) for x in q.get("trick", [])]
            hand = [Domino.parse(x) for x in q["hand"]]
            marks: dict[Domino, str] = {}
            if chosen:
                marks[Domino.parse(chosen)] = "winner" if done else "illegal"
            if self._shown:
                marks[Domino.parse(self._shown)] = "best"
            leader = int(q.get("leader", (4 - len(trick)) % 4))
            return page(
                p(CONTRACT_LABELS.get(str(c), str(c)) + "."),
                p("The trick so far:") if trick else p("You lead: nothing is played yet."),
                trick_pic(trick, leader, c) if trick else "",
                row(hand, highlight=marks, label="Your dominoes"),
            )
        if kind == "best":
            h = data.position_hand(q)
            marks = {}
            if self._shown:
                marks[Domino.parse(self._shown)] = "best"
            if chosen:
                marks[Domino.parse(chosen)] = "best" if done else "illegal"
            return table_pic(h, seat=h.to_act, show_all=False, highlight=marks)
        return ""
