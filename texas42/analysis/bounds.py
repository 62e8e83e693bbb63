"""The bounds on the analysis' work: one place for the caps every entry point checks.

Two kinds of bound. A *count*: a sample count outside ``1..MAX_SAMPLES`` is refused
at once. A *time*: every command and public function of the analysis finishes within
:data:`WORK_SECONDS` of CPU on the machine the costs were measured on, or is refused up
front, saying why and the largest value that fits (:class:`~texas42.errors.BudgetError`,
``rule="work"``). The work of an odds table or a coach's decision is known before it
starts (deals x contracts, guesses x decisions); :data:`ODDS_MS` and :data:`COACH_MS` say
what one unit of it costs (measured by ``bench/bench_work.py --measure``, figures in
docs/FIGURES.md), :data:`MARGIN` allows for the dearer hands and a loaded machine.

A sample count outside ``1..MAX_SAMPLES`` is refused with an
:class:`~texas42.errors.InputError` of ``rule="samples"`` (a ValueError), so a
typo such as ``--samples 100000`` answers at once instead of running for minutes. The
same cap holds for the odds (``texas42 advise``) and the coach (``texas42 review``).

>>> check_samples(1100)
1100
>>> check_samples(0)
Traceback (most recent call last):
...
texas42.errors.InputError: samples 0 is out of range: 1 to 10000 deals
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import (
    BudgetError,
    InputError,
    check_count,
    check_kind,
    check_progress,
    check_seat,
    check_seed,
    check_text,
    quote,
)

if TYPE_CHECKING:
    from ..rules import Rules
    from .continuation import Continuation

#: The most deals an odds table (or a computer player) may sample: about 10 s for the
#: whole 42 odds table, 12 s for Moon (``bench/bench_bounds.py``).
MAX_SAMPLES = 10_000
#: The most deals a duplicate match may play (a count; each deal is played twice or more).
MAX_DEALS = 100_000
#: The most sampled deals a computer player's decision may solve (each an exact solve).
MAX_PLAYER_SAMPLES = 200


#: Guesses at one sampled deal that fits the auction (bid odds), at most, and on average
#: over a whole evaluation; once fewer than 1 deal in 20 fitted (after the first 25),
#: only :data:`UNLIKELY_TRIES` a deal: more guesses would rarely fit, the odds then use
#: the closest guesses and say so.
MAX_TRIES = 96
TRIES_PER_DEAL = 24
UNLIKELY_TRIES = 4


def guesses_allowed(done: int, fitted: int, tries: int) -> int:
    """How many guesses deal number ``done`` may take, after ``fitted`` of the ``done``
    earlier deals fitted the auction and ``tries`` guesses were spent."""
    if done >= 25 and fitted * 20 < done:
        return UNLIKELY_TRIES
    return max(2, min(MAX_TRIES, TRIES_PER_DEAL * (done + 1) - tries))


def check_samples(samples: object, top: int = MAX_SAMPLES) -> int:
    """``samples`` when it is a whole number in ``1..top``; else raise
    :class:`~texas42.errors.InputError` (``rule="samples"``)."""
    return check_count(samples, "samples", 1, top, unit=" deals", rule="samples")


# -- time: a work budget ------------------------------------------------------------------------
#: The CPU seconds any command or public function of the analysis may take (the bound of
#: issue 35: asked for more, it refuses up front with the largest value that fits).
WORK_SECONDS = 60.0
#: The unit costs below are the largest mean over a few hands on a shared machine; plan
#: for this many times them (the dearest hands, the load).
MARGIN = 2.0
#: A review's hindsight (the open-hands solver on the true deal, all its decisions sharing
#: one solver budget) is kept this many seconds of the bound.
HINDSIGHT_SECONDS = 6.0

#: CPU ms of one deal of the bid odds, per contract at a table bidding in points (one deal
#: at a table bidding in tricks), by method and table: the dearest of seat 0's hands of
#: seeds 1-5 (``bench/bench_work.py --measure --hands 5``, 2026-12-06, Python 3.11, a
#: shared machine). Open hands vary most from hand to hand (Moon for seven: 3 to 115 ms).
ODDS_MS: dict[str, dict[str, float]] = {
    "rule-based": {"standard": 0.11, "three-hand": 1.17, "moon": 1.87, "moon-4": 1.14,
                   "moon-5": 0.69, "moon-6": 0.62, "moon-7": 0.70},
    "open-hands": {"standard": 40.7, "three-hand": 1213.0, "moon": 36.8, "moon-4": 484.7,
                   "moon-5": 117.5, "moon-6": 12.1, "moon-7": 114.7},
}
#: CPU ms of finding one deal that fits the auction, at worst (the hill-climbed worst
#: auctions of ``bench/worst/odds_issue.json`` and ``moon_issue.json``: 96 guesses a deal).
ODDS_FIT_MS = 6.0
#: CPU ms of one guess of one coach decision that rule-based players play out (every
#: option: a bid, the contract, a discard, and every decision away from 42's table), by
#: table (the dearest kind of decision; the same run).
COACH_MS: dict[str, float] = {"standard": 6.4, "three-hand": 14.3, "moon": 6.9,
                              "moon-4": 6.3, "moon-5": 5.9, "moon-6": 5.3, "moon-7": 6.2}
#: CPU ms of one guess of a play at 42's table played out by a continuation (every option,
#: the first lead: the most tricks left). ``exact:E/T``: by the tricks the solver plays
#: from the first lead (7 when E is 7, else T, at most 6: the rules finish the first
#: trick at least; 4 or fewer cost as 4): ``exact:5/4`` 4.3, ``exact:6/5`` 9.6,
#: ``exact:5/6`` 54 (2026-12-07, two hands, the largest of two runs).
EXACT_MS = {4: 4.3, 5: 9.6, 6: 54.0, 7: 105.0}
RULES_CONTINUATION_MS = 0.71
#: ... by ``player:NAME``: rule-based or random players; a sampling player, per guess it
#: makes, by the tricks it solves exactly (at most 3, 4-5, more); a search player the same
#: (its guesses drawn twice over and weighted; its 7 is estimated as twice the sampling
#: player's, not measured).
PLAYER_MS = 5.5
SAMPLING_MS = {3: 50.0, 5: 150.0, 7: 920.0}
SEARCH_MS = {3: 90.0, 5: 175.0, 7: 1850.0}


#: CPU ms of one whole hand played by one kind of player in every seat (the dearest of
#: 42, Moon, three-hand and Moon for four, two deals each; the same run):
#: rule-based or random players; a sampling (search) player per guess it makes, by the
#: tricks it solves exactly (at most 3, 4-5, more; 4-5 estimated from the coach's ratio
#: of hybrid:2/5 to hybrid:2/3, the search player's 7 as twice the sampling player's).
HAND_MS = 10.0
HAND_SAMPLING_MS = {3: 10.0, 5: 30.0, 7: 600.0}
HAND_SEARCH_MS = {3: 25.0, 5: 50.0, 7: 1200.0}


def player_hand_ms(player: object) -> float:
    """CPU ms of a whole hand played by ``player`` in every seat (a player of another
    kind is costed as the rule-based one)."""
    from .players import SamplingPlayer, SearchPlayer

    if isinstance(player, SearchPlayer):
        return player.samples * _bucket(player.exact, HAND_SEARCH_MS)
    if isinstance(player, SamplingPlayer):
        return player.samples * _bucket(player.exact, HAND_SAMPLING_MS)
    return HAND_MS


def match_deals(deals: int, players: Sequence[object], rules: Rules) -> int:
    """``deals`` when a duplicate match of that many deals between ``players`` (every
    player of both sides) at ``rules``' table fits in :data:`WORK_SECONDS` (each deal is
    played twice at a table of partners, once more than there are seats elsewhere);
    else :class:`~texas42.errors.BudgetError` (``rule="work"``) naming the largest that
    fits. The ``match`` command's bound; :func:`~texas42.analysis.match.match` itself is
    the benchmarks' harness (on many processes or a cluster): its count is bounded only."""
    plays = 2 if rules.sides == "partners" else rules.seats + 1
    each = plays * max(player_hand_ms(p) for p in players)
    top = max(0, _fits(each))
    if deals > top:
        names = " and ".join(sorted({str(getattr(p, "name", "?")) for p in players}))
        raise BudgetError(
            f"deals {deals} would take about {_seconds(deals * each):,.0f} s of CPU ({names}, "
            f"{plays} plays a deal): at most {top} deals fit in {WORK_SECONDS:.0f} s (--long "
            "to play on past it)", rule="work")
    return deals


_LIFTED = [False]


@contextlib.contextmanager
def time_bound_lifted() -> Iterator[None]:
    """Within it the time bound is not checked (the counts still are): for the
    benchmarks' own long runs (the coach's calibration against duplicate play, reviews of
    minutes each), never for what a learner or a command asks."""
    before = _LIFTED[0]
    _LIFTED[0] = True
    try:
        yield
    finally:
        _LIFTED[0] = before


def _table(rules: Rules, costs: dict[str, float]) -> tuple[str, float]:
    """The measured table of ``rules``' shape (seats, hand size, bidding) and its cost;
    a table of another shape: the dearest measured."""
    from ..rules import ALL_PRESETS

    for name, cost in costs.items():
        r = ALL_PRESETS[name]
        if (r.seats, r.hand_size, r.bidding) == (rules.seats, rules.hand_size, rules.bidding):
            return ("42" if name == "standard" else name), cost
    name = max(costs, key=lambda k: costs[k])
    return f"a table of {rules.seats} x {rules.hand_size} (costed as {name})", costs[name]


def _fits(ms_each: float, reserve: float = 0.0) -> int:
    """How many units of ``ms_each`` CPU ms fit in the bound (with the margin); no limit
    within :func:`time_bound_lifted`."""
    if _LIFTED[0]:
        return 10**9
    return int((WORK_SECONDS - reserve) * 1000 / (MARGIN * ms_each))


def odds_samples(samples: object, default: int, method: str, rules: Rules,
                 contracts: int = 1, auction: bool = True) -> int:
    """The deals an odds table runs: ``samples`` when it is in ``1..MAX_SAMPLES`` and fits
    in :data:`WORK_SECONDS` for ``method`` at ``rules``' table with ``contracts`` contracts
    (plunges and splashes count as contracts) played out in each, each deal fitted to the
    ``auction`` if there are bids before the seat; ``None``: ``default``,
    cut to what fits. Else :class:`~texas42.errors.InputError` (``rule="samples"``) or
    :class:`~texas42.errors.BudgetError` (``rule="work"``) naming the largest that fits."""
    name, unit = _table(rules, ODDS_MS[method])
    each = ODDS_FIT_MS * auction + max(1, contracts) * unit
    top = min(MAX_SAMPLES, max(1, _fits(each)))
    if samples is None:
        return min(default, top)
    n = check_samples(samples)
    if n > top:
        raise BudgetError(
            f"samples {n} would take about {_seconds(n * each):,.0f} s of CPU ({method}, "
            f"{name}, {contracts} contract{'s' if contracts != 1 else ''}): at most {top} "
            f"deals fit in {WORK_SECONDS:.0f} s", rule="work")
    return n


def _seconds(ms: float) -> float:
    return MARGIN * ms / 1000


def _bucket(exact: int, costs: dict[int, float]) -> float:
    return costs[min(k for k in costs if k >= min(exact, 7))] if exact > 3 else costs[3]


def continuation_ms(continuation: object) -> float:
    """CPU ms of one guess of a play at 42's table played out by ``continuation`` (a
    continuation of the project's; one of another kind is costed as the default)."""
    from .continuation import (
        ExactContinuation,
        MixedContinuation,
        PlayerContinuation,
        RuleContinuation,
    )
    from .players import SamplingPlayer, SearchPlayer

    if isinstance(continuation, RuleContinuation):
        return RULES_CONTINUATION_MS
    if isinstance(continuation, MixedContinuation):  # each guess to one part, by shares
        return sum(continuation_ms(part) for part in continuation.parts) / len(
            continuation.parts)
    if isinstance(continuation, PlayerContinuation):
        player = continuation.player
        if isinstance(player, SearchPlayer):
            return player.samples * _bucket(player.exact, SEARCH_MS)
        if isinstance(player, SamplingPlayer):
            return player.samples * _bucket(player.exact, SAMPLING_MS)
        return PLAYER_MS
    if not isinstance(continuation, ExactContinuation):
        return EXACT_MS[4]
    solved = 7 if continuation.exact >= 7 else min(continuation.then, 6)
    return EXACT_MS[max(4, solved)]


def check_continuation(value: object) -> Continuation:
    """``value`` as a continuation: ``None`` as the default, a name as
    :func:`~texas42.analysis.continuation.make_continuation` reads it, an object with
    ``values`` and ``name`` as it is; else :class:`~texas42.errors.InputError`
    (``rule="continuation"``)."""
    from .continuation import DEFAULT_CONTINUATION, make_continuation

    if value is None:
        return DEFAULT_CONTINUATION
    if isinstance(value, str):
        if len(value) > 200:
            raise InputError(f"continuation {quote(value)} is not a continuation's name",
                             rule="continuation")
        return make_continuation(value)
    if not (callable(getattr(value, "values", None)) and isinstance(
            getattr(value, "name", None), str)):
        raise InputError(f"continuation {quote(value)} is not a continuation: give its name "
                         "(exact, rules, own-view, player:NAME, mix:A+B) or an object with "
                         "values() and a name", rule="continuation")
    return value  # type: ignore[return-value]


def _decision_ms(hand: Any, kind: str, continuation: Continuation) -> float:
    """CPU ms of one guess of the decision of ``kind`` at ``hand`` (its seat to act)."""
    name, each = _table(hand.rules, COACH_MS)
    contract = getattr(hand, "contract", None)
    if (name == "42" and kind == "play" and contract is not None
            and contract.kind not in ("nello", "sevens")):
        return continuation_ms(continuation)  # (played out by it: a points contract)
    return each


def coach_cap(hand: Any, seat: object, samples: object, max_samples: object,
              seed: object, continuation: object, *, whole: bool = False,
              hindsight: bool = False, chosen: object = None,
              progress: object = None) -> tuple[int, Continuation]:
    """The checks of the coach's arguments (:func:`~texas42.analysis.coach.review`,
    ``judge``, ``advise``), in one place: ``samples`` and ``max_samples`` in
    ``1..MAX_SAMPLES``, ``max_samples`` not below ``samples``, ``seed`` a seed, the
    ``continuation`` (a name is read), ``progress`` a function; the ``hand`` (``whole``:
    already checked) and ``seat`` (``None``: the seat to act), ``chosen`` (judge) short
    text; then the work: the decisions judged (``whole``: every
    decision of ``seat`` in ``hand`` with a choice; else the one of the seat to act), each
    with up to the cap's guesses, must fit in :data:`WORK_SECONDS`. Returns the cap (the
    guesses of one decision at most: ``max_samples``, by default ``CAP_FACTOR`` x
    ``samples``: never cut to fit, so a hint and a review judge alike) and the
    continuation. A review or decision whose cap does not fit raises
    :class:`~texas42.errors.BudgetError` (``rule="work"``) naming the largest ``samples``
    (or ``max_samples``) that fits."""
    from ..hand import Hand
    from ..moon import MoonHand
    from .coach import CAP_FACTOR

    if not whole:
        check_kind(hand, (Hand, MoonHand), "a hand (a Hand or a MoonHand) with a decision",
                   rule="hand")
    if seat is not None or whole:
        check_seat(seat, hand.rules.seats)
    if chosen is not None:
        check_text(chosen, "chosen", 40, rule="choice")
    check_progress(progress)
    n = check_samples(samples)
    top = n if max_samples is None else check_count(
        max_samples, "max_samples", 1, MAX_SAMPLES, unit=" guesses", rule="samples")
    if top < n:
        raise InputError(f"max_samples {top} is below samples {n}: the cap counts every "
                         "guess of a decision, the first samples included", rule="samples")
    check_seed(seed)
    c = check_continuation(continuation)
    decisions = _decisions(hand, seat, whole)
    ms = sum(_decision_ms(h, kind, c) for h, kind in decisions)
    reserve = HINDSIGHT_SECONDS if hindsight else 0.0
    most_guesses = CAP_FACTOR * MAX_SAMPLES  # (samples at most MAX_SAMPLES: its cap)
    fit = most_guesses if ms == 0 else min(most_guesses, _fits(ms, reserve))
    what = f"{len(decisions)} decisions" if whole else "one decision"
    if fit < 1:
        raise BudgetError(f"one guess of {what} with the {c.name} continuation would take "
                          f"about {_seconds(ms):,.1f} s of CPU: more than fits in "
                          f"{WORK_SECONDS:.0f} s (choose a lighter continuation)", rule="work")
    # The cap is never cut to fit: a hint and a whole review with the same settings must
    # be one judgement (the same guesses for each decision), so what does not fit is refused.
    if max_samples is None:
        cap, name, given, limit = CAP_FACTOR * n, "samples", n, fit // CAP_FACTOR
        how = f", each decision adding guesses up to {CAP_FACTOR} x samples"
    else:
        cap, name, given, limit, how = top, "max_samples", top, fit, ""
    if cap > fit:
        most = (f"at most {limit} fit in {WORK_SECONDS:.0f} s" if limit else
                f"not even samples 1 fits in {WORK_SECONDS:.0f} s: give max_samples at most "
                f"{fit}")
        raise BudgetError(
            f"{name} {given} would take about {_seconds(ms * cap) + reserve:,.0f} s of CPU "
            f"({what}, the {c.name} continuation{' and the hindsight' if reserve else ''}"
            f"{how}): {most}", rule="work")
    return cap, c


def _decisions(hand: Any, seat: object, whole: bool) -> list[tuple[Any, str]]:
    """The positions of the decisions judged, with their kind: every decision of
    ``seat`` with a choice (``whole``), else the one of the seat to act."""
    if not whole:
        legal = hand.legal_actions()
        return [(hand, legal[0].kind)] if legal and not hand.is_over else []
    out = []
    for step, action in enumerate(hand.actions):
        if action.seat == seat:
            before = hand.at(step)
            if len(before.legal_actions()) > 1:
                out.append((before, action.kind))
    return out


__all__ = [
    "COACH_MS",
    "HINDSIGHT_SECONDS",
    "MARGIN",
    "MAX_DEALS",
    "MAX_PLAYER_SAMPLES",
    "MAX_SAMPLES",
    "MAX_TRIES",
    "ODDS_MS",
    "TRIES_PER_DEAL",
    "UNLIKELY_TRIES",
    "WORK_SECONDS",
    "check_continuation",
    "check_samples",
    "coach_cap",
    "continuation_ms",
    "guesses_allowed",
    "match_deals",
    "odds_samples",
    "player_hand_ms",
    "time_bound_lifted",
]
