"""The honest coach: each decision judged from what the seat could know.

For a decision of one seat (a bid, the naming of the contract, a play) the coach takes
the seat's :class:`~texas42.analysis.view.SeatView` (its own dominoes, the bids, the
tricks it may look at, the voids shown) and nothing else. It guesses the unseen dominoes
``samples`` times (:func:`~texas42.analysis.sampling.sample_holdings`: every guess fits
the counts, the voids and the bids); these guesses are the *worlds*. Each legal option is
tried in the SAME worlds. A play in a points contract is played out in each world by the
coach's *continuation* (:mod:`~texas42.analysis.continuation`; by default the exact
solver on that guessed world once few tricks are left, and before that rule-based players
only until the solver can take over: the rules' own continuation made a play those
rules continue well look good, a strong play of another style look like a mistake).
Bids, the contract, and plays judged in marks are played out by rule-based players who
see only their own seat's view in that world
(:func:`~texas42.analysis.playout.rule_playout`). The option's ``expected`` value is the
average over the worlds, each weighted, for a bid or the naming of the contract, by how
well it explains the bids made before (as a player reads the auction), and for a play
with ``weighted`` by how likely the bids and plays seen are in it. A review adds
guesses until the chosen option and the best separate at 95%, or a cap is reached:
then the verdict is :data:`TOO_CLOSE`.

Units (always said): every decision is judged in what the game scores. Under the marks
rules that is *marks* (marks the seat's side wins minus marks it loses in this hand), for
a bid, the naming of the contract and every play: a play in a hand bid for points by what
it does to the bid (its options played out in points, then each guess scored as the mark
it gives: made or set), so a play that gives away count that no longer matters is no loss,
and a play once the bid is made or set is :data:`NO_DIFFERENCE`. Such a play's value also
reads as a chance (:meth:`Advice.chance`: how often the seat's side makes, or sets, the
bid). Under the points rules, points (a play: the points the side takes from that moment
to the end, the trick in progress whole). ``unit="points"`` judges plays in points
contracts by the points the side takes even under the marks rules: the coach before it
spoke the game's currency, kept for the calibration against duplicate play in points.

``loss`` is the best option's expected value minus the chosen one's (0 for the best, never
negative); :data:`LABELS` turns it into a word (marks count as :data:`POINTS_PER_MARK`
points). ``held_out_loss`` is for sums over many hands (the calibration against duplicate
play): half the guesses pick the best option and the other half measure the chosen one's
distance from it (and the other way round), because the option that looks best over a few
guesses is partly the luckiest one, and plain losses add that luck to every choice but the
coach's. A review shows and totals the plain loss, which one decision's options explain.
The random guesses are seeded from ``seed`` and the seat's view only, so two
deals that agree on all the seat saw get the same advice: the coach cannot peek.

``hindsight`` is different and always labelled so: the exact open-hands solver on the
true deal (what would have been best had every hand been face up).

>>> from texas42 import Deal, Hand
>>> from texas42.analysis import RuleBasedPlayer, play_hand
>>> hand = Hand(Deal.from_seed(5), shaker=3)
>>> _ = play_hand(hand, [RuleBasedPlayer()] * 4)
>>> rv = review(hand, seat=0, samples=8, seed=1, hindsight=False)
>>> all(d.loss >= 0 for d in rv.decisions)
True
>>> label_for(0.0), label_for(3.0), label_for(7.0), label_for(12.0)
('fine', 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..bidding import MARK, special_bid_doubles
from ..contracts import Contract
from ..deals import Deal
from ..dominoes import DOMINOES, Domino
from ..errors import BudgetError, InputError, NotationError, Texas42Error, check_kind, quote
from ..hand import ONE_DOUBLE, Hand, Phase, choice_text
from ..records import HandRecord
from ..rules import Rules
from ..scoring import points_bid_made, score_points_bid
from .aim import goal_points, made_at_end
from .bounds import check_continuation, check_samples, coach_cap
from .continuation import SLICE_NODES, Continuation, Steps, run_steps, values_steps
from .players import (
    AuctionReading,
    RuleBasedPlayer,
    _fingerprint,
    decide,
    play_hand,
)
from .playout import rule_playout
from .rules_of_thumb import DOUBLES_MASK
from .sampling import play_likelihood, sample_holdings
from .solver import SOLVE_BUDGET
from .view import SeatView

#: Guesses of the hidden dominoes per decision, by default (a review adds more, batch by
#: batch, until the verdict on every option settles: up to :data:`CAP_FACTOR` times).
#: The explorers' number too, and the one the default continuation was calibrated with.
DEFAULT_SAMPLES = 32
#: A review's cap on the guesses of one decision: this many times ``samples``.
CAP_FACTOR = 3
#: Two options *separate* when their paired difference is more than this many standard
#: errors from 0 (95%, two-sided).
Z95 = 1.96
#: The verdict when the cap is reached and the chosen option and the best did not separate
#: (nor is the loss surely small enough to be fine).
TOO_CLOSE = "too close to call"
#: A mark counts as a whole hand's points when a loss in marks is put into words.
POINTS_PER_MARK = 42
#: The verdict on a play made once the bid is made or set: every option gives the same mark.
NO_DIFFERENCE = "no difference to the mark"
#: What a decision is judged in (``unit=``): what the game scores, or points for plays.
UNITS = ("game", "points")
#: The label of a loss (in points): below 2 fine, below 5 an inaccuracy, below 10 a
#: mistake, else a blunder. One table: the book, the CLI and the explorers read it.
LABELS: tuple[tuple[float, str], ...] = (
    (2.0, "fine"),
    (5.0, "inaccuracy"),
    (10.0, "mistake"),
    (float("inf"), "blunder"),
)

Progress = Callable[[int, int], None]
_RULES = RuleBasedPlayer()


def chance_of(expected: float, stake: int = 1) -> float:
    """The chance (0 to 1) behind the expected marks of a hand bid for points: each guess
    gives the side +stake (the bid made, or set, as it wants) or -stake marks."""
    return min(1.0, max(0.0, (expected / stake + 1) / 2))


def label_for(loss: float, unit: str = "points") -> str:
    """The word for a loss of ``loss`` (in ``unit``: points or marks)."""
    size = loss * POINTS_PER_MARK if unit == "marks" else loss
    for limit, word in LABELS:
        if size < limit:
            return word
    return LABELS[-1][1]  # pragma: no cover - the last limit is infinite


@dataclass(frozen=True)
class Option:
    """One legal choice and its expected value for the seat's side."""

    choice: str
    expected: float

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice, "expected": round(self.expected, 2)}


@dataclass(frozen=True)
class Advice:
    """The coach's view of one decision before it is made."""

    kind: str  # "bid" | "contract" | "play"
    seat: int
    options: tuple[Option, ...]
    unit: str  # "points" | "marks"
    worlds: int
    reason: str
    #: Whose result ``expected`` is: "your side" (42) or "you" (Moon: each for itself).
    side: str = "your side"
    #: For each option, the standard error of its difference from the best, over the same
    #: guesses (paired): how far the guesses alone could move that difference.
    noise: tuple[float, ...] = ()
    #: For each option, its held-out loss (:func:`_held_out`): free of the lift the
    #: best-looking option gets from the guesses' noise; may be below 0.
    held_out: tuple[float, ...] = ()
    #: A play in a hand bid for points, judged in marks: what the seat's side is after
    #: ("makes 30", "sets 30"), and the marks the bid is worth; ``""`` otherwise.
    goal: str = ""
    stake: int = 1
    #: The bid was already made or set before this play: no option changes the mark.
    decided: bool = False

    def chance(self, choice: str) -> float:
        """How often (0 to 1) the seat's side reaches its :attr:`goal` with ``choice``
        over the guesses (:func:`chance_of`)."""
        return chance_of(self.options[self._at(choice)].expected, self.stake)

    @property
    def best(self) -> Option:
        return max(self.options, key=lambda o: o.expected)

    def loss(self, choice: str) -> float:
        """Best expected minus ``choice``'s (never negative)."""
        mine = next(o for o in self.options if o.choice == choice)
        return max(0.0, self.best.expected - mine.expected)

    def too_close(self, choice: str) -> bool:
        """Whether ``choice``'s loss is within the guesses' noise (under :data:`Z95`
        standard errors of the paired difference: 95%): the coach cannot call it a loss."""
        loss = self.loss(choice)
        if loss == 0 or not self.noise:
            return loss == 0
        return loss < Z95 * self.noise[self._at(choice)]

    def held_out_loss(self, choice: str) -> float:
        """``choice``'s held-out loss (:attr:`held_out`), or its loss without it."""
        if not self.held_out:
            return self.loss(choice)
        return self.held_out[self._at(choice)]

    def _at(self, choice: str) -> int:
        return next(i for i, o in enumerate(self.options) if o.choice == choice)


@dataclass(frozen=True)
class Judged:
    """One decision of a review: the advice, what was chosen and what it cost."""

    kind: str
    index: int  # into the record's bids, its contract (0) or its plays
    chosen: str
    options: tuple[Option, ...]
    loss: float
    label: str
    reason: str
    unit: str
    worlds: int
    #: The open-hands solver on the true deal: hindsight, not advice (None: not asked).
    hindsight: dict[str, Any] | None
    #: Where in the hand, in words ("bid 2", "trumps", "trick 3").
    where: str = ""
    #: The loss is within the guesses' noise (:meth:`Advice.too_close`): labelled fine.
    close: bool = False
    #: :meth:`Advice.held_out_loss`: what a sum of losses over many decisions adds up
    #: (the calibration against duplicate play), where ``loss`` is what one decision shows.
    held_out_loss: float = 0.0
    #: The continuation that played the options out (``""`` where rule-based players
    #: did: a bid, the contract, a play in a mark bid, any table but 42's).
    continuation: str = ""
    #: As :attr:`Advice.goal` and :attr:`Advice.stake`: a play judged by the bid's mark.
    goal: str = ""
    stake: int = 1

    def chance(self, choice: str) -> float:
        """How often the seat's side reaches its :attr:`goal` with ``choice``."""
        return chance_of(next(o for o in self.options if o.choice == choice).expected,
                         self.stake)

    def to_dict(self) -> dict[str, Any]:
        """Every field as it is (no rounding), for a save: :meth:`from_dict` gives back an
        equal verdict (a verdict judged during a hand survives a reload)."""
        out = {f: getattr(self, f) for f in _JUDGED_FIELDS}
        out["options"] = [[o.choice, o.expected] for o in self.options]
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "a saved verdict") -> Judged:
        """A verdict from :meth:`to_dict`'s form, every field checked (a save can be
        damaged or edited); else :class:`~texas42.errors.NotationError`
        (``rule="verdict"``) naming ``where`` and the field."""
        return _judged_from_dict(data, where)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "index": self.index,
            "chosen": self.chosen,
            "options": [o.to_json() for o in self.options],
            "loss": round(self.loss, 2),
            "label": self.label,
            "reason": self.reason,
            "hindsight": self.hindsight if self.hindsight is not None else {"best": [],
                                                                             "points": None},
            "worlds": self.worlds,
            "continuation": self.continuation,
            "unit": self.unit,
            "goal": self.goal,
        }


_JUDGED_FIELDS = ("kind", "index", "chosen", "options", "loss", "label", "reason", "unit",
                  "worlds", "hindsight", "where", "close", "held_out_loss", "continuation",
                  "goal", "stake")
_KINDS = ("bid", "contract", "discard", "play")
_VERDICTS = (*(word for _, word in LABELS), TOO_CLOSE, NO_DIFFERENCE)


def _judged_from_dict(data: Any, where: str) -> Judged:
    def bad(what: str) -> NotationError:
        return NotationError(f"{where}: {what}", rule="verdict")

    if not isinstance(data, dict):
        raise bad(f"{quote(data)} is not a verdict (an object of its fields)")
    odd = sorted(set(data) - set(_JUDGED_FIELDS), key=str)
    missing = [f for f in _JUDGED_FIELDS if f not in data]
    if odd or missing:
        raise bad(f"unknown fields {', '.join(quote(k) for k in odd[:5])}" if odd
                  else f"missing fields {', '.join(missing)}")

    def text(name: str, most: int = 400) -> str:
        value = data[name]
        if not isinstance(value, str) or len(value) > most:
            raise bad(f"its {name} {quote(value)} is not text of at most {most} characters")
        return value

    def number(name: str, low: float, high: float) -> float:
        value = data[name]
        if (not isinstance(value, int | float) or isinstance(value, bool)
                or not low <= value <= high):
            raise bad(f"its {name} {quote(value)} is not a number {low:g}..{high:g}")
        return float(value)

    def whole(name: str, low: int, high: int) -> int:
        value = data[name]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise bad(f"its {name} {quote(value)} is not a whole number {low}..{high}")
        return value

    if data["kind"] not in _KINDS:
        raise bad(f"its kind {quote(data['kind'])} is not one of {', '.join(_KINDS)}")
    if data["label"] not in _VERDICTS:
        raise bad(f"its label {quote(data['label'])} is not one of the coach's verdicts")
    if data["unit"] not in ("points", "marks", "tricks"):
        raise bad(f"its unit {quote(data['unit'])} is not points, marks or tricks")
    raw = data["options"]
    if not isinstance(raw, list) or not 1 <= len(raw) <= 64:
        raise bad(f"its options {quote(raw)} are not a list of 1..64 options")
    options = []
    for item in raw:
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str)
                or len(item[0]) > 40 or not isinstance(item[1], int | float)
                or isinstance(item[1], bool) or not -1000 <= item[1] <= 1000):
            raise bad(f"its option {quote(item)} is not [choice, expected]")
        options.append(Option(item[0], float(item[1])))
    chosen = text("chosen", 40)
    if chosen not in {o.choice for o in options}:
        raise bad(f"its choice {quote(chosen)} is not one of its options")
    hindsight = data["hindsight"]
    if hindsight is not None and not _hindsight_ok(hindsight):
        raise bad(f"its hindsight {quote(hindsight)} is not the solver's answer")
    close = data["close"]
    if not isinstance(close, bool):
        raise bad(f"its close {quote(close)} is not true or false")
    return Judged(data["kind"], whole("index", 0, 63), chosen, tuple(options),
                  number("loss", 0, 1000), data["label"], text("reason", 2000), data["unit"],
                  whole("worlds", 0, 100_000), hindsight, text("where", 40), close,
                  number("held_out_loss", -1000, 1000), text("continuation", 80),
                  text("goal", 40), whole("stake", 1, 7))


def _hindsight_ok(h: Any) -> bool:
    """A hindsight dict as :func:`_hindsight` (or Moon's solver, or :data:`_TOO_BIG`)
    gives it: short lists of dominoes, small numbers, nothing else."""
    if not isinstance(h, dict) or len(h) > 4 or not set(h) <= {"best", "points",
                                                               "too_big", "bidder_tricks"}:
        return False
    best = h.get("best", [])
    if not isinstance(best, list) or len(best) > 14 or not all(
            isinstance(b, str) and len(b) <= 8 for b in best):
        return False
    for key in ("points", "bidder_tricks"):
        value = h.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                  or not 0 <= value <= 1000):
            return False
    return isinstance(h.get("too_big", False), bool)


@dataclass(frozen=True)
class Review:
    """Every decision of one seat in one hand, judged from what the seat knew."""

    seat: int
    samples: int
    seed: int
    decisions: tuple[Judged, ...]
    #: The most the hand could swing for the seat's side, in :attr:`unit` (from losing
    #: the hand's mark to winning it: twice the marks bid): no total is larger.
    most: float = float("inf")

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "unit": self.unit, "total_loss": round(self.total_loss, 2),
                "decisions": [d.to_json() for d in self.decisions]}

    @property
    def unit(self) -> str:
        """What the review's total is in: its decisions' unit (all the same when they are
        judged in what the game scores); points when they mix (``unit="points"``)."""
        units = {d.unit for d in self.decisions}
        return units.pop() if len(units) == 1 else "points"

    @property
    def total_loss(self) -> float:
        """What the seat's decisions gave away in all, in :attr:`unit`: the losses the
        coach could tell from the guesses' noise (a decision too close to call, or
        within the noise, adds nothing), never more than the hand could swing
        (:attr:`most`); where units mix, a mark counts as :data:`POINTS_PER_MARK` points."""
        called = [d for d in self.decisions if not d.close]
        if self.unit == "marks":
            total = sum(d.loss for d in called)
        else:
            total = sum(d.loss * (POINTS_PER_MARK if d.unit == "marks" else 1) for d in called)
        return min(total, self.most)

    def table(self) -> str:
        """The review as a readable text table."""
        lines = [f"Seat {self.seat}: {len(self.decisions)} decisions, each judged over "
                 f"{self.samples} guesses of the dominoes the seat could not see "
                 f"(seed {self.seed}).", ""]
        for d in self.decisions:
            opts = ", ".join(f"{o.choice} {o.expected:+.1f}" if d.unit == "marks"
                             else f"{o.choice} {o.expected:.1f}" for o in d.options)
            lines.append(f"{d.where:<20} chose {d.chosen:<8} loss {d.loss:5.2f} {d.unit:<6} "
                         f"{d.label}")
            lines.append(f"    expected ({d.unit} for the seat's side): {opts}")
            lines.append(f"    why: {d.reason}")
            if d.hindsight is not None:
                lines.append(f"    hindsight (all hands open, not advice): "
                             f"{hindsight_words(d.hindsight)}")
        lines.append("")
        total = (f"{self.total_loss:.2f} marks" if self.unit == "marks"
                 else f"{self.total_loss:.1f} points")
        lines.append(f"Expected given away in all: {total}.")
        return "\n".join(lines)


def hindsight_words(h: dict[str, Any]) -> str:
    """The hindsight of a decision in words (the open-hands solver on the true deal)."""
    best = " ".join(h["best"])
    head = f"best {best}; " if best else ""
    if h.get("bidder_tricks") is not None:  # Moon: the bidder against the two others
        return f"{head}the bidder takes {h['bidder_tricks']} more tricks"
    if h.get("too_big"):
        return "not worked out: the position is too big to solve exactly in time"
    if h.get("points") is None:
        return "not worked out for this decision"
    if not best:
        return f"in the contract that was played, your side takes {h['points']} points"
    return f"{head}your side takes {h['points']} points from here"


# -- the worlds ----------------------------------------------------------------------------
def _rng(fingerprint: int, seed: int) -> random.Random:
    """Seeded from ``seed`` and the seat's view only (its fingerprint): never from the
    hidden holdings."""
    digest = hashlib.blake2b(repr((seed, fingerprint)).encode(), digest_size=8)
    return random.Random(int.from_bytes(digest.digest(), "big"))


def _unit(view: SeatView, in_points: bool = False) -> str:
    """What a decision of ``view`` is judged in: what the game scores (marks under the
    marks rules, a play in a hand bid for points included), or with ``in_points`` a play
    in a points contract in the points its side takes."""
    if view.rules.scoring != "marks":
        return "points"
    if view.phase is not Phase.PLAYING:
        return "marks"
    c = view.contract
    whole = view.high_bid >= MARK or (c is not None and c.kind in ("nello", "sevens"))
    return "points" if in_points and not whole else "marks"


def _goal(view: SeatView) -> tuple[str, int]:
    """A play in a hand bid for points, judged in marks: what the seat's side is after
    ("makes 30" for the bidders, "sets 30" for the others) and the marks the bid is
    worth; ``("", 1)`` for any other decision."""
    c = view.contract
    if (view.phase is not Phase.PLAYING or c is None or view.bidder is None
            or c.kind in ("nello", "sevens") or view.high_bid >= MARK
            or view.rules.scoring != "marks" or not view.rules.is_42):
        return "", 1
    bidding = view.rules.share_of(view.bidder) == view.rules.share_of(view.seat)
    return f"{'makes' if bidding else 'sets'} {view.high_bid}", 1


def _mark_of(view: SeatView, ours: float) -> float:
    """The marks a play out gives the seat's side (won minus lost) in a hand bid for
    points, when its side takes ``ours`` points from here (the trick in progress whole)
    and the other side the rest (:func:`~texas42.analysis.aim.made_at_end`). Exact for an
    exact (open-hands) continuation: the solver's best points for each side reach the bid
    exactly when best play for the mark does."""
    c, bidder = view.contract, view.bidder
    assert c is not None and bidder is not None
    team = view.team
    final = list(view.points)
    final[team] += int(ours)
    final[1 - team] += view.rules.total_points - sum(view.points) - int(ours)
    made = made_at_end(view, int(ours))
    return _net(view.rules, bidder, view.high_bid, c, (final[0], final[1]), made, team)


def _net(rules: Any, bidder: int, bid: int, contract: Contract, points: tuple[int, int],
         made: bool, team: int) -> float:
    """The hand's score for ``team``: won minus lost (marks, or game points)."""
    r = score_points_bid(bidder, bid, contract, points, made, 7, rules)
    if rules.scoring == "marks":
        return float(r.marks[team] - r.marks[1 - team])
    return float(r.score[team] - r.score[1 - team])


def _made(rules: Rules, contract: Contract, bid: int, bidder: int, points: tuple[int, int],
          tricks_won: tuple[int, int]) -> bool:
    """Whether the bid is made at the end of the hand, by the hand's own rule
    (:func:`texas42.scoring.points_bid_made`): ``points`` the sides took from here (a
    playout to the end), ``tricks_won`` the tricks each had won before."""
    bt = bidder & 1
    # A trick is worth a point at least: a side that took points from here won a trick.
    won = tricks_won[bt] + (points[bt] > 0)
    lost = tricks_won[1 - bt] + (points[1 - bt] > 0)
    made = points_bid_made(rules, contract.kind, bid, points[bt], points[1 - bt], won, lost,
                           rules.hand_size)
    assert made is not None  # every trick is played: the hand is decided
    return made


def _play_value(view: SeatView, world: Sequence[int], m: int, unit: str) -> float:
    """Play domino ``m`` in ``world``, then rule-based players to the end."""
    c = view.contract
    assert c is not None and view.bidder is not None
    hands = list(world)
    hands[view.seat] = view.held & ~(1 << m)
    trick = [d.index for d in view.trick] + [m]
    every = view.high_bid >= MARK
    pts = rule_playout(hands, c, view.bidder, view.leader, every, declarer=view.declarer,
                       trick=trick, sevens_tie=view.rules.sevens_tie)
    team = view.team
    if unit == "points":
        return float(pts[team])
    made = made_at_end(view, pts[team])
    return _net(view.rules, view.bidder, view.high_bid, c, pts, made, team)


def _hand_value(hand: Hand, team: int,
                playouts: dict[tuple[Any, ...], tuple[int, int]] | None = None) -> float:
    """Finish ``hand`` (bidding and contract by rule-based players, then a rule-based
    playout) and score it for ``team``. ``playouts``: the playouts of this deal so far,
    by how they start (the bids of one guess often end in the same contract, bidder and
    playout, scored against different bids)."""
    for _ in range(12):
        if hand.phase not in (Phase.BIDDING, Phase.CONTRACT):
            break
        d = decide(_RULES, hand)
        if hand.phase is Phase.BIDDING:
            assert isinstance(d.action, int | str)
            hand.bid(d.action)
        else:
            assert isinstance(d.action, Contract)
            hand.name_contract(d.action)
    if hand.phase is not Phase.PLAYING:
        return 0.0  # everyone passed and the dominoes are shaken again: no score
    c, bidder = hand.contract, hand.bidder
    assert c is not None and bidder is not None
    hands = [0 if s == hand.sitting_out else hand.holding(s).mask for s in range(4)]
    start = (tuple(hands), c, bidder, hand.declarer, hand.high_bid >= MARK)
    pts = None if playouts is None else playouts.get(start)
    if pts is None:
        pts = rule_playout(hands, c, bidder, hand.declarer, hand.high_bid >= MARK,
                           sevens_tie=hand.rules.sevens_tie)
        if playouts is not None:
            playouts[start] = pts
    made = _made(hand.rules, c, hand.high_bid, bidder, pts, (0, 0))
    return _net(hand.rules, bidder, hand.high_bid, c, pts, made, team)


def _world_hand(hand: Hand, world: Sequence[int]) -> Hand:
    """The hand so far (bids, contract) on the world's deal (nothing played yet)."""
    h = Hand(Deal(list(world)), shaker=hand.shaker, rules=hand.rules)
    for i, b in enumerate(hand.bids):
        h.bid(hand.special_bids.get(i, b))
    if hand.contract is not None:
        h.name_contract(hand.contract)
    return h


# -- one decision ---------------------------------------------------------------------------
Choice = int | str | Contract | Domino


def guess_weigher(view: SeatView, weighted: bool) -> Callable[[Any], float]:
    """How much each guess of a decision at 42's table counts. A bid or the naming of
    the contract: how well the guess explains the bids made before it, read as the
    rule-based bidder's (:class:`~texas42.analysis.players.AuctionReading`), as a player
    reads the auction. Unweighted, the guesses ignored what the bids said, and the coach
    rated a bolder bidder worse than duplicate play found it (issue 38 item 6:
    docs/FIGURES.md). A play: 1, or (``weighted``) how likely the bids and plays seen are
    in it under the rule-based player's policies. The auction is read once for all the
    guesses."""
    if view.phase is Phase.PLAYING and not weighted:
        return lambda world: 1.0
    auction = AuctionReading.of(view)
    if view.phase is not Phase.PLAYING:
        if not auction.worths:  # nothing bid yet that says anything
            return lambda world: 1.0
        return lambda world: auction.likelihood(list(world))

    def weight(world: Any) -> float:
        hands = list(world)
        return play_likelihood(view, hands) * auction.likelihood(hands)
    return weight


class _Table:
    """What the coach needs to know about the table of a hand: one adapter for every
    table of the rules profiles.

    At 42's table (four seats of partners, :attr:`~texas42.rules.Rules.is_42`) a world is
    a guess at the unseen holdings, played out on bit masks
    (:func:`~texas42.analysis.playout.rule_playout`, thousands a second) or solved exactly
    in the endgame; a decision is judged for the seat's side. At any other table a world
    is a whole deal that fits what the seat saw (the widow, the discards and the
    dominoes laid aside among what it could not see, unless it took the widow), replayed
    through the engine and played to the end by rule-based players; a decision is judged
    by the seat's own score (each for themselves; the side's, with partners)."""

    def __init__(self, rules: Rules, continuation: Continuation | None = None,
                 weighted: bool = False, in_points: bool = False) -> None:
        self.rules = rules
        #: Judge plays in points contracts in points (``unit="points"``), not marks.
        self.in_points = in_points
        self.fast = rules.is_42
        #: How a play in a points contract is played out in a world (42's table).
        self.continuation = check_continuation(continuation)  # None: the default
        #: Weight each guess of a play by how likely the bids and plays seen are under
        #: the rule-based player's policies (bids are always weighted by the auction:
        #: :func:`~texas42.analysis.sampling.play_likelihood`,
        #: :class:`~texas42.analysis.players.AuctionReading`).
        self.weighted = weighted
        self.seats = rules.seats
        self.partners = rules.sides == "partners"
        self.side = "your side" if self.partners else "you"

    def view(self, hand: Any) -> SeatView:
        return SeatView.of(hand)

    def fingerprint(self, view: Any) -> int:
        return _fingerprint(view)

    def unit(self, view: Any) -> str:
        return _unit(view, self.in_points)

    def sample(self, hand: Any, view: Any, rng: random.Random) -> Any:
        """A guess that fits the view (at 42's table the holdings, elsewhere the whole
        deal: :meth:`_deal`), and two public facts the view does not hold: the holder of
        1-0 bid first when the rules say so, and a seat that bid a plunge or splash holds
        the doubles it needs (``hand`` is read for those public facts only)."""
        hands = self._holdings(hand, view, rng)
        if hands is None or self.fast:
            return hands
        return self._deal(view, hands, rng)

    def _holdings(self, hand: Any, view: SeatView, rng: random.Random) -> list[int] | None:
        one = 1 << ONE_DOUBLE.index
        first = view.bidding_order[0]
        needs: list[tuple[int, int]] = []
        if view.rules.first_bidder == "holder-of-1-0" and first != view.seat and (
                view.unseen & one):
            needs.append((first, -1))
        for i, name in hand.special_bids.items():
            who = view.bidder_at(i)
            if who != view.seat:
                needs.append((who, special_bid_doubles(name, view.rules)))
        if not needs:
            return sample_holdings(view, rng)
        shown = [0] * view.seats
        for s_, _, d in view.plays_seen():
            shown[s_] |= 1 << d.index
        hands = None
        for _ in range(30):
            hands = sample_holdings(view, rng)
            if hands is None:
                return None
            if all((hands[who] & one) if n < 0 else
                   ((hands[who] | shown[who]) & DOUBLES_MASK).bit_count() >= n
                   for who, n in needs):
                return hands
        return hands  # the closest the tries found (a world that cannot replay is dropped)

    def _deal(self, view: SeatView, hands: list[int], rng: random.Random
              ) -> tuple[list[int], tuple[int, ...]] | None:
        """The whole deal behind a guess of the holdings (any table but 42's): each
        seat's hand is what it holds and played (the seat's own: what it was dealt; the
        bidder's, seen by another seat: what it kept); the dominoes no hand holds are the
        widow and the aside (the bidder knows its widow; for another seat the widow is
        any of them: the bidder's discards, unseen, are played back as the widow it took).
        Returns the deal's masks and the widow's dominoes (indices), or ``None`` when the
        guess cannot be rebuilt (tricks it could not look at)."""
        rules = self.rules
        whole = list(hands)
        for s_, _, d in view.plays_seen():
            whole[s_] |= 1 << d.index
        whole[view.seat] = view.dealt
        size = rules.hand_size
        if any(m.bit_count() != size for m in whole):
            return None
        spare = view.in_play & ~sum(whole)
        if view.widow:
            widow = tuple(d.index for d in view.widow)
        else:
            free = [i for i in range(28) if spare >> i & 1]
            # Moon (no aside): the lowest; with an aside, which are the widow is a guess.
            widow = tuple(free[: rules.widow] if not rules.aside
                          else sorted(rng.sample(free, rules.widow)))
        wmask = sum(1 << i for i in widow)
        masks = whole + ([wmask] if rules.widow else []) + (
            [spare & ~wmask] if rules.aside else [])
        return masks, widow

    def weigher(self, view: Any) -> Callable[[Any], float]:
        """How much each guess of this decision counts: :func:`guess_weigher` at 42's
        table, 1 at any other."""
        if not self.fast:
            return lambda world: 1.0
        return guess_weigher(view, self.weighted)

    def values_steps(self, hand: Any, view: Any, world: Any, kind: str,
                     options: list[Any], unit: str, sliced: bool) -> Steps[list[float]]:
        """Every option's value in one world: at 42's table, a play in a points
        contract, by the :attr:`continuation` (exact search where affordable); else one
        rule-based playout per option. ``sliced``: yielding inside the continuation's
        long searches (:func:`~texas42.analysis.continuation.values_steps`), for a live
        page; else in one step."""
        if self.plays_out(view, kind, unit):
            moves = [o.index for o in options]
            # Under marks (a hand bid for points) each play-out is scored as its mark:
            # only whether the side reaches its goal counts, a yes/no search a move.
            goal = goal_points(view) if unit == "marks" else None
            if sliced:
                got = yield from values_steps(self.continuation, view, world, moves, goal)
            else:
                got = self.continuation.values(view, world, moves, goal)
            return [_mark_of(view, v) for v in got] if unit == "marks" else got
        if self.fast and kind != "play":  # (the world's hand built once, copied an option)
            base = _world_hand(hand, world)
            playouts: dict[tuple[Any, ...], tuple[int, int]] = {}
            return [self._option_value(base.copy(), view, kind, o, playouts) for o in options]
        return [self.value(hand, view, world, kind, o, unit) for o in options]

    def plays_out(self, view: Any, kind: str, unit: str) -> bool:
        """Whether the :attr:`continuation` plays this decision's options out (a play in
        a points contract at 42's table: judged in points, or in marks when the hand was
        bid for points); else rule-based players do. ``view``: the seat's view or the
        hand itself (only its contract and high bid are read)."""
        c = view.contract
        return (self.fast and kind == "play" and c is not None
                and c.kind not in ("nello", "sevens")
                and (unit == "points" or view.high_bid < MARK))

    def value(self, hand: Any, view: Any, world: Any, kind: str, option: Any,
              unit: str) -> float:
        if not self.fast:
            return self._table_value(hand, view, world, kind, option, unit)
        if kind == "play":
            return _play_value(view, world, option.index, unit)
        return self._option_value(_world_hand(hand, world), view, kind, option)

    @staticmethod
    def _option_value(h: Hand, view: Any, kind: str, option: Any,
                      playouts: dict[tuple[Any, ...], tuple[int, int]] | None = None
                      ) -> float:
        """A bid or the contract chosen on the world's hand ``h``, then rule-based
        players to the end: the hand's score for the seat's side."""
        if kind == "bid":
            h.bid(option)
        else:
            h.name_contract(option)
        return _hand_value(h, view.team, playouts)

    def _table_value(self, hand: Any, view: SeatView, world: Any, kind: str, option: Any,
                     unit: str) -> float:
        """Any other table: the world's deal, the hand's actions so far (another seat's
        discards played back as the widow the seat could not see), the option, then
        rule-based players to the end; the seat's score (its side's with partners):
        in a points contract the points from here, else the hand's marks or score."""
        masks, widow = world
        rules = self.rules
        if rules.bidding == "points" and rules.early_end:
            rules = rules.replace(early_end=False)  # the points from here: to the end
        h = Hand(Deal(masks, rules.layout), shaker=hand.shaker, rules=rules)
        hidden = iter(widow)
        for a in hand.actions:
            if a.kind == "discard" and a.seat != view.seat:
                h.apply(("discard", DOMINOES[next(hidden)]))  # the seat never saw the real one
            else:
                h.apply(a[:2])
        h.apply((kind, option))
        play_hand(h, [_RULES] * self.seats)
        side = rules.share_of(view.seat)
        r = h.result
        if r is None:
            return 0.0  # everyone passed and the dominoes are shaken again: no score
        if rules.bidding == "tricks" or rules.scoring != "marks":
            return float(r.score[side])
        if unit == "points":
            return float(h.points[side] - hand.points[side])
        return float(r.marks[side])

    def rule(self, hand: Any) -> tuple[Any, str]:
        d = decide(_RULES, hand)
        return d.action, d.reason

    def hindsight(self, kind: str, hand: Any, seat: int, full: Any,
                  budget: int | None = None) -> dict[str, Any]:
        if self.fast:
            first = next((i for i, a in enumerate(full.actions) if a.kind == "play"), None)
            played = full.at(first) if first is not None else None
            return _hindsight(kind, hand, seat % 2, played, budget)
        if kind != "play":
            return {"best": [], "points": None}
        from .solver import solve

        sol = solve(hand, line=False, budget=budget)
        best = [str(d) for d in sol.best]
        if self.rules.bidding == "tricks":  # the bidder (side 0) against the others
            return {"best": best, "bidder_tricks": sol.points[0]}
        mine = 0 if seat == hand.bidder else 1
        return {"best": best, "points": sol.points[mine]}


def _game(hand: Any, continuation: Continuation | str | None = None,
          weighted: bool = False, unit: str = "game") -> _Table:
    if not isinstance(unit, str) or unit not in UNITS:
        raise NotationError(f"unit must be one of {', '.join(UNITS)}, not {quote(unit)}",
                            rule="unit")
    return _Table(hand.rules, check_continuation(continuation), weighted, unit == "points")


def _legal(hand: Any) -> list[Any]:
    return [a.value for a in hand.legal_actions()]


def advise(hand: Any, seat: int | None = None, *, samples: int = DEFAULT_SAMPLES,
           seed: int = 0, continuation: Continuation | str | None = None,
           weighted: bool = False, max_samples: int | None = None,
           unit: str = "game") -> Advice:
    """The coach's advice for the decision of the seat to act in ``hand`` (a 42
    :class:`~texas42.Hand` or a :class:`~texas42.moon.MoonHand`; ``seat``, if given,
    must be the seat to act): the expected value of every legal option over the guesses
    of what the seat cannot see, and one sentence why the best one is best.

    The guesses: ``samples``, then ``samples`` more at a time until more can no longer
    change the verdict on any option (each separates from the best at 95%, or surely
    differs from it by less than "fine": :func:`_settled`), up to ``max_samples``
    (default :data:`CAP_FACTOR` times ``samples``). The advice does not
    depend on what is chosen, so the hint and the verdict (:func:`judge`, :func:`review`
    with the same ``samples``, ``seed``, ``max_samples``, ``continuation``, ``unit``) are
    the same judgement: following the hint is never called a loss.
    ``continuation``: how a play is played out in a guess (an object or its name for
    :func:`~texas42.analysis.continuation.make_continuation`; default
    :data:`~texas42.analysis.continuation.DEFAULT_CONTINUATION`); ``weighted``: weight
    each guess by how likely the plays seen are in it (:meth:`_Table.weight`); ``unit``:
    ``"game"`` (what the game scores) or ``"points"`` (module docstring)."""
    cap, continuation = coach_cap(hand, seat, samples, max_samples, seed, continuation)
    return _advise(_game(hand, continuation, weighted, unit), hand, seat, samples, seed, cap)


def advise_steps(hand: Any, seat: int | None = None, *, samples: int = DEFAULT_SAMPLES,
                 seed: int = 0, continuation: Continuation | str | None = None,
                 weighted: bool = False, max_samples: int | None = None,
                 unit: str = "game", sliced: bool = True) -> Steps[Advice]:
    """:func:`advise` in steps, as :func:`judge_steps` judges (the same advice): a live
    page works it out in its idle moments while the seat thinks, so the hint is ready
    when asked and the verdict on the choice (``judge_steps(..., advice=...)``) starts
    from it. The arguments are checked and the hand copied at once."""
    cap, continuation = coach_cap(hand, seat, samples, max_samples, seed, continuation)
    if hand.is_over or not hand.legal_actions():
        raise NotationError("the hand is over: there is no decision to advise on",
                            rule="no-decision")
    game = _game(hand, continuation, weighted, unit)
    return _advise_steps(game, hand.copy(), seat, samples, seed, cap, sliced)


def _decided_advice(game: Any, hand: Any, view: SeatView, kind: str, unit: str,
                    goal: str, stake: int) -> Advice | None:
    """A play once the bid is made or set (the hand plays on): every option gives the
    same mark, so nothing is guessed. ``None`` when the mark is still open."""
    result = getattr(hand, "result", None)
    if unit != "marks" or kind != "play" or result is None or not game.fast:
        return None
    team = view.team
    net = float(result.marks[team] - result.marks[1 - team])
    options = tuple(Option(choice_text(kind, o), net) for o in _legal(hand))
    bidder = view.bidder
    assert bidder is not None
    made = result.marks[bidder & 1] > 0
    what = "made" if made else "set"
    reason = (f"The bid is already {what}: no play changes the mark now "
              "(the rest of the hand is practice).")
    return Advice(kind, view.seat, options, unit, 0, reason, game.side,
                  tuple(0.0 for _ in options), tuple(0.0 for _ in options), goal, stake,
                  decided=True)


def _advise(game: Any, hand: Any, seat: int | None, samples: int, seed: int,
            cap: int) -> Advice:
    """The advice over ``samples`` guesses, then batches of ``samples`` more until every
    option's verdict is :func:`_settled` or ``cap`` guesses in all. What is chosen plays
    no part: the hint and the verdict are one judgement."""
    return run_steps(_advise_steps(game, hand, seat, samples, seed, cap))


def _advise_steps(game: _Table, hand: Any, seat: int | None, samples: int, seed: int,
                  cap: int, sliced: bool = False) -> Steps[Advice]:
    """:func:`_advise`, one guess at a time: it yields after each guess played out, so
    the judgement can be spread over the idle moments of a live page
    (:func:`judge_steps`); ``sliced``: inside a guess's long exact searches too."""
    if hand.is_over or not hand.legal_actions():
        raise NotationError("the hand is over: there is no decision to advise on",
                            rule="no-decision")
    if seat is not None and seat != hand.to_act:
        raise NotationError(f"seat {seat} is not to act (seat {hand.to_act} is)",
                            rule="not-to-act")
    check_samples(samples)
    view = game.view(hand)
    kind = hand.legal_actions()[0].kind
    options = _legal(hand)
    unit = game.unit(view)
    goal, stake = _goal(view) if unit == "marks" and game.fast else ("", 1)
    decided = _decided_advice(game, hand, view, kind, unit, goal, stake)
    if decided is not None:
        return decided
    rng = _rng(game.fingerprint(view), seed)
    cap = max(cap, samples)
    per_world: list[list[float]] = []
    weights: list[float] = []
    drawn = 0
    weight = game.weigher(view) if hasattr(game, "weigher") else (lambda world: 1.0)
    while True:
        batch = min(samples, cap - drawn)
        for w in [game.sample(hand, view, rng) for _ in range(batch)]:
            if w is None:
                continue
            try:
                got = yield from game.values_steps(hand, view, w, kind, options, unit, sliced)
            except Texas42Error:
                # The guess fits the counts, voids and bids, but the engine refuses to
                # replay the auction on it (a plunge by a seat given too few doubles).
                continue
            per_world.append(list(got))
            weights.append(weight(w))
            yield
        drawn += batch
        advice = _summary(kind, view, options, unit, per_world, weights, game.side,
                          goal, stake)
        if drawn >= cap or all(_settled(advice, o.choice) for o in advice.options):
            break
    action, why = game.rule(hand)
    return Advice(kind, view.seat, advice.options, unit, advice.worlds,
                  _reason(advice, None, choice_text(kind, action), why, hand), game.side,
                  advice.noise, advice.held_out, goal, stake)


def _summary(kind: str, view: Any, options: list[Any], unit: str,
             per_world: list[list[float]], weights: list[float], side: str,
             goal: str = "", stake: int = 1) -> Advice:
    """The options' (weighted) averages over the worlds so far and their paired noise."""
    used = len(per_world)
    total = sum(weights) or 1.0
    values = [sum(w * v[i] for w, v in zip(weights, per_world, strict=True)) / total
              for i in range(len(options))]
    opts = tuple(Option(choice_text(kind, o), v) for o, v in zip(options, values, strict=True))
    return Advice(kind, view.seat, opts, unit, used, "", side,
                  _paired_noise(per_world, values, weights),
                  _held_out(per_world, weights), goal, stake)


def _held_out(per_world: list[list[float]], weights: list[float]) -> tuple[float, ...]:
    """Each option's loss measured on guesses that did not choose the best: the guesses
    are split in two (alternately), each half picks its best option and the other half
    measures how far each option is below it; the two are averaged. The plain loss (best
    average minus the option's, on the same guesses) is lifted by noise: the option that
    looks best is partly the luckiest, so a sum of plain losses over a hand overstates
    every choice but the coach's own. Empty with fewer than two guesses."""
    if len(per_world) < 2:
        return ()
    n = len(per_world[0])
    folds = [(per_world[f::2], weights[f::2]) for f in (0, 1)]

    def means(rows: list[list[float]], ws: list[float]) -> list[float]:
        total = sum(ws) or 1.0
        return [sum(w * r[i] for w, r in zip(ws, rows, strict=True)) / total
                for i in range(n)]

    pick, judge = means(*folds[0]), means(*folds[1])
    b0 = max(range(n), key=lambda i: pick[i])
    b1 = max(range(n), key=lambda i: judge[i])
    return tuple(((judge[b0] - judge[i]) + (pick[b1] - pick[i])) / 2 for i in range(n))


def _fine_limit(unit: str) -> float:
    return LABELS[0][0] / (POINTS_PER_MARK if unit == "marks" else 1)


def _settled(advice: Advice, chosen: str) -> bool:
    """Whether more guesses can no longer change the verdict on ``chosen``: it and the
    best option (when it is the best: the runner-up) separate at 95% (:data:`Z95`), or
    they are equal in every guess, or the loss is surely below the "fine" limit even at
    the top of its 95% interval."""
    if advice.worlds < 2:
        return False
    opts = advice.options
    i = next(k for k, o in enumerate(opts) if o.choice == chosen)
    b = max(range(len(opts)), key=lambda k: opts[k].expected)
    if i == b:
        if len(opts) < 2:
            return True
        r = max((k for k in range(len(opts)) if k != b), key=lambda k: opts[k].expected)
        gap, se = opts[b].expected - opts[r].expected, advice.noise[r]
        if Z95 * se - gap < _fine_limit(advice.unit):
            return True  # the runner-up is surely not "fine" better
    else:
        gap, se = opts[b].expected - opts[i].expected, advice.noise[i]
        if gap + Z95 * se < _fine_limit(advice.unit):
            return True
    return (se == 0 and gap < 1e-9) or gap > Z95 * se


def _paired_noise(per_world: list[list[float]], values: list[float],
                  weights: list[float] | None = None) -> tuple[float, ...]:
    """The standard error of each option's difference from the best, over the same
    guesses (0 for the best; 0 for all with fewer than two guesses). With ``weights``
    the weighted mean's (with equal weights the same as without)."""
    n = len(per_world)
    if n < 2:
        return tuple(0.0 for _ in values)
    ws = weights if weights is not None else [1.0] * n
    total = sum(ws) or 1.0
    b = max(range(len(values)), key=lambda i: values[i])
    out = []
    for i in range(len(values)):
        diffs = [w[b] - w[i] for w in per_world]
        mean = sum(x * d for x, d in zip(ws, diffs, strict=True)) / total
        var = sum((x * (d - mean)) ** 2 for x, d in zip(ws, diffs, strict=True)) / total ** 2
        out.append((var * n / (n - 1)) ** 0.5)
    return tuple(out)


def _amount(x: float, unit: str) -> str:
    return f"{x:.1f} {unit}" if unit == "points" else f"{x:.2f} marks"


def _tenths(advice: Advice, choice: str) -> str:
    """``"about 7 of 10"``: how often the seat's side reaches its goal with ``choice``."""
    return f"about {round(10 * advice.chance(choice))} of 10"


def _gap(advice: Advice, x: float) -> str:
    """A difference of expected value in words: points, marks, or (a play judged by the
    bid's mark) how much more often the goal is reached, in hands of 100."""
    if advice.goal:
        return f"about {round(50 * x / advice.stake)} in 100 hands"
    return _amount(x, advice.unit)


def _joined(words: Sequence[str]) -> str:
    """``"6-4"``, ``"6-4 and 5-1"``, ``"6-4, 5-1 and 3-3"``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _rule_words(rule_choice: str, rule_reason: str) -> str:
    """The rule-based player's reason without its leading ``"6-4: "`` (said already)."""
    text = rule_reason.rstrip(".")
    head = f"{rule_choice}: "
    return text[len(head):] if text.startswith(head) else text


def _book_detail(hand: Any, best: str, rule_choice: str) -> str:
    """Why a trump lead (the book's "lead trumps to draw") did worse than ``best``, in
    words from what the leader could know: its own trumps and the trumps it saw played.
    Empty when the decision is not such a lead (or it is not a 42 hand)."""
    if not isinstance(hand, Hand) or hand.phase is not Phase.PLAYING or hand.current_trick:
        return ""
    c = hand.contract
    if c is None or not c.has_trumps:
        return ""
    try:
        rule_d, best_d = Domino.parse(rule_choice), Domino.parse(best)
    except Texas42Error:
        return ""
    if not c.is_trump(rule_d) or c.is_trump(best_d):
        return ""
    view = SeatView.of(hand)
    seen = {d.index for _, _, d in view.plays_seen()}
    mine = [d for d in DOMINOES if view.held >> d.index & 1 and c.is_trump(d)]
    out = [d for d in DOMINOES if c.is_trump(d) and d.index not in seen
           and not view.held >> d.index & 1]
    if not out:
        return "no trump is left against your side, so there is nothing to draw"
    from ..contracts import TRUMPS, tables

    rank = tables(c).rank[int(TRUMPS)]
    top = max(out, key=lambda d: rank[d.index])
    n = len(out)
    still = f"{n} trump{'s are' if n > 1 else ' is'} still out"
    if all(rank[d.index] < rank[top.index] for d in mine):
        return (f"{still} and the highest, {top}, is not in your hand: a trump led now can "
                f"lose the lead to it, while {best} keeps your {len(mine)} "
                f"trump{'s' if len(mine) != 1 else ''} to draw them later")
    return (f"{still}; drawing them now spends your trumps, and over these guesses "
            f"{best} first left your side more")


def _why_not(advice: Advice, rule_choice: str, rule_reason: str, hand: Any) -> str:
    """The sentence a hint owes when it goes against the book (the rule of thumb picks
    another choice, worse over the guesses): why not the rule's choice."""
    rule = next((o for o in advice.options if o.choice == rule_choice), None)
    if rule is None:
        return ""
    best = advice.best
    diff = _gap(advice, best.expected - rule.expected)
    why = _rule_words(rule_choice, rule_reason)
    detail = _book_detail(hand, best.choice, rule_choice) if hand is not None else ""
    if advice.too_close(rule_choice):
        return (f" The rule of thumb picks {rule_choice} ({why}): over these {advice.worlds} "
                f"guesses it did {diff} worse, too close to tell apart"
                + (f"; but {detail}." if detail else "."))
    return (f" Why not {rule_choice}, as the rule of thumb says "
            f"({why})? Over the same {advice.worlds} "
            f"guesses it did {diff} worse on average" + (f": {detail}." if detail else "."))


def _reason(advice: Advice, chosen: str | None, rule_choice: str, rule_reason: str,
            hand: Any = None) -> str:
    """One plain sentence: what was best over the guesses, and the rule of thumb behind
    it when the rule-based player agrees; when it does not (the coach goes against the
    book's advice), why not the rule's choice. Options that tie are named as a tie, so
    the sentence never calls one the best and gives the rule for another. ``hand``: the
    position of the decision (for the why-not, in words from what the seat knew)."""
    best = advice.best
    n = advice.worlds
    ties = [o.choice for o in advice.options if best.expected - o.expected < 1e-9]
    # The one the sentence is about: the chosen one (a review), else the rule's one.
    first = (chosen if chosen in ties else rule_choice if rule_choice in ties else ties[0])
    thumb = ""
    if rule_choice in ties:
        why = _rule_words(rule_choice, rule_reason)
        if rule_choice == first:
            thumb = f" Rule of thumb: {rule_choice}: {why}."
        else:
            thumb = f" The rule of thumb picks {rule_choice}, just as good: {why}."
    else:
        thumb = _why_not(advice, rule_choice, rule_reason, hand)
    amount = f"({_amount(best.expected, advice.unit)} for {advice.side})"
    if advice.goal:  # a play judged by the bid's mark: said as a chance
        amount = f"(with it {advice.side} {advice.goal} in {_tenths(advice, best.choice)})"
    if chosen is None:  # a hint: the decision is still to be made
        if len(ties) > 1:
            return (f"{_joined(ties)} tie as best on average over {n} guesses of the "
                    f"dominoes you cannot see {amount}.{thumb}")
        return (f"{best.choice} is best on average over {n} guesses of the dominoes you "
                f"cannot see {amount}.{thumb}")
    guesses = f"over {n} guesses of the dominoes you could not see"
    if chosen in ties:
        if len(ties) > 1:
            return (f"{chosen} was as good as any ({_joined(ties)} tie) on average {guesses} "
                    f"{amount}.{thumb}")
        return f"{chosen} was best on average {guesses} {amount}.{thumb}"
    loss = advice.loss(chosen)
    if advice.too_close(chosen) and advice.goal:
        return (f"{chosen} and {best.choice} are too close to tell apart {guesses}: with "
                f"{best.choice} {advice.side} {advice.goal} in {_tenths(advice, best.choice)}, "
                f"with {chosen} in {_tenths(advice, chosen)}, less than the guesses alone "
                f"could change.{thumb}")
    if advice.too_close(chosen):
        return (f"{chosen} and {best.choice} are too close to tell apart {guesses}: "
                f"{best.choice} did {_gap(advice, loss)} better, less than the "
                f"guesses alone could change.{thumb}")
    if advice.goal:
        return (f"With {best.choice} {advice.side} {advice.goal} in "
                f"{_tenths(advice, best.choice)} {guesses}; with {chosen} in "
                f"{_tenths(advice, chosen)}.{thumb}")
    return (f"{best.choice} would have given {advice.side} {_amount(loss, advice.unit)} more "
            f"than {chosen} on average {guesses}.{thumb}")


# -- hindsight ----------------------------------------------------------------------------
def _hindsight(kind: str, hand: Hand, team: int, played: Hand | None,
               budget: int | None = None) -> dict[str, Any]:
    """The open-hands solver on the true deal (hindsight: every hand face up). For a play:
    the best plays and the points the side takes from there. For a bid or the contract:
    the points the side takes, all hands open, in the contract that was played (no best
    bid: solving every contract would take too long)."""
    from .solver import solve

    if kind == "play":
        sol = solve(hand, line=False, budget=budget)
        return {"best": [str(d) for d in sol.best], "points": sol.points[team]}
    if played is None:
        return {"best": [], "points": None}
    sol = solve(played, line=False, budget=budget)
    return {"best": [], "points": sol.points[team]}


_TOO_BIG: dict[str, Any] = {"best": [], "points": None, "too_big": True}


def _bounded(left: list[int], ask: Callable[[int], dict[str, Any]]) -> dict[str, Any]:
    """One decision's hindsight, ``ask(budget)``, within what is left of the review's
    solver budget (``left[0]``, spent as it goes; all of it once a solve runs out)."""
    from .solver import nodes_searched

    if left[0] <= 0:
        return dict(_TOO_BIG)
    start = nodes_searched()
    try:
        got = ask(left[0])
    except BudgetError:
        left[0] = 0
        return dict(_TOO_BIG)
    # (The solver's count may be reset meanwhile: what was spent is never below 0, so
    # what is left never grows past the budget.)
    left[0] = max(0, left[0] - max(0, nodes_searched() - start))
    return got


# -- a whole hand --------------------------------------------------------------------------
def _as_hand(source: Any) -> Any:
    from ..moon import MoonHand

    check_kind(source, (Hand, MoonHand, HandRecord), "a hand or a hand record to review",
               rule="review-source")
    return source.replay() if isinstance(source, HandRecord) else source


def review(source: Any, seat: int, *, samples: int = DEFAULT_SAMPLES,
           seed: int = 0, hindsight: bool = True, progress: Progress | None = None,
           max_samples: int | None = None, continuation: Continuation | str | None = None,
           weighted: bool = False, unit: str = "game",
           known: Mapping[tuple[str, int], Judged] | None = None,
           kinds: Collection[str] | None = None) -> Review:
    """Judge every decision ``seat`` made in the hand (a 42 :class:`~texas42.Hand` or
    :class:`~texas42.HandRecord`, or a :class:`~texas42.moon.MoonHand`): every bid, the
    contract (and in Moon the discard), every play with a choice, each from what the seat
    knew at that moment. ``progress(done, total)`` is called after each decision. Plays
    the engine made after a claim are not judged.

    Adaptive guesses: each decision is judged as :func:`advise` advises it (``samples``
    guesses, then more until every option's verdict is settled, up to ``max_samples``;
    ``max_samples=samples``: no more), so a choice the hint gave is
    never called a loss. A loss still within the noise then is labelled
    :data:`TOO_CLOSE`. Each decision's ``worlds`` says how many guesses it used.
    ``continuation``, ``weighted`` and ``unit``: as for :func:`advise`. The total
    (:attr:`Review.total_loss`) is in what the game scores, never more than the hand
    could swing. ``known``: decisions judged already (by :func:`judge_steps` with the
    same settings, while the hand went on), by ``(kind, index)``: taken as they are
    (the same verdicts the review would give), with their hindsight if they have one
    (:func:`judge_steps` with ``hindsight=True``), else the review adds it. ``kinds``:
    judge only the decisions of these kinds (of :data:`DECISION_KINDS`; default all), as
    a review of the bidding alone.

    The hindsight of the whole review shares one solver budget
    (:data:`~texas42.analysis.solver.SOLVE_BUDGET`): once it is spent, later decisions
    say their position was too big to solve in time.

    Raises :class:`~texas42.errors.InputError` for a ``source`` that is not a hand or
    a record, a ``seat`` not at its table (``rule="seat"``) and ``samples`` outside
    ``1..MAX_SAMPLES`` (``rule="samples"``, :mod:`~texas42.analysis.bounds`), and
    :class:`~texas42.errors.BudgetError` (``rule="work"``) for a review that would take
    more than 60 s of CPU (naming the largest ``samples`` that fits; the checks:
    :func:`~texas42.analysis.bounds.coach_cap`, which reads a ``continuation`` given by
    name); a record that does not replay raises its own error."""
    hand = _as_hand(source)
    cap, continuation = coach_cap(hand, seat, samples, max_samples, seed, continuation,
                                  whole=True, hindsight=bool(hindsight), progress=progress)
    known = _check_known(known)
    wanted = _check_kinds(kinds)
    game = _game(hand, continuation, weighted, unit)
    left = [SOLVE_BUDGET]  # what the review's hindsight may still search
    steps = []
    counts: dict[str, int] = {}
    claim = getattr(hand, "claim", None)
    for step, action in enumerate(hand.actions):
        kind = action.kind
        index = counts.get(kind, 0)
        counts[kind] = index + 1
        if action.seat != seat or kind not in wanted:
            continue
        if kind == "play" and claim is not None and index >= claim.play:
            continue  # the engine played these after the claim
        steps.append((step, kind, index, action.value))
    out = []
    for n, (step, kind, index, value) in enumerate(steps):
        before = hand.at(step)
        if len(before.legal_actions()) > 1:
            chosen = choice_text(kind, value)
            ready = known.get((kind, index))
            if ready is not None and ready.chosen != chosen:
                ready = None  # judged for another choice: not this one's verdict
            if ready is not None and ready.hindsight is not None:
                out.append(ready if hindsight else replace(ready, hindsight=None))
            else:
                after = (_bounded(left, functools.partial(game.hindsight, kind, before, seat,
                                                          hand)) if hindsight else None)
                out.append(replace(ready, hindsight=after) if ready is not None else
                           _judge(game, before, kind, index, chosen, samples, seed, cap,
                                  after))
        if progress is not None:
            progress(n + 1, len(steps))
    return Review(seat, samples, seed, tuple(out), _most(hand, out))


#: The kinds of decision a review judges.
DECISION_KINDS = ("bid", "discard", "contract", "play")


def _check_kinds(kinds: object) -> frozenset[str]:
    """``kinds`` (review's decisions to judge): ``None`` for all, else a collection of
    :data:`DECISION_KINDS`; else :class:`InputError` (``rule="kinds"``)."""
    if kinds is None:
        return frozenset(DECISION_KINDS)
    if isinstance(kinds, str) or not isinstance(kinds, Collection) or not kinds or any(
            k not in DECISION_KINDS for k in kinds):
        raise InputError(f"kinds must be some of {', '.join(DECISION_KINDS)}, not "
                         f"{quote(kinds)}", rule="kinds")
    return frozenset(kinds)


def _check_known(known: object) -> Mapping[tuple[str, int], Judged]:
    """``known`` (review's decisions judged already): a mapping of ``(kind, index)`` to
    :class:`Judged`, at most one per action of a hand; else :class:`InputError`."""
    if known is None:
        return {}
    check_kind(known, Mapping, "a mapping of (kind, index) to Judged as known", rule="known")
    assert isinstance(known, Mapping)
    if len(known) > 64 or not all(isinstance(j, Judged) for j in known.values()):
        raise InputError("known must map at most 64 decisions, each to a Judged verdict",
                         rule="known")
    return known


def _most(hand: Any, decisions: Sequence[Judged]) -> float:
    """The most ``hand`` could swing for a side, in its decisions' unit: in marks, from
    losing the hand's marks to winning them (twice the marks of the highest bid; one
    mark a side when nobody bid); in points, twice the points a hand holds; else no
    bound (Moon's tricks, mixed units)."""
    units = {d.unit for d in decisions}
    if units == {"marks"} and isinstance(hand, Hand):
        from ..bidding import bid_marks

        high = hand.high_bid
        return 2.0 * max(1, bid_marks(high) if high >= MARK else 1)
    if units == {"points"} and isinstance(hand, Hand) and hand.rules.bidding == "points":
        return 2.0 * hand.rules.total_points
    return float("inf")


def judge(hand: Any, chosen: str, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
          max_samples: int | None = None, continuation: Continuation | str | None = None,
          weighted: bool = False, unit: str = "game") -> Judged:
    """Judge one decision as :func:`review` judges each (see :func:`judge_steps`)."""
    return run_steps(judge_steps(hand, chosen, samples=samples, seed=seed,
                                 max_samples=max_samples, continuation=continuation,
                                 weighted=weighted, unit=unit, sliced=False))


def judge_steps(hand: Any, chosen: str, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                max_samples: int | None = None,
                continuation: Continuation | str | None = None, weighted: bool = False,
                unit: str = "game", hindsight: bool = False,
                sliced: bool = True, advice: Steps[Advice] | None = None) -> Steps[Judged]:
    """Judge one decision as :func:`review` judges each: ``chosen`` (an option's text,
    as :attr:`Judged.chosen`: "pass", "30", "fives", "6-4") for the seat to act in
    ``hand`` (a 42 :class:`~texas42.Hand` or a :class:`~texas42.moon.MoonHand`), from
    what that seat could know; the same seed gives the same verdict as the review's. No
    hindsight. The way to judge one decision again with a slower ``continuation``, and
    the verdict a hint's choice gets (:func:`advise` with the same settings: the same
    judgement). The arguments are checked and the hand copied at once (the caller may
    play on); the generator it returns yields after each guess played out and returns
    the :class:`Judged` (:func:`run_steps`; :func:`judge` runs it through), so a live
    page can judge a decision in its idle moments while the hand goes on. ``sliced``
    (the default): it also yields inside a guess's long exact searches, every
    :data:`~texas42.analysis.continuation.SLICE_NODES` boundaries, so no step runs long
    (the same verdict: the solver is exact; ``False`` saves the restarts' work).
    ``advice``: this decision's advice being worked out already (:func:`advise_steps` of
    the same position with the same settings, maybe partly run): taken over, not begun
    again.

    Raises :class:`~texas42.errors.NotationError` (``rule="choice"``) when ``chosen`` is
    not a legal option there, and as :func:`advise` does when there is no decision."""
    from ..moon import MoonHand

    check_kind(hand, (Hand, MoonHand), "a hand to judge a decision of", rule="judge")
    cap, continuation = coach_cap(hand, None, samples, max_samples, seed, continuation,
                                  chosen=chosen, hindsight=hindsight)
    hand = hand.copy()  # the caller's hand may go on meanwhile
    legal = hand.legal_actions()
    if hand.is_over or not legal:
        raise NotationError("the hand is over: there is no decision to judge",
                            rule="no-decision")
    kind = legal[0].kind
    options = [choice_text(kind, a.value) for a in legal]
    if chosen not in options:
        raise NotationError(f"{chosen!r} is not a legal choice here: {', '.join(options)}",
                            rule="choice")
    index = sum(1 for a in hand.actions if a.kind == kind)
    game = _game(hand, continuation, weighted, unit)
    steps = _judge_steps(game, hand, kind, index, chosen, samples, seed, cap, None, sliced,
                         advice)
    if hindsight and kind == "play":
        return _with_hindsight(steps, game, hand, sliced)
    return steps


def _with_hindsight(steps: Steps[Judged], game: _Table, hand: Any,
                    sliced: bool) -> Steps[Judged]:
    """A play's judgement, then (one more step, or with ``sliced`` as many as its
    search needs) its hindsight: the open-hands solver on the true deal, within the
    solver's budget (what a review would add; kept, never shown, until the review shows
    it as hindsight)."""
    judged = yield from steps
    yield
    ask = functools.partial(game.hindsight, "play", hand, hand.to_act, hand)
    after = (yield from _bounded_steps(ask)) if sliced else _bounded([SOLVE_BUDGET], ask)
    return replace(judged, hindsight=after)


def _bounded_steps(ask: Callable[[int], dict[str, Any]]) -> Steps[dict[str, Any]]:
    """:func:`_bounded` with the whole budget, asked :data:`SLICE_NODES` boundaries at a
    time: past them it yields and asks again, the shared solver keeping the boundaries
    each slice settled (the same answer, as the solver is exact)."""
    from .solver import nodes_searched

    spent = 0
    while True:
        start = nodes_searched()
        try:
            return ask(min(SLICE_NODES, SOLVE_BUDGET - spent))
        except BudgetError:
            spent += max(SLICE_NODES, nodes_searched() - start)
            if spent >= SOLVE_BUDGET:
                return dict(_TOO_BIG)
        yield


def _judge(game: _Table, before: Any, kind: str, index: int, chosen: str, samples: int,
           seed: int, cap: int, hindsight: dict[str, Any] | None) -> Judged:
    """One decision of a review (``index``: into the hand's actions of its ``kind``)."""
    return run_steps(_judge_steps(game, before, kind, index, chosen, samples, seed, cap,
                                  hindsight))


def _judge_steps(game: _Table, before: Any, kind: str, index: int, chosen: str,
                 samples: int, seed: int, cap: int,
                 hindsight: dict[str, Any] | None, sliced: bool = False,
                 ahead: Steps[Advice] | None = None) -> Steps[Judged]:
    advice = yield from (ahead if ahead is not None else
                         _advise_steps(game, before, None, samples, seed, cap, sliced))
    label, close = _verdict(advice, chosen)
    action, why = game.rule(before)
    return Judged(
        kind, index, chosen, advice.options, advice.loss(chosen), label,
        _reason(advice, chosen, choice_text(kind, action), why, before),
        advice.unit, advice.worlds, hindsight, _where(kind, index, before), close,
        advice.held_out_loss(chosen),
        game.continuation.name if game.plays_out(before, kind, advice.unit)
        and not advice.decided else "",
        advice.goal, advice.stake,
    )


def _verdict(advice: Advice, chosen: str) -> tuple[str, bool]:
    """The label of ``chosen`` and whether its loss is within the guesses' noise (then
    it is not called a mistake: "fine", or too close to call while unsettled)."""
    if advice.decided:
        return NO_DIFFERENCE, True
    loss = advice.loss(chosen)
    close = advice.too_close(chosen)
    label = (TOO_CLOSE if close and loss > 0 and not _settled(advice, chosen)
             else "fine" if close else label_for(loss, advice.unit))
    return label, close


def _where(kind: str, index: int, before: Hand) -> str:
    if kind == "bid":
        return f"bid {index + 1}"
    if kind == "contract":
        return "trumps"
    if kind == "discard":
        return "the widow"
    return f"trick {len(before.tricks) + 1}"


__all__ = [
    "DECISION_KINDS",
    "DEFAULT_SAMPLES",
    "LABELS",
    "NO_DIFFERENCE",
    "POINTS_PER_MARK",
    "TOO_CLOSE",
    "UNITS",
    "Advice",
    "Judged",
    "Option",
    "Review",
    "advise",
    "advise_steps",
    "chance_of",
    "guess_weigher",
    "hindsight_words",
    "judge",
    "judge_steps",
    "label_for",
    "review",
    "run_steps",
]
