"""The explorers' door to :mod:`texas42.analysis` (solver, players, bid odds).

The analysis package is optional for the explorers: every function here returns
``None`` when it (or the part asked for) is missing, and the explorer then says
so in words. Results are cached per position, so stepping back and forth is fast.
"""

from __future__ import annotations

import importlib
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..hand import Hand, Phase

_CACHE: OrderedDict[Any, Any] = OrderedDict()
_CACHE_SIZE = 512
#: The least time between two moves of a progress bar.
PROGRESS_SECONDS = 0.1


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


def progress_to(bar: Any, every: float | None = None) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback that moves the progress bar ``bar`` during
    long work, at most every ``every`` seconds (default :data:`PROGRESS_SECONDS`; each
    move is a message to the page)."""
    gap = PROGRESS_SECONDS if every is None else every
    last = [0.0]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] < gap and done < total:
            return
        last[0] = now
        bar.max = max(int(total), 1)
        bar.value = max(0, min(int(done), bar.max))

    return report


def _solver(hand: Hand | None = None) -> Any:
    """The solver function for ``hand``'s table: 42's ``solve``, Moon's ``solve_moon``."""
    from ..moon import MoonHand

    if isinstance(hand, MoonHand):
        return attr("solve_moon")
    return attr("solve") or getattr(module("solver"), "solve", None)


def solve(hand: Hand, progress: Callable[[int, int], None] | None = None) -> Any:
    """The solver's :class:`Solution` (Moon: ``MoonSolution``) for a hand in play
    (``None`` without a solver or outside the play phase); ``progress(done, total)``
    while it works."""
    fn = _solver(hand)
    if fn is None or hand.phase is not Phase.PLAYING:
        return None
    return _cached(_key(hand, "solve"), lambda: fn(hand, progress=progress))


def check_claim(hand: Hand, seat: int, progress: Callable[[int, int], None] | None = None) -> Any:
    """Check ``seat``'s claim with progress; :meth:`Hand.lay_down` then reuses the verdict
    (the engine remembers its last checks), so the claim is searched once."""
    from ..claims import verify_claim

    return verify_claim(hand, seat, progress=progress)


def has_solver(hand: Hand | None = None) -> bool:
    return _solver(hand) is not None


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
