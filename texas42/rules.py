"""Rules profiles: every option of the rules in one frozen object.

Sources disagree about several rules of 42 (who bids first, what happens when
everyone passes, how many marks a failed bid costs ...). A :class:`Rules`
profile fixes each choice; named presets bundle the choices of one source.

>>> Rules.preset("seed").set_marks
'one'
>>> STANDARD.replace(all_pass="reshake").all_pass
'reshake'
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Literal

from .errors import NotationError, quote

FirstBidder = Literal["left-of-shaker", "holder-of-1-0"]
AllPass = Literal["forced", "reshake"]
Scoring = Literal["marks", "points", "tricks"]
SetMarks = Literal["bid", "one"]
Review = Literal["all", "last", "none"]
SevensTie = Literal["bidder", "first"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "first_bidder": ("left-of-shaker", "holder-of-1-0"),
    "all_pass": ("forced", "reshake"),
    "scoring": ("marks", "points", "tricks"),
    "set_marks": ("bid", "one"),
    "review": ("all", "last", "none"),
    "sevens_tie": ("bidder", "first"),
}
_DOUBLES_PLACES = ("high", "low", "own-suit", "own-suit-low")
# The type of each option, checked when a profile is built (from JSON, say).
_OPTION_TYPES: dict[str, Any] = {
    "name": str, "source": str, "first_bidder": str, "all_pass": str, "scoring": str,
    "set_marks": str, "review": str, "sevens_tie": str,
    "min_bid": int, "opening_mark_limit": int, "mark_raise_limit": int,
    "hide_tricks_from": int, "target": int, "follow_me_min_bid": int, "special_min_bid": int,
    "plunge_doubles": int, "splash_doubles": int, "players": int,
    "max_marks": "int?", "nello_max_marks": "int?", "plunge_marks": "int?",
    "splash_marks": "int?",
    "doubles_trump": bool, "early_end": bool, "sevens": bool, "plunge_jump": bool,
    "raise_partner_plunge": bool,
    "follow_me_doubles": tuple, "nello": tuple,
}
STANDARD_DEFAULTS: Rules | None = None  # set below, for messages


@dataclass(frozen=True)
class Rules:
    """One table's rules of 42. Every field has the standard value by default.

    Change options with :meth:`replace`; the result keeps the preset's name with
    the changed options listed (see :meth:`to_json`).
    """

    #: Preset this profile was made from.
    name: str = "standard"
    #: Where the choices come from (see RULES.md for the source keys).
    source: str = "PAGAT, WIKI, N42PA"

    # -- bidding ------------------------------------------------------------------
    #: Who bids first: the player left of the shaker, or whoever holds 1-0 (seed).
    first_bidder: FirstBidder = "left-of-shaker"
    #: Lowest point bid.
    min_bid: int = 30
    #: The first mark bid may be up to this many marks (42 = 1, 84 = 2).
    opening_mark_limit: int = 2
    #: Each later mark bid raises by 1 up to this many marks.
    mark_raise_limit: int = 1
    #: Highest mark bid allowed, in marks (``None``: no limit).
    max_marks: int | None = None
    #: When all pass: the shaker must bid, or the hand is reshaken.
    all_pass: AllPass = "forced"

    # -- contracts ----------------------------------------------------------------
    #: Whether the bidder may name doubles as trumps.
    doubles_trump: bool = True
    #: Places of doubles the bidder may choose for follow-me (empty: no follow-me).
    follow_me_doubles: tuple[str, ...] = ("high",)
    #: Follow-me needs at least this bid (LECHNER: 42, one mark; 0: any bid).
    follow_me_min_bid: int = 0

    # -- special contracts (house rules; off by default: tournaments play straight 42) --
    #: Places of doubles the bidder may choose for nello (empty: no nello).
    nello: tuple[str, ...] = ()
    #: Nello may be bid up to this many marks (``None``: any mark bid).
    nello_max_marks: int | None = None
    #: Whether the bidder may name sevens.
    sevens: bool = False
    #: Sevens, two dominoes equally close to 7: the bidding side wins the tie (DOMRULES),
    #: or the first of them played wins (LECHNER: "first person to play domino closest
    #: to seven wins"). See :meth:`sevens_tie_side`.
    sevens_tie: SevensTie = "bidder"
    #: Nello and sevens need at least this bid (42: one mark).
    special_min_bid: int = 42
    #: Plunge: a bid of this many marks by a holder of ``plunge_doubles`` doubles or more;
    #: the partner names the contract and leads, except nello, which the bidder leads and
    #: plays alone (LECHNER II.B.1.d) (``None``: no plunge).
    plunge_marks: int | None = None
    plunge_doubles: int = 4
    #: Splash: the same with ``splash_doubles`` doubles (``None``: no splash).
    splash_marks: int | None = None
    splash_doubles: int = 3
    #: Whether a plunge or splash may jump past the opening and raise limits.
    plunge_jump: bool = True
    #: Whether a player may bid over their own partner's plunge or splash.
    raise_partner_plunge: bool = True

    # -- players ----------------------------------------------------------------------
    #: 4 for 42; 3 for Moon (see :mod:`texas42.moon`).
    players: int = 4

    # -- play ---------------------------------------------------------------------
    #: Bids from this value up stack played tricks face down (the seed: 84).
    hide_tricks_from: int = 84
    #: What players may look back at once tricks are hidden.
    review: Review = "none"
    #: Marks game: stop the hand as soon as the result is decided.
    early_end: bool = True

    # -- scoring ------------------------------------------------------------------
    #: Marks (the first side to ``target`` marks wins) or points (to ``target`` points).
    scoring: Scoring = "marks"
    #: A set gives the opponents the marks bid, or one mark (the seed's wording).
    set_marks: SetMarks = "bid"
    #: Marks (or points) that win the game.
    target: int = 7

    def __post_init__(self) -> None:
        self._check_types()
        for option, allowed in _CHOICES.items():
            value = getattr(self, option)
            if value not in allowed:
                raise NotationError(
                    f"rules option {option}={quote(value)} is not one of {', '.join(allowed)}",
                    rule="rules",
                )
        if not 1 <= self.min_bid <= 41:
            raise NotationError(f"rules option min_bid={quote(self.min_bid)} must be 1..41")
        # Marks past 42 have no meaning at any table, and would make bid lists endless.
        for option in ("opening_mark_limit", "mark_raise_limit"):
            if not 1 <= getattr(self, option) <= 42:
                raise NotationError(f"rules option {option} must be 1..42", rule="rules")
        for option in ("max_marks", "plunge_marks", "splash_marks", "nello_max_marks"):
            value = getattr(self, option)
            if value is not None and value > 42:
                raise NotationError(f"rules option {option} must be at most 42", rule="rules")
        if self.max_marks is not None and self.max_marks < 1:
            raise NotationError(f"rules option max_marks={quote(self.max_marks)} must be >= 1")
        for place in self.follow_me_doubles:
            if place not in _DOUBLES_PLACES[:3]:
                raise NotationError(
                    f"rules option follow_me_doubles has {quote(place)}: use high, low or own-suit"
                )
        for place in self.nello:
            if place not in _DOUBLES_PLACES:
                raise NotationError(
                    f"rules option nello has {quote(place)}: use high, low, own-suit or "
                    "own-suit-low"
                )
        for option in ("plunge_marks", "splash_marks", "nello_max_marks"):
            value = getattr(self, option)
            if value is not None and value < 1:
                raise NotationError(f"rules option {option}={quote(value)} must be >= 1 (or None)")
        if self.players not in (3, 4):
            raise NotationError(
                f"rules option players={quote(self.players)}: 42 is for 4 players, Moon for 3; "
                "no source gives rules for other numbers"
            )
        if (self.players == 3) != (self.scoring == "tricks"):
            raise NotationError("rules: Moon (players=3) and its trick scoring go together")
        if self.target < 1:
            raise NotationError(f"rules option target={quote(self.target)} must be >= 1")
        if self.scoring == "points" and self.early_end:
            # A points game scores every trick, so the hand is always played out.
            object.__setattr__(self, "early_end", False)

    @functools.cached_property
    def _hash_value(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))

    def __hash__(self) -> int:
        # Profiles key several caches on the hot paths: hash once.
        return self._hash_value

    def _check_types(self) -> None:
        """Refuse options of the wrong type (they would fail later, mid-hand)."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            default = getattr(STANDARD_DEFAULTS, f.name, None) if STANDARD_DEFAULTS else None
            kind = _OPTION_TYPES.get(f.name)
            if kind is None:
                continue
            ok = (
                (kind is int and isinstance(value, int) and not isinstance(value, bool))
                or (kind == "int?" and (value is None or (isinstance(value, int)
                                                          and not isinstance(value, bool))))
                or (kind is bool and isinstance(value, bool))
                or (kind is str and isinstance(value, str))
                or (kind is tuple and isinstance(value, tuple)
                    and all(isinstance(x, str) for x in value))
            )
            if not ok:
                raise NotationError(
                    f"rules option {f.name}={quote(value)} has the wrong type "
                    f"(like {quote(default)})",
                    rule="rules",
                )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset (see :data:`PRESETS`)."""
        try:
            return PRESETS[name]
        except (KeyError, TypeError):  # TypeError: a list or dict is no name
            raise NotationError(
                f"{quote(name)} is not a rules preset: choose one of {', '.join(PRESETS)}",
                rule="rules",
            ) from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (names are checked)."""
        fields = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in fields:
                raise NotationError(f"{quote(key)} is not a rules option", rule="rules")
            if isinstance(changes[key], list):
                changes[key] = tuple(changes[key])
        for key in ("follow_me_doubles", "nello"):
            if key in changes:
                changes[key] = tuple(changes[key])
        return dataclasses.replace(self, **changes)

    def changes(self) -> dict[str, Any]:
        """The options that differ from the preset this profile is named after."""
        base = PRESETS.get(self.name, STANDARD)
        out = {}
        for f in dataclasses.fields(self):
            if f.name == "name":
                continue
            value = getattr(self, f.name)
            if value != getattr(base, f.name):
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def to_json(self) -> str | dict[str, Any]:
        """The preset's name, or ``{"preset": name, option: value ...}`` if changed
        (a renamed profile is written as its changes to ``standard``, with its name)."""
        changed = self.changes()
        if self.name not in PRESETS:
            return {"preset": "standard", "name": self.name, **changed}
        if not changed:
            return self.name
        return {"preset": self.name, **changed}

    @classmethod
    def from_json(cls, value: object) -> Rules:
        """Inverse of :meth:`to_json`."""
        if isinstance(value, str):
            return cls.preset(value)
        if isinstance(value, dict):
            options = dict(value)
            base = cls.preset(options.pop("preset", "standard"))
            try:
                return base.replace(**options)
            except TypeError as exc:
                message = f"bad rules options {quote(value)}: {quote(str(exc))}"
                raise NotationError(message, rule="rules") from exc
        message = f"{quote(value)} is not a rules profile: give a preset name"
        raise NotationError(message, rule="rules")

    def mark_bid_limit(self, high_marks: int) -> int:
        """The largest mark bid (in marks) allowed over a high bid of
        ``high_marks`` marks (0 if no mark bid has been made yet)."""
        limit = (
            self.opening_mark_limit if high_marks == 0 else high_marks + self.mark_raise_limit
        )
        if self.max_marks is not None:
            limit = min(limit, self.max_marks)
        return limit

    def sevens_tie_side(self, bidding_team: int) -> int | None:
        """The side a tie in sevens goes to: ``bidding_team`` (``sevens_tie="bidder"``),
        or ``None``: the first played of the closest dominoes wins (``"first"``). Every
        trick winner (the hand, the solver, claims, the pictures) asks here."""
        return sevens_tie_side(self.sevens_tie, bidding_team)

    def describe(self) -> list[str]:
        """The profile in plain sentences, one per option."""
        bids = (
            "the player left of the shaker bids first"
            if self.first_bidder == "left-of-shaker"
            else "the player holding 1-0 bids first"
        )
        marks = f"up to {self.max_marks} marks" if self.max_marks else "no limit on marks"
        lines = [
            f"Bidding goes once around, clockwise; {bids}.",
            f"Point bids are {self.min_bid} to 41; 42 bids one mark, 84 two marks ({marks}).",
            f"The first mark bid may be up to {self.opening_mark_limit} marks; each later one "
            + ("raises by 1 mark." if self.mark_raise_limit == 1
               else f"raises by 1 to {self.mark_raise_limit} marks."),
            "If everyone passes, the shaker must bid."
            if self.all_pass == "forced"
            else "If everyone passes, the dominoes are reshaken by the next player.",
            f"Played tricks are turned face down for bids of {self.hide_tricks_from} and up.",
        ]
        if self.players == 3:
            return [
                "Moon, for three players: 22 dominoes (no blanks but 0-0), seven each and a "
                "widow for the bidder.",
                "Bids are 4 to 7 tricks, or 21 to shoot the moon; no doubles trump, no count.",
                f"Each trick is a point; the first to {self.target} wins.",
            ]
        specials = []
        if self.nello:
            specials.append(f"nello (doubles: {', '.join(self.nello)})")
        if self.sevens:
            specials.append("sevens (a tie goes to the " + (
                "bidding side)" if self.sevens_tie == "bidder" else "first played)"))
        if self.plunge_marks:
            specials.append(f"plunge ({self.plunge_doubles}+ doubles, {self.plunge_marks} marks)")
        if self.splash_marks:
            specials.append(f"splash ({self.splash_doubles}+ doubles, {self.splash_marks} marks)")
        if specials:
            lines.append(f"House contracts: {'; '.join(specials)}.")
        if len(self.follow_me_doubles) > 1 or self.follow_me_doubles != ("high",):
            lines.append(f"Follow-me with doubles {' or '.join(self.follow_me_doubles)}.")
        if self.follow_me_min_bid:
            lines.append(f"Follow-me needs a bid of at least {self.follow_me_min_bid}.")
        if self.scoring == "marks":
            lines.append(
                "A set gives the opponents the marks bid."
                if self.set_marks == "bid"
                else "A set gives the opponents one mark."
            )
            lines.append(f"The first side to {self.target} marks wins.")
        else:
            lines.append(f"Points game: every hand is played out; first to {self.target} points.")
        return lines


def sevens_tie_side(tie: SevensTie, bidding_team: int) -> int | None:
    """The side a tie in sevens goes to under the option ``tie`` (see
    :attr:`Rules.sevens_tie`): the bidding side, or ``None`` for the first played."""
    return bidding_team if tie == "bidder" else None


STANDARD = Rules()
STANDARD_DEFAULTS = STANDARD
SEED = Rules(
    name="seed",
    source="SEED",
    first_bidder="holder-of-1-0",
    max_marks=2,
    set_marks="one",
)
N42PA = Rules(name="n42pa", source="N42PA", all_pass="reshake", max_marks=5)
AUSTIN = Rules(name="austin", source="AUSTIN")
HARPER = Rules(name="harper", source="HARPER", nello=("own-suit",))
LECHNER = Rules(
    name="lechner",
    source="LECHNER",
    mark_raise_limit=2,
    follow_me_doubles=("high", "low"),
    follow_me_min_bid=42,
    nello=("high", "low", "own-suit", "own-suit-low"),
    sevens=True,
    sevens_tie="first",
    plunge_marks=4,
    splash_marks=3,
)
CASUAL = Rules(name="casual", source="BLOG42", nello=("high",))
POINTS = Rules(name="points", source="T42NET", scoring="points", target=250)
MOON = Rules(
    name="moon",
    source="PAGAT, DOMRULES",
    players=3,
    scoring="tricks",
    target=21,
    all_pass="reshake",
    doubles_trump=False,
)

#: Named presets, by name.
PRESETS: dict[str, Rules] = {
    r.name: r for r in (STANDARD, SEED, N42PA, AUSTIN, HARPER, LECHNER, CASUAL, POINTS, MOON)
}
