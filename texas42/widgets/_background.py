"""Work done in a live page's idle moments: the coach judges the learner's decisions while
the hand goes on, so the review is ready when the hand ends.

A task is a generator that yields after each small piece of work (the coach's
:func:`~texas42.analysis.coach.judge_steps`: one guess played out) and returns its result.
:meth:`Background.step` runs tasks for a slice of time and comes back, so a click that
arrives meanwhile waits at most one slice. In the browser the page's Python worker calls it
whenever no message is waiting (``live_bridge.Bridge.idle``); in a notebook kernel nobody
does, and whatever is not done yet is done when it is asked for (the review judges the rest
itself).

>>> done = []
>>> def count(n):
...     for _ in range(n):
...         yield
...     return n
>>> bg = Background()
>>> bg.driven = True  # (the live page's worker drives it)
>>> bg.add("me", count(3), done.append)
>>> bg.step(0.0), done      # one piece at least, then back
(True, [])
>>> while bg.step(1.0):
...     pass
>>> done, bg.pending("me")
([3], False)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Generator
from typing import Any

Task = Generator[None, None, Any]


class Background:
    """Tasks run piece by piece in idle moments, oldest first."""

    def __init__(self) -> None:
        self._tasks: list[tuple[object, Task, Callable[[Any], None]]] = []
        #: Whether anyone runs the tasks (the live page's worker): where nobody does (a
        #: notebook kernel), queuing would only pile work up, so explorers ask first.
        self.driven = sys.platform == "emscripten"

    def add(self, owner: object, task: Task, done: Callable[[Any], None]) -> None:
        """Run ``task`` when idle; ``done(result)`` when it returns."""
        self._tasks.append((owner, task, done))

    def pending(self, owner: object | None = None) -> bool:
        """Whether tasks (of ``owner``) are waiting."""
        return any(owner is None or o is owner for o, _, _ in self._tasks)

    def clear(self) -> None:
        """Forget every task."""
        self._tasks = []

    def drop(self, owner: object) -> None:
        """Forget ``owner``'s tasks (its hand is over, or it does the work itself)."""
        self._tasks = [t for t in self._tasks if t[0] is not owner]

    def step(self, seconds: float) -> bool:
        """Run tasks for about ``seconds`` (at least one piece); ``True`` while any are
        left. A task that fails is dropped: whoever wanted its result does the work again
        when it needs it, and the failure is never shown from here."""
        deadline = time.perf_counter() + seconds
        while self._tasks:
            _owner, task, done = self._tasks[0]
            try:
                next(task)
            except StopIteration as finished:
                self._tasks.pop(0)
                done(finished.value)
            except Exception:  # idle work must never break the page
                self._tasks.pop(0)
            if time.perf_counter() >= deadline:
                break
        return bool(self._tasks)


#: The one queue of the Python that runs the page (every explorer shares it).
BACKGROUND = Background()

__all__ = ["BACKGROUND", "Background"]
