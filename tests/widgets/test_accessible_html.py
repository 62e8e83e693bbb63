"""The explorers' HTML and controls meet what the book's axe audit checks
(tests/browser/test_accessibility.py): lists have list items, buttons have enough
contrast, a hand of buttons carries the class the phone layout needs."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from texas42 import Contract, Domino
from texas42.widgets import _controls, _pictures


def _luminance(colour: str) -> float:
    def channel(x: float) -> float:
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@pytest.mark.parametrize("style", sorted(_controls.BUTTON_COLOURS))
def test_button_colours_have_aa_contrast_with_white_text(style: str) -> None:
    ratio = 1.05 / (_luminance(_controls.BUTTON_COLOURS[style]) + 0.05)
    assert ratio >= 4.5, f"{style}: {ratio:.2f}:1"


def test_button_colour_follows_its_style() -> None:
    b = _controls.button("Bid", style="primary")
    assert b.style.button_color == _controls.BUTTON_COLOURS["primary"]
    b.button_style = "info"
    assert b.style.button_color == _controls.BUTTON_COLOURS["info"]
    b.button_style = ""
    assert b.style.button_color is None
    assert b.layout.flex == "0 0 auto"


def _roles(fragment: str) -> list[str]:
    return re.findall(r'role="([a-z]+)"', fragment)


def test_a_row_of_dominoes_is_a_list_of_items() -> None:
    hand = [Domino(6, 6), Domino(6, 4), Domino(5, 5)]
    html = _pictures.row(hand, label="Seat 0")
    ElementTree.fromstring(f"<div>{html}</div>")  # well-formed
    roles = _roles(html)
    assert roles.count("list") == 1
    assert roles.count("listitem") == 3
    assert 'aria-label="Seat 0"' in html
    assert "--t42-n:3;--t42-cols:3" in html


def test_seven_dominoes_wrap_four_and_three() -> None:
    hand = [Domino(6, n) for n in range(7)]
    assert "--t42-n:7;--t42-cols:4" in _pictures.row(hand)


def test_an_empty_row_is_no_list() -> None:
    assert "list" not in _roles(_pictures.row([]))


def test_a_trick_is_a_list_of_items() -> None:
    html = _pictures.trick_pic([Domino(6, 4), Domino(5, 5)], 0, None)  # no contract: a row
    roles = _roles(html)
    assert roles.count("list") == 1 and roles.count("listitem") == 2
    assert _pictures.trick_pic([Domino(6, 4)], 0, Contract.parse("fives")).startswith("<svg")


def _header_texts(fragment: str) -> list[str]:
    root = ElementTree.fromstring(f"<div>{fragment}</div>")
    return ["".join(th.itertext()).strip() for th in root.iter("th")]


def test_every_header_cell_of_the_coachs_options_table_has_text() -> None:
    # axe's empty-table-header (issue 34): the column of "(best)" / "← yours" is named
    # for screen readers, without a visible word.
    from texas42.analysis.coach import Option
    from texas42.widgets._coach import options_table

    fragment = options_table([Option("6-4", 20.0), Option("5-1", 18.5)], "points", "5-1")
    assert _header_texts(fragment) == ["choice", "expected points", "best or yours"]
    assert "position:absolute" in fragment  # the third header is not seen, only read


def test_every_header_cell_of_the_bid_odds_table_has_text() -> None:
    from texas42.widgets.bidding_explorer import odds_table

    fragment = odds_table({"sixes": {30: 0.5, 31: 0.25}})
    assert _header_texts(fragment) == ["trumps, bid", "30", "31", "sixes"]  # and the row's
