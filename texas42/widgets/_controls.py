"""Keyboard-friendly controls (all native buttons, selects or inputs): buttons with
contrasting colours, dropdowns, toggles, wrapping rows, progress bars, HTML boxes; and
how tests find every control of an explorer.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import ipywidgets as W

BIG = W.Layout(width="auto")



#: Background colours for the button styles with white text at a contrast of at least
#: 4.5:1 (WCAG AA): ipywidgets' own (``info`` #00bcd4 is 2.3:1, ``primary`` 3.1:1) are
#: too pale. Set as the button's colour, so they hold in the book, JupyterLab and Voila.
BUTTON_COLOURS: dict[str, str] = {
    "primary": "#1565c0",
    "success": "#2e7d32",
    "info": "#00696f",
    "warning": "#8a4b00",
    "danger": "#b3261e",
}

def _button_colour(change: Mapping[str, Any]) -> None:
    b = change["owner"]
    b.style.button_color = BUTTON_COLOURS.get(str(change["new"]))

def button(label: str, tooltip: str = "", *, style: str = "", width: str = "auto") -> W.Button:
    b = W.Button(
        description=label,
        tooltip=tooltip or label,
        button_style=style,
        # flex 0 0 auto: in a narrow row the button keeps its label whole (the row wraps).
        layout=W.Layout(width=width, height="2.4em", flex="0 0 auto", max_width="100%"),
    )
    b.style.font_size = "16px"
    b.style.button_color = BUTTON_COLOURS.get(style)
    b.observe(_button_colour, names="button_style")
    return b

def dropdown(
    label: str, options: Sequence[Any], value: Any = None, width: str = "22em"
) -> W.Dropdown:
    d = W.Dropdown(
        description=label,
        options=options,
        layout=W.Layout(width=width),
        style={"description_width": "initial"},
    )
    if value is not None:
        d.value = value
    return d

def toggles(
    label: str, options: Sequence[Any], value: Any = None, *, width: str = "auto"
) -> W.ToggleButtons:
    t = W.ToggleButtons(
        description=label,
        options=options,
        style={"description_width": "initial", "button_width": width, "font_weight": "bold"},
    )
    if value is not None:
        t.value = value
    return t

def wrap_row(children: Sequence[Any]) -> W.HBox:
    """A row of controls that wraps onto the next line when the page is narrow."""
    return W.HBox(list(children), layout=W.Layout(flex_flow="row wrap"))

def progress_bar(label: str) -> W.IntProgress:
    """A progress bar, hidden until :func:`showing` shows it during slow work."""
    return W.IntProgress(
        value=0, min=0, max=1, description=label, layout=W.Layout(visibility="hidden")
    )

@contextlib.contextmanager
def showing(bar: W.IntProgress, total: int = 1) -> Iterator[W.IntProgress]:
    """Show ``bar`` (from 0 to ``total``) while the block runs; hide it after,
    even if the work fails."""
    bar.max, bar.value = max(total, 1), 0
    bar.layout.visibility = "visible"
    try:
        yield bar
    finally:
        bar.layout.visibility = "hidden"

def html_box(value: str = "", **layout: str) -> W.HTML:
    return W.HTML(value=value, layout=W.Layout(**layout))

def heading(text: str) -> W.HTML:
    return W.HTML(f'<h3 style="margin:6px 0 2px 0">{html.escape(text)}</h3>')

def walk(widget: Any) -> Iterable[Any]:
    """Every widget inside ``widget`` (depth first)."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)

def is_control(w: Any) -> bool:
    return isinstance(
        w,
        (
            W.Button,
            W.Dropdown,
            W.ToggleButtons,
            W.Select,
            W.SelectMultiple,
            W.RadioButtons,
            W.Checkbox,
            W.ToggleButton,
            W.IntSlider,
            W.IntText,
            W.BoundedIntText,
            W.Text,
            W.Textarea,
        ),
    )
