"""Issue 39: "The rules on one page" prints on one page at A4 and at Letter with 12 mm
margins, and the teacher's answer key on two (the pages' print stylesheet,
bookkit.print_sheet: 12 mm page margins, compact text)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, PdfMargins

pytestmark = pytest.mark.browser

MARGIN = "12mm"


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_rules_print_on_one_page(chromium: Browser, site_server: str, paper: str) -> None:
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(f"{site_server}/book/rules-summary.html", wait_until="load")
        # The whole page is there: its last section, and every rule paragraph.
        assert page.locator("main p", has_text="House rules you may meet").count() == 1
        margins: PdfMargins = {"top": MARGIN, "right": MARGIN, "bottom": MARGIN,
                               "left": MARGIN}
        pdf = page.pdf(format=paper, margin=margins, print_background=True)
        assert pdf_pages(pdf) == 1
        # ... and with the page's own margins (the print dialog's default).
        assert pdf_pages(page.pdf(format=paper, prefer_css_page_size=True)) == 1
    finally:
        context.close()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_answer_key_prints_whole_on_two_pages(chromium: Browser, site_server: str,
                                                  paper: str) -> None:
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(f"{site_server}/book/teachers-key.html", wait_until="load")
        # Every exercise of the plan has its answer: six sections, five tables of them.
        assert page.locator("main section h2").count() == 6
        assert page.locator("main table").count() == 5
        margins: PdfMargins = {"top": MARGIN, "right": MARGIN, "bottom": MARGIN,
                               "left": MARGIN}
        assert pdf_pages(page.pdf(format=paper, margin=margins)) == 2
    finally:
        context.close()


def test_the_print_rules_are_this_pages_alone(chromium: Browser, site_server: str) -> None:
    """Another page keeps the theme's print layout (the compact one is scoped)."""
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(f"{site_server}/book/glossary.html", wait_until="load")
        page.emulate_media(media="print")
        size = page.evaluate("() => getComputedStyle(document.querySelector('main p')).fontSize")
        page.goto(f"{site_server}/book/rules-summary.html", wait_until="load")
        page.emulate_media(media="print")
        compact = page.evaluate(
            "() => getComputedStyle(document.querySelector('main p')).fontSize")
        assert float(compact.removesuffix("px")) < float(size.removesuffix("px"))
    finally:
        context.close()
