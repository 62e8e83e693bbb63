"""Match harness: two players (or partnerships) over many deals, duplicate style, at
any table.

At a table of partners each deal is played twice with the same shaker: once with side A
in the even seats (42: 0+2) and once in the odd ones (1+3). At any other table (each for
themselves, or the bidder against the rest) each deal is played once by B in every seat,
then once more for each seat with A in it and B in the others. Luck of the deal and of
the seat cancels out; what is left is the difference in play (and bidding). Every hand is
played to its last trick so points are complete; marks are scored when the result is
decided, as usual.

>>> from texas42.analysis.players import RandomPlayer, RuleBasedPlayer
>>> r = match(RuleBasedPlayer(), RandomPlayer(1), deals=4, seed=1)
>>> len(r.deals), r.hands_played
(4, 8)
>>> r = match(RuleBasedPlayer(), RandomPlayer(1), deals=2, seed=1, rules="moon")
>>> len(r.deals), r.hands_played
(2, 8)

Run from the command line (on every core; ``--workers 1`` for one, ``--dask ADDRESS`` for a
Dask cluster)::

    python -m texas42.analysis match rule-based random --deals 200 --seed 1
    python -m texas42.analysis match rule-based random --rules three-hand --deals 100
    python -m texas42.analysis match sampling:12 hybrid --deals 400 --dask tcp://host:8786
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..deals import Deal
from ..errors import (
    InputError,
    check_count,
    check_progress,
    check_rules,
    check_seed,
    quote,
)
from ..hand import Hand, Phase
from ..rules import STANDARD, Rules
from .bounds import MAX_DEALS, match_deals
from .parallel import add_arguments, check_workers, run_jobs
from .players import Decision, Player, as_player, make_player, play_hand
from .stats import mean_interval
from .view import SeatView

Side = Player | Sequence[Player]


class _Timed:
    """A player that counts its plays with a choice and the CPU time they take (the
    cost the explorers feel; a forced play is free for every player)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.plays = 0
        self.seconds = 0.0

    def bid(self, view: SeatView) -> Decision:
        return self.player.bid(view)

    def discard(self, view: SeatView) -> Decision:
        return self.player.discard(view)

    def contract(self, view: SeatView) -> Decision:
        return self.player.contract(view)

    def play(self, view: SeatView) -> Decision:
        if len(view.legal_plays) < 2:
            return self.player.play(view)
        start = time.process_time()
        d = self.player.play(view)
        self.seconds += time.process_time() - start
        self.plays += 1
        return d


Play = tuple[int, int, int, int]
#: (A bid, A made, B bid, B made) in one play, each 0 or 1: whether side A's seats won the
#: bid and made it, and the same for B's (at a table without partners: the seat A sat in,
#: and that seat when B sat there).
Contracts = tuple[int, int, int, int]


@dataclass(frozen=True)
class DealResult:
    """One deal, played by both. Marks and points are A's minus B's, summed over the
    plays: at a table of partners the two plays with the sides swapped; at any other
    table one for each seat (A's score in it minus B's in the same seat, with B
    everywhere)."""

    index: int
    code: str
    marks: int
    points: int
    #: (marks A, marks B, points A, points B) in each play (partners: the two plays; any
    #: other table: A in seat 0, 1, ...). At a table bidding in tricks the points are
    #: the hand's score.
    plays: tuple[Play, ...]
    #: The contracts of each play, in the order of ``plays`` (see :data:`Contracts`).
    contracts: tuple[Contracts, ...] = ()


def _summed(rows: Iterable[tuple[int, int, int, int]]) -> tuple[int, int, int, int]:
    a = b = c = d = 0
    for w, x, y, z in rows:
        a, b, c, d = a + w, b + x, c + y, d + z
    return (a, b, c, d)


@dataclass
class MatchResult:
    """The deals of a match and what they add up to."""

    name_a: str
    name_b: str
    rules: Rules
    seed: int | None
    deals: list[DealResult] = field(default_factory=list)
    seconds: float = 0.0
    #: CPU seconds per play with a choice, side A and side B.
    per_play: tuple[float, float] = (0.0, 0.0)

    @property
    def partners(self) -> bool:
        """Whether the sides were partnerships (two plays a deal), else one seat."""
        return self.rules.sides == "partners"

    @property
    def hands_played(self) -> int:
        if self.partners:
            return 2 * len(self.deals)
        return (1 + self.rules.seats) * len(self.deals)

    @property
    def per_hand(self) -> tuple[float, float]:
        """At a table without partners: A's points minus B's per hand in the same seat,
        and the half-width of its 95% interval."""
        n = 1 if self.partners else self.rules.seats
        return mean_interval([d.points / n for d in self.deals])

    @property
    def marks(self) -> tuple[float, float]:
        """Side A's mark difference per deal (over its two plays), and the half-width
        of its 95% interval."""
        return mean_interval([float(d.marks) for d in self.deals])

    @property
    def points(self) -> tuple[float, float]:
        """Side A's point difference per deal (two plays), and its 95% half-width."""
        return mean_interval([float(d.points) for d in self.deals])

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Marks A, marks B, points A, points B over all hands."""
        return _summed(play for d in self.deals for play in d.plays)

    @property
    def contracts(self) -> tuple[int, int, int, int]:
        """Over all hands: contracts side A won, how many of them it made, and the same
        for side B (at a table without partners: in A's seat and in that seat with B)."""
        return _summed(c for d in self.deals for c in d.contracts)

    @property
    def made_rates(self) -> tuple[float, float, float]:
        """The share of its contracts each side made (A, B), and the 95% half-width of
        A's share minus B's (two independent proportions: a bid is a different hand for
        each side as often as not, so the pairing of duplicate play is not used)."""
        bid_a, made_a, bid_b, made_b = self.contracts
        ra = made_a / bid_a if bid_a else 0.0
        rb = made_b / bid_b if bid_b else 0.0
        var = (ra * (1 - ra) / bid_a if bid_a else 0.0) + (rb * (1 - rb) / bid_b if bid_b
                                                            else 0.0)
        return ra, rb, 1.96 * var ** 0.5

    def _contract_line(self) -> str:
        bid_a, made_a, bid_b, made_b = self.contracts
        ra, rb, h = self.made_rates
        d = 100 * (ra - rb)
        return (f"Contracts made: A {made_a} of {bid_a} ({100 * ra:.1f}%), B {made_b} of "
                f"{bid_b} ({100 * rb:.1f}%); A - B {d:+.1f} points of % (95%: "
                f"{d - 100 * h:+.1f} to {d + 100 * h:+.1f}).")

    def summary(self) -> str:
        m, mh = self.marks
        p, ph = self.points
        ma, mb, pa, pb = self.totals
        if not self.partners:
            g, gh = self.per_hand
            seats = self.rules.seats
            lines = [
                f"{self.name_a} (A) vs {self.name_b} (B): {len(self.deals)} deals, each "
                f"played by {seats} B players and once with A in each seat "
                f"({self.hands_played} hands, rules {self.rules.name}, seed {self.seed}).",
            ]
            if self.rules.scoring == "marks":
                lines.append(f"Marks: A {ma}, B {mb} in the same seats; A - B per deal "
                             f"{m:+.3f} (95%: {m - mh:+.3f} to {m + mh:+.3f}).")
            if self.rules.scoring != "tricks":
                lines.append(self._contract_line())
            lines += [
                f"Points per hand: A {pa / max(1, seats * len(self.deals)):+.2f}, B "
                f"{pb / max(1, seats * len(self.deals)):+.2f} in the same seats.",
                f"A - B per hand {g:+.2f} (95%: {g - gh:+.2f} to {g + gh:+.2f}).",
                f"CPU time per play with a choice: A {1000 * self.per_play[0]:.2f} ms, "
                f"B {1000 * self.per_play[1]:.2f} ms.",
            ]
            return "\n".join(lines)
        return "\n".join([
            f"{self.name_a} (A) vs {self.name_b} (B): {len(self.deals)} deals, each played "
            f"twice with the sides swapped ({self.hands_played} hands, rules "
            f"{self.rules.name}, seed {self.seed}).",
            f"Marks: A {ma}, B {mb}; A - B per deal {m:+.3f} (95%: {m - mh:+.3f} to "
            f"{m + mh:+.3f}).",
            f"Points: A {pa}, B {pb}; A - B per deal {p:+.2f} (95%: {p - ph:+.2f} to "
            f"{p + ph:+.2f}).",
            self._contract_line(),
            f"CPU time per play with a choice: A {1000 * self.per_play[0]:.2f} ms, "
            f"B {1000 * self.per_play[1]:.2f} ms.",
        ])


def _pair(side: Side) -> tuple[Player, Player]:
    """The two players of a side: one player (or its name) in both seats, or two."""
    if isinstance(side, Sequence) and not isinstance(side, str):
        if len(side) == 1:
            return (as_player(side[0]), as_player(side[0]))
        if len(side) == 2:
            return (as_player(side[0]), as_player(side[1]))
        raise InputError(f"a side is one player or a partnership of two, not "
                         f"{quote(len(side))}", rule="side")
    one = as_player(side)
    return (one, one)


def _name(side: Side) -> str:
    a, b = _pair(side)
    return a.name if a is b or a.name == b.name else f"{a.name}+{b.name}"


def play_deal(deal: Deal, shaker: int, north_south: Side, east_west: Side,
              rules: Rules) -> tuple[Play, Contracts]:
    """Play one hand at a table of partners: ``north_south`` in the even seats (42: 0+2;
    a partnership's two players take turns), ``east_west`` in the odd ones. Returns
    (marks even, marks odd, points even, points odd) and (even bid, even made, odd bid,
    odd made)."""
    even, odd = _pair(north_south), _pair(east_west)
    players = [(even if s % 2 == 0 else odd)[s // 2 % 2] for s in range(rules.seats)]
    hand = Hand(deal, shaker=shaker, rules=rules)
    play_hand(hand, players)
    if hand.phase is Phase.RESHAKE or hand.result is None:
        return (0, 0, 0, 0), (0, 0, 0, 0)
    r = hand.result
    side, made = r.bidding_team, int(r.made)
    contracts = (1, made, 0, 0) if side == 0 else (0, 0, 1, made)
    return (r.marks[0], r.marks[1], hand.points[0], hand.points[1]), contracts


def _seat_scores(deal: Deal, shaker: int, players: Sequence[Player],
                 rules: Rules) -> list[tuple[int, int, int, int]]:
    """Play one hand at a table without partners: (marks, points, bid, made) of each
    seat (at a table bidding in tricks the points are the hand's score; bid and made
    are 0 or 1)."""
    hand = Hand(deal, shaker=shaker, rules=rules)
    play_hand(hand, players)
    r = hand.result
    if hand.phase is Phase.RESHAKE or r is None:
        return [(0, 0, 0, 0)] * rules.seats
    points = r.score if rules.scoring == "tricks" else tuple(hand.points)
    return [(r.marks[s], points[s], int(r.bidder == s), int(r.bidder == s and r.made))
            for s in range(rules.seats)]


def _rotation_deal(i: int, deal: Deal, shaker: int, a: Player, b: Player,
                   rules: Rules) -> DealResult:
    """B in every seat, then A in each seat in turn against B everywhere else."""
    base = _seat_scores(deal, shaker, [b] * rules.seats, rules)
    plays: list[Play] = []
    contracts: list[Contracts] = []
    for s in range(rules.seats):
        mine = _seat_scores(deal, shaker, [a if t == s else b for t in range(rules.seats)],
                            rules)[s]
        plays.append((mine[0], base[s][0], mine[1], base[s][1]))
        contracts.append((mine[2], mine[3], base[s][2], base[s][3]))
    return DealResult(i, deal.code, marks=sum(p[0] - p[1] for p in plays),
                      points=sum(p[2] - p[3] for p in plays), plays=tuple(plays),
                      contracts=tuple(contracts))


@dataclass(frozen=True)
class _Job:
    """One deal of a match, with everything needed to play it anywhere (a worker
    process, a cluster): the result depends on these alone."""

    index: int
    deal: Deal
    shaker: int
    side_a: tuple[Player, Player]
    side_b: tuple[Player, Player]
    rules: Rules


@dataclass(frozen=True)
class _Played:
    deal: DealResult
    #: (plays with a choice, CPU seconds) of side A, then of side B.
    cost: tuple[int, float, int, float]


def _play_job(job: _Job) -> _Played:
    timed_a = [_Timed(p) for p in job.side_a]
    timed_b = [_Timed(p) for p in job.side_b]
    r, i, deal, shaker = job.rules, job.index, job.deal, job.shaker
    if r.sides != "partners":
        d = _rotation_deal(i, deal, shaker, timed_a[0], timed_b[0], r)
    else:
        first, first_contracts = play_deal(deal, shaker, timed_a, timed_b, r)
        ma, mb, pa, pb = first
        second_raw, c = play_deal(deal, shaker, timed_b, timed_a, r)
        second = (second_raw[1], second_raw[0], second_raw[3], second_raw[2])
        d = DealResult(
            i, deal.code,
            marks=(ma - mb) + (second[0] - second[1]),
            points=(pa - pb) + (second[2] - second[3]),
            plays=(first, second),
            contracts=(first_contracts, (c[2], c[3], c[0], c[1])),
        )
    return _Played(d, (sum(t.plays for t in timed_a), sum(t.seconds for t in timed_a),
                       sum(t.plays for t in timed_b), sum(t.seconds for t in timed_b)))


def match(
    side_a: Side,
    side_b: Side,
    *,
    deals: int = 100,
    seed: int | None = 0,
    rules: Rules | str = STANDARD,
    progress: Callable[[int, DealResult], None] | None = None,
    workers: int | None = 1,
    dask: Any = None,
    first: int = 0,
) -> MatchResult:
    """Play ``deals`` deals at the table of ``rules``: at a table of partners twice each
    (side A in the even seats, then in the odd ones); at any other table once by B in
    every seat and once for each seat with A in it (a side is then one player).
    ``first``: the index of the first deal played (the deals before it are shaken and
    left out), so a long match can go on where a stopped one ended with the same deals.

    ``workers``: processes to play on (1, the default here: this process; ``None``: every
    core); ``dask``: a Dask scheduler's address (or a ``distributed.Client``) to play on
    instead. The deals are shaken here from ``seed`` and each is played from its own
    arguments, so the result is the same however it is run (the CPU times aside).

    Raises :class:`~texas42.errors.InputError` for a side that is not one player or two
    (a player's name is made into one), and for a count of deals, a ``first`` or a seed
    out of range.
    """
    r = check_rules(rules)
    check_count(deals, "deals", 1, MAX_DEALS, rule="deals")
    check_count(first, "first", 0, MAX_DEALS, rule="deals")
    check_seed(seed, optional=True)
    check_progress(progress)
    if r.early_end:
        r = r.replace(early_end=False)
    rng = random.Random(seed)
    result = MatchResult(_name(side_a), _name(side_b), r, seed)
    pair_a, pair_b = _pair(side_a), _pair(side_b)
    shaken = [Deal.shake(rng, r.layout) for _ in range(first + deals)]
    jobs = [
        _Job(i, shaken[i], i % r.seats, pair_a, pair_b, r)
        for i in range(first, first + deals)
    ]

    def arrived(i: int, played: _Played) -> None:
        if progress is not None:
            progress(i, played.deal)

    start = time.perf_counter()
    done = run_jobs(_play_job, jobs, workers=workers, dask=dask, on_result=arrived)
    result.seconds = time.perf_counter() - start
    result.deals = [p.deal for p in done]
    plays_a = sum(p.cost[0] for p in done)
    plays_b = sum(p.cost[2] for p in done)
    result.per_play = (sum(p.cost[1] for p in done) / max(1, plays_a),
                       sum(p.cost[3] for p in done) / max(1, plays_b))
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m texas42.analysis match",
        description="Duplicate match between two computer players (see texas42.analysis).",
    )
    who = "random, rule-based, sampling[:N], weighted[:N], hybrid[:N[/E]] or search[:N[/E[/X]]]"
    parser.add_argument("a", help=f"side A: {who}")
    parser.add_argument("b", help=f"side B: {who}")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard",
                        help="a rules preset (any table: texas42 rules lists them)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument("--long", action="store_true", help="play on past 60 s of CPU (a "
                        "benchmark's run, on every core or a cluster); without it a match "
                        "that would take longer is refused, naming the most deals that fit")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        a = make_player(args.a, seed=args.seed)
        b = make_player(args.b, seed=args.seed + 1)
        rules = Rules.preset(args.rules)
        check_workers(args.workers)
        # The command is bounded in time (60 s of CPU) unless told --long; the API is the
        # benchmarks' harness.
        check_count(args.deals, "--deals", 1, MAX_DEALS, rule="deals")
        if not args.long:
            match_deals(args.deals, [a, b], rules)
    except ValueError as exc:  # a bad name or sample count: the message, exit 2
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 2

    def show(i: int, d: DealResult) -> None:
        if not args.quiet:
            print(f"deal {d.index + 1}: {d.code} marks {d.marks:+d} points {d.points:+d}",
                  file=sys.stderr, flush=True)

    def run() -> int:
        res = match(a, b, deals=args.deals, seed=args.seed, rules=rules, progress=show,
                    workers=args.workers, dask=args.dask)
        print(res.summary())
        print(f"({res.seconds:.0f} s)")
        return 0

    from ..cli import guarded  # (a closed standard output: a message, not a traceback)

    return guarded(run, parser.prog)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
