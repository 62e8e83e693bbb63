"""Where a deal comes from: a hand number, a deal code or dominoes typed in, as one
row of controls (:class:`DealSource`)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..deals import STANDARD_LAYOUT, Deal, Layout, code_length
from ..errors import NotationError
from ._controls import button, toggles


class DealSource:
    """Three ways to give a deal, as one row of controls.

    ``deal()`` reads the chosen one and raises :class:`texas42.NotationError` with
    a message for the learner when the input is wrong.
    """

    MODES = (("Hand number", "seed"), ("Deal code", "code"), ("Type the hands", "typed"))

    def __init__(self, seed: int = 1) -> None:
        self.mode = toggles("Deal from:", self.MODES, "seed")
        self.seed = W.BoundedIntText(
            value=seed,
            min=0,
            max=10**9,
            description="Hand number:",
            style={"description_width": "initial"},
            layout=W.Layout(width="14em"),
        )
        self.code = W.Text(
            description="Deal code:",
            placeholder="like 1A2B-3C4D-5E6",
            style={"description_width": "initial"},
            layout=W.Layout(width="18em"),
        )
        self.typed = W.Textarea(
            description="Hands:",
            placeholder="one line per seat, seat 0 first:\n6-6 6-5 6-4 ...",
            layout=W.Layout(width="30em", height="7em"),
        )
        self.load_button = button("Deal", "shake (or read) the dominoes and start")
        self.box = W.VBox([W.HBox([self.mode, self.load_button]), self.seed])
        #: The input fields, displayed one at a time.
        self.fields = [self.seed, self.code, self.typed]
        self.mode.observe(self._on_mode, names="value")

    def _on_mode(self, change: Any) -> None:
        field = {"seed": self.seed, "code": self.code, "typed": self.typed}[change["new"]]
        self.box.children = [self.box.children[0], field]

    def deal(self, layout: Layout = STANDARD_LAYOUT) -> Deal:
        """The deal asked for, of the table ``layout`` (42's four hands by default)."""
        mode = self.mode.value
        if mode == "seed":
            return Deal.from_seed(int(self.seed.value), layout)
        if mode == "code":
            text = str(self.code.value).strip()
            if not text:
                raise NotationError(f"type a deal code first ({code_length(layout.sizes)} "
                                    "characters)", rule="deal-code")
            return Deal.from_code(text, layout)
        lines = [ln for ln in str(self.typed.value).splitlines() if ln.strip()]
        parts = len(layout.sizes)
        if len(lines) != parts:
            raise NotationError(
                f"type {_lines(layout)}; there {'is' if len(lines) == 1 else 'are'} "
                f"{len(lines)}",
                rule="deal",
            )
        hands = [ln.split(":", 1)[1] if ":" in ln else ln for ln in lines]
        return Deal(hands, layout)

    def show_table(self, layout: Layout = STANDARD_LAYOUT) -> None:
        """The deal code and typed hands say what a deal of this table looks like."""
        # A real code of the table (computed, so it always reads back).
        self.code.placeholder = f"like {Deal.from_seed(0, layout).code}"
        self.typed.placeholder = _lines(layout) + ":\n6-6 6-5 6-4 ..."

    def describe(self, deal: Deal) -> str:
        """Where ``deal`` came from, its code said once, as the engine writes it (never
        the text as typed: ``37td hckt s09`` is deal code ``37TD-HCKT-S09``)."""
        if self.mode.value == "code":
            return f"deal code {deal.code}"
        where = f"hand number {self.seed.value}" if self.mode.value == "seed" else (
            "the hands typed in")
        return f"{where} (deal code {deal.code})"


def _lines(layout: Layout) -> str:
    """What to type for a deal of ``layout``: a line per seat, then the widow, the aside."""
    n = layout.seats
    words = ["one line per seat (seat 0 first)"]
    extra = [f"the widow ({layout.widow})" if layout.widow else "",
             f"the dominoes laid aside ({layout.aside})" if layout.aside else ""]
    extra = [x for x in extra if x]
    head = f"{len(layout.sizes)} lines: " if extra or n != 4 else "four lines, "
    text = head + words[0] + f", each with {layout.hand_size} dominoes"
    return text + (", then " + " and ".join(extra) if extra else "")
