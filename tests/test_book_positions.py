"""book/bookkit.py's positions from real hands (the play-the-hand chapter): ``position``
plays a seeded deal to the moment asked for, and ``play_from`` puts the play explorer
there, the learner to play it on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import texas42 as t

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book"))
import bookkit

sys.path.pop(0)


def test_position_stops_where_asked() -> None:
    first = bookkit.position(48, "fives")
    assert first.to_act == 0 and not first.plays and first.holding(0) == t.Deal.from_seed(48)[0]
    later = bookkit.position(53, "fives", trick=2, seat=1)
    assert len(later.tricks) == 1 and later.to_act == 1
    assert later.deal == t.Deal.from_seed(53) and str(later.contract) == "fives"


def test_position_refuses_a_moment_that_never_comes() -> None:
    with pytest.raises(AssertionError, match="never plays in trick 9"):
        bookkit.position(48, "fives", trick=9)


def test_play_from_starts_the_explorer_at_the_position() -> None:
    pos = bookkit.position(53, "fives", seat=3)
    table = bookkit.play_from(pos, seat=3, seed=53)
    assert table.hand.actions == pos.actions and table.hand is not pos
    assert table.your_turn and table.state["phase"] == "playing"
    table.play("4-1")
    assert table.hand.tricks[0].plays[-1] == t.Domino(4, 1)
    assert not pos.tricks  # the chapter's own position is left as it was
    with pytest.raises(AssertionError, match="seat to play"):
        bookkit.play_from(pos, seat=0, seed=53)
    with pytest.raises(AssertionError, match="seat to play"):
        bookkit.play_from(pos, seat=3, seed=52)
