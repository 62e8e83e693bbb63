"""Sphinx extension of this book: ``{check}``, a one-question multiple-choice check.

A chapter of the course ends with a few of these ("Check yourself")::

    :::{check} Who wins this trick: `6-4` led, then `6-1`, `5-5`, `6-6` (no trumps)?
    - `6-4` | No: `6-6` is a higher six.
    - `6-6` * | Yes: the highest domino of the suit led wins.
    - `5-5` | No: `5-5` is not a six, so it cannot win a trick in which sixes were led.
    :::

Use the colon fence (``:::``): a backtick fence cannot take a question with `code` in it
(CommonMark ends the info string of a backtick fence at the first backtick, and the
block silently becomes text).

The argument is the question. Each ``- `` line of the body is one answer: its text, a
``*`` after the text of the one right answer, then ``|`` and the feedback that answer
gets (a long option may go on over indented lines). Text in backticks is shown as code.
A check without exactly one right answer, with fewer than two answers or with an answer
without feedback fails the build.

The page gets static, accessible HTML: a ``<fieldset>`` whose ``<legend>`` is the
question, one radio button with its ``<label>`` per answer, a Check button and an
``aria-live`` region where the chosen answer's feedback appears. Everything works with
the keyboard (arrow keys choose, Enter or the button checks) and without Python; without
JavaScript the button is hidden and a list of every answer's feedback is shown instead.
The script and stylesheet (``course_check_static/``) are added only to pages that have
a check. The script keeps which checks of each page were answered, and whether right at
the first try, in ``localStorage["texas42-checks"]``; on the classroom server a student
of the class also sends it there (``texas42/classroom/checks.py``: the teacher's page).
The directive cannot run the engine: each chapter proves its right answers in a hidden
code cell (tag ``remove-cell``) just before its checks.
Enabled from _config.yml (``sphinx.local_extensions``).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped,unused-ignore]
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from static_assets import add_html_node, add_on_pages_with, copy_to_static

STATIC = Path(__file__).parent / "course_check_static"
JS_FILE = "course-check.js"
CSS_FILE = "course-check.css"
_CODE = re.compile(r"`([^`]+)`")
logger = logging.getLogger(__name__)


class CheckSyntaxError(ValueError):
    """A ``{check}`` body that does not follow the syntax."""


@dataclass(frozen=True)
class Answer:
    text: str
    right: bool
    feedback: str


# The page says "Right." or "Not quite." before the feedback, so a feedback that opens with
# its own verdict ("Yes: ...", "No: ...") would state it twice.
_VERDICT = re.compile(r"^(?:yes|no|right|wrong|correct|not quite)\s*[:.,;!-]\s*", re.IGNORECASE)


def without_verdict(feedback: str) -> str:
    """``feedback`` without a leading verdict word, its first letter capitalised.

    >>> without_verdict("No: marks are scored, not points.")
    'Marks are scored, not points.'
    >>> without_verdict("Almost: add one point for the trick.")
    'Almost: add one point for the trick.'
    """
    rest = _VERDICT.sub("", feedback, count=1)
    if rest == feedback or not rest:
        return feedback
    return rest[0].upper() + rest[1:]


def parse_answers(lines: list[str] | tuple[str, ...]) -> list[Answer]:
    """The answers of a check from the lines of its body (see the module docstring)."""
    items: list[str] = []
    for raw in lines:
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith(("- ", "* ")) or line in ("-", "*"):
            items.append(line[2:].strip())
        elif items and line[:1].isspace():
            items[-1] += " " + line.strip()
        else:
            raise CheckSyntaxError(f"expected an answer starting with '- ', got {line.strip()!r}")
    answers = []
    for item in items:
        text, bar, feedback = item.partition("|")
        if not bar:
            raise CheckSyntaxError(f"answer {item!r} has no '|' before its feedback")
        text, feedback = text.strip(), feedback.strip()
        right = text.endswith(" *") or text == "*"
        if right:
            text = text[:-1].rstrip()
        if not text:
            raise CheckSyntaxError(f"an answer has no text (feedback {feedback!r})")
        if not feedback:
            raise CheckSyntaxError(f"answer {text!r} has no feedback")
        answers.append(Answer(text, right, without_verdict(feedback)))
    if len(answers) < 2:
        raise CheckSyntaxError(f"a check needs two answers or more, not {len(answers)}")
    n_right = sum(a.right for a in answers)
    if n_right != 1:
        raise CheckSyntaxError(f"a check needs exactly one right answer (marked *), not {n_right}")
    if len({a.text for a in answers}) != len(answers):
        raise CheckSyntaxError("two answers of a check have the same text")
    return answers


def inline_html(text: str) -> str:
    """Escaped text, with `backticks` shown as code."""
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        out.append(f"<code>{html.escape(part)}</code>" if i % 2 else html.escape(part))
    return "".join(out)


def plain(text: str) -> str:
    return _CODE.sub(r"\1", text)


def render_html(uid: str, question: str, answers: list[Answer]) -> str:
    """The HTML of one check (``uid`` is unique in its page)."""
    esc = html.escape
    rows = []
    for i, a in enumerate(answers):
        rows.append(
            '<div class="course-check-answer">'
            f'<input type="radio" id="{uid}-{i}" name="{uid}" value="{i}" '
            f'data-right="{"true" if a.right else "false"}" '
            f'data-feedback="{esc(plain(a.feedback))}">'
            f'<label for="{uid}-{i}">{inline_html(a.text)}</label>'
            "</div>"
        )
    key = "".join(
        f"<li>{inline_html(a.text)}: <strong>{'right' if a.right else 'not right'}.</strong> "
        f"{inline_html(a.feedback)}</li>"
        for a in answers
    )
    return (
        f'<form class="course-check" id="{uid}" novalidate>'
        f'<fieldset><legend>{inline_html(question)}</legend>{"".join(rows)}</fieldset>'
        '<div class="course-check-bar">'
        '<button type="submit" class="course-check-button" hidden>Check</button>'
        "</div>"
        f'<p class="course-check-feedback" id="{uid}-feedback" role="status" '
        'aria-live="polite"></p>'
        f'<noscript><ul class="course-check-key">{key}</ul></noscript>'
        "</form>\n"
    )


class course_check(nodes.General, nodes.Element):  # type: ignore[misc]
    """A check: rendered as HTML only (other builders show nothing)."""


class CheckDirective(SphinxDirective):
    """``{check} question``; the body lists the answers."""

    has_content = True
    required_arguments = 1
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        try:
            answers = parse_answers(list(self.content))
        except CheckSyntaxError as error:
            raise self.error(f"check {self.arguments[0]!r}: {error}") from None
        number = self.env.new_serialno("course-check")
        node = course_check()
        node["uid"] = f"course-check-{number + 1}"
        node["question"] = self.arguments[0]
        node["answers"] = [(a.text, a.right, a.feedback) for a in answers]
        self.set_source_info(node)
        return [node]


def find_broken_checks(app: Sphinx, doctree: nodes.document) -> None:
    """Warn (which fails the strict build) where a check became text: a backtick fence
    whose question has `code` in it."""
    for para in doctree.findall(nodes.paragraph):
        if para.astext().startswith("```{check}"):
            logger.warning(
                "a {check} block became text: write it with the colon fence, :::{check}",
                location=para,
            )


def visit_course_check_html(self: Any, node: course_check) -> None:
    answers = [Answer(t, r, f) for t, r, f in node["answers"]]
    self.body.append(render_html(node["uid"], node["question"], answers))
    raise nodes.SkipNode


def add_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The script and stylesheet, on the pages that have a check."""
    add_on_pages_with(app, doctree, course_check, JS_FILE, CSS_FILE)


def copy_static(app: Sphinx, exception: Exception | None) -> None:
    copy_to_static(app, exception, [(STATIC / name, name) for name in (JS_FILE, CSS_FILE)])


def setup(app: Sphinx) -> dict[str, Any]:
    add_html_node(app, course_check, visit_course_check_html)
    app.add_directive("check", CheckDirective)
    app.connect("doctree-read", find_broken_checks)
    app.connect("html-page-context", add_assets)
    app.connect("build-finished", copy_static)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
