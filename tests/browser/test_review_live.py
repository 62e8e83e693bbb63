"""The review as a picture on the live site (issue 22), in headless Chromium at 1280x900
and at 390x844: the replay explorer reviews the recorded hand in the browser's Python;
the chart has one mark per decision (the same as CPython's review of the same hand, in
order, with the same labels); Enter on a mark shows the table at that moment; a what-if
branch plays on to the end and "Back to the real hand" returns; the hindsight toggle is
off at first; "Look closer" gives a verdict too close to call the one CPython gives;
axe-core finds nothing critical or serious. Screenshots go to
test-artifacts/screenshots/review-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .helpers import ARTIFACTS, record_timings
from .live import Visit, start_box
from .test_live import cpython_explorer
from .test_live_softnav import serious_axe_violations

pytestmark = pytest.mark.browser

ANSWER_MS = 120_000  # a whole hand's review in the browser's Python, 2 shared cores
PAGE = "notebooks/06_replay.html"
MARKS = ".t42-review [data-decision]"
MOMENT = ".t42-review-moment"
SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1280, "height": 900},
                                  "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def visit(chromium: Browser, site_server: str) -> Iterator[Visit]:
    v = Visit(chromium, site_server)
    yield v
    v.context.close()


def _answered(page: Page, act: Callable[[], Any]) -> None:
    """Do ``act`` (a click or a key in the live explorer) and wait until Python answered."""
    sent = page.evaluate("() => window.T42Live.lastSentAt")
    act()
    page.wait_for_function(f"() => window.T42Live.lastSentAt > {sent}", timeout=ANSWER_MS)
    page.wait_for_function(
        "() => window.T42Live.pending === 0"
        " && window.T42Live.lastIdleAt >= window.T42Live.lastSentAt", timeout=ANSWER_MS)


def _shot(page: Page, name: str) -> Path:
    out = ARTIFACTS / "screenshots" / f"review-{name}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out))
    return out


@pytest.mark.parametrize("size", list(SIZES))
def test_the_review_chart_shows_moments_and_what_ifs(visit: Visit, size: str) -> None:
    page = visit.page
    page.set_viewport_size(SIZES[size])
    visit.open(PAGE)
    assert start_box(page, 0)["state"] == "live"
    area = page.locator(".t42-live").nth(0).locator(".t42-live-area")
    # The same explorer and review in CPython: what the chart must show.
    model_id = page.evaluate("() => window.T42Live.boxes[0].modelId")
    twin = cpython_explorer(PAGE, model_id)
    twin.review_button.click()
    assert twin.last_error is None, twin.last_error
    want = [d for _, _, d, _ in twin.review_box.decisions]
    assert want, "the recorded hand has decisions to review"

    start = time.perf_counter()
    _answered(page, lambda: area.locator("button", has_text="Review the hand").first.click())
    # A figure, not a check (speed is the benches' job): the click to the chart drawn.
    record_timings(ARTIFACTS / "review-timings.json", f"review-{size}",
                   {"review_ready_s": round(time.perf_counter() - start, 2),
                    "decisions": len(want)})
    marks = area.locator(MARKS)
    # Python is idle once it has sent the new widgets; the page draws them a moment later
    # (the widget manager builds the views asynchronously; on a busy machine, visibly so).
    expect(marks).to_have_count(len(want), timeout=ANSWER_MS)  # one mark per decision
    labels = marks.evaluate_all("els => els.map(e => e.getAttribute('data-label'))")
    from texas42.svg.review_chart import label_word, mark_words

    assert labels == [label_word(d) for d in want]  # in order, labelled as the review says
    spoken = marks.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert spoken == [mark_words(d, twin.review_box.you) for d in want]
    assert all(m.get_attribute("role") == "button" for m in marks.all())
    # Hindsight: a labelled toggle, off at first.
    toggle = area.locator("label", has_text="Hindsight: with every hand shown")
    assert toggle.count() == 1
    assert area.locator("input[type=checkbox]").last.is_checked() is False
    assert area.locator(MOMENT).count() == 0 or not area.locator(MOMENT).first.is_visible()
    area.locator(".t42-review").first.scroll_into_view_if_needed()
    _shot(page, f"{size}-chart")

    # Enter on a mark (from the keyboard) shows the table at that moment.
    k = next(i for i, d in enumerate(want) if d.kind == "play")
    target = marks.nth(k)
    target.focus()
    _answered(page, lambda: page.keyboard.press("Enter"))
    moment = area.locator(MOMENT).first
    moment.wait_for(state="visible", timeout=ANSWER_MS)
    expect(moment.locator("svg.table-svg")).to_have_count(1)  # the table before that decision
    assert mark_words(want[k], twin.review_box.you) in moment.inner_text().replace("\xa0", " ")
    expect(area.locator(".t42-review svg .selected")).to_have_count(1)  # the mark, ringed
    moment.scroll_into_view_if_needed()
    _shot(page, f"{size}-moment")

    # What if: another legal option, the computer plays on, the result beside the real one.
    twin.review_box.show_decision(k)
    other = twin.review_box.what_if_row.children[0].description
    _answered(page, lambda: moment.locator("button", has_text=other).first.click())
    expect(moment).to_contain_text("The real hand", timeout=ANSWER_MS)
    text = moment.inner_text().replace("\xa0", " ")
    assert f"What if {other}" in text and "The real hand" in text
    twin.review_box.what_if_row.children[0].click()
    seat = twin.review_box.decisions[k][0]  # the result seen from the reviewed seat
    assert twin.review_box.what_if.result.describe(seen_by=seat) in text  # as CPython plays it
    _shot(page, f"{size}-what-if")
    _answered(page, lambda: moment.locator("button", has_text="Back to the real hand").click())
    expect(area.locator(".t42-review svg .selected")).to_have_count(0, timeout=ANSWER_MS)
    assert area.locator(MOMENT).count() == 0 or not area.locator(MOMENT).first.is_visible()
    expect(area.locator(MARKS)).to_have_count(len(want))  # the chart is still there

    # "Look closer" at a verdict too close to call: the same judge over more guesses;
    # the same new verdict as CPython's, from the keyboard, in the chart too.
    from texas42.analysis.coach import TOO_CLOSE

    close = [i for i, d in enumerate(want) if d.label == TOO_CLOSE]
    assert close, "the recorded hand has a verdict too close to call"
    last = close[-1]
    marks.nth(last).focus()
    _answered(page, lambda: page.keyboard.press("Enter"))
    moment.wait_for(state="visible", timeout=ANSWER_MS)
    twin.review_box.show_decision(last)
    twin.review_box.check_button.click()
    again = twin.review_box.decisions[last][2]
    assert again.worlds > want[last].worlds
    check = moment.locator("button", has_text="Look closer")
    check.focus()
    _answered(page, lambda: page.keyboard.press("Enter"))  # from the keyboard too
    expect(moment).to_contain_text(f"Looked at closer, over {again.worlds} guesses",
                                   timeout=ANSWER_MS)
    expect(marks.nth(last)).to_have_attribute("data-label", label_word(again))
    if again.label != TOO_CLOSE:
        expect(check).to_be_hidden()
    moment.scroll_into_view_if_needed()
    _shot(page, f"{size}-looked-closer")

    found = serious_axe_violations(page)
    assert not found, found
    visit.assert_private()
