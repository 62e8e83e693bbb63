"""Match harness: two players (or partnerships) over many deals, duplicate style.

Each deal is played twice with the same shaker: once with side A in seats 0+2 and once with
side A in seats 1+3. Luck of the deal cancels out; what is left is the difference in play
(and bidding). Every hand is played to the seventh trick so points are complete; marks
are scored when the result is decided, as usual.

>>> from texas42.analysis.players import RandomPlayer, RuleBasedPlayer
>>> r = match(RuleBasedPlayer(), RandomPlayer(1), deals=4, seed=1)
>>> len(r.deals), r.hands_played
(4, 8)

Run from the command line::

    python -m texas42.analysis match rule-based random --deals 200 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..deals import Deal
from ..hand import Hand, Phase
from ..rules import STANDARD, Rules
from .players import Decision, Player, make_player, play_hand
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


@dataclass(frozen=True)
class DealResult:
    """One deal played twice. Marks and points are side A's minus side B's, summed over
    the two plays."""

    index: int
    code: str
    marks: int
    points: int
    #: (marks A, marks B, points A, points B) in each of the two plays.
    plays: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]


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
    def hands_played(self) -> int:
        return 2 * len(self.deals)

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
        out = [0, 0, 0, 0]
        for d in self.deals:
            for play in d.plays:
                for i in range(4):
                    out[i] += play[i]
        return (out[0], out[1], out[2], out[3])

    def summary(self) -> str:
        m, mh = self.marks
        p, ph = self.points
        ma, mb, pa, pb = self.totals
        return "\n".join([
            f"{self.name_a} (A) vs {self.name_b} (B): {len(self.deals)} deals, each played "
            f"twice with the sides swapped ({self.hands_played} hands, rules "
            f"{self.rules.name}, seed {self.seed}).",
            f"Marks: A {ma}, B {mb}; A - B per deal {m:+.3f} (95%: {m - mh:+.3f} to "
            f"{m + mh:+.3f}).",
            f"Points: A {pa}, B {pb}; A - B per deal {p:+.2f} (95%: {p - ph:+.2f} to "
            f"{p + ph:+.2f}).",
            f"CPU time per play with a choice: A {1000 * self.per_play[0]:.2f} ms, "
            f"B {1000 * self.per_play[1]:.2f} ms.",
        ])


def _pair(side: Side) -> tuple[Player, Player]:
    if isinstance(side, Sequence):
        if len(side) == 1:
            return (side[0], side[0])
        if len(side) == 2:
            return (side[0], side[1])
        raise ValueError("a side is one player or a partnership of two")
    return (side, side)


def _name(side: Side) -> str:
    a, b = _pair(side)
    return a.name if a is b or a.name == b.name else f"{a.name}+{b.name}"


def play_deal(deal: Deal, shaker: int, north_south: Side, east_west: Side,
              rules: Rules) -> tuple[int, int, int, int]:
    """Play one hand: ``north_south`` in seats 0+2, ``east_west`` in 1+3. Returns (marks
    0+2, marks 1+3, points 0+2, points 1+3)."""
    a0, a2 = _pair(north_south)
    b1, b3 = _pair(east_west)
    hand = Hand(deal, shaker=shaker, rules=rules)
    play_hand(hand, [a0, b1, a2, b3])
    if hand.phase is Phase.RESHAKE or hand.result is None:
        return (0, 0, 0, 0)
    r = hand.result
    return (r.marks[0], r.marks[1], hand.points[0], hand.points[1])


def match(
    side_a: Side,
    side_b: Side,
    *,
    deals: int = 100,
    seed: int | None = 0,
    rules: Rules | str = STANDARD,
    progress: Callable[[int, DealResult], None] | None = None,
) -> MatchResult:
    """Play ``deals`` deals twice each (side A in seats 0+2, then in 1+3)."""
    r = rules if isinstance(rules, Rules) else Rules.preset(rules)
    if r.early_end:
        r = r.replace(early_end=False)
    rng = random.Random(seed)
    result = MatchResult(_name(side_a), _name(side_b), r, seed)
    timed_a = [_Timed(p) for p in _pair(side_a)]
    timed_b = [_Timed(p) for p in _pair(side_b)]
    side_a, side_b = timed_a, timed_b
    start = time.perf_counter()
    for i in range(deals):
        deal = Deal.shake(rng)
        shaker = i % 4
        first = play_deal(deal, shaker, side_a, side_b, r)
        ma, mb, pa, pb = first
        second_raw = play_deal(deal, shaker, side_b, side_a, r)
        second = (second_raw[1], second_raw[0], second_raw[3], second_raw[2])
        d = DealResult(
            i, deal.code,
            marks=(ma - mb) + (second[0] - second[1]),
            points=(pa - pb) + (second[2] - second[3]),
            plays=(first, second),
        )
        result.deals.append(d)
        if progress is not None:
            progress(i, d)
    result.seconds = time.perf_counter() - start

    def per_play(side: list[_Timed]) -> float:
        return sum(t.seconds for t in side) / max(1, sum(t.plays for t in side))

    result.per_play = (per_play(timed_a), per_play(timed_b))
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m texas42.analysis match",
        description="Duplicate match between two computer players (see texas42.analysis).",
    )
    who = "random, rule-based, sampling[:N], weighted[:N] or hybrid[:N[/E]]"
    parser.add_argument("a", help=f"side A: {who}")
    parser.add_argument("b", help=f"side B: {who}")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    try:
        a = make_player(args.a, seed=args.seed)
        b = make_player(args.b, seed=args.seed + 1)
    except ValueError as exc:  # a bad name or sample count: the message, exit 2
        print(f"{parser.prog}: {exc}", file=sys.stderr)
        return 2

    def show(i: int, d: DealResult) -> None:
        if not args.quiet:
            print(f"deal {i + 1}: {d.code} marks {d.marks:+d} points {d.points:+d}",
                  file=sys.stderr, flush=True)

    res = match(a, b, deals=args.deals, seed=args.seed, rules=args.rules, progress=show)
    print(res.summary())
    print(f"({res.seconds:.0f} s)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
