"""Moon: the three-player game of 42's family (PAGAT, DOMRULES).

The blanks are taken out except 0-0, leaving 22 dominoes: seven each and one
face down, the widow. Each player bids once, clockwise from the shaker's left:
pass, 4 to 7 tricks, or 21 ("shooting the moon": all seven tricks for 21
points). The high bidder takes the widow, discards one domino face down, names
trumps (a number, or follow-me; doubles are never trumps) and leads. Every
trick is worth 1 point and there is no count. Made: the bidder scores the
tricks taken (21 for a moon); set: the bidder loses the bid. Each opponent
scores the tricks they took. The first to 21 wins; if several reach it in the
same hand, the bidder wins ("bidder goes out").

Suits, following and winning tricks are those of 42: the same contract tables.

>>> hand = MoonHand(MoonDeal.from_seed(5), shaker=0)
>>> hand.to_act, hand.valid_bids()
(1, [0, 4, 5, 6, 7, 21])
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from .contracts import Contract, Suit, tables
from .deals import decode_deal, encode_deal
from .dominoes import DOMINOES, Domino, DominoLike, DominoSet, sorted_dominoes, to_domino, to_mask
from .errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalContractError,
    IllegalPlayError,
    InputError,
    NotationError,
    quote,
)
from .hand import Action, Phase, Trick, action_parts, check_step, shown_voids
from .rules import MOON, Rules
from .tricks import explain_play

PLAYERS = 3
#: The 22 dominoes of Moon: every blank but 0-0 is taken out.
MOON_DOMINOES: tuple[Domino, ...] = tuple(d for d in DOMINOES if d.low > 0 or d.high == 0)
MOON_MASK = sum(1 << d.index for d in MOON_DOMINOES)
_SIZES = (7, 7, 7, 1)  # three hands and the widow
MOON_BIDS = (4, 5, 6, 7, 21)
SHOOT_THE_MOON = 21


def moon_contracts(rules: Rules = MOON) -> list[Contract]:
    """What a Moon bidder may name: a number as trumps, or follow-me (doubles are never
    trumps in Moon).

    >>> [str(c) for c in moon_contracts()][-2:]
    ['blanks', 'follow-me']
    """
    out = [Contract.suit(n) for n in range(6, -1, -1)]
    out += [Contract("follow-me", None, p) for p in rules.follow_me_doubles]  # type: ignore[arg-type]
    return out


def is_moon_record(text: str | bytes) -> bool:
    """Whether a hand record (JSON) is of Moon: its rules are for three players.

    >>> is_moon_record('{"rules": "moon", "hands": []}'), is_moon_record('{"hands": []}')
    (True, False)
    """
    from .records import load_json

    try:
        return is_moon_data(load_json(text))
    except NotationError:
        return False  # the 42 reader reports the problem


def is_moon_data(data: Any) -> bool:
    """Whether parsed record data is of Moon (its rules are for three players)."""
    if not isinstance(data, dict):
        return False
    try:
        return Rules.from_json(data.get("rules", "standard")).players == PLAYERS
    except NotationError:
        return False  # the 42 reader reports the problem


class MoonDeal:
    """Three hands of seven and the widow."""

    __slots__ = ("masks",)

    def __init__(self, hands: Sequence[Any], widow: DominoLike | None = None) -> None:
        if not isinstance(hands, (list, tuple)):
            raise NotationError(f"a Moon deal has three hands and a widow, got {quote(hands)}",
                                rule="deal")
        masks = [to_mask(h) for h in hands]
        if widow is not None:
            masks.append(1 << to_domino(widow).index)
        if len(masks) != 4:
            raise NotationError("a Moon deal has three hands and a widow", rule="deal")
        seen = 0
        for i, (mask, size) in enumerate(zip(masks, _SIZES, strict=True)):
            what = f"seat {i}" if i < PLAYERS else "the widow"
            if mask.bit_count() != size:
                raise NotationError(
                    f"{what} holds {mask.bit_count()} dominoes ({DominoSet(mask)}); "
                    f"it should hold {size}",
                    rule="deal",
                )
            if mask & ~MOON_MASK:
                out = DominoSet(mask & ~MOON_MASK)
                raise NotationError(
                    f"{out} is not used in Moon (the blanks but 0-0 are taken out)", rule="deal"
                )
            if mask & seen:
                raise NotationError(f"{DominoSet(mask & seen)} dealt twice", rule="deal")
            seen |= mask
        self.masks: tuple[int, ...] = tuple(masks)

    @classmethod
    def from_seed(cls, seed: int | str | None = None) -> MoonDeal:
        return cls.shake(random.Random(seed))

    @classmethod
    def shake(cls, rng: random.Random) -> MoonDeal:
        order = list(MOON_DOMINOES)
        rng.shuffle(order)
        masks, start = [], 0
        for size in _SIZES:
            masks.append(sum(1 << d.index for d in order[start : start + size]))
            start += size
        return cls(masks)

    @classmethod
    def from_code(cls, code: str) -> MoonDeal:
        return cls(decode_deal(code, MOON_DOMINOES, _SIZES))

    @property
    def code(self) -> str:
        """The Moon deal code (8 characters: 7 for the deal and a check character)."""
        return encode_deal(self.masks, MOON_DOMINOES, _SIZES)

    @property
    def hands(self) -> tuple[DominoSet, ...]:
        return tuple(DominoSet(m) for m in self.masks[:PLAYERS])

    @property
    def widow(self) -> Domino:
        return sorted_dominoes(self.masks[PLAYERS])[0]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MoonDeal) and self.masks == other.masks

    def __hash__(self) -> int:
        return hash(self.masks)

    def __repr__(self) -> str:
        return f"MoonDeal.from_code({self.code!r})"

    def __str__(self) -> str:
        lines = [f"seat {s}: {DominoSet(m)}" for s, m in enumerate(self.masks[:PLAYERS])]
        return "\n".join([*lines, f"widow: {self.widow}"])


@dataclass(frozen=True)
class MoonResult:
    bidder: int
    bid: int
    contract: Contract
    tricks: tuple[int, int, int]
    made: bool
    #: Points each seat scores this hand (the bidder's may be negative).
    score: tuple[int, int, int]

    def describe(self) -> str:
        verb = "made" if self.made else "was set on"
        return (
            f"Seat {self.bidder} {verb} {self.bid} in {self.contract}, taking "
            f"{self.tricks[self.bidder]} tricks; scores {self.score[0]}, {self.score[1]}, "
            f"{self.score[2]}."
        )


class MoonHand:
    """One hand of Moon: bid, widow, contract, seven tricks of three."""

    def __init__(
        self,
        deal: MoonDeal | Sequence[Any] | str | None = None,
        *,
        shaker: int = 0,
        rules: Rules | str = MOON,
    ) -> None:
        if deal is None:
            deal = MoonDeal.from_seed(None)
        elif isinstance(deal, str):
            deal = MoonDeal.from_code(deal)
        elif not isinstance(deal, MoonDeal):
            deal = MoonDeal(deal)
        self.rules = rules if isinstance(rules, Rules) else Rules.preset(rules)
        if self.rules.players != PLAYERS:
            raise NotationError(f"the {self.rules.name} rules are not Moon's", rule="rules")
        if not isinstance(shaker, int) or isinstance(shaker, bool) or not 0 <= shaker < PLAYERS:
            raise InputError(f"shaker {quote(shaker)} is not a seat 0..2", rule="seat")
        self.deal, self.shaker = deal, shaker
        self.actions: list[Action] = []
        self.phase = Phase.BIDDING
        self._holdings = list(deal.masks[:PLAYERS])
        self.bidding_order = [(shaker + 1 + i) % PLAYERS for i in range(PLAYERS)]
        self.bids: list[int] = []
        self.high_bid = 0
        self.bidder: int | None = None
        self.discard: Domino | None = None
        self.contract: Contract | None = None
        self.tricks: list[Trick] = []
        self._trick: list[Domino] = []
        self._seats: list[int] = []
        self.plays: list[Domino] = []
        self.tricks_won = [0, 0, 0]
        self.to_act = self.bidding_order[0]
        self.leader = self.to_act
        self.result: MoonResult | None = None

    # -- bidding --------------------------------------------------------------------
    def valid_bids(self) -> list[int]:
        if self.phase is not Phase.BIDDING:
            return []
        return [0, *(b for b in MOON_BIDS if b > self.high_bid)]

    def bid(self, value: int | str) -> None:
        if self.phase is not Phase.BIDDING:
            raise IllegalBidError(f"bid {quote(value)}: the auction is over", rule="bidding-over")
        if isinstance(value, int) and not isinstance(value, bool):
            amount = value if value in (0, *MOON_BIDS) else -1
        else:
            text = value.strip().lower() if isinstance(value, str) else ""
            plain_number = text.isascii() and text.isdigit() and len(text) <= 2
            amount = 0 if text in ("pass", "0") else int(text) if plain_number else -1
        if amount not in (0, *MOON_BIDS):
            raise NotationError(
                f"{quote(value)} is not a Moon bid: pass, 4 to 7 tricks, or 21 to shoot the moon",
                rule="bid-notation",
            )
        if amount and amount <= self.high_bid:
            raise IllegalBidError(
                f"seat {self.to_act} cannot bid {amount}: it does not beat {self.high_bid}",
                rule="bid-must-raise",
            )
        self.actions.append(Action("bid", amount, self.to_act))
        self.bids.append(amount)
        if amount:
            self.high_bid, self.bidder = amount, self.to_act
        if len(self.bids) < PLAYERS and self.high_bid != SHOOT_THE_MOON:
            self.to_act = self.bidding_order[len(self.bids)]
        elif self.bidder is None:
            self.phase = Phase.RESHAKE
        else:
            self.phase = Phase.CONTRACT
            self.to_act = self.bidder
            # The bidder picks up the widow, then discards one domino.
            self._holdings[self.bidder] |= self.deal.masks[PLAYERS]

    # -- widow and contract ------------------------------------------------------------
    def discard_domino(self, domino: DominoLike) -> None:
        """The bidder, holding eight after taking the widow, lays one aside."""
        d = to_domino(domino)
        if self.phase is not Phase.CONTRACT or self.discard is not None:
            raise IllegalActionError(f"{d} cannot be discarded now", rule="discard-timing")
        assert self.bidder is not None
        if not self._holdings[self.bidder] >> d.index & 1:
            raise IllegalActionError(f"seat {self.bidder} does not hold {d}", rule="not-held")
        self._holdings[self.bidder] ^= 1 << d.index
        self.discard = d
        self.actions.append(Action("discard", d, self.bidder))

    def valid_contracts(self) -> list[Contract]:
        if self.phase is not Phase.CONTRACT or self.discard is None:
            return []
        return moon_contracts(self.rules)

    def name_contract(self, contract: Contract | str) -> None:
        c = contract if isinstance(contract, Contract) else Contract.parse(contract)
        if self.phase is not Phase.CONTRACT or self.discard is None:
            raise IllegalContractError(
                f"{c} cannot be named now: the bidder first takes the widow and discards",
                rule="contract-timing",
            )
        if c not in self.valid_contracts():
            raise IllegalContractError(
                f"{c} is not a Moon contract: name a number or follow-me (doubles are never "
                "trumps in Moon)",
                rule="contract-not-allowed",
            )
        assert self.bidder is not None
        self.contract = c
        self.actions.append(Action("contract", c, self.bidder))
        self.phase = Phase.PLAYING
        self.leader = self.to_act = self.bidder

    # -- play ---------------------------------------------------------------------------
    def holding(self, seat: int) -> DominoSet:
        return DominoSet(self._holdings[seat])

    @property
    def current_trick(self) -> list[Domino]:
        return list(self._trick)

    def known_voids(self) -> dict[int, set[Suit]]:
        """For each seat, the suits it has shown it cannot follow (Moon tricks are
        face up, so everyone saw them)."""
        current = Trick(self.leader, tuple(self._trick), None, 0, tuple(self._seats))
        return shown_voids([*self.tricks, current], self.contract, PLAYERS)

    def _legal_mask(self) -> int:
        held = self._holdings[self.to_act]
        if self.contract is None:
            return held
        return tables(self.contract).legal(held, self._trick[0] if self._trick else None)

    def legal_plays(self) -> list[Domino]:
        return sorted_dominoes(self._legal_mask()) if self.phase is Phase.PLAYING else []

    def play(self, domino: DominoLike) -> None:
        d = to_domino(domino)
        if self.phase is not Phase.PLAYING:
            raise IllegalPlayError(f"{d} cannot be played now", rule="play-timing")
        seat, held = self.to_act, self._holdings[self.to_act]
        if not held >> d.index & 1:
            raise IllegalPlayError(f"seat {seat} does not hold {d}", rule="not-held")
        if not self._legal_mask() >> d.index & 1:
            assert self.contract is not None
            why = explain_play(d, held, self._trick, self.contract)
            raise IllegalPlayError(f"seat {seat} cannot play {d}: {why}", rule="follow-suit")
        self._holdings[seat] ^= 1 << d.index
        self.actions.append(Action("play", d, seat))
        self.plays.append(d)
        self._trick.append(d)
        self._seats.append(seat)
        if len(self._trick) < PLAYERS:
            self.to_act = (seat + 1) % PLAYERS
            return
        assert self.contract is not None
        winner = self._seats[tables(self.contract).best(self._trick)]
        self.tricks.append(Trick(self.leader, tuple(self._trick), winner, 1, tuple(self._seats)))
        self._trick, self._seats = [], []
        self.tricks_won[winner] += 1
        self.leader = self.to_act = winner
        if len(self.tricks) == 7:
            self._score()

    def _score(self) -> None:
        assert self.bidder is not None and self.contract is not None
        taken = self.tricks_won[self.bidder]
        moon = self.high_bid == SHOOT_THE_MOON
        made = taken == 7 if moon else taken >= self.high_bid
        score = list(self.tricks_won)
        score[self.bidder] = (SHOOT_THE_MOON if moon else taken) if made else -self.high_bid
        self.result = MoonResult(
            self.bidder, self.high_bid, self.contract,
            (self.tricks_won[0], self.tricks_won[1], self.tricks_won[2]),
            made, (score[0], score[1], score[2]),
        )
        self.phase = Phase.OVER

    # -- generic --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.OVER, Phase.RESHAKE)

    @property
    def next_action(self) -> str | None:
        """What the seat to act does next: ``"bid"``, ``"discard"``, ``"contract"`` or
        ``"play"`` (``None`` once the hand is over)."""
        if self.phase is Phase.BIDDING:
            return "bid"
        if self.phase is Phase.CONTRACT:
            return "discard" if self.discard is None else "contract"
        return "play" if self.phase is Phase.PLAYING else None

    def legal_actions(self) -> list[Action]:
        seat, kind = self.to_act, self.next_action
        if kind == "bid":
            return [Action("bid", b, seat) for b in self.valid_bids()]
        if kind == "discard":
            return [Action("discard", d, seat) for d in self.holding(seat)]
        if kind == "contract":
            return [Action("contract", c, seat) for c in self.valid_contracts()]
        if kind == "play":
            return [Action("play", d, seat) for d in self.legal_plays()]
        return []

    def apply(self, action: Action | tuple[str, Any]) -> None:
        """Apply ``(kind, value)``; every action checks fully before it changes anything,
        so a refused one leaves the hand as it was."""
        kind, value = action_parts(action, ("bid", "discard", "contract", "play"))
        if kind == "bid":
            self.bid(cast(int | str, value))
        elif kind == "discard":
            self.discard_domino(cast(DominoLike, value))
        elif kind == "contract":
            self.name_contract(cast(Contract | str, value))
        else:
            self.play(cast(DominoLike, value))

    def status(self) -> str:
        if self.phase is Phase.BIDDING:
            return f"Bidding: seat {self.to_act} to bid (high bid {self.high_bid or 'none'})."
        if self.phase is Phase.CONTRACT:
            step = "discards one domino" if self.discard is None else "names trumps"
            return f"Seat {self.bidder} took the widow and {step}."
        if self.phase is Phase.PLAYING:
            return f"Trick {len(self.tricks) + 1}: seat {self.to_act} to play."
        if self.phase is Phase.RESHAKE:
            return "Everyone passed: the dominoes are shaken again."
        assert self.result is not None
        return self.result.describe()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoonHand):
            return NotImplemented
        return (self.deal, self.shaker, [a[:2] for a in self.actions]) == (
            other.deal, other.shaker, [a[:2] for a in other.actions],
        )

    __hash__ = None  # type: ignore[assignment]

    def at(self, step: int) -> MoonHand:
        """A new hand holding the first ``step`` actions of this one (to look back)."""
        check_step(step, len(self.actions))
        out = MoonHand(self.deal, shaker=self.shaker, rules=self.rules)
        for action in self.actions[:step]:
            out.apply(action)
        return out

    def copy(self) -> MoonHand:
        """An independent copy (the same deal and actions)."""
        return self.at(len(self.actions))

    def undo(self) -> Action:
        """Take back the last action and return it (as :meth:`texas42.Hand.undo`)."""
        if not self.actions:
            raise IllegalActionError("nothing to undo: no action has been taken", rule="undo")
        last = self.actions[-1]
        # Rebuilding from the actions kept is the one way to restore every derived field.
        self.__dict__.update(self.at(len(self.actions) - 1).__dict__)
        return last

    def __repr__(self) -> str:
        return f"<MoonHand {self.deal.code} shaker={self.shaker}: {self.status()}>"

    def _repr_svg_(self) -> str:
        from .svg import moon_table_svg

        return moon_table_svg(self)

    # -- records ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": self.rules.to_json(),
            "shaker": self.shaker,
            "hands": [[str(d) for d in h] for h in self.deal.hands],
            "widow": str(self.deal.widow),
            "bids": ["pass" if b == 0 else b for b in self.bids],
        }
        if self.discard is not None:
            out["discard"] = str(self.discard)
        if self.contract is not None:
            out["contract"] = str(self.contract)
        out["plays"] = [str(d) for d in self.plays]
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def replay_dict(cls, data: Any) -> MoonHand:
        """Rebuild a Moon hand from its record, checking every field and action; raises
        :class:`texas42.records.ReplayError` for the first illegal action, and
        :class:`NotationError` (``rule="record"``) for a field that is unknown, of the
        wrong type, or not well formed."""
        from .records import (
            RecordNotationError,
            ReplayError,
            check_keys,
            check_list,
            check_seat,
        )

        what = "Moon record"
        if isinstance(data, dict) and "claim" in data:
            raise NotationError("a Moon record has no claim: Moon hands are played out, "
                                "never laid down", rule="record")
        data = check_keys(data, _RECORD_FIELDS, what)
        rules = Rules.from_json(data.get("rules", "moon"))
        hands = check_list(data.get("hands"), "hands", PLAYERS, what=what)
        if len(hands) != PLAYERS or "widow" not in data:
            raise NotationError("a Moon record has three hands and a widow", rule="record")
        for seat, held in enumerate(hands):
            check_list(held, f"hands[{seat}]", 7, what=what)
        for name in ("widow", "discard", "contract"):
            if name in data and not isinstance(data[name], str):
                raise NotationError(f"{name} {quote(data[name])} in the {what} is not text",
                                    rule="record")
        shaker = check_seat(data.get("shaker", 0), "shaker", PLAYERS, what)
        bids = check_list(data.get("bids", []), "bids", PLAYERS, what=what)
        plays = check_list(data.get("plays", []), "plays", 7 * PLAYERS, what=what)
        hand = cls(MoonDeal(hands, data["widow"]), shaker=shaker, rules=rules)
        steps: list[tuple[str, int, Any]] = [("bid", i, b) for i, b in enumerate(bids)]
        if "discard" in data:
            steps.append(("discard", 0, data["discard"]))
        if "contract" in data:
            steps.append(("contract", 0, data["contract"]))
        steps += [("play", i, p) for i, p in enumerate(plays)]
        for kind, index, value in steps:
            try:
                hand.apply((kind, value))
            except IllegalActionError as exc:
                raise ReplayError(
                    f"{kind} {index} ({quote(value)}) breaks the rule '{exc.rule}': "
                    f"{exc.message}",
                    rule=exc.rule, kind=kind, index=index,
                ) from None
            except NotationError as exc:
                raise RecordNotationError(
                    f"{kind} {index}: {exc.message}", rule=exc.rule, kind=kind, index=index
                ) from None
        return hand


_RECORD_FIELDS = ("rules", "shaker", "hands", "widow", "bids", "discard", "contract", "plays")


class MoonGame:
    """Moon hands until a player reaches 21 (the bidder goes out first)."""

    def __init__(
        self,
        rules: Rules | str = MOON,
        *,
        seed: int | None = None,
        shaker: int = 0,
        deal: MoonDeal | None = None,
    ) -> None:
        self.rules = rules if isinstance(rules, Rules) else Rules.preset(rules)
        self._rng = random.Random(seed)
        first = deal if deal is not None else MoonDeal.shake(self._rng)
        self.hands = [MoonHand(first, shaker=shaker, rules=self.rules)]

    @property
    def hand(self) -> MoonHand:
        return self.hands[-1]

    def next_hand(self, deal: MoonDeal | None = None) -> MoonHand:
        """Shake again (or use ``deal``); the shake passes to the left."""
        if not self.hand.is_over or self.is_over:
            raise IllegalActionError("the hand (or the game) is not ready for a new shake",
                                     rule="hand-not-over")
        shaker = (self.hand.shaker + 1) % PLAYERS
        deal = deal if deal is not None else MoonDeal.shake(self._rng)
        self.hands.append(MoonHand(deal, shaker=shaker, rules=self.rules))
        return self.hand

    @property
    def scores(self) -> tuple[int, int, int]:
        totals = [0, 0, 0]
        for h in self.hands:
            if h.result is not None:
                for s in range(PLAYERS):
                    totals[s] += h.result.score[s]
        return (totals[0], totals[1], totals[2])

    @property
    def winner(self) -> int | None:
        scores = self.scores
        out = [s for s in range(PLAYERS) if scores[s] >= self.rules.target]
        if not out:
            return None
        last = self.hand.result
        if len(out) > 1 and last is not None and last.bidder in out:
            return last.bidder  # bidder goes out
        return max(out, key=lambda s: scores[s])

    @property
    def is_over(self) -> bool:
        return self.winner is not None
