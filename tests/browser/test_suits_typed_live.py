"""A word typed into the suits explorer's box gets a message, live on the built site
(issue 22 item 5): chapter 1's explorer is started in headless Chromium and "hello" is
typed key by key, as a learner does, with no Enter (nothing on the page says to press
it). Before the fix the box waited for Enter or for the focus to leave, so the learner
saw no word at all. The live explorer answers each keystroke as the same explorer does
in CPython; a domino chosen another way empties the box, so typing "hello" again
answers again."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from texas42.widgets import suits

from .helpers import WatchedPage
from .live import ANSWER_TIMEOUT_MS, start_box, wait_settled


def _message(area: Locator) -> str:
    text = area.locator(".t42-message").first.text_content() or ""
    return re.sub(r"^[ℹ✔✖!]\s*", "", " ".join(text.split()))


def _type(page: Page, box: Locator, text: str) -> None:
    """Key by key, without Enter; then wait until Python answered the last key."""
    box.press_sequentially(text, delay=30)
    wait_settled(page)


def test_hello_typed_into_the_suits_box_gets_a_message(
    watched_page: WatchedPage, site_server: str, screenshot: Callable[..., Path]
) -> None:
    page, log = watched_page.page, watched_page.log
    page.goto(f"{site_server}/book/dominoes.html")
    info = start_box(page, 0)
    assert info["state"] == "live", info
    area = page.locator(".t42-live").first.locator(".t42-live-area")
    box = area.locator("input[placeholder^='or type one']")
    message = area.locator(".t42-message").first
    twin = suits(domino="6-3", first_look=True)  # the chapter's cell, in CPython

    _type(page, box, "hello")
    expect(message).to_contain_text("'hello' is not a domino", timeout=ANSWER_TIMEOUT_MS)
    twin.typed.value = "hello"
    assert _message(area) == twin.message and "Traceback" not in _message(area)
    screenshot(page, "suits-typed-hello", full_page=False)

    # Half a domino is a hint, a whole one is shown.
    box.fill("")
    _type(page, box, "5")
    expect(message).to_contain_text("other end", timeout=ANSWER_TIMEOUT_MS)
    _type(page, box, "-3")
    # (Chapter 1 has taught suits, not leading: "belongs to", no word of leads.)
    expect(message).to_contain_text("5-3 belongs to the fives and the threes",
                                    timeout=ANSWER_TIMEOUT_MS)
    twin.typed.value = "5-3"
    assert _message(area) == twin.message

    # Chosen with Next, the box empties; "hello" typed again answers again.
    box.fill("")
    _type(page, box, "hello")
    expect(message).to_contain_text("'hello' is not a domino", timeout=ANSWER_TIMEOUT_MS)
    area.get_by_role("button", name="Next").click()
    expect(box).to_have_value("", timeout=ANSWER_TIMEOUT_MS)
    expect(message).not_to_contain_text("not a domino", timeout=ANSWER_TIMEOUT_MS)
    _type(page, box, "hello")
    expect(message).to_contain_text("'hello' is not a domino", timeout=ANSWER_TIMEOUT_MS)
    log.assert_clean()
