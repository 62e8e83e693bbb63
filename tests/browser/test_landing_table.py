"""The landing page's table picture is readable on a phone (issue 22 item 5).

The wide table shrunk to a 390 px phone had labels about 5 px high. bookkit.table_pic now
draws the table twice, wide and compact (laid out for a phone), and the book's stylesheet
shows one by the screen's width. In headless Chromium on the built site, the rendered
size of every label (getBoundingClientRect of each <text>, and its font size times the
picture's scale) of the one picture shown is measured at 390x844 and 1280x900.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .helpers import WatchedPage

MIN_LABEL_PX = 11.0

JS_LABELS = """() => {
  const shown = Array.from(document.querySelectorAll('.t42-picture svg.table-svg'))
    .filter(s => s.getBoundingClientRect().width > 0);
  return shown.map(svg => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const labels = Array.from(svg.querySelectorAll('text')).filter(t => t.textContent.trim())
      .map(t => ({ text: t.textContent.trim(),
                   px: parseFloat(getComputedStyle(t).fontSize) * scale,
                   box: t.getBoundingClientRect().height }));
    return { width: svg.viewBox.baseVal.width, right: svg.getBoundingClientRect().right,
             labels };
  });
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_the_landing_table_labels_are_readable(
    width: int, height: int, watched_page: WatchedPage, site_server: str,
    screenshot: Callable[..., Path],
) -> None:
    page, log = watched_page.page, watched_page.log
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_server}/book/intro.html")
    pictures = page.evaluate(JS_LABELS)
    assert len(pictures) == 1, f"one table picture shown, not {len(pictures)}"
    (picture,) = pictures
    labels = picture["labels"]
    assert len(labels) >= 8, labels  # seats, bid, trumps, points...
    small = [lab for lab in labels if lab["px"] < MIN_LABEL_PX or lab["box"] < MIN_LABEL_PX]
    assert not small, f"labels under {MIN_LABEL_PX} px at {width} px: {small}"
    assert picture["right"] <= width + 1, picture["right"]
    # The phone gets the compact drawing, the desktop the wide one.
    assert (picture["width"] <= 400) == (width == 390), picture["width"]
    # Both are in the page (a screen reader reads only the one shown: the other is
    # display: none), each with its own title.
    hidden = page.evaluate(
        "() => Array.from(document.querySelectorAll('.t42-picture svg.table-svg'))"
        ".filter(s => getComputedStyle(s.closest('div')).display === 'none').length")
    assert hidden == 1
    shown = page.locator(".t42-picture svg.table-svg").nth(0 if width > 600 else 1)
    shown.scroll_into_view_if_needed()
    screenshot(page, f"landing-table-{width}", full_page=False)
    log.assert_clean()
