"""Suits, following and winning tricks, each able to explain itself.

These are the functions a learner (or a widget) calls. They read the same
tables as the fast paths of :class:`texas42.Hand` (see :mod:`texas42.contracts`).

>>> fives = Contract.parse("fives")
>>> led_suit("6-4", fives)
<Suit.SIXES: 6>
>>> [str(d) for d in legal_plays("6-5 2-1 3-3", ["6-4"], fives)]
['6-5', '3-3', '2-1']
>>> explain_play("6-5", "6-5 2-1 3-3", ["6-4"], fives)
'6-5 is a trump, so it does not follow sixes; you hold no sixes, so you may play any domino.'
>>> trick_winner(["6-4", "5-0", "5-5", "6-6"], fives)
2
>>> explain_winner(["6-4", "5-0", "5-5", "6-6"], fives)
'5-5 wins: it is the highest trump played.'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .contracts import TRUMPS, Contract, Suit, sevens_mask, tables
from .dominoes import NUMBER_NAMES, Domino, DominoLike, DominoSet, mask_dominoes, to_domino, to_mask
from .errors import IllegalPlayError, InputError, check_items, check_seat, check_suit

Trick = Sequence[DominoLike]
Holding = DominoSet | Iterable[DominoLike] | str | int


def _contract(contract: Contract | str) -> Contract:
    return contract if isinstance(contract, Contract) else Contract.parse(contract)


def _trick(trick: Trick) -> list[Domino]:
    """The dominoes of a trick (at most one a seat: 7 at the largest table)."""
    return [to_domino(d) for d in check_items(trick, "trick", 7, rule="trick")]


def led_suit(domino: DominoLike, contract: Contract | str) -> Suit:
    """The suit ``domino`` leads: :data:`TRUMPS` if it is a trump, the doubles'
    own suit if doubles are a suit, otherwise its higher end."""
    d, c = to_domino(domino), _contract(contract)
    return Suit(tables(c).lead[d.index])


def suits_of(domino: DominoLike, contract: Contract | str) -> list[Suit]:
    """Every suit ``domino`` follows (a trump follows only trumps).

    >>> suits_of("6-4", "fives")
    [<Suit.FOURS: 4>, <Suit.SIXES: 6>]
    >>> suits_of("6-5", "fives")
    [<Suit.TRUMPS: 8>]
    """
    d, t = to_domino(domino), tables(_contract(contract))
    return [Suit(s) for s in range(9) if t.members[s] >> d.index & 1]


def follows(domino: DominoLike, suit: Suit | int, contract: Contract | str) -> bool:
    """Whether ``domino`` belongs to ``suit`` (may be played to follow it)."""
    d = to_domino(domino)
    return bool(tables(_contract(contract)).members[check_suit(suit)] >> d.index & 1)


def suit_dominoes(suit: Suit | int, contract: Contract | str) -> list[Domino]:
    """The dominoes of ``suit``, highest first.

    >>> [str(d) for d in suit_dominoes(2, "follow-me")]
    ['2-2', '6-2', '5-2', '4-2', '3-2', '2-1', '2-0']
    """
    t = tables(_contract(contract))
    suit = check_suit(suit)
    members = mask_dominoes(t.members[suit])
    return sorted(members, key=lambda d: -t.rank[suit][d.index])


def rank_in_suit(domino: DominoLike, suit: Suit | int, contract: Contract | str) -> int:
    """The place of ``domino`` in ``suit``: 1 for the highest. Raises
    :class:`~texas42.errors.InputError` (``rule="suit"``) if it does not belong to the
    suit."""
    d = to_domino(domino)
    order = suit_dominoes(suit, contract)
    if d not in order:
        raise InputError(f"{d} does not belong to {Suit(suit).label}", rule="suit")
    return order.index(d) + 1


def legal_plays(hand: Holding, trick: Trick, contract: Contract | str) -> list[Domino]:
    """The dominoes of ``hand`` that may be played to ``trick`` (the dominoes
    already played to it, in order; empty when leading)."""
    held = to_mask(hand)
    c = _contract(contract)
    return list(DominoSet(_legal_mask(held, _trick(trick), c)))


def _legal_mask(held: int, trick: list[Domino], contract: Contract) -> int:
    return tables(contract).legal(held, trick[0] if trick else None)


def check_play(domino: DominoLike, hand: Holding, trick: Trick, contract: Contract | str) -> None:
    """Raise :class:`IllegalPlayError` (with the reason) if ``domino`` may not be
    played from ``hand`` to ``trick``."""
    d = to_domino(domino)
    held = to_mask(hand)
    c = _contract(contract)
    if not held >> d.index & 1:
        raise IllegalPlayError(f"{d} is not in the hand ({DominoSet(held)})", rule="not-held")
    if not _legal_mask(held, _trick(trick), c) >> d.index & 1:
        raise IllegalPlayError(explain_play(d, held, trick, c), rule=_broken_rule(c))


def _broken_rule(contract: Contract) -> str:
    return "sevens" if contract.kind == "sevens" else "follow-suit"


def _suit_words(suit: int, contract: Contract) -> str:
    if suit == TRUMPS:
        return f"trumps ({contract.trump_label})" if contract.kind == "trumps" else "trumps"
    return Suit(suit).label


def explain_lead(domino: DominoLike, contract: Contract | str) -> str:
    """Why ``domino`` leads the suit it leads, in one sentence.

    >>> explain_lead("6-4", "fours")
    '6-4 is a trump (fours), so it leads trumps.'
    >>> explain_lead("6-4", "fives")
    '6-4 leads sixes, its higher end.'
    """
    d, c = to_domino(domino), _contract(contract)
    suit = tables(c).lead[d.index]
    if c.kind == "sevens":
        return f"In sevens suits do not matter: {d} totals {d.pips} pips, {abs(d.pips - 7)} from 7."
    if suit == TRUMPS:
        return f"{d} is a trump ({c.trump_label}), so it leads trumps."
    if suit == Suit.DOUBLES:
        return f"{d} is a double, and doubles are a suit of their own, so it leads doubles."
    if d.is_double:
        return f"{d} leads {Suit(suit).label}; it is the {_double_place(c)} {NUMBER_NAMES[suit]}."
    return f"{d} leads {Suit(suit).label}, its higher end."


def _double_place(contract: Contract) -> str:
    return "lowest" if contract.doubles == "low" else "highest"


def explain_play(
    domino: DominoLike,
    hand: Holding,
    trick: Trick,
    contract: Contract | str,
    *,
    seat: int | None = None,
) -> str:
    """Whether ``domino`` may be played from ``hand`` to ``trick``, and why, in
    one sentence: said to the player ("you hold ..."), or about ``seat`` ("seat 2
    holds ...") when it is given, as in a replay.

    >>> explain_play("5-4", "5-4 2-1", ["6-2"], "fives", seat=3)
    'Seat 3 holds no sixes, so it may play any domino, 5-4 included.'
    """
    d, c = to_domino(domino), _contract(contract)
    # The words for the player: "you hold / you must / you may", or "seat 3 holds / it ...".
    if seat is not None:
        check_seat(seat, 7)  # (7: the most seats of any table)
    you_hold = "you hold" if seat is None else f"seat {seat} holds"
    you = "you" if seat is None else "it"
    held = to_mask(hand)
    played = _trick(trick)
    t = tables(c)
    if not held >> d.index & 1:
        return f"{d} is not in the hand."
    if c.kind == "sevens":
        legal = sevens_mask(held)
        best = min(abs(x.pips - 7) for x in mask_dominoes(held))
        if legal >> d.index & 1:
            return f"{d} may be played: its {d.pips} pips are as close to 7 as {you} can get."
        closest = ", ".join(str(x) for x in DominoSet(legal))
        return (
            f"{d} may not be played: in sevens {you} must play the domino closest to 7 pips "
            f"({closest}, {best} away), and {d} is {abs(d.pips - 7)} away."
        )
    if not played:
        return f"Any domino may be led; {explain_lead(d, c)[0].lower()}{explain_lead(d, c)[1:]}"
    suit = t.lead[played[0].index]
    words = _suit_words(suit, c)
    followers = held & t.members[suit]
    if t.members[suit] >> d.index & 1:
        if suit == TRUMPS:
            return f"{d} is a trump: it follows the trump lead."
        return f"{d} follows {words}, as it must."
    if followers:
        holding = ", ".join(str(x) for x in DominoSet(followers))
        if t.trump_mask >> d.index & 1 and suit <= 6 and d.has(suit):
            return (
                f"{d} is a trump, so it does not follow {words}; {you} must follow with "
                f"{holding}."
            )
        own_suit_double = d.is_double and c.doubles.startswith("own-suit") and d.has(suit)
        if suit == Suit.DOUBLES or own_suit_double:
            return (
                f"{d} does not follow {words} (doubles are their own suit); "
                f"{you} must play {holding}."
            )
        return f"{d} does not follow: {words} were led and {you_hold} {holding}."
    # Void in the led suit: anything goes. Point out a trump that looks like the suit.
    lookalikes = [
        x for x in mask_dominoes(held) if suit <= 6 and x.has(suit) and t.trump_mask >> x.index & 1
    ]
    if lookalikes:
        names = ", ".join(str(x) for x in lookalikes)
        verb = "is a trump" if len(lookalikes) == 1 else "are trumps"
        also = "" if d in lookalikes else f", {d} included"
        return (
            f"{names} {verb}, so {'it does' if len(lookalikes) == 1 else 'they do'} not follow "
            f"{words}; {you_hold} no {words}, so {you} may play any domino{also}."
        )
    holder = you_hold[0].upper() + you_hold[1:]
    return f"{holder} no {words}, so {you} may play any domino, {d} included."


def trick_winner(
    trick: Trick,
    contract: Contract | str,
    *,
    seats: Sequence[int] = (),
    bidding_team: int | None = None,
) -> int:
    """Position (0 = the lead) in ``trick`` of the domino that wins it.

    Only sevens needs ``seats`` (who played each domino) and ``bidding_team``, the
    side a tie goes to (``Rules.sevens_tie_side``; ``None``: the first played wins it).
    An empty trick raises :class:`~texas42.errors.InputError` (``rule="trick"``)."""
    played = _trick(trick)
    if not played:
        raise InputError("an empty trick has no winner", rule="trick")
    c = _contract(contract)
    if c.kind == "sevens":
        return sevens_winner(played, seats, bidding_team)
    return tables(c).best(played)


def sevens_winner(
    played: Sequence[Domino], seats: Sequence[int] = (), bidding_team: int | None = None
) -> int:
    """Sevens: the domino closest to 7 pips wins. Two equally close: the one played by
    side ``bidding_team`` (given with ``seats``; DOMRULES gives ties to the bidding side),
    else the first played (LECHNER). ``Rules.sevens_tie_side`` says which applies.

    >>> sevens_winner([to_domino("5-2"), to_domino("6-1")], (1, 2), bidding_team=0)
    1
    >>> sevens_winner([to_domino("5-2"), to_domino("6-1")], (1, 2), None)
    0
    """
    def key(i: int) -> tuple[int, int, int]:
        ours = bidding_team is not None and bool(seats) and seats[i] % 2 == bidding_team
        return (abs(played[i].pips - 7), 0 if ours else 1, i)

    return min(range(len(played)), key=key)


def trick_points(trick: Trick) -> int:
    """Points a trick is worth: 1 for the trick plus the count in it."""
    return 1 + sum(d.count for d in _trick(trick))


def explain_winner(
    trick: Trick,
    contract: Contract | str,
    *,
    seats: Sequence[int] = (),
    bidding_team: int | None = None,
) -> str:
    """Who wins ``trick`` and why, in one sentence (sevens: ``seats`` and
    ``bidding_team`` as for :func:`trick_winner`; a tie names the rule that settles it).

    >>> explain_winner(["6-6", "6-0"], "follow-me/doubles-low")
    '6-0 wins: it is the highest six (doubles are low).'
    >>> print(explain_winner(["5-2", "6-1"], "sevens", seats=(1, 2), bidding_team=None))
    ... # doctest: +NORMALIZE_WHITESPACE
    5-2 wins: its 7 pips are the closest to 7; 6-1 is as close, and a tie goes to the one
    played first.
    """
    played = _trick(trick)
    c = _contract(contract)
    at = trick_winner(played, c, seats=seats, bidding_team=bidding_team)
    w = played[at]
    if c.kind == "sevens":
        text = f"{w} wins: its {w.pips} pips are the closest to 7"
        tied = [x for x in played if x is not w and abs(x.pips - 7) == abs(w.pips - 7)]
        if not tied:
            return text + "."
        names = ", ".join(str(x) for x in tied)
        verb = "is" if len(tied) == 1 else "are"
        ours = bidding_team is not None and bool(seats) and seats[at] % 2 == bidding_team
        why = "a tie goes to the bidding side" if ours else "a tie goes to the one played first"
        return f"{text}; {names} {verb} as close, and {why}."
    t = tables(c)
    suit = t.lead[played[0].index]
    trumps = [d for d in played if t.trump_mask >> d.index & 1]
    if len(played) == 1:
        return f"{w} wins so far: it was led."
    if trumps:
        if len(trumps) == 1 and suit != TRUMPS:
            return f"{w} wins: it is the only trump played."
        return f"{w} wins: it is the highest trump played."
    note = " (doubles are low)" if c.doubles == "low" and c.kind in ("follow-me", "nello") else ""
    if suit == Suit.DOUBLES:
        return f"{w} wins: it is the highest double{note}."
    name = NUMBER_NAMES[suit]
    if c.has_trumps:
        return f"{w} wins: it is the highest {name}; no trump was played."
    return f"{w} wins: it is the highest {name}{note}."
