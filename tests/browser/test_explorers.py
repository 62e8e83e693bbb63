"""The explorers in a real JupyterLab (127.0.0.1), driven by headless Chromium.

Each test opens an explorer notebook from ``notebooks/``, runs it top to bottom, then
uses the explorer as a learner would (choosing in a list, clicking a button, moving the
slider with the keyboard) and checks that the kernel answered: the text shown changed
as it should.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .conftest import LabServer
from .helpers import WatchedPage

pytestmark = pytest.mark.browser

RUN_TIMEOUT_MS = 300_000
# Generous: the kernel answers in well under a second, but a busy 2-core machine is slow.
ANSWER_TIMEOUT_MS = 60_000

JS_NOTEBOOK_READY = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.sessionContext || !panel.content) return false;
  const session = panel.sessionContext.session;
  return !!(session && session.kernel && session.kernel.status === "idle");
}"""

JS_RUN_ALL = """async () => {
  await window.jupyterapp.commands.execute("notebook:run-all-cells");
  return true;
}"""

JS_ALL_EXECUTED = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== "idle") return false;
  return panel.content.widgets
    .filter(c => c.model.type === "code" && c.model.sharedModel.getSource().trim() !== "")
    .every(c => c.model.executionCount !== null);
}"""

JS_ERROR_OUTPUTS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const errors = [];
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== "code") return;
    for (const out of cell.model.outputs.toJSON()) {
      if (out.output_type === "error") errors.push(`cell ${index}: ${out.ename}: ${out.evalue}`);
    }
  });
  return errors;
}"""


def _open_and_run(page: Page, lab: LabServer, name: str, explorer_class: str) -> Locator:
    """Open ``notebooks/<name>``, run every cell, return the first explorer's box."""
    # ?reset: start from an empty workspace (no tabs left open by the test before).
    page.goto(f"{lab.url}/lab/tree/notebooks/{name}?reset", wait_until="load")
    page.wait_for_function(JS_NOTEBOOK_READY, timeout=60_000, polling=250)
    page.evaluate(JS_RUN_ALL)
    page.wait_for_function(JS_ALL_EXECUTED, timeout=RUN_TIMEOUT_MS, polling=500)
    assert page.evaluate(JS_ERROR_OUTPUTS) == []
    box = page.locator(f".{explorer_class}").first
    expect(box).to_be_visible(timeout=2 * ANSWER_TIMEOUT_MS)
    box.scroll_into_view_if_needed()
    return box


def _message(box: Locator) -> Locator:
    return box.locator(".t42-message").first


def test_suits_explorer_answers_a_choice(
    jupyterlab_server: LabServer, watched_page: WatchedPage, screenshot: Callable[..., Path]
) -> None:
    page = watched_page.page
    box = _open_and_run(page, jupyterlab_server, "01_suits.ipynb", "t42-suits")
    message = _message(box)
    expect(message).to_contain_text("6-4 leads sixes")
    # The second list is the domino: choose 6-5 (a trump when fives are trumps).
    box.locator("select").nth(1).select_option(label="6-5  (six-five)")
    expect(message).to_contain_text("6-5 leads trumps", timeout=ANSWER_TIMEOUT_MS)
    # Type into the text box and press Enter (keyboard only).
    typed = box.locator("input[type=text]").first
    typed.fill("7-7")
    typed.press("Enter")
    expect(message).to_contain_text("not a domino", timeout=ANSWER_TIMEOUT_MS)
    screenshot(page, "explorer-suits", full_page=False)
    watched_page.log.assert_only_local()


def test_tricks_explorer_refuses_an_illegal_play(
    jupyterlab_server: LabServer, watched_page: WatchedPage, screenshot: Callable[..., Path]
) -> None:
    page = watched_page.page
    box = _open_and_run(page, jupyterlab_server, "04_tricks.ipynb", "t42-tricks")
    message = _message(box)
    expect(message).to_contain_text("Seat 0 leads")
    # Lead the first domino of seat 0 with a click on it in the table.
    box.locator('[data-play][data-legal="true"]').first.click()
    expect(message).to_contain_text("Seat 1 to play", timeout=ANSWER_TIMEOUT_MS)
    illegal = box.locator('[data-play][data-legal="false"]')
    if illegal.count():
        illegal.first.click()  # refused: said once, by the table
        expect(box.locator(".t42-table-note")).to_contain_text("Refused",
                                                             timeout=ANSWER_TIMEOUT_MS)
        expect(message).not_to_contain_text("Refused")
    screenshot(page, "explorer-tricks", full_page=False)
    watched_page.log.assert_only_local()


def test_replay_slider_moves_with_the_keyboard(
    jupyterlab_server: LabServer, watched_page: WatchedPage, screenshot: Callable[..., Path]
) -> None:
    page = watched_page.page
    box = _open_and_run(page, jupyterlab_server, "06_replay.ipynb", "t42-replay")
    expect(box).to_contain_text("Step 0 of")
    handle = box.locator(".widget-slider .noUi-handle").first
    handle.focus()
    page.keyboard.press("ArrowRight")
    expect(box).to_contain_text("Step 1 of", timeout=ANSWER_TIMEOUT_MS)
    page.keyboard.press("End")
    expect(_message(box)).to_contain_text("42 points", timeout=ANSWER_TIMEOUT_MS)
    box.locator("button", has_text="Back").first.click()
    expect(box).not_to_contain_text("Step 0 of", timeout=ANSWER_TIMEOUT_MS)
    screenshot(page, "explorer-replay", full_page=False)
    watched_page.log.assert_only_local()


def test_lesson_feedback_in_the_browser(
    jupyterlab_server: LabServer, watched_page: WatchedPage, screenshot: Callable[..., Path]
) -> None:
    page = watched_page.page
    box = _open_and_run(page, jupyterlab_server, "08_lessons.ipynb", "t42-lessons")
    message = _message(box)
    expect(message).to_contain_text("Your turn")
    box.get_by_role("button", name="fours", exact=True).click()
    expect(message).to_contain_text("Not quite", timeout=ANSWER_TIMEOUT_MS)
    box.get_by_role("button", name="sixes", exact=True).click()
    expect(message).to_contain_text("Good", timeout=ANSWER_TIMEOUT_MS)
    box.get_by_role("button", name="Continue ▶").click()
    expect(message).to_contain_text("5-2 is led", timeout=ANSWER_TIMEOUT_MS)
    screenshot(page, "explorer-lessons", full_page=False)
    watched_page.log.assert_only_local()


def test_moon_explorer_bid_widow_discard_trumps_and_a_lead(
    jupyterlab_server: LabServer, watched_page: WatchedPage, screenshot: Callable[..., Path]
) -> None:
    page = watched_page.page
    # Notebook 9 opens the play explorer at Moon's table, drawn round.
    box = _open_and_run(page, jupyterlab_server, "09_moon.ipynb", "t42-play")
    message = _message(box)
    expect(message).to_contain_text("Your turn to bid")
    expect(box.locator("svg.round-table-svg").first).to_be_visible()
    expect(box.locator("select").first).to_contain_text("Three players: Moon")
    # Shoot the moon: nobody can bid over 21, so the learner takes the widow at once.
    moon = box.locator(".t42-table-actions").get_by_role(

        "button", name="Bid 21: shoot the moon", exact=True)

    expect(moon).to_have_attribute("title", re.compile("you must take all seven tricks"))

    moon.click()
    expect(message).to_contain_text("picked up the widow", timeout=ANSWER_TIMEOUT_MS)
    box.locator("[data-play]").first.click()  # lay the first domino aside (in the table)
    expect(message).to_contain_text("name trumps", timeout=ANSWER_TIMEOUT_MS)
    box.locator(".t42-table-actions .t42-act").first.click()  # the first trumps
    expect(message).to_contain_text("lead any domino", timeout=ANSWER_TIMEOUT_MS)
    box.locator('[data-play][data-legal="true"]').first.click()
    expect(box).to_contain_text("You play ", timeout=ANSWER_TIMEOUT_MS)
    screenshot(page, "explorer-moon", full_page=False)
    watched_page.log.assert_only_local()
