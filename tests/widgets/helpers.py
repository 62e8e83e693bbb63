"""Drive every option of every control of an explorer, from Python."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as W

from texas42.errors import Texas42Error
from texas42.widgets import Explorer
from texas42.widgets._controls import walk
from texas42.widgets.table_widget import TableButton, TableWidget

#: Text typed into free-text controls: wrong input first, then good input.
TEXT_SAMPLES = ["zz", "7-7", "", "6-4", "5 3"]


@contextmanager
def rule_based_computer() -> Iterator[None]:
    """The computer players of :func:`texas42.table.decide` (those that bid and play the
    replay explorer's hands) as rule-based players while the block runs. A drive of every
    control deals a new hand at each rules and contract option; what it checks is that
    no control fails, not how well the computer plays, and the explorers' own player
    takes about 3 s a hand where the rules take 0.05 s."""
    from texas42 import table
    from texas42.analysis.players import make_player

    saved = dict(table._SHARED)
    table._SHARED.update({kind: make_player("rule-based") for kind in ("points", "tricks")})
    try:
        yield
    finally:
        table._SHARED.clear()
        table._SHARED.update(saved)


def check_clean(ex: Explorer, what: str) -> None:
    """No bug: at most a rules error, shown as a message."""
    err = ex.last_error
    assert err is None or isinstance(err, Texas42Error), f"{what}: {err!r}"
    if isinstance(err, Texas42Error):
        assert ex.message, f"{what}: an error but no message"
    ex.last_error = None


def drive(
    ex: Explorer,
    samples: dict[int, list[Any]] | None = None,
    *,
    rounds: int = 3,
    skip: Callable[[Any], bool] = lambda w: False,
) -> dict[str, int]:
    """Set every option of every control (and click every button) at least once.

    New controls that appear on the way (domino buttons, option buttons) are driven
    in the next round. ``samples`` maps ``id(widget)`` to the values to type into it.
    Returns how many actions of each control type were taken.
    """
    samples = samples or {}
    done: set[tuple[int, object]] = set()
    counts: dict[str, int] = {}
    for _ in range(rounds):
        fresh = [w for w in ex.controls() if _key(w) not in done and not skip(w)]
        # The dominoes a table widget draws as buttons are controls too: click each once.
        tables = [w for w in walk(ex.ui) if isinstance(w, TableWidget)]
        dominoes = [(t, b.domino) for t in tables for b in t.buttons
                    if (id(t), b.domino) not in done]
        if not fresh and not dominoes:
            break
        for w in fresh:
            done.add(_key(w))
            for value in _values(w, samples.get(id(w))):
                counts[type(w).__name__] = counts.get(type(w).__name__, 0) + 1
                _act(w, value)
                check_clean(ex, f"{type(w).__name__} {getattr(w, 'description', '')!r} = {value!r}")
        for t, d in dominoes:
            done.add((id(t), d))
            counts["TableWidget"] = counts.get("TableWidget", 0) + 1
            click(t, d)
            check_clean(ex, f"table click {d}")
    return counts


def _key(w: Any) -> tuple[int, object]:
    """A control, and its options: a control whose options changed is driven again."""
    return (id(w), tuple(getattr(w, "options", ()) or ()))


def _values(w: Any, given: list[Any] | None) -> Iterable[Any]:
    if given is not None:
        return given
    if isinstance(w, W.Button):
        return ["click"]
    if isinstance(w, (W.Dropdown, W.ToggleButtons, W.Select, W.RadioButtons)):
        values = [o[1] if isinstance(o, tuple) else o for o in w.options]
        return [*values, values[0]] if values else []
    if isinstance(w, (W.Checkbox, W.ToggleButton)):
        return [not w.value, w.value]
    if isinstance(w, W.IntSlider):
        return [w.max, (w.min + w.max) // 2, w.min]
    if isinstance(w, (W.IntText, W.BoundedIntText)):
        return [0, 7, int(w.value)]
    if isinstance(w, W.Textarea):
        return ["nonsense", ""]
    if isinstance(w, W.Text):
        return TEXT_SAMPLES
    return []


def _act(w: Any, value: Any) -> None:
    if isinstance(w, W.Button):
        w.click()
        return
    if isinstance(w, (W.Dropdown, W.ToggleButtons, W.Select, W.RadioButtons)):
        values = [o[1] if isinstance(o, tuple) else o for o in w.options]
        if value in values:
            w.value = value
        return
    w.value = value


def table_buttons(table: Any) -> list[TableButton]:
    """The dominoes a table widget shows as buttons."""
    return list(table.buttons)


def click(table: Any, domino: str) -> None:
    """What the front end sends when a domino of the table is clicked (or Enter)."""
    table._on_front_end(table, {"play": domino}, [])


def bid_or_name(ex: Any, action: Any) -> bool:
    """In the bidding or the naming of trumps, make ``action`` through the explorer's own
    picker and button, as a learner would; ``False`` (nothing done) in the play."""
    from texas42 import Phase

    phase = ex.hand.phase
    if phase is Phase.BIDDING:
        ex.bid_picker.value = action
        ex.bid_button.click()
    elif phase is Phase.CONTRACT:
        ex.contract_picker.value = str(action)
        ex.name_button.click()
    else:
        return False
    return True
