"""Explorer 4, tricks: pick a contract and a leader, then play seat by seat.
Illegal plays are refused with the rule in words; the winner and the points
are shown and explained."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoSet
from ..errors import IllegalPlayError
from ..tricks import (
    explain_play,
    explain_winner,
    led_suit,
    legal_plays,
    trick_points,
    trick_winner,
)
from ._common import (
    SEAT_NAMES,
    ButtonRow,
    Explorer,
    button,
    contract_options,
    dropdown,
    html_box,
    p,
    page,
    points,
    row,
    safe,
    seat_label,
    suit_words,
    trick_pic,
)
from .count_explorer import trick_sum

#: Contracts of four-player tricks (nello's tricks have three dominoes).
TRICK_CONTRACTS = [k for k in contract_options() if not k[1].startswith("nello")]


class TrickExplorer(Explorer):
    """Play tricks seat by seat from a shaken deal; illegal plays are refused.

    >>> ex = TrickExplorer(contract="fives", seed=1)
    >>> ex.try_play(ex.state["legal"][0]), len(ex.state["trick"])
    (True, 1)
    """

    title = "Tricks"

    def __init__(self, contract: str = "fives", seed: int = 1, leader: int = 0) -> None:
        super().__init__()
        self.contract_picker = dropdown("Contract:", TRICK_CONTRACTS, "fives")
        self.seed_box = W.BoundedIntText(
            value=1,
            min=0,
            max=10**9,
            description="Hand number:",
            style={"description_width": "initial"},
            layout=W.Layout(width="14em"),
        )
        self.leader_picker = dropdown(
            "First leader:", [(seat_label(s), s) for s in range(4)], 0, width="20em"
        )
        self.show_legal = W.Checkbox(
            value=True,
            description="Mark the dominoes that may be played",
            indent=False,
            layout=W.Layout(width="auto"),
        )
        self.hand_row = ButtonRow(7, self._button_click)
        self.domino_buttons = self.hand_row.box
        self.typed = W.Text(
            placeholder="or type one, e.g. 6-4",
            description="Play:",
            continuous_update=False,
            layout=W.Layout(width="17em"),
        )
        self.undo_button = button("↶ Undo", "take back the last domino")
        self.clear_button = button("Start over", "all hands back, first trick")
        self.table = html_box()
        self.trick_box = html_box()
        self.why_box = html_box()
        self.contract_picker.observe(self._on_restart, names="value")
        self.leader_picker.observe(self._on_restart, names="value")
        self.seed_box.observe(self._on_reset, names="value")
        self.show_legal.observe(self._on_redraw, names="value")
        self.typed.observe(self._on_typed, names="value")
        self.undo_button.on_click(self._on_undo)
        self.clear_button.on_click(self._on_restart)
        self.ui = W.VBox(
            [
                W.HBox([self.contract_picker, self.leader_picker]),
                W.HBox([self.seed_box, self.show_legal]),
                self.message_box,
                self.domino_buttons,
                W.HBox([self.typed, self.undo_button, self.clear_button]),
                W.HBox([self.trick_box, self.why_box]),
                self.table,
            ]
        )
        self.ui.add_class("t42-tricks")
        self.deal = Deal.from_seed(1)
        self.moves: list[Domino] = []
        self.notes: list[str] = []
        self._busy = False
        self._start(contract, seed, leader)

    @safe
    def _start(self, contract: str, seed: int, leader: int) -> None:
        self._busy = True
        try:
            self.contract_picker.value = str(Contract.parse(contract))
            self.seed_box.value = seed
            self.leader_picker.value = leader
        finally:
            self._busy = False
        self._reset()

    # -- the position, rebuilt from the moves ---------------------------------------------------
    @property
    def contract(self) -> Contract:
        return Contract.parse(self.contract_picker.value)

    def _position(self) -> tuple[list[int], list[tuple[int, list[Domino]]], int, list[Domino]]:
        """(holdings, finished tricks as (leader, plays), leader now, current trick)."""
        holdings = list(self.deal.masks)
        leader = int(self.leader_picker.value)
        done: list[tuple[int, list[Domino]]] = []
        trick: list[Domino] = []
        for d in self.moves:
            seat = (leader + len(trick)) % 4
            holdings[seat] &= ~(1 << d.index)
            trick.append(d)
            if len(trick) == 4:
                done.append((leader, trick))
                leader = (leader + trick_winner(trick, self.contract)) % 4
                trick = []
        return holdings, done, leader, trick

    @property
    def to_play(self) -> int | None:
        holdings, _, leader, trick = self._position()
        seat = (leader + len(trick)) % 4
        return seat if holdings[seat] else None

    # -- actions -----------------------------------------------------------------------------
    def try_play(self, domino: str | Domino) -> bool:
        """Play ``domino`` for the seat to play; refused (with the reason) if illegal."""
        return bool(self._play(domino))

    @safe
    def _play(self, domino: str | Domino) -> bool:
        d = Domino.parse(domino) if isinstance(domino, str) else domino
        holdings, _, leader, trick = self._position()
        seat = (leader + len(trick)) % 4
        if not holdings[seat]:
            raise IllegalPlayError(
                "every domino has been played: press Start over", rule="hand-over"
            )
        held = DominoSet(holdings[seat])
        if d not in held:
            owner = self.deal.holder(d)
            where = "was already played" if d in self.moves else f"is in {SEAT_NAMES[owner]}'s hand"
            raise IllegalPlayError(
                f"{SEAT_NAMES[seat]} does not hold {d}: it {where}. "
                f"{SEAT_NAMES[seat]} holds {held}.",
                rule="not-held",
            )
        if d not in legal_plays(held, trick, self.contract):
            raise IllegalPlayError(
                f"Refused: {SEAT_NAMES[seat]} may not play {d}. "
                + explain_play(d, held, trick, self.contract),
                rule="follow-suit",
            )
        note = f"{SEAT_NAMES[seat]} plays {d}: " + explain_play(d, held, trick, self.contract)
        self.moves.append(d)
        self.notes.append(note)
        self.render()
        return True

    @safe
    def _on_typed(self, change: Any) -> None:
        text = str(change["new"]).strip()
        if text:
            self._play(text)
            self.typed.value = ""

    def _button_click(self, b: W.Button) -> None:
        self._play(str(b.description).split()[0])

    @safe
    def _on_undo(self, _b: Any = None) -> None:
        if not self.moves:
            self.show_message("Nothing to undo: no domino has been played.", kind="warn")
            return
        d = self.moves.pop()
        self.notes.pop()
        self.render()
        self.show_message(f"Took back {d}.")

    @safe
    def _on_reset(self, _change: Any = None) -> None:
        if not self._busy:
            self._reset()

    @safe
    def _on_restart(self, _change: Any = None) -> None:
        """Same dominoes, every domino back in hand."""
        if not self._busy:
            self.moves = []
            self.notes = []
            self.render()

    @safe
    def set_deal(self, deal: Deal | str) -> None:
        """Play tricks from ``deal`` (a :class:`~texas42.Deal` or a deal code)."""
        self.deal = deal if isinstance(deal, Deal) else Deal.from_code(deal)
        self.moves = []
        self.notes = []
        self.render()
        self.show_message(f"Deal {self.deal.code}: " + self.message)

    def _reset(self) -> None:
        self.deal = Deal.from_seed(int(self.seed_box.value))
        self.moves = []
        self.notes = []
        self.render()

    @safe
    def _on_redraw(self, _change: Any = None) -> None:
        self.render()

    # -- state -------------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        holdings, done, leader, trick = self._position()
        seat = self.to_play
        shown = trick or (done[-1][1] if done and not trick else [])
        winner = None
        if len(shown) == 4:
            lead_seat = done[-1][0]
            winner = (lead_seat + trick_winner(shown, self.contract)) % 4
        legal = (
            [str(d) for d in legal_plays(DominoSet(holdings[seat]), trick, self.contract)]
            if seat is not None
            else []
        )
        return {
            "contract": str(self.contract),
            "seed": int(self.seed_box.value),
            "leader": leader if trick or not done else done[-1][0],
            "trick": [str(d) for d in shown],
            "to_play": seat,
            "legal": legal,
            "winner": winner,
            "points": trick_points(shown) if len(shown) == 4 else None,
            "tricks_done": len(done),
            "message": self.message,
        }

    # -- drawing -----------------------------------------------------------------------------
    def render(self) -> None:
        c = self.contract
        holdings, done, leader, trick = self._position()
        seat = (leader + len(trick)) % 4
        held = DominoSet(holdings[seat])
        legal = set(legal_plays(held, trick, c)) if held else set()
        items = []
        for d in held:
            mark = "" if not self.show_legal.value else (" ✓" if d in legal else " ✗")
            style = "info" if self.show_legal.value and d in legal else ""
            items.append((f"{d}{mark}", f"{SEAT_NAMES[seat]} plays {d}", style))
        self.hand_row.show(
            f'<b style="font-size:1.05em">{SEAT_NAMES[seat]} plays:</b>'
            if items
            else "<b>Every domino has been played.</b>",
            items,
        )
        # The trick on the table: the one in progress, or the last one finished.
        if trick:
            shown, shown_leader, winner_pos = trick, leader, None
            if len(trick) >= 1:
                winner_pos = trick_winner(trick, c)
        elif done:
            shown_leader, shown = done[-1]
            winner_pos = trick_winner(shown, c)
        else:
            shown, shown_leader, winner_pos = [], leader, None
        finished = len(shown) == 4
        self.trick_box.value = page(
            p(f"Trick {len(done) + (0 if finished and not trick else 1)}:"),
            trick_pic(shown, shown_leader, c, winner_pos if finished else None),
        )
        why = [p(n) for n in self.notes[-len(shown) :]] if shown else []
        if finished:
            w = (shown_leader + trick_winner(shown, c)) % 4
            why.append(
                p(
                    f"{explain_winner(shown, c)} {SEAT_NAMES[w]} takes the trick: "
                    f"{trick_sum(shown)} points, and leads next."
                )
            )
        elif len(shown) == 1:
            suit = suit_words(led_suit(shown[0], c), c)
            why.append(p(f"So far: {shown[0]} was led; the others must follow {suit} if they can."))
        elif shown:
            why.append(p(f"So far: {explain_winner(shown, c).replace(' wins:', ' is winning:')}"))
        self.why_box.value = page(*why)
        sections = []
        for s in range(4):
            mine = DominoSet(holdings[s])
            hl: dict[Domino, str] = {}
            if s == seat and self.show_legal.value:
                hl = {d: ("legal" if d in legal else "illegal") for d in mine}
            sections.append(
                row(
                    list(mine),
                    highlight=hl,
                    size=30,
                    label=seat_label(s) + (" — to play" if s == seat and held else ""),
                )
            )
        taken = [0, 0]
        for lead_seat, plays in done:
            taken[(lead_seat + trick_winner(plays, c)) % 4 % 2] += trick_points(plays)
        sections.append(p(f"Points taken: seats 0+2 {taken[0]}, seats 1+3 {taken[1]}."))
        self.table.value = page(*sections)
        if not held:
            self.show_message(
                f"All seven tricks played: seats 0+2 took {taken[0]}, seats 1+3 {taken[1]} "
                "(42 in all).",
                kind="good",
            )
        elif finished and not trick:
            w = (shown_leader + trick_winner(shown, c)) % 4
            self.show_message(
                f"{explain_winner(shown, c)} {SEAT_NAMES[w]} wins {points(trick_points(shown))} "
                f"and leads the next trick.",
                kind="good",
            )
        elif not trick:
            self.show_message(f"{SEAT_NAMES[seat]} leads: any domino may be led.")
        else:
            follow = "must follow suit if possible"
            self.show_message(f"{SEAT_NAMES[seat]} to play ({follow}).")
