"""Explorer 2, trump ranking: pick a contract; see the trump suit and every
other suit ranked high to low; place the doubles high, low or in their own suit
where the rules profile allows it."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..contracts import Contract, Suit
from ..dominoes import NUMBER_NAMES, SUIT_NAMES, Domino
from ..rules import PRESETS, STANDARD, Rules
from ..tricks import suit_dominoes
from ._common import Explorer, dropdown, html_box, p, page, row, safe, suit_words, toggles
from .suits_explorer import suit_order

#: Every option a table might play: all three places of doubles in follow-me.
HOUSE = STANDARD.replace(follow_me_doubles=("high", "low", "own-suit"))
RULES_CHOICES: dict[str, Rules] = {
    **{f"{name} preset": r for name, r in PRESETS.items()},
    "every option (house rules)": HOUSE,
}
KINDS = (("A number", "trumps"), ("Doubles", "doubles"), ("Follow-me (no trumps)", "follow-me"))
PLACES = {"high": "Doubles high", "low": "Doubles low", "own-suit": "Doubles their own suit"}
PLACE_WORDS = {
    "high": "each double is the highest domino of its suit (6-6 tops the sixes)",
    "low": "each double is the lowest domino of its suit (6-6 is below 6-0)",
    "own-suit": "the doubles are a suit of their own, 6-6 highest; 6-6 is not a six",
}


class TrumpsExplorer(Explorer):
    """Pick what is trumps: the trump suit first, then every other suit high to low.

    >>> ex = TrumpsExplorer()
    >>> ex.kind_picker.value = "trumps"; ex.number_picker.value = 5
    >>> ex.state["trumps"][:3]
    ['5-5', '6-5', '5-4']
    """

    title = "Trump ranking"

    def __init__(self, rules: str = "standard preset") -> None:
        super().__init__()
        self.rules_picker = dropdown("Rules:", list(RULES_CHOICES), "standard preset", width="24em")
        self.kind_picker = toggles("Trumps are:", KINDS, "trumps")
        self.number_picker = toggles(
            "Trump number:", [(SUIT_NAMES[n], n) for n in range(6, -1, -1)], 6
        )
        self.place_picker = toggles("Follow-me:", [(PLACES["high"], "high")], "high")
        self.summary = html_box()
        self.table = html_box()
        for w in (self.rules_picker, self.kind_picker, self.number_picker, self.place_picker):
            w.observe(self._on_change, names="value")
        self.ui = W.VBox(
            [
                self.rules_picker,
                self.kind_picker,
                self.number_picker,
                self.place_picker,
                self.message_box,
                self.summary,
                self.table,
            ]
        )
        self.ui.add_class("t42-trumps")
        self._trumps: list[str] = []
        self._suits: dict[str, list[str]] = {}
        self._busy = False
        self._start(rules)

    @safe
    def _start(self, rules: str) -> None:
        if rules not in RULES_CHOICES:
            rules = f"{rules} preset"
        self.rules_picker.value = rules if rules in RULES_CHOICES else "standard preset"
        self._sync_options()
        self.render()

    @property
    def rules(self) -> Rules:
        return RULES_CHOICES[self.rules_picker.value]

    @property
    def contract(self) -> Contract:
        kind = self.kind_picker.value
        if kind == "trumps":
            return Contract.suit(int(self.number_picker.value))
        if kind == "doubles":
            return Contract("doubles")
        return Contract("follow-me", None, self.place_picker.value)

    def _sync_options(self) -> None:
        """Offer only what the rules profile allows."""
        self._busy = True
        try:
            rules = self.rules
            kinds = [k for k in KINDS if k[1] != "doubles" or rules.doubles_trump]
            if not rules.follow_me_doubles:
                kinds = [k for k in kinds if k[1] != "follow-me"]
            if tuple(self.kind_picker.options) != tuple(kinds):
                keep = self.kind_picker.value
                self.kind_picker.options = kinds
                self.kind_picker.value = keep if keep in [v for _, v in kinds] else "trumps"
            places = [(PLACES[x], x) for x in rules.follow_me_doubles] or [(PLACES["high"], "high")]
            if tuple(self.place_picker.options) != tuple(places):
                keep = self.place_picker.value
                self.place_picker.options = places
                values = [v for _, v in places]
                self.place_picker.value = keep if keep in values else values[0]
            self.number_picker.disabled = self.kind_picker.value != "trumps"
            self.place_picker.disabled = self.kind_picker.value != "follow-me"
        finally:
            self._busy = False

    @safe
    def _on_change(self, _change: Any = None) -> None:
        if self._busy:
            return
        self._sync_options()
        self.render()

    @property
    def state(self) -> dict[str, Any]:
        return {
            "rules": self.rules.name,
            "contract": str(self.contract),
            "trumps": list(self._trumps),
            "suits": {k: list(v) for k, v in self._suits.items()},
            "places": [v for _, v in self.place_picker.options],
            "message": self.message,
        }

    def render(self) -> None:
        c, rules = self.contract, self.rules
        self._trumps = [str(d) for d in suit_dominoes(Suit.TRUMPS, c)] if c.has_trumps else []
        lines = [p(c.describe())]
        if c.kind == "trumps":
            n = c.trump
            assert n is not None
            other = 6 if n != 6 else 5
            example = Domino(n, other)
            lines.append(
                p(
                    f"Every domino with a {NUMBER_NAMES[n]} is a trump: {len(self._trumps)} "
                    f"trumps. A trump leaves its other suit: {example} is a trump, not a "
                    f"{NUMBER_NAMES[other]}, so each other number suit has 6 dominoes."
                )
            )
        elif c.kind == "doubles":
            lines.append(
                p(
                    "The seven doubles are trumps, 6-6 down to 0-0. Every other domino belongs "
                    "to the suits of both its numbers; each number suit has 6 dominoes."
                )
            )
        else:
            lines.append(p(f"No trumps: {PLACE_WORDS[c.doubles]}."))
        if c.kind == "follow-me" and len(rules.follow_me_doubles) < 3:
            lines.append(
                p(
                    f"The {rules.name} rules place doubles only "
                    f"{' or '.join(rules.follow_me_doubles) or 'high'} in follow-me; choose "
                    "'every option (house rules)' to see the other places."
                )
            )
        self.summary.value = page(*lines)
        sections = []
        self._suits = {}
        for s in suit_order(c):
            members = suit_dominoes(s, c)
            self._suits[Suit(s).label] = [str(d) for d in members]
            name = suit_words(s, c)
            label = (
                f"Trumps ({c.trump_label}): they beat every other suit, highest first"
                if s == Suit.TRUMPS
                else f"{name.capitalize()}, highest first"
            )
            hl = {d: "winner" for d in members[:1]}
            sections.append(
                row(
                    members,
                    highlight=hl,
                    size=40,
                    label=label,
                    captions={members[0]: "(top)"} if members else None,
                )
            )
        self.table.value = page(*sections)
        top = self._trumps[0] if self._trumps else None
        if top:
            text = f"{c.trump_label.capitalize()} are trumps: {top} is the highest trump."
        else:
            text = "No trumps: the highest domino of the suit led wins the trick."
        self.show_message(text)
