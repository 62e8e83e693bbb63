"""The course's last check: a whole hand the learner played, read back in plain words.

The learner plays one seat of a hand of 42 (the play explorer) from the shake to the
score. :func:`check_hand` then looks at what the seat did: the bids, the trumps named,
each domino played to a trick (followed the suit led, or had none of it), the count the
side took and the score. It says what went well and what to look at next time, and the
check is passed when the hand was played to its score: a newcomer who follows the
table's prompts always passes; the advice is for the next hand, not a mark.

>>> import texas42 as t
>>> hand = t.Hand(t.Deal.from_seed(3), shaker=3)
>>> check_hand(hand, seat=0).passed
False
>>> while not hand.is_over:
...     hand.apply(hand.legal_actions()[0])
>>> report = check_hand(hand, seat=0)
>>> report.passed, report.verdict
(True, 'You played a whole hand, from the shake to the score.')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..bidding import PASS, bid_text
from ..contracts import Suit
from ..dominoes import SUIT_NAMES, Domino, DominoSet
from ..errors import InputError, check_seat
from ..hand import Hand, Phase
from ..tricks import follows, led_suit

#: Where the course teaches each thing the check looks at (the book's chapter titles).
CHAPTERS = {
    "follow-suit": "Following suit",
    "bid": "Bidding",
    "trumps": "Naming trumps",
    "count": "The count",
    "score": "Scoring a hand",
}


@dataclass(frozen=True)
class HandCheck:
    """What :func:`check_hand` found: ``passed``, a one-line ``verdict``, what went
    ``well`` and what to ``look_at`` next time (plain sentences)."""

    passed: bool
    verdict: str
    well: tuple[str, ...]
    look_at: tuple[str, ...]

    def text(self) -> str:
        """The whole report as plain text (a line each)."""
        lines = [self.verdict]
        lines += [f"Well done: {x}" for x in self.well]
        lines += [f"Look at: {x}" for x in self.look_at]
        return "\n".join(lines)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _longest_suit(held: DominoSet) -> tuple[int, int]:
    """(number, how many) of the suit a plain player names: the most dominoes, then the
    one whose double is held, then the higher number (as the book's computer does)."""
    best = max(range(7), key=lambda n: (len(held.with_number(n)), Domino(n, n) in held, n))
    return best, len(held.with_number(best))


def check_hand(hand: Hand, seat: int, refused: Iterable[str] = ()) -> HandCheck:
    """Read back the hand ``seat`` played at 42's table.

    ``refused`` are the rules (``errors`` ``.rule`` names) of the plays the table refused
    the learner during the hand, e.g. ``"follow-suit"`` for a domino that did not follow
    the suit led while the seat held it. Raises :class:`~texas42.errors.InputError`
    for a seat not at the table (rule ``"seat"``) or another table than 42's
    (rule ``"table"``).
    """
    check_seat(seat, hand.seats)
    if not hand.rules.is_42 or hand.seats != 4:
        raise InputError(
            f"the hand check reads a hand of 42 at four seats, not {hand.rules.name}",
            rule="table",
        )
    refusals = Counter(refused)
    if hand.phase is Phase.RESHAKE:
        return HandCheck(
            False,
            "Everyone passed, so the dominoes are shaken again: play the next hand.",
            (), (),
        )
    if hand.phase is not Phase.OVER or hand.result is None:
        played = len(hand.tricks)
        where = (
            "the bidding is still on" if hand.phase is Phase.BIDDING
            else "trumps are not named yet" if hand.phase is Phase.CONTRACT
            else f"{_plural(played, 'trick')} played so far"
        )
        return HandCheck(
            False,
            f"Not yet: play the hand to its score first ({where}).",
            (), _follow_notes(refusals),
        )
    well: list[str] = []
    look: list[str] = []
    _bidding(hand, seat, well, look)
    _following(hand, seat, refusals, well, look)
    _count_and_score(hand, seat, well, look)
    return HandCheck(True, "You played a whole hand, from the shake to the score.",
                     tuple(well), tuple(look))


def _bidding(hand: Hand, seat: int, well: list[str], look: list[str]) -> None:
    mine = [a for a in hand.actions if a.kind == "bid" and a.seat == seat]
    dealt = hand.deal[seat]
    for action in mine:
        value = action.value
        if isinstance(value, int) and value != PASS:
            well.append(f"You bid {bid_text(value)} when it was your turn: higher than "
                        "the bid before, as a bid must be.")
        elif isinstance(value, int):
            well.append("You passed when it was your turn (a pass is always allowed).")
    assert hand.bidder is not None and hand.contract is not None
    if hand.declarer == seat:
        contract = hand.contract
        number, length = _longest_suit(dealt)
        if contract.kind == "trumps" and contract.trump is not None:
            held = len(dealt.with_number(contract.trump))
            if held >= length:
                well.append(f"You named {contract}, your longest suit: you held {held} "
                            "of them.")
            else:
                look.append(
                    f"You named {contract} holding {held} of them, but you held {length} "
                    f"{SUIT_NAMES[number]}: name your longest suit ({CHAPTERS['trumps']})."
                )
        else:
            well.append(f"You named {contract}.")
        if contract.kind == "trumps" and contract.trump is not None:
            trumps = len(dealt.with_number(contract.trump))
            if trumps < 4:
                look.append(
                    f"You won the bid with {_plural(trumps, 'trump')}: from four trumps on "
                    "a bid of 30 is made more often than not, with fewer it is a gamble "
                    f"({CHAPTERS['bid']})."
                )


def _follow_notes(refusals: Counter[str]) -> tuple[str, ...]:
    n = refusals.get("follow-suit", 0)
    if not n:
        return ()
    return (
        f"{_plural(n, 'time')} you tried a domino that did not follow the suit led while "
        "you held that suit, and the table said no: look at the domino led first, then "
        f"play one of its suit if you have one ({CHAPTERS['follow-suit']}).",
    )


def _following(hand: Hand, seat: int, refusals: Counter[str], well: list[str],
               look: list[str]) -> None:
    contract = hand.contract
    assert contract is not None
    followed = none_of_it = trumped = led = 0
    for trick in hand.tricks:
        if seat not in trick.seats:
            continue
        mine = trick.plays[trick.seats.index(seat)]
        if trick.leader == seat:
            led += 1
            continue
        suit = led_suit(trick.plays[0], contract)
        if follows(mine, suit, contract):
            followed += 1
        else:
            none_of_it += 1
            if contract.kind == "trumps" and follows(mine, Suit.TRUMPS, contract):
                trumped += 1
    if followed:
        well.append(f"You followed the suit led {_plural(followed, 'time')}: each time you "
                    "held it, you played it.")
    if none_of_it:
        how = f", and trumped {_plural(trumped, 'time')}" if trumped else ""
        well.append(f"When you had none of the suit led you played another domino "
                    f"({_plural(none_of_it, 'time')}{how}), as the rules allow.")
    if led:
        well.append(f"You led {_plural(led, 'trick')}.")
    look.extend(_follow_notes(refusals))


def _count_and_score(hand: Hand, seat: int, well: list[str], look: list[str]) -> None:
    result = hand.result
    assert result is not None
    side = seat & 1
    taken = [d for trick in hand.tricks if trick.winner is not None
             and trick.winner & 1 == side for d in trick.plays if d.count]
    tricks = sum(1 for trick in hand.tricks if trick.winner is not None
                 and trick.winner & 1 == side)
    count_words = " ".join(str(d) for d in sorted(taken, key=lambda d: -d.count))
    well.append(
        f"Your side took {_plural(result.points[side], 'point')}: {_plural(tricks, 'trick')} "
        + (f"and the count dominoes {count_words}." if taken else "and no count domino.")
    )
    ours = result.bidding_team == side
    bid = bid_text(result.bid)
    marks = result.marks[side]
    their_marks = _plural(result.marks[1 - side], "mark")
    if result.made and ours:
        well.append(f"Your side made its bid of {bid} and scores {_plural(marks, 'mark')}.")
    elif not result.made and not ours:
        well.append(f"Your side set the other side's bid of {bid} and scores "
                    f"{_plural(marks, 'mark')}.")
    elif ours:
        theirs = _plural(result.points[1 - side], "point")
        look.append(
            f"Your side's bid of {bid} was set: the other side took {theirs}, enough to stop "
            f"it, and scores {their_marks} ({CHAPTERS['score']})."
        )
    else:
        look.append(f"The other side made its bid of {bid} and scores {their_marks}: count the "
                    f"points still out and keep your count dominoes from them "
                    f"({CHAPTERS['count']}).")
