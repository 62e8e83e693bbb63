"""Issue 35: every public callable of ``texas42`` and ``texas42.analysis`` answers junk
arguments with a result or the project's own error.

Each public function, class and public method (of a valid instance) of the two
packages' ``__all__`` (and the coach's ``judge`` and ``advise``) is called once per
parameter with each kind of junk in that place, the other arguments valid: ``None``,
wrong types, a huge int, a huge string, an endless iterator, a bare ``object()``. A call
fails the test when it raises anything but a :class:`~texas42.errors.Texas42Error`,
when its message is over :data:`LONGEST_MESSAGE` characters, or when it runs past
:data:`CALL_CPU_SECONDS` of CPU (an alarm stops it: a failure condition, not a
measure of speed). The sweep runs in one child process under a memory and a CPU limit,
so an endless iterator read whole ends in a MemoryError (a failure), not a stuck machine;
it writes one line per callable as it goes, so a callable that kills it is named.
"""

from __future__ import annotations

import inspect
import itertools
import json
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LONGEST_MESSAGE = 500
CALL_CPU_SECONDS = 20
MEMORY_BYTES = 1500 * 2**20

#: Public names that are not functions of the project to call with arguments, and why.
NOT_CALLED = {
    "Phase": "an Enum: looking a member up is Python's, not the project's",
    "Suit": "an Enum: looking a member up is Python's, not the project's",
    "Player": "a Protocol: a description of what a player does, not a class to build",
}


def junk() -> list[tuple[str, Callable[[], Any]]]:
    """Each kind of junk, made fresh for each call (an iterator is used up)."""
    return [
        ("None", lambda: None),
        ("object()", object),
        ("True", lambda: True),
        ("-1", lambda: -1),
        ("1.5", lambda: 1.5),
        ("nan", lambda: float("nan")),
        ("10**5000", lambda: 10**5000),
        ("'x'*10**6", lambda: "x" * 10**6),
        ("'\\x1b[2J'", lambda: "\x1b[2J"),
        ("[[]]", lambda: [[]]),
        ("{}", dict),
        ("itertools.count()", itertools.count),
        ("iter(['6-4'] forever)", lambda: itertools.repeat("6-4")),
    ]


# -- valid arguments ---------------------------------------------------------------------------
def _hand_in_play() -> Any:
    from texas42 import Deal, Hand

    for seed in range(3, 50):
        hand = Hand.at_play(Deal.from_seed(seed), "sixes", bid="30", shaker=3)
        for _ in range(4 * 4):  # four tricks played: what is left solves at once
            if hand.is_over:
                break
            hand.play(hand.legal_plays()[0])
        if not hand.is_over:
            return hand
    raise AssertionError("no hand went past four tricks")  # pragma: no cover


def _hand_bidding() -> Any:
    from texas42 import Deal, Hand

    return Hand(Deal.from_seed(3), shaker=3)


def _trick() -> Any:
    from texas42 import Domino, Trick

    return Trick(0, (Domino.parse("6-4"),), None, 10)


def _position() -> Any:
    from texas42.analysis import Position

    return Position.from_hand(_hand_in_play())


def _valid(name: str) -> dict[str, Any]:
    """Valid values by parameter name, for ``name`` (a callable's dotted name)."""
    from texas42 import STANDARD, Contract, Deal, Domino, Rules
    from texas42.analysis import RuleBasedPlayer

    hand = _hand_bidding() if name.endswith((".bid", ".valid_bids", "valid_special_bids")) \
        else _hand_in_play()
    values: dict[str, Any] = {
        "seat": 0, "team": 0, "need": 1, "target": 1, "high": 0, "bid": 30, "marks": 3,
        "value": "6-4", "text": "6-4", "a": 6, "b": 4, "domino": "6-4", "dominoes": "6-4 5-5",
        "suit": 6, "contract": "sixes", "rules": STANDARD, "trick": _trick(),
        "hand": hand, "source": hand, "pos": _position(), "player": RuleBasedPlayer(),
        "players": [RuleBasedPlayer()] * 4, "hands": Deal.from_seed(1).to_lists(),
        "deal": Deal.from_seed(1), "code": Deal.from_seed(1).code, "step": 0,
        "samples": 2, "kind": "trumps", "name": "standard", "data": hand.record().to_dict(),
        "side_a": "rule-based", "side_b": "random", "deals": 1,
        "chosen": str(hand.legal_plays()[0]) if hand.legal_plays() else "pass",
        "mask": 3, "number": 1, "bidder": 0, "action": ("play", "6-4"), "actions": [],
        "rng": None, "move": "6-4", "other": Domino(6, 4), "end": 6, "trump": 6,
        "leader": 0, "plays": (), "kinds": None, "json_text": Rules().to_json(),
        "n": 1, "level": 30, "part": 0, "shake": None, "record": hand.record(),
        "c": Contract.parse("sixes"), "loss": 0,
    }
    overrides: dict[str, dict[str, Any]] = {
        "texas42.legal_plays": {"hand": ["6-4", "5-5"], "trick": ["6-2"]},
        "texas42.check_play": {"hand": ["6-4", "5-5"], "domino": "5-5", "trick": ["6-2"]},
        "texas42.explain_play": {"hand": ["6-4", "5-5"], "domino": "5-5", "trick": ["6-2"]},
        "texas42.trick_winner": {"trick": ["6-2", "5-5", "6-4", "1-0"]},
        "texas42.explain_winner": {"trick": ["6-2", "5-5", "6-4", "1-0"]},
        "texas42.trick_points": {"trick": ["6-2", "5-5", "6-4", "1-0"]},
        "texas42.analysis.evaluate_hand": {"hand": "6-6 6-4 6-2 5-5 4-4 3-1 2-0",
                                           "samples": 3},
        "texas42.HandRecord.from_hand": {"hand": hand},
        "texas42.HandRecord.from_dict": {"data": hand.record().to_dict()},
        "texas42.HandRecord.from_json": {"text": hand.record().to_json()},
        "texas42.Rules.from_json": {"text": Rules().to_json()},
        "texas42.Rules.preset": {"name": "standard"},
        "texas42.Deal.from_seed": {"seed": 1},
        "texas42.Deal.shake": {"rng": None},
        "texas42.Contract": {"kind": "trumps", "trump": 6},
        "texas42.analysis.coach.judge": {"hand": _hand_in_play()},
        "texas42.analysis.coach.advise": {"hand": _hand_in_play()},
        "texas42.analysis.review": {"source": hand.record(), "seat": 0},
        "texas42.analysis.match": {"deals": 1},
        "texas42.Game": {"rules": STANDARD},
        "texas42.HandRecord": {"deal": Deal.from_seed(1)},
    }
    return {**values, **overrides.get(name, {}), "_hand": hand}


#: Valid keyword arguments that keep a call quick (a few guesses, no hindsight).
QUICK: dict[str, dict[str, Any]] = {
    "texas42.analysis.review": {"samples": 2, "hindsight": False},
    "texas42.analysis.coach.judge": {"samples": 2},
    "texas42.analysis.coach.advise": {"samples": 2},
    "texas42.analysis.evaluate_hand": {"samples": 3},
    "texas42.analysis.match": {"deals": 1},
    "texas42.analysis.SamplingPlayer": {"samples": 1},
    "texas42.analysis.SearchPlayer": {"samples": 2},
    "texas42.analysis.make_player": {"samples": 1},
}


# -- the callables -----------------------------------------------------------------------------
def _instance(cls: type) -> Any:
    """A valid instance of a public class, for its methods."""
    import texas42
    from texas42 import analysis

    hand = _hand_in_play()
    made: dict[str, Callable[[], Any]] = {
        "Contract": lambda: texas42.Contract.parse("sixes"),
        "Deal": lambda: texas42.Deal.from_seed(1),
        "Domino": lambda: texas42.Domino(6, 4),
        "DominoSet": lambda: texas42.DominoSet("6-4 5-5"),
        "Game": lambda: texas42.Game(seed=1),
        "Hand": _hand_in_play,
        "HandRecord": lambda: hand.record(),
        "Layout": lambda: texas42.STANDARD.layout,
        "Rules": lambda: texas42.STANDARD,
        "ClaimCheck": lambda: texas42.verify_claim(hand, hand.to_act),
        "Result": lambda: None,
        "Evaluation": lambda: analysis.evaluate_hand("6-6 6-4 6-2 5-5 4-4 3-1 2-0",
                                                     samples=3),
        "TrickEvaluation": lambda: analysis.evaluate_hand(
            "6-6 6-5 6-4 6-3 6-2 6-1 5-5", rules="moon", samples=3),
        "MoonSolution": lambda: None,
        "Position": _position,
        "RandomPlayer": lambda: analysis.RandomPlayer(1),
        "RuleBasedPlayer": analysis.RuleBasedPlayer,
        "SamplingPlayer": lambda: analysis.SamplingPlayer(1),
        "SearchPlayer": lambda: analysis.SearchPlayer(2),
        "SeatView": lambda: analysis.SeatView.of(hand),
        "Solution": lambda: analysis.solve(hand),
        "Solver": lambda: analysis.Solver(texas42.Contract.parse("sixes")),
        "Review": lambda: analysis.review(hand.record(), 0, samples=2, hindsight=False),
        "MatchResult": lambda: analysis.match("rule-based", "random", deals=1),
    }
    return made.get(cls.__name__, lambda: None)()


def callables() -> list[str]:
    """Dotted names of every public callable swept."""
    import texas42
    from texas42 import analysis

    names = []
    for module in (texas42, analysis):
        for name in module.__all__:
            obj = getattr(module, name)
            if not callable(obj) or name in NOT_CALLED or (
                    inspect.isclass(obj) and issubclass(obj, BaseException)):
                continue
            names.append(f"{module.__name__}.{name}")
            if inspect.isclass(obj):
                for attr, raw in vars(obj).items():
                    if not attr.startswith("_") and (
                            inspect.isfunction(raw) or isinstance(raw, (classmethod,
                                                                        staticmethod))):
                        names.append(f"{module.__name__}.{name}.{attr}")
    return [*names, "texas42.analysis.coach.judge", "texas42.analysis.coach.advise"]


def _resolve(dotted: str) -> tuple[Callable[..., Any], bool]:
    """The callable named ``dotted`` (a method: bound to a valid instance, or to its class
    for a class or static method) and whether it is a method needing an instance that
    could not be made."""
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        rest = parts[cut:]
        break
    owner: Any = None
    for part in rest:
        owner, obj = obj, getattr(obj, part)
    if inspect.isclass(owner) and inspect.isfunction(vars(owner).get(rest[-1])):
        instance = _instance(owner)
        if instance is None:
            return obj, True
        obj = getattr(instance, rest[-1])
    return obj, False


class _PastBound(BaseException):
    """Raised by the alarm: a call ran past its CPU bound (a BaseException, so no
    ``except Exception`` inside the project swallows it)."""


def _alarm(signum: int, frame: Any) -> None:
    raise _PastBound


def _call(fn: Callable[..., Any], args: list[Any], kwargs: dict[str, Any]) -> str | None:
    """None when ``fn`` returns or raises a short Texas42Error; else what went wrong."""
    from texas42.errors import Texas42Error

    signal.setitimer(signal.ITIMER_PROF, CALL_CPU_SECONDS)
    try:
        fn(*args, **kwargs)
    except _PastBound:
        return f"ran past {CALL_CPU_SECONDS} s of CPU"
    except Texas42Error as exc:
        if len(str(exc)) > LONGEST_MESSAGE:
            return f"a message of {len(str(exc))} characters: {str(exc)[:120]}"
        return None
    except BaseException as exc:  # what the test is for: any other error
        return f"{type(exc).__name__}: {str(exc)[:200]}"
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return None


def sweep(dotted: str) -> list[str]:
    """Every junk call of ``dotted``: the failures, one line each."""
    signal.signal(signal.SIGPROF, _alarm)
    fn, skipped = _resolve(dotted)
    if skipped:
        return []
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return []
    good = _valid(dotted)
    quick = QUICK.get(dotted, {})
    params = [p for p in sig.parameters.values()
              if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    failures = []
    for target in params:
        for label, make in junk():
            args: list[Any] = []
            kwargs: dict[str, Any] = {}
            by_name = False  # once one is left out, the rest are given by name
            for p in params:
                given = p is target
                if not given and p.default is not p.empty:
                    if p.name in quick:
                        kwargs[p.name] = quick[p.name]
                    by_name = True
                    continue
                value = make() if given else good.get(p.name, good["_hand"])
                if p.kind is p.KEYWORD_ONLY or (by_name and p.kind is not p.POSITIONAL_ONLY):
                    kwargs[p.name] = value
                else:
                    args.append(value)
            wrong = _call(fn, args, kwargs)
            if wrong is not None:
                failures.append(f"{dotted}({target.name}={label}): {wrong}")
    return failures


SWEEP_CPU_SECONDS = 1200


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (SWEEP_CPU_SECONDS, SWEEP_CPU_SECONDS))


def sweep_all() -> None:
    """The child: one JSON line per callable, ``[name, failures]``, as it goes."""
    for dotted in callables():
        try:
            failures = sweep(dotted)
        except Exception as exc:  # setting up its valid arguments failed: the test's fault
            failures = [f"{dotted}: the sweep could not set up: {type(exc).__name__}: {exc}"]
        print(json.dumps([dotted, failures]), flush=True)


@pytest.fixture(scope="module")
def swept() -> dict[str, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, __file__, "--all"], env=env, text=True,
                          capture_output=True, timeout=3600, preexec_fn=_limits, check=False)
    out: dict[str, list[str]] = {}
    for line in done.stdout.splitlines():
        name, failures = json.loads(line)
        out[name] = failures
    names = callables()
    stopped = next((n for n in names if n not in out), None)
    if stopped is not None:  # the child died (a limit): that callable, and none after it
        why = f"the sweep's process ended (exit {done.returncode}): {done.stderr[-300:]}"
        for name in names[names.index(stopped):]:
            out[name] = [f"{name}: {why}" if name == stopped else f"{name}: not reached"]
    return out


@pytest.mark.parametrize("dotted", callables())
def test_junk_gets_a_result_or_a_texas42_error(swept: dict[str, list[str]], dotted: str) -> None:
    assert swept[dotted] == [], "\n".join(swept[dotted])


def test_the_sweep_covers_the_reported_callables() -> None:
    names = callables()
    for reported in ("texas42.team_of", "texas42.HandRecord.from_hand",
                     "texas42.analysis.SeatView.of", "texas42.Deal.from_seed",
                     "texas42.verify_claim", "texas42.analysis.evaluate_hand",
                     "texas42.analysis.review", "texas42.analysis.coach.judge",
                     "texas42.analysis.coach.advise", "texas42.Hand.at_play"):
        assert reported in names
    assert len(names) > 90


def test_the_sweep_catches_a_plain_python_error() -> None:
    """The checker itself: a plain TypeError, a long message and a runaway are failures."""
    from texas42.errors import InputError

    def typed(x: Any) -> None:
        raise TypeError("no")

    def wordy(x: Any) -> None:
        raise InputError("x" * (LONGEST_MESSAGE + 1))

    assert _call(typed, [1], {}) == "TypeError: no"
    assert (_call(wordy, [1], {}) or "").startswith("a message of 501 characters")
    assert _call(lambda x: None, [1], {}) is None


if __name__ == "__main__":
    if sys.argv[1] == "--all":
        sweep_all()
    else:
        print(json.dumps(sweep(sys.argv[1])))
