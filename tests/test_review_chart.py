"""The engine's chart of the coach's review (texas42/svg/review_chart.py, issue 22)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from texas42 import Deal, Hand
from texas42.analysis import RuleBasedPlayer, play_hand
from texas42.analysis.coach import review
from texas42.svg import review_chart_svg
from texas42.svg.review_chart import (
    MARK_STYLES,
    chart_points,
    forced_plays,
    label_word,
    mark_words,
)

NS = "{http://www.w3.org/2000/svg}"


def _reviewed(seed: int, seat: int) -> tuple[Hand, object]:
    hand = Hand(Deal.from_seed(seed), shaker=3)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    return hand, review(hand, seat, samples=8, seed=1, hindsight=False)


def _contrast(a: str, b: str) -> float:
    def lum(h: str) -> float:
        c = [int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize(("seed", "seat"), [(5, 2), (5, 0), (11, 1), (23, 3)])
def test_the_marks_match_the_reviews_decisions(seed: int, seat: int) -> None:
    hand, rv = _reviewed(seed, seat)
    pic = review_chart_svg(rv, hand=hand, controls=True)
    root = ET.fromstring(pic)  # well-formed
    marks = [g for g in root.iter(f"{NS}g") if "mark" in g.get("class", "").split()]
    assert len(marks) == len(rv.decisions) > 0
    for n, (g, d) in enumerate(zip(marks, rv.decisions, strict=True)):
        word = label_word(d)
        assert g.get("data-decision") == str(n)  # in order
        assert g.get("data-label") == word
        assert word == ("best" if d.loss == 0 and d.label == "fine" else d.label)
        style = MARK_STYLES[word]
        assert g.get("data-colour") == style.colour
        shape = next(c for c in g if "shape" in c.get("class", ""))
        assert shape.get("fill") == style.colour
        letter = next(c for c in g if c.tag == f"{NS}text")
        assert letter.text == style.letter  # not colour alone
        assert g.get("role") == "button" and g.get("tabindex") == "0"
        assert g.get("aria-label") == mark_words(d)
        assert g.get("aria-label").startswith(f"{d.where.capitalize()}: you ")
    # A picture with buttons is a group; it keeps its title and description.
    assert root.get("role") == "group"
    assert root.find(f"{NS}title").text.startswith("Review chart")
    assert all(mark_words(d) in root.find(f"{NS}desc").text for d in rv.decisions)


def test_without_controls_the_marks_are_not_buttons() -> None:
    hand, rv = _reviewed(5, 2)
    pic = review_chart_svg(rv, hand=hand)
    assert 'role="button"' not in pic and 'role="img"' in pic
    assert pic.count('class="mark ') == len(rv.decisions)


def test_a_mark_says_what_was_lost() -> None:
    _, rv = _reviewed(5, 2)
    lost = [d for d in rv.decisions if d.loss > 0]
    assert lost
    d = lost[0]
    amount = f"{d.loss:.1f} points" if d.unit == "points" else f"{d.loss:.2f} marks"
    assert mark_words(d).endswith(f", lost {amount}")
    best = next(d for d in rv.decisions if d.loss == 0)
    assert mark_words(best).endswith(", the best choice")


def test_the_plays_are_drawn_through_the_whole_hand() -> None:
    hand, rv = _reviewed(5, 2)
    # A hand bid for points under the marks rules: the chance the side gets the bid.
    unit, points = chart_points(rv, hand)
    bidders = hand.bidder is not None and hand.bidder % 2 == 0
    assert unit == f"chance your side {'makes' if bidders else 'sets'} {hand.high_bid}"
    for d, pt in zip(rv.decisions, points, strict=True):
        if d.kind != "play":
            assert pt.best is None and pt.chosen is None  # on the strip
            continue
        assert pt.best is not None and pt.chosen is not None
        assert pt.best - pt.chosen == pytest.approx(50 * d.loss)  # the gap is the loss
        assert 0 <= pt.chosen <= 100
    assert f"The {unit}" in review_chart_svg(rv, hand=hand)
    # Judged in points (the named option), the line is the side's points.
    from texas42.analysis.coach import review

    pts = review(hand, 2, samples=8, seed=1, hindsight=False, unit="points")
    unit, points = chart_points(pts, hand)
    assert unit == "points"
    for d, pt in zip(pts.decisions, points, strict=True):
        if d.kind == "play":
            assert pt.best is not None and pt.chosen is not None
            assert pt.best - pt.chosen == pytest.approx(d.loss)
            assert 0 <= pt.chosen <= 42


def test_every_colour_passes_contrast_and_each_label_has_its_own_cue() -> None:
    for style in MARK_STYLES.values():
        assert _contrast(style.colour, "#E9EEE8") >= 4.5  # on the chart's background
        assert _contrast(style.colour, "#FFFFFF") >= 4.5  # under its white letter
    cues = {(s.shape, s.letter) for s in MARK_STYLES.values()}
    assert len(cues) == len(MARK_STYLES)
    assert "too close to call" in MARK_STYLES  # the coach's neutral verdict: grey
    grey = MARK_STYLES["too close to call"].colour
    rgb = [int(grey[i:i + 2], 16) for i in (1, 3, 5)]
    assert max(rgb) - min(rgb) <= 12  # neutral: no hue to read as good or bad


def test_selected_rings_that_mark() -> None:
    hand, rv = _reviewed(5, 2)
    assert 'class="selected"' not in review_chart_svg(rv, hand=hand)
    assert review_chart_svg(rv, hand=hand, selected=1).count('class="selected"') == 1


def test_a_pass_is_said_passed() -> None:
    from texas42.widgets._coach import review_lines

    _, rv = _reviewed(5, 0)  # seat 0 passes first in this hand
    first = rv.decisions[0]
    assert first.kind == "bid" and first.chosen == "pass"
    assert mark_words(first).startswith("Bid 1: you passed, ")
    assert review_lines(rv)[0].startswith("Bid 1: you passed — ")
    assert not any("bid pass" in x for x in review_lines(rv))


def test_a_trick_left_out_is_marked_and_said_why() -> None:
    # Deal 3, seat 0: its play to trick 7 was its last domino (no choice), so the review
    # has no decision there; the chart gives it a place and says why (issue 34).
    hand, rv = _reviewed(3, 0)
    forced = forced_plays(hand, rv)
    assert [where for _, where in forced] == ["trick 7"]
    assert "trick 7" not in [d.where for d in rv.decisions]
    for step, _ in forced:
        assert len(hand.at(step).legal_plays()) == 1
    root = ET.fromstring(review_chart_svg(rv, hand=hand, controls=True))
    left_out = [g for g in root.iter(f"{NS}g") if g.get("class") == "forced"]
    assert [g.get("data-where") for g in left_out] == ["trick 7"]
    assert "".join(left_out[0].itertext()) == "T7"
    note = [t for t in root.iter(f"{NS}text") if t.get("class") == "forced-note"]
    assert [t.text for t in note] == ["T7: not judged, only one domino could be played"]
    desc = root.find(f"{NS}desc")
    assert desc is not None and "Trick 7: not judged, only one domino could be played." in (
        desc.text or "")
    # T7 sits after T6 on the x axis: the last slot.
    labels = [(float(t.get("x", "0")), t.text) for t in root.iter(f"{NS}text")
              if t.text in ("T6", "T7")]
    assert sorted(labels)[-1][1] == "T7"


def test_with_every_play_a_choice_nothing_is_marked_left_out() -> None:
    hand, rv = _reviewed(1, 0)
    assert forced_plays(hand, rv) == []  # deal 1, seat 0: a choice at every play
    pic = review_chart_svg(rv, hand=hand)
    assert 'class="forced' not in pic and "only one domino" not in pic


def test_two_tricks_left_out_are_named_together() -> None:
    hand, rv = _reviewed(5, 0)
    assert [w for _, w in forced_plays(hand, rv)] == ["trick 5", "trick 6"]
    assert "T5 and T6: not judged, only one domino could be played" in review_chart_svg(
        rv, hand=hand)


def test_on_a_phone_the_note_of_the_tricks_left_out_fits_the_chart() -> None:
    """At a phone's width (the review view draws the chart 360 wide under 480 px) the
    note is the short form and ends inside the chart (0.6 em a character, generous for
    the sans-serif the chart uses)."""
    hand, rv = _reviewed(5, 0)
    width = 360.0
    root = ET.fromstring(review_chart_svg(rv, hand=hand, width=width))
    note = [t for t in root.iter(f"{NS}text") if t.get("class") == "forced-note"]
    assert [t.text for t in note] == ["T5 and T6: only one domino could be played"]
    x = float(note[0].get("x", "0"))
    assert x + 0.6 * 11.5 * len(note[0].text or "") <= width
