"""Bids and the auction rules.

A bid is an ``int``: :data:`PASS` (0), a point bid 30..41, or a mark bid, a
multiple of 42 (42 = 1 mark, 84 = 2 marks, 126 = 3 ...).

>>> parse_bid("pass"), parse_bid("35"), parse_bid("2 marks")
(0, 35, 84)
>>> [bid_text(b) for b in valid_bids(35, STANDARD)]
['pass', '36', '37', '38', '39', '40', '41', '42', '84']
>>> explain_bid(84)
'84 (2 marks): the bidders must win all seven tricks; made, they score 2 marks.'
"""

from __future__ import annotations

import functools
import re

from .errors import IllegalBidError, NotationError, check_count, check_rules, quote
from .rules import STANDARD, Rules

PASS = 0
MARK = 42
#: Bids named for the doubles held (house rules): the partner names the contract.
SPECIAL_BIDS = ("plunge", "splash")
_MARKS_TEXT = re.compile(r"^(\d+)\s*marks?$")


def parse_bid(value: str | int) -> int:
    """Read a bid: ``"pass"``, ``"30"`` .. ``"41"``, ``"42"``, ``"84"`` ...,
    or ``"1 mark"``, ``"2 marks"``. Checks the form only, not the auction: anything
    that is not a bid raises :class:`~texas42.errors.NotationError`
    (``rule="bid-notation"``)."""
    if isinstance(value, bool):
        raise NotationError(f"{quote(value)} is not a bid")
    if isinstance(value, int):
        bid = value
    elif isinstance(value, str):
        text = value.strip().lower()
        if text in ("pass", "p", "0", "-"):
            return PASS
        m = _MARKS_TEXT.match(text) if text.isascii() else None
        if m and len(m.group(1)) <= 4:
            bid = int(m.group(1)) * MARK
        elif text.isascii() and text.isdigit() and len(text) <= 6:
            bid = int(text)
        else:
            raise NotationError(
                f"{quote(value)} is not a bid: say pass, a number of points 30..41, "
                "or marks as 42, 84, 126 ... (or '2 marks')",
                rule="bid-notation",
            )
    else:
        raise NotationError(f"{quote(value)} is not a bid", rule="bid-notation")
    if bid == PASS or 1 <= bid <= 41 or (MARK <= bid <= 9999 * MARK and bid % MARK == 0):
        return bid  # (at most 9,999 marks: the marks a bid's text may name)
    raise NotationError(
        f"{quote(value)} is not a bid: point bids go up to 41, and above that a bid is a number of "
        "marks, 42 for one mark, 84 for two, 126 for three ...",
        rule="bid-notation",
    )


def _amount(bid: object) -> int:
    """``bid`` when it is a whole number 0..999,999 (a bid's amount, as the engine and the
    players pass it: not checked against the rules); else
    :class:`~texas42.errors.InputError` (``rule="bid"``)."""
    return check_count(bid, "bid", 0, 999_999, rule="bid")


def bid_marks(bid: int) -> int:
    """Marks a bid is worth: 1 for a point bid or 42, 2 for 84 ..."""
    return max(1, _amount(bid) // MARK)


def is_mark_bid(bid: int) -> bool:
    """42 and up: the bidders must win every trick."""
    return _amount(bid) >= MARK


def bid_text(bid: int) -> str:
    """``"pass"``, ``"35"``, ``"84"``."""
    bid = _amount(bid)
    return "pass" if bid == PASS else str(bid)


def explain_bid(bid: int) -> str:
    """What a bid promises, in one sentence."""
    bid = _amount(bid)
    if bid == PASS:
        return "pass: no bid; the player leaves the contract to the others."
    if is_mark_bid(bid):
        marks = bid_marks(bid)
        unit = "mark" if marks == 1 else "marks"
        return (
            f"{bid} ({marks} {unit}): the bidders must win all seven tricks; made, they score "
            f"{marks} {unit}."
        )
    return (
        f"{bid}: the bidders must take at least {bid} of the 42 points (a point a trick plus "
        f"the count); the opponents set them with {43 - bid}."
    )


def must_bid(rules: Rules, high: int, bids_made: int, seats: int, last_to_bid: int,
             shaker: int) -> bool:
    """Under the forced-bid rule, whether the next bid may not be a pass: everyone else
    passed and the shaker is to speak (``last_to_bid``: the last seat of the round; the
    shaker normally speaks last; when the holder of 1-0 bids first and the shaker has
    already passed, the shaker is asked again after the last pass)."""
    if rules.all_pass != "forced" or high != PASS:
        return False
    return bids_made == seats or (bids_made == seats - 1 and last_to_bid == shaker)


def valid_bids(high: int, rules: Rules = STANDARD, *, forced: bool = False) -> list[int]:
    """Every bid allowed over the high bid ``high`` (:data:`PASS` if none yet).

    ``forced``: the last player when everyone else passed, under the forced-bid
    rule: passing is not allowed.
    """
    return list(_valid_bids(parse_bid(high), check_rules(rules), bool(forced)))


@functools.lru_cache(maxsize=1024)
def _valid_bids(high: int, rules: Rules, forced: bool) -> tuple[int, ...]:
    bids = [] if forced else [PASS]
    low = max(rules.min_bid, high + 1)
    bids.extend(range(low, MARK))
    if rules.scoring == "points":
        return tuple(bids)
    high_marks = high // MARK
    limit = rules.mark_bid_limit(high_marks)
    bids.extend(m * MARK for m in range(high_marks + 1, limit + 1))
    return tuple(bids)


def check_bid(bid: int, high: int, rules: Rules = STANDARD, *, forced: bool = False) -> None:
    """Raise :class:`IllegalBidError`, naming the rule, if ``bid`` may not be
    made over ``high``."""
    bid, high, rules = parse_bid(bid), parse_bid(high), check_rules(rules)
    text = bid_text(bid)
    if bid == PASS:
        if forced:
            raise IllegalBidError(
                f"pass is not allowed: everyone else passed, so the shaker must bid at least "
                f"{rules.min_bid}",
                rule="forced-bid",
            )
        return
    if bid < MARK:
        if bid < rules.min_bid:
            raise IllegalBidError(
                f"{text} is too low: the lowest bid is {rules.min_bid}", rule="minimum-bid"
            )
        if bid <= high:
            raise IllegalBidError(
                f"{text} does not beat the high bid of {bid_text(high)}", rule="bid-must-raise"
            )
        return
    if rules.scoring == "points":
        raise IllegalBidError(
            f"{text} is a mark bid, and a points game has no mark bids", rule="no-mark-bids"
        )
    marks, high_marks = bid // MARK, high // MARK
    if marks <= high_marks:
        raise IllegalBidError(
            f"{text} does not beat the high bid of {bid_text(high)}", rule="bid-must-raise"
        )
    limit = rules.mark_bid_limit(high_marks)
    if marks > limit:
        if rules.max_marks is not None and marks > rules.max_marks:
            raise IllegalBidError(
                f"{text} is {marks} marks; these rules allow at most {rules.max_marks}",
                rule="max-marks",
            )
        if high_marks == 0:
            raise IllegalBidError(
                f"{text} is too big a jump: the first mark bid may be at most "
                f"{rules.opening_mark_limit * MARK} ({rules.opening_mark_limit} marks)",
                rule="opening-mark-limit",
            )
        raise IllegalBidError(
            f"{text} is too big a jump: over {bid_text(high)} a mark bid may raise by at most "
            f"{rules.mark_raise_limit} mark{'s' if rules.mark_raise_limit > 1 else ''}, "
            f"to {limit * MARK}",
            rule="mark-raise-limit",
        )


def special_bid_amount(name: str, high: int, rules: Rules = STANDARD) -> int:
    """The value of a plunge or splash over the high bid ``high``: the preset's
    marks, or one mark more than the high bid if that is already as high.
    Raises :class:`IllegalBidError` if the rules do not allow it here."""
    if name not in SPECIAL_BIDS:
        raise NotationError(
            f"{quote(name)} is not a special bid (plunge, splash)", rule="bid-notation"
        )
    base = rules.plunge_marks if name == "plunge" else rules.splash_marks
    if base is None:
        message = f"{name} is not played under the {rules.name} rules"
        raise IllegalBidError(message, rule=f"no-{name}")
    if rules.scoring == "points":
        raise IllegalBidError(
            f"{name} is a mark bid, and a points game has no mark bids", rule="no-mark-bids"
        )
    high_marks = high // MARK
    marks = max(base, high_marks + 1)
    if not rules.plunge_jump and marks > rules.mark_bid_limit(high_marks):
        raise IllegalBidError(
            f"{name} ({marks} marks) is too big a jump: these rules do not let a {name} jump "
            f"past {rules.mark_bid_limit(high_marks)} marks",
            rule="mark-raise-limit",
        )
    if rules.max_marks is not None and marks > rules.max_marks:
        raise IllegalBidError(
            f"{name} would be {marks} marks; these rules allow at most {rules.max_marks}",
            rule="max-marks",
        )
    return marks * MARK


def special_bid_doubles(name: str, rules: Rules = STANDARD) -> int:
    """How many doubles a player must hold to bid ``name``."""
    return rules.plunge_doubles if name == "plunge" else rules.splash_doubles
