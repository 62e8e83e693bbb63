"""The built book in headless Chromium: every page in _toc.yml renders, offline.

For each page listed in ``_toc.yml``: the page loads from ``_build/html``, has a title and
a heading, logs no console error, has no failed request or HTTP error, and asks no host
but 127.0.0.1 for anything (no CDN, fonts, analytics). Pages with saved ipywidgets state
must show live widgets; pages with math must typeset it (both from the local copies in
``_static/``). Screenshots of the first pages go to ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from ipywidgets.embed import embed_data
from playwright.sync_api import Page, expect
from sphinx_external_toc.parsing import parse_toc_yaml

from .helpers import REPO, WatchedPage, serve_directory

pytestmark = pytest.mark.browser

SOURCE_SUFFIXES = (".md", ".ipynb", ".rst")
SCREENSHOT_FIRST = 4
BOOK_TITLE = "Texas 42: learn, teach and explore"


def _strip_suffix(name: str) -> str:
    for suffix in SOURCE_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def toc_docnames(toc: Path = REPO / "_toc.yml") -> list[str]:
    """Document names (``book/intro``) listed in the toc, root first, globs expanded."""
    site_map = parse_toc_yaml(toc)
    names = [_strip_suffix(str(name)) for name in site_map]
    for pattern in sorted(site_map.globs()):
        for path in sorted(REPO.glob(pattern)):
            if path.suffix in SOURCE_SUFFIXES:
                names.append(path.relative_to(REPO).with_suffix("").as_posix())
    return list(dict.fromkeys(names))


DOCNAMES = toc_docnames()


def _open(watched: WatchedPage, url: str) -> Page:
    page = watched.page
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url}: {response and response.status}"
    # A page with widget snapshots and maths loads many scripts: on two cores shared with
    # the rest of the suite that has taken over 30 s (book/count, book/house-rules), though
    # each page loads in a few seconds alone. Wait longer; every check below still runs.
    page.wait_for_load_state("networkidle", timeout=90_000)
    return page


def test_toc_lists_pages() -> None:
    assert DOCNAMES, "_toc.yml lists no page"
    assert DOCNAMES[0] == "book/intro"


@pytest.mark.parametrize("docname", DOCNAMES)
def test_page_renders_offline(
    docname: str,
    site_server: str,
    site_dir: Path,
    watched_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    html_file = site_dir / f"{docname}.html"
    assert html_file.is_file(), f"{docname} is in _toc.yml but {html_file} was not built"
    page = _open(watched_page, f"{site_server}/{docname}.html")

    title = page.title()
    assert title.strip(), "empty <title>"
    assert BOOK_TITLE in title, f"unexpected <title>: {title!r}"
    heading = page.locator("article").get_by_role("heading", level=1).first
    expect(heading).to_be_visible()
    assert heading.inner_text().strip(), "the page's h1 is empty"

    html = html_file.read_text(encoding="utf-8")
    if "application/vnd.jupyter.widget-view+json" in html:
        # The html-manager replaces each widget-view script with a rendered widget.
        expect(page.locator(".jupyter-widgets").first).to_be_visible(timeout=20_000)
        expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    if page.locator(".math").count():
        expect(page.locator("mjx-container").first).to_be_visible(timeout=20_000)

    if DOCNAMES.index(docname) < SCREENSHOT_FIRST:
        screenshot(page, f"site-{docname.replace('/', '-')}")
    watched_page.log.assert_clean()


def test_index_redirects_to_root_page(site_server: str, watched_page: WatchedPage) -> None:
    page = _open(watched_page, f"{site_server}/index.html")
    expect(page).to_have_url(f"{site_server}/{DOCNAMES[0]}.html")
    watched_page.log.assert_clean()


def test_search_works_offline(
    site_server: str, watched_page: WatchedPage, screenshot: Callable[..., Path]
) -> None:
    page = _open(watched_page, f"{site_server}/search.html?q=dominoes")
    expect(page.locator("#search-results li a").first).to_be_visible(timeout=20_000)
    screenshot(page, "site-search")
    watched_page.log.assert_clean()


# --------------------------------------------------------------------------- widgets
# Until the book has a notebook with widgets, this checks the same JavaScript stack on a
# small page: the script tags come from _config.yml (nb_ipywidgets_js), the files from
# the built _static/, the widget state from ipywidgets itself, as myst-nb would embed it.


def _sphinx_config() -> dict[str, Any]:
    """The ``sphinx.config`` section of _config.yml."""
    import yaml  # type: ignore[import-untyped,unused-ignore]

    config: dict[str, Any] = yaml.safe_load((REPO / "_config.yml").read_text())
    sphinx_config: dict[str, Any] = config["sphinx"]["config"]
    return sphinx_config


def _widget_page_html() -> str:
    config = _sphinx_config()
    scripts: dict[str, dict[str, str]] = config["nb_ipywidgets_js"]
    slider = widgets.IntSlider(value=3, min=0, max=10, description="pips")
    button = widgets.Button(description="Deal", icon="check")  # icon: FontAwesome font files
    # ipywidgets typesets math with MathJax 2's API; the page has MathJax 3 (as the book).
    math = widgets.HTMLMath(value=r"A hand is worth \(42\) points.")
    data = embed_data(views=[widgets.VBox([slider, button, math])])
    # As Sphinx writes it on a page with math: MathJax config, MathJax (deferred), widgets.
    tags = '<script>window.MathJax = {"options": {}}</script>\n'
    tags += f'<script defer src="_static/{config["mathjax_path"]}"></script>\n'
    tags += "\n".join(f'<script src="_static/{path}"></script>' for path in scripts)
    views = "\n".join(
        '<script type="application/vnd.jupyter.widget-view+json">'
        f"{json.dumps(spec)}</script>"
        for spec in data["view_specs"]
    )
    state = json.dumps(data["manager_state"])
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>widget smoke test</title>
<script type="application/vnd.jupyter.widget-state+json">{state}</script>
{tags}
</head><body><main><h1>widgets</h1>{views}</main></body></html>
"""


def test_widget_javascript_is_local_and_renders(
    site_dir: Path,
    tmp_path: Path,
    watched_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    (tmp_path / "_static").symlink_to(site_dir / "_static", target_is_directory=True)
    (tmp_path / "widgets.html").write_text(_widget_page_html(), encoding="utf-8")
    with serve_directory(tmp_path) as url:
        page = _open(watched_page, f"{url}/widgets.html")
        slider = page.locator(".widget-slider")
        expect(slider).to_be_visible(timeout=20_000)
        expect(page.locator(".widget-readout")).to_have_text("3")
        page.locator(".widget-slider .noUi-handle").focus()
        page.keyboard.press("ArrowRight")
        expect(page.locator(".widget-readout")).to_have_text("4")
        icon = page.locator(".widget-button i.fa-check")
        expect(icon).to_be_visible()
        expect(page.locator(".widget-htmlmath mjx-container")).to_be_visible(timeout=20_000)
        page.wait_for_load_state("networkidle")
        # The icon glyph comes from the html-manager's own font files, served locally.
        fonts = [u for u in watched_page.log.requests if u.endswith((".woff2", ".woff"))]
        assert fonts, "no icon font was requested"
        screenshot(page, "widgets-smoke")
    watched_page.log.assert_clean()


def test_mathjax_is_local_and_typesets(
    site_dir: Path, tmp_path: Path, watched_page: WatchedPage
) -> None:
    mathjax = _sphinx_config()["mathjax_path"]
    assert "://" not in mathjax, "mathjax_path must be a local _static path"
    (tmp_path / "_static").symlink_to(site_dir / "_static", target_is_directory=True)
    (tmp_path / "math.html").write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>math</title>'
        f'<script defer src="_static/{mathjax}"></script></head>'
        r"<body><p>A hand scores \(\frac{42}{7} = 6\) marks.</p></body></html>",
        encoding="utf-8",
    )
    with serve_directory(tmp_path) as url:
        page = _open(watched_page, f"{url}/math.html")
        expect(page.locator("mjx-container").first).to_be_visible(timeout=20_000)
        page.wait_for_load_state("networkidle")
    watched_page.log.assert_clean()
