"""The table you play by clicking: a click message from the front end plays the domino
through the explorer's own play path, or gives the engine's refusal, read out by the
table (texas42/widgets/table_widget.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget")

from texas42 import Phase
from texas42.analysis import RuleBasedPlayer, decide
from texas42.tricks import explain_play
from texas42.widgets.play_explorer import PlayExplorer
from texas42.widgets.table_widget import TableWidget

from .helpers import bid_or_name, check_clean, click, table_buttons

ADVISOR = RuleBasedPlayer()


def to_a_follow(ex: PlayExplorer) -> bool:
    """Play on (as the rule-based player would) until the learner must follow suit and
    holds a domino it may not play; False if the hand ends first."""
    for _ in range(60):
        h = ex.hand
        if h.is_over:
            return False
        if h.phase is Phase.PLAYING and set(h.legal_plays()) != set(h.holding(ex.seat)):
            return True
        d = decide(ADVISOR, h)
        if not bid_or_name(ex, d.action):
            click(ex.table, str(d.action))  # every play of the learner: a click
        check_clean(ex, "learner")
    raise AssertionError("the hand did not end")


def test_a_click_plays_the_domino_or_says_why_not() -> None:
    for seed in range(1, 40):
        ex = PlayExplorer(seed=seed, seat=0)
        if to_a_follow(ex):
            break
    else:
        raise AssertionError("no deal where the learner must follow")
    h = ex.hand
    held, legal = list(h.holding(0)), set(h.legal_plays())
    buttons = table_buttons(ex.table)
    assert [b.domino for b in buttons] == [str(d) for d in held]
    assert {b.domino for b in buttons if b.legal} == {str(d) for d in legal}
    assert "data-legal" in ex.table.value and "role=\"group\"" in ex.table.value
    # A domino it may not play: refused with the engine's reason, nothing changes.
    bad = next(d for d in held if d not in legal)
    before, said = len(h.actions), ex.message
    click(ex.table, str(bad))
    assert len(h.actions) == before and ex.last_error is not None
    reason = explain_play(bad, h.holding(0), h.current_trick, h.contract)  # type: ignore[arg-type]
    # Said once, by the table; the message line keeps the instruction still to follow.
    assert ex.table.note == "Not allowed: " + reason
    assert ex.message == said and ex.message_kind != "error"
    label = next(b.label for b in buttons if b.domino == str(bad))
    assert label == f"{bad}: cannot be played - {reason}"
    # A legal one: played, the computer players answer, the note is cleared.
    good = next(iter(legal))
    click(ex.table, str(good))
    check_clean(ex, "legal click")
    assert ex.choices[-1] == (before, good) and good not in ex.hand.holding(0)
    assert ex.table.note == ""
    assert any(line.startswith(f"You play {good}") for line in ex.state["log"])


def test_no_buttons_when_it_is_not_the_learners_turn_to_play() -> None:
    ex = PlayExplorer(seed=5, seat=0)
    assert ex.state["phase"] == "bidding" and table_buttons(ex.table) == []
    click(ex.table, "6-6")  # a stale page: refused in words, no crash
    assert ex.last_error is not None and "not your turn" in ex.table.note
    assert "not your turn" not in ex.message


def test_the_moon_table_discards_and_plays_by_click() -> None:
    ex = PlayExplorer(seed=3, seat=0, rules="moon")
    ex.bid_picker.value = 21
    ex.bid_button.click()
    held = ex.state["hand"]
    assert [b.label for b in table_buttons(ex.table)] == [f"Lay {d} aside" for d in held]
    click(ex.table, held[0])
    assert ex.hand.discard is not None and str(ex.hand.discard) == held[0]
    assert table_buttons(ex.table) == []  # naming trumps: the dropdown, not the table
    ex.contract_picker.value = "follow-me"
    ex.name_button.click()
    check_clean(ex, "name")
    buttons = table_buttons(ex.table)
    assert [b.domino for b in buttons] == ex.state["hand"] and all(b.legal for b in buttons)
    click(ex.table, buttons[0].domino)
    check_clean(ex, "moon click")
    assert buttons[0].domino not in ex.state["hand"]


def test_only_a_play_message_does_anything() -> None:
    seen: list[str] = []
    t = TableWidget(seen.append)
    for junk in (None, [], "6-4", {"play": 64}, {"other": "6-4"}):
        t.handle(junk)
    assert seen == []
    t.handle({"play": "6-4" * 10})
    assert seen == ["6-46-46-"]  # cut short: a page never sends more than a domino


def test_a_narrow_page_draws_the_compact_table_and_a_wide_one_the_normal() -> None:
    import xml.etree.ElementTree as ET

    from texas42.svg import COMPACT_WIDTH
    from texas42.widgets import moon

    for ex in (PlayExplorer(seed=3, seat=0), moon(seed=3)):
        table = ex.table
        assert table.width == 0 and not table.compact  # not known yet: the normal table

        def width(table: TableWidget = table) -> float:
            return float(ET.fromstring(table.value).get("width", "0"))

        wide, buttons = width(), table_buttons(table)
        assert wide > COMPACT_WIDTH
        table.width = 390  # a phone, told by the front end
        assert table.compact and width() <= COMPACT_WIDTH
        assert table_buttons(table) == buttons  # the same dominoes, labels and legal marks
        # The explorer keeps drawing it compact as the hand goes on.
        for _ in range(3):
            if ex.hand.is_over:
                break
            d = decide(ADVISOR, ex.hand)
            if not bid_or_name(ex, d.action):
                click(table, str(d.action))
            assert width() <= COMPACT_WIDTH
        table.width = 900  # turned to landscape, a wide window
        assert not table.compact and width() > COMPACT_WIDTH
        check_clean(ex, "learner")


def test_the_replay_table_is_compact_on_a_phone_too() -> None:
    import xml.etree.ElementTree as ET

    from texas42.svg import COMPACT_WIDTH
    from texas42.widgets import replay

    ex = replay(seed=2)
    ex.slider.value = 8
    normal = ET.fromstring(ex.table.value)
    ex.table.width = 390
    small = ET.fromstring(ex.table.value)
    assert float(small.get("width", "0")) <= COMPACT_WIDTH < float(normal.get("width", "0"))
    assert small.find("{http://www.w3.org/2000/svg}desc").text == (  # type: ignore[union-attr]
        normal.find("{http://www.w3.org/2000/svg}desc").text)  # type: ignore[union-attr]
    ex.slider.value = 9  # a step later: still compact
    assert float(ET.fromstring(ex.table.value).get("width", "0")) <= COMPACT_WIDTH
    assert ex.last_error is None


def test_a_double_click_plays_once_and_says_nothing() -> None:
    """The front end sends each play with the count of answers it was made at: the second
    of a double click (the same count) is ignored, not refused (issue 34)."""
    ex = PlayExplorer(seed=3, seat=0)
    while ex.hand.phase is not Phase.PLAYING or not ex.your_turn:
        assert bid_or_name(ex, decide(ADVISOR, ex.hand).action)
    domino = ex.state["legal"][0]
    sent = {"play": domino, "answered": ex.table.answered}
    ex.table._on_front_end(ex.table, sent, [])
    played, message = len(ex.hand.plays), ex.message
    assert ex.last_error is None and ex.hand.plays[0 if ex.hand.leader == 0 else 1:]
    ex.table._on_front_end(ex.table, dict(sent), [])  # the same message again
    assert len(ex.hand.plays) == played and ex.message == message
    assert ex.last_error is None and ex.table.note == ""
    assert ex.table.answered == sent["answered"] + 2  # both answered: the page waits on it
    # A play made at the current count is played (or refused with a reason) as before.
    if ex.your_turn and ex.hand.phase is Phase.PLAYING:
        nxt = ex.state["legal"][0]
        ex.table._on_front_end(ex.table, {"play": nxt, "answered": ex.table.answered}, [])
        assert ex.last_error is None and len(ex.hand.plays) > played


def test_large_dominoes_draw_a_phones_table_larger() -> None:
    """The page's "Large dominoes" (the front end sets ``large``) draws a compact table's
    dominoes larger, in two rows; a wide table is left to the page's stylesheet."""
    import re

    from texas42.widgets.table_widget import LARGE_TILE_SIZE, TILE_SIZE

    def height(svg: str) -> float:
        found = re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', svg)
        assert found is not None
        return float(found.group(1))

    ex = PlayExplorer(seed=3, seat=0)
    wide = ex.table.value
    ex.table.large = True
    assert ex.table.value == wide and ex.table.tile_size == TILE_SIZE
    ex.table.width = 390
    big = ex.table.value
    assert ex.table.tile_size == LARGE_TILE_SIZE
    ex.table.large = False
    small = ex.table.value
    assert height(big) > 1.15 * height(small)
    # The same dominoes are drawn either way (the learner's seven face up).
    faces = re.findall(r'data-domino="([^"]+)"', small)
    assert re.findall(r'data-domino="([^"]+)"', big) == faces and len(faces) == 7
