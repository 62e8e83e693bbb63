"""The {check} questions of the course (book/_ext/course_check.py) in headless Chromium.

On a chapter of the built book, with the keyboard only: Tab to the first check's
answers, choose a wrong one with the arrow keys, check it with Enter, read its own
feedback in the aria-live region; then the right one. Also at 390 px wide: nothing of a
check sticks out of the page. The page loads nothing from another host.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .helpers import WatchedPage

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
