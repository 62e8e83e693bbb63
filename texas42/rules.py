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

from .deals import STANDARD_LAYOUT, Layout
from .errors import NotationError, check_count, check_seat, quote

FirstBidder = Literal["left-of-shaker", "holder-of-1-0"]
AllPass = Literal["forced", "reshake"]
Scoring = Literal["marks", "points", "tricks"]
SetMarks = Literal["bid", "one"]
Review = Literal["all", "last", "none"]
SevensTie = Literal["bidder", "first"]
Sides = Literal["partners", "each", "bidder"]
Bidding = Literal["points", "tricks"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "first_bidder": ("left-of-shaker", "holder-of-1-0"),
    "all_pass": ("forced", "reshake"),
    "scoring": ("marks", "points", "tricks"),
    "set_marks": ("bid", "one"),
    "review": ("all", "last", "none"),
    "sevens_tie": ("bidder", "first"),
    "sides": ("partners", "each", "bidder"),
    "bidding": ("points", "tricks"),
}
_DOUBLES_PLACES = ("high", "low", "own-suit", "own-suit-low")
# The type of each option, checked when a profile is built (from JSON, say).
_OPTION_TYPES: dict[str, Any] = {
    "name": str, "source": str, "first_bidder": str, "all_pass": str, "scoring": str,
    "set_marks": str, "review": str, "sevens_tie": str,
    "min_bid": int, "opening_mark_limit": int, "mark_raise_limit": int,
    "hide_tricks_from": int, "target": int, "follow_me_min_bid": int, "special_min_bid": int,
    "plunge_doubles": int, "splash_doubles": int,
    "seats": int, "hand_size": int, "widow": int, "aside": int, "trick_points": int,
    "trick_min_bid": int, "moon_bid": int, "hands_per_person": int, "sides": str,
    "bidding": str, "count": bool, "out": tuple,
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
    #: Where the choices come from (see docs/RULES.md for the source keys).
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

    # -- the table (issue 14): who sits, what is dealt, what a trick is worth ---------
    #: Seats at the table, 2..7, numbered clockwise from 0.
    seats: int = 4
    #: Who plays with whom: ``"partners"`` (two sides of alternate seats, 0+2 against
    #: 1+3), ``"each"`` (each seat for itself) or ``"bidder"`` (the bidder against the
    #: rest, allied for the hand). The engine scores "each" and "bidder" alike (a hand's
    #: tuples per seat; a set scores for every other seat); :meth:`side_of` says who is
    #: allied, for the players and the analysis.
    sides: Sides = "partners"
    #: The dominoes taken out of play before the shake, as text (Moon: "1-0" .. "6-0").
    out: tuple[str, ...] = ()
    #: Dominoes each seat is dealt (and tricks in a hand).
    hand_size: int = 7
    #: A widow: this many dominoes dealt face down; the bidder takes them, then
    #: discards as many face down (Moon: 1).
    widow: int = 0
    #: Dominoes dealt face down and laid aside, out of play for the hand.
    aside: int = 0
    #: What each trick is worth (42: 1 point; the count comes on top when ``count``).
    trick_points: int = 1
    #: Whether the count dominoes (5-5 and 6-4: 10; 5-0, 4-1, 3-2: 5) score.
    count: bool = True
    #: The bids: ``"points"`` (42's: 30..41 points, 42 a mark, 84 two ...) or
    #: ``"tricks"`` (Moon's: each bids once, ``trick_min_bid`` up to every trick, or
    #: ``moon_bid`` to shoot the moon: every trick for that score).
    bidding: Bidding = "points"
    #: The lowest bid in tricks (``bidding="tricks"``).
    trick_min_bid: int = 4
    #: The bid (and the score) of shooting the moon (``bidding="tricks"``).
    moon_bid: int = 21
    #: Hands each person plays: 2 at a table of two people (each plays both hands of
    #: one side of partners, a house way to play).
    hands_per_person: int = 1

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
        self._check_table()
        if self.target < 1:
            raise NotationError(f"rules option target={quote(self.target)} must be >= 1")
        if self.scoring == "points" and self.early_end:
            # A points game scores every trick, so the hand is always played out.
            object.__setattr__(self, "early_end", False)

    def _check_table(self) -> None:
        """The table's options must fit together (each error names the option)."""
        from .dominoes import DOMINOES, Domino

        def bad(option: str, why: str) -> NotationError:
            return NotationError(
                f"rules option {option}={quote(getattr(self, option))}: {why}", rule="rules"
            )

        if not 2 <= self.seats <= 7:
            raise bad("seats", "a table has 2 to 7 seats")
        for text in self.out:
            try:
                Domino.parse(text)
            except NotationError:
                raise bad("out", f"{quote(text)} is not a domino like 1-0") from None
        if len({str(Domino.parse(t)) for t in self.out}) != len(self.out):
            raise bad("out", "a domino is taken out twice")
        in_play = len(DOMINOES) - len(self.out)
        if not 1 <= self.hand_size <= 14:
            raise bad("hand_size", "each seat holds 1 to 14 dominoes")
        for option in ("widow", "aside"):
            if not 0 <= getattr(self, option) <= 27:
                raise bad(option, "must be 0..27")
        dealt = self.seats * self.hand_size + self.widow + self.aside
        if dealt != in_play:
            raise bad(
                "hand_size",
                f"{self.seats} seats of {self.hand_size}, a widow of {self.widow} and "
                f"{self.aside} aside make {dealt}, but {in_play} dominoes are in play",
            )
        if self.sides == "partners" and self.seats % 2:
            raise bad("sides", f"partners need an even number of seats, not {self.seats}")
        if not 0 <= self.trick_points <= 42:
            raise bad("trick_points", "a trick is worth 0..42 points")
        if self.trick_points == 0 and not self.count:
            raise bad("trick_points", "with no count either, no trick would score anything")
        if not 1 <= self.hands_per_person <= 2:
            raise bad("hands_per_person", "each person plays 1 hand, or 2 of one side")
        if self.hands_per_person == 2 and self.sides != "partners":
            raise bad("hands_per_person", "two hands per person are both hands of one side "
                      "(sides=partners)")
        if (self.bidding == "tricks") != (self.scoring == "tricks"):
            raise bad("scoring", "bids in tricks (Moon's) and trick scoring go together")
        if self.bidding == "tricks":
            if not 1 <= self.trick_min_bid <= self.hand_size:
                raise bad("trick_min_bid", f"must be 1..{self.hand_size} (the tricks in a hand)")
            if self.moon_bid <= self.hand_size or self.moon_bid > 99:
                raise bad("moon_bid", f"must be over {self.hand_size} (the tricks) and under 100")
        specials = self.nello or self.plunge_marks or self.splash_marks or self.sevens
        if specials and (self.sides != "partners" or self.seats != 4):
            raise bad("sides", "nello, sevens, plunge and splash are 42's, for four seats "
                      "of partners")
        if specials and self.bidding != "points":
            # Bids in tricks score the tricks taken: "lose every trick" would score as made.
            raise bad("bidding", "nello, sevens, plunge and splash are 42's, bid in points")
        if self.first_bidder == "holder-of-1-0" and ("1-0" in self.out or self.widow
                                                     or self.aside):
            raise bad("first_bidder", "1-0 must be dealt to a seat (not out, widow or aside)")

    def _describe_table(self) -> list[str]:
        """The table in words (nothing for 42's own table of four)."""
        if self.is_42 and self.hands_per_person == 1:
            return []
        sides = {"partners": "two sides of partners (seats 0+2 against 1+3)",
                 "each": "each for themselves",
                 "bidder": "the bidder against the others"}[self.sides]
        out = f" ({', '.join(self.out)} out)" if self.out else ""
        extra = []
        if self.widow:
            extra.append(f"a widow of {self.widow} for the bidder, who then discards as many")
        if self.aside:
            extra.append(f"{self.aside} laid aside face down")
        lines = [f"{self.seats} seats, {sides}; {self.hand_size} dominoes each{out}"
                 + ("; " + "; ".join(extra) if extra else "") + "."]
        if self.hands_per_person == 2:
            lines.append("Two people: each plays both hands of one side (a house way to play).")
        if self.bidding == "points":
            lines.append(f"A hand holds {self.total_points} points "
                         f"({self.hand_size} tricks and {self.count_in_play} in count).")
        return lines

    @property
    def players(self) -> int:
        """The people at the table: the seats, or half of them when each person plays
        two hands (derived: never set)."""
        return self.seats // self.hands_per_person

    @functools.cached_property
    def layout(self) -> Layout:
        """How this table shares the dominoes out (for :class:`texas42.deals.Deal`)."""
        from .dominoes import DOMINOES, Domino

        gone = {Domino.parse(t) for t in self.out}
        dominoes = tuple(d for d in DOMINOES if d not in gone)
        layout = Layout(self.seats, self.hand_size, self.widow, self.aside, dominoes)
        # 42's own object: Hand and Deal compare layouts by identity first (hot path).
        return STANDARD_LAYOUT if layout == STANDARD_LAYOUT else layout

    @functools.cached_property
    def total_points(self) -> int:
        """The points a whole hand holds: the tricks, and the count dealt to the seats
        (42: 7 + 35; three-hand 42: 9 + 35 = 44). Dominoes aside never score."""
        tricks = self.hand_size * self.trick_points
        return tricks + (self.count_in_play if self.count else 0)

    @functools.cached_property
    def count_in_play(self) -> int:
        """The count of the dominoes in play (35 when no count domino is out)."""
        return sum(d.count for d in self.layout.dominoes)

    @property
    def is_42(self) -> bool:
        """Whether this is the table of 42: four seats of partners, seven each."""
        return self.layout == STANDARD_LAYOUT and self.sides == "partners" and (
            self.bidding == "points"
        )

    def side_of(self, seat: int, bidder: int | None = None) -> int:
        """The side ``seat`` plays on: partners 0 (even seats) or 1; each for themselves,
        the seat itself; the bidder against the rest, 0 for the bidder and 1 for the
        others (before the bidding, each seat's own)."""
        check_seat(seat, self.seats)
        if self.sides == "partners":
            return seat & 1
        if self.sides == "bidder" and bidder is not None:
            return 0 if seat == bidder else 1
        return seat

    def share_of(self, seat: int) -> int:
        """The index of ``seat``'s share in a hand's per-side tuples (points, tricks won,
        a result's points and marks): its partnership (even seats 0, odd 1) at a table of
        partners, otherwise the seat itself (each seat's share is kept, whoever it plays
        with in the hand: see :meth:`side_of`)."""
        check_seat(seat, self.seats)
        return seat & 1 if self.sides == "partners" else seat

    @property
    def side_count(self) -> int:
        """How many sides a hand's results are given for: 2 for partners, else one per
        seat (results name each seat's share)."""
        return 2 if self.sides == "partners" else self.seats

    def controlled_seats(self, seat: int) -> tuple[int, ...]:
        """The seats the person playing ``seat`` plays: the seat, and at a table of two
        people (``hands_per_person=2``) the partner's seat too."""
        if self.hands_per_person == 2:
            return tuple(sorted({seat, (seat + self.seats // 2) % self.seats}))
        return (seat,)

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
        """The named preset (see :data:`PRESETS`); any other name (or not text) raises
        :class:`~texas42.errors.NotationError` (``rule="rules"``)."""
        try:
            return ALL_PRESETS[name]
        except (KeyError, TypeError):  # TypeError: a list or dict is no name
            raise NotationError(
                f"{quote(name)} is not a rules preset: choose one of {', '.join(ALL_PRESETS)}",
                rule="rules",
            ) from None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (names are checked). An unknown option, a
        value of the wrong type or a table the options cannot make raises
        :class:`~texas42.errors.NotationError` (``rule="rules"``)."""
        fields = {f.name for f in dataclasses.fields(self)}
        if "players" in changes:
            # The old option, now derived: accepted only where it agrees with the table.
            players = changes.pop("players")
            seats = changes.get("seats", self.seats)
            per = changes.get("hands_per_person", self.hands_per_person)
            fits = isinstance(per, int) and isinstance(seats, int) and per > 0
            if not fits or players != seats // per:
                raise NotationError(
                    f"rules option players={quote(players)}: the people at the table follow "
                    f"from seats and hands_per_person (here {quote(seats)} seats); no source "
                    "gives rules for that table: choose a preset of another table "
                    "(texas42 rules)",
                    rule="rules",
                )
        for key in changes:
            if key not in fields:
                raise NotationError(f"{quote(key)} is not a rules option", rule="rules")
            if isinstance(changes[key], list):
                changes[key] = tuple(changes[key])
        for key in ("follow_me_doubles", "nello", "out"):
            if key in changes:
                changes[key] = tuple(changes[key])
        return dataclasses.replace(self, **changes)

    def changes(self) -> dict[str, Any]:
        """The options that differ from the preset this profile is named after."""
        base = ALL_PRESETS.get(self.name, STANDARD)
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
        if self.name not in ALL_PRESETS:
            return {"preset": "standard", "name": self.name, **changed}
        if not changed:
            return self.name
        return {"preset": self.name, **changed}

    @classmethod
    def from_json(cls, value: object) -> Rules:
        """Inverse of :meth:`to_json`. Anything else raises
        :class:`~texas42.errors.NotationError` (``rule="rules"``)."""
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
        check_count(high_marks, "marks", 0, 9999, rule="marks")
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
        if self == MOON:
            return [
                "Moon, for three players: 22 dominoes (no blanks but 0-0), seven each and a "
                "widow for the bidder.",
                "Bids are 4 to 7 tricks, or 21 to shoot the moon; no doubles trump, no count.",
                f"Each trick is a point; the first to {self.target} wins.",
            ]
        table = self._describe_table()
        if self.bidding == "tricks":
            trumps = "doubles may be trumps" if self.doubles_trump else "no doubles trump"
            return [*table,
                    f"Each bids once: {self.trick_min_bid} to {self.hand_size} tricks, or "
                    f"{self.moon_bid} to shoot the moon (every trick); {trumps}, no count.",
                    f"Each trick is a point; the first to {self.target} wins."]
        lines = table + lines
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
#: Moon's tricks and bids, shared by Moon and Moon for many.
_MOON_PLAY: dict[str, Any] = {
    "sides": "each", "count": False, "bidding": "tricks", "scoring": "tricks", "target": 21,
    "all_pass": "reshake",
}
MOON = Rules(
    name="moon",
    source="PAGAT, DOMRULES",
    seats=3,
    out=("1-0", "2-0", "3-0", "4-0", "5-0", "6-0"),
    widow=1,
    doubles_trump=False,
    **_MOON_PLAY,
)

#: Named presets, by name: 42's and Moon's, which every explorer and the analysis play.
PRESETS: dict[str, Rules] = {
    r.name: r for r in (STANDARD, SEED, N42PA, AUSTIN, HARPER, LECHNER, CASUAL, POINTS, MOON)
}

# -- other tables (issue 14; RULES.md "Other player counts") ------------------------------
#: Three-hand 42 (THREEHAND): 1-0 out, nine each, tricks of three, bids as in 42 from 30
#: (sourced). Chosen, as a table would (the sources are silent): each for themselves,
#: 9 tricks + 35 count = 44 points a hand, made: the bidder scores the marks, set: each
#: of the two others does. Options: ``sides="bidder"`` (the two others pool their points).
THREE_HAND = Rules(
    name="three-hand", source="THREEHAND (sides, 44 points, scoring: chosen)",
    seats=3, sides="each", out=("1-0",), hand_size=9,
)
#: Moon for many (WEST): Moon's bids (4 to 7 tricks, or 21) and no count, all 28
#: dominoes, "most 42 rules apply" (so doubles may be trumps); four players hold seven.
#: Chosen: each for themselves, as in Moon (option: ``sides="partners"``).
MOON_4 = Rules(name="moon-4", source="WEST", seats=4, **_MOON_PLAY)
#: Moon for many with five, six or seven: WEST names the counts but not how 28 dominoes
#: share out, so these are house variants: five of five (3 laid aside) bidding 3 to 5
#: tricks; six of four (4 aside) and seven of four, bidding 2 to 4 tricks.
MOON_5 = Rules(name="moon-5", source="WEST (house shares: 5 each, 3 aside, bids 3-5)",
               seats=5, hand_size=5, aside=3, trick_min_bid=3, **_MOON_PLAY)
MOON_6 = Rules(name="moon-6", source="WEST (house shares: 4 each, 4 aside, bids 2-4)",
               seats=6, hand_size=4, aside=4, trick_min_bid=2, **_MOON_PLAY)
MOON_7 = Rules(name="moon-7", source="WEST (house shares: 4 each, bids 2-4)",
               seats=7, hand_size=4, trick_min_bid=2, **_MOON_PLAY)
#: Two people: a house way to play (no source): 42 at four seats, each person playing
#: both hands of one side.
TWO_HAND = Rules(name="two-hand", source="HOUSE (no source)", hands_per_person=2)

#: The presets of the other tables: the engine plays them (deals, bids, play, records,
#: the command line), and so do the analysis' players, bid odds, matches and coach.
TABLE_PRESETS: dict[str, Rules] = {
    r.name: r for r in (TWO_HAND, THREE_HAND, MOON_4, MOON_5, MOON_6, MOON_7)
}
#: Every preset, by name (what :meth:`Rules.preset` and records read).
ALL_PRESETS: dict[str, Rules] = {**PRESETS, **TABLE_PRESETS}
