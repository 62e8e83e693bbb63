"""The coach judges the learner's decisions while the hand goes on (issue 38), live on the
built site in headless Chromium.

On the game chapter's play explorer a hand is played by clicks (bid 41, the first trumps
offered, the first domino that may be played each time); the same choices are made in the
same explorer in CPython. Each decision is judged in the page's idle moments (the worker's
``idle`` slices), so "Review the hand" shows the chart of verdicts that CPython's review
gives for the same hand. The time from the click to the chart and the machine's load are
recorded (test-artifacts/review-timings.json): a figure, not a check.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .helpers import ARTIFACTS, record_timings
from .test_live import cpython_explorer
from .test_play_fits import ACT, ANSWER_MS, LEGAL, PAGE, live_table, settle, turn_off_the_pause

pytestmark = pytest.mark.browser

MARKS = ".t42-review [data-decision]"
BID = 41  # nobody outbids it on this deal: the learner names trumps and leads


def test_the_review_is_judged_while_the_hand_goes_on(
    chromium: Browser, site_server: str, screenshot: Callable[..., Path]
) -> None:
    with live_table(chromium, site_server, "desktop") as (visit, index, area):
        page = visit.page
        turn_off_the_pause(page, area, keyboard=False)
        settle(page, index)
        model_id = page.evaluate(f"() => window.T42Live.boxes[{index}].modelId")
        twin = cpython_explorer(PAGE, model_id)
        message = area.locator(".t42-message").first

        area.get_by_role("button", name=f"Bid {BID}", exact=True).click()
        twin.bid_picker.value = BID
        twin.bid_button.click()
        expect(message).to_contain_text("name trumps", timeout=ANSWER_MS)
        settle(page, index)
        area.locator(ACT).first.click()
        twin.name_button.click()
        for _ in range(7):
            settle(page, index)
            legal = area.locator(LEGAL)
            if legal.count() == 0:
                break
            domino = legal.first.get_attribute("data-play")
            assert domino in twin.state["legal"], (domino, twin.state["legal"])
            held = area.locator(".t42-table-pic [data-play]").count()
            legal.first.click()
            twin.play(domino)
            page.wait_for_function(
                """([i, held]) => document.querySelectorAll('.t42-live')[i]
                     .querySelectorAll('.t42-table-pic [data-play]').length !== held""",
                arg=[index, held], timeout=ANSWER_MS)
        settle(page, index)
        assert twin.hand.is_over and twin.last_error is None, twin.last_error
        expect(message).to_contain_text("Review the hand", timeout=ANSWER_MS)

        twin.review_button.click()
        want = [d for _, _, d, _ in twin.review_box.decisions]
        assert want and twin.last_error is None
        start = time.perf_counter()
        area.get_by_role("button", name="Review the hand").click()
        marks = area.locator(MARKS)
        expect(marks).to_have_count(len(want), timeout=ANSWER_MS)
        ready = time.perf_counter() - start
        record_timings(ARTIFACTS / "review-timings.json", "review-after-the-last-trick",
                       {"review_ready_s": round(ready, 2), "decisions": len(want),
                        "load_average": round(os.getloadavg()[0], 2)})
        from texas42.svg.review_chart import label_word

        labels = marks.evaluate_all("els => els.map(e => e.getAttribute('data-label'))")
        assert labels == [label_word(d) for d in want]  # the verdicts CPython gives
        expect(message).to_contain_text("Review: ")
        area.locator(".t42-review").first.scroll_into_view_if_needed()
        screenshot(page, "review-ready-desktop", full_page=False)
        visit.assert_private()
