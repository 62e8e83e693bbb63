"""The words the course has taught (issue 34): book/bookkit.py's one rule for whether a
chapter's explorers speak a beginner's words (``plain_words``), held to the book's own
order (_toc.yml) and to the chapters that teach each word (the glossary)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from texas42.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book"))
import bookkit  # noqa: E402  (book/ is on the path only for this import)

sys.path.pop(0)


def test_the_course_is_in_the_order_of_the_table_of_contents() -> None:
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    learn = toc.split("caption: Learn to play", 1)[1].split("- caption:", 1)[0]
    # The chapters (their sections are indented deeper).
    chapters = re.findall(r"^      - file: book/([\w-]+)$", learn, flags=re.M)
    assert tuple(chapters) == bookkit.COURSE


def test_each_word_is_taught_where_the_rule_says() -> None:
    """The chapter named for each word is the first, in the course's order, that uses it
    as a term (three times or more: an earlier page may say "count the double too")."""
    pattern = {"count": r"\bcount\b", "marks": r"\bmarks?\b", "guesses": r"\bguess(es)?\b"}
    for word, chapter in bookkit.TAUGHT_IN.items():
        uses = {c: len(re.findall(pattern[word],
                                  (ROOT / "book" / f"{c}.md").read_text(encoding="utf-8"),
                                  flags=re.I))
                for c in bookkit.COURSE}
        first = next(c for c in bookkit.COURSE if uses[c] >= 3)
        assert first == chapter, (word, uses)


def test_plain_until_every_word_is_taught() -> None:
    last = max(bookkit.COURSE.index(c) for c in bookkit.TAUGHT_IN.values())
    assert bookkit.COURSE[last] == "game"
    for i, chapter in enumerate(bookkit.COURSE):
        assert bookkit.plain_words(chapter) is (i < last)
    with pytest.raises(InputError, match="not a chapter of the course"):
        bookkit.plain_words("nowhere")


def test_the_chapters_explorers_pass_the_rule() -> None:
    """Every chapter explorer with the coach's figures takes its words from the one rule,
    never a copy of it (plain=True or False written on the page)."""
    for chapter, call in (("bidding", "widgets.bidding("), ("game", "widgets.play("),
                          ("play-the-hand", "play_from(")):
        page = (ROOT / "book" / f"{chapter}.md").read_text(encoding="utf-8")
        assert call in page and f'plain=plain_words("{chapter}")' in page, chapter
        assert "plain=True" not in page and "plain=False" not in page
