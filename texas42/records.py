"""Hand records: a whole hand (rules, shaker, deal, bids, contract, plays) as JSON.

The JSON form round-trips exactly::

    {"rules": "standard", "shaker": 0,
     "hands": [["6-4", ...seven...], ...four...],
     "bids": ["pass", 30, ...], "contract": "fives", "plays": ["6-4", ...]}

``hands[s]`` is what seat ``s`` was dealt; ``bids`` are in bidding order.
A record can stop anywhere (no contract yet, some plays), so it also describes
a position. :meth:`HandRecord.replay` checks every action against the rules.

A hand that was laid down adds ``"claim": {"seat": 0, "play": 12}``: seat 0
claimed the rest after 12 plays; the plays after it are the ones the engine
made. Replay verifies the claim again at that point, and checks that the
claimant's side took every trick from then on. A record may stop at its claim:
replay then lays the hand down (the engine plays the rest).

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
from .hand import Action, Claim, Hand, Phase
from .rules import STANDARD, Rules


class ReplayError(Texas42Error):
    """An action of a record that the rules do not allow. ``kind`` is ``"bid"``,
    ``"contract"`` or ``"play"``; ``index`` indexes that list of the record
    (``"claim"``: a claim that is not sure, ``index`` the plays made before it)."""

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
    #: Who laid down, and after how many plays (``None``: no claim).
    claim: Claim | None = None

    @classmethod
    def from_hand(cls, hand: Hand) -> HandRecord:
        return cls(
            deal=hand.deal,
            shaker=hand.shaker,
            rules=hand.rules,
            bids=tuple(hand.special_bids.get(i, b) for i, b in enumerate(hand.bids)),
            contract=hand.contract,
            plays=tuple(hand.plays),
            claim=hand.claim,
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
        if self.claim is not None:
            out["claim"] = {"seat": self.claim.seat, "play": self.claim.play}
        return out

    def to_json(self, *, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """Read a record; raises :class:`NotationError` naming the bad field."""
        if not isinstance(data, dict):
            raise NotationError(f"a hand record is a JSON object, got {type(data).__name__}")
        known = {"rules", "shaker", "hands", "deal", "bids", "contract", "plays", "claim"}
        unknown = set(data) - known
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
            claim=_claim(data.get("claim"), len(plays)),
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
        claim = self.claim
        for i, domino in enumerate(self.plays):
            if claim is not None and i == claim.play:
                _verify_claim(hand, claim)
                hand.claim = claim
            if hand.phase is Phase.OVER and hand.result is not None and len(hand.tricks) < 7:
                hand.play_out()  # the record plays on after the result was decided
            _step(hand.play, domino, "play", i, str(domino))
        if claim is not None and claim.play == len(self.plays):
            _verify_claim(hand, claim)
            hand.lay_down(claim.seat)  # the record stops at its claim: the engine plays on
        if claim is not None:
            _check_claimed_tricks(hand, claim)
        return hand

    def actions(self) -> list[Action]:
        return self.replay().actions


def _verify_claim(hand: Hand, claim: Claim) -> None:
    """Check a recorded claim again where it was made."""
    from .claims import verify_claim

    where = f"the claim by seat {claim.seat} after {claim.play} plays"
    try:
        check = verify_claim(hand, claim.seat)
    except IllegalActionError as exc:
        raise ReplayError(
            f"{where} breaks the rule '{exc.rule}': {exc.message}",
            rule=exc.rule, kind="claim", index=claim.play,
        ) from None
    if not check.valid:
        raise ReplayError(
            f"{where} is not sure: {check.explain()}",
            rule="claim-not-sure" if check.checked else "claim-unchecked",
            kind="claim", index=claim.play,
        )


def _check_claimed_tricks(hand: Hand, claim: Claim) -> None:
    """After a claim, the claimant's side takes every trick (nello: the declarer none)."""
    size = 3 if hand.sitting_out is not None else 4
    for n in range(claim.play // size, len(hand.tricks)):
        winner = hand.tricks[n].winner
        assert winner is not None
        nello = hand.sitting_out is not None
        lost = winner == claim.seat if nello else (winner ^ claim.seat) & 1 == 1
        if lost:
            last = (n + 1) * size - 1
            raise ReplayError(
                f"trick {n + 1} is won by seat {winner}, but seat {claim.seat} claimed "
                f"{'to lose every trick' if nello else 'every trick for its side'} "
                f"after {claim.play} plays",
                rule="claim-broken", kind="play", index=last,
            )


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


def _claim(value: Any, plays: int) -> Claim | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"seat", "play"}:
        raise NotationError(
            'a claim is written {"seat": 0..3, "play": how many plays came before it}',
            rule="record",
        )
    seat, play = value["seat"], value["play"]
    for name, x, top in (("seat", seat, 3), ("play", play, plays)):
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= top:
            raise NotationError(f"claim {name} {x!r} is not in 0..{top}", rule="record")
    return Claim(seat, play)


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
        if hand.claim is not None:
            # Laid down: who claimed, after how many dominoes (the engine played the rest).
            out["claim"] = {"seat": hand.claim.seat, "play": hand.claim.play}
    else:
        out["result"] = None
        out["phase"] = hand.phase.value
        if hand.phase is Phase.RESHAKE:
            out["reshake"] = True
    return out
