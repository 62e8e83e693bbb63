"""Tables of classmates: the classroom's view of a table in play.

A :class:`Table` is the one model of a table in play, :class:`texas42.table.TableInPlay`
(the engine's game, whose turn, the computer's turns, the next hand), with the server's
concerns layered on it: its *places*, one per person the rules seat (two-hand 42: two
people, each playing both hands of a side). A place is held by a person, through a random
token only that person's device knows, or by the computer (the explorers' default player,
:func:`texas42.analysis.players.default_player`, seeded by the table): the computer fills
the places nobody took and plays for a person who has been gone longer than
:data:`GRACE_S`, until they come back with their token.

Every action goes to the model and the engine, which check it: a refused action raises the
engine's own error (:mod:`texas42.errors`, with its rule) and leaves the table as it was.
What a place is sent is :meth:`Table.view`: its own dominoes and the table's public state,
never another hand nor the computer's reasons while the hand is played (the hand record,
every domino, once the hand is over: the coach's review reads it).

>>> table = Table.new("42", code="ACDEF", seed=1)
>>> place, token = table.join("Ana", now=0.0)
>>> place, table.view(place, now=0.0)["you"]["name"]
(0, 'Ana')
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..class_export import normal_name
from ..contracts import Contract
from ..dominoes import Domino
from ..errors import IllegalActionError, InputError, quote
from ..game import Game
from ..hand import Action, Hand
from ..rules import ALL_PRESETS, STANDARD, Rules
from ..svg import table_svg
from ..table import ComputerTurn, TableInPlay

#: The tables a class can sit at, by the key a teacher or student gives: 42 at four, and
#: the engine's other presets (two-hand, three-hand, Moon and Moon for many).
TABLE_KINDS: dict[str, Rules] = {
    "42": STANDARD,
    **{name: ALL_PRESETS[name] for name in
       ("two-hand", "three-hand", "moon", "moon-4", "moon-5", "moon-6", "moon-7")},
}
#: Letters of a table code: no vowel (no words), none read as another (0/O, 1/I/L, 5/S,
#: 8/B, 2/Z, U/V).
CODE_LETTERS = "CDFGHJKMNPQRTWXY"
CODE_LENGTH = 5
#: Seconds a person may be gone (a phone asleep) before the computer plays their place.
GRACE_S = 90.0
#: What a client may ask a table to do (``next``: the next hand once this one is over,
#: or a new game once the game is over).
ACTION_KINDS = ("bid", "discard", "contract", "play", "next")


def new_code(taken: Callable[[str], bool] = lambda code: False) -> str:
    """A fresh table code (``CODE_LENGTH`` of :data:`CODE_LETTERS`) for which ``taken``
    is false."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code


def normal_code(value: object) -> str:
    """A table code as typed (any case, spaces or dashes between letters), checked;
    :class:`~texas42.errors.InputError` (``rule="table-code"``) otherwise."""
    if not isinstance(value, str) or len(value) > 4 * CODE_LENGTH:
        raise InputError(f"{quote(value)} is not a table code: give the "
                         f"{CODE_LENGTH} letters the teacher shows", rule="table-code")
    code = "".join(ch for ch in value.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in code):
        raise InputError(f"{quote(value)} is not a table code: give the "
                         f"{CODE_LENGTH} letters the teacher shows", rule="table-code")
    return code


def token_digest(token: str) -> str:
    """What the server keeps of a seat's token: its SHA-256 (the token itself is only on
    the student's device)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Place:
    """One person's place at a table: who holds it and whether they are here."""

    name: str | None = None
    #: The SHA-256 of the token of whoever took the place (None: nobody did).
    digest: str | None = None
    #: Open live connections of this place, and when the last one closed.
    connections: int = 0
    gone_since: float | None = None

    def present(self, now: float, grace: float) -> bool:
        """A person holds the place now: connected, or gone less than ``grace`` seconds."""
        if self.digest is None:
            return False
        return self.connections > 0 or self.gone_since is None or now - self.gone_since < grace


@dataclass
class Table:
    """A table in play (:attr:`flow`, the model), its places, and each accepted action's
    count."""

    code: str
    kind: str
    seed: int
    flow: TableInPlay
    places: list[Place]
    #: Games started at this table (the game's seed is derived from the table's and it).
    games: int = 0
    #: Accepted actions so far (every view carries it: a client sees its state is current).
    version: int = 0
    grace: float = GRACE_S

    @classmethod
    def new(cls, kind: str, *, code: str, seed: int | None = None, grace: float = GRACE_S
            ) -> Table:
        """A new table of ``kind`` (a key of :data:`TABLE_KINDS`)."""
        rules = table_rules(kind)
        seed = secrets.randbits(48) if seed is None else seed
        return cls(code=code, kind=kind, seed=seed,
                   flow=TableInPlay.new(rules, seed=seed, player_seed=seed),
                   places=[Place() for _ in range(rules.players)], grace=grace)

    @property
    def game(self) -> Game:
        return self.flow.game

    @property
    def rules(self) -> Rules:
        return self.flow.rules

    @property
    def hand(self) -> Hand:
        return self.flow.hand

    # -- who sits where -------------------------------------------------------------------
    def seats_of(self, place: int) -> tuple[int, ...]:
        """The engine's seats the person at ``place`` plays (two-hand: both of a side)."""
        return self.rules.controlled_seats(place)

    def place_of_seat(self, seat: int) -> int:
        return next(p for p in range(len(self.places)) if seat in self.seats_of(p))

    def join(self, name: object, *, now: float) -> tuple[int, str]:
        """Take the first free place under ``name``: (the place, its new token). A full
        table raises :class:`~texas42.errors.IllegalActionError` (``rule="table-full"``)."""
        shown = normal_name(name)
        for index, place in enumerate(self.places):
            if place.digest is None:
                token = secrets.token_urlsafe(24)
                place.name, place.digest = shown, token_digest(token)
                place.gone_since = now
                self.version += 1
                return index, token
        raise IllegalActionError(f"table {self.code} is full: every place is taken",
                                 rule="table-full")

    def place_of_token(self, token: object) -> int | None:
        """The place ``token`` holds here, or None (compared in constant time)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            return None
        digest = token_digest(token)
        found = None
        for index, place in enumerate(self.places):
            if place.digest is not None and secrets.compare_digest(place.digest, digest):
                found = index
        return found

    def computer_plays(self, place: int, now: float) -> bool:
        return not self.places[place].present(now, self.grace)

    def next_expiry(self, now: float) -> float | None:
        """When the next absent person's grace ends (the computer takes over then)."""
        ends = [p.gone_since + self.grace for p in self.places
                if p.digest is not None and p.connections == 0 and p.gone_since is not None
                and p.gone_since + self.grace > now]
        return min(ends, default=None)

    def _seat_people(self, now: float) -> None:
        """Tell the model which seats people play now (the places present)."""
        self.flow.people = frozenset(s for i in range(len(self.places))
                                     if not self.computer_plays(i, now)
                                     for s in self.seats_of(i))

    # -- actions --------------------------------------------------------------------------
    def act(self, place: int, kind: object, value: object, *, now: float) -> None:
        """The person at ``place`` takes an action; the model and the engine check it.
        Refused: the engine's error (or InputError for a malformed one), the table
        unchanged."""
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            raise InputError(f"{quote(kind)} is not an action: give one of "
                             f"{', '.join(ACTION_KINDS)}", rule="action")
        if kind == "next":
            self._next_hand()
            return
        self.flow.check_turn(self.seats_of(place), kind)
        # What came over the network is checked for shape before the engine reads it.
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise InputError(f"the value {quote(value)} of a {kind} is not a bid, contract "
                             "or domino", rule="action")
        if isinstance(value, int) and (kind != "bid" or not 0 <= value <= 10_000):
            raise InputError(f"{quote(value)} is not a {kind}", rule="action")
        if isinstance(value, str) and len(value) > 40:
            raise InputError(f"{quote(value)} is not a {kind}", rule="action")
        if kind == "bid" and isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        self.flow.act(self.seats_of(place), kind, value)
        self.version += 1

    def _next_hand(self) -> None:
        """The next hand, or once the game is over a new game (seeded from the table's)."""
        if self.hand.is_over and self.game.is_over:
            self.games += 1
            self.flow.new_game(seed=self.game_seed(self.games))
        else:
            self.flow.next_hand()
        self.version += 1

    def game_seed(self, games: int) -> int:
        return self.seed + games

    def computer_to_act(self, now: float) -> bool:
        """Whether the seat to act is the computer's now (never at a table where nobody
        is: the hand waits for people)."""
        if not any(p.present(now, self.grace) for p in self.places):
            return False
        self._seat_people(now)
        return self.flow.computer_to_act()

    def computer_decision(self, hand: Hand) -> tuple[str, Any]:
        """The computer's action for the seat to act in ``hand`` (a copy of this table's
        hand: the server asks in a worker thread while the table goes on). The player
        sees only that seat's view; its reasons are never sent."""
        turn = self.flow.computer_decision(hand)
        return turn.kind, turn.value

    def apply_computer(self, kind: str, value: Any) -> Action:
        """Take the computer's action (checked by the engine like any other)."""
        action = self.flow.apply_computer(ComputerTurn(self.hand.to_act, kind, value, ""))
        self.version += 1
        return action

    def computer_turn(self, now: float) -> Action | None:
        """If the seat to act is the computer's, its action (taken); else None."""
        if not self.computer_to_act(now):
            return None
        self.flow.computer_turn()
        self.version += 1
        return self.hand.actions[-1]

    # -- what each place sees ---------------------------------------------------------
    def view(self, place: int, *, now: float) -> dict[str, Any]:
        """Everything the person at ``place`` may see, as JSON: their own dominoes and the
        table's public state (the widow and discards only to the bidder; every domino
        once the hand is over)."""
        hand, rules = self.hand, self.rules
        mine = self.seats_of(place)
        over = hand.is_over
        to_act = None if over else hand.to_act
        your_turn = to_act in mine
        public_actions = []
        for action in hand.actions:
            hidden = action.kind == "discard" and not (over or action.seat in mine)
            public_actions.append({"seat": action.seat, "kind": action.kind,
                                   "value": None if hidden else _json_value(action.value)})
        legal: list[Any] = []
        if your_turn:
            legal = [_json_value(a.value) for a in hand.legal_actions()]
        view: dict[str, Any] = {
            "type": "state",
            "table": self.code,
            "kind": self.kind,
            "rules": rules.name,
            "version": self.version,
            "you": {"place": place, "name": self.places[place].name, "seats": list(mine)},
            "places": [
                {"place": i, "name": p.name, "seats": list(self.seats_of(i)),
                 "computer": self.computer_plays(i, now), "connected": p.connections > 0}
                for i, p in enumerate(self.places)],
            "seats": rules.seats,
            "phase": hand.phase.value,
            "next_action": hand.next_action,
            "to_act": to_act,
            "your_turn": your_turn,
            "legal": legal,
            "held": {str(s): [str(d) for d in hand.holding(s)] for s in mine},
            "counts": [len(hand.holding(s)) for s in range(rules.seats)],
            "actions": public_actions,
            "bidder": hand.bidder,
            "high_bid": None if hand.bidder is None else hand.high_bid,
            "declarer": hand.declarer,
            "contract": None if hand.contract is None else str(hand.contract),
            "sitting_out": hand.sitting_out,
            "trick": [[s, str(d)] for s, d in zip(_trick_seats(hand), hand.current_trick,
                                                  strict=True)],
            "tricks": [{"leader": t.leader, "winner": t.winner, "points": t.points,
                        "plays": [[s, str(d)] for s, d in zip(t.seats, t.plays, strict=True)]}
                       for t in hand.visible_tricks()],
            "tricks_played": len(hand.tricks),
            "points": list(hand.points),
            "tricks_won": list(hand.tricks_won),
            "status": hand.status(seen_by=mine[0]),
            "standing": list(self.game.standing),
            "hands_played": len(self.game.hands),
            "game_winner": self.game.winner,
            "record": hand.record().to_dict() if over else None,
            # The engine's picture from this place (the acting seat of the two it plays,
            # two-hand): the other hands face down, nothing of them written; the dominoes
            # it may play are buttons (data-play).
            "svg": str(table_svg(hand, seat=to_act if your_turn else mine[0], show_all=over,
                                 controls=your_turn and hand.next_action == "play",
                                 compact=True)),
        }
        return view

    # -- persistence ----------------------------------------------------------------------
    def to_state(self) -> dict[str, Any]:
        """The table as JSON that :meth:`from_state` plays back exactly: the kind, seed and
        games, each hand's deal code (checked on load) and actions, and the places."""
        return {
            "code": self.code, "kind": self.kind, "seed": self.seed, "games": self.games,
            "version": self.version,
            "hands": [{"deal": h.deal.code, "actions": [[a.kind, _json_value(a.value)]
                                                        for a in h.actions]}
                      for h in self.game.hands],
            "places": [{"name": p.name, "digest": p.digest} for p in self.places],
        }

    @classmethod
    def from_state(cls, state: dict[str, Any], *, now: float, grace: float = GRACE_S
                   ) -> Table:
        """The table :meth:`to_state` saved, every hand replayed by the engine (a hand
        whose deal differs from the saved one raises InputError: nothing is guessed).
        Every person counts as gone since ``now`` (their devices reconnect)."""
        kind = str(state["kind"])
        table = cls.new(kind, code=normal_code(state["code"]), seed=int(state["seed"]),
                        grace=grace)
        table.games = int(state["games"])
        table.flow.new_game(seed=table.game_seed(table.games))
        hands = state["hands"]
        for index, saved in enumerate(hands):
            if index:
                table.game.next_hand()
            hand = table.game.hand
            if hand.deal.code != saved["deal"]:
                raise InputError(f"table {table.code}: hand {index + 1} was dealt "
                                 f"{saved['deal']}, the seed deals {hand.deal.code}",
                                 rule="table-state")
            hand.replay([(k, v) for k, v in saved["actions"]])
        for place, saved_place in zip(table.places, state["places"], strict=True):
            place.name, place.digest = saved_place["name"], saved_place["digest"]
            place.gone_since = now if place.digest is not None else None
        table.version = int(state["version"])
        return table


def table_rules(kind: object) -> Rules:
    """The rules of a table ``kind`` (:data:`TABLE_KINDS`); InputError otherwise."""
    if not isinstance(kind, str) or kind not in TABLE_KINDS:
        raise InputError(f"{quote(kind)} is not a table: choose one of "
                         f"{', '.join(TABLE_KINDS)}", rule="table-kind")
    return TABLE_KINDS[kind]


def _trick_seats(hand: Hand) -> list[int]:
    """The seat that played each domino of the trick in progress (the last plays')."""
    count = len(hand.current_trick)
    plays = [a.seat for a in hand.actions if a.kind == "play"]
    return plays[len(plays) - count:] if count else []


def _json_value(value: int | str | Contract | Domino) -> int | str:
    """An action's value as JSON: a bid's number (0 for a pass) or text."""
    if isinstance(value, int):
        return value
    return str(value) if not isinstance(value, str) else value


