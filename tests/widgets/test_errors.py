"""No interaction may raise: engine failures become messages in the widget; the core
imports without ipywidgets."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from texas42 import widgets as tw
from texas42.errors import IllegalPlayError, Texas42Error


def _boom(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("engine exploded")


def _rules_error(*_args: Any, **_kwargs: Any) -> Any:
    raise IllegalPlayError("a rule said no", rule="test")


# (explorer factory, module whose engine function is patched, its name, the interaction)
CASES: list[tuple[str, Callable[[], tw.Explorer], str, str, Callable[[Any], None]]] = [
    (
        "suits",
        tw.suits,
        "texas42.widgets.suits_explorer",
        "explain_lead",
        lambda ex: setattr(ex.domino_picker, "value", "5-5"),
    ),
    (
        "trumps",
        tw.trumps,
        "texas42.widgets.trumps_explorer",
        "suit_dominoes",
        lambda ex: setattr(ex.number_picker, "value", 3),
    ),
    ("count", tw.count, "texas42.widgets.count_explorer", "Hand", lambda ex: ex.new_button.click()),
    (
        "tricks",
        tw.tricks,
        "texas42.widgets.tricks_explorer",
        "explain_play",  # (the engine's Hand decides; the explorer words each play)
        lambda ex: ex.try_play("0-0"),
    ),
    (
        "bidding",
        tw.bidding,
        "texas42.widgets.bidding_explorer",
        "explain_bid",
        lambda ex: setattr(ex.bid_picker, "value", 35),
    ),
    (
        "replay",
        tw.replay,
        "texas42.widgets._tables",  # the words of each action, at every table
        "explain_play",
        lambda ex: setattr(ex.slider, "value", ex.slider.max),
    ),
    (
        "play",
        tw.play,
        "texas42.widgets.play_explorer",
        "explain_any_bid",
        lambda ex: setattr(ex.bid_picker, "value", 31),
    ),
    (
        "lessons",
        tw.lessons,
        "texas42.widgets.lesson_data",
        "led_suit",
        lambda ex: ex.answer("sixes"),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("failure", [_boom, _rules_error], ids=["bug", "rules-error"])
def test_engine_failure_is_a_message(
    case: tuple[str, Callable[[], tw.Explorer], str, str, Callable[[Any], None]],
    failure: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, factory, module, name, interact = case
    ex = factory()
    assert ex.last_error is None
    monkeypatch.setattr(f"{module}.{name}", failure)
    interact(ex)  # must not raise
    assert ex.last_error is not None, "the patched function was not reached"
    assert ex.message_kind == "error"
    if failure is _boom:
        assert "Something went wrong" in ex.message and "engine exploded" in ex.message
        assert "Traceback" not in ex.message_box.value
    else:
        assert isinstance(ex.last_error, Texas42Error)
        assert "a rule said no" in ex.message
    monkeypatch.undo()
    # Still usable afterwards.
    ex.last_error = None
    _ = ex.state


def test_explorer_constructor_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("texas42.widgets.suits_explorer.explain_lead", _boom)
    ex = tw.suits()
    assert "Something went wrong" in ex.message


def test_core_imports_without_ipywidgets() -> None:
    code = (
        "import sys\n"
        "sys.modules['ipywidgets'] = None\n"
        "import texas42, texas42.svg\n"
        "assert 'ipywidgets' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "try:\n"
        "    import texas42.widgets\n"
        "except ImportError as exc:\n"
        '    assert "texas42[widgets]" in str(exc), exc\n'
        "    print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok", out.stderr


def test_only_the_widgets_package_imports_ipywidgets() -> None:
    from pathlib import Path

    root = Path(tw.__file__).resolve().parents[1]
    for path in root.rglob("*.py"):
        if "widgets" in path.relative_to(root).parts:
            continue
        assert "ipywidgets" not in path.read_text(encoding="utf-8"), path
