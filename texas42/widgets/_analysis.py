"""The explorers' door to :mod:`texas42.analysis` (solver, claims, progress bars).

The analysis package is part of texas42 and the explorers always have it (their
computer players come from it). Results are cached per position, so stepping back and
forth is fast.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from ..analysis.moon_solver import MoonSolution, solve_moon
from ..analysis.solver import Solution
from ..analysis.solver import solve as _solve
from ..claims import ClaimCheck, verify_claim
from ..hand import Hand, Phase
from ..moon import MoonHand

_T = TypeVar("_T")
_CACHE: OrderedDict[Hashable, object] = OrderedDict()
_CACHE_SIZE = 512
#: The least time between two moves of a progress bar.
PROGRESS_SECONDS = 0.1


def _key(hand: Hand, what: str) -> Hashable:
    return (what, hand.deal.masks, hand.shaker, hand.rules, tuple(a[:2] for a in hand.actions))


def _cached(key: Hashable, compute: Callable[[], _T]) -> _T:
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return cast(_T, _CACHE[key])  # stored under this key by this function
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


def solve(hand: Hand, progress: Callable[[int, int], None] | None = None
          ) -> Solution | MoonSolution | None:
    """The solver's answer for a hand in play: a :class:`Solution` (Moon, the
    three-player game: Moon's own ``MoonSolution``, in the bidder's tricks), ``None``
    outside the play phase; ``progress(done, total)`` while it works."""
    if hand.phase is not Phase.PLAYING:
        return None
    if isinstance(hand, MoonHand):
        moon = hand
        return _cached(_key(hand, "solve"), lambda: solve_moon(moon, progress=progress))
    return _cached(_key(hand, "solve"), lambda: _solve(hand, progress=progress))


def check_claim(hand: Hand, seat: int,
                progress: Callable[[int, int], None] | None = None) -> ClaimCheck:
    """Check ``seat``'s claim with progress; :meth:`Hand.lay_down` then reuses the verdict
    (the engine remembers its last checks), so the claim is searched once."""
    return verify_claim(hand, seat, progress=progress)
