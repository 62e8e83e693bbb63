"""The compact table (``compact=True``), for a phone: at every table 2..7 seats, from every
seat, at every step of a hand, the picture is at most COMPACT_WIDTH wide, says exactly what
the normal one says (title, description, the buttons and their labels), shows the same
dominoes face up, keeps the learner's dominoes and the words at full size, and draws
nothing outside its box."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import Deal, Hand
from texas42.rules import ALL_PRESETS
from texas42.svg import COMPACT_WIDTH, table_svg

SVG = "{http://www.w3.org/2000/svg}"
TRANSLATE = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)")


def played(name: str, seed: int) -> Hand:
    """A hand of preset ``name`` played to the end by random legal actions (short
    auctions)."""
    rules = ALL_PRESETS[name]
    rng = random.Random(f"{name}-{seed}")
    hand = Hand(Deal.shake(rng, rules.layout), shaker=rng.randrange(rules.seats), rules=rules)
    while not hand.is_over:
        actions = hand.legal_actions()
        if actions[0].kind == "bid" and len(actions) > 1 and rng.random() < 0.5:
            hand.apply(actions[0] if actions[0].value == 0 else actions[1])
        else:
            hand.apply(rng.choice(actions))
    return hand


def offsets(root: ET.Element) -> dict[ET.Element, tuple[float, float]]:
    """Each element's origin: the sum of the translations above it."""
    out: dict[ET.Element, tuple[float, float]] = {}

    def walk(el: ET.Element, x: float, y: float) -> None:
        m = TRANSLATE.search(el.get("transform", ""))
        if m:
            x, y = x + float(m.group(1)), y + float(m.group(2))
        out[el] = (x, y)
        for child in el:
            walk(child, x, y)

    walk(root, 0.0, 0.0)
    return out


def text_of(el: ET.Element | None) -> str:
    assert el is not None and el.text is not None
    return el.text


def said(root: ET.Element) -> tuple[str, str, list[tuple[str | None, ...]]]:
    """What a screen reader is told: title, description, each button and its label."""
    buttons = [(el.get("data-play"), el.get("data-legal"), el.get("aria-label"))
               for el in root.iter() if el.get("data-play")]
    return text_of(root.find(f"{SVG}title")), text_of(root.find(f"{SVG}desc")), buttons


def faces(root: ET.Element) -> list[str]:
    return sorted(el.get("data-domino", "") for el in root.iter() if el.get("data-domino"))


def check(hand: Hand, seat: int | None, show_all: bool | None) -> None:
    normal = ET.fromstring(table_svg(hand, seat=seat, show_all=show_all, controls=True))
    small = ET.fromstring(table_svg(hand, seat=seat, show_all=show_all, controls=True,
                                    compact=True))
    width, height = float(small.get("width", "0")), float(small.get("height", "0"))
    assert width <= COMPACT_WIDTH
    assert small.get("viewBox") == f"0 0 {small.get('width')} {small.get('height')}"
    assert said(small) == said(normal)
    assert small.get("role") == normal.get("role")
    assert faces(small) == faces(normal)  # nothing more (or less) face up
    at = offsets(small)
    sizes = [float(el.get("font-size", "0")) for el in normal.iter(f"{SVG}text")]
    for el in small.iter(f"{SVG}text"):
        fs = float(el.get("font-size", "0"))
        assert fs >= min(sizes), "a word drawn smaller than in the normal table"
        ox, oy = at[el]
        x, y = ox + float(el.get("x", "0")), oy + float(el.get("y", "0"))
        w = 0.6 * fs * len(el.text or "")  # a generous guess of the line's width
        left = {"start": x, "middle": x - w / 2, "end": x - w}[el.get("text-anchor", "start")]
        assert left >= 0 and left + w <= width + 0.5, f"{el.text!r} runs out of the picture"
        assert y - fs >= 0 and y + 0.3 * fs <= height, f"{el.text!r} runs out of the picture"
    for el in small.iter(f"{SVG}g"):
        if "domino" in el.get("class", "").split():
            x, y = at[el]
            assert 0 <= x < width and 0 <= y < height
    # The learner's dominoes (the buttons) are as large as in the normal table.
    tiles = {el.get("data-play"): el.find(f".//{SVG}rect[@class='tile']")
             for el in small.iter() if el.get("data-play")}
    full = {el.get("data-play"): el.find(f".//{SVG}rect[@class='tile']")
            for el in normal.iter() if el.get("data-play")}
    for d, rect in tiles.items():
        assert rect is not None and full[d] is not None
        assert rect.get("width") == full[d].get("width")  # type: ignore[union-attr]


@pytest.mark.parametrize("name", sorted(ALL_PRESETS))
def test_the_compact_table_fits_a_phone_and_says_the_same(name: str) -> None:
    hand = played(name, 0)
    for step in range(0, len(hand.actions) + 1, 4):
        at = hand.at(step)
        seats = {None, *(s for s in (at.to_act,) if s is not None)}
        for seat in seats:
            check(at, seat, None)
        check(at, seat=0, show_all=True)
    for seat in range(hand.seats):  # whichever seat sits at the bottom
        check(hand.at(len(hand.actions) // 2), seat, None)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(ALL_PRESETS)), st.integers(0, 10**6), st.floats(0, 1),
       st.booleans())
def test_any_position_compact(name: str, seed: int, where: float, open_all: bool) -> None:
    hand = played(name, seed)
    at = hand.at(round(where * len(hand.actions)))
    check(at, at.to_act if at.to_act is not None else 0, open_all or None)


def test_a_face_down_hand_is_drawn_small_with_its_count() -> None:
    whole = played("standard", 1)
    hand = whole.at(len(whole.actions) // 2)
    small = ET.fromstring(table_svg(hand, seat=0, compact=True))
    counts = sorted(text_of(el) for el in small.iter(f"{SVG}text")
                    if el.get("class") == "count")
    assert counts == sorted(str(len(hand.holding(p))) for p in (1, 2, 3))
    backs = [el for el in small.iter(f"{SVG}g") if "back" in el.get("class", "").split()]
    assert 3 <= len(backs) <= 6  # one or two a hand, not a row of them
