"""Hand records: a whole hand (rules, shaker, deal, bids, contract, plays) as JSON.

The JSON form round-trips exactly::

    {"rules": "standard", "shaker": 0,
     "hands": [["6-4", ...seven...], ...four...],
     "bids": ["pass", 30, ...], "contract": "fives", "plays": ["6-4", ...]}

``hands[s]`` is what seat ``s`` was dealt; ``bids`` are in bidding order. Every
table writes the same record: its rules say how many hands of how many; a table with
a widow adds ``"widow"`` and ``"discard"`` (one domino as text, more as a list; Moon),
one with dominoes laid aside ``"aside"`` (a list).
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
from .errors import (
    IllegalActionError,
    InputError,
    NotationError,
    Texas42Error,
    check_count,
    check_kind,
    quote,
)
from .errors import check_seat as check_argument_seat
from .hand import Action, Claim, Hand, Phase
from .rules import STANDARD, Rules

#: The largest record read, in bytes (a whole hand with every rules option is under
#: 3 KB): larger input is refused before it is parsed.
MAX_RECORD_BYTES = 1_000_000
#: The most bids an auction of 42's table can hold (four, and the shaker's forced bid);
#: at other tables one a seat and the forced bid.
MAX_BIDS = 5
#: The most plays a hand can hold.
MAX_PLAYS = 28


def load_json(data: str | bytes, what: str = "hand record") -> Any:
    """Parse a record's JSON, refusing (with :class:`NotationError`, ``rule="record"``)
    input over :data:`MAX_RECORD_BYTES`, text that is not UTF-8, and JSON Python cannot
    hold (nesting past the recursion limit, integers of thousands of digits)."""
    if isinstance(data, bytes):
        if len(data) > MAX_RECORD_BYTES:
            raise _too_big(what, len(data))
        try:
            text = data.decode("utf-8-sig")  # a byte-order mark is harmless
        except UnicodeDecodeError as exc:
            raise NotationError(
                f"the {what} is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}): "
                "save it as UTF-8",
                rule="record",
            ) from None
    elif isinstance(data, str):
        if len(data) > MAX_RECORD_BYTES:
            raise _too_big(what, len(data))
        text = data
    else:
        raise NotationError(f"the {what} is {quote(data)}, not JSON text", rule="record")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"the {what} is not valid JSON: {exc}", rule="record") from None
    except RecursionError:
        raise NotationError(f"the {what} is nested too deeply to be a record",
                            rule="record") from None
    except ValueError:  # an integer past Python's 4300-digit limit
        raise NotationError(f"the {what} holds a number of thousands of digits: no field "
                            "of a record is that long", rule="record") from None


def _too_big(what: str, size: int) -> NotationError:
    return NotationError(
        f"the {what} is {size} bytes long: a record is at most {MAX_RECORD_BYTES} bytes",
        rule="record",
    )


def check_list(value: Any, name: str, most: int, *, what: str = "hand record") -> list[Any]:
    """``value`` if it is a JSON list of at most ``most`` items (checked before any item
    is read), else a :class:`NotationError` naming the field."""
    if not isinstance(value, list):
        raise NotationError(
            f"{name} in the {what} must be a list, got {quote(value)}", rule="record"
        )
    if len(value) > most:
        raise NotationError(
            f"{name} in the {what} has {len(value)} items: a hand has at most {most}",
            rule="record",
        )
    return value


def check_keys(data: Any, known: tuple[str, ...], what: str) -> dict[str, Any]:
    """``data`` if it is a JSON object with no key outside ``known`` (else an error
    naming the first unknown key, quoted)."""
    if not isinstance(data, dict):
        raise NotationError(f"a {what} is a JSON object, got {quote(data)}", rule="record")
    unknown = [k for k in data if k not in known]
    if unknown:
        fields = ", ".join(quote(k) for k in unknown[:3])
        more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
        raise NotationError(
            f"unknown field {fields}{more} in the {what}: the fields are {', '.join(known)}",
            rule="record",
        )
    return data


def check_seat(value: Any, name: str, seats: int, what: str = "hand record") -> int:
    """``value`` if it is a seat 0..seats-1 (:func:`texas42.errors.check_seat`); else a
    :class:`NotationError` (``rule="record"``): in a record it is the record that is
    wrong, named by its field."""
    try:
        return check_argument_seat(value, seats, name)
    except InputError:
        raise NotationError(
            f"{name} {quote(value)} in the {what} is not a seat 0..{seats - 1}", rule="record"
        ) from None


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
    #: What the bidder discarded after taking the widow (tables with a widow).
    discards: tuple[Domino, ...] = ()

    @classmethod
    def from_hand(cls, hand: Hand) -> HandRecord:
        check_kind(hand, Hand, "a Hand to record", rule="hand")
        return cls(
            deal=hand.deal,
            shaker=hand.shaker,
            rules=hand.rules,
            bids=tuple(hand.special_bids.get(i, b) for i, b in enumerate(hand.bids)),
            contract=hand.contract,
            plays=tuple(hand.plays),
            claim=hand.claim,
            discards=tuple(hand.discards),
        )

    # -- JSON -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rules": self.rules.to_json(),
            "shaker": self.shaker,
            "hands": self.deal.to_lists(),
        }
        one = self.rules.widow == 1  # Moon's widow and discard: one domino, as text
        if self.rules.widow:
            widow = [str(d) for d in self.deal.widow_set]
            out["widow"] = widow[0] if one else widow
        if self.rules.aside:
            out["aside"] = [str(d) for d in self.deal.aside]
        out["bids"] = ["pass" if b == PASS else b for b in self.bids]  # "plunge" stays text
        if self.discards:
            discards = [str(d) for d in self.discards]
            out["discard"] = discards[0] if one else discards
        if self.contract is not None:
            out["contract"] = str(self.contract)
        out["plays"] = [str(d) for d in self.plays]
        if self.claim is not None:
            out["claim"] = {"seat": self.claim.seat, "play": self.claim.play}
        return out

    def to_json(self, *, indent: int | None = None) -> str:
        if indent is not None:
            check_count(indent, "indent", 0, 16, rule="indent")
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Any, *, default_rules: str = "standard") -> HandRecord:
        """Read a record of any table; raises :class:`NotationError` naming the bad field."""
        data = check_keys(data, _FIELDS, "hand record")
        rules = Rules.from_json(data.get("rules", default_rules))
        shaker = check_seat(data.get("shaker", 0), "shaker", rules.seats)
        deal = _record_deal(data, rules)
        most = MAX_BIDS if rules.is_42 else rules.seats + 1
        bids = check_list(data.get("bids", []), "bids", most)
        plays = check_list(data.get("plays", []), "plays", MAX_PLAYS)
        contract = data.get("contract")
        discards = _dominoes_field(data, "discard", rules.widow) if "discard" in data else []
        return cls(
            deal=deal,
            shaker=shaker,
            rules=rules,
            bids=tuple(_bid(b, i) for i, b in enumerate(bids)),
            contract=None if contract is None else _contract(contract),
            plays=tuple(_domino(p, i) for i, p in enumerate(plays)),
            claim=_claim(data.get("claim"), len(plays), rules.seats),
            discards=tuple(_domino(d, i, "discard") for i, d in enumerate(discards)),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> HandRecord:
        """Read a record's JSON (:func:`load_json`, then :meth:`from_dict`); raises
        :class:`NotationError` for text that is not a record, naming the bad field."""
        return cls.from_dict(load_json(text))

    # -- replay ---------------------------------------------------------------------
    def replay(self, hand_type: type[Hand] = Hand) -> Hand:
        """Rebuild the hand (a ``hand_type``), checking every action. Raises
        :class:`ReplayError` for the first illegal one (naming its kind, index and rule)."""
        if not (isinstance(hand_type, type) and issubclass(hand_type, Hand)):
            raise InputError(f"hand_type {quote(hand_type)} is not Hand or a kind of Hand",
                             rule="hand")
        hand = hand_type(self.deal, shaker=self.shaker, rules=self.rules)
        in_tricks = self.rules.bidding == "tricks"
        for i, bid in enumerate(self.bids):
            text = bid if isinstance(bid, str) else str(bid) if in_tricks else bid_text(bid)
            _step(hand.bid, bid, "bid", i, text)
        for i, domino in enumerate(self.discards):
            _step(hand.discard_domino, domino, "discard", i, str(domino))
        if self.contract is not None:
            _step(hand.name_contract, self.contract, "contract", 0, str(self.contract))
        elif self.plays:
            raise ReplayError(
                "the record has plays but no contract: name trumps before play",
                rule="contract-missing", kind="contract", index=0,
            )
        claim = self.claim
        for i, domino in enumerate(self.plays):
            if (hand.phase is Phase.OVER and hand.result is not None
                    and len(hand.tricks) < self.rules.hand_size):
                hand.play_out()  # the record plays on after the result was decided
            if claim is not None and i == claim.play:
                _verify_claim(hand, claim)  # (a hand played on may be laid down too)
                hand.claim = claim
            _step(hand.play, domino, "play", i, str(domino))
        if claim is not None and claim.play == len(self.plays):
            _verify_claim(hand, claim)
            hand.lay_down(claim.seat)  # the record stops at its claim: the engine plays on
        if claim is not None:
            _check_claimed_tricks(hand, claim)
        return hand

    def actions(self) -> list[Action]:
        return self.replay().actions


_FIELDS = ("rules", "shaker", "hands", "deal", "widow", "aside", "bids", "discard",
           "contract", "plays", "claim")


def _dominoes_field(data: dict[str, Any], name: str, size: int) -> list[Any]:
    """A field of dominoes: one as text (when the table has one), or a list of ``size``."""
    value = data.get(name)
    if isinstance(value, str) and size == 1:
        return [value]
    if size == 0:
        raise NotationError(f"{name} in the hand record: this table has none", rule="record")
    if size == 1 and not isinstance(value, list):
        raise NotationError(f"{name} {quote(value)} in the hand record is not text",
                            rule="record")
    return check_list(value, name, size)


def _record_deal(data: dict[str, Any], rules: Rules = STANDARD) -> Deal:
    """The deal of a record: its hands (and widow, aside), or its deal code (both: they
    must agree)."""
    layout = rules.layout
    code = data.get("deal")
    if code is not None and not isinstance(code, str):
        raise NotationError(f"deal {quote(code)} in the hand record is not a deal code",
                            rule="record")
    if "hands" not in data:
        if code is None:
            raise NotationError("a hand record needs the hands (or a deal code)", rule="record")
        return Deal.from_code(code, layout)
    hands = data["hands"]
    if isinstance(hands, list) and len(hands) != rules.seats:
        raise NotationError(
            f"the {rules.name} rules are for {rules.players} players ({rules.seats} hands); "
            f"the record has {len(hands)} hands",
            rule="record",
        )
    hands = check_list(hands, "hands", rules.seats)
    for seat, held in enumerate(hands):
        check_list(held, f"hands[{seat}]", rules.hand_size)
    parts = list(hands)
    for name, size in (("widow", rules.widow), ("aside", rules.aside)):
        if size:
            if name not in data:
                raise NotationError(f"a {rules.name} record has the {name}", rule="record")
            parts.append([_domino(x, i, name) for i, x in
                          enumerate(_dominoes_field(data, name, size))])
        elif name in data:
            raise NotationError(f"{name} in the hand record: the {rules.name} table has none",
                                rule="record")
    deal = Deal(parts, layout)
    if code is not None and Deal.from_code(code, layout) != deal:
        raise NotationError(
            f"the record's deal {quote(code)} and its hands (deal {deal.code}) disagree",
            rule="record",
        )
    return deal


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
    from .claims import claim_broken

    nello = hand.sitting_out is not None
    size = hand.seats - 1 if nello else hand.seats
    for n in range(claim.play // size, len(hand.tricks)):
        winner = hand.tricks[n].winner
        assert winner is not None
        if claim_broken(hand, claim.seat, winner):
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


def _claim(value: Any, plays: int, seats: int = 4) -> Claim | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"seat", "play"}:  # keys never quoted raw
        raise NotationError(
            f'a claim is written {{"seat": 0..{seats - 1}, "play": how many plays came before '
            'it}',
            rule="record",
        )
    seat, play = value["seat"], value["play"]
    for name, x, top in (("seat", seat, seats - 1), ("play", play, plays)):
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= top:
            raise NotationError(f"claim {name} {quote(x)} is not in 0..{top}", rule="record")
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
    if not isinstance(value, str):
        raise RecordNotationError(f"contract {quote(value)} in the hand record is not text",
                                  rule="record", kind="contract", index=0)
    try:
        return Contract.parse(value)
    except NotationError as exc:
        raise RecordNotationError(
            f"contract: {exc.message}", rule=exc.rule, kind="contract", index=0
        ) from None


def _domino(value: Any, index: int, kind: str = "play") -> Domino:
    try:
        return Domino.parse(value)
    except NotationError as exc:
        raise RecordNotationError(
            f"{kind} {index}: {exc.message}", rule=exc.rule, kind=kind, index=index
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
    if hand.result is not None and hand.rules.bidding == "tricks":
        r = hand.result  # (the form Moon's replay has always printed)
        out["result"] = {
            "bidder": r.bidder, "bid": r.bid, "contract": str(r.contract),
            "tricks": list(r.tricks), "made": r.made, "score": list(r.score),
        }
    elif hand.result is not None:
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
    if hand.result is not None and hand.claim is not None:
        # Laid down (any table): who claimed, after how many dominoes (the engine played on).
        out["claim"] = {"seat": hand.claim.seat, "play": hand.claim.play}
    return out
