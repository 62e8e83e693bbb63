"""Every explorer: every option of every control at least once, no traceback."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from texas42 import Deal, Hand
from texas42 import widgets as tw
from texas42.errors import Texas42Error

from .helpers import drive, rule_based_computer

FACTORIES = {
    "suits": tw.suits,
    "trumps": tw.trumps,
    "count": tw.count,
    "tricks": tw.tricks,
    "bidding": tw.bidding,
    "replay": tw.replay,
    "play": tw.play,
    "lessons": tw.lessons,
    "moon": tw.moon,
    "hand_check": tw.hand_check,
}


def _deal_samples(ex: tw.Explorer) -> dict[int, list[object]]:
    """Typed deals: wrong first, then good (for the explorers with a DealSource)."""
    source = getattr(ex, "source", None)
    if source is None:
        return {}
    deal = Deal.from_seed(11)
    typed = "\n".join(f"seat {s}: {h}" for s, h in enumerate(deal.hands))
    return {
        id(source.code): ["zz", "1234-5678-9AB", deal.code],
        id(source.typed): ["6-6 6-5", typed],
        id(source.mode): ["code", "typed", "seed"],
    }


@pytest.mark.parametrize("name", list(FACTORIES))
def test_every_control_every_option(name: str) -> None:
    with rule_based_computer():
        _drive_every_control(name)


def _drive_every_control(name: str) -> None:
    ex = FACTORIES[name]()
    assert ex.last_error is None, ex.last_error
    samples = _deal_samples(ex)
    if name == "replay":
        hand = Hand(Deal.from_seed(4))
        for b in ("30", "pass", "pass", "pass"):
            hand.bid(b)
        samples[id(ex.record_box)] = ["{not json", hand.record().to_json()]  # type: ignore[attr-defined]
    counts = drive(ex, samples)
    assert counts, "no control was driven"
    assert ex.state["message"] == ex.message
    # The explorer still answers after all that.
    assert isinstance(ex.state, dict)


@pytest.mark.parametrize("name", list(FACTORIES))
def test_displays_as_a_widget(name: str) -> None:
    ex = FACTORIES[name]()
    bundle = ex._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data


def test_each_explorer_class_is_exported() -> None:
    # Explorer 9 (Moon) is the play explorer (7) at Moon's table: eight classes.
    assert len(tw.EXPLORERS) == 8
    assert isinstance(tw.moon(), tw.PlayExplorer) and tw.moon().rules.name == "moon"
    for cls in tw.EXPLORERS:
        assert cls.__doc__ and cls.title


def test_rules_errors_are_messages_not_bugs() -> None:
    ex = tw.suits()
    ex.typed.value = "9-9"
    assert isinstance(ex.last_error, Texas42Error)
    assert "not a domino" in ex.message
    assert ex.message_kind == "error"
