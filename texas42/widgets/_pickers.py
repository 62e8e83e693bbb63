"""What the explorers let a learner choose: rules profiles (:class:`RulesPicker`,
:data:`HOUSE`), contracts and dominoes, with their labels for dropdowns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..contracts import Contract
from ..dominoes import DOMINOES, Domino
from ..errors import NotationError
from ..hand import allowed_contracts
from ..rules import ALL_PRESETS, PRESETS, STANDARD, Rules
from ._controls import dropdown

# Every contract a learner can pick in the explorers, by label.
CONTRACT_LABELS: dict[str, str] = {
    "sixes": "Sixes are trumps",
    "fives": "Fives are trumps",
    "fours": "Fours are trumps",
    "threes": "Threes are trumps",
    "twos": "Twos are trumps",
    "ones": "Ones are trumps",
    "blanks": "Blanks are trumps",
    "doubles": "Doubles are trumps",
    "follow-me": "Follow-me (no trumps), doubles high",
    "follow-me/doubles-low": "Follow-me, doubles low",
    "follow-me/doubles-own-suit": "Follow-me, doubles their own suit",
    "nello": "Nello, doubles high",
    "nello/doubles-low": "Nello, doubles low",
    "nello/doubles-own-suit": "Nello, doubles their own suit (6-6 high)",
    "nello/doubles-own-suit-low": "Nello, doubles their own suit (0-0 high)",
    "sevens": "Sevens",
}

def contract_options(keys: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """(label, contract text) pairs for a Dropdown."""
    chosen = list(CONTRACT_LABELS) if keys is None else list(keys)
    return [(CONTRACT_LABELS.get(k, k), k) for k in chosen]


# -- rules profiles ----------------------------------------------------------------------------
#: Every option of the rules at once: the three places of doubles in follow-me, nello with
#: its four places, sevens, plunge and splash (a profile to look at every contract).
HOUSE = STANDARD.replace(
    name="house",
    source="every option of the rules",
    follow_me_doubles=("high", "low", "own-suit"),
    nello=("high", "low", "own-suit", "own-suit-low"),
    sevens=True,
    plunge_marks=4,
    splash_marks=3,
)

#: The rules dropdown's words: the standard game first, every other profile below it
#: under one plain heading (a newcomer need not know the rule books' names).
STANDARD_LABEL = "Standard rules"
HOUSE_GROUP = "House rules"
HOUSE_LABEL = f"{HOUSE_GROUP}: every option at once"
#: Older wording still understood where a profile is named by its label.
_OLD_HOUSE_LABELS = ("every option (house rules)", "every option", "house rules")

def house_options(rules: Rules) -> list[str]:
    """What a profile adds to straight 42, in a few words each."""
    if rules.name == "moon":
        return ["Moon, for 3 players"]
    if not rules.is_42:
        return [f"{rules.seats} seats"]
    if rules.hands_per_person == 2:
        return ["two people, each playing both hands of a side"]
    out = []
    if rules.first_bidder != "left-of-shaker":
        out.append("1-0 bids first")
    if rules.all_pass == "reshake":
        out.append("reshake if all pass")
    if rules.mark_raise_limit > 1:
        out.append(f"raises of up to {rules.mark_raise_limit} marks")
    if rules.max_marks is not None:
        out.append(f"at most {rules.max_marks} marks")
    if rules.set_marks == "one":
        out.append("a set costs 1 mark")
    if rules.nello:
        out.append("nello")
    if rules.sevens:
        out.append("sevens")
    if rules.plunge_marks:
        out.append("plunge")
    if rules.splash_marks:
        out.append("splash")
    if rules.follow_me_doubles != ("high",) and rules.follow_me_doubles:
        out.append("follow-me doubles " + "/".join(rules.follow_me_doubles))
    if rules.scoring == "points":
        out.append(f"points to {rules.target}")
    return out

def rules_label(key: str, rules: Rules) -> str:
    """How a rules dropdown shows a profile: the standard game plainly, any other under
    "House rules" with what it changes (the sources are on the rules summary page).

    >>> rules_label("standard", STANDARD)
    'Standard rules'
    >>> rules_label("seed", Rules.preset("seed"))
    'House rules: seed (1-0 bids first, at most 2 marks, a set costs 1 mark)'
    """
    if key == "house":
        return HOUSE_LABEL
    if key == "standard":
        return STANDARD_LABEL
    extras = house_options(rules)
    if key == "custom":
        return f"{rules.name} (your rules)" + (": " + ", ".join(extras) if extras else "")
    return f"{HOUSE_GROUP}: {rules.name}" + (f" ({', '.join(extras)})" if extras else "")

def rules_choices(players: int | None = 4, *, tables: bool = False) -> dict[str, Rules]:
    """The profiles an explorer offers, by dropdown value: the presets (those for
    ``players`` players, or all), then ``"house"`` (:data:`HOUSE`); with ``tables``
    every other table's too (:data:`texas42.rules.ALL_PRESETS`)."""
    out = {name: r for name, r in PRESETS.items() if players is None or r.players == players}
    out["house"] = HOUSE
    if tables:  # every other table too (Moon among them, whatever ``players`` says)
        out.update({n: r for n, r in ALL_PRESETS.items() if n not in out})
    return out

def rules_key(rules: Rules | str, choices: Mapping[str, Rules]) -> str:
    """The dropdown value of ``rules`` (a preset name, ``"house"``, or a profile);
    ``"custom"`` for a profile that is not one of ``choices``."""
    if isinstance(rules, Rules):
        for key, r in choices.items():
            if r == rules:
                return key
        return "custom"
    text = str(rules).strip().lower().removesuffix(" preset").strip()
    if text in (HOUSE_LABEL.lower(), *_OLD_HOUSE_LABELS):
        text = "house"
    elif text == STANDARD_LABEL.lower():
        text = "standard"
    if text not in choices:
        raise NotationError(
            f"{rules!r} is not a rules profile here: choose one of {', '.join(choices)}",
            rule="rules",
        )
    return text

class RulesPicker:
    """A ``Rules:`` dropdown of profiles (the presets and every option at once).

    ``players``: 4 for the explorers of a whole hand (Moon is for 3), ``None`` for
    the explorers of suits and ranks, which Moon shares.
    """

    def __init__(
        self, rules: Rules | str = "standard", *, players: int | None = 4, width: str = "26em",
        tables: bool = False,
    ) -> None:
        self.players = players
        self.choices = rules_choices(players, tables=tables)
        key = self._key(rules)
        self.dropdown = dropdown("Rules:", self._options(), key, width=width)

    def _key(self, rules: Rules | str) -> str:
        key = rules_key(rules, self.choices)
        if key == "custom":
            assert isinstance(rules, Rules)
            if self.players is not None and rules.players != self.players:
                raise NotationError(
                    f"the {rules.name} rules are for {rules.players} players; this explorer "
                    f"is for {self.players}",
                    rule="rules",
                )
            self.choices["custom"] = rules
        return key

    def _options(self) -> list[tuple[str, str]]:
        return [(rules_label(k, r), k) for k, r in self.choices.items()]

    def select(self, rules: Rules | str) -> None:
        """Show ``rules`` as chosen (a profile not offered is added as "custom")."""
        key = self._key(rules)
        options = self._options()
        if tuple(self.dropdown.options) != tuple(options):
            self.dropdown.options = options
        self.dropdown.value = key

    @property
    def rules(self) -> Rules:
        return self.choices[str(self.dropdown.value)]

def allowed_contract_keys(rules: Rules, bid: int | None = None) -> list[str]:
    """The contracts ``rules`` allows (after ``bid``, when given), as contract texts."""
    return [str(c) for c in allowed_contracts(rules, bid)]

def contract_label(contract: Contract | str) -> str:
    key = str(contract)
    return CONTRACT_LABELS.get(key, key)

def domino_options(dominoes: Iterable[Domino] | None = None) -> list[tuple[str, str]]:
    """(label, text) pairs of dominoes for a picker, highest first: ``("6-4 six-four", "6-4")``."""
    ds = sorted(DOMINOES if dominoes is None else dominoes, key=lambda d: d.display)
    return [(f"{d}  ({d.name})", str(d)) for d in ds]
