"""Explorer 2, trump ranking: pick a contract; see the trump suit and every
other suit ranked high to low; place the doubles high, low or in their own suit
where the rules profile allows it; under house rules, nello's four places of
doubles and sevens' order by distance from 7."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..contracts import Contract, DoublesMode, Suit
from ..dominoes import DOMINOES, NUMBER_NAMES, SUIT_NAMES, Domino
from ..rules import Rules
from ..tricks import suit_dominoes
from ._base import Explorer, safe
from ._controls import html_box, toggles
from ._html import p, page, suit_words
from ._pickers import HOUSE, RulesPicker, rules_choices
from ._pictures import row
from .suits_explorer import suit_order

#: The profiles offered, by dropdown value (every preset, Moon too, and every option).
RULES_CHOICES: dict[str, Rules] = rules_choices(players=None)
KINDS = (
    ("A number", "trumps"),
    ("Doubles", "doubles"),
    ("Follow-me (no trumps)", "follow-me"),
    ("Nello (no trumps)", "nello"),
    ("Sevens", "sevens"),
)
PLACES = {
    "high": "Doubles high",
    "low": "Doubles low",
    "own-suit": "Doubles their own suit",
    "own-suit-low": "Doubles their own suit, 0-0 high",
}
PLACE_WORDS = {
    "high": "each double is the highest domino of its suit (6-6 tops the sixes)",
    "low": "each double is the lowest domino of its suit (6-6 is below 6-0)",
    "own-suit": "the doubles are a suit of their own, 6-6 highest; 6-6 is not a six",
    "own-suit-low": "the doubles are a suit of their own, 0-0 highest and 6-6 lowest",
}
__all__ = ["HOUSE", "KINDS", "PLACES", "RULES_CHOICES", "TrumpsExplorer"]


def sevens_groups() -> list[tuple[int, list[Domino]]]:
    """Sevens: the dominoes by how far their pips are from 7 (0 first)."""
    groups: dict[int, list[Domino]] = {}
    for d in DOMINOES:
        groups.setdefault(abs(d.pips - 7), []).append(d)
    return [(k, sorted(v, key=lambda d: d.display)) for k, v in sorted(groups.items())]


class TrumpsExplorer(Explorer):
    """Pick what is trumps: the trump suit first, then every other suit high to low.

    >>> ex = TrumpsExplorer()
    >>> ex.kind_picker.value = "trumps"; ex.number_picker.value = 5
    >>> ex.state["trumps"][:3]
    ['5-5', '6-5', '5-4']
    """

    title = "Trump ranking"

    def __init__(self, rules: Rules | str = "standard") -> None:
        super().__init__()
        self.rules_choice = RulesPicker(rules, players=None)
        self.rules_picker = self.rules_choice.dropdown
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
        self._start()

    @safe
    def _start(self) -> None:
        self._sync_options()
        self.render()

    @property
    def rules(self) -> Rules:
        return self.rules_choice.rules

    @property
    def contract(self) -> Contract:
        kind = self.kind_picker.value
        if kind == "trumps":
            return Contract.suit(int(self.number_picker.value))
        if kind in ("doubles", "sevens"):
            return Contract(kind)
        place: DoublesMode = self.place_picker.value
        return Contract(kind, None, place)

    def _kinds(self, rules: Rules) -> list[tuple[str, str]]:
        """The kinds of contract the profile plays."""
        allowed = {
            "trumps": True,
            "doubles": rules.doubles_trump,
            "follow-me": bool(rules.follow_me_doubles),
            "nello": bool(rules.nello),
            "sevens": rules.sevens,
        }
        return [k for k in KINDS if allowed[k[1]]]

    def _sync_options(self) -> None:
        """Offer only what the rules profile allows."""
        self._busy = True
        try:
            rules = self.rules
            kinds = self._kinds(rules)
            if tuple(self.kind_picker.options) != tuple(kinds):
                keep = self.kind_picker.value
                self.kind_picker.options = kinds
                self.kind_picker.value = keep if keep in [v for _, v in kinds] else "trumps"
            kind = self.kind_picker.value
            offered = rules.nello if kind == "nello" else rules.follow_me_doubles
            places = [(PLACES[x], x) for x in offered] or [(PLACES["high"], "high")]
            if tuple(self.place_picker.options) != tuple(places):
                keep = self.place_picker.value
                self.place_picker.options = places
                values = [v for _, v in places]
                self.place_picker.value = keep if keep in values else values[0]
            self.place_picker.description = "Nello:" if kind == "nello" else "Follow-me:"
            self.number_picker.disabled = kind != "trumps"
            self.place_picker.disabled = kind not in ("follow-me", "nello")
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
        elif c.kind == "sevens":
            lines.append(
                p(
                    "No trumps and no suits that matter: each player must play the domino "
                    "whose pips add up closest to 7, and the closest wins the trick (a tie "
                    + ("goes to the bidding side" if rules.sevens_tie == "bidder"
                       else "goes to the one played first")
                    + "). Below, the dominoes by distance from 7."
                )
            )
        else:
            lines.append(p(f"No trumps: {PLACE_WORDS[c.doubles]}."))
        if c.kind == "nello":
            lines.append(
                p(
                    "The bidder must lose every trick; the partner sits out, so tricks have "
                    "three dominoes."
                )
            )
        offered = rules.nello if c.kind == "nello" else rules.follow_me_doubles
        every = HOUSE.nello if c.kind == "nello" else HOUSE.follow_me_doubles
        if c.kind in ("follow-me", "nello") and len(offered) < len(every):
            lines.append(
                p(
                    f"The {rules.name} rules place doubles only "
                    f"{' or '.join(offered) or 'high'} in {c.kind}; choose "
                    "'House rules: every option at once' to see the other places."
                )
            )
        missing = [k for k in ("nello", "sevens") if k not in [v for _, v in self._kinds(rules)]]
        if missing and rules.players == 4:
            lines.append(
                p(
                    f"{' and '.join(missing).capitalize()}: house contracts the {rules.name} "
                    "rules do not play (lechner, or every option, has them)."
                )
            )
        self.summary.value = page(*lines)
        sections = []
        self._suits = {}
        if c.kind == "sevens":
            for distance, members in sevens_groups():
                key = f"{distance} from 7"
                self._suits[key] = [str(d) for d in members]
                totals = [t for t in (7 - distance, 7 + distance) if 0 <= t <= 12]
                pips = " or ".join(str(t) for t in dict.fromkeys(totals))
                pips += " pip" if totals == [1] else " pips"
                sections.append(
                    row(
                        members,
                        highlight={d: "winner" for d in members} if distance == 0 else None,
                        size=40,
                        label=f"{pips} ({distance} from 7)",
                    )
                )
            self.table.value = page(*sections)
            self.show_message("Sevens: the domino closest to 7 pips wins the trick.")
            return
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
        elif c.kind == "nello":
            text = (
                "Nello, no trumps: the highest domino of the suit led wins the trick, and the "
                "bidder wants to win none."
            )
        else:
            text = "No trumps: the highest domino of the suit led wins the trick."
        self.show_message(text)
