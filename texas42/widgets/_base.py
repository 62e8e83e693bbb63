"""The base of every explorer: :class:`Explorer` (its box, message line and state)
and :func:`safe`, the callback wrapper that turns every error into a message."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

import ipywidgets as W

from ..errors import Texas42Error
from ._controls import is_control, walk
from ._html import message_html

F = TypeVar("F", bound=Callable[..., Any])


def safe(method: F) -> F:
    """Wrap an explorer's callback so no interaction can raise: a rules error
    (bad input, an illegal action) becomes a message in the widget, and any other
    error becomes a message that says it is a bug (the traceback is kept in
    ``explorer.last_error`` for tests and bug reports)."""

    @functools.wraps(method)
    def wrapper(self: Explorer, *args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return method(self, *args, **kwargs)
        except Texas42Error as exc:
            self.last_error = exc
            self.show_message(exc.message, kind="error")
        except Exception as exc:
            self.last_error = exc
            self.show_message(
                f"Something went wrong ({type(exc).__name__}: {exc}). The explorer is still "
                "usable; please report this as a bug.",
                kind="error",
            )
        finally:
            self.last_seconds = time.perf_counter() - start
        return None

    return cast(F, wrapper)

class Explorer:
    """A teaching widget: ``self.ui`` is the ipywidgets box shown in the notebook,
    ``self.message`` the line of feedback, ``self.state`` what it shows (for tests).

    Display it by making it the last expression of a cell, or with ``display()``.
    """

    title = "Explorer"

    def __init__(self) -> None:
        self.last_error: BaseException | None = None
        self.last_seconds = 0.0
        self.message_kind = "info"
        self._message = ""
        self.message_box = W.HTML(layout=W.Layout(min_height="2.2em"))
        self.message_box.add_class("t42-message")
        self.ui: W.Box = W.VBox()
        #: Controls shown only at some moments (tests drive them too).
        self.extra: list[Any] = []

    # The explorer displays as its box (JupyterLab, Voila, the book's static pages).
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.ui._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            # Where widgets cannot be drawn, a sentence instead of the box's long repr.
            data["text/plain"] = f"{self.title} explorer (live in Jupyter): {self.message}"
        return bundle

    @property
    def message(self) -> str:
        """The feedback line as plain text."""
        return self._message

    def show_message(self, text: str, *, kind: str = "info") -> None:
        """Show ``text``; ``kind`` is ``info``, ``good``, ``error`` or ``warn``."""
        self._message = text
        self.message_kind = kind
        self.message_box.value = message_html(text, kind)

    @property
    def state(self) -> dict[str, Any]:
        """What the explorer shows, as plain values."""
        return {"message": self.message}

    def controls(self) -> list[W.Widget]:
        """Every interactive control (tests drive each option of each)."""
        seen: dict[int, Any] = {}
        for root in (self.ui, *self.extra):
            for w in walk(root):
                if is_control(w):
                    seen.setdefault(id(w), w)
        return list(seen.values())
