"""Explorer 3, counting: the five count dominoes and their values; add up the
points of any set of tricks of a hand played out (from a hand number, a deal code or
the hands typed in); see why a hand holds 42 points."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..analysis.players import RuleBasedPlayer, play_hand
from ..deals import Deal
from ..dominoes import COUNT_DOMINOES, DOMINOES
from ..hand import Hand, Trick
from ..rules import STANDARD
from ..tricks import trick_points
from ._base import Explorer, safe
from ._controls import button, html_box
from ._deals import DealSource
from ._html import p, page
from ._pictures import row, trick_pic

#: Play every trick (no early end), so all 42 points are on the table.
PLAY_OUT = STANDARD.replace(early_end=False)


#: Who shakes a deal given by its code or typed in: seat 3, so seat 0 bids first (as in
#: the book's example deals).
CODE_SHAKER = 3


def played_hand(seed: int | Deal, shaker: int | None = None) -> Hand:
    """A whole hand, shaken from ``seed`` (or the deal given), bid and played to the
    last trick by the rule-based players (fast and always the same for the same deal).
    The shaker: ``seed % 4`` for a hand number, else :data:`CODE_SHAKER`."""
    deal = seed if isinstance(seed, Deal) else Deal.from_seed(seed)
    if shaker is None:
        shaker = CODE_SHAKER if isinstance(seed, Deal) else seed % 4
    hand = Hand(deal, shaker=shaker, rules=PLAY_OUT)
    play_hand(hand, [RuleBasedPlayer()] * 4)
    return hand


def trick_sum(trick: Trick | list[Any]) -> str:
    """``"1 for the trick + 10 (6-4) + 5 (5-0) = 16"``."""
    plays = trick.plays if isinstance(trick, Trick) else trick
    parts = ["1 for the trick"] + [f"{d.count} ({d})" for d in plays if d.count]
    return " + ".join(parts) + f" = {trick_points(plays)}"


class CountExplorer(Explorer):
    """Count dominoes, and the points of any set of tricks of a played hand.

    >>> ex = CountExplorer(seed=1)
    >>> ex.all_button.click(); ex.state["total"]
    42
    """

    title = "Counting"

    def __init__(self, seed: int = 1) -> None:
        super().__init__()
        # A hand number, a deal code or the hands typed in (the bidding, replay and play
        # explorers' row): a hand number deals at once, the others with Deal.
        self.source = DealSource(1)
        self.seed_box = self.source.seed
        self.new_button = button("New hand", "shake and play another hand")
        self.all_button = button("All 7 tricks", "choose every trick")
        self.none_button = button("No tricks", "clear the choice")
        self.team_buttons = [
            button("Tricks of seats 0+2", "the tricks the team of seats 0 and 2 won"),
            button("Tricks of seats 1+3", "the tricks the team of seats 1 and 3 won"),
        ]
        self.trick_toggles = [
            W.ToggleButton(
                description=f"Count trick {i + 1}",
                tooltip=f"add trick {i + 1} to the total",
                layout=W.Layout(width="11em", height="2.4em"),
            )
            for i in range(7)
        ]
        for t in self.trick_toggles:
            t.style.font_size = "15px"
        self.count_box = html_box()
        self.why42 = html_box()
        self.trick_boxes = [html_box() for _ in range(7)]
        self.total_box = html_box()
        self.seed_box.observe(self._on_seed, names="value")
        self.new_button.on_click(self._on_new)
        self.source.load_button.on_click(self._on_load)
        self.all_button.on_click(self._on_all)
        self.none_button.on_click(self._on_none)
        self.team_buttons[0].on_click(self._on_team0)
        self.team_buttons[1].on_click(self._on_team1)
        for t in self.trick_toggles:
            t.observe(self._on_toggle, names="value")
        trick_rows = [
            W.HBox([t, b]) for t, b in zip(self.trick_toggles, self.trick_boxes, strict=True)
        ]
        self.ui = W.VBox(
            [
                self.count_box,
                self.why42,
                W.HBox([self.source.box, self.new_button]),
                W.HBox([self.all_button, self.none_button, *self.team_buttons]),
                self.message_box,
                self.total_box,
                *trick_rows,
            ]
        )
        self.ui.add_class("t42-count")
        self.extra = [*self.source.fields]
        self.hand: Hand | None = None
        self._busy = False
        self._draw_static()
        self._load(seed)

    def _draw_static(self) -> None:
        self.count_box.value = page(
            p(
                "Five dominoes are worth points, called count: the two whose pips add up to "
                "10 are worth 10, the three whose pips add up to 5 are worth 5. Every other "
                "domino is worth nothing by itself."
            ),
            row(
                list(COUNT_DOMINOES),
                captions={d: f"= {d.count} points" for d in COUNT_DOMINOES},
                show_count=True,
                label="The count dominoes",
            ),
        )
        count = sum(d.count for d in DOMINOES)
        self.why42.value = page(
            p(
                f"Why 42? Each of the 7 tricks is worth 1 point (7 points), and the count adds "
                f"{' + '.join(str(d.count) for d in COUNT_DOMINOES)} = {count}: 7 + {count} = "
                f"{7 + count} points in every hand."
            )
        )

    @safe
    def _load(self, seed: int) -> None:
        self._show(played_hand(int(seed)), seed)

    @safe
    def _on_load(self, _b: Any = None) -> None:
        """Deal from the deal row (a bad code is refused here, and nothing changes)."""
        deal = self.source.deal()
        if self.source.mode.value == "seed":
            self._load(int(self.seed_box.value))
        else:
            self._show(played_hand(deal))
        self.show_message(
            f"Dealt {self.source.describe(deal)}; seat {self.hand_shaker} shook, and the "
            f"computer players bid and played every trick. " + self.message
        )

    @property
    def hand_shaker(self) -> int:
        assert self.hand is not None
        return self.hand.shaker

    def _show(self, hand: Hand, seed: int | None = None) -> None:
        """Show the tricks of ``hand`` (from hand number ``seed``, when it is one)."""
        self.hand = hand
        self._busy = True
        try:
            if seed is not None and self.seed_box.value != seed:
                self.seed_box.value = seed
            for t in self.trick_toggles:
                t.value = False
        finally:
            self._busy = False
        assert self.hand.contract is not None
        for i, trick in enumerate(self.hand.tricks):
            w = trick.winner
            assert w is not None
            self.trick_boxes[i].value = page(
                trick_pic(
                    trick.plays,
                    trick.leader,
                    self.hand.contract,
                    winner=(w - trick.leader) % 4,
                    size=34,
                ),
                p(
                    f"Trick {i + 1}, won by seats {'0+2' if w % 2 == 0 else '1+3'} "
                    f"(seat {w}): {trick_sum(trick)} point{'s' if trick.points != 1 else ''}."
                ),
            )
        self.render()

    @property
    def chosen(self) -> list[int]:
        """Indexes (0..6) of the chosen tricks."""
        return [i for i, t in enumerate(self.trick_toggles) if t.value]

    def _choose(self, indexes: list[int]) -> None:
        self._busy = True
        try:
            for i, t in enumerate(self.trick_toggles):
                t.value = i in indexes
        finally:
            self._busy = False
        self.render()

    @safe
    def _on_seed(self, change: Any) -> None:
        if not self._busy:
            self._load(int(change["new"]))

    @safe
    def _on_new(self, _b: Any = None) -> None:
        self.source.mode.value = "seed"  # the next hand number, whatever was shown
        self._load(int(self.seed_box.value) + 1)

    @safe
    def _on_all(self, _b: Any = None) -> None:
        self._choose(list(range(7)))

    @safe
    def _on_none(self, _b: Any = None) -> None:
        self._choose([])

    def _team(self, team: int) -> None:
        assert self.hand is not None
        self._choose(
            [
                i
                for i, t in enumerate(self.hand.tricks)
                if t.winner is not None and t.winner % 2 == team
            ]
        )

    @safe
    def _on_team0(self, _b: Any = None) -> None:
        self._team(0)

    @safe
    def _on_team1(self, _b: Any = None) -> None:
        self._team(1)

    @safe
    def _on_toggle(self, _change: Any = None) -> None:
        if not self._busy:
            self.render()

    @property
    def total(self) -> int:
        assert self.hand is not None
        return sum(self.hand.tricks[i].points for i in self.chosen)

    @property
    def state(self) -> dict[str, Any]:
        tricks = self.hand.tricks if self.hand else []
        return {
            "seed": int(self.seed_box.value),
            "code": self.hand.deal.code if self.hand else None,
            "contract": str(self.hand.contract) if self.hand else None,
            "tricks": [[str(d) for d in t.plays] for t in tricks],
            "chosen": self.chosen,
            "total": self.total if self.hand else 0,
            "message": self.message,
        }

    def render(self) -> None:
        assert self.hand is not None
        chosen = self.chosen
        tricks = [self.hand.tricks[i] for i in chosen]
        counters = [d for t in tricks for d in t.plays if d.count]
        total = self.total
        if not chosen:
            text = "No trick chosen: 0 points. Press a 'Count trick' button to add a trick."
        else:
            names = ", ".join(str(i + 1) for i in chosen)
            count_words = " + ".join(f"{d.count} ({d})" for d in counters) or "no count"
            plural = "s" if len(chosen) > 1 else ""
            text = (
                f"Trick{plural} {names}: {len(chosen)} trick{plural} = {len(chosen)} "
                f"point{plural}, plus count {count_words}: {total} points."
            )
            if len(chosen) == 7:
                text += " All seven tricks hold all 42 points."
        self.total_box.value = page(
            p(f"Contract: {self.hand.contract}. {self.hand.status()}"),
        )
        self.show_message(text, kind="good" if total == 42 else "info")
