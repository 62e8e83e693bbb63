"""The honest coach: each decision judged from what the seat could know.

For a decision of one seat (a bid, the naming of the contract, a play) the coach takes
the seat's :class:`~texas42.analysis.view.SeatView` (its own dominoes, the bids, the
tricks it may look at, the voids shown) and nothing else. It guesses the unseen dominoes
``samples`` times (:func:`~texas42.analysis.sampling.sample_holdings`: every guess fits
the counts, the voids and the bids); these guesses are the *worlds*. Each legal option is
tried in the SAME worlds, and each world is played to the end by rule-based players who
see only their own seat's view in that world (:func:`~texas42.analysis.playout.rule_playout`;
cheap, so a whole hand's review stays within seconds, in the browser too). The option's
``expected`` value is the average over the worlds.

Units (always said): a play in a points contract is judged in *points* the seat's side
takes from that moment to the end of the hand (the trick in progress counts whole). When
the whole hand is won or lost as one (a mark bid, nello, sevens, under the marks rules),
a play is judged in *marks* (marks won minus marks lost). A bid and the naming of the
contract are judged by the hand's score: marks won minus marks lost (points won minus lost
under the points rules).

``loss`` is the best option's expected value minus the chosen one's (0 for the best, never
negative); :data:`LABELS` turns it into a word (marks count as :data:`POINTS_PER_MARK`
points). The random guesses are seeded from ``seed`` and the seat's view only, so two
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

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bidding import MARK, bid_text
from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino
from ..errors import NotationError
from ..hand import Hand, Phase, _score
from ..records import HandRecord
from .players import RuleBasedPlayer, _fingerprint, decide
from .playout import rule_playout
from .sampling import sample_holdings
from .view import SeatView

#: Guesses of the hidden dominoes per decision, by default.
DEFAULT_SAMPLES = 48
#: A mark counts as a whole hand's points when a loss in marks is put into words.
POINTS_PER_MARK = 42
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

    @property
    def best(self) -> Option:
        return max(self.options, key=lambda o: o.expected)

    def loss(self, choice: str) -> float:
        """Best expected minus ``choice``'s (never negative)."""
        mine = next(o for o in self.options if o.choice == choice)
        return max(0.0, self.best.expected - mine.expected)


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
        }


@dataclass(frozen=True)
class Review:
    """Every decision of one seat in one hand, judged from what the seat knew."""

    seat: int
    samples: int
    seed: int
    decisions: tuple[Judged, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decisions": [d.to_json() for d in self.decisions]}

    @property
    def total_loss(self) -> float:
        """Expected points given away in all (marks counted as :data:`POINTS_PER_MARK`)."""
        return sum(d.loss * (POINTS_PER_MARK if d.unit == "marks" else 1)
                   for d in self.decisions)

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
                best = " ".join(d.hindsight["best"]) or "-"
                lines.append(f"    hindsight (all hands open, not advice): best {best}; "
                             f"the side takes {d.hindsight['points']} points")
        lines.append("")
        lines.append(f"Expected points given away in all: {self.total_loss:.1f}.")
        return "\n".join(lines)


# -- the worlds ----------------------------------------------------------------------------
def _rng(view: SeatView, seed: int) -> random.Random:
    """Seeded from ``seed`` and the view only: never from hidden holdings."""
    digest = hashlib.blake2b(repr((seed, _fingerprint(view))).encode(), digest_size=8)
    return random.Random(int.from_bytes(digest.digest(), "big"))


def worlds(view: SeatView, samples: int, seed: int) -> list[list[int]]:
    """``samples`` guesses of every holding that fit what the seat saw."""
    rng = _rng(view, seed)
    out = []
    for _ in range(samples):
        hands = sample_holdings(view, rng)
        if hands is not None:
            out.append(hands)
    return out


def _unit(view: SeatView) -> str:
    if view.phase is not Phase.PLAYING:
        return "marks" if view.rules.scoring == "marks" else "points"
    c = view.contract
    whole = view.high_bid >= MARK or (c is not None and c.kind in ("nello", "sevens"))
    return "marks" if whole and view.rules.scoring == "marks" else "points"


def _net(rules: Any, bidder: int, bid: int, contract: Contract, points: tuple[int, int],
         made: bool, team: int) -> float:
    """The hand's score for ``team``: won minus lost (marks, or game points)."""
    r = _score(bidder, bid, contract, points, made, 7, rules)
    if rules.scoring == "marks":
        return float(r.marks[team] - r.marks[1 - team])
    return float(r.score[team] - r.score[1 - team])


def _made(contract: Contract, bid: int, bidder: int, points: tuple[int, int],
          tricks_won: tuple[int, int], scoring: str) -> bool:
    """Whether the bid was made, given the side's points (and tricks won before)."""
    bt = bidder & 1
    if contract.kind == "nello":
        return tricks_won[bt] == 0 and points[bt] == 0
    if contract.kind == "sevens" or (bid >= MARK and scoring == "marks"):
        return tricks_won[1 - bt] == 0 and points[1 - bt] == 0
    return points[bt] >= bid


def _play_value(view: SeatView, world: Sequence[int], m: int, unit: str) -> float:
    """Play domino ``m`` in ``world``, then rule-based players to the end."""
    c = view.contract
    assert c is not None and view.bidder is not None
    hands = list(world)
    hands[view.seat] = view.held & ~(1 << m)
    trick = [d.index for d in view.trick] + [m]
    every = view.high_bid >= MARK
    pts = rule_playout(hands, c, view.bidder, view.leader, every, declarer=view.declarer,
                       trick=trick)
    team = view.team
    if unit == "points":
        return float(pts[team])
    made = _made(c, view.high_bid, view.bidder, pts, view.tricks_won, view.rules.scoring)
    return _net(view.rules, view.bidder, view.high_bid, c, pts, made, team)


def _hand_value(hand: Hand, team: int) -> float:
    """Finish ``hand`` (bidding and contract by rule-based players, then a rule-based
    playout) and score it for ``team``."""
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
    pts = rule_playout(hands, c, bidder, hand.declarer, hand.high_bid >= MARK)
    made = _made(c, hand.high_bid, bidder, pts, (0, 0), hand.rules.scoring)
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


def _choice_text(kind: str, value: Choice) -> str:
    if kind == "bid":
        return value if isinstance(value, str) else bid_text(int(value))  # type: ignore[arg-type]
    return str(value)


def _options(hand: Hand, view: SeatView) -> list[Choice]:
    if view.phase is Phase.BIDDING:
        return [*view.legal_bids, *view.legal_special_bids]
    if view.phase is Phase.CONTRACT:
        return list(view.legal_contracts)
    return list(view.legal_plays)


def _kind(phase: Phase) -> str:
    return {Phase.BIDDING: "bid", Phase.CONTRACT: "contract"}.get(phase, "play")


def advise(hand: Hand, seat: int | None = None, *, samples: int = DEFAULT_SAMPLES,
           seed: int = 0) -> Advice:
    """The coach's advice for the decision of the seat to act (``seat``, if given, must be
    it): the expected value of every legal option over ``samples`` guesses of what the
    seat cannot see, and one sentence why the best one is best."""
    if hand.is_over or hand.phase not in (Phase.BIDDING, Phase.CONTRACT, Phase.PLAYING):
        raise NotationError("the hand is over: there is no decision to advise on",
                            rule="no-decision")
    if seat is not None and seat != hand.to_act:
        raise NotationError(f"seat {seat} is not to act (seat {hand.to_act} is)",
                            rule="not-to-act")
    if samples < 1:
        raise NotationError(f"samples must be at least 1, not {samples}", rule="samples")
    view = SeatView.of(hand)
    options = _options(hand, view)
    kind = _kind(view.phase)
    unit = _unit(view)
    ws = worlds(view, samples, seed)
    values: list[float] = []
    for option in options:
        total = 0.0
        for w in ws:
            if kind == "play":
                assert isinstance(option, Domino)
                total += _play_value(view, w, option.index, unit)
            else:
                h = _world_hand(hand, w)
                if kind == "bid":
                    h.bid(option)  # type: ignore[arg-type]
                else:
                    h.name_contract(option)  # type: ignore[arg-type]
                total += _hand_value(h, view.team)
        values.append(total / max(len(ws), 1))
    opts = tuple(Option(_choice_text(kind, o), v) for o, v in zip(options, values, strict=True))
    rule = decide(_RULES, hand)
    rule_text = _choice_text(kind, rule.action)
    advice = Advice(kind, view.seat, opts, unit, len(ws), "")
    return Advice(kind, view.seat, opts, unit, len(ws),
                  _reason(advice, None, rule_text, rule.reason))


def _amount(x: float, unit: str) -> str:
    return f"{x:.1f} {unit}" if unit == "points" else f"{x:.2f} marks"


def _reason(advice: Advice, chosen: str | None, rule_choice: str, rule_reason: str) -> str:
    """One plain sentence: what was best over the guesses, and the rule of thumb behind
    it when the rule-based player agrees."""
    best = advice.best
    n = advice.worlds
    ties = [o.choice for o in advice.options if best.expected - o.expected < 1e-9]
    thumb = ""
    if rule_choice in ties:
        thumb = " Rule of thumb: " + rule_reason.rstrip(".") + "."
    guesses = f"over {n} guesses of the dominoes you could not see"
    if chosen is None or chosen in ties:
        head = chosen if chosen is not None else best.choice
        return (f"{head} was best on average {guesses} "
                f"({_amount(best.expected, advice.unit)} for your side).{thumb}")
    loss = advice.loss(chosen)
    return (f"{best.choice} would have given your side {_amount(loss, advice.unit)} more "
            f"than {chosen} on average {guesses}.{thumb}")


# -- hindsight ----------------------------------------------------------------------------
def _hindsight(kind: str, hand: Hand, team: int, played: Hand | None) -> dict[str, Any]:
    """The open-hands solver on the true deal (hindsight: every hand face up). For a play:
    the best plays and the points the side takes from there. For a bid or the contract:
    the points the side takes, all hands open, in the contract that was played (no best
    bid: solving every contract would take too long)."""
    from .solver import solve

    if kind == "play":
        sol = solve(hand, line=False)
        return {"best": [str(d) for d in sol.best], "points": sol.points[team]}
    if played is None:
        return {"best": [], "points": None}
    sol = solve(played, line=False)
    return {"best": [], "points": sol.points[team]}


# -- a whole hand --------------------------------------------------------------------------
def _as_hand(source: Hand | HandRecord) -> Hand:
    if isinstance(source, Hand):
        return source
    if isinstance(source, HandRecord):
        return source.replay()
    raise NotationError(f"review needs a Hand or a HandRecord, not {type(source).__name__}",
                        rule="review-source")


def review(source: Hand | HandRecord, seat: int, *, samples: int = DEFAULT_SAMPLES,
           seed: int = 0, hindsight: bool = True, progress: Progress | None = None) -> Review:
    """Judge every decision ``seat`` made in the hand (every bid, the contract, every play
    with a choice), each from what the seat knew at that moment. ``progress(done, total)``
    is called after each decision. Plays the engine made after a claim are not judged."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise NotationError(f"seat {seat!r} is not a seat 0..3", rule="seat")
    if samples < 1:
        raise NotationError(f"samples must be at least 1, not {samples}", rule="samples")
    hand = _as_hand(source)
    steps = []
    bids = plays = 0
    for step, action in enumerate(hand.actions):
        kind = action.kind
        index = {"bid": bids, "contract": 0, "play": plays}[kind]
        if kind == "bid":
            bids += 1
        elif kind == "play":
            plays += 1
        if action.seat != seat:
            continue
        if kind == "play" and hand.claim is not None and index >= hand.claim.play:
            continue  # the engine played these after the claim
        steps.append((step, kind, index, action.value))
    first_play = next((i for i, a in enumerate(hand.actions) if a.kind == "play"), None)
    played = hand.at(first_play) if first_play is not None and hindsight else None
    out = []
    for n, (step, kind, index, value) in enumerate(steps):
        before = hand.at(step)
        if len(before.legal_actions()) > 1:
            advice = advise(before, seed=seed, samples=samples)
            chosen = _choice_text(kind, value)
            rule = decide(_RULES, before)
            loss = advice.loss(chosen)
            out.append(Judged(
                kind, index, chosen, advice.options, loss, label_for(loss, advice.unit),
                _reason(advice, chosen, _choice_text(kind, rule.action), rule.reason),
                advice.unit, advice.worlds,
                _hindsight(kind, before, seat % 2, played) if hindsight else None,
                _where(kind, index, before),
            ))
        if progress is not None:
            progress(n + 1, len(steps))
    return Review(seat, samples, seed, tuple(out))


def _where(kind: str, index: int, before: Hand) -> str:
    if kind == "bid":
        return f"bid {index + 1}"
    if kind == "contract":
        return "trumps"
    return f"trick {len(before.tricks) + 1}"


__all__ = [
    "DEFAULT_SAMPLES", "LABELS", "POINTS_PER_MARK", "Advice", "Judged",
    "Option", "Review", "advise", "label_for", "review", "worlds",
]
