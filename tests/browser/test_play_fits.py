"""The play explorer fits the screen (issue 22 item 1), live on the built site.

In headless Chromium at 1280x900 and at 390x844, a whole hand of the game chapter's play
explorer, from the shake to the score, is played once by clicks and once by the keyboard
only (Tab, Enter, Space): the bids and trumps are the buttons under the hand, the dominoes
the table's own. A marks game stops a hand once it is decided (a bid of 84 at the first
trick lost), so a hand of the points game, chosen under Settings, is played too: all
seven tricks. At every step (each bid, naming trumps, every trick, the score) the
explorer's box, scrolled into view, is no taller than the screen and nothing in it is cut
off at the sides. A click on another player's domino says whose turn it is; the computer's
plays come one at a time (a click shows the end at once) and the pause can be turned off.
Screenshots go to test-artifacts/screenshots/play-fits-*.png.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .live import Visit, start_box

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
ANSWER_MS = 30_000
PAGE = "book/game.html"
ACT = ".t42-table-actions .t42-act"
LEGAL = '.t42-table-pic [data-play][data-legal="true"]'

# Settled: no widget message in flight, the table not showing the computer's actions.
JS_SETTLED = """(i) => {
  const L = window.T42Live, box = document.querySelectorAll('.t42-live')[i];
  const t = box.querySelector('.t42-live-area .t42-table');
  return !!t && L.pending === 0 && t.dataset.animating === 'false';
}"""

# The box scrolled to the top of the screen: its height, and anything in it that sticks
# out at the sides (of the screen, or of the box: clipped by its overflow).
JS_FIT = """(i) => {
  const box = document.querySelectorAll('.t42-live')[i];
  box.scrollIntoView({ block: 'start' });
  const r = box.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const out = [];
  box.querySelectorAll('.t42-live-area button, .t42-live-area select, .t42-live-area svg,'
                       + ' .t42-live-area .widget-html-content, .t42-live-area input')
    .forEach(n => {
      if (n.offsetParent === null && n.tagName !== 'svg') return;
      const b = n.getBoundingClientRect();
      if (b.width === 0) return;
      if (b.left < r.left - 1 || b.right > r.right + 1 || b.right > vw + 1)
        out.push(`${n.tagName} ${Math.round(b.left)}..${Math.round(b.right)}`);
    });
  return { height: r.height, screen: window.innerHeight, left: r.left, right: r.right,
           width: vw, scrolls: box.scrollWidth > box.clientWidth + 1, out };
}"""


def play_box(page: Page) -> int:
    """The index of the explorer with a table: in its picture, or (after a reload, when
    the explorer may come alive by itself and drop its picture) in its live area."""
    table = ".t42-live-picture .t42-table-pic svg.table-svg, .t42-live-area svg.table-svg"
    page.wait_for_function(f"() => document.querySelector('.t42-live :is({table})')",
                           timeout=30_000)
    index: int = page.evaluate(
        f"""() => Array.from(document.querySelectorAll('.t42-live'))
             .findIndex(b => b.querySelector('{table}'))""")
    assert index >= 0
    return index


def settle(page: Page, index: int) -> None:
    page.wait_for_function(JS_SETTLED, arg=index, timeout=ANSWER_MS)
    # The table reports its width 0.1 s after a new picture (a redraw may follow): wait
    # past it, then for any answer to it.
    page.wait_for_timeout(250)
    page.wait_for_function(JS_SETTLED, arg=index, timeout=ANSWER_MS)


@contextlib.contextmanager
def live_table(chromium: Browser, site_server: str, size: str, keyboard: bool = False
               ) -> Iterator[tuple[Visit, int, Locator]]:
    """The game chapter's play explorer started (by Enter on Start with ``keyboard``) in
    a fresh context at ``size``, settled: (the visit, the explorer's index, its area)."""
    width, height = SIZES[size]
    visit = Visit(chromium, site_server)
    try:
        page = visit.page
        page.set_viewport_size({"width": width, "height": height})
        visit.open(PAGE)
        index = play_box(page)
        if keyboard:
            box = page.locator(".t42-live").nth(index)
            box.scroll_into_view_if_needed()
            box.locator(".t42-live-start").focus()
            page.keyboard.press("Enter")
        assert start_box(page, index)["state"] == "live"
        area = page.locator(".t42-live").nth(index).locator(".t42-live-area")
        settle(page, index)
        yield visit, index, area
    finally:
        visit.context.close()


def assert_fits(page: Page, index: int, step: str) -> dict[str, Any]:
    fit: dict[str, Any] = page.evaluate(JS_FIT, index)
    assert fit["height"] <= fit["screen"], f"{step}: the box is {fit['height']:.0f} px tall"
    assert fit["left"] >= -1 and fit["right"] <= fit["width"] + 1, f"{step}: {fit}"
    assert not fit["scrolls"] and not fit["out"], f"{step}: cut off: {fit}"
    return fit


def tab_to(page: Page, selector_js: str, limit: int = 80, *, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until the focused element matches (a JS
    expression on ``el``)."""
    check = f"() => {{ const el = document.activeElement; return !!el && ({selector_js}); }}"
    for _ in range(limit):
        if page.evaluate(check):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector_js}")


def turn_off_the_pause(page: Page, area: Locator, keyboard: bool) -> None:
    settings = area.get_by_role("button", name="Settings")
    pause = area.get_by_label("Pause between the computer's plays")
    if keyboard:
        # Started from the keyboard, the focus waits on the first choice (the first bid,
        # issue 34); Settings is above the table, back from there.
        expect(area.locator(ACT).first).to_be_focused(timeout=ANSWER_MS)
        tab_to(page, "el.textContent.trim() === 'Settings'", back=True)
        page.keyboard.press("Enter")
        expect(pause).to_be_visible(timeout=ANSWER_MS)
        tab_to(page, "el.type === 'checkbox' && el.closest('.widget-checkbox')"
               ".textContent.includes('Pause')")
        page.keyboard.press("Space")
        expect(pause).not_to_be_checked(timeout=ANSWER_MS)
        tab_to(page, "el.textContent.trim() === 'Settings'", limit=200)
        page.keyboard.press("Enter")
    else:
        settings.click()
        pause.uncheck()
        settings.click()
    expect(pause).to_be_hidden(timeout=ANSWER_MS)


def choose_rules(area: Locator, label: str) -> None:
    """Pick the rules profile whose label starts with ``label`` under Settings (a new
    game starts under it)."""
    settings = area.get_by_role("button", name="Settings")
    settings.click()
    option = area.locator(".t42-play-settings select option").filter(has_text=label).first
    text = (option.text_content() or "").strip()
    assert text.replace("\xa0", " ").startswith(label), text  # the labels keep together
    option.locator("xpath=..").select_option(label=text)  # its own select
    settings.click()


def play_a_hand(page: Page, index: int, area: Locator, keyboard: bool,
                shot: Callable[[str], Any], bid: str = "Bid 84") -> list[str]:
    """Make ``bid`` (nobody outbids 84, or 41 in a points game, on this deal), name the
    first trumps offered, lead and follow with the first domino that may be played, to
    the score; the steps seen."""
    steps: list[str] = []
    message = area.locator(".t42-message").first
    for _ in range(60):
        settle(page, index)
        acts = area.locator(ACT)
        label = acts.first.get_attribute("aria-label") if acts.count() else None
        step = ("bidding" if label and (label.startswith("Bid") or label == "Pass")
                else "trumps" if label else "score" if area.locator(LEGAL).count() == 0
                else f"trick {len([s for s in steps if s.startswith('trick')]) + 1}")
        page.evaluate(JS_FIT, index)  # scrolled into view, for the picture
        if step in ("bidding", "trumps", "trick 2", "score"):
            shot(step.replace(" ", "-"))
        try:
            assert_fits(page, index, step)
        except AssertionError:
            shot(step.replace(" ", "-") + "-too-tall")
            raise
        steps.append(step)
        if step == "score":
            break
        if step == "bidding":
            if keyboard:
                tab_to(page, f"el.getAttribute('aria-label') === '{bid}'")
                page.keyboard.press("Enter")
            else:
                area.get_by_role("button", name=bid, exact=True).click()
            expect(message).to_contain_text("name trumps", timeout=ANSWER_MS)
        elif step == "trumps":
            if keyboard:
                # After the bid the focus waits on the first trump button.
                tab_to(page, "el.matches('.t42-act')")
                page.keyboard.press("Space")
            else:
                acts.first.click()
            expect(message).to_contain_text("lead any domino", timeout=ANSWER_MS)
        else:
            held = area.locator(".t42-table-pic [data-play]").count()
            if keyboard:
                tab_to(page, "el.matches('[data-play][data-legal=\"true\"]')")
                page.keyboard.press("Enter")
            else:
                area.locator(LEGAL).first.click()
            page.wait_for_function(
                """([i, held]) => {
                  const a = document.querySelectorAll('.t42-live')[i];
                  return a.querySelectorAll('.t42-table-pic [data-play]').length !== held; }""",
                arg=[index, held], timeout=ANSWER_MS)
    else:
        raise AssertionError(f"the hand did not end: {steps}")
    return steps


@pytest.mark.parametrize("how", ["clicks", "keyboard", "points game"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_hand_plays_without_scrolling(
    size: str, how: str, chromium: Browser, site_server: str, screenshot: Callable[..., Path]
) -> None:
    points = how == "points game"
    keyboard = how == "keyboard"
    with live_table(chromium, site_server, size, keyboard) as (visit, index, area):
        page = visit.page
        assert_fits(page, index, "start")
        turn_off_the_pause(page, area, keyboard)
        if points:
            choose_rules(area, "House rules: points")
            settle(page, index)
            expect(area.get_by_role("button", name="Bid 84", exact=True)).to_have_count(0)
        steps = play_a_hand(page, index, area, keyboard,
                            lambda name: screenshot(page, f"play-fits-{size}-{how}-{name}",
                                                    full_page=False),
                            bid="Bid 41" if points else "Bid 84")
        assert steps[0] == "bidding" and "trumps" in steps and steps[-1] == "score"
        tricks = len([s for s in steps if s.startswith("trick")])
        if points:
            assert tricks == 7, steps  # a points game plays every trick
        else:
            # 84 is all the tricks: the hand ends at the first trick lost, or after seven.
            assert 1 <= tricks <= 7
        expect(area.locator(".t42-message").first).to_contain_text("Review the hand")
        visit.assert_private()


@pytest.mark.parametrize("size", list(SIZES))
def test_out_of_turn_and_the_pause(
    size: str, chromium: Browser, site_server: str, screenshot: Callable[..., Path]
) -> None:
    """A click on another player's domino says whose turn it is; the computer's plays
    come one at a time after a play (a click shows the end at once); turned off, at once,
    and still off after a reload (the choice is kept in this browser)."""
    with live_table(chromium, site_server, size) as (visit, index, area):
        page = visit.page
        table = area.locator(".t42-table")
        note = area.locator(".t42-table-note")
        # A face-down domino of another seat, in the bidding.
        area.locator(".t42-table-pic .domino.back").first.click(force=True)  # stacked
        expect(note).to_contain_text("You cannot play another player's dominoes",
                                     timeout=ANSWER_MS)
        expect(note).to_contain_text("It is your turn to bid")
        assert note.get_attribute("aria-live") == "polite"
        screenshot(page, f"play-fits-{size}-out-of-turn", full_page=False)
        # With the pause (on by default): the bid, then each computer bid, one at a time.
        said = area.locator(".t42-table-said")
        # Every line said, in order: a frame lasts 0.6 s, shorter than a poll may take.
        page.evaluate(
            """(i) => { const p = document.querySelectorAll('.t42-live')[i]
                 .querySelector('.t42-table-said');
               window.__t42Said = [];
               new MutationObserver(() => window.__t42Said.push(p.textContent.trim()))
                 .observe(p, { childList: true, characterData: true, subtree: true }); }""",
            index)
        area.get_by_role("button", name="Bid 84", exact=True).click()
        expect(table).to_have_attribute("data-animating", "true", timeout=ANSWER_MS)
        # Read from the lines recorded, not the line showing: under load a poll may come
        # after the next frame has replaced it.
        page.wait_for_function("() => window.__t42Said.includes('You bid 84.')",
                               timeout=ANSWER_MS)
        assert said.get_attribute("aria-live") == "polite"
        settle(page, index)
        lines = page.evaluate("() => window.__t42Said")
        start = lines.index("You bid 84.")
        later = [line for line in lines[start:] if line and not line.startswith("You bid")]
        assert later and later[0].startswith("Left opponent"), lines  # the next, later
        assert len(set(later)) >= 3, f"each computer bid said one at a time: {lines}"
        expect(area.locator(ACT).first).to_be_visible()  # the trump buttons, after them
        area.locator(ACT).first.click()
        settle(page, index)
        # A play: the computer's answers come one at a time; a click shows the end at once.
        lead = area.locator(LEGAL).first
        lead.click()
        expect(table).to_have_attribute("data-animating", "true", timeout=ANSWER_MS)
        area.locator(".t42-table-pic").click()
        expect(table).to_have_attribute("data-animating", "false", timeout=2_000)
        expect(area.locator(LEGAL).first).to_be_visible(timeout=ANSWER_MS)
        # Turned off: the answers at once (no frames shown), and said together.
        area.get_by_role("button", name="Settings").click()
        area.get_by_label("Pause between the computer's plays").uncheck()
        area.get_by_role("button", name="Settings").click()
        settle(page, index)
        page.evaluate(
            """(i) => { const t = document.querySelectorAll('.t42-live')[i]
                 .querySelector('.t42-table');
               window.__t42Animated = false;
               new MutationObserver(() => { if (t.dataset.animating === 'true')
                 window.__t42Animated = true; })
                 .observe(t, { attributes: true }); }""", index)
        before = area.locator(".t42-table-pic [data-play]").count()
        area.locator(LEGAL).first.click()
        page.wait_for_function(
            """([i, n]) => document.querySelectorAll('.t42-live')[i]
                 .querySelectorAll('.t42-table-pic [data-play]').length < n""",
            arg=[index, before], timeout=ANSWER_MS)
        settle(page, index)
        assert page.evaluate("() => window.__t42Animated") is False
        if size == "phone":  # (the same code at both sizes: one reload is enough)
            # The choice is kept in this browser: after a reload the pause is still off.
            page.reload(wait_until="load")
            index = play_box(page)
            assert start_box(page, index)["state"] == "live"
            area = page.locator(".t42-live").nth(index).locator(".t42-live-area")
            area.get_by_role("button", name="Settings").click()
            expect(area.get_by_label("Pause between the computer's plays")).not_to_be_checked(
                timeout=ANSWER_MS)
        visit.assert_private()


@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_serious_in_the_live_table(
    size: str, chromium: Browser, site_server: str
) -> None:
    """The live play explorer, with its bid buttons, then its trump buttons and the
    settings open: axe (run offline) finds no critical or serious violation in it."""
    from .test_accessibility import BLOCKING_IMPACTS, _axe, _report

    with live_table(chromium, site_server, size) as (visit, index, area):
        page = visit.page
        found = [v for v in _axe(page) if v["impact"] in BLOCKING_IMPACTS]
        assert not found, f"bidding: {_report(found)}"
        area.get_by_role("button", name="Bid 84", exact=True).click()
        settle(page, index)
        area.get_by_role("button", name="Settings").click()
        expect(area.get_by_label("Pause between the computer's plays")).to_be_visible()
        found = [v for v in _axe(page) if v["impact"] in BLOCKING_IMPACTS]
        assert not found, f"trumps: {_report(found)}"
