"""Laying down (claiming): "my side takes every trick that is left".

A player who cannot lose the rest may show the hand instead of playing on. The
claimant knows its own dominoes and what has been played, nothing more: its
partner's hand is as unseen as the opponents' (unless one person plays both).
:func:`verify_claim` checks that the claimant has *one* way of playing that wins
whatever the unseen dominoes are and however the others play. A trick the
partner wins counts for the side, but the check never counts on the partner's
help (unless the claimant plays the partner's hand too).

The check is a search. The claimant chooses its plays from public information;
an adversary chooses every other seat's play from the unseen dominoes, lazily,
and only as long as some arrangement of the unseen dominoes stays possible (each
seat's number of dominoes, the suits it has shown it is out of, the suits the
search itself makes it show out of). That is exactly "against every
arrangement". It is fast by design:

- sure tricks are decided without search: a claimant on lead that can draw every
  trump out, then lead each suit from the top, wins when no seat that may hold a
  higher domino of a suit can still hold one after the claimant's higher ones
  were led (suit lengths counted); a last domino only the partner can beat is
  sure too;
- a claim that fails usually fails open-handed: a few dangerous arrangements (a
  suit with its guards in one seat, a nello declarer's suits out of the
  opponents' reach) are solved with every hand known first, and any lost trick
  there is a counterexample;
- positions are memoised, dominoes that play alike are searched once (unseen
  ones only when they cannot meet in the trick), the adversary tries the plays
  that win a trick first;
- a verdict is remembered for the last few positions, so a replay that checks a
  claim and then lays it down searches once.

The work is bounded by :data:`NODE_BUDGET` positions: a claim that needs more is
refused with ``checked=False`` and "cannot be checked in time: play it out"
(``rule="claim-unchecked"`` from :meth:`Hand.lay_down`), never accepted.

Decisions:

- A claim is made instead of a play: only by the player to act, while the hand
  is being played (``rule="claim-timing"``). Once the result is decided the
  hand stops by itself (marks game), so no claim is needed then; a hand played
  out for practice may still be laid down.
- Nello: only the declarer may claim, and the claim is "I lose every trick that
  is left" (``rule="claim-nello"``). The opponents' aim there is to hand the
  declarer one trick, which is not a claim of tricks.
- The claimant remembers every domino played, even when tricks are turned face
  down. What the bidding revealed (a plunge's doubles, the holder of 1-0 under
  the seed's rule) is not used: the check may then refuse a claim those facts
  would make sure, never the other way round.
- Every table (issue 14), one search: the table comes from the hand's rules
  profile (:class:`_Table`: seats, hand size, the claimant's side by
  :meth:`Rules.side_of`). At a table where each plays for themselves (Moon, Moon
  for many, three-hand 42) the claim is every trick left for the claimant alone,
  so it fixes the score as playing on would, in tricks or in points. Dominoes out
  of play are known; a widow's discard the claimant did not make and dominoes
  laid aside are unseen and go to one more holder that never plays. At the
  two-hand table (two people, each playing both hands of a side) the claimant
  sees its partner's hand and chooses its plays too.

>>> from texas42 import DOMINOES, Deal, Hand
>>> sixes = [d for d in DOMINOES if d.has(6)]
>>> rest = [d for d in DOMINOES if not d.has(6)]
>>> hand = Hand(Deal([sixes, rest[:7], rest[7:14], rest[14:]]), shaker=3)
>>> for bid in ("30", "pass", "pass", "pass"):
...     hand.bid(bid)
>>> hand.name_contract("sixes")
>>> check = verify_claim(hand, 0)
>>> check.valid, check.tricks_left
(True, 7)
>>> print(check.explain())  # doctest: +NORMALIZE_WHITESPACE
Valid: seat 0 holds the 7 highest trumps left (6-6 6-5 6-4 6-3 6-2 6-1 6-0); leading
them wins every trick whatever the others hold.
"""

from __future__ import annotations

import functools
import random
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from .contracts import SEVENS_DISTANCE_MASKS, Contract, Suit, tables
from .dominoes import DOMINOES, Domino, DominoSet
from .errors import IllegalActionError, check_count, check_kind, check_progress, check_seat

if TYPE_CHECKING:
    from .hand import Hand

_N = 28
_FULL = (1 << _N) - 1
#: Set in the equivalence mask of two dominoes that never play alike (never in a hand).
_NEVER = _FULL | 1 << _N
_DIST7 = tuple(abs(d.pips - 7) for d in DOMINOES)
#: For sevens: the dominoes closer to 7 than distance ``k`` (a seat that played a domino
#: at distance ``k`` held none of them).
_CLOSER = tuple(sum(SEVENS_DISTANCE_MASKS[:k]) for k in range(8))

#: The most positions one check may search: at 15,000 to 25,000 positions a second and
#: a few hundred bytes each, a few seconds and some tens of MB (bench/bench_bounds.py);
#: a claim that needs more is refused as "cannot be checked in time" (never accepted).
NODE_BUDGET = 60_000
#: How often (in positions searched) a progress callback is called.
PROGRESS_EVERY = 2_000
#: What the refusal of a claim too long to check says (after "Not checked: ").
UNCHECKED = "cannot be checked in time: play it out."

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called now and then during long work (positions
searched and the budget, for a claim)."""


class _OutOfBudget(Exception):
    """The search reached its node budget (caught inside this module)."""


@dataclass(frozen=True)
class Counterexample:
    """Why a claim fails: one arrangement of the unseen dominoes and a line of play
    in which the claimant's side loses a trick (in nello: the declarer wins one)."""

    #: What each seat holds at the claim (the claimant's own hand included).
    hands: tuple[DominoSet, ...]
    #: The plays from the claim on, as (seat, domino), up to the trick that is lost.
    line: tuple[tuple[int, Domino], ...]
    #: The lost trick, as (seat, domino) from its lead (it may have begun before the claim).
    trick: tuple[tuple[int, Domino], ...]
    #: The seat that wins the lost trick.
    winner: int
    #: What no seat holds in that arrangement (a widow's discard, dominoes laid aside).
    aside: DominoSet = field(default_factory=lambda: DominoSet(0))


@dataclass(frozen=True)
class ClaimCheck:
    """The verdict on a claim by ``seat``.

    ``plan``: when valid, the claimant's plays in order on the main line (the
    claimant adapts them to what the others play; :class:`ClaimPlayer` gives the
    next one from any position). ``counterexample``: when not valid.
    """

    valid: bool
    seat: int
    tricks_left: int
    plan: tuple[Domino, ...] = ()
    counterexample: Counterexample | None = None
    #: Why, in a few words after "Valid: " or "Not valid: ".
    reason: str = ""
    #: Positions searched (a measure of work).
    nodes: int = 0
    #: False when the search reached its budget before deciding: then ``valid`` is
    #: False too (a claim is never accepted unchecked) and the claim must be played out.
    checked: bool = True

    def explain(self) -> str:
        """The verdict in one line of plain English."""
        if not self.checked:
            return "Not checked: " + self.reason
        return ("Valid: " if self.valid else "Not valid: ") + self.reason


def _row(dominoes: Iterator[Domino] | tuple[Domino, ...]) -> str:
    return " ".join(str(d) for d in dominoes)


def _plural(items: tuple[Domino, ...], one: str, many: str) -> str:
    return one if len(items) == 1 else many


def _sure_reason(seat: int, draw: tuple[Domino, ...], rest: tuple[Domino, ...],
                 trumps: int, counted: bool = False, last: Domino | None = None,
                 table: _Table | None = None) -> str:
    """Why a claim is sure without search, in words (``counted``: some of ``rest`` win
    only once the higher ones of their suit have fallen; ``last``: led last, only the
    partner may beat it)."""
    lead = "leading it" if len(draw + rest) == 1 else "leading them"
    if last is not None:
        before = tuple(d for d in draw + rest if d != last)
        first = f"seat {seat} wins with {_row(before)}, then " if before else ""
        table = _forty_two(seat) if table is None else table
        who = table.who(seat)
        ally = table.ally(seat, next(s for s in range(table.seats) if table.ours[s] and s != seat))
        return (
            f"{first}seat {seat} leads {last} last: only {ally} can hold a higher "
            f"one, so {who} take the last trick too."
        )
    if counted:
        first = f"seat {seat} leads {_row(draw)} to draw every trump out; then " if draw else ""
        return (
            f"{first}seat {seat} leads {_row(rest)} from the top of each suit: each lead "
            "takes one of that suit from every seat that has any, so nobody can keep a "
            "higher one for the later tricks."
        )
    if all(trumps >> d.index & 1 for d in draw + rest):
        return (
            f"seat {seat} holds the {len(draw + rest)} highest trumps left "
            f"({_row(draw + rest)}); {lead} wins every trick whatever the others hold."
        )
    if draw:
        return (
            f"seat {seat} leads {_row(draw)}, higher than every trump still out, which "
            f"draws the others' trumps; then {_row(rest)} "
            f"{_plural(rest, 'is the highest left in its suit', 'are the highest left')}."
        )
    no_trump = "no trump is out and " if trumps else ""
    return (
        f"{no_trump}{_row(rest)} "
        f"{_plural(rest, 'is the highest left in its suit', 'are each the highest left')}"
        f", so seat {seat} wins every trick {lead}."
    )


def _valid_reason(seat: int, plan: tuple[Domino, ...], left: int, nello: bool,
                  table: _Table) -> str:
    tricks = f"the {left} tricks left" if left > 1 else "the last trick"
    who = table.who(seat)
    if nello:
        what = f"seat {seat} loses {tricks}"
    else:
        what = f"{who} {'takes' if who == f'seat {seat}' else 'take'} {tricks}"
    hidden = " (and whatever lies face down)" if table.hidden else ""
    return (
        f"whatever the others hold{hidden} and however they play, {what}; "
        f"on the main line seat {seat} plays {_row(plan)}."
    )


def _invalid_reason(seat: int, c: Counterexample, left: int, nello: bool) -> str:
    leader, led = c.trick[0]
    before = len(c.line) - len(c.trick)
    if before < 0:
        which = "the trick on the table"
    else:
        size = len(c.trick)
        n = before // size + 1
        which = "the next trick" if n == 1 else f"the {_ordinal(n)} trick from now"
    by = f"seat {seat} leads {led}" if leader == seat else f"seat {leader} leads {led}"
    best = next(d for s, d in c.trick if s == c.winner)
    if nello:
        return (
            f"the others can play under {best} in {which} ({by}), and then seat {seat} "
            "wins it."
        )
    tricks = f"the {left} tricks left" if left > 1 else "the last trick"
    return (
        f"if seat {c.winner} holds {best}, it wins {which} ({by}); "
        f"no way of playing is sure to take {tricks}."
    )


def _ordinal(n: int) -> str:
    return {2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# -- the search ----------------------------------------------------------------------------------
@functools.lru_cache(maxsize=32)
def _equivalence(contract: Contract) -> tuple[int, ...]:
    """``eq[x * 28 + y]``: the dominoes whose presence (anywhere but the player's own
    hand) makes playing ``x`` differ from playing ``y`` for who wins tricks."""
    t = tables(contract)
    out = [_NEVER] * (_N * _N)
    for x in range(_N):
        for y in range(_N):
            if x == y:
                out[x * _N + y] = 0
            elif t.sevens:
                out[x * _N + y] = 0 if _DIST7[x] == _DIST7[y] else _NEVER
            elif (t.trump_mask >> x & 1) == (t.trump_mask >> y & 1):
                mask = 0
                for s in range(9):
                    in_x, in_y = t.members[s] >> x & 1, t.members[s] >> y & 1
                    if in_x != in_y:
                        mask |= t.members[s]  # only one follows s: nobody else may hold s
                    elif in_x:
                        lo, hi = sorted((t.power[s][x], t.power[s][y]))
                        for o in range(_N):
                            if t.members[s] >> o & 1 and lo < t.power[s][o] < hi:
                                mask |= 1 << o
                if t.lead[x] != t.lead[y]:
                    mask |= t.members[t.lead[x]] | t.members[t.lead[y]]
                out[x * _N + y] = mask
    return tuple(out)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


@dataclass(slots=True)
class _Node:
    """A position as the claimant sees it (``f``: dominoes each seat cannot hold)."""

    mine: int  # the claimant's dominoes
    unseen: int  # every other domino not yet played
    n: tuple[int, ...]  # dominoes each seat holds
    f: tuple[int, ...]  # per seat, unseen dominoes it cannot hold
    leader: int
    k: int  # dominoes on the table in this trick
    first: int  # index of the domino led, -1 before the lead
    best_pow: int
    best_seat: int
    table: int  # mask of the dominoes in this trick

    def key(self) -> tuple[int, ...]:
        return (
            self.mine, self.unseen, *self.n, *self.f,
            self.leader, self.k, self.first, self.best_pow, self.best_seat,
        )


@dataclass(frozen=True)
class _Table:
    """The table as a claim sees it (from the hand's rules profile: one search for every
    table). The unseen dominoes no seat holds (a widow's discard the claimant did not
    make, dominoes laid aside) are dealt to one more holder, index ``seats``, that never
    plays."""

    seats: int
    hand_size: int
    #: Per seat: on the claimant's side (the claimant included): its tricks keep the claim.
    ours: tuple[bool, ...]
    #: Per seat: the index of its side in the hand's tuples (a sevens tie goes by it).
    side: tuple[int, ...]
    #: Unseen dominoes that no seat holds.
    hidden: int = 0
    #: The other seats the claimant plays (two people at 42: its partner's): their hands
    #: are seen and their plays are the claimant's choice.
    helpers: tuple[int, ...] = ()

    @property
    def parts(self) -> int:
        """Seats, and the holder of the hidden dominoes when there are any."""
        return self.seats + (1 if self.hidden else 0)

    def who(self, seat: int) -> str:
        """The claimant's side in words (the subject of "take")."""
        allies = [s for s in range(self.seats) if self.ours[s] and s != seat]
        if not allies:
            return f"seat {seat}"
        if len(allies) == 1:
            return f"seat {seat} and {self.ally(seat, allies[0])}"
        *first, last = (str(s) for s in sorted([seat, *allies]))
        return f"seats {', '.join(first)} and {last}"

    def ally(self, seat: int, other: int) -> str:
        """A seat on the claimant's side in words: "its partner" at a table of four."""
        return "its partner" if self.seats == 4 and other == seat ^ 2 else f"seat {other}"


@functools.lru_cache(maxsize=4)
def _forty_two(seat: int) -> _Table:
    return _Table(4, 7, tuple((s ^ seat) & 1 == 0 for s in range(4)),
                  tuple(s & 1 for s in range(4)))


class _Search:
    """The claim search for one claimant in one hand (memo kept between calls)."""

    def __init__(self, contract: Contract, seat: int, out: int | None, bid_team: int | None,
                 budget: int = NODE_BUDGET, progress: Progress | None = None,
                 table: _Table | None = None) -> None:
        self.table = table = _forty_two(seat) if table is None else table
        seats = table.seats
        self.ours = table.ours
        #: The one ally that may beat the claimant's last domino for the side (-1: none).
        allies = [s for s in range(seats) if table.ours[s] and s != seat]
        self.ally = allies[0] if len(allies) == 1 else -1
        self.budget = budget
        self.progress = progress
        #: Positions searched, over every call (``limit``: where this call stops).
        self.nodes = 0
        self.limit = budget
        self.contract = contract
        self.t = tables(contract)
        self.seat = seat
        self.out = out
        #: The side a tie in sevens goes to (``None``: the first played).
        self.bid_team = bid_team
        self.nello = contract.kind == "nello"
        self.sevens = self.t.sevens
        self.eq = _equivalence(contract)
        self.orders = tuple(
            tuple(s for s in ((lead + i) % seats for i in range(seats)) if s != out)
            for lead in range(seats)
        )
        self.size = len(self.orders[0])
        #: The seats among which the unseen dominoes lie (and the hidden ones' holder).
        self.holders = tuple(s for s in range(table.parts) if s != seat)
        #: The seats that play and may hold unseen dominoes.
        self.players = tuple(s for s in range(seats) if s != seat and s != out)
        self.helpers = table.helpers
        self.memo: dict[tuple[int, ...], bool] = {}
        #: Set by :meth:`sure`: the domino led last that only the partner may beat (-1).
        self.partner_last = -1

    def fork(self, budget: int) -> _Search:
        """A fresh search of the same claim with its own memo and ``budget``."""
        return _Search(self.contract, self.seat, self.out, self.bid_team, budget,
                       table=self.table)

    # -- rules on masks ----------------------------------------------------------------------
    def power(self, seat: int, first: int, d: int) -> int:
        if self.sevens:
            return (8 - _DIST7[d]) * 2 + (1 if self.table.side[seat] == self.bid_team else 0)
        return self.t.power[self.t.lead[first]][d]

    def legal(self, held: int, first: int) -> int:
        # The rule of following lives in the contract's tables (``first``: -1 on the lead).
        return self.t.legal(held, DOMINOES[first] if first >= 0 else None)

    def lost(self, winner: int) -> bool:
        """Whether a trick won by ``winner`` breaks the claim."""
        if self.nello:
            return winner == self.seat
        return not self.ours[winner]

    def feasible(self, unseen: int, n: tuple[int, ...], f: tuple[int, ...]) -> bool:
        """Whether the unseen dominoes can be dealt to the holders: ``n[s]`` each, none a
        seat cannot hold (Hall's condition over every set of holders)."""
        hs = self.holders
        for sub in range(1 << len(hs)):
            must = unseen  # dominoes that only seats inside ``sub`` may hold
            room = 0
            for i, s in enumerate(hs):
                if sub >> i & 1:
                    room += n[s]
                else:
                    must &= f[s]
            if must.bit_count() > room:
                return False
        return True

    # -- moves -------------------------------------------------------------------------------
    def take(self, node: _Node, seat: int, d: int, new_f: int) -> _Node:
        """``node`` with ``d`` gone from the claimant's hand or the unseen dominoes
        (``new_f``: the forbidden mask of ``seat`` after the play); the trick unchanged."""
        mine, unseen, n, f = node.mine, node.unseen, node.n, node.f
        if seat == self.seat:
            mine ^= 1 << d
        else:
            unseen ^= 1 << d
            n = tuple(c - 1 if s == seat else c for s, c in enumerate(n))
            f = tuple((new_f if s == seat else x) & unseen for s, x in enumerate(f))
        return _Node(mine, unseen, n, f, node.leader, node.k, node.first, node.best_pow,
                     node.best_seat, node.table)

    def after(self, node: _Node, seat: int, d: int, new_f: int = 0) -> _Node | None:
        """The position after ``seat`` plays ``d`` (``new_f``: for another seat, its
        forbidden mask after the play); ``None`` when that loses a trick for the claim."""
        x = self.take(node, seat, d, new_f)
        if node.k == 0:
            x.first, x.best_pow, x.best_seat = d, self.power(seat, d, d), seat
        else:
            pw = self.power(seat, node.first, d)
            if pw > node.best_pow:
                x.best_pow, x.best_seat = pw, seat
        if node.k + 1 < self.size:
            x.k += 1
            x.table |= 1 << d
            return x
        if self.lost(x.best_seat):
            return None
        x.leader, x.k, x.first, x.best_pow, x.best_seat, x.table = x.best_seat, 0, -1, 0, -1, 0
        return x

    def winner(self, node: _Node, seat: int, d: int) -> int:
        """Who wins the trick of ``node`` when ``seat`` plays ``d`` last."""
        pw = self.power(seat, node.first if node.k else d, d)
        return seat if node.k == 0 or pw > node.best_pow else node.best_seat

    def to_act(self, node: _Node) -> int:
        return self.orders[node.leader][node.k]

    def claimant_moves(self, node: _Node) -> list[int]:
        """The claimant's plays, one per group that plays alike (the first of each group
        in this order), most promising first."""
        legal = list(_bits(self.legal(node.mine, node.first)))
        if node.k == 0:
            # Lead the strongest (in nello the weakest) first.
            sign = -1 if self.nello else 1
            legal.sort(key=lambda m: -sign * self.power(self.seat, m, m))
        else:
            partner_winning = not self.nello and self.ours[node.best_seat]

            def score(m: int) -> int:
                pw = self.power(self.seat, node.first, m)
                if self.nello:
                    return 1000 + pw if pw < node.best_pow else -pw  # duck as high as possible
                if partner_winning:
                    return 2000 - pw if pw <= node.best_pow else 1000 - pw
                return 3000 - pw if pw > node.best_pow else -pw  # win as cheaply as possible

            legal.sort(key=score, reverse=True)
        return self._distinct(legal, node.unseen | node.table, ())

    def adversary_moves(self, node: _Node, seat: int) -> Iterator[tuple[int, int, _Node | None]]:
        """Each play ``seat`` may make from the unseen dominoes while some arrangement
        stays possible, one per group that plays alike, the most dangerous first:
        ``(domino, new forbidden mask, position after or None when the trick is lost)``."""
        f_seat = node.f[seat]
        allowed = node.unseen & ~f_seat
        if self.sevens:
            groups = [allowed & ring for ring in SEVENS_DISTANCE_MASKS]
        elif node.k == 0:
            groups = [allowed]
        else:
            suit = self.t.members[self.t.lead[node.first]]
            groups = [allowed & suit, allowed & ~suit]
        others = node.mine | node.unseen | node.table
        moves: list[tuple[int, int]] = []
        for ring, group in enumerate(groups):
            if not group:
                continue
            if self.sevens:
                new_f = f_seat | _CLOSER[ring]
            elif node.k == 0 or ring == 0:
                new_f = f_seat
            else:
                new_f = f_seat | self.t.members[self.t.lead[node.first]]  # shows a void
            order = sorted(_bits(group), key=lambda m: self._danger(node, seat, m), reverse=True)
            moves.extend((m, new_f) for m in self._distinct(order, others, node.f, node))
        moves.sort(key=lambda move: self._danger(node, seat, move[0]), reverse=True)
        for m, new_f in moves:
            gone = self.take(node, seat, m, new_f)
            if self.feasible(gone.unseen, gone.n, gone.f):
                yield m, new_f, self.after(node, seat, m, new_f)

    def _danger(self, node: _Node, seat: int, m: int) -> int:
        """How much a play by the adversary threatens the claim (for ordering only: the
        refutation of a claim that fails is then usually the first play tried). For a
        hand the claimant plays too: how promising, as for the claimant's own plays."""
        if self.helpers and seat in self.helpers:
            if node.k == 0:
                return self.power(seat, m, m)  # lead high
            pw = self.power(seat, node.first, m)
            if self.ours[node.best_seat]:
                return 2000 - pw if pw <= node.best_pow else 1000 - pw  # stay under
            return 3000 - pw if pw > node.best_pow else -pw  # win as cheaply as possible
        if node.k == 0:
            pw = self.power(seat, m, m)
            replies = [self.power(self.seat, m, r) for r in _bits(self.legal(node.mine, m))]
            if self.nello:
                # Lead under every domino the declarer can follow with: it must win.
                follows = node.mine & self.t.members[self.t.lead[m]]
                return 2000 - pw if follows and min(replies) > pw else 1000 - pw
            return 2000 + pw if max(replies) < pw else pw  # the claimant cannot beat it
        pw = self.power(seat, node.first, m)
        if self.nello:
            return 1000 - pw if pw < node.best_pow else -pw  # leave the declarer on top
        claim_side = self.ours[node.best_seat]
        if self.ours[seat]:
            return -pw  # the partner: never help
        return 1000 + pw if claim_side and pw > node.best_pow else -pw

    def _distinct(
        self, plays: list[int], others: int, f: tuple[int, ...], node: _Node | None = None
    ) -> list[int]:
        """The first domino of ``plays`` of each group of dominoes that play alike:
        no domino of ``others`` tells them apart. For the adversary (``node``: the
        position it plays in), every seat may also hold both or neither, and the two
        may not meet in this trick (the one not played may still fall in it)."""
        eq = self.eq
        kept: list[int] = []
        rows: tuple[tuple[int, ...], ...] = ()
        last = node is None or node.k == self.size - 1
        if node is not None and node.k and not self.sevens:
            rows = (self.t.power[self.t.lead[node.first]],)
        for m in plays:
            for x in kept:
                pair = 1 << m | 1 << x
                if eq[m * _N + x] & others & ~pair:
                    continue
                if node is not None:
                    if any((fs >> m ^ fs >> x) & 1 for fs in f):
                        continue
                    if not last and not self.sevens:
                        # Which of the two wins when both fall in this trick matters.
                        here = rows or (self.t.power[self.t.lead[m]], self.t.power[self.t.lead[x]])
                        if any(row[m] != row[x] for row in here):
                            continue
                break
            else:
                kept.append(m)
        return kept

    # -- the question ------------------------------------------------------------------------
    def wins(self, node: _Node) -> bool:
        """Whether the claimant has a way of playing that keeps the claim from ``node``."""
        key = node.key()
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget
        if self.nodes % PROGRESS_EVERY == 0 and self.progress is not None:
            self.progress(min(self.nodes, self.budget), self.budget)
        result = self._wins(node)
        self.memo[key] = result
        return result

    def _wins(self, node: _Node) -> bool:
        if node.k == 0 and not node.mine:
            return True  # every trick taken (or, in nello, lost)
        seat = self.to_act(node)
        if node.k == 0 and self.nello and seat != self.seat and self.ducks(node):
            return True
        if seat == self.seat:
            if node.k == 0 and self.sure(node) is not None:
                return True
            for m in self.claimant_moves(node):
                child = self.after(node, seat, m)
                if child is not None and self.wins(child):
                    return True
            return False
        if seat in self.helpers:
            # A hand the claimant plays too (seen, so only its own dominoes are feasible).
            return any(child is not None and self.wins(child)
                       for _m, _f, child in self.adversary_moves(node, seat))
        for _m, _f, child in self.adversary_moves(node, seat):
            if child is None or not self.wins(child):
                return False
        return True

    def choose(self, node: _Node) -> int | None:
        """A play that keeps the claim for the claimant (or a hand it plays too), or
        ``None``."""
        seat = self.to_act(node)
        if seat in self.helpers:
            return next((m for m, _f, child in self.adversary_moves(node, seat)
                         if child is not None and self.wins(child)), None)
        if node.k == 0 and node.leader == self.seat:
            plan = self.sure(node)
            if plan is not None:
                return (plan[0] + plan[1])[0]
        for m in self.claimant_moves(node):
            child = self.after(node, self.seat, m)
            if child is not None and self.wins(child):
                return m
        return None

    def ducks(self, node: _Node) -> bool:
        """Nello, an opponent to lead: the declarer loses every trick left without search
        when each of its dominoes is lower, in every suit it follows, than every unseen
        domino that leads that suit. Whatever is led, it then follows under the lead
        (or shows out, which never wins), so it never leads again."""
        t = self.t
        for s in range(9):
            mine = node.mine & t.members[s]
            if not mine:
                continue
            leads = [i for i in _bits(node.unseen & t.members[s]) if t.lead[i] == s]
            if leads:
                row = t.power[s]
                if max(row[i] for i in _bits(mine)) >= min(row[i] for i in leads):
                    return False
        return True

    def counted(self, node: _Node, rest: tuple[int, ...]) -> bool:
        """Whether a domino of ``rest`` (non-trump) has a higher one of its suit out."""
        t = self.t
        left = node.unseen & ~t.trump_mask
        return any(
            t.power[t.lead[i]][j] > t.power[t.lead[i]][i]
            for i in rest if not t.trump_mask >> i & 1
            for j in _bits(left & t.members[t.lead[i]])
        )

    def sure(self, node: _Node) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The claimant on lead wins the rest without search when it can draw every trump
        still out with trumps higher than all of them, and every other domino it holds is
        then the highest left in its suit: (trumps to lead first, the rest)."""
        if self.nello or self.sevens:
            return None
        t = self.t
        trumps = t.trump_mask
        out_trumps = node.unseen & trumps
        draw: list[int] = []
        if out_trumps:
            top = max(t.power[Suit.TRUMPS][i] for i in _bits(out_trumps))
            bosses = sorted(
                (i for i in _bits(node.mine & trumps) if t.power[Suit.TRUMPS][i] > top),
                key=lambda i: -t.power[Suit.TRUMPS][i],
            )
            # A seat follows trumps while it has any: each boss trump led takes one from
            # every seat that still holds one.
            most = max(
                min((out_trumps & ~node.f[s]).bit_count(), node.n[s]) for s in self.players
            )
            if len(bosses) < most:
                return None
            draw = bosses[:most]
        rest = [i for i in _bits(node.mine) if i not in draw]
        left = node.unseen & ~trumps
        partner = self.ally
        last = -1  # a domino only the partner can beat: led last, the partner's win is ours
        for i in rest:
            if trumps >> i & 1:
                continue
            suit = t.lead[i]
            row = t.power[suit]
            members = left & t.members[suit]
            higher = sum(1 << j for j in _bits(members) if row[j] > row[i])
            if not higher:
                continue
            # Led after the claimant's own higher dominoes of its suit (``ahead``
            # rounds), ``i`` still wins when no seat that may hold a higher one can
            # still hold one of the suit: each lead took one from every seat that had any.
            ahead = sum(1 for j in rest if t.lead[j] == suit and row[j] > row[i]
                        and not trumps >> j & 1)
            for p in self.players:
                if not higher & ~node.f[p]:
                    continue
                if min((members & ~node.f[p]).bit_count(), node.n[p]) <= ahead:
                    continue
                alone = sum(1 for j in rest if t.lead[j] == suit and not trumps >> j & 1) == 1
                if p != partner or not alone or last not in (-1, i):
                    return None
                last = i
        rest.sort(key=lambda i: (i == last, -t.power[t.lead[i]][i]))
        self.partner_last = last
        return tuple(draw), tuple(rest)


# -- from a hand -----------------------------------------------------------------------------------
def _check_claimant(hand: Hand, seat: int) -> None:
    from .hand import Hand, Phase

    check_kind(hand, Hand, "a Hand in play to check a claim in", rule="hand")
    check_seat(seat, hand.seats)
    if hand.phase is not Phase.PLAYING:
        why = "the hand is over" if hand.is_over else f"the hand is in the {hand.phase.value} phase"
        raise IllegalActionError(
            f"seat {seat} cannot lay down: {why}; a claim is made while the tricks are played",
            rule="claim-timing",
        )
    contract = hand.contract
    assert contract is not None
    if contract.kind == "nello" and seat != hand.declarer:
        raise IllegalActionError(
            f"seat {seat} cannot lay down: in nello only the declarer, seat {hand.declarer}, "
            "may claim (that it loses every trick left)",
            rule="claim-nello",
        )
    if seat != hand.to_act:
        raise IllegalActionError(
            f"seat {seat} cannot lay down now: it is seat {hand.to_act}'s turn; a claim is "
            "made instead of playing your next domino",
            rule="claim-timing",
        )


def _search_for(
    hand: Hand, seat: int, budget: int = NODE_BUDGET, progress: Progress | None = None
) -> _Search:
    contract = hand.contract
    assert contract is not None and hand.bidder is not None
    return _Search(contract, seat, hand.sitting_out, hand.sevens_tie_side, budget, progress,
                   _table_of(hand, seat))


def claim_side(hand: Hand, seat: int) -> tuple[bool, ...]:
    """For each seat, whether its tricks count for a claim by ``seat``: the seats on
    ``seat``'s side by the rules (:meth:`Rules.side_of`: partners at 42's table, the seat
    alone when each plays for themselves, the bidder's allies when the bidder plays
    against the rest). Nello's claim is the declarer's alone (see :func:`claim_broken`)."""
    rules, bidder = hand.rules, hand.bidder
    mine = rules.side_of(seat, bidder)
    return tuple(rules.side_of(s, bidder) == mine for s in range(hand.seats))


def claim_broken(hand: Hand, seat: int, winner: int) -> bool:
    """Whether a trick won by ``winner`` breaks a claim by ``seat`` (nello: the declarer
    claimed to lose every trick; otherwise its side claimed to take every one)."""
    if hand.contract is not None and hand.contract.kind == "nello":
        return winner == seat
    return not claim_side(hand, seat)[winner]


def _table_of(hand: Hand, seat: int) -> _Table:
    """The table of ``hand`` as a claim by ``seat`` sees it."""
    rules = hand.rules
    if rules.is_42 and rules.hands_per_person == 1:
        return _forty_two(seat)  # (the common case, built without the profile)
    # What no seat holds and ``seat`` has not seen: a widow's discard it did not make,
    # the dominoes laid aside.
    held = sum(len(hand.holding(s)) for s in range(hand.seats)) + len(hand.plays)
    own = sum(1 for a in hand.actions if a.kind == "discard" and a.seat == seat)
    hidden = len(rules.layout.dominoes) - held - own
    side = tuple(rules.share_of(s) for s in range(hand.seats))
    helpers = tuple(s for s in rules.controlled_seats(seat)
                    if s != seat and s != hand.sitting_out)
    return _Table(hand.seats, rules.hand_size, claim_side(hand, seat), side, hidden, helpers)


def _position(search: _Search, hand: Hand) -> _Node:
    """The position as the claimant sees it: its own dominoes, every play so far, the
    number of dominoes each seat holds and what each seat has shown it cannot hold."""
    seat, t, parts = search.seat, search.t, search.table.parts
    table = list(zip(search.orders[hand.leader], hand.current_trick, strict=False))
    mine = hand.holding(seat).mask
    for s, d in table:
        if s == seat:
            mine |= 1 << d.index  # (never: the claimant is to act) but kept general
    played = 0
    counts = [search.table.hand_size] * search.table.seats
    if search.table.hidden:
        counts.append(search.table.hidden)
    forbidden = [0] * parts
    for trick in hand.tricks:
        for s, d in zip(trick.seats, trick.plays, strict=True):
            played |= 1 << d.index
            counts[s] -= 1
    if search.sevens:
        # A seat that played a domino held nothing closer to 7 (it would have had to
        # play that), and still holds nothing closer: dominoes only leave a hand.
        for trick in hand.tricks:
            for s, d in zip(trick.seats, trick.plays, strict=True):
                forbidden[s] |= _CLOSER[_DIST7[d.index]]
        for s, d in table:
            forbidden[s] |= _CLOSER[_DIST7[d.index]]
    else:
        for s, suits in hand.known_voids().items():
            for suit in suits:
                forbidden[s] |= t.members[suit]
    gone = 0  # out of play, or discarded by the claimant (it knows where they are)
    if search.table is not _forty_two(seat):
        gone = _FULL & ~hand.rules.layout.mask
        for a in hand.actions:
            if a.kind == "discard" and a.seat == seat:
                gone |= 1 << cast(Domino, a.value).index
        # A person playing two hands sees its partner's: that seat holds what it holds
        # (and what it played to this trick), nothing else.
        for s in hand.rules.controlled_seats(seat):
            if s != seat:
                known = hand.holding(s).mask | sum(1 << d.index for p, d in table if p == s)
                for x in range(parts):
                    forbidden[x] |= known if x != s else ~known
    unseen = _FULL & ~played & ~mine & ~gone
    f = tuple(0 if s == seat else forbidden[s] & unseen for s in range(parts))
    node: _Node | None = _Node(mine, unseen, tuple(counts), f, hand.leader, 0, -1, 0, -1, 0)
    for s, d in table:
        # The trick on the table (its voids are already known): it is not lost yet.
        assert node is not None
        node = search.after(node, s, d.index, node.f[s])
    assert node is not None
    return node


def verify_claim(
    hand: Hand, seat: int, *, budget: int | None = None, progress: Progress | None = None
) -> ClaimCheck:
    """Check a claim by ``seat``, the player to act: its side takes every trick left
    (nello: the declarer loses every trick left), whatever the unseen dominoes are.

    The work is bounded: after ``budget`` positions (default :data:`NODE_BUDGET`)
    the answer is a refusal with
    ``checked=False`` ("cannot be checked in time: play it out"), never a wrong
    acceptance. ``progress(done, budget)`` is called every few thousand positions.
    The last few verdicts are remembered, so checking again (a replay, then laying
    down) costs nothing.

    Raises :class:`~texas42.errors.IllegalActionError` when no claim may be made here
    (``rule="claim-timing"`` or ``"claim-nello"``).
    """
    return _verify(hand, seat, budget, progress)[0]


#: The last verdicts with their searches, by position (laying down after a check, or a
#: replay that checks then lays down, searches once).
_RECENT: OrderedDict[tuple[object, ...], tuple[ClaimCheck, _Search]] = OrderedDict()
_RECENT_SIZE = 2


def _verify(
    hand: Hand, seat: int, budget: int | None = None, progress: Progress | None = None
) -> tuple[ClaimCheck, _Search]:
    """The verdict, and the search behind it (its memo then serves to play the claim)."""
    _check_claimant(hand, seat)
    budget = NODE_BUDGET if budget is None else check_count(budget, "budget", 1, NODE_BUDGET,
                                                            unit=" positions", rule="budget")
    check_progress(progress)
    search = _search_for(hand, seat, budget, progress)
    root = _position(search, hand)
    key = (hand.contract, seat, search.out, search.bid_team, search.table, budget, root.key(),
           root.table)
    known = _RECENT.get(key)
    if known is not None:
        _RECENT.move_to_end(key)
        return known
    search.limit = budget
    try:
        out = _decide(search, hand, root)
    except _OutOfBudget:
        left = search.table.hand_size - len(hand.tricks)
        out = ClaimCheck(False, seat, left, (), None, UNCHECKED, search.nodes, checked=False)
        search.memo.clear()  # a partial search is of no use to play a claim
    result = (out, search)
    _RECENT[key] = result
    while len(_RECENT) > _RECENT_SIZE:
        _RECENT.popitem(last=False)
    return result


#: Arrangements of the unseen dominoes tried open-handed before the real search, and
#: the positions each may search: a claim that fails when the claimant sees every hand
#: fails (a cheap refutation of most claims that are not sure).
OPEN_TRIES = 8
OPEN_BUDGET = 3_000
#: The positions of the first, short search (most claims are decided within it).
QUICK_BUDGET = 2_000


def _refute(search: _Search, root: _Node) -> tuple[_Search, _Node] | None:
    """An arrangement in which the claimant, even seeing every hand, cannot keep the
    claim: the search over it and its root, or ``None`` when none was found."""
    rng = random.Random(root.unseen ^ root.mine)  # the same answer every time
    t = search.t
    # The dangerous arrangements first: the unseen dominoes of a suit in which the
    # claimant holds a domino that is not the highest, all in one other seat's hand.
    suits = sorted({t.lead[i] for i in _bits(root.mine)
                    if any(t.power[t.lead[i]][j] > t.power[t.lead[i]][i]
                           for j in _bits(root.unseen & t.members[t.lead[i]]))})
    if t.trump_mask and root.unseen & t.trump_mask:
        suits = [Suit.TRUMPS, *(x for x in suits if x != Suit.TRUMPS)]
    opponents = sorted(search.players, key=lambda s: search.ours[s])
    # With that suit, the seat gets the low dominoes of the suits the claimant will
    # lead, so it can follow them and keep its high one.
    leads = sorted({t.lead[i] for i in _bits(root.mine)})
    guards = sorted((j for x in leads for j in _bits(root.unseen & t.members[x])),
                    key=lambda j: min(t.power[x][j] for x in leads if t.members[x] >> j & 1))
    prefs: list[tuple[int, list[int]]] = []
    for x in suits:
        suit = sorted(_bits(root.unseen & t.members[x]), key=lambda j: -t.power[x][j])
        prefs += [(p, suit + [j for j in dict.fromkeys(guards) if j not in suit])
                  for p in opponents]
        prefs += [(p, suit) for p in opponents]
    if search.nello:
        # Nello: the declarer wins a trick when nobody can play over its domino: the
        # high ones of its suits with the partner who sits out, or one opponent void.
        prefs = []
        for x in sorted({t.lead[i] for i in _bits(root.mine)}):
            high = sorted(_bits(root.unseen & t.members[x]), key=lambda j: -t.power[x][j])
            if search.out is not None:
                prefs.append((search.out, high))
            prefs += [(p, [j for j in _bits(root.unseen & ~t.members[x])])
                      for p in opponents]
    prefs += [(-1, [])] * OPEN_TRIES
    for prefer in prefs[:2 * OPEN_TRIES]:
        dealt = _deal(search, root, rng, prefer)
        if sum(x.bit_count() for x in dealt) != root.unseen.bit_count():
            continue
        f = tuple(0 if s == search.seat else root.unseen & ~dealt[s]
                  for s in range(search.table.parts))
        open_root = _Node(root.mine, root.unseen, root.n, f, root.leader, root.k, root.first,
                          root.best_pow, root.best_seat, root.table)
        trial = search.fork(OPEN_BUDGET)
        try:
            if not trial.wins(open_root):
                return trial, open_root
        except _OutOfBudget:
            pass
        search.nodes += trial.nodes
        if search.progress is not None:
            search.progress(search.nodes, search.budget)
    return None


def _decide(search: _Search, hand: Hand, root: _Node) -> ClaimCheck:
    seat = search.seat
    left = search.table.hand_size - len(hand.tricks)
    table = tuple(zip(search.orders[hand.leader], hand.current_trick, strict=False))
    on_lead = root.k == 0 and search.to_act(root) == seat
    decided: bool | None = None
    if not (on_lead and search.sure(root) is not None):
        # Most claims are decided by a short search; only a long one tries the
        # open-handed refutations before going on (the memo of completed positions stays).
        search.limit = min(search.budget, QUICK_BUDGET)
        try:
            decided = search.wins(root)
        except _OutOfBudget:
            search.limit = search.budget
            refuted = _refute(search, root)
            if refuted is not None:
                trial, open_root = refuted
                trial.limit = trial.nodes + search.budget
                example = _counterexample(trial, open_root, table)
                reason = _invalid_reason(seat, example, left, search.nello)
                return ClaimCheck(False, seat, left, (), example, reason,
                                  search.nodes + trial.nodes)
        search.limit = search.budget
    if decided is None:
        decided = search.wins(root)
    if not decided:
        example = _counterexample(search, root, table)
        reason = _invalid_reason(seat, example, left, search.nello)
        return ClaimCheck(False, seat, left, (), example, reason, search.nodes)
    plan = tuple(DOMINOES[m] for m in _main_line(search, root))
    sure = search.sure(root) if root.k == 0 else None
    if sure is not None:
        draw, rest = (tuple(DOMINOES[i] for i in part) for part in sure)
        last = DOMINOES[search.partner_last] if search.partner_last >= 0 else None
        reason = _sure_reason(seat, draw, rest, search.t.trump_mask,
                              search.counted(root, sure[1]), last, search.table)
    else:
        reason = _valid_reason(seat, plan, left, search.nello, search.table)
    return ClaimCheck(True, seat, left, plan, None, reason, search.nodes)


def _main_line(search: _Search, root: _Node) -> list[int]:
    """The claimant's plays when each other seat makes its first (most dangerous) play."""
    plan: list[int] = []
    node: _Node | None = root
    while node is not None and (node.k or node.mine):
        s = search.to_act(node)
        if s == search.seat:
            m = search.choose(node)
            assert m is not None
            plan.append(m)
            node = search.after(node, s, m)
        elif s in search.helpers:
            m = search.choose(node)
            assert m is not None
            node = next(c for x, _f, c in search.adversary_moves(node, s) if x == m)
        else:
            node = next(search.adversary_moves(node, s))[2]
    return plan


def _counterexample(
    search: _Search, root: _Node, table: tuple[tuple[int, Domino], ...]
) -> Counterexample:
    """Follow the claimant's most promising plays and the adversary's refutations to a
    lost trick, then deal the unseen dominoes nobody played in a way that fits."""
    seat = search.seat
    line: list[tuple[int, Domino]] = []
    trick = list(table)
    node = root
    while True:
        s = search.to_act(node)
        if node.k == 0:
            trick = []
        nxt: _Node | None
        if s == seat:
            m, new_f = search.claimant_moves(node)[0], 0
            nxt = search.after(node, s, m)
        else:
            m, new_f, nxt = next(
                (m, f, c) for m, f, c in search.adversary_moves(node, s)
                if c is None or not search.wins(c)
            )
        line.append((s, DOMINOES[m]))
        trick.append((s, DOMINOES[m]))
        if nxt is None:
            winner = search.winner(node, s, m)
            end = search.take(node, s, m, new_f)
            break
        node = nxt
    dealt = _deal(search, end)
    hands = []
    for s in range(search.table.seats):
        mask = root.mine if s == seat else dealt[s]
        if s != seat:
            for p, d in line:
                if p == s:
                    mask |= 1 << d.index
        hands.append(DominoSet(mask))
    aside = DominoSet(dealt[-1] if search.table.hidden else 0)
    return Counterexample(tuple(hands), tuple(line), tuple(trick), winner, aside)


def _deal(
    search: _Search, node: _Node, rng: random.Random | None = None,
    prefer: tuple[int, list[int]] = (-1, []),
) -> list[int]:
    """One way of dealing ``node``'s unseen dominoes that fits every constraint: each
    domino goes to the first seat that leaves the rest dealable (with ``rng``: the
    dominoes and the seats taken in a random order; ``prefer = (seat, dominoes)``: those
    dominoes dealt first, in that order, to ``seat`` while it can take them)."""
    hands = [0] * search.table.parts
    unseen, n = node.unseen, node.n
    who, first = prefer
    order = list(_bits(node.unseen & ~sum(1 << d for d in first)))
    if rng is not None:
        rng.shuffle(order)
    order = first + order
    chosen = set(first)
    for d in order:
        holders = list(search.holders)
        if rng is not None:
            rng.shuffle(holders)
        if d in chosen:
            holders.sort(key=lambda s: s != who)
        for s in holders:
            if n[s] and not node.f[s] >> d & 1:
                rest = tuple(c - 1 if x == s else c for x, c in enumerate(n))
                if search.feasible(unseen ^ 1 << d, rest, node.f):
                    hands[s] |= 1 << d
                    unseen ^= 1 << d
                    n = rest
                    break
    return hands


def claim_play(hand: Hand, seat: int) -> Domino:
    """The claimant's next play under a claim that is valid here (chosen from what
    ``seat`` may know). Raises ``IllegalActionError(rule="claim-not-sure")`` otherwise."""
    return ClaimPlayer(hand, seat).play(hand)


class ClaimPlayer:
    """Plays a claim out, keeping one search (and what it learnt) for the whole hand."""

    def __init__(self, hand: Hand, seat: int, *, _search: _Search | None = None) -> None:
        if _search is None:
            _check_claimant(hand, seat)
            _search = _search_for(hand, seat)
        self.seat = seat
        self.search = _search

    @classmethod
    def checked(cls, hand: Hand, seat: int) -> tuple[ClaimCheck, ClaimPlayer]:
        """Verify the claim and return a player that plays it out with the same search
        (what the check learnt is not searched again)."""
        check, search = _verify(hand, seat)
        return check, cls(hand, seat, _search=search)

    def play(self, hand: Hand) -> Domino:
        """The claimant's next play in ``hand`` (the claimant, or a hand it plays too,
        must be to act)."""
        search = self.search
        search.limit = search.nodes + search.budget  # a fresh budget for each play
        try:
            m = search.choose(_position(search, hand))
        except _OutOfBudget:
            raise IllegalActionError(
                f"seat {self.seat}'s claim {UNCHECKED}", rule="claim-unchecked"
            ) from None
        if m is None:
            raise IllegalActionError(verify_claim(hand, self.seat).explain(), rule="claim-not-sure")
        return DOMINOES[m]


def lowest_legal(hand: Hand) -> Domino:
    """The lowest legal domino of the player to act: how the engine plays the others'
    dominoes once a claim is laid down (it cannot change who wins)."""
    return min(hand.legal_plays(), key=lambda d: (d.count, d.pips, d.index))


__all__ = ["ClaimCheck", "ClaimPlayer", "Counterexample", "claim_broken", "claim_play",
           "claim_side", "lowest_legal", "verify_claim"]
