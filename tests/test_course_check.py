"""book/_ext/course_check.py: the {check} directive's syntax and HTML, without a browser.

Also: every check in the book's chapters parses, and every Learn-to-play chapter starts
with its objectives and ends with "Check yourself" (a hidden engine cell, then checks).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "course_check", REPO / "book" / "_ext" / "course_check.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("course_check", module)
    # As Sphinx loads it (local_extensions puts book/_ext on the path): for static_assets.
    sys.path.insert(0, str(REPO / "book" / "_ext"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.pop(0)
    return module


cc = _load()

EXAMPLE = """\
- 6-4 | No: 6-6 is a higher six.
- 6-6 * | Yes: the highest domino of the suit led wins.
- 5-5 | No: 5-5 is not a six, so it cannot win a trick
  in which sixes were led.
"""


def test_parse_the_example() -> None:
    answers = cc.parse_answers(EXAMPLE.splitlines())
    assert [(a.text, a.right) for a in answers] == [("6-4", False), ("6-6", True), ("5-5", False)]
    # The page puts "Right." / "Not quite." in front: the feedback's own "No:" goes.
    assert answers[2].feedback == (
        "5-5 is not a six, so it cannot win a trick in which sixes were led."
    )
    assert answers[1].feedback == "The highest domino of the suit led wins."


@pytest.mark.parametrize(
    ("feedback", "shown"),
    [
        ("Not quite: `6-3` shows a three too.", "`6-3` shows a three too."),
        ("yes, 11 is more than 8.", "11 is more than 8."),
        ("Close: the double comes first.", "Close: the double comes first."),
        ("Nothing is decided yet.", "Nothing is decided yet."),
    ],
)
def test_feedback_states_no_verdict_of_its_own(feedback: str, shown: str) -> None:
    answers = cc.parse_answers([f"- a * | {feedback}", "- b | other"])
    assert answers[0].feedback == shown


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("- a | x\n- b | y\n", "exactly one right answer"),
        ("- a * | x\n- b * | y\n", "exactly one right answer"),
        ("- a * | x\n", "two answers or more"),
        ("- a * | x\n- b y\n", "no '|'"),
        ("- a * | x\n- b |\n", "has no feedback"),
        ("- a * | x\nb | y\n", "expected an answer"),
        ("- a * | x\n- a | y\n", "same text"),
        ("- * | x\n- b | y\n", "no text"),
    ],
)
def test_bad_bodies_are_refused(body: str, message: str) -> None:
    with pytest.raises(cc.CheckSyntaxError, match=re.escape(message)):
        cc.parse_answers(body.splitlines())


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_html_is_an_accessible_form() -> None:
    answers = cc.parse_answers(EXAMPLE.splitlines())
    text = cc.render_html("course-check-7", "Who wins `6-4` <led>?", answers)
    parser = _Collect()
    parser.feed(text)
    tags = [t for t, _ in parser.tags]
    assert tags[:3] == ["form", "fieldset", "legend"]
    assert "<legend>Who wins <code>6-4</code> &lt;led&gt;?</legend>" in text
    radios = [a for t, a in parser.tags if t == "input"]
    labels = [a for t, a in parser.tags if t == "label"]
    assert [r["type"] for r in radios] == ["radio"] * 3
    assert {r["name"] for r in radios} == {"course-check-7"}
    assert [lab["for"] for lab in labels] == [r["id"] for r in radios]
    assert [r["data-right"] for r in radios] == ["false", "true", "false"]
    assert radios[0]["data-feedback"] == "6-6 is a higher six."
    (live,) = [a for t, a in parser.tags if a.get("aria-live")]
    assert live["aria-live"] == "polite" and live["role"] == "status"
    (button,) = [a for t, a in parser.tags if t == "button"]
    assert button["type"] == "submit" and "hidden" in button  # shown by the script
    assert "<noscript>" in text and text.count("<li>") == 3  # the answers without JavaScript


def test_static_files_exist_and_load_nothing_from_other_hosts() -> None:
    for name in (cc.JS_FILE, cc.CSS_FILE):
        body = (cc.STATIC / name).read_text(encoding="utf-8")
        assert "http://" not in body and "https://" not in body and "//" not in body.replace(
            "/*", ""
        ).replace("*/", "")


def _learn_chapters() -> list[str]:
    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    (part,) = [p for p in toc["parts"] if p["caption"] == "Learn to play"]
    return [c["file"] for c in part["chapters"]]


CHECK_BLOCK = re.compile(r"^:::\{check\} (.+?)\n(.*?)^:::$", re.M | re.S)


@pytest.mark.parametrize("doc", _learn_chapters())
def test_every_learn_chapter_has_objectives_and_a_check(doc: str) -> None:
    text = (REPO / f"{doc}.md").read_text(encoding="utf-8")
    # A backtick fence would turn a question with `code` in it into plain text.
    assert "```{check}" not in text, "write checks with the colon fence, :::{check}"
    heads = [line for line in text.splitlines() if line.startswith("## ")]
    assert "What you will be able to do" in text.split(heads[0])[0], "objectives first"
    assert heads[-1] == "## Check yourself", "the check is the last section"
    last = text.split("## Check yourself", 1)[1]
    assert ":tags: [remove-cell]" in last and "assert " in last, "the engine proves the key"
    checks = CHECK_BLOCK.findall(last)
    # A hand played and checked (the course's last check) stands for questions.
    played = HAND_CHECK in last
    assert 2 <= len(checks) <= 4 or (played and 1 <= len(checks) <= 4)
    for _question, body in checks:
        cc.parse_answers(body.splitlines())


HAND_CHECK = "widgets.hand_check("


def test_the_course_ends_with_a_whole_hand_played_and_checked() -> None:
    """Issue 22: the last check promised a whole hand but was four questions. Now the last
    chapter's check is a hand played in the explorer (its cell shows the explorer, not its
    code), proved passable in the build, and no other chapter promises one."""
    chapters = _learn_chapters()
    last = (REPO / f"{chapters[-1]}.md").read_text(encoding="utf-8")
    check = last.split("## Check yourself", 1)[1]
    assert "whole hand" in check and "Check my hand" in check
    cells = CODE_CELL.findall(check)
    (explorer,) = [c for c in cells if HAND_CHECK in c]
    assert ":tags: [remove-input]" in explorer and explorer is cells[-1]
    hidden = [c for c in cells if ":tags: [remove-cell]" in c]
    assert any("check_hand(" in c and ".passed" in c for c in hidden), "proved passable"
    for doc in chapters[:-1]:
        text = (REPO / f"{doc}.md").read_text(encoding="utf-8")
        assert HAND_CHECK not in text and "last check" not in text.lower(), doc


def _learn_pages() -> list[str]:
    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    (part,) = [p for p in toc["parts"] if p["caption"] == "Learn to play"]
    pages = []
    for chapter in part["chapters"]:
        pages.append(chapter["file"])
        pages.extend(s["file"] for s in chapter.get("sections", []))
    return pages


CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```$", re.M | re.S)
JARGON = re.compile(r"\b(engine|solver|texas42 package)\b", re.I)


@pytest.mark.parametrize("doc", _learn_pages())
def test_the_course_prose_never_names_the_engine(doc: str) -> None:
    """The course is for people who have never played: its words speak of the game, the
    explorers and the computer players, never of the software behind them."""
    prose = CODE_CELL.sub("", (REPO / f"{doc}.md").read_text(encoding="utf-8"))
    found = [line.strip() for line in prose.splitlines() if JARGON.search(line)]
    assert not found, f"{doc}: engine words in the course: {found}"
