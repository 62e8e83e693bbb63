"""The exact open-hands solver for Moon, the three-player game (every holding known).

Moon is scored one player at a time, but the contest in a hand is the bidder against the
two others: the solver plays it as a game of two sides, the bidder taking as many tricks
as it can and the two opponents together letting it take as few as they can. Its answer
is the question "can the bidder make it?" with best play all round.

Values are the tricks the bidder takes *from the current position* to the end of the
hand, the trick in progress counted whole. They are only 0..7, so a value takes two or
three yes/no searches ("can the bidder take ``need`` tricks?") with alpha-beta cut-offs,
a transposition table at trick boundaries (holdings and leader), plays ordered by a rule
of thumb (win cheaply, do not overtake the other opponent, otherwise play low) or by the
play that settled the same situation before, interchangeable dominoes searched once, and
sure tricks from the top trumps bounding the value before any search.

>>> from texas42.moon import MoonDeal, MoonHand
>>> hand = MoonHand(MoonDeal.from_seed(1), shaker=2)
>>> for b in ("5", "pass", "pass"):
...     hand.bid(b)
>>> hand.discard_domino("3-2")
>>> hand.name_contract("sixes")
>>> s = solve_moon(hand)
>>> s.tricks == max(s.plays.values()), s.makes == (s.tricks >= 5), len(s.line)
(True, True, 21)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..contracts import Contract, tables
from ..dominoes import DOMINOES, Domino, DominoLike, DominoSet, sorted_dominoes, to_domino
from ..errors import IllegalActionError, IllegalPlayError
from ..hand import Phase
from ..moon import PLAYERS, SHOOT_THE_MOON, MoonHand
from ..tricks import explain_play
from ._tables import SENTINEL, FastTables, fast_tables

#: Boundary entries kept before the table is cleared (bounded memory, also in a browser).
TT_LIMIT = 300_000


@dataclass(frozen=True)
class MoonPosition:
    """The three holdings, the contract, the bidder and its bid, who led the trick in
    progress and what was played to it; ``taken``: tricks each seat won so far."""

    hands: tuple[int, int, int]
    contract: Contract
    bidder: int
    bid: int
    leader: int
    trick: tuple[Domino, ...] = ()
    taken: tuple[int, int, int] = (0, 0, 0)

    @classmethod
    def from_hand(cls, hand: MoonHand) -> MoonPosition:
        """The position of a Moon hand in its playing phase."""
        if hand.phase is not Phase.PLAYING:
            raise IllegalActionError(
                f"there is no play to solve: the Moon hand is in its {hand.phase.value} phase "
                "(the solver needs the contract named and tricks left to play)",
                rule="solve-timing",
            )
        assert hand.contract is not None and hand.bidder is not None
        h = tuple(hand.holding(s).mask for s in range(PLAYERS))
        won = hand.tricks_won
        return cls((h[0], h[1], h[2]), hand.contract, hand.bidder, hand.high_bid,
                   hand.leader, tuple(hand.current_trick), (won[0], won[1], won[2]))

    @property
    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % PLAYERS

    @property
    def tricks_left(self) -> int:
        """Tricks still to complete, the one in progress included."""
        return self.hands[self.to_act].bit_count()

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    @property
    def target(self) -> int:
        """Tricks the bidder must take in all: its bid, all seven for a moon."""
        return 7 if self.bid == SHOOT_THE_MOON else self.bid

    def legal_mask(self) -> int:
        first = self.trick[0] if self.trick else None
        return tables(self.contract).legal(self.hands[self.to_act], first)

    def legal_plays(self) -> list[Domino]:
        return sorted_dominoes(self.legal_mask())

    def play(self, domino: DominoLike) -> MoonPosition:
        """The position after ``domino`` is played by the seat to act (checked)."""
        d = to_domino(domino)
        seat = self.to_act
        held = self.hands[seat]
        if not held >> d.index & 1:
            raise IllegalPlayError(
                f"seat {seat} does not hold {d} (holds {DominoSet(held)})", rule="not-held")
        if not self.legal_mask() >> d.index & 1:
            why = explain_play(d, held, list(self.trick), self.contract)
            raise IllegalPlayError(f"seat {seat} cannot play {d}: {why}", rule="follow-suit")
        h = list(self.hands)
        h[seat] ^= 1 << d.index
        hands = (h[0], h[1], h[2])
        trick = (*self.trick, d)
        if len(trick) < PLAYERS:
            return MoonPosition(hands, self.contract, self.bidder, self.bid, self.leader,
                                trick, self.taken)
        winner = (self.leader + tables(self.contract).best(trick)) % PLAYERS
        won = list(self.taken)
        won[winner] += 1
        return MoonPosition(hands, self.contract, self.bidder, self.bid, winner, (),
                            (won[0], won[1], won[2]))


class MoonSolver:
    """A solver for one contract and bidder; keeps its table between calls.

    Values are the tricks the bidder takes from a position on, the bidder playing for as
    many and the two opponents, together, for as few."""

    def __init__(self, contract: Contract, bidder: int) -> None:
        self.contract = contract
        self.bidder = bidder
        self.ft: FastTables = fast_tables(contract)
        #: Boundary -> proved bounds (lo << 4 | hi) of the bidder's tricks from it.
        self.tt: dict[int, int] = {}
        #: Boundary -> the lead that last settled it.
        self.killer: dict[int, int] = {}
        #: (legal plays, suit led, winning power, own side winning) -> play tried first.
        self.fcache: dict[int, int] = {}
        #: Boundaries searched (a measure of work).
        self.nodes = 0
        row = self.ft.power[8]
        tm = self.ft.trump_mask
        self._tops = tuple(sorted((i for i in range(28) if tm >> i & 1), key=lambda i: -row[i]))

    def clear(self) -> None:
        """Forget the table (also done when it grows past :data:`TT_LIMIT`)."""
        self.tt.clear()
        self.killer.clear()
        if len(self.fcache) > TT_LIMIT:
            self.fcache.clear()

    def _check(self, pos: MoonPosition) -> None:
        if pos.contract != self.contract or pos.bidder != self.bidder:
            raise ValueError("this Moon solver was made for another contract or bidder")

    # -- the search ---------------------------------------------------------------------
    def _sure(self, h: list[int]) -> tuple[int, int]:
        """Tricks each side is sure of: a trump above every trump the other side holds
        wins the trick it is played to, and one hand plays its trumps in different
        tricks. Returns (bidder, opponents)."""
        b = self.bidder
        mine = 0
        best_opp = [0, 0, 0]
        seen_bidder = seen_opp = False
        for t in self._tops:
            bit = 1 << t
            if h[b] & bit:
                if not seen_opp:
                    mine += 1
                seen_bidder = True
            else:
                for s in range(PLAYERS):
                    if s != b and h[s] & bit:
                        if not seen_bidder:
                            best_opp[s] += 1
                        seen_opp = True
            if seen_bidder and seen_opp:
                break
        return (mine, max(best_opp))

    def _search(self, h: list[int], leader: int, need: int) -> int:
        """At a trick boundary, "can the bidder take ``need`` of the tricks left?",
        answered fail-soft: ``g >= need`` means it takes at least ``g``, ``g < need`` at
        most ``g``."""
        n = h[leader].bit_count()
        if n == 0:
            return 0
        key = h[0] | h[1] << 28 | h[2] << 56 | leader << 84
        entry = self.tt.get(key)
        if entry is None:
            if self._tops:
                mine, opp = self._sure(h)
                lo, hi = mine, n - opp
            else:
                lo, hi = 0, n
        else:
            lo, hi = entry >> 4, entry & 15
        if lo >= need:
            return lo
        if hi < need:
            return hi
        self.nodes += 1
        seats = (leader, (leader + 1) % PLAYERS, (leader + 2) % PLAYERS)
        g = self._ply(h, seats, 0, [], 0, 0, need, key)
        if g >= need:
            lo = g
        else:
            hi = g
        if len(self.tt) >= TT_LIMIT:
            self.clear()
        self.tt[key] = lo << 4 | hi
        return g

    def _ply(self, h: list[int], seats: tuple[int, ...], k: int, plays: list[int],
             best_pow: int, best_pos: int, need: int, key: int) -> int:
        """``plays`` are on the table and ``seats[k]`` is to play: a fail-soft bound on
        the bidder's tricks from the start of this trick, as :meth:`_search` gives."""
        ft = self.ft
        p = seats[k]
        held = h[p]
        bidder = self.bidder
        maximizing = p == bidder
        if k == 0:
            legal = held
            row = None
            ck = 0
            first = self.killer.get(key, -1)
            if first < 0 or not legal >> first & 1:
                first = self._first_lead(legal)
        else:
            f0 = plays[0]
            legal = held & ft.members[ft.lead[f0]] or held
            row = ft.power[ft.lead[f0]]
            ck = legal | ft.lead[f0] << 28 | best_pow << 32
            if (seats[best_pos] == bidder) == maximizing:
                ck |= 1 << 40
            first = self.fcache.get(ck, -1)
            if first < 0:
                first = self.fcache[ck] = self._first_follow(legal, row, best_pow, ck >> 40)
        last = k == PLAYERS - 1
        m = first
        rest: list[int] | None = None
        i = 0
        best = -1 if maximizing else 99
        while True:
            h[p] = held ^ (1 << m)
            plays.append(m)
            if row is None:
                pw, pos = ft.power[ft.lead[m]][m], 0
            elif row[m] > best_pow:
                pw, pos = row[m], k
            else:
                pw, pos = best_pow, best_pos
            if last:
                winner = seats[pos]
                if winner == bidder:
                    g = 1 + self._search(h, winner, need - 1)
                else:
                    g = self._search(h, winner, need)
            else:
                g = self._ply(h, seats, k + 1, plays, pw, pos, need, key)
            plays.pop()
            h[p] = held
            if (g >= need) if maximizing else (g < need):
                if m != first:
                    if k == 0:
                        self.killer[key] = m
                    else:
                        self.fcache[ck] = m
                return g
            if (g > best) if maximizing else (g < best):
                best = g
            if rest is None:
                if legal == 1 << m:
                    return best
                rest = self._order(h, p, legal, plays, m)
            if i >= len(rest):
                return best
            m = rest[i]
            i += 1

    def _first_lead(self, legal: int) -> int:
        """The lead tried first: the strongest domino in its own suit."""
        power, lead = self.ft.power, self.ft.lead
        return max(sorted_index(legal), key=lambda m: power[lead[m]][m])

    def _first_follow(self, legal: int, row: tuple[int, ...], best_pow: int,
                      own_side_winning: int) -> int:
        """The play tried first when following: low under a trick the own side holds;
        else the cheapest domino that wins it; else the lowest."""
        def score(m: int) -> int:
            pw = row[m]
            if own_side_winning:
                return 2000 - pw if pw <= best_pow else 1000 - pw
            return 3000 - pw if pw > best_pow else 1000 - pw
        return max(sorted_index(legal), key=score)

    def _order(self, h: list[int], p: int, legal: int, plays: list[int], tried: int) -> list[int]:
        """The other plays worth trying, one per group of interchangeable dominoes
        (leaving out ``tried`` and the plays like it), strongest first."""
        ft = self.ft
        others = SENTINEL
        for s in range(PLAYERS):
            if s != p:
                others |= h[s]
        for x in plays:
            others |= 1 << x
        equiv = ft.equiv
        kept = [tried]
        for m in sorted_index(legal):
            if all(others & equiv[m * 28 + x] for x in kept):
                kept.append(m)
        kept.pop(0)
        row = ft.power[ft.lead[plays[0]]] if plays else None
        if row is None:
            kept.sort(key=lambda m: -ft.power[ft.lead[m]][m])
        else:
            kept.sort(key=lambda m: -row[m])
        return kept

    # -- questions about positions --------------------------------------------------------
    def bound(self, pos: MoonPosition, need: int) -> int:
        """Fail-soft test: ``g >= need`` means the bidder takes at least ``g`` tricks from
        ``pos`` on, ``g < need`` at most ``g``."""
        self._check(pos)
        if pos.is_over:
            return 0
        h = list(pos.hands)
        if not pos.trick:
            return self._search(h, pos.leader, need)
        seats = tuple((pos.leader + i) % PLAYERS for i in range(PLAYERS))
        plays = [d.index for d in pos.trick]
        best_pos = self.ft.winner_pos(plays)
        best_pow = self.ft.power[self.ft.lead[plays[0]]][plays[best_pos]]
        return self._ply(h, seats, len(plays), plays, best_pow, best_pos, need, 0)

    def reach(self, pos: MoonPosition, need: int) -> bool:
        """Whether the bidder can take at least ``need`` tricks from ``pos`` on."""
        return need <= 0 or self.bound(pos, need) >= need

    def value(self, pos: MoonPosition, lo: int = 0, hi: int | None = None) -> int:
        """The bidder's tricks from ``pos`` on with best play, known to be in ``lo..hi``:
        bisection by yes/no searches whose answers are bounds."""
        hi = pos.tricks_left if hi is None else min(hi, pos.tricks_left)
        lo = max(lo, 0)
        while lo < hi:
            need = (lo + hi + 1) // 2
            g = self.bound(pos, need)
            if g >= need:
                lo = g
            else:
                hi = g
        return lo

    def play_values(self, pos: MoonPosition, value: int | None = None) -> dict[int, int]:
        """For each legal play (domino index), the bidder's tricks from ``pos`` on after
        it, everyone then playing their best."""
        out: dict[int, int] = {}
        if pos.is_over:
            return out
        v = self.value(pos) if value is None else value
        others = SENTINEL
        for s in range(PLAYERS):
            if s != pos.to_act:
                others |= pos.hands[s]
        for d in pos.trick:
            others |= 1 << d.index
        maximizing = pos.to_act == self.bidder
        done: list[int] = []
        for m in sorted_index(pos.legal_mask()):
            twin = next((x for x in done if not others & self.ft.equiv[m * 28 + x]), None)
            if twin is not None:
                out[m] = out[twin]
                continue
            child = pos.play(DOMINOES[m])
            gained = child.taken[self.bidder] - pos.taken[self.bidder]
            # No play does better for the side to act than the best: v bounds each one.
            if maximizing:
                out[m] = gained + self.value(child, hi=v - gained)
            else:
                out[m] = gained + self.value(child, lo=v - gained)
            done.append(m)
        return out

    def best_line(self, pos: MoonPosition, value: int | None = None) -> list[Domino]:
        """One line of best play from ``pos`` to the end of the hand."""
        line: list[Domino] = []
        v = self.value(pos) if value is None else value
        while not pos.is_over:
            maximizing = pos.to_act == self.bidder
            for d in pos.legal_plays():
                child = pos.play(d)
                rest = v - (child.taken[self.bidder] - pos.taken[self.bidder])
                ok = self.reach(child, rest) if maximizing else not self.reach(child, rest + 1)
                if ok:
                    break
            else:  # pragma: no cover - some play always keeps the value
                raise AssertionError("no play keeps the value")
            line.append(d)
            pos, v = child, rest
        return line


def sorted_index(mask: int) -> list[int]:
    """The domino indices of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_SOLVERS: dict[tuple[Contract, int], MoonSolver] = {}


def moon_solver_for(pos: MoonPosition) -> MoonSolver:
    """A shared solver for the position's contract and bidder (its table is reused)."""
    key = (pos.contract, pos.bidder)
    s = _SOLVERS.get(key)
    if s is None:
        if len(_SOLVERS) > 32:
            _SOLVERS.clear()
        s = _SOLVERS[key] = MoonSolver(pos.contract, pos.bidder)
    return s


def _plural(n: int, word: str = "trick") -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class MoonSolution:
    """What best play gives from a Moon position, counted in the bidder's tricks.

    ``tricks``: the bidder's tricks from here to the end; ``taken``: those it already won;
    ``plays``: ``tricks`` after each legal play now; ``line``: one best line; ``need``:
    tricks it still needs for its bid (0 once made); ``makes``: whether best play makes it.
    """

    tricks: int
    taken: int
    plays: dict[Domino, int]
    line: tuple[Domino, ...]
    need: int
    makes: bool
    bidder: int
    bid: int
    to_act: int

    def loss(self, domino: DominoLike) -> int:
        """Tricks the side to act (the bidder, or the two opponents) gives up by playing
        ``domino`` instead of a best play."""
        v = self.plays[to_domino(domino)]
        return self.tricks - v if self.to_act == self.bidder else v - self.tricks

    def label(self, domino: DominoLike) -> str:
        """``"best"`` or ``"loses N tricks"`` (for the side to act)."""
        n = self.loss(domino)
        return "best" if n == 0 else f"loses {_plural(n)}"

    @property
    def best(self) -> list[Domino]:
        """The best plays now."""
        return [d for d in self.plays if self.loss(d) == 0]

    def describe(self) -> str:
        """One plain-English line: what the bidder takes and whether it makes its bid.

        >>> MoonSolution(5, 1, {}, (), 4, True, 1, 5, 1).describe()
        'With best play the bidder (seat 1) takes 5 more tricks, 6 in all: it makes its bid of 5.'
        """
        total = self.taken + self.tricks
        bid = "all seven tricks (it shoots the moon)" if self.bid == SHOOT_THE_MOON else (
            f"its bid of {self.bid}")
        verdict = f"it makes {bid}" if self.makes else f"short of {bid}, it is set"
        return (f"With best play the bidder (seat {self.bidder}) takes "
                f"{_plural(self.tricks, 'more trick')}, {total} in all: {verdict}.")

    def to_json(self) -> dict[str, object]:
        """The solution as JSON-ready data (dominoes as text)."""
        return {
            "bidder": self.bidder, "bid": self.bid, "to_act": self.to_act,
            "tricks": self.tricks, "taken": self.taken, "need": self.need,
            "makes": self.makes,
            "plays": [{"domino": str(d), "tricks": v, "label": self.label(d)}
                      for d, v in self.plays.items()],
            "line": [str(d) for d in self.line],
        }


def _position(hand: MoonHand | MoonPosition) -> MoonPosition:
    return hand if isinstance(hand, MoonPosition) else MoonPosition.from_hand(hand)


def solve_moon(hand: MoonHand | MoonPosition) -> MoonSolution:
    """Solve a Moon hand in play (every holding known): the bidder's tricks with best
    play, after each legal play, and one best line. Raises
    :class:`~texas42.errors.IllegalActionError` unless the hand is in its playing phase."""
    pos = _position(hand)
    solver = moon_solver_for(pos)
    v = solver.value(pos)
    values = solver.play_values(pos, v)
    plays = dict(sorted(((DOMINOES[m], x) for m, x in values.items()),
                        key=lambda kv: kv[0].display))
    taken = pos.taken[pos.bidder]
    return MoonSolution(
        tricks=v, taken=taken, plays=plays, line=tuple(solver.best_line(pos, v)),
        need=max(0, pos.target - taken), makes=taken + v >= pos.target,
        bidder=pos.bidder, bid=pos.bid, to_act=pos.to_act,
    )


def can_make_moon(hand: MoonHand | MoonPosition) -> bool:
    """Yes/no: can the bidder still make its bid (all seven tricks for a moon), everyone
    playing their best? One threshold search, cheaper than :func:`solve_moon`."""
    pos = _position(hand)
    return moon_solver_for(pos).reach(pos, pos.target - pos.taken[pos.bidder])


def moon_tricks(hand: MoonHand | MoonPosition) -> int:
    """Only the bidder's tricks from here with best play (cheaper than :func:`solve_moon`)."""
    pos = _position(hand)
    return moon_solver_for(pos).value(pos)
