"""Moon (three players) for the explorers that step through a hand: the computer
plays a deal out, a pasted record is read and checked, each action is told in
words (the discard named only to those who may see it), the voids a table shows
and the Moon solver's answers, cached per position.

>>> hand = play_moon_whole_hand(MoonDeal.from_seed(1))
>>> hand.phase.value, len(hand.tricks)
('over', 7)
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from ..contracts import Contract
from ..dominoes import Domino
from ..errors import NotationError, Texas42Error
from ..hand import Action, Phase, Trick
from ..moon import MOON_BIDS, PLAYERS, MoonDeal, MoonHand
from ..rules import MOON, Rules
from ..tricks import explain_play
from ._deals import DealSource
from ._html import SEAT_NAMES
from ._pickers import contract_label
from ._pictures import row
from .moon_explorer import moon_bid_words

_SOLVED: OrderedDict[Any, Any] = OrderedDict()
_SOLVED_SIZE = 256


def read_moon_record(text: str) -> MoonHand:
    """Replay a Moon hand record (JSON of :meth:`MoonHand.to_json`), checking every action.

    An illegal action raises :class:`texas42.records.ReplayError` naming the rule; a record
    that is not even well formed raises :class:`NotationError`."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise NotationError("a Moon hand record is a JSON object", rule="record")
        return MoonHand.replay_dict(data)
    except Texas42Error:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        # A shaker that is not a seat, a hand that is not a list ...: the engine's checks
        # say what was wrong, but not as a rules error.
        raise NotationError(f"this is not a Moon hand record: {exc}", rule="record") from None


def moon_deal(source: DealSource) -> MoonDeal:
    """The Moon deal a :class:`DealSource` row asks for: a hand number, a Moon deal code,
    or four typed lines (seat 0, seat 1, seat 2, the widow)."""
    mode = source.mode.value
    if mode == "seed":
        return MoonDeal.from_seed(int(source.seed.value))
    if mode == "code":
        text = str(source.code.value).strip()
        if not text:
            raise NotationError("type a Moon deal code first (8 characters, like 451T-GPDR)",
                                rule="deal-code")
        return MoonDeal.from_code(text)
    lines = [ln for ln in str(source.typed.value).splitlines() if ln.strip()]
    if len(lines) != PLAYERS + 1:
        raise NotationError(
            "for Moon, type four lines: seat 0, seat 1 and seat 2 with 7 dominoes each, "
            f"then the widow (1 domino); there {'is' if len(lines) == 1 else 'are'} "
            f"{len(lines)}",
            rule="deal",
        )
    parts = [ln.split(":", 1)[1] if ":" in ln else ln for ln in lines]
    return MoonDeal(parts[:PLAYERS], parts[PLAYERS].strip())


def play_moon_whole_hand(
    deal: MoonDeal,
    *,
    shaker: int = 0,
    rules: Rules = MOON,
    contract: Contract | str | None = None,
) -> MoonHand:
    """Bid and play ``deal`` to the end with three rule-based computer players.

    With ``contract``, the first bidder bids the lowest bid (4 tricks), the others pass,
    its player lays a domino aside, and ``contract`` is named; then the players play."""
    from ..analysis import decide, make_player, play_hand

    hand = MoonHand(deal, shaker=shaker, rules=rules)
    players = [make_player("rule-based", seed=s) for s in range(PLAYERS)]
    if contract is not None:
        hand.bid(MOON_BIDS[0])
        while hand.phase is Phase.BIDDING:
            hand.bid(0)
        assert hand.bidder is not None
        decision = decide(players[hand.bidder], hand)
        assert isinstance(decision.action, Domino)
        hand.discard_domino(decision.action)
        hand.name_contract(contract)
    play_hand(hand, players)
    return hand


def may_see_discard(hand: MoonHand, seat: int | None) -> bool:
    """The discard is face down: only the bidder (and the open view) know it, until the
    hand is over and it is turned up (as :func:`texas42.svg.moon_table_svg` shows it)."""
    return seat is None or seat == hand.bidder or hand.is_over


def moon_action_words(
    before: MoonHand, after: MoonHand, action: Action, *, seat: int | None
) -> str:
    """One Moon action in words, as ``seat`` (``None``: all hands open) may know it."""
    who = SEAT_NAMES[action.seat]
    if action.kind == "bid":
        bid = action.value
        assert isinstance(bid, int)
        out = f"{who} passes." if bid == 0 else f"{who} bids {moon_bid_words(bid)}."
        if after.phase is Phase.RESHAKE:
            out += " Everyone passed: the dominoes are shaken again."
        elif before.phase is Phase.BIDDING and after.phase is Phase.CONTRACT:
            assert after.bidder is not None
            widow = f" ({after.deal.widow})" if may_see_discard(after, seat) else ""
            out += (
                f" The bidding is over: {SEAT_NAMES[after.bidder]} wins it and picks up the "
                f"widow{widow}. It now holds 8 dominoes and must lay one aside."
            )
        return out
    if action.kind == "discard":
        if may_see_discard(after, seat):
            return f"{who} lays {action.value} aside, face down. It is out of play this hand."
        return f"{who} lays one domino aside, face down. Only {who} knows which."
    if action.kind == "contract":
        c = action.value
        assert isinstance(c, Contract)
        return f"{who} names {c}: {contract_label(c).lower()}. {who} leads."
    d = action.value
    assert before.contract is not None and isinstance(d, Domino)
    why = explain_play(d, before.holding(action.seat), before.current_trick, before.contract,
                       seat=action.seat)
    out = f"{who} plays {d}: {why}"
    if len(after.tricks) > len(before.tricks):
        winner = after.tricks[-1].winner
        assert winner is not None
        won = after.tricks_won[winner]
        out += (
            f" {SEAT_NAMES[winner]} wins the trick ({won} trick{'s' if won != 1 else ''} so far)."
        )
    return out


def moon_trick_pic(trick: Trick, size: int = 28) -> str:
    """A played Moon trick: the three dominoes in order, who played each, the winner
    marked (the 42 trick picture has four places)."""
    captions = {
        d: f"{SEAT_NAMES[s]}{' led' if i == 0 else ''}{' — wins' if s == trick.winner else ''}"
        for i, (s, d) in enumerate(zip(trick.seats, trick.plays, strict=True))
    }
    won = {d: "winner" for s, d in zip(trick.seats, trick.plays, strict=True) if s == trick.winner}
    return row(list(trick.plays), highlight=won, captions=captions, size=size, vertical=True)


def _key(hand: MoonHand) -> Any:
    return (hand.deal.masks, hand.shaker, hand.rules, tuple(a[:2] for a in hand.actions))


def is_solved(hand: MoonHand) -> bool:
    return _key(hand) in _SOLVED


def solve(hand: MoonHand) -> Any:
    """The Moon solver's :class:`MoonSolution` for a hand in play (``None`` without the
    analysis package or outside the play); cached, so stepping back and forth is fast."""
    from . import _analysis

    fn = _analysis.attr("solve_moon")
    if fn is None or hand.phase is not Phase.PLAYING:
        return None
    key = _key(hand)
    if key in _SOLVED:
        _SOLVED.move_to_end(key)
        return _SOLVED[key]
    sol = _SOLVED[key] = fn(hand)
    if len(_SOLVED) > _SOLVED_SIZE:
        _SOLVED.popitem(last=False)
    return sol
