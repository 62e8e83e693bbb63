"""The coach's continuations and its adaptive guesses (issue 21)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from texas42 import Deal, Domino, Hand
from texas42.analysis import RuleBasedPlayer, play_hand
from texas42.analysis.coach import TOO_CLOSE, Judged, _held_out, _summary, advise, review
from texas42.analysis.continuation import (
    OWN_VIEW,
    ExactContinuation,
    MixedContinuation,
    PlayerContinuation,
    RuleContinuation,
    make_continuation,
    rules_until,
)
from texas42.analysis.position import Position
from texas42.analysis.sampling import sample_holdings
from texas42.analysis.solver import Solver
from texas42.analysis.view import SeatView
from texas42.bidding import MARK
from texas42.errors import InputError, NotationError


def _points_hand(start: int) -> Hand:
    """A hand played by the rules whose contract is judged in points."""
    for seed in range(start, start + 50):
        hand = Hand(Deal.from_seed(seed), shaker=seed % 4)
        play_hand(hand, [RuleBasedPlayer()] * 4)
        c = hand.contract
        if c is not None and c.kind not in ("nello", "sevens") and hand.high_bid < MARK:
            return hand
    raise AssertionError("no points contract found")  # pragma: no cover


def _plays(hand: Hand) -> list[tuple[Hand, SeatView]]:
    out = []
    for i, a in enumerate(hand.actions):
        before = hand.at(i)
        if a.kind == "play" and len(before.legal_actions()) > 1:
            out.append((before, SeatView.of(before)))
    return out


class _Scripted:
    """A continuation whose values are known: the lowest domino is worth 10, every other
    one 10 minus ``diffs[k]`` in the ``k``-th world it is asked about (cycling)."""

    name = "scripted"

    def __init__(self, diffs: Sequence[float]) -> None:
        self.diffs = list(diffs)
        self.calls = 0

    def values(self, view: SeatView, world: Sequence[int],
               moves: Sequence[int], goal: int | None = None) -> list[float]:
        d = self.diffs[self.calls % len(self.diffs)]
        self.calls += 1
        low = min(moves)
        return [10.0 if m == low else 10.0 - d for m in moves]


def _judged(hand: Hand, cont: _Scripted, samples: int, cap: int) -> list[tuple[int, Judged]]:
    """(seat, decision) of every play judged with a choice other than the best."""
    out = []
    for seat in range(4):
        cont.calls = 0  # each decision starts the script from the top (even counts)
        rv = review(hand, seat, samples=samples, max_samples=cap, seed=1, hindsight=False,
                    continuation=cont, unit="points")
        for d in rv.decisions:
            if d.kind == "play" and d.loss > 0:
                out.append((seat, d))
    return out


def test_guesses_stop_once_the_options_separate() -> None:
    hand = _points_hand(1)
    judged = _judged(hand, _Scripted([5.0]), samples=8, cap=40)
    assert judged
    for _, d in judged:
        assert d.worlds == 8  # always 5 worse: separated after the first batch
        assert d.loss == pytest.approx(5.0)
        assert d.label == "mistake" and not d.close
        assert d.to_json()["worlds"] == 8


def test_guesses_go_on_to_the_cap_and_say_too_close_to_call() -> None:
    hand = _points_hand(1)
    # 3 worse on average, give or take 12: never apart at 95% within 24 guesses.
    judged = _judged(hand, _Scripted([-9.0, 15.0]), samples=8, cap=24)
    assert judged
    for _, d in judged:
        assert d.worlds == 24
        assert d.loss == pytest.approx(3.0)
        assert d.close and d.label == TOO_CLOSE


def test_a_loss_surely_small_stops_early_and_is_fine() -> None:
    hand = _points_hand(1)
    judged = _judged(hand, _Scripted([0.5]), samples=8, cap=40)
    assert judged
    for _, d in judged:
        assert d.worlds == 8 and d.label == "fine"


def test_the_cap_is_checked() -> None:
    hand = _points_hand(1)
    with pytest.raises(InputError):
        review(hand, 0, samples=4, max_samples=0)


def test_continuations_agree_with_the_playout_and_the_solver() -> None:
    hand = _points_hand(3)
    rng = random.Random(4)
    checked = 0
    for _, view in _plays(hand)[::3]:
        world = sample_holdings(view, rng)
        assert world is not None
        moves = [d.index for d in view.legal_plays]
        rules = RuleContinuation().values(view, world, moves)
        # The engine with rule-based players in every seat plays as the fast playout.
        assert PlayerContinuation(RuleBasedPlayer()).values(view, world, moves) == rules
        assert view.contract is not None and view.bidder is not None
        for k, m in enumerate(moves):
            hands = list(world)
            hands[view.seat] &= ~(1 << m)
            trick = [d.index for d in view.trick] + [m]
            # Played on to the last trick, rules_until takes what the playout takes.
            _, _, took = rules_until(hands, view.contract, view.bidder, view.leader, trick,
                                     False, 0)
            assert float(took[view.team]) == rules[k]
        # Exact from the first trick: the solver's values on the world.
        exact = ExactContinuation(7, 4).values(view, world, moves)
        pos = Position(tuple(world), view.contract, view.leader, view.trick,
                       bidder=view.bidder)
        got = Solver(view.contract).play_values(pos)
        rest = pos.remaining_points
        assert exact == [float(got[m] if view.team == 0 else rest - got[m]) for m in moves]
        checked += 1
    assert checked >= 3


def test_continuations_by_name() -> None:
    """``player:NAME`` plugs any player in: ``player:rule-based`` plays as the rules."""
    hand = _points_hand(3)
    _, view = _plays(hand)[5]
    world = sample_holdings(view, random.Random(2))
    assert world is not None
    moves = [d.index for d in view.legal_plays]
    by_name = make_continuation("player:rule-based")
    assert isinstance(by_name, PlayerContinuation)
    assert by_name.values(view, world, moves) == RuleContinuation().values(view, world, moves)
    assert make_continuation("exact:4").name == "exact:4/4"
    assert make_continuation("mix:rules+exact:3").name == "mix:rules+exact:3/3"
    own = make_continuation("own-view")
    assert isinstance(own, MixedContinuation) and own.name == OWN_VIEW
    assert [p.name for p in own.parts] == ["player:hybrid:2/3", "player:sampling:1"]

    class Fixed:
        def __init__(self, v: float) -> None:
            self.name, self.v = f"fixed:{v}", v

        def values(self, view: SeatView, world: Sequence[int],
                   moves: Sequence[int], goal: int | None = None) -> list[float]:
            return [self.v] * len(moves)

    mix = MixedContinuation([Fixed(1.0), Fixed(2.0)])
    shares = {1.0: 0, 2.0: 0}
    for k in range(40):  # each world goes to one part, the same one every time
        w = sample_holdings(view, random.Random(k))
        assert w is not None
        got = mix.values(view, w, moves)
        assert got == mix.values(view, w, moves) and len(set(got)) == 1
        shares[got[0]] += 1
    assert min(shares.values()) >= 10, shares  # both parts get a share of the worlds
    # N*NAME gives a part N shares: the same object N times, written back the same way.
    weighted = make_continuation("mix:2*exact:5/4+exact:7/7")
    assert isinstance(weighted, MixedContinuation)
    assert [p.name for p in weighted.parts] == ["exact:5/4", "exact:5/4", "exact:7/7"]
    assert weighted.parts[0] is weighted.parts[1]
    assert weighted.name == "mix:2*exact:5/4+exact:7/7" == make_continuation(
        "mix:exact:5/4+exact:5/4+exact:7/7").name == make_continuation(weighted.name).name
    two_to_one = MixedContinuation([Fixed(1.0), Fixed(1.0), Fixed(2.0)])
    shares = {1.0: 0, 2.0: 0}
    for k in range(300):
        w = sample_holdings(view, random.Random(k))
        assert w is not None
        shares[two_to_one.values(view, w, moves)[0]] += 1
    assert 150 <= shares[1.0] <= 250, shares  # about two worlds in three
    for bad in ("player:", "player:nobody", "exact:9x", "solver", "mix:rules", "mix:rules+x",
                "own-view:x", "mix:0*rules+exact", "mix:x*rules+exact", "mix:10*rules+exact"):
        with pytest.raises(NotationError, match="not a continuation") as err:
            make_continuation(bad)
        assert err.value.rule == "continuation"


def test_a_continuation_refuses_what_it_cannot_judge() -> None:
    hand = Hand(Deal.from_seed(2), shaker=0)
    for exact, then in ((0, 1), (8, 7), (5, 0), (5, 8)):
        with pytest.raises(InputError, match="1 to 7 tricks"):
            ExactContinuation(exact, then)
    with pytest.raises(InputError):
        RuleContinuation().values(SeatView.of(hand), [0, 0, 0, 0], [0])


@pytest.mark.parametrize("seed", [3, 11])
def test_no_peek_with_adaptive_and_weighted_guesses(seed: int) -> None:
    """Twin deals that agree on all a seat saw, bids included: the same advice, plain or
    weighted, and the same adaptive verdict on the same play."""
    from .test_coach import _twin

    hand = _points_hand(seed)
    steps = [i for i, a in enumerate(hand.actions)
             if a.kind == "play" and len(hand.at(i).legal_actions()) > 1]
    differ = 0
    for step in steps[4::6]:
        seat = hand.actions[step].seat
        twin = _twin(hand, step, seat, random.Random(step))
        assert twin is not None
        one = hand.at(step)
        assert SeatView.of(one) == SeatView.of(twin)
        differ += one.deal != twin.deal
        for weighted in (False, True):
            assert (advise(one, samples=6, seed=2, weighted=weighted)
                    == advise(twin, samples=6, seed=2, weighted=weighted))
        # The review's adaptive verdict on that play: the twin played the same domino.
        twin.apply(hand.actions[step][:2])
        # (and on every earlier decision of the seat: it saw the same then too).
        mine = review(hand.at(step + 1), seat, samples=4, seed=2, hindsight=False,
                      weighted=True).decisions
        theirs = review(twin, seat, samples=4, seed=2, hindsight=False,
                        weighted=True).decisions
        assert mine[-1].kind == "play" and mine == theirs
    assert differ  # the twins were other deals indeed


def test_review_command_says_the_guesses_and_takes_the_new_options(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from texas42.analysis.cli import main

    path = tmp_path / "hand.json"
    path.write_text(_points_hand(7).record().to_json())
    assert main(["review", str(path), "--seat", "1", "--json", "--samples", "4",
                 "--max-samples", "4", "--continuation", "rules", "--weighted"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["decisions"] and all(d["worlds"] == 4 for d in data["decisions"])
    judges = {d["continuation"] for d in data["decisions"]}
    assert judges == {"", "rules"}  # the bids and trumps by rule-based players
    assert main(["review", str(path), "--seat", "1", "--json", "--samples", "4"]) == 0
    worlds = [d["worlds"] for d in json.loads(capsys.readouterr().out)["decisions"]]
    assert all(w in (4, 8, 12) for w in worlds)  # batches of 4, up to 3 times as many
    for bad in ("bogus", "exact:9", "exact:x"):
        assert main(["review", str(path), "--seat", "1", "--continuation", bad]) == 2
        assert "texas42 review: " in capsys.readouterr().err


class _SeatZero:
    """All :func:`_summary` reads of a view."""

    seat = 0


def test_held_out_loss_is_not_lifted_by_noise() -> None:
    """Two options equal but for noise, and a player who chose one of them without
    seeing the coach's guesses: its plain loss is above 0 on average (whenever the other
    looks best, it is partly the luckiest); its held-out loss averages 0. A real gap is
    measured whole by both."""
    rng = random.Random(3)
    plain, held = [], []
    for _ in range(400):
        rows = [[rng.gauss(10, 4), rng.gauss(10, 4)] for _ in range(16)]
        adv = _summary("play", _SeatZero(), [Domino(6, 6), Domino(6, 5)], "points", rows,
                       [1.0] * 16, "your side")
        plain.append(adv.loss("6-5"))
        held.append(adv.held_out_loss("6-5"))
    mean_plain = sum(plain) / len(plain)
    mean_held = sum(held) / len(held)
    assert mean_plain > 0.4  # E max(0, x), x ~ N(0, 4 * sqrt(2 / 16)): about 0.56
    assert abs(mean_held) < 0.3 < mean_plain - mean_held
    gap = _held_out([[12.0, 2.0], [11.0, 1.0], [13.0, 3.0]], [1.0, 1.0, 1.0])
    assert gap == (0.0, 10.0)
    assert _held_out([[1.0, 2.0]], [1.0]) == ()
