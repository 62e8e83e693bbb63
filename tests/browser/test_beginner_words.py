"""A beginner's words until the course has taught them (issue 34, item 3), on the built
site in headless Chromium at 1280x900 and 390x844:

- The Play page, started: no "marks", "guesses" or "count" anywhere shown (the score line
  says what each side has and what wins; the hint's figures stay folded under "Show the
  full figures"); the table picture names each seat as a place at the table (You, Your
  partner, Left opponent, Right opponent), in its drawn words and in what a screen reader
  is told, and none of its words is cut off (each inside the picture, the picture inside
  the screen's width).
- An early chapter's explorer (bidding, before the chapter that teaches the coach's
  guesses): "Review the bids" says how the coach judged in plain words, its figures
  folded; opened, the fold shows them.
- The Play page after a whole hand: the table's result (inside the picture), then
  "Review the hand" (its message, summary, chart, key and largest losses, what a screen
  reader is told of the chart's symbols, and the full list of decisions opened) without
  those words either; the coach's reasons and figures stay folded.

Screenshots go to test-artifacts/screenshots/beginner-words-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, expect

from . import live
from .live import PLAY_ANSWER_MS, PLAY_SIZES, Visit, play_page, start_box, start_play

pytestmark = pytest.mark.browser

#: The words the course teaches later (the count chapter, scoring, the game chapter).
EXPERTS_WORDS = re.compile(r"\bmarks?\b|\bguess(es)?\b|\bcount\b", re.I)
PLACES = ("You", "Your partner", "Left opponent", "Right opponent")

# The live table picture: its drawn words with their boxes, its title and description,
# the picture's box and the screen's width.
JS_TABLE = """() => {
  const svg = document.querySelector('.t42-live .t42-live-area .t42-table-pic svg');
  const r = svg.getBoundingClientRect();
  const words = Array.from(svg.querySelectorAll('text')).map(t => {
    const b = t.getBoundingClientRect();
    return { text: t.textContent, left: b.left, right: b.right, top: b.top,
             bottom: b.bottom, width: b.width };
  });
  const title = svg.querySelector('title'), desc = svg.querySelector('desc');
  return { words, title: title ? title.textContent : '', desc: desc ? desc.textContent : '',
           label: svg.getAttribute('aria-label') || '',
           box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom },
           vw: document.documentElement.clientWidth };
}"""


def _shown_words(area: Locator) -> str:
    """What the explorer shows: its rendered text (a closed fold's inside is not)."""
    return area.inner_text()


def _assert_inside(table: dict[str, Any]) -> None:
    """Nothing cut off: each word inside the picture, the picture inside the screen."""
    box, vw = table["box"], table["vw"]
    assert box["left"] >= -1 and box["right"] <= vw + 1, (box, vw)
    for w in table["words"]:
        if not w["width"]:
            continue
        assert box["left"] - 1 <= w["left"] and w["right"] <= box["right"] + 1, (w, box)
        assert box["top"] - 1 <= w["top"] and w["bottom"] <= box["bottom"] + 1, (w, box)


def _experts(text: str) -> list[str]:
    """Each of the course's later words in ``text``, with the words around it."""
    return [text[max(0, m.start() - 60):m.end() + 30] for m in EXPERTS_WORDS.finditer(text)]


def _table(area: Locator) -> dict[str, Any]:
    area.locator(".t42-table-pic svg").first.scroll_into_view_if_needed()
    table: dict[str, Any] = area.page.evaluate(JS_TABLE)
    return table


@pytest.mark.parametrize(("width", "height"), PLAY_SIZES)
def test_the_play_page_speaks_a_beginners_words_and_names_places(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height, pause=False) as visit:
        page = visit.page
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=PLAY_ANSWER_MS)
        live.settled(page)
        expect(area).to_contain_text("The first side to 7 wins the game")
        shown = _shown_words(area)
        assert not EXPERTS_WORDS.search(shown), EXPERTS_WORDS.findall(shown)
        # The hint too, until its figures are opened.
        area.get_by_role("button", name="Hint", exact=True).click()
        expect(live.message(area)).to_contain_text("Hint:", timeout=PLAY_ANSWER_MS)
        live.settled(page)
        shown = _shown_words(area)
        assert not EXPERTS_WORDS.search(shown), EXPERTS_WORDS.findall(shown)
        # Pass: the others bid; the table names each of them by their place.
        live.pass_bid(page, area)
        table = _table(area)
        screenshot(page, f"beginner-words-table-{width}", full_page=False)
        drawn = " ".join(w["text"] for w in table["words"])
        for place in PLACES:  # (on a phone a name may wrap: its last word is drawn)
            assert place.split()[-1] in drawn, drawn
        told = " ".join((table["title"], table["desc"], table["label"]))
        assert "seen from your place at the bottom" in table["title"], table["title"]
        assert "You hold " in told, told
        for words in ("the left opponent", "your partner", "the right opponent"):
            assert words in told.lower(), told
        numbered = [t for t in (drawn, told) if re.search(r"\b[Ss]eats? \d", t)]
        assert not numbered, numbered
        _assert_inside(table)
        visit.assert_private()


@pytest.mark.parametrize(("width", "height"), PLAY_SIZES)
def test_an_early_chapters_explorer_keeps_the_coachs_guesses_folded(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    visit = Visit(chromium, site_server)
    try:
        page = visit.page
        page.set_viewport_size({"width": width, "height": height})
        visit.open("book/bidding.html")
        assert start_box(page, 0)["state"] == "live"
        area = page.locator(".t42-live").first.locator(".t42-live-area")
        for _ in range(2):
            area.get_by_role("button", name="Computer bids").click()
            live.wait_settled(page, PLAY_ANSWER_MS)
        area.get_by_role("button", name="Review the bids").click()
        live.wait_settled(page, PLAY_ANSWER_MS)
        expect(area).to_contain_text("the coach played the hand out many times",
                                     timeout=PLAY_ANSWER_MS)
        shown = _shown_words(area)
        assert not re.search(r"\bguess(es)?\b", shown, re.I), shown
        figures = area.get_by_text("Show the full figures").first
        figures.scroll_into_view_if_needed()
        screenshot(page, f"beginner-words-bidding-{width}", full_page=False)
        figures.click()
        expect(area.locator("details[open] table").first).to_be_visible()
        assert "expected" in area.locator("details[open]").first.inner_text()
        visit.assert_private()
    finally:
        visit.context.close()


#: A whole hand's review in the browser's Python (2 shared cores: generous).
REVIEW_MS = 180_000


@pytest.mark.parametrize(("width", "height"), PLAY_SIZES)
def test_the_play_pages_review_speaks_a_beginners_words(
    width: int, height: int, chromium: Browser, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    with play_page(chromium, site_server, width, height, pause=False) as visit:
        page = visit.page
        area = start_play(page)
        expect(live.message(area)).to_contain_text("Your turn to bid", timeout=PLAY_ANSWER_MS)
        live.play_to_end(page, area)
        shown = _shown_words(area)  # the table's result, the message, the score
        assert "to the score" in shown, shown
        assert not EXPERTS_WORDS.search(shown), _experts(shown)
        _assert_inside(_table(area))  # the result, longer in plain words, fits the table
        area.get_by_role("button", name="Review the hand", exact=True).click()
        expect(live.message(area)).to_contain_text("Review: ", timeout=REVIEW_MS)
        review = area.locator(".t42-review").first
        symbols = review.locator("[data-decision]")
        expect(symbols.first).to_be_visible(timeout=REVIEW_MS)
        live.settled(page)
        review.scroll_into_view_if_needed()
        screenshot(page, f"beginner-words-review-{width}", full_page=False)
        shown = _shown_words(area)
        assert "Key: " in shown and ("given away" in shown or "sound" in shown), shown
        assert not EXPERTS_WORDS.search(shown), _experts(shown)
        told = " ".join(symbols.evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"))
        assert told and not EXPERTS_WORDS.search(told), told
        # Every decision, opened: each in plain words, its reason and figures still folded.
        review.locator("details.t42-review-all > summary").click()
        every = review.locator("details.t42-review-all[open]")
        expect(every).to_be_visible()
        expect(every.get_by_text("Show the full figures").first).to_be_visible()
        shown = _shown_words(review)
        assert not EXPERTS_WORDS.search(shown), _experts(shown)
        every.scroll_into_view_if_needed()
        screenshot(page, f"beginner-words-review-all-{width}", full_page=False)
        visit.assert_private()

