"""The rule-based player's judgement at a table that bids in tricks (Moon and Moon for
many: each bids once, from the lowest bid to every trick, or shoots the moon).

The bidder plays alone against everyone else, so it counts tricks, not points: trumps
held from the top down are sure; when they are at least as many as the trumps out they
draw them all and every domino nothing else beats is sure too (:func:`estimate`). It
bids the tricks it expects (with the widow's help, where there is one), shoots the moon
only with a lock, discards the domino its best contract misses most, names its best
trumps. As bidder it pulls trumps, then cashes sure winners; as an opponent it leaves a
trick to another opponent once that one beats the bidder, wins cheaply, otherwise plays
low (:func:`trick_play_choice`, on bit masks: the playouts use it too).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from ..contracts import Contract
from ..dominoes import DOMINOES
from ..rules import Rules
from ._tables import fast_tables

DOUBLES = sum(1 << d.index for d in DOMINOES if d.is_double)


@dataclass(frozen=True)
class TrickEstimate:
    """What the rule-based player sees in a holding as bidder in one contract."""

    contract: Contract
    #: Trumps held, and how many of them run down from the top without a gap.
    trumps: int
    top: int
    #: Other dominoes nothing can beat in their suit once trumps are gone.
    winners: int
    #: Every trick is sure (the top trumps draw the rest, every other domino a winner).
    lock: bool
    tricks: float

    def describe(self) -> str:
        """``"4 trumps (sixes), 3 from the top; 2 other winners"``."""
        c = self.contract
        parts = []
        if c.kind == "trumps":
            top = f", {self.top} from the top" if self.top else ""
            n = self.trumps
            parts.append(f"{n} trump{'s' if n != 1 else ''} ({c}){top}" if n else f"no {c}")
        w = self.winners
        parts.append(f"{w} {'other ' if c.kind == 'trumps' else ''}winner{'s' if w != 1 else ''}")
        return "; ".join(parts)


@functools.lru_cache(maxsize=256)
def _shape(contract: Contract, in_play: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(the trumps in play, trumps from the highest down, and for each domino the
    dominoes in play that beat it when it is led)."""
    ft = fast_tables(contract)
    tm = ft.trump_mask & in_play
    order = tuple(sorted((i for i in range(28) if tm >> i & 1), key=lambda i: -ft.power[8][i]))
    beats = []
    for x in range(28):
        row = ft.power[ft.lead[x]]
        beats.append(sum(1 << o for o in range(28) if in_play >> o & 1 and row[o] > row[x]))
    return tm, order, tuple(beats)


def estimate(held: int, contract: Contract, rules: Rules) -> TrickEstimate:
    """Sure and likely tricks of ``held`` as the bidder's hand in ``contract`` at the
    table of ``rules``. Trumps held from the top down are sure; if they are at least as
    many as the trumps out, they draw them all and every trump held is sure, and so is
    every domino that nothing but its own higher dominoes of its suit beat.

    >>> from texas42.dominoes import to_mask
    >>> from texas42.rules import MOON
    >>> e = estimate(to_mask("6-6 6-5 6-4 6-3 6-2 6-1 5-5"), Contract.suit(6), MOON)
    >>> e.lock, e.tricks
    (True, 7.0)
    """
    tm, order, beats = _shape(contract, rules.layout.mask)
    trumps = held & tm
    top = 0
    for t in order:
        if not trumps >> t & 1:
            break
        top += 1
    out = (tm & ~held).bit_count()
    drawn = top >= out  # leading the top trumps draws every other trump
    others = held & ~tm
    winners = sum(1 for x in range(28) if others >> x & 1 and not beats[x] & ~held & ~tm)
    rest = others.bit_count() - winners
    k = trumps.bit_count()
    lock = drawn and rest == 0
    most = float(rules.hand_size)
    if lock:
        tricks = most
    elif drawn:
        tricks = k + 0.85 * winners + 0.15 * rest
    else:
        tricks = top + 0.55 * (k - top) + 0.25 * max(0, k - 3) + 0.6 * winners + 0.1 * rest
    return TrickEstimate(contract, k, top, winners, lock, min(tricks, most))


def best_estimate(held: int, contracts: Sequence[Contract], rules: Rules) -> TrickEstimate:
    """The contract whose estimate is highest (a lock first)."""
    return max((estimate(held, c, rules) for c in contracts), key=lambda e: (e.lock, e.tricks))


def widow_help(rules: Rules, widow: float = 1.0) -> float:
    """Tricks the widow is expected to add to the bidder's hand (none without one)."""
    return widow if rules.widow else 0.0


_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine"}


def trick_bid(held: int, contracts: Sequence[Contract], rules: Rules, legal: Sequence[int],
              high: int, widow: float = 1.0) -> tuple[int, str]:
    """The rule-based bid in tricks of a hand ``held``: (bid, reason)."""
    est = best_estimate(held, contracts, rules)
    low = rules.trick_min_bid
    more = ", more with the widow" if rules.widow else ""
    about = (f"{est.contract} is its best, about {est.tricks:.1f} tricks from its "
             f"{_WORDS.get(rules.hand_size, rules.hand_size)} ({est.describe()}){more}")
    if est.lock and rules.moon_bid in legal:
        return rules.moon_bid, (f"{rules.moon_bid}: shoots the moon: in {est.contract} "
                                f"every trick is sure ({est.describe()}).")
    b = min(rules.hand_size, int(est.tricks + widow_help(rules, widow)))
    if b >= low and b in legal:
        return b, f"{b}: {about}."
    if 0 not in legal:  # everyone passed and the rules make it bid
        forced = min(legal)
        return forced, f"{forced}: everyone passed, so it must bid; {about}."
    if b >= low:
        return 0, f"pass: {about}: not enough to beat the bid of {high}."
    return 0, f"pass: {about}: short of {low}."


@functools.lru_cache(maxsize=4096)
def bid_level(held: int, contracts: tuple[Contract, ...], rules: Rules, widow: float) -> int:
    """The rule-based bid of ``held`` as a level: every trick plus one for a lock (it
    shoots the moon), else the tricks it would bid (it bids only from the lowest bid)."""
    est = best_estimate(held, contracts, rules)
    if est.lock:
        return rules.hand_size + 1
    return min(rules.hand_size, int(est.tricks + widow_help(rules, widow)))


def weakness(x: int, contract: Contract, unseen: int, in_play: int
             ) -> tuple[int, int, int, int, int]:
    """Sort key: the domino to part with first (not a trump, not a sure winner, not a
    double, low in its suit, few pips)."""
    tm, _, beats = _shape(contract, in_play)
    ft = fast_tables(contract)
    sure = not beats[x] & unseen
    return (tm >> x & 1, int(sure), DOUBLES >> x & 1, ft.power[ft.lead[x]][x], DOMINOES[x].pips)


def trick_discard(held: int, options: Sequence[int], contracts: Sequence[Contract],
                  rules: Rules, unseen: int) -> tuple[int, TrickEstimate]:
    """The domino the bidder discards (the one its best contract misses least), and
    the estimate of what it keeps."""
    in_play = rules.layout.mask

    def keep(x: int) -> tuple[bool, float, tuple[int, ...]]:
        e = best_estimate(held & ~(1 << x), contracts, rules)
        weak = weakness(x, e.contract, unseen, in_play)
        return (e.lock, e.tricks, tuple(-w for w in weak))

    x = max(options, key=keep)
    return x, best_estimate(held & ~(1 << x), contracts, rules)


def _beaten(row: tuple[int, ...], x: int, mask: int) -> bool:
    """Whether a domino of ``mask`` beats ``x`` in a trick whose power row is ``row``."""
    return any(mask >> o & 1 and row[o] > row[x] for o in range(28))


def trick_play_choice(contract: Contract, in_play: int, legal: Sequence[int], unseen: int,
                      plays: Sequence[int], trick_seats: Sequence[int], seat: int,
                      bidder: int) -> tuple[int, str]:
    """The rule-based play (a domino index) and its reason (without the domino's name).
    ``unseen``: the dominoes the seat does not know the place of; ``trick_seats``: the
    seats of the trick in playing order."""
    c = contract
    tm, _, beats = _shape(c, in_play)
    ft = fast_tables(c)
    is_bidder = seat == bidder

    def low() -> int:
        return min(legal, key=lambda x: weakness(x, c, unseen, in_play))

    trump_word = str(c) if c.kind == "trumps" else "trumps"
    if not plays:
        trumps = [x for x in legal if tm >> x & 1]
        if is_bidder and trumps and tm & unseen:
            x = max(trumps, key=lambda t: ft.power[8][t])
            return x, f"leads its highest trump to pull the opponents' {trump_word}"
        sure = [x for x in legal if not beats[x] & unseen]
        if sure:
            x = max(sure, key=lambda t: (tm >> t & 1, ft.power[ft.lead[t]][t]))
            return x, "a sure winner: nothing it has not seen beats it"
        return low(), "no sure winner, so it leads its weakest domino"
    pos = ft.winner_pos(list(plays))
    winner = trick_seats[pos]
    row = ft.power[ft.lead[plays[0]]]
    wp = row[plays[pos]]
    on_table = DOMINOES[plays[pos]]
    last = len(plays) == len(trick_seats) - 1
    bidder_played = bidder in trick_seats[: len(plays)]
    over = sorted((x for x in legal if row[x] > wp), key=lambda x: row[x])
    sure_over = [x for x in over if not _beaten(row, x, unseen)]

    def under() -> int:
        # Low in this trick: a domino that does not take it, then the weakest.
        return min(legal, key=lambda x: (row[x] > wp, *weakness(x, c, unseen, in_play)[:3],
                                         row[x], DOMINOES[x].pips))
    if not is_bidder and winner != bidder:
        if bidder_played:
            return under(), (f"the other opponent's {on_table} already beats the "
                             "bidder, so it plays low and does not overtake it")
        if not _beaten(row, plays[pos], unseen):
            return under(), (f"the other opponent's {on_table} cannot be beaten, "
                             "so it plays low")
    if over and last:
        return over[0], "plays last and wins the trick as cheaply as it can"
    if sure_over:
        return sure_over[0], (f"beats the {on_table} as cheaply as it can with "
                              "a domino nothing unseen beats")
    if over:
        return over[0], f"beats the {on_table} as cheaply as it can"
    return under(), f"cannot beat the {on_table}, so it plays its weakest domino"
