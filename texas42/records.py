"""Hand records: a whole hand (rules, shaker, deal, bids, contract, plays) as JSON.

The JSON form round-trips exactly::

    {"rules": "standard", "shaker": 0,
     "hands": [["6-4", ...seven...], ...four...],
     "bids": ["pass", 30, ...], "contract": "fives", "plays": ["6-4", ...]}

``hands[s]`` is what seat ``s`` was dealt; ``bids`` are in bidding order.
A record can stop anywhere (no contract yet, some plays), so it also describes
a position. :meth:`HandRecord.replay` checks every action against the rules.

>>> hand = Hand(Deal.from_seed(3), shaker=0)
>>> for b in ("pass", "31", "pass", "pass"):
...     hand.bid(b)
>>> record = hand.record()
>>> HandRecord.from_json(record.to_json()) == record
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .bidding import PASS, SPECIAL_BIDS, bid_text, parse_bid
from .contracts import Contract
from .deals import Deal
from .dominoes import Domino
from .errors import IllegalActionError, NotationError, Texas42Error
from .hand import Action, Hand, Phase
from .rules import STANDARD, Rules


class ReplayError(Texas42Error):
    """An action of a record that the rules do not allow. ``kind`` is ``"bid"``,
    ``"contract"`` or ``"play"``; ``index`` indexes that list of the record."""

    def __init__(self, message: str, *, rule: str, kind: str, index: int) -> None:
        super().__init__(message, rule=rule)
        self.kind = kind
        self.index = index


@dataclass(frozen=True)
class HandRecord:
    """The actions of one hand, enough to rebuild it exactly."""

    deal: Deal
    shaker: int = 0
    rules: Rules = STANDARD
    #: Bids in order: ints (0 = pass), or "plunge" / "splash".
    bids: tuple[int | str, ...] = ()
    contract: Contract | None = None
    plays: tuple[Domino, ...] = field(default=())

    @classmethod
    def from_hand(cls, hand: Hand) -> HandRecord:
        return cls(
            deal=hand.deal,
            shaker=hand.shaker,
            rules=hand.rules,
            bids=tuple(hand.special_bids.get(i, b) for i, b in enumerate(hand.bids)),
            contract=hand.contract,
            plays=tuple(hand.plays),
        )

    # -- JSON -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": self.rules.to_json(),
            "shaker": self.shaker,
            "hands": self.deal.to_lists(),
            "bids": ["pass" if b == PASS else b for b in self.bids],  # "plunge" stays text
        }
        if self.contract is not None:
            out["contract"] = str(self.contract)
        out["plays"] = [str(d) for d in self.plays]
        return out

    def to_json(self, *, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """Read a record; raises :class:`NotationError` naming the bad field."""
        if not isinstance(data, dict):
            raise NotationError(f"a hand record is a JSON object, got {type(data).__name__}")
        unknown = set(data) - {"rules", "shaker", "hands", "deal", "bids", "contract", "plays"}
        if unknown:
            fields = ", ".join(sorted(unknown))
            raise NotationError(f"unknown field(s) in the hand record: {fields}", rule="record")
        rules = Rules.from_json(data.get("rules", "standard"))
        shaker = data.get("shaker", 0)
        if not isinstance(shaker, int) or isinstance(shaker, bool) or not 0 <= shaker <= 3:
            raise NotationError(f"shaker {shaker!r} is not a seat 0..3", rule="record")
        if "hands" in data:
            hands = data["hands"]
            if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
                raise NotationError("hands must be a list of four lists of dominoes", rule="record")
            deal = Deal(hands)
        elif "deal" in data:
            deal = Deal.from_code(data["deal"])
        else:
            raise NotationError("a hand record needs the hands (or a deal code)", rule="record")
        bids = data.get("bids", [])
        if not isinstance(bids, list):
            raise NotationError("bids must be a list", rule="record")
        plays = data.get("plays", [])
        if not isinstance(plays, list):
            raise NotationError("plays must be a list", rule="record")
        contract = data.get("contract")
        return cls(
            deal=deal,
            shaker=shaker,
            rules=rules,
            bids=tuple(_bid(b, i) for i, b in enumerate(bids)),
            contract=None if contract is None else _contract(contract),
            plays=tuple(_domino(p, i) for i, p in enumerate(plays)),
        )

    @classmethod
    def from_json(cls, text: str) -> HandRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            message = f"the hand record is not valid JSON: {exc}"
            raise NotationError(message, rule="record") from None
        return cls.from_dict(data)

    # -- replay ---------------------------------------------------------------------
    def replay(self) -> Hand:
        """Rebuild the hand, checking every action. Raises :class:`ReplayError`
        for the first illegal one (naming its kind, index and rule)."""
        hand = Hand(self.deal, shaker=self.shaker, rules=self.rules)
        for i, bid in enumerate(self.bids):
            _step(hand.bid, bid, "bid", i, bid if isinstance(bid, str) else bid_text(bid))
        if self.contract is not None:
            _step(hand.name_contract, self.contract, "contract", 0, str(self.contract))
        elif self.plays:
            raise ReplayError(
                "the record has plays but no contract: name trumps before play",
                rule="contract-missing", kind="contract", index=0,
            )
        for i, domino in enumerate(self.plays):
            if hand.phase is Phase.OVER and hand.result is not None and len(hand.tricks) < 7:
                hand.play_out()  # the record plays on after the result was decided
            _step(hand.play, domino, "play", i, str(domino))
        return hand

    def actions(self) -> list[Action]:
        return self.replay().actions


def _step(method: Any, value: Any, kind: str, index: int, text: str) -> None:
    try:
        method(value)
    except IllegalActionError as exc:
        raise ReplayError(
            f"{kind} {index} ({text}) breaks the rule '{exc.rule}': {exc.message}",
            rule=exc.rule, kind=kind, index=index,
        ) from None


class RecordNotationError(NotationError):
    """A bid, contract or play of a record that is not even well formed;
    ``kind`` and ``index`` say which one, as for :class:`ReplayError`."""

    def __init__(self, message: str, *, rule: str, kind: str, index: int) -> None:
        super().__init__(message, rule=rule)
        self.kind = kind
        self.index = index


def _bid(value: Any, index: int) -> int | str:
    if isinstance(value, str) and value.strip().lower() in SPECIAL_BIDS:
        return value.strip().lower()
    try:
        return parse_bid(value)
    except NotationError as exc:
        raise RecordNotationError(
            f"bid {index}: {exc.message}", rule=exc.rule, kind="bid", index=index
        ) from None


def _contract(value: Any) -> Contract:
    try:
        return Contract.parse(value)
    except NotationError as exc:
        raise RecordNotationError(
            f"contract: {exc.message}", rule=exc.rule, kind="contract", index=0
        ) from None


def _domino(value: Any, index: int) -> Domino:
    try:
        return Domino.parse(value)
    except NotationError as exc:
        raise RecordNotationError(
            f"play {index}: {exc.message}", rule=exc.rule, kind="play", index=index
        ) from None


def result_json(hand: Hand) -> dict[str, Any]:
    """The replay summary of a hand, as ``texas42 replay --json`` prints it."""
    out: dict[str, Any] = {
        "tricks": [
            {
                "leader": t.leader,
                "plays": [str(d) for d in t.plays],
                "winner": t.winner,
                "points": t.points,
            }
            for t in hand.tricks
        ]
    }
    if hand.result is not None:
        r = hand.result
        out["result"] = {
            "bidder": r.bidder,
            "bid": r.bid,
            "contract": str(r.contract),
            "points": list(r.points),
            "made": r.made,
            "marks": list(r.marks),
        }
        if hand.rules.scoring == "points":
            out["result"]["score"] = list(r.score)
    else:
        out["result"] = None
        out["phase"] = hand.phase.value
        if hand.phase is Phase.RESHAKE:
            out["reshake"] = True
    return out
