"""The page a student plays at (/table/ on the classroom server, texas42/classroom/table.html):
four phones (390 px, four browser contexts) join one table by its code and play the whole
hand with the keyboard; one goes offline and comes back to its place (two students with two
computer places play a hand in test_table_restart.py); a
student who played a hand against the computer opens the coach's review of their play,
on a phone and on a laptop. No request leaves the server, no console error."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom_ws import classroom_server
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from texas42.analysis.coach import review
from texas42.classroom.live import Hall
from texas42.classroom.tables import Table
from texas42.review_words import coach_samples, review_summary

from .helpers import save_screenshot
from .test_live_softnav import serious_axe_violations

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[str, Hall]]:
    (tmp_path / "index.html").write_text("site")
    hall = Hall()
    with classroom_server(hall, tmp_path, pace=0.05) as port:
        yield f"http://127.0.0.1:{port}", hall


def phone(chromium: Browser, base: str, problems: list[str], viewport: ViewportSize = PHONE
          ) -> tuple[BrowserContext, Page]:
    # (bypass_csp: the test waits with wait_for_function, which the page's CSP forbids)
    context = chromium.new_context(viewport=viewport, has_touch=viewport == PHONE,
                                   bypass_csp=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: None if r.url.startswith((base, "ws://127.0.0.1", "blob:"))
            else problems.append(f"request to {r.url}"))
    page.on("pageerror", lambda e: problems.append(str(e)))
    return context, page


def take_turn(page: Page, table: Table) -> bool:
    """Play the first choice (a button under the table, or a domino of the picture)
    with the keyboard when it is this page's turn; whether it did."""
    if page.locator("#table-box").get_attribute("data-version") != str(table.version):
        return False  # (its state is on the way)
    status = page.locator("#status").inner_text()
    if not status.startswith("Your turn"):
        return False
    # The page puts the focus on the first choice itself (a domino it may play after
    # another was played: the same place, if there is one).
    page.wait_for_function("!!document.activeElement && !!document.activeElement.closest("
                           "'#choices, #picture')")
    # (The first domino may not follow suit: then the first that may be played.)
    if page.evaluate("document.activeElement.dataset.legal === 'false'"):
        page.locator('#picture [data-play][data-legal="true"]').first.focus()
    page.keyboard.press("Enter")
    return True


def test_four_phones_play_a_hand_and_one_comes_back(chromium: Browser,
                                                    room: tuple[str, Hall]) -> None:
    base, hall = room
    table: Table = hall.open_table("42", seed=12)
    problems: list[str] = []
    pages = []
    names = ["Ana", "Ben", "Cal", "Dee"]
    for name in names:
        context, page = phone(chromium, base, problems)
        page.goto(f"{base}/table/?table={table.code.lower()}")
        page.fill("#name", name)
        page.click("#join button[type=submit]")
        page.wait_for_selector("#picture svg")
        pages.append((context, page))
    assert [p.name for p in table.places] == names  # no place left to the computer
    # Fits a phone: nothing wider than the screen.
    for _, page in pages:
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    deadline = time.monotonic() + 240
    while not table.hand.is_over:
        assert time.monotonic() < deadline, table.hand.status()
        version = table.version
        if not any(take_turn(page, table) for _, page in pages):
            time.sleep(0.1)
            continue
        while table.version == version and time.monotonic() < deadline:
            time.sleep(0.05)  # the action reached the server
    for _, page in pages:
        page.wait_for_selector("#choices button.main")  # Next hand
        assert "Save the hand record" in page.locator("#choices").inner_text()
    # Ben's phone goes offline, then comes back and opens the page again (Chromium's
    # offline mode leaves an open WebSocket alone): the token kept on the phone brings
    # him back to his place, the table as it is.
    context, page = pages[1]
    context.set_offline(True)
    context.set_offline(False)
    page.reload()
    page.wait_for_function("document.getElementById('connection').textContent === 'Live'")
    page.wait_for_function(f"document.getElementById('table-box').dataset.version"
                           f" === '{table.version}'")
    assert "Ben" in page.locator("#places li.you").inner_text()
    assert table.places[1].connections >= 1
    assert problems == []
    for context, _ in pages:
        context.close()


def test_a_student_opens_a_table_and_a_bad_code_is_said(chromium: Browser,
                                                       room: tuple[str, Hall]) -> None:
    base, hall = room
    problems: list[str] = []
    context, page = phone(chromium, base, problems)
    page.goto(f"{base}/table/")
    page.fill("#code", "QQQQQ")
    page.fill("#name", "Ana")
    page.click("#join button[type=submit]")
    page.wait_for_function("document.getElementById('message').textContent"
                           ".includes('there is no table QQQQQ')")
    assert page.locator("#message").is_visible()
    page.select_option("#kind", "moon")
    page.click("#open button[type=submit]")
    page.wait_for_function("document.getElementById('code').value.length === 5"
                           " && document.getElementById('code').value !== 'QQQQQ'")
    code = page.input_value("#code")
    assert hall.tables[code].kind == "moon"
    page.click("#join button[type=submit]")
    page.wait_for_selector("#picture svg")
    assert hall.tables[code].places[0].name == "Ana"
    assert problems == []
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}],
                         ids=["phone", "laptop"])
def test_after_the_hand_a_student_opens_the_review_of_their_play(
        chromium: Browser, room: tuple[str, Hall], viewport: ViewportSize) -> None:
    base, hall = room
    table: Table = hall.open_table("42", seed=5)
    problems: list[str] = []
    context, page = phone(chromium, base, problems, viewport)
    page.goto(f"{base}/table/?table={table.code}")
    page.fill("#name", "Ana")
    page.click("#join button[type=submit]")
    page.wait_for_selector("#picture svg")
    # Before the end of the hand there is no review to ask for.
    assert page.locator("#choices").get_by_role("button", name="Review my play").count() == 0
    deadline = time.monotonic() + 240
    while not table.hand.is_over:  # Ana against three computer places
        assert time.monotonic() < deadline, (table.hand.status(),
                                             page.locator("#message").inner_text())
        version = table.version
        if not take_turn(page, table):
            time.sleep(0.1)
            continue
        while table.version == version and time.monotonic() < deadline:
            time.sleep(0.05)
    asked = page.locator("#choices").get_by_role("button", name="Review my play")
    asked.wait_for()
    # With the keyboard: the button takes the focus and Enter asks.
    asked.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#review .review-summary", timeout=120_000)
    hand = table.hand
    expected = review(hand, 0, samples=coach_samples(hand), seed=1, hindsight=False)
    summary = page.locator("#review .review-summary").inner_text()
    assert summary == review_summary(expected, hand)[0]
    assert "mark" in summary or "sound" in summary  # (the game's unit: marks)
    heading = page.locator("#review-head")
    assert heading.inner_text() == "The coach's review of your play, hand 1"
    assert page.evaluate("document.activeElement.id") == "review-head"
    if expected.decisions:
        chart = page.locator("#review .review-chart svg")
        assert chart.get_attribute("role") == "img"
        assert (chart.locator(":scope > title").text_content() or "").startswith("Review chart")
    page.locator("#review details summary").click()
    assert page.locator("#review details").get_attribute("open") is not None
    # Fits the screen; nothing axe calls serious; nothing from another host.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # The compact table keeps a phone's proportions on a laptop (not stretched to 760 px).
    box = page.locator("#picture svg").bounding_box()
    assert box is not None and box["width"] <= 480
    assert serious_axe_violations(page) == []
    save_screenshot(page, f"table-review-{viewport['width']}")
    # The next hand puts the review away.
    page.locator("#choices").get_by_role("button", name="Next hand").click()
    page.wait_for_function("document.getElementById('review').classList.contains('hidden')")
    assert problems == []
    context.close()
