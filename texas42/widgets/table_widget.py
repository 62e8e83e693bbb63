"""The table you play by clicking: an anywidget whose picture is the engine's SVG table
(:func:`texas42.svg.table_svg` and friends, drawn with ``controls``) and whose dominoes
drawn as buttons are the controls. Click one, or focus it (Tab) and press Enter or
Space: the front end (``table_widget.js``, shipped in this package, so nothing is
fetched from elsewhere) sends ``{"play": "6-4"}`` and the explorer plays it through its
own play path, or answers with the engine's reason, shown in the widget's live region.

>>> seen = []
>>> t = TableWidget(seen.append)
>>> from texas42.svg import dominoes_svg
>>> t.value = dominoes_svg("6-4 5-5", controls={"6-4": "Play 6-4", "5-5": "Play 5-5"})
>>> [b.domino for b in t.buttons]
['6-4', '5-5']
>>> t.handle({"play": "6-4"}); seen
['6-4']
>>> t.handle({"play": "6-4", "extra": 1}), t.handle({"nonsense": True}), seen
(None, None, ['6-4', '6-4'])

Buttons beside the picture (``actions``: a bid, a contract) send ``{"bid": "30"}`` or
``{"contract": "sixes"}``, and a click on a domino that is not a button (another seat's,
or the learner's own while it is not their turn to play) sends ``{"tap": "6-4"}`` (``""``
for a face-down one): each goes to ``on_action(kind, value)``.

>>> acted = []
>>> t2 = TableWidget(seen.append, on_action=lambda kind, value: acted.append((kind, value)))
>>> t2.handle({"bid": "30"}); t2.handle({"contract": "sixes"}); t2.handle({"tap": ""})
>>> acted
[('bid', '30'), ('contract', 'sixes'), ('tap', '')]

An explorer hands it a drawing instead (:meth:`TableWidget.draw`): a function of
``compact``, drawn again when the page it is shown in turns narrow (a phone) or wide.

>>> t.draw(lambda compact: "small" if compact else "large"); t.value
'large'
>>> t.width = 390; t.value
'small'

With the page's "Large dominoes" on (the front end sets ``large``), a compact table is
drawn again with larger dominoes (``tile_size``).

>>> t.draw(lambda compact: f"size {t.tile_size}"); t.large = True; t.value
'size 52'

Each play, bid or contract the front end sends carries ``answered``: how many of them
Python had answered when the picture it was clicked on was drawn. One sent from an older
picture (a double click, the same message twice) is ignored, not refused: the learner
meant the move already made, so no "not your turn" for it.

>>> t3 = TableWidget(seen.append)
>>> t3.handle({"play": "5-5", "answered": 0}); t3.answered, seen[-1]
(1, '5-5')
>>> t3.handle({"play": "5-5", "answered": 0}); t3.answered, seen   # the double click
(2, ['6-4', '6-4', '5-5'])
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import anywidget
import traitlets

_HERE = Path(__file__).parent
#: Below this width (CSS px) the table is drawn compact (:func:`texas42.svg.table_svg`).
COMPACT_BELOW = 560
#: A domino's size in a drawn table (:func:`texas42.widgets._pictures.table_pic`), and in
#: a compact one with "Large dominoes" on: the hand then wraps into two rows, each domino
#: 1.3 times as large on a phone's screen (about 50x100 px at 390 px; the switch's CSS only
#: scales pictures, and a compact table already fills the screen's width).
TILE_SIZE, LARGE_TILE_SIZE = 40, 52
# How texas42.svg writes a domino drawn as a button (svg._tiles._tile).
_BUTTON = re.compile(
    r'data-play="([^"]+)" data-legal="(true|false)" role="button" tabindex="0" '
    r'aria-label="([^"]*)"'
)


class TableButton(NamedTuple):
    """One domino of the picture drawn as a button."""

    domino: str
    label: str
    legal: bool


class TableWidget(anywidget.AnyWidget):
    """A picture (SVG/HTML in ``value``) whose ``data-play`` elements are buttons.

    ``on_play(domino_text)`` is called for each click; ``note`` is the line the front
    end reads out (aria-live), e.g. why a domino cannot be played. Setting a new
    picture clears the note.
    """

    _esm = (_HERE / "table_widget.js").read_text(encoding="utf-8")
    _css = (_HERE / "table_widget.css").read_text(encoding="utf-8")
    #: The picture: an SVG from texas42.svg (or HTML holding one).
    value = traitlets.Unicode("").tag(sync=True)
    #: What the live region under the picture says.
    note = traitlets.Unicode("").tag(sync=True)
    #: The width (CSS px) the front end draws the widget in; 0: not known (saved output).
    width = traitlets.Int(0).tag(sync=True)
    #: Whether the page's "Large dominoes" switch is on (the front end says so).
    large = traitlets.Bool(False).tag(sync=True)
    #: Buttons under the picture, each ``{"send": "bid", "value": "30", "text": "30",
    #: "label": "Bid 30", "title": "what it means"}``; ``actions_label`` names the group.
    actions = traitlets.List(traitlets.Dict()).tag(sync=True)
    actions_label = traitlets.Unicode("").tag(sync=True)
    #: What happened since the last picture: ``{"svg": picture after it (or ""),
    #: "words": one line}`` each, shown in turn (``pause_ms`` apart) before ``value``;
    #: ``serial`` grows with each new list, so the front end knows it is new.
    frames = traitlets.List(traitlets.Dict()).tag(sync=True)
    serial = traitlets.Int(0).tag(sync=True)
    pause_ms = traitlets.Int(0).tag(sync=True)
    #: The learner turned the pause off in this browser before (the front end keeps that
    #: choice and says so): the explorer that owns the pause then turns it off.
    pause_off = traitlets.Bool(False).tag(sync=True)
    #: How many plays, bids and contracts from the front end Python has answered (done,
    #: refused or ignored): the front end shows a click at once and waits for this to grow
    #: before it takes another (no double plays).
    answered = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        on_play: Callable[[str], Any],
        *,
        explorer: Any = None,
        on_action: Callable[[str, str], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.on_play = on_play
        #: Called with ("bid" | "contract" | "tap", the text the front end sent).
        self.on_action = on_action
        #: The explorer whose refusals (``last_error``, ``message``) the note reads out
        #: instead of its message line.
        self.explorer = explorer
        self._drawing: Callable[[bool], str] | None = None
        self.on_msg(self._on_front_end)
        self.observe(self._clear_note, names="value")
        self.observe(self._on_width, names="width")
        self.observe(self._on_large, names="large")

    @property
    def compact(self) -> bool:
        """Whether the page is narrow (a phone): the width is known and small."""
        return 0 < self.width < COMPACT_BELOW

    def draw(self, drawing: Callable[[bool], str]) -> None:
        """Show ``drawing(compact)``, and draw it again whenever ``compact`` changes."""
        self._drawing = drawing
        self.value = drawing(self.compact)

    @property
    def tile_size(self) -> int:
        """The size to draw a table's dominoes at: larger in a compact table when the
        page's "Large dominoes" is on."""
        return LARGE_TILE_SIZE if self.large and self.compact else TILE_SIZE

    def _on_width(self, change: Any) -> None:
        was = 0 < change["old"] < COMPACT_BELOW
        if self._drawing is not None and was != self.compact:
            self.value = self._drawing(self.compact)

    def _on_large(self, _change: Any) -> None:
        if self._drawing is not None and self.compact:
            self.value = self._drawing(self.compact)

    @property
    def buttons(self) -> list[TableButton]:
        """The dominoes the picture shows as buttons, in order (for tests and tools)."""
        return [
            TableButton(d, html.unescape(label), legal == "true")
            for d, legal, label in _BUTTON.findall(self.value)
        ]

    def show_frames(self, frames: list[dict[str, str]]) -> None:
        """Send the steps since the last picture (each shown ``pause_ms`` apart); set
        with the new ``value`` in one message (:meth:`hold_sync`) so they arrive together."""
        self.frames = frames
        self.serial += 1

    def _clear_note(self, _change: Any) -> None:
        self.note = ""

    def _on_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, content: Any) -> None:
        """A message from the front end: ``{"play": "6-4"}`` plays; ``{"bid": ...}``,
        ``{"contract": ...}`` and ``{"tap": ...}`` go to ``on_action``; anything else is
        ignored (a page can send only what the script sends, but never trust it)."""
        if not isinstance(content, dict):
            return
        kind = next((k for k in ("play", "bid", "contract", "tap") if k in content), "")
        value = content.get(kind)
        if not isinstance(value, str):
            return
        if kind != "play" and self.on_action is None:
            return
        if kind == "tap":
            self._act(kind, value)
            return
        seen = content.get("answered")
        try:
            if seen is None or seen == self.answered:  # (None: a caller without a page)
                self._act(kind, value)
            # else: sent from an older picture (a double click): its move is made already.
        finally:
            self.answered += 1

    def _act(self, kind: str, value: str) -> None:
        ex = self.explorer
        if ex is not None:
            ex.last_error = None
            said, said_kind = ex.message, ex.message_kind
        if kind == "play":
            self.on_play(value[:8])
        else:
            assert self.on_action is not None
            self.on_action(kind, value[:40])  # a bid or contract name is short
        if ex is not None and ex.last_error is not None:
            # Refused: say why once, by the table (read out), and leave the explorer's
            # message line as it was: the instruction the learner still has to follow.
            self.note = ex.message
            ex.show_message(said, kind=said_kind)


__all__ = ["COMPACT_BELOW", "TableButton", "TableWidget"]
