"""A deal code typed into the tricks explorer deals that deal (issue 23 item 5), live on
the built site: the tricks chapter's explorer is started in headless Chromium, the book's
deal B is typed in as a learner would (lower case, spaces), and the live explorer says
the code once as the engine writes it and plays from that deal, answering as the same
explorer does in CPython. A bad code is a message in the widget, not a traceback."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from texas42 import Deal
from texas42.widgets import tricks

from .helpers import guard_context
from .live import ANSWER_TIMEOUT_MS, start_box

pytestmark = pytest.mark.browser

#: The book's deal B (book/bookkit.py), seat 0 first: seat 0 holds 6-6, seat 1 a six.
DEAL_B = Deal([
    "6-6 6-5 6-3 6-1 5-4 4-2 0-0",
    "6-4 5-1 5-0 4-3 3-2 2-2 2-1",
    "6-2 6-0 5-5 5-3 4-0 3-1 1-1",
    "5-2 4-4 4-1 3-3 3-0 2-0 1-0",
])


@pytest.fixture
def page(chromium: Browser, site_server: str) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(30_000)
    off_site: list[str] = []
    guard_context(context, off_site)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    response = tab.goto(f"{site_server}/book/tricks.html", wait_until="load")
    assert response is not None and response.ok
    yield tab
    assert not off_site and not errors, off_site + errors
    context.close()


def live_area(page: Page) -> Locator:
    return page.locator(".t42-live").first.locator(".t42-live-area")


def message(page: Page) -> str:
    text = live_area(page).locator(".t42-message").first.text_content() or ""
    return re.sub(r"^[ℹ✔✖!]\s*", "", " ".join(text.split()))


def test_a_deal_code_typed_into_the_tricks_explorer_deals_that_deal(page: Page) -> None:
    info = start_box(page, 0)
    assert info["state"] == "live", info
    area = live_area(page)
    # The same explorer in CPython (the chapter's cell), driven the same way.
    twin = tricks(contract="follow-me")
    typed = DEAL_B.code.lower().replace("-", " ")

    area.get_by_role("button", name="Deal code", exact=True).click()
    code_box = area.locator("input[placeholder^='like ']")
    expect(code_box).to_be_visible()
    code_box.fill("37TD-HCKT-S0X")  # a wrong check character
    area.get_by_role("button", name="Deal", exact=True).click()
    twin.source.mode.value = "code"
    twin.source.code.value = "37TD-HCKT-S0X"
    twin.source.load_button.click()
    expect(area.locator(".t42-message").first).to_contain_text(
        "not a deal code", timeout=ANSWER_TIMEOUT_MS)
    assert message(page) == twin.message and "Traceback" not in message(page)

    code_box.fill(typed)
    area.get_by_role("button", name="Deal", exact=True).click()
    twin.source.code.value = typed
    twin.source.load_button.click()
    assert twin.deal == DEAL_B
    expect(area.locator(".t42-message").first).to_contain_text(
        f"Dealt deal code {DEAL_B.code}.", timeout=ANSWER_TIMEOUT_MS)
    said = message(page)
    assert said == twin.message and said.count(DEAL_B.code) == 1 and typed not in said

    # Deal B's dominoes are on the table: seat 0 leads 6-6, seat 1 must follow with 6-4.
    play = area.locator("input[placeholder^='or type one']")
    for domino in ("6-6", "5-1"):
        before = message(page)
        play.fill(domino)
        play.press("Enter")
        twin.typed.value = domino
        expect(area.locator(".t42-message").first).not_to_have_text(
            re.compile(re.escape(before) + "$"), timeout=ANSWER_TIMEOUT_MS)
        assert message(page) == twin.message, domino
    assert twin.state["trick"] == ["6-6"] and "Refused: Seat 1 may not play 5-1" in twin.message


def test_the_tricks_explorer_keeps_its_deal_and_plays_over_a_reload(page: Page) -> None:
    """Issue 39: a reload brings back the deal code, the contract and the plays."""
    info = start_box(page, 0)
    assert info["state"] == "live", info
    area = live_area(page)
    area.get_by_role("button", name="Deal code", exact=True).click()
    area.locator("input[placeholder^='like ']").fill(DEAL_B.code)
    area.get_by_role("button", name="Deal", exact=True).click()
    expect(area.locator(".t42-message").first).to_contain_text(
        f"Dealt deal code {DEAL_B.code}.", timeout=ANSWER_TIMEOUT_MS)
    play = area.locator("input[placeholder^='or type one']")
    play.fill("6-6")
    play.press("Enter")
    page.wait_for_function(
        "() => Object.keys(localStorage).some(k => k.startsWith('texas42-tricks:') && "
        "String((JSON.parse(localStorage.getItem(k)) || {}).plays) === '6-6')",
        timeout=ANSWER_TIMEOUT_MS)
    page.reload(wait_until="load")
    info = start_box(page, 0)
    assert info["state"] == "live", info
    expect(live_area(page).locator(".t42-message").first).to_contain_text(
        f"Welcome back: deal {DEAL_B.code} in follow-me, 1 domino played.",
        timeout=ANSWER_TIMEOUT_MS)
