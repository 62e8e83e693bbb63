"""How the coach plays an option out in one guessed world: its *continuation*.

The coach (:mod:`texas42.analysis.coach`) tries every legal play of a seat in the same
guessed worlds; a continuation says what each play is worth in one world: the points the
seat's side takes from that moment to the end of the hand (the trick in progress counts
whole), 42's table, a points contract (not nello or sevens: those are judged in marks or
by the rules' own playout).

The interface is one method, so any stronger player can be plugged in later::

    class Continuation(Protocol):
        name: str
        def values(self, view: SeatView, world: Sequence[int],
                   moves: Sequence[int], goal: int | None = None) -> list[float]: ...

``view`` is the seat's view (the decision), ``world`` a guess at every holding (bit masks
by seat, the seat's own exact) and ``moves`` the legal dominoes (indices) to try; the
answer is one value per move. ``goal``: the caller only asks whether each value reaches
``goal`` (the points its side needs from here to make or set a bid judged in marks): a
value may then be ``goal`` or ``goal - 1`` instead of the exact one, and the exact
solver answers with one yes/no search a move (several times faster than the value).
:class:`PlayerContinuation` turns any :class:`~texas42.analysis.players.Player` into one
(it plays the world through the engine, each seat seeing only its own view in that world).
A continuation may also have ``values_steps`` (the same answer, yielding every
:data:`SLICE_NODES` boundaries of a long search): :func:`values_steps` uses it, so a live
page never runs one long step.

- :class:`RuleContinuation`: rule-based players to the end (fast, 0.05 ms a playout; the
  coach's yardstick before issue 21, biased towards what those rules continue well).
- :class:`ExactContinuation`: the exact open-hands solver on the world once at most
  ``exact`` tricks are left; before that the rule-based players play on only until
  ``then`` tricks are left and the solver plays the rest exactly. Measured
  (``bench/bench_coach.py --crossover``): solving every play of a world costs about
  0.2 ms with 3 tricks left, 0.7 ms with 4, 3 ms with 5, 7 ms with 6 and 35 ms with 7
  (CPython, a busy machine). ``exact:5/4`` is the *quick look*, the coach's default: it
  leans to the plays that the rule-based players continue well, so a player who plays
  as it advises loses marks to a stronger one while it rates them better
  (docs/FIGURES.md). ``exact:7/7`` solves every world from the trick in progress and
  leans the other way, to the style of the players who solve guesses exactly. ``T``
  above ``E`` (``exact:5/6``): the rule-based players finish only the trick in
  progress, each from its own view, then the solver plays the rest.
- :class:`MixedContinuation`: shares of the guesses to several continuations
  (``mix:2*exact:5/4+exact:7/7``: two guesses in three as the quick look).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from itertools import groupby
from typing import Any, Protocol, TypeVar

from ..bidding import MARK
from ..contracts import Contract
from ..dominoes import DOMINOES
from ..errors import BudgetError, InputError, NotationError, Texas42Error
from ..rules import sevens_tie_side
from ._tables import COUNT, fast_tables
from .playout import rule_playout
from .position import Position
from .rules_of_thumb import play_choice, seat_settings
from .solver import Solver
from .view import SeatView

#: The continuation whose summed verdicts agree with duplicate play for every pair of
#: players measured (docs/FIGURES.md): in each guessed world every seat plays on from its
#: own view, half the worlds as hybrid:2/3 (rule playouts, exact in the last 3 tricks),
#: half as sampling:1 (one guess of its own, solved exactly), so it leans to neither
#: style. ``make_continuation("own-view")``. About 10-40 times as slow as the default.
OWN_VIEW_PLAYERS = ("hybrid:2/3", "sampling:1")
OWN_VIEW = "mix:" + "+".join(f"player:{p}" for p in OWN_VIEW_PLAYERS)
#: Exact from this many tricks left (the one in progress included).
EXACT_TRICKS = 5
#: Before that: rule-based players until this many tricks are left, then exact.
THEN_TRICKS = 4
#: The most trick boundaries the solver searches between two yields of
#: :meth:`ExactContinuation.values_steps`: about 6 ms in CPython, 20 ms in the browser's
#: Python (a solve from the first trick can search several thousand).
SLICE_NODES = 200

_T = TypeVar("_T")
#: A computation that yields between its slices and returns its answer.
Steps = Generator[None, None, _T]


def run_steps(steps: Steps[_T]) -> _T:
    """Run ``steps`` to the end and return the answer."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


class Continuation(Protocol):
    """What each of ``moves`` (domino indices, legal for ``view``'s seat) is worth in
    ``world``: the points the seat's side takes from here to the end of the hand."""

    name: str

    def values(self, view: SeatView, world: Sequence[int],
               moves: Sequence[int], goal: int | None = None) -> list[float]: ...


def _check(view: SeatView) -> Contract:
    c = view.contract
    if (c is None or view.bidder is None or c.kind in ("nello", "sevens")
            or not view.rules.is_42):
        raise InputError("a continuation plays a points contract at 42's table out",
                         rule="continuation")
    return c


class RuleContinuation:
    """Rule-based players to the end of the hand (each knows its own dominoes and every
    domino played): :func:`~texas42.analysis.playout.rule_playout`."""

    name = "rules"

    def values(self, view: SeatView, world: Sequence[int],
               moves: Sequence[int], goal: int | None = None) -> list[float]:
        c = _check(view)
        assert view.bidder is not None
        out = []
        for m in moves:
            hands = list(world)
            hands[view.seat] = view.held & ~(1 << m)
            trick = [d.index for d in view.trick] + [m]
            pts = rule_playout(hands, c, view.bidder, view.leader, view.high_bid >= MARK,
                               declarer=view.declarer, trick=trick,
                               sevens_tie=view.rules.sevens_tie)
            out.append(float(pts[view.team]))
        return out


def rules_until(hands: list[int], contract: Contract, bidder: int, leader: int,
                trick: list[int], every_trick: bool, tricks_left: int,
                ) -> tuple[list[int], int, tuple[int, int]]:
    """Rule-based players (as :func:`~texas42.analysis.playout.rule_playout`) finish the
    trick in progress and play on until ``tricks_left`` tricks are left (or fewer: the
    trick in progress is always finished). Returns the holdings then, who leads next and
    the points each side (0+2, 1+3) took meanwhile. Not for nello or sevens."""
    ft = fast_tables(contract)
    h = list(hands)
    bid_team = bidder & 1
    settings = seat_settings(contract, bid_team, every_trick)
    seat_power = ft.seat_power(sevens_tie_side("bidder", bid_team))
    members, lead_of = ft.members, ft.lead
    took = [0, 0]
    lead = leader
    plays = list(trick)
    while True:
        seats = [(lead + i) & 3 for i in range(4)]
        for k in range(len(plays), 4):
            p = seats[k]
            held = h[p]
            legal = (held & members[lead_of[plays[0]]] or held) if k else held
            unknown = (h[0] | h[1] | h[2] | h[3]) & ~held
            m = play_choice(settings[p], held, legal, unknown, plays, k == 3,
                            k - 2 if k >= 2 else -1)[0]
            h[p] = held ^ (1 << m)
            plays.append(m)
        best = 0
        suit = lead_of[plays[0]]
        for i in range(1, 4):
            if seat_power[seats[i]][suit][plays[i]] > seat_power[seats[best]][suit][plays[best]]:
                best = i
        winner = seats[best]
        took[winner & 1] += 1 + sum(COUNT[x] for x in plays)
        lead = winner
        plays = []
        left = (h[0] | h[1] | h[2] | h[3]).bit_count() // 4
        if left <= tricks_left:
            return h, lead, (took[0], took[1])


class ExactContinuation:
    """The exact open-hands solver on the world once at most ``exact`` tricks are left
    (the trick in progress included); earlier, rule-based players until ``then`` tricks
    are left and the solver for the rest. The solver's tables are emptied after each
    world (worlds share few positions; the tables would only grow)."""

    def __init__(self, exact: int = EXACT_TRICKS, then: int = THEN_TRICKS) -> None:
        # ``then`` above ``exact``: the rules finish only the trick in progress first.
        if not (1 <= exact <= 7 and 1 <= then <= 7):
            raise InputError(f"exact search needs 1 to 7 tricks, not exact {exact} and "
                             f"then {then}", rule="continuation")
        self.exact = exact
        self.then = then
        self.name = f"exact:{exact}/{then}"
        self._solvers: dict[tuple[Contract, int | None], Solver] = {}

    def _solver(self, contract: Contract, out: int | None) -> Solver:
        key = (contract, out)
        s = self._solvers.get(key)
        if s is None:
            if len(self._solvers) > 16:
                self._solvers.clear()
            s = self._solvers[key] = Solver(contract, out)
        return s

    def values(self, view: SeatView, world: Sequence[int],
               moves: Sequence[int], goal: int | None = None) -> list[float]:
        return run_steps(self._values(view, world, moves, goal, None))

    def values_steps(self, view: SeatView, world: Sequence[int], moves: Sequence[int],
                     goal: int | None = None) -> Steps[list[float]]:
        """:meth:`values`, yielding every :data:`SLICE_NODES` boundaries the solver
        searches (a live page's idle slice): the same values, as the solver is exact."""
        return self._values(view, world, moves, goal, SLICE_NODES)

    def _values(self, view: SeatView, world: Sequence[int], moves: Sequence[int],
                goal: int | None, slice_nodes: int | None) -> Steps[list[float]]:
        c = _check(view)
        bidder = view.bidder
        assert bidder is not None
        solver = self._solver(c, view.sitting_out)
        team = view.team
        ask = _Slices(solver, slice_nodes).ask
        try:
            if 7 - view.tricks_played <= self.exact:
                pos = Position(tuple(world), c, view.leader, view.trick, bidder=bidder,
                               out=view.sitting_out)
                rest = pos.remaining_points
                if goal is not None:
                    need = _side0_need(team, goal, rest)
                    reach = yield from ask(lambda: solver.play_reach(pos, need))
                    return [float(goal if reach[m] == (team == 0) else goal - 1)
                            for m in moves]
                got = yield from ask(lambda: solver.play_values(pos))
                return [float(got[m] if team == 0 else rest - got[m]) for m in moves]
            out: list[float] = []
            every = view.high_bid >= MARK
            for m in moves:
                hands = list(world)
                hands[view.seat] = view.held & ~(1 << m)
                trick = [d.index for d in view.trick] + [m]
                h, lead, took = rules_until(hands, c, bidder, view.leader, trick, every,
                                            self.then)
                after = Position(tuple(h), c, lead, (), bidder=bidder, out=view.sitting_out)
                out.append((yield from _solved_rest(ask, solver, after, team, took[team],
                                                    goal)))
            return out
        finally:
            solver.clear()


class _Slices:
    """Questions to one solver asked within slices of ``size`` trick boundaries (``None``:
    at once). A question that outgrows what is left of the slice yields and is asked
    again: the boundaries it settled are kept in the solver's table, so the search goes
    on where it was, and no step runs long. Past the solver's whole budget for one
    question, its :class:`~texas42.errors.BudgetError`, as unsliced."""

    def __init__(self, solver: Solver, size: int | None) -> None:
        self.solver = solver
        self.size = size
        self.left = size or 0

    def ask(self, question: Callable[[], _T]) -> Steps[_T]:
        if self.size is None:
            return question()
        solver = self.solver
        first = solver.nodes
        while True:
            if self.left <= 0:
                yield
                self.left = self.size
            start = solver.nodes
            try:
                with solver.budgeted(self.left):
                    answer = question()
            except BudgetError:
                self.left = 0
                if solver.nodes - first >= solver.budget:
                    raise
                continue
            self.left -= solver.nodes - start
            return answer


def _solved_rest(ask: Callable[[Callable[[], Any]], Steps[Any]], solver: Solver,
                 after: Position, team: int, took: int, goal: int | None) -> Steps[float]:
    """What ``team`` takes in all, having taken ``took`` so far, when the solver plays
    the rest from ``after`` (a trick boundary) exactly; with a ``goal``, only whether it
    reaches it: ``goal`` or ``goal - 1``."""
    rest = after.remaining_points
    if goal is not None:
        need = _side0_need(team, goal - took, rest)
        yes = yield from ask(lambda: solver.reach(after, need))
        return float(goal if yes == (team == 0) else goal - 1)
    v = yield from ask(lambda: solver.value(after))
    return float(took + (v if team == 0 else rest - v))


def _side0_need(team: int, need: int, rest: int) -> int:
    """The solver's yes/no question is side 0's: whether ``team`` takes at least ``need``
    of the ``rest`` points left is whether side 0 takes ``need`` (side 0), or whether it
    fails to take ``rest - need + 1`` (side 1)."""
    return need if team == 0 else rest - need + 1


class PlayerContinuation:
    """Any :class:`~texas42.analysis.players.Player` in every seat plays the world out
    through the engine, each seat seeing only its own view of that world: the way to
    plug the strongest player in (slow: one hand replayed per move and world).

    ``ahead``: the players play only the trick in progress and ``ahead - 1`` tricks
    more (``ahead=1``: just the trick in progress), then the exact open-hands solver
    plays the rest (``None``, the default: the players play to the end)."""

    def __init__(self, player: object, name: str | None = None,
                 ahead: int | None = None) -> None:
        if ahead is not None and not (isinstance(ahead, int) and 1 <= ahead <= 7):
            raise InputError(f"a continuation plays 1 to 7 tricks ahead, not {ahead!r}",
                             rule="continuation")
        self.player = player
        self.ahead = ahead
        #: ``name``: the player's full name (a player's own ``name`` omits its numbers).
        self.name = f"player:{name or getattr(player, 'name', type(player).__name__)}"
        if ahead is not None:
            self.name += f" for {ahead} trick{'s' if ahead > 1 else ''}"
        self._exact = ExactContinuation(7, 7)

    def values(self, view: SeatView, world: Sequence[int],
               moves: Sequence[int], goal: int | None = None) -> list[float]:
        from ..deals import Deal
        from ..hand import Hand
        from .players import Player, decide, play_hand

        c = _check(view)
        if len(view.tricks) != view.tricks_played:
            raise InputError("the world cannot be rebuilt: some tricks are hidden",
                             rule="continuation")
        original = list(world)
        for s, _, d in view.plays_seen():
            original[s] |= 1 << d.index
        original[view.seat] = view.dealt
        rules = view.rules.replace(early_end=False) if view.rules.early_end else view.rules
        base = Hand(Deal(original), shaker=view.shaker, rules=rules)
        try:  # the auction and the tricks so far, as the seat saw them
            for b in view.bids:
                base.bid(b)
            assert view.contract is not None
            base.name_contract(view.contract)
            for _, _, d in view.plays_seen():
                base.play(d)
        except Texas42Error as exc:  # a special bid: its name is not in the view
            raise InputError(f"the world cannot be replayed: {exc}",
                             rule="continuation") from exc
        before = tuple(base.points)
        player: Player = self.player  # type: ignore[assignment]
        out = []
        team = view.team
        stop = None if self.ahead is None else view.tricks_played + self.ahead
        for m in moves:
            h = base.copy()
            h.play(DOMINOES[m])
            if stop is None or stop >= 7:
                play_hand(h, [player] * 4)
                got = h.points[team] - before[team]
                out.append(float(got if goal is None else goal if got >= goal else goal - 1))
                continue
            while len(h.tricks) < stop:
                decision = decide(player, h)
                h.play(decision.action)  # type: ignore[arg-type]
            took = h.points[team] - before[team]
            after = Position(tuple(h.holding(s).mask for s in range(4)), c, h.leader, (),
                             bidder=view.bidder, out=view.sitting_out)
            solver = self._exact._solver(c, view.sitting_out)
            try:
                out.append(run_steps(_solved_rest(_Slices(solver, None).ask, solver, after,
                                                  team, took, goal)))
            finally:
                solver.clear()
        return out


class MixedContinuation:
    """Several continuations share the guesses: each guessed world goes to one of them,
    picked by a hash of the world (the same world, the same one, whatever else was asked
    before or on which worker), so over many guesses each plays out an equal share. Every
    continuation leans to the style of the players in it (see docs/FIGURES_HISTORY.md): a
    mix of styles leans to none of them alone."""

    def __init__(self, parts: Sequence[Continuation]) -> None:
        if len(parts) < 2:
            raise InputError("a mix needs two continuations or more", rule="continuation")
        #: One entry per share of the guesses: a part given twice plays twice as many.
        self.parts = tuple(parts)
        runs = [(name, len(list(same))) for name, same in groupby(p.name for p in self.parts)]
        self.name = "mix:" + "+".join(name if n == 1 else f"{n}*{name}" for name, n in runs)

    def values(self, view: SeatView, world: Sequence[int],
               moves: Sequence[int], goal: int | None = None) -> list[float]:
        return self._part(world).values(view, world, moves, goal)

    def values_steps(self, view: SeatView, world: Sequence[int], moves: Sequence[int],
                     goal: int | None = None) -> Steps[list[float]]:
        """:meth:`values`, in the slices of the part that plays ``world`` out."""
        return values_steps(self._part(world), view, world, moves, goal)

    def _part(self, world: Sequence[int]) -> Continuation:
        h = 0
        for mask in world:  # FNV-style, the same on every platform (hash() is not)
            h = ((h ^ mask) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        return self.parts[(h >> 29) % len(self.parts)]


def values_steps(continuation: Continuation, view: SeatView, world: Sequence[int],
                 moves: Sequence[int], goal: int | None = None) -> Steps[list[float]]:
    """``continuation.values(...)`` in slices a live page can run between clicks: by its
    own ``values_steps`` where it has one (the exact solver's long searches), else in
    one step."""
    sliced = getattr(continuation, "values_steps", None)
    if sliced is not None:
        return sliced(view, world, moves, goal)  # type: ignore[no-any-return]
    return _at_once(continuation.values(view, world, moves, goal))


def _at_once(answer: _T) -> Steps[_T]:
    return answer
    yield  # (a generator that returns at once)


def make_continuation(name: str) -> Continuation:
    """A continuation by name: ``"rules"`` (:class:`RuleContinuation`),
    ``"exact[:E[/T]]"`` (:class:`ExactContinuation`; default ``exact:5/4``),
    ``"player:NAME"`` (:class:`PlayerContinuation` of the player
    :func:`~texas42.analysis.players.make_player` makes of NAME), ``"mix:A+B[+...]"``
    (:class:`MixedContinuation` of the continuations named A, B, ...; ``N*A`` gives A N
    shares of the guesses, N from 1 to 9), ``"own-view"`` (:data:`OWN_VIEW`) or
    ``"own-view:K"`` (its players for the trick in progress and K - 1 tricks more, then
    the exact solver: :class:`PlayerContinuation` with ``ahead=K``).

    Raises :class:`~texas42.errors.NotationError` (``rule="continuation"``) for any other
    name, :class:`~texas42.errors.InputError` for numbers out of range."""
    key, _, arg = str(name).strip().lower().partition(":")
    if key == "own-view" and not arg:
        return make_continuation(OWN_VIEW)
    if key == "own-view" and arg.strip().isascii() and arg.strip().isdigit():
        from .players import make_player

        ahead = int(arg)
        mix = MixedContinuation([
            PlayerContinuation(make_player(n), n, ahead=ahead)
            for n in OWN_VIEW_PLAYERS])
        mix.name = f"own-view:{ahead}"
        return mix
    if key == "mix" and "+" in arg:
        parts: list[Continuation] = []
        for part in arg.split("+"):
            share, star, rest = part.partition("*")
            if not star:
                parts.append(make_continuation(part))
            elif share.strip().isascii() and share.strip().isdigit() and 1 <= int(share) <= 9:
                parts += [make_continuation(rest)] * int(share)  # one object, N shares
            else:
                raise NotationError(f"{name!r} is not a continuation: a share in a mix is "
                                    "N*NAME with N from 1 to 9", rule="continuation")
        return MixedContinuation(parts)
    if key == "player" and arg:
        from .players import make_player

        try:
            return PlayerContinuation(make_player(arg), arg.strip())
        except NotationError as exc:
            raise NotationError(f"{name!r} is not a continuation: {exc}",
                                rule="continuation") from exc
    e, _, t = arg.partition("/")
    if key == "rules" and not arg:
        return RuleContinuation()
    if key == "exact" and all(x == "" or (x.isascii() and x.isdigit() and len(x) < 3)
                              for x in (e, t)):
        exact = int(e) if e else EXACT_TRICKS
        return ExactContinuation(exact, int(t) if t else min(exact, THEN_TRICKS))
    raise NotationError(f"{name!r} is not a continuation: rules, exact[:E[/T]], "
                        "player:NAME, mix:A+B or own-view[:K]",
                        rule="continuation")


#: The coach's continuation unless told otherwise: the quick look (``exact:5/4``). It
#: leans to its own style (docs/FIGURES.md); the mixes with ``exact:7/7`` measured so far
#: lean less that way but more against other players' (docs/FIGURES_HISTORY.md).
DEFAULT_CONTINUATION: Continuation = ExactContinuation()


__all__ = [
    "DEFAULT_CONTINUATION",
    "EXACT_TRICKS",
    "OWN_VIEW",
    "THEN_TRICKS",
    "Continuation",
    "ExactContinuation",
    "MixedContinuation",
    "PlayerContinuation",
    "RuleContinuation",
    "make_continuation",
    "rules_until",
]
