"""Explorer 1, suits: pick a contract and a domino; see the suit it leads, the
suits it follows, and every suit in rank order, with the reason in words."""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as W

from ..contracts import Contract, Suit
from ..dominoes import Domino
from ..rules import Rules
from ..tricks import explain_lead, led_suit, rank_in_suit, suit_dominoes, suits_of
from ._base import Explorer, safe
from ._controls import button, dropdown, html_box
from ._html import figure, p, page, suit_words
from ._pickers import (
    CONTRACT_LABELS,
    RulesPicker,
    allowed_contract_keys,
    contract_options,
    domino_options,
)
from ._pictures import domino_pic, row

#: One end typed, the other still to come ("5", "5-"): the explorer answers while the
#: learner types, so half a domino gets a hint, not an error.
_HALF_DOMINO = re.compile(r"^\s*([0-6])\s*[-:|/ ]?\s*$")

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")


def suit_order(contract: Contract) -> list[int]:
    """The suits of a contract in the order the explorers show them: trumps
    first, then sixes down to blanks, then doubles when they are a suit."""
    out = []
    for s in (Suit.TRUMPS, 6, 5, 4, 3, 2, 1, 0, Suit.DOUBLES):
        if suit_dominoes(s, contract):
            out.append(int(s))
    return out


def follow_sentence(d: Domino, contract: Contract) -> str:
    """Which suits ``d`` may follow, in words."""
    suits = suits_of(d, contract)
    if suits == [Suit.TRUMPS]:
        return (
            f"{d} is a trump, so it belongs only to the trumps: when another suit is led it does "
            f"not follow it, even if it shows that number."
        )
    if suits == [Suit.DOUBLES]:
        return f"{d} belongs only to the doubles: it follows only when a double is led."
    names = " and ".join(suit_words(s, contract) for s in sorted(suits, reverse=True))
    if len(suits) == 1:
        return f"{d} is a double, so it belongs to one suit only: {names}."
    return (
        f"{d} belongs to two suits, {names}: it may follow either when that suit is led "
        f"(but it leads only {suit_words(led_suit(d, contract), contract)})."
    )


class SuitsExplorer(Explorer):
    """Pick a contract and a domino: the suit it leads, the suits it follows, and
    every suit of the contract in rank order, the chosen domino marked.

    The contracts offered are those of the rules profile (``rules=``, a preset name,
    ``"house"`` for every option, or a :class:`~texas42.Rules`): nello, sevens and the
    other places of doubles only where the profile plays them.

    >>> ex = SuitsExplorer(contract="fives", domino="6-4")
    >>> ex.state["leads"], ex.state["follows"]
    ('sixes', ['sixes', 'fours'])
    """

    title = "Suits"

    def __init__(
        self, contract: str = "fives", domino: str = "6-4", rules: Rules | str = "standard",
        *, first_look: bool = False,
    ) -> None:
        super().__init__()
        # first_look: the first chapter's explorer, which shows only what that chapter has
        # taught (the suits and their order, nothing trumps): no contract or rules list and
        # no words of leading, trumps or house rules (issue 34).
        self.first_look = first_look
        if first_look:
            contract = "follow-me"
        self.rules_choice = RulesPicker(rules, players=None)
        self.rules_picker = self.rules_choice.dropdown
        self.contract_picker = dropdown(
            "Contract:", contract_options(allowed_contract_keys(self.rules)), "fives"
        )
        self.domino_picker = dropdown("Domino:", domino_options(), "6-4", width="16em")
        self.typed = W.Text(
            placeholder="or type one, e.g. 5-3",
            description="Type:",
            layout=W.Layout(width="14em"),
            # Answer as the learner types: nothing says to press Enter, and in the
            # browser a box that waits for Enter left "hello" without a word.
            continuous_update=True,
        )
        self.prev_button = button("◀ Previous", "the next higher domino")
        self.next_button = button("Next ▶", "the next lower domino")
        self.picture = html_box()
        self.words = html_box()
        self.table = html_box()
        self.rules_picker.observe(self._on_rules, names="value")
        self.contract_picker.observe(self._on_change, names="value")
        self.domino_picker.observe(self._on_change, names="value")
        self.typed.observe(self._on_typed, names="value")
        self.prev_button.on_click(self._on_prev)
        self.next_button.on_click(self._on_next)
        first_row = [self.domino_picker] if first_look else [self.contract_picker,
                                                              self.domino_picker]
        self.ui = W.VBox(
            [
                W.HBox(first_row),
                W.HBox([self.typed, self.prev_button, self.next_button]),
                *([] if first_look else [self.rules_picker]),
                self.message_box,
                W.HBox([self.picture, self.words]),
                self.table,
            ]
        )
        self.ui.add_class("t42-suits")
        self._leads = ""
        self._follows: list[str] = []
        self._suits: dict[str, list[str]] = {}
        self._busy = False
        self._typing = False
        self._set(contract, domino)

    @safe
    def _set(self, contract: str, domino: str) -> None:
        c = Contract.parse(contract)
        d = Domino.parse(domino)
        offered = str(c) in [v for _, v in self.contract_picker.options]
        self._busy = True
        try:
            if offered:
                self.contract_picker.value = str(c)
            self.domino_picker.value = str(d)
        finally:
            self._busy = False
        self.render()
        if not offered:
            self.show_message(
                f"{c} is not played under the {self.rules.name} rules: choose a rules profile "
                "that has it (every option has them all).",
                kind="warn",
            )

    @property
    def rules(self) -> Rules:
        return self.rules_choice.rules

    # -- callbacks --------------------------------------------------------------------------
    @safe
    def _on_rules(self, _change: Any = None) -> None:
        """Offer the contracts of the chosen profile (keep the contract if it is one)."""
        keys = allowed_contract_keys(self.rules)
        keep = self.contract_picker.value
        self._busy = True
        try:
            self.contract_picker.options = contract_options(keys)
            self.contract_picker.value = keep if keep in keys else keys[0]
        finally:
            self._busy = False
        self.render()

    @safe
    def _on_change(self, _change: Any = None) -> None:
        if self._busy:
            return
        if not self._typing and self.typed.value:
            # Chosen another way: the box no longer says what is shown (and typing the
            # same text again must answer again).
            self._typing = True
            try:
                self.typed.value = ""
            finally:
                self._typing = False
        self.render()

    @safe
    def _on_typed(self, change: Any) -> None:
        if self._typing:
            return
        text = str(change["new"]).strip()
        if not text:
            self.render()  # the box emptied: the shown domino's words, not an old error
            return
        half = _HALF_DOMINO.match(text)
        if half:
            self.show_message(f"Now type the other end too, like {half.group(1)}-3.")
            return
        d = Domino.parse(text)  # not a domino: the message says why
        self._typing = True
        try:
            if self.domino_picker.value == str(d):
                self.render()  # the same domino: its words again, after the hint
            else:
                self.domino_picker.value = str(d)  # re-renders through _on_change
        finally:
            self._typing = False

    def _step(self, by: int) -> None:
        values = [v for _, v in self.domino_picker.options]
        i = values.index(self.domino_picker.value)
        self.domino_picker.value = values[(i + by) % len(values)]

    @safe
    def _on_prev(self, _b: Any = None) -> None:
        self._step(-1)

    @safe
    def _on_next(self, _b: Any = None) -> None:
        self._step(1)

    # -- state ------------------------------------------------------------------------------
    @property
    def contract(self) -> Contract:
        return Contract.parse(self.contract_picker.value)

    @property
    def domino(self) -> Domino:
        return Domino.parse(self.domino_picker.value)

    @property
    def state(self) -> dict[str, Any]:
        return {
            "rules": self.rules.name,
            "contracts": [v for _, v in self.contract_picker.options],
            "contract": str(self.contract),
            "domino": str(self.domino),
            "leads": self._leads,
            "follows": list(self._follows),
            "suits": {k: list(v) for k, v in self._suits.items()},
            "message": self.message,
        }

    # -- drawing ------------------------------------------------------------------------------
    def render(self) -> None:
        c, d = self.contract, self.domino
        lead = led_suit(d, c)
        self._leads = lead.label if lead != Suit.TRUMPS else "trumps"
        self._follows = [Suit(s).label for s in sorted(suits_of(d, c), reverse=True)]
        self.picture.value = figure(domino_pic(d, size=72, highlight="selected"), f"{d}: {d.name}")
        if self.first_look:
            self._render_first_look(c, d)
            return
        lines = [
            p(c.describe()),
            p("Leading: " + explain_lead(d, c)),
            p("Following: " + follow_sentence(d, c)),
        ]
        if c.kind == "nello":
            lines.append(
                p(
                    "In nello the bidder's partner lays the hand aside, so each trick has three "
                    "dominoes. The suits work as in follow-me."
                )
            )
        if c.kind == "sevens":
            lines.append(
                p(
                    "In sevens the suits below still exist, but every player must play the "
                    "domino closest to 7 pips, and the closest wins the trick."
                )
            )
        self.words.value = page(*lines)
        sections = []
        self._suits = {}
        for s in suit_order(c):
            members = suit_dominoes(s, c)
            name = suit_words(s, c)
            self._suits[Suit(s).label] = [str(x) for x in members]
            place = ""
            if d in members:
                place = f" — {d} is {ORDINALS[rank_in_suit(d, s, c) - 1]} of {len(members)}"
            sections.append(
                row(
                    members,
                    highlight={d: "selected"},
                    size=40,
                    label=f"{name.capitalize()}, highest first{place}",
                )
            )
        self.table.value = page(*sections)
        follows = " and ".join(suit_words(s, c) for s in sorted(suits_of(d, c), reverse=True))
        label = CONTRACT_LABELS.get(str(c), str(c))
        self.show_message(f"{label}: {d} leads {suit_words(lead, c)} and follows {follows}.")

    def _render_first_look(self, c: Contract, d: Domino) -> None:
        """The first chapter's words: the suits a domino belongs to and its place in each
        (with nothing trumps, as that chapter shows them)."""
        mine = sorted(suits_of(d, c), reverse=True)
        names = " and the ".join(suit_words(s, c) for s in mine)
        places = [f"In the {suit_words(s, c)} it is {ORDINALS[rank_in_suit(d, s, c) - 1]} "
                  f"of 7, counting from the highest." for s in mine]
        if len(mine) == 1:
            belongs = f"{d} is a double: it shows one number only, so it belongs to one suit, "
            belongs += f"the {names}."
        else:
            belongs = f"{d} shows two numbers, so it belongs to two suits: the {names}."
        self.words.value = page(p(belongs), *(p(x) for x in places))
        sections = []
        self._suits = {}
        for s in suit_order(c):
            members = suit_dominoes(s, c)
            self._suits[Suit(s).label] = [str(x) for x in members]
            name = suit_words(s, c)
            place = (f" — {d} is {ORDINALS[rank_in_suit(d, s, c) - 1]} of {len(members)}"
                     if d in members else "")
            sections.append(row(members, highlight={d: "selected"}, size=40,
                                label=f"{name.capitalize()}, highest first{place}"))
        self.table.value = page(*sections)
        self._leads = ""
        self._follows = [Suit(s).label for s in mine]
        self.show_message(f"{d} belongs to the {names}.")
