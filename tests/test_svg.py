"""texas42.svg: every picture is well-formed SVG that says (and hides) the right things."""

from __future__ import annotations

import doctest
import importlib.util
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import texas42
from texas42 import (
    DOMINOES,
    STANDARD,
    Contract,
    Deal,
    Domino,
    DominoSet,
    Hand,
    Phase,
    Result,
    trick_winner,
)
from texas42.deals import place_name, place_words
from texas42.errors import InputError, NotationError
from texas42.moon import MOON_DOMINOES, MoonDeal, MoonHand
from texas42.svg import (
    HIGHLIGHTS,
    SvgWrapper,
    deal_svg,
    domino_svg,
    dominoes_svg,
    round_table_svg,
    table_svg,
    tally_svg,
    trick_svg,
)
from texas42.svg.draw import font_size


def _book_module(name: str) -> ModuleType:
    """One of the book's own modules (book/NAME.py), loaded as its pages import it."""
    path = Path(__file__).resolve().parents[1] / "book" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The course's diagrams live beside the book (book/bookdiagrams.py), drawn the engine's way.
diagrams = _book_module("bookdiagrams")
following_svg = diagrams.following_svg
hand_cycle_svg = diagrams.hand_cycle_svg
made_set_svg = diagrams.made_set_svg
seating_svg = diagrams.seating_svg

SVG = "{http://www.w3.org/2000/svg}"
TRANSLATE = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\)")


# -- helpers -----------------------------------------------------------------------------
def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def classes(el: ET.Element) -> list[str]:
    return el.get("class", "").split()


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def title_of(root: ET.Element) -> str:
    el = root.find(f"{SVG}title")
    assert el is not None and el.text is not None
    return el.text


def desc_of(root: ET.Element) -> str:
    el = root.find(f"{SVG}desc")
    assert el is not None and el.text is not None
    return el.text


def face_up(root: ET.Element) -> list[str]:
    """The dominoes drawn face up, in document order."""
    return [el.get("data-domino", "") for el in with_class(root, "domino") if el.get("data-domino")]


def all_words(root: ET.Element) -> Iterator[str]:
    """Every piece of text and every attribute value of the picture."""
    for el in root.iter():
        if el.text:
            yield el.text
        if el.tail:
            yield el.tail
        yield from el.attrib.values()


def mentions(root: ET.Element, d: Domino) -> bool:
    """Whether ``d`` is named anywhere (as "6-4" or "4-6", or its name in words)."""
    pattern = re.compile(
        rf"(?<![\d.]){d.high}\s*[-:]\s*{d.low}(?![\d.])|(?<![\d.]){d.low}\s*[-:]\s*{d.high}(?![\d.])"
    )
    return any(pattern.search(w) or d.name in w for w in all_words(root))


def positions(root: ET.Element) -> dict[str, tuple[float, float]]:
    """Where each face-up domino sits: the sum of the translations above it."""
    parents = {child: parent for parent in root.iter() for child in parent}
    out = {}
    for el in with_class(root, "domino"):
        name = el.get("data-domino")
        if not name:
            continue
        x = y = 0.0
        node: ET.Element | None = el
        while node is not None:
            m = TRANSLATE.search(node.get("transform", ""))
            if m:
                x += float(m.group(1))
                y += float(m.group(2))
            node = parents.get(node)
        out[name] = (x, y)
    return out


def grid(value: float) -> int:
    return 0 if value < 0.4 else 2 if value > 0.6 else 1


# The standard pip patterns, on a 3 x 3 grid (column, row) of a half standing upright.
DIAGONALS = ({(2, 0), (0, 2)}, {(0, 0), (2, 2)})
CORNERS = {(0, 0), (2, 0), (0, 2), (2, 2)}


def standard(n: int, cells: set[tuple[int, int]]) -> bool:
    if n == 0:
        return cells == set()
    if n == 1:
        return cells == {(1, 1)}
    if n == 2:
        return cells in DIAGONALS
    if n == 3:
        return any(cells == diag | {(1, 1)} for diag in DIAGONALS)
    if n == 4:
        return cells == CORNERS
    if n == 5:
        return cells == CORNERS | {(1, 1)}
    return cells == {(c, r) for c in (0, 2) for r in (0, 1, 2)}


def played_hand(plays: int, *, seed: int = 7, contract: str = "sixes") -> Hand:
    hand = Hand.at_play(Deal.from_seed(seed), contract, bid="30", shaker=3)
    for _ in range(plays):
        hand.play(hand.legal_plays()[-1])
    return hand


# -- one domino --------------------------------------------------------------------------
@pytest.mark.parametrize("vertical", [False, True])
@pytest.mark.parametrize("d", DOMINOES, ids=str)
def test_every_domino_has_its_real_pips_on_each_half(d: Domino, vertical: bool) -> None:
    size = 48
    root = parse(domino_svg(d, vertical=vertical, size=size))
    assert title_of(root) == str(d)
    for half, number in (("pip-a", d.high), ("pip-b", d.low)):
        pips = [el for el in with_class(root, half) if el.tag == f"{SVG}circle"]
        assert len(pips) == number
        assert all("pip" in classes(el) for el in pips)
        cells = set()
        for el in pips:
            x, y = float(el.get("cx", "nan")), float(el.get("cy", "nan"))
            if half == "pip-b":  # the second half is one half-width further along
                x, y = (x, y - size) if vertical else (x - size, y)
            assert 0 < x < size and 0 < y < size, (half, x, y)
            u, v = (x / size, y / size) if vertical else (y / size, x / size)
            cells.add((grid(u), grid(v)))
        assert len(cells) == number  # no two pips on one spot
        assert standard(number, cells), (number, cells)
    assert len(with_class(root, "pip")) == d.pips
    assert len(with_class(root, "divider")) == 1


def test_domino_svg_root_is_accessible_and_sized() -> None:
    root = parse(domino_svg("6-4"))
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == title.get("id")
    assert root.get("aria-describedby") == desc.get("id")
    assert desc_of(root) == "six-four, count 10"
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    # Large by default: a 96 x 48 tile plus room for an outline.
    tile = with_class(root, "tile")[0]
    assert (float(tile.get("width", "0")), float(tile.get("height", "0"))) == (96, 48)
    assert width >= 96 and height >= 48
    upright = with_class(parse(domino_svg("6-4", vertical=True)), "tile")[0]
    assert (upright.get("width"), upright.get("height")) == ("48", "96")


def test_domino_desc_in_words() -> None:
    assert desc_of(parse(domino_svg("6-6"))) == "double six"
    assert desc_of(parse(domino_svg("0-5"))) == "five-blank, count 5"
    assert desc_of(parse(domino_svg("3-1"))) == "three-one"


def outline_signature(root: ET.Element) -> tuple[object, ...]:
    """What tells a highlight apart without colour: rings, widths, dashes, marker."""
    rings = with_class(root, "outline")
    markers = [c for el in with_class(root, "marker") for c in classes(el) if c != "marker"]
    return (
        len(rings),
        tuple(el.get("stroke-width") for el in rings),
        tuple(el.get("stroke-dasharray") for el in rings),
        tuple(markers),
    )


def test_highlight_kinds_differ_in_colour_and_without_colour() -> None:
    colours, shapes = set(), set()
    for kind in HIGHLIGHTS:
        root = parse(domino_svg("5-5", highlight=kind))
        group = with_class(root, "domino")[0]
        assert f"hl-{kind}" in classes(group)
        rings = with_class(root, "outline")
        assert rings, kind
        colours.add(frozenset(el.get("stroke") for el in rings))
        shapes.add(outline_signature(root))
    assert len(colours) == len(HIGHLIGHTS)
    assert len(shapes) == len(HIGHLIGHTS)
    plain = parse(domino_svg("5-5"))
    assert with_class(plain, "outline") == [] and with_class(plain, "marker") == []
    assert set(HIGHLIGHTS) == {"legal", "winner", "illegal", "selected", "best"}


def test_highlight_colours_are_okabe_ito() -> None:
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    for kind in HIGHLIGHTS:
        root = parse(domino_svg("5-5", highlight=kind))
        assert {el.get("stroke") for el in with_class(root, "outline")} <= okabe_ito


def test_unknown_highlight_and_bad_size_are_refused() -> None:
    with pytest.raises(ValueError, match="not a highlight"):
        domino_svg("6-4", highlight="glowing")
    with pytest.raises(ValueError, match="size"):
        domino_svg("6-4", size=0)
    with pytest.raises(ValueError):
        domino_svg("7-4")


def test_dim_and_count_badge() -> None:
    dim = with_class(parse(domino_svg("6-4", dim=True)), "domino")[0]
    assert "dim" in classes(dim) and float(dim.get("opacity", "1")) < 1
    bright = with_class(parse(domino_svg("6-4")), "domino")[0]
    assert "opacity" not in bright.attrib
    for d in DOMINOES:
        badges = with_class(parse(domino_svg(d, show_count=True)), "count-badge")
        if d.count:
            assert len(badges) == 1
            texts = [t.text for t in badges[0].iter(f"{SVG}text")]
            assert texts == [str(d.count)]
        else:
            assert badges == []
    assert with_class(parse(domino_svg("6-4")), "count-badge") == []


@pytest.mark.parametrize("kind", [None, *HIGHLIGHTS])
def test_every_option_combination_is_well_formed(kind: str | None) -> None:
    for vertical in (False, True):
        for dim in (False, True):
            svg = domino_svg(
                "5-0",
                highlight=kind,
                vertical=vertical,
                dim=dim,
                show_count=True,
                label='<seat "1" & co>',
                size=30,
            )
            root = parse(svg)
            assert '<seat "1" & co>' in desc_of(root)


# -- rows --------------------------------------------------------------------------------
def test_dominoes_svg_draws_a_hand_in_order() -> None:
    hand = DominoSet.parse("6-4 5-5 3-2 1-0 6-6 2-2 4-0")
    root = parse(dominoes_svg(hand, label="seat 0"))
    assert face_up(root) == [str(d) for d in hand]
    assert title_of(root) == f"seat 0: {hand}"
    assert len(with_class(root, "pip")) == sum(d.pips for d in hand)
    desc = desc_of(root)
    assert "7 dominoes" in desc and "six-four, count 10" in desc and "double six" in desc
    xs = [x for x, _ in positions(root).values()]
    assert xs == sorted(xs) and len(set(xs)) == 7  # a row, left to right


def test_dominoes_svg_highlight_forms() -> None:
    row = ["6-4", "5-5", "3-2"]
    by_map = parse(dominoes_svg(row, highlight={"6-4": "legal", Domino(3, 2): "illegal"}))
    by_fn = parse(dominoes_svg(row, highlight=lambda d: "legal" if d.high == 6 else None))
    by_set = parse(dominoes_svg(row, highlight=[Domino(5, 5)]))

    def kinds(root: ET.Element) -> dict[str, str | None]:
        return {
            el.get("data-domino", ""): el.get("data-highlight") for el in with_class(root, "domino")
        }

    assert kinds(by_map) == {"6-4": "legal", "5-5": None, "3-2": "illegal"}
    assert kinds(by_fn) == {"6-4": "legal", "5-5": None, "3-2": None}
    assert kinds(by_set) == {"6-4": None, "5-5": "selected", "3-2": None}
    assert "can be played" in desc_of(by_map) and "cannot be played" in desc_of(by_map)
    dimmed = parse(dominoes_svg(row, dim=["3-2"]))
    assert [("dim" in classes(el)) for el in with_class(dimmed, "domino")] == [False, False, True]


def test_dominoes_svg_empty_and_repeated() -> None:
    root = parse(dominoes_svg([]))
    assert face_up(root) == [] and title_of(root) == "no dominoes"
    with pytest.raises(ValueError):
        dominoes_svg(["6-4", "4-6"])


def test_ids_are_unique_across_renders() -> None:
    first, second = domino_svg("6-4"), domino_svg("6-4")
    assert first != second
    ids: list[str] = []
    for svg in (first, second, dominoes_svg("6-4 5-5"), table_svg(played_hand(2)), tally_svg(3)):
        root = parse(svg)
        labelled = root.get("aria-labelledby")
        found = [el.get("id") for el in root.iter() if el.get("id")]
        assert labelled in found
        ids.extend(i for i in found if i)
    assert len(ids) == len(set(ids))


# -- tricks ------------------------------------------------------------------------------
CONTRACTS = [Contract.suit(n) for n in range(7)] + [
    Contract.parse(text)
    for text in ("doubles", "follow-me", "follow-me/doubles-low", "follow-me/doubles-own-suit")
]


@settings(max_examples=150, deadline=None)
@given(
    st.permutations(DOMINOES).map(lambda p: p[:4]),
    st.sampled_from(CONTRACTS),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_trick_svg_marks_the_winner(
    plays: list[Domino], contract: Contract, leader: int, bottom: int
) -> None:
    root = parse(trick_svg(plays, leader=leader, contract=contract, bottom=bottom))
    winners = with_class(root, "hl-winner")
    assert [el.get("data-domino") for el in winners] == [str(plays[trick_winner(plays, contract)])]
    assert len(with_class(root, "marker-star")) == 1
    assert sorted(face_up(root)) == sorted(str(d) for d in plays)
    # Each domino lies in front of its seat: bottom, left, top, right, clockwise.
    where = positions(root)
    seat_of = {str(d): (leader + i) % 4 for i, d in enumerate(plays)}
    by_place = {(seat_of[name] - bottom) % 4: xy for name, xy in where.items()}
    assert by_place[0][1] == max(y for _, y in where.values())
    assert by_place[2][1] == min(y for _, y in where.values())
    assert by_place[1][0] == min(x for x, _ in where.values())
    assert by_place[3][0] == max(x for x, _ in where.values())


def test_trick_svg_desc_tells_the_trick() -> None:
    root = parse(trick_svg(["6-4", "5-0", "5-5", "6-6"], leader=1, contract="fives"))
    desc = desc_of(root)
    assert "seat 1 led 6-4; seat 2 played 5-0; seat 3 played 5-5; seat 0 played 6-6" in desc
    assert desc.endswith("5-5 wins: it is the highest trump played.")
    assert title_of(root) == "trick led by seat 1: 6-4 5-0 5-5 6-6"


def test_trick_svg_winner_is_a_position_and_is_checked() -> None:
    plays = ["6-4", "5-0", "5-5", "6-6"]
    root = parse(trick_svg(plays, leader=1, winner=3))
    assert [el.get("data-domino") for el in with_class(root, "hl-winner")] == ["6-6"]
    assert "6-6 wins (seat 0)" in desc_of(root)
    assert with_class(parse(trick_svg(plays, leader=1)), "hl-winner") == []
    with pytest.raises(ValueError):
        trick_svg(plays, winner=4)
    with pytest.raises(ValueError):
        trick_svg([*plays, "1-1"])
    with pytest.raises(ValueError):
        trick_svg(plays, leader=4)


def test_trick_in_progress_shows_who_is_winning_and_empty_places() -> None:
    root = parse(trick_svg(["6-4", "5-0"], leader=3, contract="fives"))
    assert [el.get("data-domino") for el in with_class(root, "hl-winner")] == ["5-0"]
    assert "winning so far" in desc_of(root)
    assert len(with_class(root, "slot")) == 2
    empty = parse(trick_svg([], leader=2, contract="fives"))
    assert face_up(empty) == [] and len(with_class(empty, "slot")) == 4
    assert "seat 2 leads" in desc_of(empty)


def test_trick_svg_takes_a_hand_trick() -> None:
    hand = played_hand(4)
    trick = hand.tricks[0]
    root = parse(trick_svg(trick, contract=hand.contract))
    assert trick.winner is not None
    won_with = trick.plays[trick.seats.index(trick.winner)]
    assert [el.get("data-domino") for el in with_class(root, "hl-winner")] == [str(won_with)]


def test_nello_trick_leaves_the_partner_out() -> None:
    root = parse(trick_svg(["6-4", "5-5", "6-1"], leader=1, sitting_out=3, contract="nello"))
    assert "seat 1 led 6-4; seat 2 played 5-5; seat 0 played 6-1" in desc_of(root)
    assert with_class(root, "slot") == []
    assert [el.get("data-domino") for el in with_class(root, "hl-winner")] == ["6-4"]
    with pytest.raises(ValueError):
        trick_svg(["6-4", "5-5", "6-1", "1-1"], leader=1, sitting_out=3)


# -- the table ---------------------------------------------------------------------------
def hidden_dominoes(hand: Hand, seat: int) -> list[Domino]:
    return [d for p in range(4) if p != seat for d in hand.holding(p)]


@pytest.mark.parametrize("plays", [0, 2, 4, 9])
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_table_from_one_seat_hides_the_other_hands(seat: int, plays: int) -> None:
    hand = played_hand(plays)
    root = parse(table_svg(hand, seat=seat))
    hidden = hidden_dominoes(hand, seat)
    assert hidden
    for d in hidden:
        assert not mentions(root, d), f"{d} leaks from seat {seat}'s view"
    assert not any(hand.deal.code in w for w in all_words(root))
    backs = with_class(root, "back")
    assert len(backs) == len(hidden)
    assert all("data-domino" not in el.attrib for el in backs)
    shown = set(face_up(root))
    assert {str(d) for d in hand.holding(seat)} <= shown
    on_table = hand.current_trick or (hand.tricks[-1].plays if hand.tricks else ())
    assert shown == {str(d) for d in hand.holding(seat)} | {str(d) for d in on_table}
    # Legal plays are marked only when they are the viewer's own.
    legal = {el.get("data-domino") for el in with_class(root, "hl-legal")}
    if hand.to_act == seat:
        assert legal == {str(d) for d in hand.legal_plays()}
    else:
        assert legal == set()
    assert title_of(root).endswith("seen from your place at the bottom")


def test_table_open_view_shows_all_28() -> None:
    hand = Hand(Deal.from_seed(11), shaker=0)
    # With no one looking the seats are numbered; seen from seat 2, each is a place.
    names = {None: ["Seat 0 holds", "Seat 1 holds", "Seat 2 holds", "Seat 3 holds"],
             2: ["Your partner holds", "The right opponent holds", "You hold",
                 "The left opponent holds"]}
    for seat, said in names.items():
        root = parse(table_svg(hand, seat=seat, show_all=True))
        assert sorted(face_up(root)) == sorted(str(d) for d in DOMINOES)
        assert with_class(root, "back") == []
        desc = desc_of(root)
        for p in range(4):
            assert f"{said[p]} {hand.holding(p)}" in desc


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_table_seen_from_a_seat_names_each_seat_as_a_place(seat: int, compact: bool) -> None:
    """Issue 34: seen from a learner's seat, every seat is a place at the table (the Play
    page's words, texas42.deals.PLACES), in the labels, the captions and the words a
    screen reader reads; no seat number anywhere."""
    hand = played_hand(6)  # trick 2, two dominoes played
    root = parse(table_svg(hand, seat=seat, compact=compact))
    assert not any(re.search(r"\b[Ss]eats? \d", w) for w in all_words(root))
    drawn = " ".join(el.text or "" for el in root.iter(f"{SVG}text"))
    for p in range(4):  # each hand's label (wrapped on a phone) names its place
        assert place_name(p, seat).split()[-1] in drawn
    desc = desc_of(root)
    assert f"{place_words(hand.bidder, seat).capitalize()} bid 30" in desc  # type: ignore[arg-type]
    assert f"{place_words(hand.to_act, seat)} to play" in desc
    for who in (place_words(p, seat) for p in range(4)):
        verb = "hold" if who == "you" else "holds"
        assert f"{who[:1].upper()}{who[1:]} {verb} " in desc
    first = hand.current_trick[0]
    assert f"{place_words(hand.leader, seat)} led {first}" in desc
    # With no one looking, the seats keep their numbers.
    open_root = parse(table_svg(hand, compact=compact))
    assert f"Seat {hand.bidder} bid 30" in desc_of(open_root)


def test_the_trick_side_labels_wrap_beside_the_top_domino() -> None:
    """A place's name is longer than "seat 1": beside the trick it goes on more lines,
    each within the room from the side domino to the top one (2 s + margin)."""
    size = 44.0
    hand = played_hand(4)  # a new trick: the right opponent of seat 0 (seat 3) leads
    root = parse(table_svg(hand, seat=0, size=size))
    fs = 0.9 * font_size(size)
    lines = [el.text or "" for el in root.iter(f"{SVG}text")
             if abs(float(el.get("font-size", "0")) - fs) < 0.05]
    assert "Right" in lines and "opponent" in lines
    room = 2 * size + 0.22 * size
    assert all(0.6 * fs * len(line) <= room for line in lines
               if line in ("Left", "Right", "opponent", "opponent,", "led"))


def test_table_marks_the_legal_plays_and_dims_the_rest() -> None:
    for seed in range(100):  # a deal where the second player must follow the lead
        hand = played_hand(1, seed=seed)
        legal = {str(d) for d in hand.legal_plays()}
        held = {str(d) for d in hand.holding(hand.to_act)}
        if legal != held:
            break
    assert legal and legal != held
    root = parse(table_svg(hand))
    assert {el.get("data-domino") for el in with_class(root, "hl-legal")} == legal
    assert {el.get("data-domino") for el in with_class(root, "dim")} == held - legal
    quiet = parse(table_svg(hand, highlight_legal=False))
    assert with_class(quiet, "hl-legal") == [] and with_class(quiet, "dim") == []


def test_table_viewer_sits_at_the_bottom() -> None:
    hand = played_hand(0)
    for seat in range(4):
        root = parse(table_svg(hand, seat=seat, show_all=True))
        where = positions(root)
        own = [where[str(d)][1] for d in hand.holding(seat)]
        others = [where[str(d)][1] for p in range(4) if p != seat for d in hand.holding(p)]
        across = [where[str(d)][1] for d in hand.holding((seat + 2) % 4)]
        sides = [where[str(d)][1] for p in (1, 3) for d in hand.holding((seat + p) % 4)]
        left = [where[str(d)][0] for d in hand.holding((seat + 1) % 4)]
        right = [where[str(d)][0] for d in hand.holding((seat + 3) % 4)]
        assert min(own) > max(others)
        assert max(across) < min(sides)
        assert max(left) < min(right)


def test_table_shows_the_last_trick_between_tricks() -> None:
    hand = played_hand(4)
    assert hand.current_trick == [] and hand.phase is Phase.PLAYING
    root = parse(table_svg(hand, seat=0))
    last = hand.tricks[-1]
    assert last.winner is not None
    won_with = last.plays[last.seats.index(last.winner)]
    assert [el.get("data-domino") for el in with_class(root, "hl-winner")] == [str(won_with)]
    assert "Last trick (trick 1)" in desc_of(root)


def test_table_in_every_phase_is_well_formed() -> None:
    hand = Hand(Deal.from_seed(5), shaker=1)
    texts = [table_svg(hand)]
    hand.bid("31")
    texts.append(table_svg(hand, seat=2))
    for bid in ("pass", "pass", "pass"):
        hand.bid(bid)
    texts.append(table_svg(hand, seat=hand.to_act))
    hand.name_contract("doubles")
    while hand.phase is Phase.PLAYING:
        hand.play(hand.legal_plays()[0])
        texts.append(table_svg(hand, seat=1))
    for svg in texts:
        root = parse(svg)
        assert root.get("role") == "img"
    # Seen from a seat, the result in that seat's words (issue 34); from above, the engine's.
    assert hand.status(seen_by=1) in desc_of(parse(texts[-1]))
    assert "you and your partner" in hand.status(seen_by=1)
    assert hand.status() in desc_of(parse(table_svg(hand)))


def test_nello_table_sits_the_partner_out() -> None:
    hand = Hand.at_play(Deal.from_seed(3), "nello", bid="42", shaker=3, rules="lechner")
    for _ in range(5):
        hand.play(hand.legal_plays()[0])
    out = hand.sitting_out
    assert out is not None
    root = parse(table_svg(hand))
    dimmed = {el.get("data-domino") for el in with_class(root, "dim")}
    assert {str(d) for d in hand.holding(out)} <= dimmed
    assert "sits out" in " ".join(all_words(root))


# -- deal and tally ------------------------------------------------------------------------
def test_deal_svg_shows_the_four_hands_by_seat() -> None:
    deal = Deal.from_seed(42)
    root = parse(deal_svg(deal))
    assert sorted(face_up(root)) == sorted(str(d) for d in DOMINOES)
    assert deal.code in title_of(root)
    for p in range(4):
        assert f"seat {p}: {deal[p]}" in desc_of(root)
    where = positions(root)
    rows = [{where[str(d)][1] for d in deal[p]} for p in range(4)]
    assert all(len(r) == 1 for r in rows)  # one row per seat, seat 0 on top
    tops = [min(r) for r in rows]
    assert tops == sorted(tops) and len(set(tops)) == 4


@pytest.mark.parametrize("marks", range(10))
def test_tally_draws_the_strokes_of_all(marks: int) -> None:
    root = parse(tally_svg(marks))
    drawn = with_class(root, "drawn")
    faint = with_class(root, "faint")
    assert len(drawn) == min(marks, 7) == len(texas42.tally(marks))
    assert len(drawn) + len(faint) == 7
    assert title_of(root) == ("1 mark" if marks == 1 else f"{marks} marks")
    # Faint strokes differ without colour too: dashed and thinner.
    for el in faint:
        assert el.get("stroke-dasharray")
    for el in drawn:
        assert not el.get("stroke-dasharray")


def test_tally_stroke_shapes_spell_all() -> None:
    root = parse(tally_svg(7, size=48))
    lines = [el for el in root.iter(f"{SVG}line") if "stroke" in classes(el)]

    def kind(el: ET.Element) -> str:
        x1, y1, x2, y2 = (float(el.get(a, "0")) for a in ("x1", "y1", "x2", "y2"))
        if x1 == x2:
            return "|"
        if y1 == y2:
            return "-"
        return "/" if (x2 - x1) * (y2 - y1) < 0 else "\\"

    assert [kind(el) for el in lines] == ["/", "\\", "-", "|", "-", "|", "-"]
    feet = [el for el in lines[3:] if kind(el) == "-"]
    uprights = [el for el in lines[3:] if kind(el) == "|"]
    for foot, upright in zip(feet, uprights, strict=True):  # each L's foot at its bottom
        assert float(foot.get("y1", "0")) == max(
            float(upright.get("y1", "0")), float(upright.get("y2", "0"))
        )
    assert "ALL is complete" in desc_of(root)
    with pytest.raises(ValueError):
        tally_svg(-1)


# -- Jupyter display -------------------------------------------------------------------
def test_repr_svg_of_the_engine_objects() -> None:
    d = Domino(6, 4)
    hand = played_hand(3)
    for obj, title in (
        (d, "6-4"),
        (DominoSet.parse("6-4 5-5"), "6-4 5-5"),
        (Deal.from_seed(1), f"Deal {Deal.from_seed(1).code}"),
        (hand, "Texas 42 table, all hands open"),
    ):
        root = parse(obj._repr_svg_())
        assert title_of(root) == title
    assert title_of(parse(DominoSet()._repr_svg_())) == "no dominoes"


def test_every_picture_is_a_str_that_shows_itself_in_a_notebook() -> None:
    hand = played_hand(3)
    pictures = [
        domino_svg("6-4"), dominoes_svg("6-4 5-5"), trick_svg(["6-4"], contract="sixes"),
        table_svg(hand), table_svg(hand, seat=1, compact=True), round_table_svg(hand),
        deal_svg(hand.deal), tally_svg(3), seating_svg(), following_svg(), hand_cycle_svg(),
        made_set_svg(30),
    ]
    for pic in pictures:
        assert isinstance(pic, SvgWrapper) and isinstance(pic, str)
        assert pic._repr_svg_() == pic and type(pic._repr_svg_()) is str
        parse(pic)
        # What callers do with a str still gives a str.
        assert type(pic + "") is str and pic.startswith("<svg ")


def test_bad_options_are_errors_that_name_their_rule() -> None:
    plays = ["6-4", "5-0", "5-5", "6-6"]
    hand = played_hand(3)
    for call, kind, rule in (
        (lambda: domino_svg("6-4", size=0), InputError, "picture-size"),
        (lambda: domino_svg("6-4", size=True), InputError, "picture-size"),
        (lambda: dominoes_svg("6-4", gap=-1), InputError, "picture-size"),
        (lambda: domino_svg("6-4", highlight="glowing"), InputError, "highlight"),
        (lambda: dominoes_svg(["6-4", "4-6"]), NotationError, "domino"),
        (lambda: trick_svg(plays, leader=4), InputError, "seat"),
        (lambda: trick_svg(plays[:3], leader=2, sitting_out=2), InputError, "seat"),
        (lambda: trick_svg([*plays, "1-1"]), InputError, "trick"),
        (lambda: trick_svg(plays, winner=4), InputError, "trick"),
        (lambda: trick_svg(plays, winner="0"), InputError, "trick"),  # type: ignore[arg-type]
        (lambda: table_svg(hand, seat=4), InputError, "seat"),
        (lambda: round_table_svg(hand, seat=-1), InputError, "seat"),
        (lambda: seating_svg(shaker=4), InputError, "seat"),
        (lambda: made_set_svg(29), InputError, "bid"),
        (lambda: made_set_svg(31, result=hand_result()), InputError, "result"),
    ):
        with pytest.raises(kind) as caught:
            call()
        assert caught.value.rule == rule, caught.value


def hand_result() -> Result:
    """A finished hand's result (a bid of 30 by seat 0)."""
    hand = Hand(Deal.from_seed(11), shaker=3)
    hand.bid(30)
    for _ in range(3):
        hand.bid("pass")
    hand.name_contract("sixes")
    while hand.phase is Phase.PLAYING:
        hand.play(hand.legal_plays()[0])
    assert hand.result is not None
    return hand.result


# -- the Moon table (three players) ----------------------------------------------------------

def moon_hand(plays: int, seed: int = 4, bid: int = 5) -> MoonHand:
    """A Moon hand: seat 1 bids, discards its lowest domino, names its longest suit,
    then ``plays`` random legal plays."""
    hand = MoonHand.at_play(MoonDeal.from_seed(seed), "sixes", bid=bid, shaker=0,
                            discards=lambda h: sorted(h.holding(1), key=lambda d: d.pips)[0])
    rng = random.Random(seed)
    for _ in range(plays):
        hand.play(rng.choice(hand.legal_plays()))
    return hand


def hidden_from(hand: MoonHand, seat: int) -> list[Domino]:
    out = [d for p in range(3) if p != seat for d in hand.holding(p)]
    if hand.discard is not None and seat != hand.bidder and not hand.is_over:
        out.append(hand.discard)
    return out


@pytest.mark.parametrize("plays", [0, 1, 5, 9])
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_own_dominoes_and_nothing_hidden(seat: int, plays: int) -> None:
    hand = moon_hand(plays)
    root = parse(round_table_svg(hand, seat=seat))
    hidden = hidden_from(hand, seat)
    for d in hidden:
        assert not mentions(root, d), f"{d} leaks from seat {seat}'s view"
    assert not any(hand.deal.code in w for w in all_words(root))
    assert len(with_class(root, "back")) == len(hidden)
    shown = set(face_up(root))
    on_table = hand.current_trick or (hand.tricks[-1].plays if hand.tricks else ())
    expected = {str(d) for d in hand.holding(seat)} | {str(d) for d in on_table}
    if seat == hand.bidder:
        assert hand.discard is not None
        expected.add(str(hand.discard))  # the bidder knows what it laid aside
    assert shown == expected
    legal = {el.get("data-domino") for el in with_class(root, "hl-legal")}
    assert legal == ({str(d) for d in hand.legal_plays()} if hand.to_act == seat else set())
    assert "seen from seat" in title_of(root) and "Moon" in title_of(root)


def test_the_widow_is_face_down_until_the_bidder_takes_it() -> None:
    hand = MoonHand(MoonDeal.from_seed(2), shaker=0)
    widow = hand.deal.widow
    root = parse(round_table_svg(hand, seat=1))
    assert not mentions(root, widow)
    assert "the widow: face down" in desc_of(root).lower()
    hand.bid(4)
    hand.bid("pass")
    hand.bid("pass")
    assert hand.phase is Phase.CONTRACT
    # Seat 1 took it: it is now in seat 1's hand (8 dominoes), seen only by seat 1.
    root1 = parse(round_table_svg(hand, seat=1))
    assert str(widow) in face_up(root1) and len(face_up(root1)) == 8
    assert not mentions(parse(round_table_svg(hand, seat=0)), widow)


def test_open_view_shows_all_22_and_the_winner_of_the_last_trick() -> None:
    hand = moon_hand(6)
    root = parse(round_table_svg(hand))
    shown = set(face_up(root))
    # 21 held or on the table as the last trick (3), plus the discard: all 22 once.
    held = {str(d) for p in range(3) for d in hand.holding(p)}
    last = hand.tricks[-1]
    assert shown == held | {str(d) for d in last.plays} | {str(hand.discard)}
    assert shown <= {str(d) for d in MOON_DOMINOES}
    winners = [el.get("data-domino") for el in with_class(root, "hl-winner")]
    assert winners == [str(last.plays[last.seats.index(last.winner)])]
    assert f"seat {last.winner} won it" in desc_of(root)


def test_a_finished_hand_shows_the_result() -> None:
    hand = moon_hand(21)
    assert hand.result is not None
    root = parse(round_table_svg(hand, seat=0, show_all=True))
    assert hand.result.describe() in desc_of(root)
    won = [int(x) for x in hand.result.tricks]
    assert f"seat 0 {won[0]}, seat 1 {won[1]}, seat 2 {won[2]}" in desc_of(root)


def test_a_long_status_is_broken_into_lines_that_fit_42s_table() -> None:
    """A hand's result said from a seat in plain words is longer than the picture is wide:
    it is drawn in lines within the width (issue 34: it ran off the Play page's table)."""
    from texas42.analysis import RuleBasedPlayer, play_hand

    hand = Hand(Deal.from_seed(1), shaker=3)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    status = hand.status(seen_by=0, plain=True)
    pic = table_svg(hand, seat=0, show_all=True, plain=True)
    root = parse(pic)
    width = float(root.get("width") or 0)
    lines = [t.text or "" for t in root.iter() if t.get("class") == "status"]
    assert len(lines) > 1 and " ".join(lines) == status
    fs = font_size(44)
    assert all(len(line) * 0.6 * fs <= width for line in lines)
    assert status in desc_of(root)  # said whole to a screen reader


@pytest.mark.parametrize("seat", [3, -1, True, "0"])
def test_a_bad_seat_is_refused(seat: object) -> None:
    with pytest.raises(ValueError, match=r"is not a seat 0\.\.2"):
        round_table_svg(moon_hand(0), seat=seat)  # type: ignore[arg-type]


def test_a_moon_hand_draws_itself_in_a_notebook() -> None:
    svg = moon_hand(2)._repr_svg_()
    assert "all hands open" in title_of(parse(svg))


# -- course diagrams (book/bookdiagrams.py) -------------------------------------------------
def test_the_book_diagrams_doctests_pass() -> None:
    result = doctest.testmod(diagrams)
    assert result.attempted > 0 and result.failed == 0


def _accessible(svg: str) -> ET.Element:
    root = parse(svg)
    assert root.get("role") == "img"
    uid = root.get("id")
    assert root.get("aria-labelledby") == f"{uid}-title"
    assert root.get("aria-describedby") == f"{uid}-desc"
    assert title_of(root) and desc_of(root)
    return root


@pytest.mark.parametrize("shaker", range(4))
def test_seating_marks_the_shaker_and_the_first_bidder_from_the_engine(shaker: int) -> None:
    root = _accessible(seating_svg(shaker=shaker))
    order = Hand(Deal.from_seed(0), shaker=shaker).bidding_order
    assert order[0] == (shaker + 1) % 4  # standard rules: left of the shaker
    assert title_of(root) == f"The table: seat {shaker} shakes, seat {order[0]} bids first"
    desc = desc_of(root)
    assert "seats 0 and 2 are one team, seats 1 and 3 the other" in desc
    assert "clockwise" in desc and "on the shaker's left, bids first" in desc
    seats = {int(g.get("data-seat", "-1")): g for g in with_class(root, "seat")}
    assert sorted(seats) == [0, 1, 2, 3]
    for seat, g in seats.items():
        assert f"team-{texas42.team_of(seat)}" in classes(g)
        words = [t.text for t in g.iter(f"{SVG}text")]
        assert words == [f"Seat {seat}", f"bids {['1st', '2nd', '3rd', '4th'][order.index(seat)]}"]
    assert len(with_class(root, "clockwise")) == 4
    assert len(with_class(root, "shaker-tag")) == len(with_class(root, "first-tag")) == 1


def test_seating_follows_the_rules_for_the_first_bidder() -> None:
    rules = texas42.Rules.preset("seed")
    assert rules.first_bidder == "holder-of-1-0"
    deal = Deal.from_seed(3)
    holder = deal.holder("1-0")
    root = _accessible(seating_svg(shaker=0, rules=rules, deal=deal))
    assert title_of(root).endswith(f"seat {holder} bids first")
    with pytest.raises(ValueError):
        seating_svg(shaker=4)


def test_following_flowchart_says_the_rules_the_engine_applies() -> None:
    root = _accessible(following_svg())
    desc = desc_of(root)
    assert "do you hold a domino of the suit led?" in desc
    assert "The highest trump wins the trick." in desc
    assert "The highest domino of the suit led wins." in desc
    # The engine agrees with each branch.
    fours = Contract.parse("fours")
    assert texas42.legal_plays(["6-4", "6-2", "3-1"], ["6-5"], fours) == [Domino(6, 2)]
    assert len(texas42.legal_plays(["5-2", "3-1"], ["6-5"], fours)) == 2
    assert trick_winner(["6-5", "6-6", "4-0", "6-3"], fours) == 2
    assert trick_winner(["6-5", "6-6", "5-0", "6-3"], fours) == 1
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Yes" in texts and "No" in texts


def test_hand_cycle_has_five_steps_and_the_next_shaker() -> None:
    root = _accessible(hand_cycle_svg())
    steps = with_class(root, "step")
    bold = [
        " ".join(str(t.text) for t in g.iter(f"{SVG}text") if t.get("font-weight") == "700")
        for g in steps
    ]
    assert bold == ["1. Shake", "2. Bid", "3. Name trumps", "4. Play seven tricks", "5. Score"]
    assert len(with_class(root, "next-hand")) == 1
    assert "the player on the shaker's left shakes" in desc_of(root)
    assert "the shaker must bid" in desc_of(root)
    game = texas42.Game(first_shaker=2, seed=5)
    game.hand.bid(30)
    for _ in range(3):
        game.hand.bid("pass")
    game.hand.name_contract("sixes")
    while game.hand.phase is Phase.PLAYING:
        game.hand.play(game.hand.legal_plays()[0])
    assert game.next_hand().shaker == 3  # the player on the shaker's left (clockwise)
    reshake = STANDARD.replace(all_pass="reshake")
    assert "if all pass, shake again" in desc_of(_accessible(hand_cycle_svg(rules=reshake)))


@pytest.mark.parametrize("bid", [30, 35, 41, 42, 84])
def test_made_set_line(bid: int) -> None:
    root = _accessible(made_set_svg(bid))
    need = min(bid, 42)
    desc = desc_of(root)
    assert f"From 0 to {need - 1} points the bid is set" in desc
    assert f"as soon as they have {43 - need} point" in desc
    marks = texas42.bid_marks(bid)
    assert f"the bidders score {marks} mark{'s' if marks > 1 else ''}" in desc
    lost = 1 if STANDARD.set_marks == "one" else marks
    assert f"the opponents score {lost} mark{'s' if lost > 1 else ''}" in desc
    with pytest.raises(ValueError):
        made_set_svg(29)


def test_made_set_line_marks_a_real_hand() -> None:
    result = hand_result()
    root = _accessible(made_set_svg(30, result=result))
    p = result.points[result.bidding_team]
    verdict = "made" if result.made else "set"
    assert title_of(root).endswith(f"this hand {verdict} with {p}")
    assert len(with_class(root, "this-hand")) == 1
    with pytest.raises(ValueError):
        made_set_svg(31, result=result)


# -- dominoes as buttons (the table widget) ----------------------------------------------
@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from(["sixes", "fives", "doubles", "follow-me", "blanks"]),
    st.integers(0, 27),
)
def test_table_controls_are_the_seat_to_play_its_dominoes(
    seed: int, contract: str, plays: int
) -> None:
    hand = Hand.at_play(Deal.from_seed(seed), contract, bid="30", shaker=3)
    rng = random.Random(seed)
    for _ in range(plays):
        if not hand.is_over:
            hand.play(rng.choice(hand.legal_plays()))
    if hand.is_over:  # (the hand can be decided before the last trick) nothing to play
        assert "data-play" not in table_svg(hand, seat=0, controls=True)
        return
    seat = hand.to_act
    root = parse(table_svg(hand, seat=seat, controls=True))
    buttons = [el for el in root.iter() if el.get("data-play")]
    held = [str(d) for d in hand.holding(seat)]
    legal = {str(d) for d in hand.legal_plays()}
    assert [b.get("data-play") for b in buttons] == held
    # An img's children are hidden from screen readers: a table with buttons is a group.
    assert root.get("role") == "group"
    for b in buttons:
        d = b.get("data-play", "")
        assert b.get("role") == "button" and b.get("tabindex") == "0"
        assert (b.get("data-legal") == "true") == (d in legal)
        if d in legal:  # marked by more than colour: raised and outlined
            assert b.get("aria-label") == f"Play {d}" and "raised" in classes(b)
            assert with_class(b, "outline-legal")
        else:
            reason = texas42.explain_play(d, hand.holding(seat), hand.current_trick, contract)
            assert b.get("aria-label") == f"{d}: cannot be played - {reason}"
            assert "raised" not in classes(b)
        assert with_class(b, "focus-ring")
    # Another seat's view, or no controls asked for: a plain picture with no buttons.
    for other in (parse(table_svg(hand, seat=(seat + 1) % 4, controls=True)),
                  parse(table_svg(hand, seat=seat))):
        assert not [el for el in other.iter() if el.get("data-play")]
        assert other.get("role") == "img"


def test_moon_table_controls_play_and_discard() -> None:
    hand = MoonHand(MoonDeal.from_seed(3), shaker=2)
    assert hand.to_act == 0
    root = parse(round_table_svg(hand, seat=0, controls=True))  # bidding: nothing to click
    assert not [el for el in root.iter() if el.get("data-play")]
    while hand.phase is Phase.BIDDING:
        hand.bid(21 if hand.to_act == 0 else 0)
    assert hand.bidder == 0 and hand.to_act == 0
    held = list(hand.holding(0))
    labels = {d: f"Lay {d} aside" for d in held}
    root = parse(round_table_svg(hand, seat=0, controls=labels))
    assert [el.get("aria-label") for el in root.iter() if el.get("data-play")] == [
        f"Lay {d} aside" for d in held
    ]
    hand.discard_domino(held[0])
    hand.name_contract("sixes")
    root = parse(round_table_svg(hand, seat=0, controls=True))
    buttons = [el for el in root.iter() if el.get("data-play")]
    assert [b.get("data-play") for b in buttons] == [str(d) for d in hand.holding(0)]
    assert all(b.get("aria-label") == f"Play {b.get('data-play')}" for b in buttons)  # a lead
