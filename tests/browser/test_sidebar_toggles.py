"""The theme's sidebar buttons work on every page, on a phone and on a wide screen.

The book theme draws its own sidebar buttons, the theme below it a hidden copy in the top
bar, and only the first copy in the page is wired (pydata-sphinx-theme issue 2451): on a
390 px phone the site's navigation could not be opened at all. texas42-a11y.js passes a
click on any copy to the wired one; these tests press the buttons a reader sees.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from .helpers import watch

pytestmark = pytest.mark.browser

PAGES = ["book/intro.html", "book/tricks.html", "notebooks/07_play.html"]


def _open(chromium: Browser, url: str, width: int, height: int) -> Page:
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    log = watch(page)
    page.goto(url)
    page.wait_for_load_state("load")
    log.assert_clean()
    return page


def _dialog_open(page: Page, which: str) -> bool:
    is_open: bool = page.evaluate(
        "(w) => document.getElementById(`pst-${w}-sidebar-modal`).open", which)
    return is_open


@pytest.mark.parametrize("path", PAGES)
def test_phone_opens_the_site_navigation(chromium: Browser, site_server: str, path: str) -> None:
    page = _open(chromium, f"{site_server}/{path}", 390, 844)
    try:
        button = page.locator("button.primary-toggle:visible")
        assert button.count() >= 1, "no visible navigation button on a phone"
        assert not _dialog_open(page, "primary")
        button.first.click()
        page.wait_for_function(
            "() => document.getElementById('pst-primary-sidebar-modal').open", timeout=5_000)
        # The chapters are in it, and a link to another chapter can be seen and followed.
        link = page.locator("#pst-primary-sidebar-modal a.reference", has_text="Trumps").first
        assert link.is_visible()
        page.keyboard.press("Escape")
        page.wait_for_function(
            "() => !document.getElementById('pst-primary-sidebar-modal').open", timeout=5_000)
        # The contents of this page (the right-hand sidebar) open too.
        toc = page.locator("button.secondary-toggle:visible")
        assert toc.count() >= 1, "no visible 'on this page' button on a phone"
        toc.first.click()
        page.wait_for_function(
            "() => document.getElementById('pst-secondary-sidebar-modal').open", timeout=5_000)
    finally:
        page.context.close()


def test_wide_screen_hides_and_shows_the_sidebar(chromium: Browser, site_server: str) -> None:
    page = _open(chromium, f"{site_server}/book/tricks.html", 1280, 900)
    try:
        sidebar = page.locator("#pst-primary-sidebar")
        assert sidebar.is_visible()
        button = page.locator("button.primary-toggle:visible").first
        button.click()
        page.wait_for_function(
            "() => document.getElementById('pst-primary-sidebar')"
            ".classList.contains('pst-sidebar-hidden')", timeout=5_000)
        assert not _dialog_open(page, "primary"), "a wide screen hides the sidebar, no dialog"
        button.click()
        page.wait_for_function(
            "() => !document.getElementById('pst-primary-sidebar')"
            ".classList.contains('pst-sidebar-hidden')", timeout=5_000)
    finally:
        page.context.close()
