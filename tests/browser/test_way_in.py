"""From the front door to the table in one click (issue 34), on the built site in headless
Chromium at 1280x900 and at 390x844:

* the home page's first control is a Play button, above the fold, that opens the Play
  page; its table is a framed still picture (labelled "Picture", no domino marked to play);
* on the Play page, Start (from the keyboard) brings the table into view, the learner's
  hand and the first choice (the first bid button) on the screen, and puts the focus on
  that choice; Hint and the message line come before the bids in the tab order;
* "Review the hand" is disabled until the hand is over, its reason as its description;
* chapter 1's explorer opens on the suits alone (no contract, no rules list).

Screenshots go to test-artifacts/screenshots/way-in-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .helpers import save_screenshot
from .live import START_TIMEOUT_MS, Visit, live_boxes, wait_box, wait_picture

pytestmark = pytest.mark.browser

SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1280, "height": 900},
                                  "phone": {"width": 390, "height": 844}}
FIRST_BID = ".t42-table-actions .t42-act"

# Every control a Tab reaches in the page, in order (no positive tabindex on the site).
JS_TABBABLE = """(root) => Array.from((root || document).querySelectorAll(
    'a[href], button, select, input, textarea, [tabindex]'))
  .filter(e => !e.disabled && e.tabIndex >= 0 && e.offsetParent !== null)"""

# The box of an element against the screen: the theme's header bar (sticky) covers the top.
JS_IN_VIEW = """(el) => {
  const r = el.getBoundingClientRect();
  const bar = document.querySelector('.bd-header');
  const top = bar && ['sticky', 'fixed'].includes(getComputedStyle(bar).position)
    ? bar.getBoundingClientRect().bottom : 0;
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, covered: top,
           screen: window.innerHeight, width: document.documentElement.clientWidth,
           inView: r.height > 0 && r.top >= top - 1 && r.bottom <= window.innerHeight + 1
                   && r.left >= -1 && r.right <= document.documentElement.clientWidth + 1 };
}"""


@pytest.fixture
def visit(chromium: Browser, site_server: str) -> Iterator[Visit]:
    """A visit of its own, so that the Play page's explorer waits for Start."""
    v = Visit(chromium, site_server)
    yield v
    v.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_home_pages_first_control_is_play_above_the_fold(visit: Visit, size: str) -> None:
    page = visit.page
    page.set_viewport_size(SIZES[size])
    page.goto(f"{visit.base}/index.html", wait_until="load")
    page.wait_for_url("**/book/intro.html")
    article = page.locator("article.bd-article")
    play = article.locator(".t42-play-door a").first
    expect(play).to_have_text("Play a hand now")
    # The first thing under the title: the first control of the article (the Large
    # dominoes switch comes after it).
    first = page.evaluate_handle(f"() => ({JS_TABBABLE})(document.querySelector("
                                 "'article.bd-article')).filter(e => !e.closest('h1'))[0]")
    assert page.evaluate("([a, b]) => a === b", [first, play.element_handle()])
    switch = article.locator(".t42-large-switch")
    expect(switch).to_have_count(1)
    assert page.evaluate(
        "([a, b]) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)",
        [play.element_handle(), switch.element_handle()])
    box = page.evaluate(JS_IN_VIEW, play.element_handle())
    assert box["inView"], box  # above the fold, nothing scrolled
    # The picture of a table is framed and labelled as a picture; nothing in it is
    # marked as a domino to play.
    still = article.locator(".t42-still")
    expect(still).to_have_count(1)
    assert still.get_attribute("data-label") == "Picture"
    expect(still.locator("figcaption")).to_contain_text("A picture of a hand of 42")
    assert still.locator('[data-highlight="legal"], [data-play]').count() == 0
    assert still.locator("svg.table-svg:visible").count() == 1
    save_screenshot(page, f"way-in-home-{size}", full_page=False)
    play.click()
    page.wait_for_url("**/book/play.html")
    assert live_boxes(page) == 1
    assert not visit.errors, visit.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_start_brings_the_table_into_view_and_focuses_the_first_choice(
    visit: Visit, size: str
) -> None:
    page = visit.page
    page.set_viewport_size(SIZES[size])
    visit.open("book/play.html")
    wait_picture(page, 0)
    start = page.locator(".t42-live-start").first
    start.focus()
    page.keyboard.press("Enter")  # the keyboard's way in
    assert wait_box(page, 0)["state"] == "live"
    area = page.locator(".t42-live-area").first
    first_bid = area.locator(FIRST_BID).first
    expect(first_bid).to_be_focused(timeout=START_TIMEOUT_MS)
    page.wait_for_timeout(1600)  # past the first redraws: the focus stays
    expect(first_bid).to_be_focused()
    assert first_bid.is_enabled()
    view = page.evaluate(JS_IN_VIEW, first_bid.element_handle())
    assert view["inView"], view
    if size == "desktop":  # room for the whole column: Hint and the message line too
        for part in (area.get_by_role("button", name="Hint"), area.locator(".t42-message")):
            box = page.evaluate(JS_IN_VIEW, part.first.element_handle())
            assert box["inView"], box
    # The learner's hand (the only dominoes face up while bidding) is on the screen.
    hand = area.locator(".t42-table-pic g.domino:not(.back)")
    assert hand.count() == 7
    for i in range(7):
        box = page.evaluate(JS_IN_VIEW, hand.nth(i).element_handle())
        assert box["inView"], (i, box)
    # Hint and the message line before the bids: in the tab order and in reading order.
    tabbable = page.evaluate_handle(f"() => ({JS_TABBABLE})(document)")
    order = page.evaluate(
        """([all, area]) => {
          const hint = Array.from(area.querySelectorAll('button'))
            .find(b => b.textContent.trim() === 'Hint');
          const bid = area.querySelector('.t42-table-actions .t42-act');
          const message = area.querySelector('.t42-message');
          return { hint: all.indexOf(hint), bid: all.indexOf(bid),
                   messageFirst: !!(message.compareDocumentPosition(bid)
                                    & Node.DOCUMENT_POSITION_FOLLOWING) };
        }""", [tabbable, area.element_handle()])
    assert 0 <= order["hint"] < order["bid"], order
    assert order["messageFirst"], order
    save_screenshot(page, f"way-in-play-started-{size}", full_page=False)
    # Review the hand cannot act yet: disabled, the reason its description.
    review = area.get_by_role("button", name="Review the hand")
    expect(review).to_be_disabled()
    assert review.get_attribute("title") == (
        "The review comes when the hand is over: play on first.")
    score = area.locator(".t42-play-top").inner_text()
    assert "you and your partner 0" in score and "the opponents 0" in score, score
    assert "seats 0+2" not in area.inner_text()
    assert not visit.errors, visit.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_chapter_ones_explorer_opens_on_the_suits_alone(visit: Visit, size: str) -> None:
    page = visit.page
    page.set_viewport_size(SIZES[size])
    visit.open("book/dominoes.html")
    box = page.locator(".t42-live").first
    wait_picture(page, 0)
    text = box.inner_text()
    assert "6-3 belongs to the sixes and the threes" in text, text
    for word in ("Contract", "Rules", "nello", "n42pa", "leads"):
        assert word not in text, word
    assert box.locator("select").count() == 1  # the domino list only


def _axe(page: Page, within: str) -> list[dict[str, object]]:
    """axe-core's violations of every impact inside ``within`` (a selector)."""
    from .test_live_softnav import AXE_JS

    page.add_script_tag(path=str(AXE_JS))
    found: list[dict[str, object]] = page.evaluate(
        """async (within) => {
          const r = await axe.run({include: [[within]]}, {resultTypes: ["violations"]});
          return r.violations.map(v => ({id: v.id, impact: v.impact,
                                         nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5)}));
        }""", within)
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_the_live_review_has_no_axe_finding(visit: Visit, size: str) -> None:
    """The replay explorer's review, a decision opened (its options table shown): axe-core
    finds nothing of any impact in the explorer (issue 34: empty-table-header was one)."""
    page = visit.page
    page.set_viewport_size(SIZES[size])
    visit.open("notebooks/06_replay.html")
    wait_picture(page, 0)
    page.locator(".t42-live-start").first.click()
    assert wait_box(page, 0)["state"] == "live"
    area = page.locator(".t42-live-area").first
    area.get_by_role("button", name="Review the hand").first.click()
    marks = area.locator(".t42-review [data-decision]")
    expect(marks.first).to_be_visible(timeout=120_000)
    marks.first.focus()
    page.keyboard.press("Enter")
    moment = area.locator(".t42-review-moment").first
    expect(moment.locator("table")).to_have_count(1, timeout=120_000)  # the options table
    headers = moment.locator("th")
    assert all((h.text_content() or "").strip() for h in headers.all())
    found = _axe(page, ".t42-live-area")
    save_screenshot(page, f"way-in-review-{size}", full_page=False)
    assert not found, found
