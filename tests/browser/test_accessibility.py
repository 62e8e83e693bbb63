"""Accessibility of the built book in headless Chromium (part of ``make browser``).

* Every page listed in ``_toc.yml`` is audited with axe-core (npm ``axe-core``, a
  devDependency, injected from ``node_modules``; nothing is fetched): no violation of
  impact "critical" or "serious" is allowed, in the light and in the dark theme.
* On a phone (a viewport 390 px wide) no explorer control is wider than the screen or
  cut off: each one lies inside the viewport, or inside an element that scrolls
  horizontally on purpose; a hand of seven dominoes does not wrap six and one.
* The "Large dominoes" switch scales the pictures and is remembered.

Screenshots at 390 px go to ``test-artifacts/screenshots/phone-*.png``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .helpers import REPO, WatchedPage, watch
from .test_site import DOCNAMES

pytestmark = pytest.mark.browser

AXE_JS = REPO / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING_IMPACTS = ("critical", "serious")
PHONE: ViewportSize = {"width": 390, "height": 844}
# A page shows explorers when it has widget views (not only saved widget state).
WIDGET_STATE = "application/vnd.jupyter.widget-view+json"


def _widget_pages() -> list[str]:
    """The pages with saved explorers (widget views), from the built HTML."""
    from .helpers import SITE_DIR

    out = []
    for name in DOCNAMES:
        html_file = SITE_DIR / f"{name}.html"
        if html_file.is_file() and WIDGET_STATE in html_file.read_text(encoding="utf-8"):
            out.append(name)
    return out


def _open(page: Page, url: str, html_file: Path) -> None:
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url}: {response and response.status}"
    # A page with a live explorer may keep loading its Python in the background.
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_load_state("networkidle", timeout=10_000)
    if WIDGET_STATE in html_file.read_text(encoding="utf-8"):
        expect(page.locator(".jupyter-widgets").first).to_be_visible(timeout=20_000)
        page.wait_for_timeout(500)  # the other views are drawn in the same pass
    if page.locator(".math").count():
        expect(page.locator("mjx-container").first).to_be_visible(timeout=20_000)


def _axe(page: Page) -> list[dict[str, Any]]:
    assert AXE_JS.is_file(), f"{AXE_JS} is missing: run `npm ci` (make setup does)"
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    violations: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ["violations"]});
          return r.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary}))
          }));
        }"""
    )
    return violations


_JS_UNNAMED_PICTURES = """() => {
  const out = [];
  for (const img of document.querySelectorAll("article img")) {
    if (!img.hasAttribute("alt")) out.push(img.outerHTML.slice(0, 120));
  }
  for (const svg of document.querySelectorAll("article svg")) {
    if (svg.closest("[aria-hidden=true]") || svg.parentElement.closest("svg")) continue;
    const titled = svg.querySelector(":scope > title");
    const named = svg.getAttribute("aria-label") || svg.getAttribute("aria-labelledby")
      || (titled && titled.textContent.trim());
    // A drawing with buttons in it (the table you play by clicking) is a named group:
    // an img would hide its buttons from screen readers.
    const role = svg.getAttribute("role");
    const ok = role === "img" || (role === "group" && svg.querySelector("[role=button]"));
    if (!ok || !named) out.push(svg.outerHTML.slice(0, 120));
  }
  return out;
}"""


def _report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        first = v["nodes"][0] if v["nodes"] else {"target": "?", "summary": ""}
        summary = " ".join(str(first["summary"]).split())[:200]
        lines.append(
            f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}; "
            f"first: {first['target']} -- {summary}"
        )
    return "\n  ".join(lines)


@pytest.mark.parametrize("docname", DOCNAMES)
def test_axe_finds_no_serious_violation(
    docname: str, site_server: str, site_dir: Path, chromium: Browser
) -> None:
    """Audited in the light theme, then in the dark one on the same page: the theme
    follows the system's colour scheme (default_mode: auto) as it changes, so one load
    serves both audits (a page load is most of the time an audit takes)."""
    context = chromium.new_context(
        viewport={"width": 1280, "height": 900}, color_scheme="light"
    )
    try:
        page = context.new_page()
        log = watch(page)
        _open(page, f"{site_server}/{docname}.html", site_dir / f"{docname}.html")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            expect(page.locator("html")).to_have_attribute("data-theme", scheme)
            # Colours fade (0.15 s transitions): audit the ones they end on.
            page.evaluate("() => Promise.all(document.getAnimations()"
                          ".filter(a => a instanceof CSSTransition)"
                          ".map(a => a.finished.catch(() => null)))")
            found = [v for v in _axe(page) if v["impact"] in BLOCKING_IMPACTS]
            assert not found, f"{docname} ({scheme}): axe found\n  {_report(found)}"
        # Every picture has a text alternative: images an alt, drawings (the dominoes'
        # SVG, matplotlib figures) role="img" (or "group" around buttons) and a name;
        # icons are hidden from readers.
        unnamed: list[str] = page.evaluate(_JS_UNNAMED_PICTURES)
        assert not unnamed, f"{docname}: pictures without a text alternative: {unnamed}"
        log.assert_clean()
    finally:
        context.close()


# --------------------------------------------------------------------------- phones

# For each control (and picture) of the explorers: its box, and whether it is cut off.
# It is fine when it is no wider than the screen and its box lies within the screen, or
# within an ancestor that scrolls horizontally on purpose (overflow-x auto/scroll). An
# ancestor that clips (overflow hidden/clip) and does not hold the whole box cuts it, and
# so does a label cut short inside its own box ("Revie...": text-overflow ellipsis).
_JS_CONTROLS = """(vw) => {
  const sel = [".jupyter-widgets button", ".jupyter-widgets select",
               ".jupyter-widgets input", ".jupyter-widgets textarea",
               ".jupyter-widgets .noUi-handle", ".jupyter-widgets .widget-readout",
               ".jupyter-widgets .widget-label", ".jupyter-widgets .widget-label-basic",
               ".jupyter-widgets svg.texas42"].join(",");
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;                // not shown
    const name = (el.innerText || el.value || el.getAttribute("aria-label")
                  || el.title || el.tagName).trim().slice(0, 40);
    let scroller = null, clipped = null;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const ox = cs.overflowX;
      const b = a.getBoundingClientRect();
      const inside = r.left >= b.left - 1 && r.right <= b.right + 1;
      if ((ox === "auto" || ox === "scroll") && a.scrollWidth > a.clientWidth + 1) {
        scroller = scroller || a;
        continue;
      }
      if ((ox === "hidden" || ox === "clip") && !inside && !scroller) {
        clipped = clipped || (a.className || a.tagName).toString().slice(0, 60);
      }
    }
    const onScreen = r.left >= -1 && r.right <= vw + 1;
    const text = el.tagName === "BUTTON" || /widget-label/.test(el.className.toString());
    if (text && el.scrollWidth > el.clientWidth + 1) clipped = clipped || "its own box";
    out.push({name, left: Math.round(r.left), right: Math.round(r.right),
              width: Math.round(r.width), ok: r.width <= vw && (onScreen || !!scroller)
              && !clipped, clipped, scrolls: !!scroller});
  }
  return out;
}"""

# Rows of buttons that each hold one domino (a hand): the number of distinct lines
# the buttons of each row sit on, and how many buttons are on each line.
_JS_HAND_ROWS = """() => {
  const rows = [];
  for (const box of document.querySelectorAll(".jupyter-widgets.widget-hbox, .widget-hbox")) {
    const buttons = [...box.children].filter(c => c.tagName === "BUTTON"
        && /^[0-6]-[0-6]/.test((c.innerText || "").trim()));
    if (buttons.length < 7) continue;
    const lines = new Map();
    for (const b of buttons) {
      const top = Math.round(b.getBoundingClientRect().top);
      lines.set(top, (lines.get(top) || 0) + 1);
    }
    rows.push([...lines.values()]);
  }
  return rows;
}"""


def _phone_page(chromium: Browser) -> tuple[Page, WatchedPage]:
    context = chromium.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(30_000)
    page = context.new_page()
    return page, WatchedPage(page, watch(page))


def _phone_screenshot(page: Page, name: str) -> Path:
    from .helpers import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = int(page.evaluate("() => document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": PHONE["width"], "height": min(height, 12_000)})
    path = SCREENSHOTS / f"phone-{name}.png"
    page.screenshot(path=str(path))
    page.set_viewport_size(PHONE)
    return path


def test_some_pages_have_explorers() -> None:
    assert _widget_pages(), "no built page has saved explorers (widget state)"


@pytest.mark.parametrize("docname", _widget_pages() or ["(no explorer page built)"])
def test_explorers_fit_a_phone(
    docname: str, site_server: str, site_dir: Path, chromium: Browser
) -> None:
    page, watched = _phone_page(chromium)
    try:
        _open(page, f"{site_server}/{docname}.html", site_dir / f"{docname}.html")
        controls: list[dict[str, Any]] = page.evaluate(_JS_CONTROLS, PHONE["width"])
        assert controls, f"{docname}: no explorer control found"
        bad = [c for c in controls if not c["ok"]]
        _phone_screenshot(page, docname.replace("/", "-"))
        assert not bad, f"{docname}: at 390 px these controls are cut off:\n  " + "\n  ".join(
            f"{c['name']!r}: x {c['left']}..{c['right']} (width {c['width']})"
            + (f", clipped by {c['clipped']}" if c["clipped"] else "")
            for c in bad
        )
        rows: list[list[int]] = page.evaluate(_JS_HAND_ROWS)
        uneven = [r for r in rows if len(r) > 1 and min(r) < max(r) - 1]
        assert not uneven, f"{docname}: hands wrap unevenly at 390 px: {uneven}"
        watched.log.assert_clean()
    finally:
        page.context.close()


def test_page_has_no_horizontal_scroll_on_a_phone(
    site_server: str, site_dir: Path, chromium: Browser, screenshot: Callable[..., Path]
) -> None:
    """No page is wider than a phone's screen (wide things scroll inside themselves)."""
    page, _ = _phone_page(chromium)
    wide = []
    try:
        for docname in DOCNAMES:
            _open(page, f"{site_server}/{docname}.html", site_dir / f"{docname}.html")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            if width > PHONE["width"] + 1:
                wide.append(f"{docname}: {width} px")
        assert not wide, "pages wider than 390 px:\n  " + "\n  ".join(wide)
    finally:
        page.context.close()


def test_large_dominoes_switch(site_server: str, site_dir: Path, chromium: Browser) -> None:
    """Chapter 1's switch scales the domino pictures up, and the choice is remembered."""
    page, watched = _phone_page(chromium)
    try:
        url = f"{site_server}/book/dominoes.html"
        _open(page, url, site_dir / "book" / "dominoes.html")
        switch = page.get_by_role("button", name="Large dominoes").first
        expect(switch).to_be_visible()
        expect(switch).to_have_attribute("aria-pressed", "false")
        picture = page.locator(".t42-picture svg").first
        before = picture.bounding_box()
        switch.click()
        expect(switch).to_have_attribute("aria-pressed", "true")
        assert page.evaluate("() => document.documentElement.classList.contains('t42-large')")
        after = picture.bounding_box()
        assert before and after and after["height"] > before["height"] * 1.2, (before, after)
        # A picture now wider than the phone scrolls in its own box, which says so in
        # words and can be scrolled from the keyboard (issue 34: no silent sideways strip).
        page.wait_for_timeout(300)
        silent = page.evaluate(
            """() => Array.from(document.querySelectorAll(
                 '.t42-picture, .t42-strips, .bd-article .widget-html-content'))
               .filter(b => b.scrollWidth > b.clientWidth + 1 && !b.closest('.t42-scrolls'))
               .map(b => b.className)""")
        assert not silent, silent
        cue = page.locator(".t42-scrolls").first
        expect(cue).to_be_visible()
        assert cue.get_attribute("tabindex") == "0" and cue.get_attribute("role") == "region"
        assert "scroll sideways" in page.evaluate(
            "(b) => getComputedStyle(b, '::before').content", cue.element_handle())
        _phone_screenshot(page, "dominoes-large")
        # (Before the reload: the reload may abort the live explorers' downloads.)
        watched.log.assert_clean()
        page.reload(wait_until="load")
        expect(page.get_by_role("button", name="Large dominoes").first).to_have_attribute(
            "aria-pressed", "true"
        )
    finally:
        page.context.close()
