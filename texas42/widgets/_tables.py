"""Every table a learner can sit at, for the explorers that take a whole hand: the
choice of table (a preset for every player count 2..7, with a plain label), the hand
and game of a table, a bid in words, each action in words as a seat may know it (the
discard named only to those who may see it), a record of any table read and checked.

>>> [label for label, _ in TABLES][1:3]
['Three players: three-hand 42', 'Three players: Moon']
>>> table_key(Rules.preset("moon")), table_rules("moon-5", STANDARD).seats
('moon', 5)
"""

from __future__ import annotations

from ..bidding import PASS, bid_marks, bid_text
from ..contracts import Contract
from ..dominoes import Domino
from ..errors import NotationError
from ..hand import Action, Hand, Phase, Trick
from ..moon import hand_type
from ..records import HandRecord
from ..rules import ALL_PRESETS, STANDARD, TWO_HAND, Rules
from ..tricks import explain_play
from ._html import SEAT_NAMES
from ._pickers import contract_label
from ._pictures import row
from ._players import trick_bid_words

#: The tables, by dropdown value: "42" is 42 at four (its rules chosen beside it);
#: the others are the presets of :data:`texas42.rules.TABLE_PRESETS` and Moon.
TABLES: tuple[tuple[str, str], ...] = (
    ("Two players: 42, each plays both hands of a side (a house way)", "two-hand"),
    ("Three players: three-hand 42", "three-hand"),
    ("Three players: Moon", "moon"),
    ("Four players: 42", "42"),
    ("Four players: Moon for four", "moon-4"),
    ("Five players: Moon for five (house shares)", "moon-5"),
    ("Six players: Moon for six (house shares)", "moon-6"),
    ("Seven players: Moon for seven (house shares)", "moon-7"),
)
#: The tables whose rules are 42's four seats: the Rules picker of 42's presets applies.
FORTY_TWO_TABLES = ("42", "two-hand")


def table_key(rules: Rules) -> str:
    """The table (dropdown value of :data:`TABLES`) a rules profile is played at."""
    if rules.name in {key for _, key in TABLES}:
        return rules.name
    if rules.seats == 4 and rules.sides == "partners" and rules.bidding == "points":
        return "two-hand" if rules.hands_per_person == 2 else "42"
    raise NotationError(f"the {rules.name} rules are not a table of this explorer",
                        rule="rules")


def table_rules(key: str, rules42: Rules = STANDARD) -> Rules:
    """The rules of table ``key``; at 42's tables, ``rules42`` (a 42 preset, house rules)."""
    if key == "42":
        return rules42
    if key == "two-hand":
        return TWO_HAND if rules42 == STANDARD else rules42.replace(hands_per_person=2)
    if key not in ALL_PRESETS:
        raise NotationError(f"{key!r} is not a table: choose one of "
                            + ", ".join(v for _, v in TABLES), rule="rules")
    return ALL_PRESETS[key]


def table_words(rules: Rules) -> str:
    """A table in a few plain words (for messages)."""
    for label, key in TABLES:
        if key == rules.name or (key == "42" and rules.seats == 4 and rules.is_42):
            return label.split(": ", 1)[1]
    return rules.name


def bid_meaning(bid: int, hand: Hand) -> str:
    """What a bid in tricks promises and what it scores, in words."""
    rules = hand.rules
    tricks = rules.hand_size
    if bid == PASS:
        high = hand.high_bid
        return ("Pass: you do not bid. " + (f"The high bid stays {trick_bid_words(high)}."
                                            if high else "Nobody has bid yet."))
    widow = (f"you take the widow, lay {rules.widow} domino{'es' if rules.widow > 1 else ''} "
             "aside and name trumps" if rules.widow else "you name trumps")
    if bid == rules.moon_bid:
        return (f"Shoot the moon: you must take all {number_words(tricks)} tricks. Made, you score "
                f"{bid} and usually win the game at once; miss one trick and you lose {bid}.")
    return (f"Bid {bid}: {widow}; you must take at least {bid} of the {tricks} tricks. "
            f"Made, you score every trick you take; set, you lose {bid} points.")


_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def number_words(n: int) -> str:
    """A small number in words ("seven"), a larger one in digits."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def may_see_discard(hand: Hand, seat: int | None) -> bool:
    """The discard is face down: only the bidder (and the open view) know it, until the
    hand is over and it is turned up (as :func:`texas42.svg.round_table_svg` shows it)."""
    return seat is None or seat == hand.bidder or hand.is_over


def action_words(before: Hand, after: Hand, action: Action, *, seat: int | None) -> str:
    """One action at any table in words, with the rule that allowed it, as ``seat``
    (``None``: all hands open) may know it."""
    who = SEAT_NAMES[action.seat]
    rules = before.rules
    if action.kind == "bid":
        return _bid_words(before, after, action, seat)
    if action.kind == "discard":
        if may_see_discard(after, seat):
            return f"{who} lays {action.value} aside, face down. It is out of play this hand."
        return f"{who} lays one domino aside, face down. Only {who} knows which."
    if action.kind == "contract":
        c = action.value
        assert isinstance(c, Contract)
        if rules.bidding == "tricks":
            return f"{who} names {c}: {contract_label(c).lower()}. {who} leads."
        out = f"{who} names {c}."
        if after.sitting_out is not None:
            out += f" {SEAT_NAMES[after.sitting_out]} sits out: tricks of three."
        return out
    d = action.value
    assert before.contract is not None and isinstance(d, Domino)
    why = explain_play(d, before.holding(action.seat), before.current_trick, before.contract,
                       seat=action.seat)
    out = f"{who} plays {d}: {why}"
    if rules.bidding == "tricks" and len(after.tricks) > len(before.tricks):
        winner = after.tricks[-1].winner
        assert winner is not None
        won = after.tricks_won[rules.side_of(winner, after.bidder)]
        out += (
            f" {SEAT_NAMES[winner]} wins the trick ({won} trick{'s' if won != 1 else ''} so far)."
        )
    return out


def _bid_words(before: Hand, after: Hand, action: Action, seat: int | None) -> str:
    who = SEAT_NAMES[action.seat]
    bid = action.value
    if isinstance(bid, str):  # a plunge or splash
        return (f"{who} bids a {bid} ({bid_marks(after.high_bid)} marks): the partner will "
                "name the contract and lead.")
    assert isinstance(bid, int)
    tricks = before.rules.bidding == "tricks"
    if tricks:
        out = f"{who} passes." if bid == PASS else f"{who} bids {trick_bid_words(bid)}."
    else:
        out = f"{who} passes." if bid == PASS else f"{who} bids {bid_text(bid)}."
    if not tricks:
        return out
    if after.phase is Phase.RESHAKE:
        out += " Everyone passed: the dominoes are shaken again."
    elif before.phase is Phase.BIDDING and after.phase is Phase.CONTRACT:
        assert after.bidder is not None
        bidder = SEAT_NAMES[after.bidder]
        n = after.rules.widow
        if n:
            widow = (f" ({' '.join(map(str, after.deal.widow_set))})"
                     if may_see_discard(after, seat) else "")
            held = after.rules.hand_size + n
            out += (f" The bidding is over: {bidder} wins it and picks up the widow{widow}. "
                    f"It now holds {held} dominoes and must lay {number_words(n)} aside.")
        else:
            out += f" The bidding is over: {bidder} wins it and names trumps."
    return out


def trick_row(trick: Trick, size: int = 28) -> str:
    """A played trick of any table: the dominoes in order, who played each, the winner
    marked (the 42 trick picture has four places)."""
    captions = {
        d: f"{SEAT_NAMES[s]}{' led' if i == 0 else ''}{' — wins' if s == trick.winner else ''}"
        for i, (s, d) in enumerate(zip(trick.seats, trick.plays, strict=True))
    }
    won = {d: "winner" for s, d in zip(trick.seats, trick.plays, strict=True) if s == trick.winner}
    return row(list(trick.plays), highlight=won, captions=captions, size=size, vertical=True)


def read_hand_record(record: HandRecord) -> Hand:
    """Replay a record of any table (:meth:`HandRecord.from_json`), checking every action,
    as the hand of its table (Moon's: a :class:`MoonHand`, which the Moon players and
    coach read). An illegal action raises :class:`texas42.records.ReplayError`."""
    return record.replay(hand_type(record.rules))
