"""The exact open-hands solver: best play by both sides with every holding known, at a
table of any shape (42, Moon, tricks of N, the bidder against the rest ...).

The table's shape is data (:class:`~texas42.analysis.shape.TableShape`, carried by the
:class:`~texas42.analysis.position.Position`): the seats and which of two sides each is
on, what a trick is worth, whether the count scores. Values are points for each side (in
42: seats 0+2, seats 1+3; in Moon: the bidder, the two others) *from the current
position*: the tricks still to be completed, the trick in progress counted whole (its
dominoes already on the table included). Every trick is played out (no early end). Each
side plays to take as many points as it can; in nello, as few (the declarer must lose
every trick, the opponents want to hand it one).

How it is fast enough in pure Python:

- the search asks yes/no questions, "can seats 0+2 take at least ``need`` points?", and
  each answer comes with a bound (fail-soft); a few questions with different thresholds
  pin the value down (narrow-window search, as in MTD(f)); a yes/no search stops at the
  first play that settles it;
- a transposition table at trick boundaries keeps, for each arrangement of the holdings
  and leader, the bounds proved so far, so later questions reuse earlier answers;
- dominoes of one hand that play alike (adjacent in rank in every suit other hands still
  hold, same count) are searched once (see :mod:`texas42.analysis._tables`);
- the play tried first is picked by a rule of thumb (win cheaply taking count along, give
  count to a partner who is winning, otherwise play low), unless a play settled the same
  situation before (the same legal plays facing the same trick; for a lead, the same
  boundary or the same hand): then that one (history and killer heuristics);
- a trump higher than every trump the opponents hold wins the trick it is played to:
  such trumps bound a side's points before any search.

>>> from texas42 import Deal
>>> from texas42.analysis.position import Position
>>> p = Position.from_deal(Deal.from_seed(1), "sixes", leader=0)
>>> s = solve(p)
>>> sum(s.points)
42
>>> max(v[0] for v in s.plays.values()) == s.points[0]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Concatenate, ParamSpec, TypeVar

from ..contracts import Contract
from ..dominoes import DOMINOES, Domino, sorted_dominoes
from ..errors import (
    BudgetError,
    InputError,
    NotationError,
    check_count,
    check_kind,
    check_progress,
    check_seat,
    check_whole,
    quote,
)
from ..hand import Hand
from ..moon import MoonHand
from ..records import HandRecord
from ._tables import (
    COUNT,
    COUNT5,
    COUNT10,
    SENTINEL,
    FastTables,
    fast_tables,
    sevens_legal,
)
from .position import Position, as_position
from .shape import FORTY_TWO, TableShape

#: Boundary entries kept before the table is cleared (memory stays bounded: about
#: 100 bytes an entry, so some 30 MB, also in a browser kernel).
TT_LIMIT = 300_000
#: Bits of one bound in a table entry (values up to shape.MAX_POINTS).
_BITS = 8
_LOW = (1 << _BITS) - 1
_NO_COUNT = (0,) * 28
#: The most trick boundaries one question to the solver may search (a whole
#: :func:`solve`, a value, a yes/no): about 3 s in CPython. A whole hand of 42 needs at
#: most about 35,000 (``bench/bench_bounds.py``), so this is ten times that; a strange
#: table (two seats of fourteen dominoes) is refused with :class:`BudgetError` at once
#: instead of running for tens of seconds.
SOLVE_BUDGET = 400_000

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _question(
    method: Callable[Concatenate[Solver, _P], _R],
) -> Callable[Concatenate[Solver, _P], _R]:
    """A public question to the solver: searched within its budget (one budget for the
    outermost question; questions it asks on the way share it)."""

    def ask(self: Solver, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if self._asking:  # inside another question: its budget (and no context's cost)
            return method(self, *args, **kwargs)
        with self.budgeted():
            return method(self, *args, **kwargs)

    # (not functools.wraps: its wrapper type hides the signature from mypy)
    ask.__name__, ask.__qualname__, ask.__doc__ = (method.__name__, method.__qualname__,
                                                   method.__doc__)
    return ask


class Solver:
    """A solver for one contract and table (and sitting-out seat in nello; bidding side
    in sevens). Keeps its transposition table between calls, so solving many positions
    of one hand reuses earlier work.

    Values are the points side 0 (in 42: seats 0+2; in Moon: the bidder) takes from the
    position on; side 1 takes the rest.

    Every question (:meth:`bound`, :meth:`reach`, :meth:`value`, :meth:`play_values`,
    :meth:`play_reach`, :meth:`best_line`) searches at most :attr:`budget` trick boundaries
    (:data:`SOLVE_BUDGET`), else raises :class:`~texas42.errors.BudgetError`
    (``rule="solve-budget"``); a position of another contract or table raises
    :class:`~texas42.errors.InputError` (``rule="solver"``).
    """

    def __init__(self, contract: Contract, out: int | None = None,
                 bid_team: int | None = 0, table: TableShape = FORTY_TWO) -> None:
        check_kind(table, TableShape, "a TableShape (FORTY_TWO, moon_shape ...)", rule="table")
        contract = contract if isinstance(contract, Contract) else Contract.parse(contract)
        if out is not None:
            check_seat(out, table.seats, "out")
        if bid_team is not None:
            check_count(bid_team, "bid_team", 0, 1, rule="team")
        self.contract = contract
        self.out = out
        self.table = table
        #: The side of each seat (0 or 1).
        self.sides = sides = table.sides
        n = table.seats
        self.bid_team = bid_team if contract.kind == "sevens" else 0
        #: Nello is played the other way round: each side tries to take as little as it
        #: can (the declarer must lose every trick; the opponents want to give it one).
        self.misere = contract.kind == "nello"
        #: The side whose players raise the points of side 0.
        self.max_team = 1 if self.misere else 0
        self.ft: FastTables = fast_tables(contract)
        #: Power tables by seat (they differ only in sevens with ties to side ``bid_team``;
        #: ``None``: the first played wins a tie, as ``Rules.sevens_tie_side`` says).
        self.spower = self.ft.seat_power(self.bid_team, sides)
        self.size = n - (out is not None)
        # Seats in playing order for each leader.
        self.orders: tuple[tuple[int, ...], ...] = tuple(
            tuple(s for s in ((lead + i) % n for i in range(n)) if s != out) for lead in range(n)
        )
        #: What a trick is worth by itself, and each domino's count as it scores here.
        self.tv = table.trick_value
        self.cnt: tuple[int, ...] = COUNT if table.count else _NO_COUNT
        #: Whether the count scores (a flag, not ``self.cnt is COUNT``: a pickled solver's
        #: copy of the tuple is not the module's, and its bounds then left the count out,
        #: so a used player sent to a worker chose differently).
        self._counts = table.count
        self._by_side = (tuple(s for s in range(n) if sides[s] == 0 and s != out),
                         tuple(s for s in range(n) if sides[s] == 1 and s != out))
        #: Boundary -> proved bounds (lo << 8 | hi) of the points side 0 takes from it.
        self.tt: dict[int, int] = {}
        #: Boundary -> the lead that last settled it.
        self.killer: dict[int, int] = {}
        #: (legal plays, suit led, winning power, partner winning) -> the play tried first.
        self.fcache: dict[int, int] = {}
        #: Plays that may lead -> the lead tried first (the last that settled a boundary).
        self.lcache: dict[int, int] = {}
        #: Boundaries searched (a measure of work).
        self.nodes = 0
        #: The boundaries one question may search (:data:`SOLVE_BUDGET`), and the count
        #: of :attr:`nodes` at which the question being answered stops.
        self.budget = SOLVE_BUDGET
        self.limit = self.nodes + self.budget
        self._allowed = self.budget
        self._asking = False
        # 42's table, the hot case, gets the unrolled forms of the boundary work.
        self._four = n == 4
        if sides == (0, 1, 0, 1):
            self._sure = self._sure_partners  # type: ignore[method-assign]
        self._tops = self._top_trumps()
        self._rank, self._worth = self._sure_tables() if self._tops else ({}, [])

    def _top_trumps(self) -> tuple[int, ...]:
        """Trumps from the highest down (empty without trumps)."""
        ft = self.ft
        if ft.sevens or not ft.trump_mask:
            return ()
        row = ft.power[8]
        return tuple(sorted((i for i in range(28) if ft.trump_mask >> i & 1),
                            key=lambda i: -row[i]))

    @contextmanager
    def budgeted(self, budget: int | None = None) -> Iterator[None]:
        """Answer the questions inside within one budget (``budget`` boundaries, default
        :attr:`budget`); past it, :class:`~texas42.errors.BudgetError`. Nested questions
        share the outermost one's budget."""
        if self._asking:
            yield
            return
        self._asking = True
        self._allowed = self.budget if budget is None else budget
        self.limit = self.nodes + self._allowed
        try:
            yield
        finally:
            self._asking = False

    def _over_budget(self) -> BudgetError:
        return BudgetError(
            f"this position is too big to solve exactly: it needs more than "
            f"{self._allowed:,} positions searched, the solver's budget (a table of "
            f"{self.table.seats} seats). Play some tricks first, or ask for odds instead",
            rule="solve-budget")

    def clear(self) -> None:
        """Forget the table (it is also cleared when it grows past :data:`TT_LIMIT`). The
        plays that settled similar situations are kept (they only order the search) unless
        they too grow past the limit."""
        self.tt.clear()
        self.killer.clear()
        if len(self.fcache) + len(self.lcache) > TT_LIMIT:
            self.fcache.clear()
            self.lcache.clear()

    # -- the search ---------------------------------------------------------------------
    def _sure_tables(self) -> tuple[dict[int, int], list[int]]:
        """For the sure-trick bound: each set of trumps as a 7-bit mask of ranks (bit 6:
        the top trump), and for each rank mask the points its trumps are sure of (a trick
        and its count each)."""
        tops = self._tops
        rank: dict[int, int] = {}
        worth = [0] * 128
        for r in range(128):
            mask = 0
            pts = 0
            for k, t in enumerate(tops):
                if r >> (6 - k) & 1:
                    mask |= 1 << t
                    pts += self.tv + self.cnt[t]
            rank[mask] = r
            worth[r] = pts
        return rank, worth

    def _sure(self, h: list[int]) -> tuple[int, int]:
        """Points each side is sure of: a trump higher than every trump the other side
        holds wins the trick it is played to, and one hand plays its trumps in different
        tricks (partners may play theirs to the same trick: only the best hand counts).
        Returns (side 0, side 1)."""
        tm = self.ft.trump_mask
        rank, worth = self._rank, self._worth
        r = [rank[x & tm] for x in h]
        sure = [0, 0]
        for side in (0, 1):
            opp = 0
            for s in self._by_side[1 - side]:
                opp |= r[s]
            cut = 127 & ~((1 << opp.bit_length()) - 1)
            best = 0
            for s in self._by_side[side]:
                w = worth[r[s] & cut]
                if w > best:
                    best = w
            sure[side] = best
        return (sure[0], sure[1])

    def _sure_partners(self, h: list[int]) -> tuple[int, int]:
        """:meth:`_sure` for 42's table (seats 0+2 against 1+3), unrolled."""
        tm = self.ft.trump_mask
        rank, worth = self._rank, self._worth
        r0, r1, r2, r3 = rank[h[0] & tm], rank[h[1] & tm], rank[h[2] & tm], rank[h[3] & tm]
        opp = r1 | r3
        cut = 127 & ~((1 << opp.bit_length()) - 1)
        a, b = worth[r0 & cut], worth[r2 & cut]
        s0 = a if a > b else b
        opp = r0 | r2
        cut = 127 & ~((1 << opp.bit_length()) - 1)
        a, b = worth[r1 & cut], worth[r3 & cut]
        return (s0, a if a > b else b)

    def _search(self, h: list[int], leader: int, need: int) -> int:
        """At a trick boundary, the question "can side 0 take ``need`` points from the
        tricks left?", answered with a bound: ``g >= need`` means yes, it takes at least
        ``g``; ``g < need`` means no, it takes at most ``g``."""
        n = h[leader].bit_count()
        if n == 1:
            return self._last_trick(h, leader)
        if self._four:
            key = h[0] | h[1] << 28 | h[2] << 56 | h[3] << 84 | leader << 112
        else:
            key = leader
            for x in h:
                key = key << 28 | x
        tt = self.tt
        entry = tt.get(key)
        if entry is None:
            total = n * self.tv
            if self._counts:
                rest = sum(h)  # the holdings are disjoint: their sum is their union
                total += 10 * (rest & COUNT10).bit_count() + 5 * (rest & COUNT5).bit_count()
            if self._tops:
                s0, s1 = self._sure(h)
                lo, hi = s0, total - s1
            else:
                lo, hi = 0, total
        else:
            lo, hi = entry >> _BITS, entry & _LOW
        if lo >= need:
            return lo
        if hi < need:
            return hi
        self.nodes += 1
        if self.nodes > self.limit:
            raise self._over_budget()
        g = self._ply(h, self.orders[leader], 0, [], 0, 0, need, key)
        if g >= need:
            lo = g
        else:
            hi = g
        if len(tt) >= TT_LIMIT:
            self.clear()
        tt[key] = lo << _BITS | hi
        return g

    def _last_trick(self, h: list[int], leader: int) -> int:
        """Points side 0 takes in the last trick (one domino each)."""
        seats = self.orders[leader]
        plays = [h[s].bit_length() - 1 for s in seats]
        pos = self.ft.winner_pos(plays, seats, self.bid_team, self.sides)
        if self.sides[seats[pos]]:
            return 0
        pts = self.tv
        cnt = self.cnt
        for x in plays:
            pts += cnt[x]
        return pts

    def _ply(
        self,
        h: list[int],
        seats: tuple[int, ...],
        k: int,
        plays: list[int],
        best_pow: int,
        best_pos: int,
        need: int,
        key: int,
    ) -> int:
        """Inside a trick: ``plays`` are on the table, ``seats[k]`` is to play. Returns a
        bound on the points side 0 takes from the start of this trick, as
        :meth:`_search` does.

        The most promising play is picked by one cheap pass and tried first; most nodes
        are settled by it. Only when it fails are the other plays listed (one per group of
        interchangeable dominoes) and tried in order."""
        ft = self.ft
        sides = self.sides
        p = seats[k]
        held = h[p]
        maximizing = sides[p] == self.max_team
        if k == 0:
            legal = held if not ft.sevens else sevens_legal(held)
            row = None
            ck = legal
            first = self.killer.get(key, -1) if key else -1
            if first < 0 or not legal >> first & 1:
                first = self.lcache.get(legal, -1)
                if first < 0:
                    first = self.lcache[legal] = self._first_lead(legal)
        else:
            f0 = plays[0]
            legal = (held & ft.members[ft.lead[f0]] or held) if not ft.sevens else (
                sevens_legal(held))
            row = self.spower[p][ft.lead[f0]]
            ck = legal | ft.lead[f0] << 28 | best_pow << 32
            if sides[seats[best_pos]] == sides[p]:
                ck |= 1 << 40
            first = self.fcache.get(ck, -1)
            if first < 0:
                first = self.fcache[ck] = self._first_follow(legal, row, best_pow, ck >> 40)
        last = k == self.size - 1
        m = first
        rest_moves: list[int] | None = None
        i = 0
        best = -1 if maximizing else 9999
        while True:
            h[p] = held ^ (1 << m)
            plays.append(m)
            if row is None:
                pw, pos = self.spower[p][ft.lead[m]][m], 0
            else:
                pw = row[m]
                if pw > best_pow:
                    pos = k
                else:
                    pw, pos = best_pow, best_pos
            if last:
                winner = seats[pos]
                if sides[winner]:
                    g = self._search(h, winner, need)
                else:
                    pts = self.tv
                    cnt = self.cnt
                    for x in plays:
                        pts += cnt[x]
                    g = pts + self._search(h, winner, need - pts)
            else:
                g = self._ply(h, seats, k + 1, plays, pw, pos, need, key)
            plays.pop()
            h[p] = held
            if maximizing:
                if g >= need:
                    if m != first:
                        if k == 0:
                            if key:
                                self.killer[key] = m
                            self.lcache[ck] = m
                        else:
                            self.fcache[ck] = m
                    return g
                if g > best:
                    best = g
            else:
                if g < need:
                    if m != first:
                        if k == 0:
                            if key:
                                self.killer[key] = m
                            self.lcache[ck] = m
                        else:
                            self.fcache[ck] = m
                    return g
                if g < best:
                    best = g
            if rest_moves is None:
                if legal == 1 << first:
                    return best
                rest_moves = self._order(
                    h, p, legal, plays, row, best_pow, best_pos, seats, first
                )
            if i >= len(rest_moves):
                return best
            m = rest_moves[i]
            i += 1

    def _first_lead(self, legal: int) -> int:
        """The lead tried first: the strongest domino in its own suit (in nello, where
        nobody wants tricks, the weakest)."""
        power, lead = self.ft.power, self.ft.lead
        sign = -1 if self.misere else 1
        top, first = -1000, -1
        mask = legal
        while mask:
            low = mask & -mask
            mask ^= low
            m = low.bit_length() - 1
            pw = sign * power[lead[m]][m]
            if pw > top:
                top, first = pw, m
        return first

    def _first_follow(
        self, legal: int, row: tuple[int, ...], best_pow: int, partner_winning: int
    ) -> int:
        """The play tried first when following: win the trick as cheaply as possible
        (taking count along); give count to a partner who is winning; else play low. In
        nello: duck under the winning domino with the highest that stays under."""
        top, first = -99999, -1
        misere = self.misere
        cnt = self.cnt
        mask = legal
        while mask:
            low = mask & -mask
            mask ^= low
            m = low.bit_length() - 1
            pw = row[m]
            if misere:
                sc = 1000 + pw if pw < best_pow else -pw
            elif partner_winning:
                sc = (2000 if pw <= best_pow else 1000) + cnt[m] * 10 - pw
            elif pw > best_pow:
                sc = 3000 + cnt[m] * 10 - pw
            else:
                sc = 1000 - cnt[m] * 10 - pw
            if sc > top:
                top, first = sc, m
        return first

    def _order(
        self,
        h: list[int],
        p: int,
        legal: int,
        plays: list[int],
        row: tuple[int, ...] | None,
        best_pow: int,
        best_pos: int,
        seats: tuple[int, ...],
        tried: int = -1,
    ) -> list[int]:
        """The plays worth trying, best first, one per group of interchangeable ones
        (leaving out ``tried`` and the plays like it)."""
        ft = self.ft
        others = SENTINEL | (sum(h) - h[p])  # disjoint holdings: the others' union
        for x in plays:
            others |= 1 << x
        equiv = ft.equiv
        kept: list[int] = [tried] if tried >= 0 else []
        mask = legal
        while mask:
            low = mask & -mask
            m = low.bit_length() - 1
            mask ^= low
            base = m * 28
            for x in kept:
                if not others & equiv[base + x]:
                    break
            else:
                kept.append(m)
        if tried >= 0:
            kept.pop(0)
        if len(kept) <= 1:
            return kept
        sign = -1 if self.misere else 1
        if row is None:
            power, lead = ft.power, ft.lead
            kept.sort(key=lambda m: -sign * power[lead[m]][m])
            return kept
        partner_winning = self.sides[seats[best_pos]] == self.sides[p]
        cnt = self.cnt

        def score(m: int) -> int:
            pw = row[m]
            c = cnt[m]
            if self.misere:
                return 1000 + pw if pw < best_pow else -pw
            if partner_winning:
                # Give count to the partner's trick; do not waste a winner.
                return 2000 + c * 10 - pw if pw <= best_pow else 1000 + c * 10 - pw
            if pw > best_pow:
                # Win it, as cheaply as possible but taking count along.
                return 3000 + c * 10 - pw
            return 1000 - c * 10 - pw

        kept.sort(key=score, reverse=True)
        return kept

    # -- questions about positions ----------------------------------------------------
    def _check(self, pos: Position) -> None:
        if (pos.contract != self.contract or pos.out != self.out or pos.table != self.table
                or (self.contract.kind == "sevens" and pos.tie_team != self.bid_team)):
            raise InputError("this solver was made for another contract or table",
                             rule="solver")

    @_question
    def bound(self, pos: Position, need: int) -> int:
        """The fail-soft test of ``pos``: ``g >= need`` means side 0 takes at least
        ``g`` points from here, ``g < need`` at most ``g``."""
        self._check(pos)
        if pos.is_over:
            return 0
        h = list(pos.hands)
        if not pos.trick:
            return self._search(h, pos.leader, need)
        seats = pos.seats
        plays = [d.index for d in pos.trick]
        best_pow, best_pos = self._trick_state(pos)
        return self._ply(h, seats, len(plays), plays, best_pow, best_pos, need, 0)

    @_question
    def reach(self, pos: Position, need: int) -> bool:
        """Whether side 0 can take at least ``need`` points from ``pos`` on."""
        return need <= 0 or self.bound(pos, need) >= need

    @_question
    def value(self, pos: Position, lo: int = 0, hi: int | None = None,
              guess: int | None = None) -> int:
        """Points side 0 takes from ``pos`` on with best play, known to be in
        ``lo..hi``. Found by yes/no searches whose answers are bounds: by bisection, or
        from ``guess`` (MTD(f) style), widening the step while the guess proves far off."""
        total = pos.remaining_points
        hi = total if hi is None else min(hi, total)
        lo = max(lo, 0)
        if lo >= hi:
            return lo
        if guess is None:
            need = (lo + hi + 1) // 2
            direction = 0
        else:
            need = min(max(guess, lo + 1), hi)
            direction = 2  # not known yet
        step = 1
        while lo < hi:
            g = self.bound(pos, need)
            up = g >= need
            if up:
                lo = g
            else:
                hi = g
            if direction == 2:
                direction = 1 if up else -1
            elif direction != 0 and (direction == 1) != up:
                direction = 0  # bracketed: bisect from now on
            if direction == 1:
                # Above the guess: climb in growing steps until a search fails.
                need = min(lo + step, hi)
                step *= 2
            elif direction == -1:
                need = max(hi - step + 1, lo + 1)
                step *= 2
            else:
                need = (lo + hi + 1) // 2
        return lo

    @_question
    def play_values(self, pos: Position, value: int | None = None,
                    progress: Callable[[int], None] | None = None) -> dict[int, int]:
        """For each legal play (domino index), the points side 0 takes from ``pos``
        on if it is played and both sides then play their best. ``value``: the value of
        ``pos`` if known (it bounds every play's value, so each is found in few searches).
        ``progress(k)``: called after the ``k``-th play's value."""
        out: dict[int, int] = {}
        if pos.is_over:
            return out
        v = self.value(pos) if value is None else value
        maximizing = self.sides[pos.to_act] == self.max_team
        for d, twin in self._distinct_plays(pos):
            m = d.index
            if twin is not None:
                out[m] = out[twin]
                continue
            child = pos.play(d)
            gained = child.points[0] - pos.points[0]
            # No play does better than the best: the position's value bounds each one.
            if maximizing:
                out[m] = gained + self.value(child, hi=v - gained, guess=v - gained)
            else:
                out[m] = gained + self.value(child, lo=v - gained, guess=v - gained)
            if progress is not None:
                progress(len(out))
        return out

    @_question
    def play_reach(self, pos: Position, need: int) -> dict[int, bool]:
        """For each legal play (domino index), whether side 0 takes at least ``need``
        points from ``pos`` on (the trick in progress whole) if it is played and both
        sides then play their best: one yes/no search a play (a play equivalent to one
        already searched shares its answer), where :meth:`play_values` needs several."""
        out: dict[int, bool] = {}
        if pos.is_over:
            return out
        for d, twin in self._distinct_plays(pos):
            if twin is not None:
                out[d.index] = out[twin]
                continue
            child = pos.play(d)
            out[d.index] = self.reach(child, need - (child.points[0] - pos.points[0]))
        return out

    def _distinct_plays(self, pos: Position) -> Iterator[tuple[Domino, int | None]]:
        """Each legal play of ``pos`` with an earlier play it is equivalent to (the same
        answer to every question: none of the others' dominoes ranks between them), or
        ``None`` when it must be searched."""
        others = SENTINEL | (sum(pos.hands) - pos.hands[pos.to_act])
        for d in pos.trick:
            others |= 1 << d.index
        searched: list[int] = []
        for d in sorted_dominoes(pos.legal_mask()):
            m = d.index
            twin = next((x for x in searched if not others & self.ft.equiv[m * 28 + x]), None)
            if twin is None:
                searched.append(m)
            yield d, twin

    @_question
    def best_line(self, pos: Position, value: int | None = None) -> list[Domino]:
        """One line of best play from ``pos`` to the end of the hand."""
        line: list[Domino] = []
        v = self.value(pos) if value is None else value
        while not pos.is_over:
            maximizing = self.sides[pos.to_act] == self.max_team
            chosen = None
            moves = self._order(
                list(pos.hands), pos.to_act, pos.legal_mask(),
                [d.index for d in pos.trick],
                self.spower[pos.to_act][self.ft.lead[pos.trick[0].index]] if pos.trick
                else None,
                *self._trick_state(pos), pos.seats,
            )
            for m in moves:
                child = pos.play(DOMINOES[m])
                need = v - (child.points[0] - pos.points[0])
                ok = self.reach(child, need) if maximizing else not self.reach(child, need + 1)
                if ok:
                    chosen = child
                    v = need
                    line.append(DOMINOES[m])
                    break
            assert chosen is not None, "some play keeps the value"
            pos = chosen
        return line

    def _trick_state(self, pos: Position) -> tuple[int, int]:
        """(power, position) of the domino winning the trick in progress so far."""
        if not pos.trick:
            return (0, 0)
        plays = [d.index for d in pos.trick]
        seats = pos.seats
        best = self.ft.winner_pos(plays, seats, self.bid_team, self.sides)
        return (self.spower[seats[best]][self.ft.lead[plays[0]]][plays[best]], best)


_SOLVERS: dict[tuple[Contract, int | None, int | None, TableShape], Solver] = {}


def nodes_searched() -> int:
    """The trick boundaries the shared solvers (:func:`solver_for`) have searched in all
    (a measure of work done, for callers that share one budget among many solves)."""
    return sum(s.nodes for s in _SOLVERS.values())


def solver_for(pos: Position) -> Solver:
    """A shared solver for the position's contract and table (its table is reused)."""
    key = (pos.contract, pos.out, pos.tie_team, pos.table)
    s = _SOLVERS.get(key)
    if s is None:
        if len(_SOLVERS) > 32:
            _SOLVERS.clear()
        s = _SOLVERS[key] = Solver(pos.contract, pos.out, pos.tie_team, pos.table)
    return s


@dataclass(frozen=True)
class Solution:
    """What best play gives from a position.

    ``points``: what each side (in 42: seats 0+2, seats 1+3) takes from here to the end
    of the hand; ``plays``: the same for each legal play now; ``line``: one best line of
    play.
    """

    to_act: int | None
    points: tuple[int, int]
    plays: dict[Domino, tuple[int, int]]
    line: tuple[Domino, ...]
    #: Nello: each side does best by taking as few points as it can.
    misere: bool = False
    #: The side of each seat (the table's).
    sides: tuple[int, ...] = FORTY_TWO.sides

    def loss(self, domino: Domino | str) -> int:
        """Points the side to act gives up by playing ``domino`` instead of a best play
        (in nello: the points it takes that a best play would not)."""
        d = domino if isinstance(domino, Domino) else Domino.parse(domino)
        assert self.to_act is not None
        team = self.sides[self.to_act]
        if self.misere:
            return self.plays[d][team] - self.points[team]
        return self.points[team] - self.plays[d][team]

    def label(self, domino: Domino | str) -> str:
        """``"best"`` or ``"loses N points"``."""
        n = self.loss(domino)
        if n == 0:
            return "best"
        return f"loses {n} point{'s' if n != 1 else ''}"

    @property
    def best(self) -> list[Domino]:
        """The best plays now (all of them, as people hold them)."""
        return [d for d in self.plays if self.loss(d) == 0]

    def to_json(self) -> dict[str, object]:
        """``{"points": [a, b], "plays": [{"domino", "points"}...], "line": [...]}``."""
        return {
            "points": list(self.points),
            "plays": [{"domino": str(d), "points": list(v)} for d, v in self.plays.items()],
            "line": [str(d) for d in self.line],
        }


Solvable = Position | Hand | MoonHand | HandRecord


_SOLUTIONS: dict[tuple[object, ...], Solution] = {}
_SOLUTIONS_LIMIT = 512


def solve(source: Solvable, *, line: bool = True,
          progress: Callable[[int, int], None] | None = None,
          budget: int | None = None) -> Solution:
    """Solve a position (a :class:`Position`, a :class:`~texas42.Hand` in play or a
    :class:`~texas42.HandRecord`): the points each side takes with best play, the value of
    every legal play and (unless ``line=False``) one best line.

    Recent solutions are remembered, so an explorer stepping back and forth through a
    hand pays once per position. ``progress(done, total)`` is called after the value,
    after each legal play's value and after the line (for a progress bar).

    The whole solve searches at most ``budget`` trick boundaries (default
    :data:`SOLVE_BUDGET`, a few seconds).

    Raises :class:`~texas42.errors.InputError` for a ``source`` of another kind and
    :class:`~texas42.errors.BudgetError` (``rule="solve-budget"``) for a position too
    big to solve within the budget."""
    pos = as_position(source)
    if budget is not None:  # at most the default: the bound that keeps a solve in time
        check_count(budget, "budget", 1, SOLVE_BUDGET, unit=" positions", rule="budget")
    if not isinstance(line, bool):
        raise InputError(f"line {quote(line)} is not True or False", rule="line")
    check_progress(progress)
    if pos.is_over:
        return Solution(None, (0, 0), {}, (), sides=pos.table.sides)
    key = (pos.hands, pos.contract, pos.leader, pos.trick, pos.out, pos.tie_team,
           pos.table, line)
    known = _SOLUTIONS.get(key)
    if known is not None:
        return known
    total = pos.remaining_points
    steps = pos.legal_mask().bit_count() + 2

    def report(done: int) -> None:
        if progress is not None:
            progress(done, steps)

    solver = solver_for(pos)
    with solver.budgeted(budget):  # one budget for the whole solve
        best = solver.value(pos)
        report(1)
        values = solver.play_values(pos, best, progress=lambda k: report(1 + k))
        best_line: tuple[Domino, ...] = ()
        if line:
            best_line = tuple(solver.best_line(pos, best))
    plays = {DOMINOES[m]: (v, total - v) for m, v in values.items()}
    ordered = dict(sorted(plays.items(), key=lambda kv: kv[0].display))
    report(steps)
    sol = Solution(pos.to_act, (best, total - best), ordered, best_line, solver.misere,
                   pos.table.sides)
    if len(_SOLUTIONS) >= _SOLUTIONS_LIMIT:
        _SOLUTIONS.clear()
    _SOLUTIONS[key] = sol
    return sol


def value(source: Solvable) -> tuple[int, int]:
    """Only the points each side takes with best play (cheaper than :func:`solve`).
    Raises as :func:`solve` does."""
    pos = as_position(source)
    if pos.is_over:
        return (0, 0)
    v = solver_for(pos).value(pos)
    return (v, pos.remaining_points - v)


def can_reach(source: Solvable, team: int, need: int) -> bool:
    """Whether side ``team`` (0: seats 0+2 in 42) takes at least ``need`` points from here on
    when both sides play their best (in nello, "best" is taking as little as possible:
    see :func:`can_make`).

    Raises :class:`~texas42.errors.InputError` for a ``team`` other than 0 or 1 or a
    ``need`` that is not a whole number (``nan`` among them), and as :func:`solve`
    does."""
    pos = as_position(source)
    check_count(team, "team", 0, 1, rule="team")
    check_whole(need, "need", rule="target")
    solver = solver_for(pos)
    if team == 0:
        return solver.reach(pos, need)
    # Side 1 takes ``need`` unless side 0 takes more than the rest.
    return not solver.reach(pos, pos.remaining_points - need + 1)


def can_make(source: Solvable, target: int | None = None) -> bool:
    """Yes/no mode: can the bidding side still reach ``target`` points in the hand (the
    points it already took count; default target: its bid, 42 for a mark bid), both sides
    playing their best? In nello the question is whether the declarer's side can still
    take no trick at all (``target`` does not apply).

    Raises :class:`~texas42.errors.InputError` for a ``target`` that is not a whole
    number (``nan`` among them), :class:`~texas42.errors.NotationError` when the position
    has no bidder (or no bid and no target; or a target in nello), and as :func:`solve`
    does."""
    pos = as_position(source)
    if target is not None:
        check_whole(target, "target", rule="target")
    if pos.bidder is None:
        raise NotationError("the position has no bidder: say which side bids with "
                            "can_reach", rule="bidder")
    team = pos.table.sides[pos.bidder]
    if pos.contract.kind == "nello":
        if target is not None:
            raise NotationError("nello is made by taking no trick: it has no target in "
                                "points", rule="target")
        if pos.points[team]:
            return False
        return not can_reach(pos, team, 1)
    if target is None:
        if pos.bid is None:
            raise NotationError("the position has no bid: give the target", rule="target")
        target = min(pos.bid, 42)
    return can_reach(pos, team, target - pos.points[team])
