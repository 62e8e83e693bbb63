"""The explorers' door to :mod:`texas42.analysis` (solver, players, bid odds).

The analysis package is optional for the explorers: every function here returns
``None`` when it (or the part asked for) is missing, and the explorer then says
so in words. Results are cached per position, so stepping back and forth is fast.
"""

from __future__ import annotations

import importlib
from collections import OrderedDict
from typing import Any

from ..hand import Hand, Phase

_CACHE: OrderedDict[Any, Any] = OrderedDict()
_CACHE_SIZE = 512


def module(name: str = "") -> Any:
    """``texas42.analysis`` (or a submodule) if it imports, else ``None``."""
    try:
        return importlib.import_module("texas42.analysis" + (f".{name}" if name else ""))
    except Exception:
        return None


def attr(name: str) -> Any:
    """A public name of the analysis package, else ``None``."""
    pkg = module()
    if pkg is not None and hasattr(pkg, name):
        return getattr(pkg, name)
    return None


def _key(hand: Hand, what: str) -> Any:
    return (what, hand.deal.masks, hand.shaker, hand.rules, tuple(a[:2] for a in hand.actions))


def _cached(key: Any, compute: Any) -> Any:
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    value = compute()
    _CACHE[key] = value
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return value


def is_cached(hand: Hand, what: str = "solve") -> bool:
    return _key(hand, what) in _CACHE


def solve(hand: Hand) -> Any:
    """The solver's :class:`Solution` for a hand in play (``None`` without a solver
    or outside the play phase)."""
    fn = attr("solve") or getattr(module("solver"), "solve", None)
    if fn is None or hand.phase is not Phase.PLAYING:
        return None
    return _cached(_key(hand, "solve"), lambda: fn(hand))


def has_solver() -> bool:
    return (attr("solve") or getattr(module("solver"), "solve", None)) is not None


def evaluate(hand: Hand, seat: int) -> Any:
    """Bid odds for ``seat``'s dominoes (the analysis package's ``evaluate_hand``),
    or ``None`` when it is not there."""
    fn = attr("evaluate_hand")
    if fn is None:
        return None
    mask = hand.deal.masks[seat]
    return _cached(
        ("evaluate", mask, hand.rules, seat), lambda: fn(hand.deal[seat], rules=hand.rules)
    )
