"""Notebooks in a real JupyterLab (127.0.0.1) driven by headless Chromium.

* A small widget notebook: run all, the slider and its output appear, moving the slider
  with the keyboard re-runs Python and changes the output (a live kernel, unlike the
  static site whose widgets are a snapshot).
* Every ``notebooks/*.ipynb``: opens in JupyterLab, runs all cells with no error output.

JupyterLab must not ask any host but 127.0.0.1 for anything, nor fail a request.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import LabServer
from .helpers import (
    LAB_KNOWN_CONSOLE_ERRORS,
    NOTEBOOKS_DIR,
    WatchedPage,
    lab_open_notebook,
    lab_run_all,
)

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))


def _code_cell(index: int, source: str) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": f"cell-{index}",
        "metadata": {},
        "outputs": [],
        "source": source,
    }


def _write_widget_notebook(path: Path) -> None:
    sources = [
        "import texas42\nprint('engine', texas42.__name__)",
        "import ipywidgets as widgets\n"
        "from IPython.display import display\n"
        "\n"
        "slider = widgets.IntSlider(value=3, min=0, max=10, description='pips')\n"
        "out = widgets.Output()\n"
        "\n"
        "def show(change=None):\n"
        "    out.clear_output()\n"
        "    with out:\n"
        "        print(f'square={slider.value ** 2}')\n"
        "\n"
        "slider.observe(show, names='value')\n"
        "show()\n"
        "display(slider, out)",
    ]
    notebook = {
        "cells": [_code_cell(i, src) for i, src in enumerate(sources)],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


def test_widget_notebook_is_live(
    jupyterlab_server: LabServer,
    watched_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    _write_widget_notebook(jupyterlab_server.root_dir / "widget_smoke.ipynb")
    page = watched_page.page
    lab_open_notebook(page, jupyterlab_server.url, "widget_smoke.ipynb")
    assert lab_run_all(page, "widget_smoke.ipynb") == []
    expect(page.get_by_text("engine texas42")).to_be_visible()
    expect(page.get_by_text("square=9")).to_be_visible(timeout=30_000)

    handle = page.locator(".widget-slider .noUi-handle").first
    expect(handle).to_be_visible()
    handle.focus()
    page.keyboard.press("ArrowRight")  # 3 -> 4: Python's observer prints again
    expect(page.get_by_text("square=16")).to_be_visible(timeout=30_000)
    screenshot(page, "jupyterlab-widget-smoke", full_page=False)
    watched_page.log.assert_clean(ignore=LAB_KNOWN_CONSOLE_ERRORS)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab(
    name: str,
    jupyterlab_server: LabServer,
    watched_page: WatchedPage,
    screenshot: Callable[..., Path],
) -> None:
    page = watched_page.page
    path = f"notebooks/{name}"
    lab_open_notebook(page, jupyterlab_server.url, path)
    errors = lab_run_all(page, path)
    assert errors == [], f"{name} raised in JupyterLab:\n" + "\n".join(errors)
    screenshot(page, f"jupyterlab-{Path(name).stem}", full_page=False)
    # Console messages are JupyterLab's and the widgets' business; requests are ours.
    watched_page.log.assert_clean(console=False)
