"""The {check} questions of the course (book/_ext/course_check.py) in headless Chromium,
and the course's last check: a whole hand played live in the explorer, then checked.

On a chapter of the built book, with the keyboard only: Tab to the first check's
answers, choose a wrong one with the arrow keys, check it with Enter, read its own
feedback in the aria-live region; then the right one. Also at 390 px wide: nothing of a
check sticks out of the page. The page loads nothing from another host.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from texas42.widgets import hand_check

from .helpers import WatchedPage
from .live import ANSWER_TIMEOUT_MS, pause_kept_off, start_box, wait_settled

PAGE = "/book/tricks.html"


def _focus_first_answer(page: Page) -> None:
    """Tab from the top of the page until a radio button of the first check has focus."""
    page.locator("form.course-check").first.scroll_into_view_if_needed()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.locator("form.course-check legend").first.click()  # start the Tab order here
    for _ in range(20):
        page.keyboard.press("Tab")
        inside = page.evaluate(
            "() => { const a = document.activeElement;"
            " const f = document.querySelector('form.course-check');"
            " return !!a && a.type === 'radio' && f.contains(a); }"
        )
        if inside:
            return
    raise AssertionError("Tab never reached the first check's answers")


def test_check_by_keyboard(
    watched_page: WatchedPage, site_server: str, screenshot: Callable[..., Path]
) -> None:
    page, log = watched_page.page, watched_page.log
    page.goto(site_server + PAGE)
    form = page.locator("form.course-check").first
    expect(form.locator("legend")).to_have_text("You sit in seat 1. Who is your partner?")
    button = form.get_by_role("button", name="Check")
    expect(button).to_be_visible()  # the script shows it
    feedback = form.locator(".course-check-feedback")
    expect(feedback).to_have_attribute("aria-live", "polite")
    expect(feedback).to_have_text("")

    _focus_first_answer(page)
    page.keyboard.press("Space")  # chooses the focused answer, "Seat 0" (wrong)
    expect(form.get_by_label("Seat 0")).to_be_checked()
    page.keyboard.press("Enter")  # submits the form: Check
    expect(feedback).to_have_text(
        "Not quite. Seat 0 sits next to you. Partners sit across the table from each other."
    )
    expect(form).to_have_attribute("data-state", "wrong")

    page.keyboard.press("ArrowDown")  # Seat 2 (wrong, its own feedback)
    page.keyboard.press("ArrowDown")  # Seat 3 (right)
    expect(form.get_by_label("Seat 3")).to_be_checked()
    expect(feedback).to_have_text("")  # a new choice clears the old feedback
    page.keyboard.press("Tab")  # to the Check button
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(feedback).to_have_text(
        "Right. Seat 3 sits across the table, so seats 1 and 3 play as one side."
    )
    expect(form).to_have_attribute("data-state", "right")
    screenshot(page, "course-check-keyboard", full_page=False)

    # Checking before choosing says so.
    second = page.locator("form.course-check").nth(1)
    second.get_by_role("button", name="Check").click()
    expect(second.locator(".course-check-feedback")).to_have_text(
        "Choose an answer first, then press Check."
    )
    log.assert_clean()


def test_check_fits_390_px(watched_page: WatchedPage, site_server: str) -> None:
    page, log = watched_page.page, watched_page.log
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_server + PAGE)
    forms = page.locator("form.course-check")
    assert forms.count() >= 2
    for i in range(forms.count()):
        box = forms.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        wide = forms.nth(i).evaluate("f => f.scrollWidth - f.clientWidth")
        assert wide <= 0, f"check {i} is {wide}px wider than its box"
    log.assert_clean()


# ------------------------------------------------------- the last check: a hand played
LAST_CHECK = "/book/strategy.html"
PLAY = ".t42-table-pic [data-play]"


def _hand_check_box(page: Page) -> int:
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.t42-live-picture button'))"
        ".some(b => b.textContent.trim() === 'Check my hand')", timeout=30_000)
    index: int = page.evaluate(
        """() => Array.from(document.querySelectorAll('.t42-live')).findIndex(box =>
             Array.from(box.querySelectorAll('.t42-live-picture button'))
               .some(b => b.textContent.trim() === 'Check my hand'))""")
    assert index >= 0
    return index


def _twin_does(twin: Any, step: tuple[str, str]) -> None:
    """What the learner did in the browser, done to the same explorer in CPython."""
    kind, value = step
    player = twin.player
    if kind == "bid":
        player.bid_picker.label = value
        player.bid_button.click()
    elif kind == "name":
        player.name_button.click()
    else:  # a domino clicked in the table ("play", or "refuse": one it may not play)
        player.table._on_front_end(player.table, {"play": value}, [])


@pytest.mark.parametrize("width", [1280, 390])
def test_the_last_check_is_a_whole_hand_played_and_checked(
    width: int, watched_page: WatchedPage, site_server: str, screenshot: Callable[..., Path]
) -> None:
    """A newcomer plays the chapter's hand live by clicks: passes, names trumps if the
    bid comes to them, once clicks a domino that does not follow (the table says no),
    plays on to the score; Check my hand then says the hand passed and
    reads it back, word for word as the same explorer does in CPython."""
    page, log = watched_page.page, watched_page.log
    pause_kept_off(page.context)  # (the computer's pacing is test_play_fits' subject)
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    page.goto(site_server + LAST_CHECK)
    index = _hand_check_box(page)
    assert start_box(page, index)["state"] == "live"
    area = page.locator(".t42-live").nth(index).locator(".t42-live-area")
    check = area.get_by_role("button", name="Check my hand")
    message = area.locator(".t42-message").first  # one line: the play explorer's
    report = area.locator(".t42-hand-check > .widget-html").last  # under the button
    twin = hand_check(seed=14, seat=0)  # the chapter's cell
    steps: list[tuple[str, str]] = []

    expect(report).to_contain_text("then press Check my hand")
    # Too early: the button cannot act yet, and its description says why (issue 34).
    expect(check).to_be_disabled()
    assert "Play the hand to its score" in (check.get_attribute("title") or "")

    actions = area.locator(".t42-table-actions")
    for _ in range(40):
        wait_settled(page)
        if "The hand is over" in (report.text_content() or ""):
            break
        # The bids and the trumps are buttons under the hand (the table's actions).
        bid = actions.get_by_role("button", name="Pass", exact=True)
        name = actions.locator(".t42-act[data-send='contract']")
        if bid.count() and bid.first.is_visible():
            bid.first.click()  # then the others lead, and the learner must follow
            steps.append(("bid", "pass"))
            continue
        if name.count() and name.first.is_visible():
            name.first.click()  # the first trumps offered, as the Name trumps button
            steps.append(("name", ""))
            continue
        refused = area.locator(f'{PLAY}[aria-label*="does not follow"]')
        if refused.count() and not any(k == "refuse" for k, _ in steps):
            domino = refused.first.get_attribute("data-play") or ""
            refused.first.click()
            steps.append(("refuse", domino))
            wait_settled(page)
            expect(area.locator(".t42-table-note")).to_contain_text("Not allowed")
            expect(message).not_to_contain_text("Not allowed")  # said once, by the table
        legal = area.locator(f'{PLAY}[aria-label^="Play "]')
        expect(legal.first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
        domino = legal.first.get_attribute("data-play") or ""
        legal.first.click()
        steps.append(("play", domino))
    else:
        raise AssertionError(f"the hand did not end: {steps}")
    assert any(k == "refuse" for k, _ in steps), "no play to refuse came up"

    check.click()
    wait_settled(page)
    expect(message).to_have_text(
        re.compile(r"You played a whole hand, from the shake to the score\.$"))
    for step in steps:
        _twin_does(twin, step)
    assert twin.player.hand.is_over, steps
    twin.check_button.click()
    assert " ".join((message.text_content() or "").split()).endswith(twin.message)
    words = " ".join((report.text_content() or "").split())
    expected = twin.state
    assert expected["passed"] and expected["refused"] == ["follow-suit"]
    for line in expected["well"] + expected["look_at"]:
        assert " ".join(line.split()) in words, (line, words)
    assert "What went well:" in words and "tried a domino that did not follow" in words
    report.scroll_into_view_if_needed()
    screenshot(page, f"course-last-check-{width}", full_page=False)
    log.assert_clean()
