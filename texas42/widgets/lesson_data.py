"""Lessons as data: load the JSON files of :mod:`texas42.lessons` and judge answers
with the engine.

A chapter file holds ``{"chapter": title, "order": n, "lessons": [lesson, ...]}``.
A lesson is ``{"id", "title", "goal", "teach", "steps": [step, ...]}`` and a step is
``{"prompt", "hint", "question": {...}, "answers": [...]}`` (``"why"`` optionally maps
a wrong option to words of the author's own). The question says what the engine must
compute; ``answers`` is what the author believes, and the tests check it equals
what the engine proves. The widget accepts whatever the engine proves correct.

Question types (``question["type"]``):

``led-suit``   ``contract``, ``domino``: which suit does it lead?
``winner``     ``contract``, ``trick`` (and ``leader``): which domino wins?
``points``     ``trick``: how many points is the trick worth?
``count``      ``dominoes``: how much count do they hold?
``play``       ``contract``, ``hand``, ``trick``, ``goal`` (``legal``, ``win``, ``lose``,
               ``lead-suit`` with ``suit``): which domino do you play?
``bid``        ``high``, ``rules``, ``forced``, ``goal`` (``valid`` or ``lowest``),
               ``options``: which bid?
``best``       a position to solve: ``deal`` (code) or ``hands``, ``shaker``, ``bids``,
               ``contract``, ``plays``: which domino keeps the most points (the solver)?
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..analysis.solver import Solution
from ..bidding import bid_text, check_bid, explain_bid, parse_bid, valid_bids
from ..contracts import TRUMPS, Contract, Suit, tables
from ..dominoes import Domino, DominoSet
from ..errors import NotationError, Texas42Error
from ..hand import Hand
from ..records import HandRecord
from ..rules import Rules
from ..tricks import (
    explain_lead,
    explain_play,
    explain_winner,
    led_suit,
    legal_plays,
    trick_points,
    trick_winner,
)
from . import _analysis

QUESTION_TYPES = ("led-suit", "winner", "points", "count", "play", "bid", "best")
PLAY_GOALS = ("legal", "win", "lose", "lead-suit")


class LessonError(NotationError):
    """A lesson file that does not say what it should."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="lesson")


@dataclass
class Step:
    prompt: str
    question: dict[str, Any]
    answers: list[str]
    hint: str = ""
    why: dict[str, str] = field(default_factory=dict)


@dataclass
class Lesson:
    id: str
    title: str
    goal: str
    teach: str
    steps: list[Step]
    chapter: str = ""


@dataclass
class Chapter:
    title: str
    order: int
    lessons: list[Lesson]
    source: str = ""


# -- loading -----------------------------------------------------------------------------
def _need(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise LessonError(f"{where}: missing {key!r}")
    return data[key]


def parse_chapter(data: Any, source: str = "") -> Chapter:
    if not isinstance(data, dict):
        raise LessonError(f"{source}: a chapter is a JSON object")
    title = str(_need(data, "chapter", source))
    lessons = []
    for i, item in enumerate(_need(data, "lessons", source)):
        where = f"{source} lesson {i}"
        steps = []
        for j, st in enumerate(_need(item, "steps", where)):
            q = _need(st, "question", f"{where} step {j}")
            if q.get("type") not in QUESTION_TYPES:
                raise LessonError(
                    f"{where} step {j}: question type {q.get('type')!r} is not "
                    f"one of {', '.join(QUESTION_TYPES)}"
                )
            steps.append(
                Step(
                    prompt=str(_need(st, "prompt", f"{where} step {j}")),
                    question=dict(q),
                    answers=[str(a) for a in _need(st, "answers", f"{where} step {j}")],
                    hint=str(st.get("hint", "")),
                    why={str(k): str(v) for k, v in st.get("why", {}).items()},
                )
            )
        lessons.append(
            Lesson(
                id=str(_need(item, "id", where)),
                title=str(_need(item, "title", where)),
                goal=str(_need(item, "goal", where)),
                teach=str(item.get("teach", "")),
                steps=steps,
                chapter=title,
            )
        )
    return Chapter(title, int(data.get("order", 0)), lessons, source)


def load_chapters() -> list[Chapter]:
    """Every chapter shipped in :mod:`texas42.lessons`, in order."""
    out = []
    folder = resources.files("texas42.lessons")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            out.append(parse_chapter(json.loads(entry.read_text(encoding="utf-8")), entry.name))
    return sorted(out, key=lambda c: (c.order, c.source))


# -- judging -----------------------------------------------------------------------------
def _contract(q: dict[str, Any]) -> Contract:
    return Contract.parse(str(q.get("contract", "follow-me")))


def _dominoes(value: Any) -> list[Domino]:
    if isinstance(value, str):
        return list(DominoSet(value)) if value.strip() else []
    return [Domino.parse(str(x)) for x in value]


def _trick(q: dict[str, Any]) -> list[Domino]:
    raw = q.get("trick", [])
    if isinstance(raw, str):
        return [Domino.parse(x) for x in raw.replace(",", " ").split()]
    return [Domino.parse(str(x)) for x in raw]


def suit_label(suit: int) -> str:
    return "trumps" if suit == TRUMPS else Suit(suit).label


def position_hand(q: dict[str, Any]) -> Hand:
    """The hand of a ``best`` question, replayed (and so checked) by the engine."""
    data = {
        k: q[k] for k in ("rules", "shaker", "hands", "deal", "bids", "contract", "plays") if k in q
    }
    return HandRecord.from_dict(data).replay()


def _solution(hand: Hand) -> Solution:
    """The open-hands solver's answer for a ``best`` question's hand (a 42 hand in play)."""
    sol = _analysis.solve(hand)
    if not isinstance(sol, Solution):
        raise LessonError("a 'best' question needs a 42 hand in its play phase")
    return sol


def options(step: Step) -> list[str]:
    """The choices offered for a step (as text)."""
    q = step.question
    kind = q["type"]
    if "options" in q:
        return [str(x) for x in q["options"]]
    if kind == "led-suit":
        c = _contract(q)
        t = tables(c)
        suits = [s for s in (TRUMPS, 6, 5, 4, 3, 2, 1, 0, Suit.DOUBLES) if t.members[s]]
        return [suit_label(s) for s in suits]
    if kind == "winner":
        return [str(d) for d in _trick(q)]
    if kind in ("points", "count"):
        right = accepted(step)[0]
        n = int(right)
        return [str(x) for x in sorted({max(0, n - 5), max(0, n - 1), n, n + 5, n + 10})]
    if kind == "play":
        return [str(d) for d in _dominoes(q["hand"])]
    if kind == "bid":
        high = parse_bid(q.get("high", 0))
        return [
            bid_text(b)
            for b in valid_bids(
                high,
                Rules.from_json(q.get("rules", "standard")),
                forced=bool(q.get("forced", False)),
            )
        ]
    if kind == "best":
        h = position_hand(q)
        return [str(d) for d in h.holding(h.to_act)]
    raise LessonError(f"unknown question type {kind!r}")


def accepted(step: Step) -> list[str]:
    """Every answer the engine proves correct (text); ``best`` questions by the
    open-hands solver."""
    q = step.question
    kind = q["type"]
    if kind == "led-suit":
        return [suit_label(led_suit(q["domino"], _contract(q)))]
    if kind == "winner":
        trick = _trick(q)
        return [str(trick[trick_winner(trick, _contract(q))])]
    if kind == "points":
        return [str(trick_points(_trick(q)))]
    if kind == "count":
        return [str(sum(d.count for d in _dominoes(q["dominoes"])))]
    if kind == "play":
        return [str(d) for d in _good_plays(q)]
    if kind == "bid":
        high = parse_bid(q.get("high", 0))
        rules = Rules.from_json(q.get("rules", "standard"))
        valid = valid_bids(high, rules, forced=bool(q.get("forced", False)))
        offered = [parse_bid(x) for x in options(step)]
        ok = [b for b in offered if b in valid]
        if q.get("goal", "valid") == "lowest":
            real = [b for b in ok if b != 0]
            ok = [min(real)] if real else []
        return [bid_text(b) for b in ok]
    if kind == "best":
        return [str(d) for d in _solution(position_hand(q)).best]
    raise LessonError(f"unknown question type {kind!r}")


def _good_plays(q: dict[str, Any]) -> list[Domino]:
    c = _contract(q)
    hand = _dominoes(q["hand"])
    trick = _trick(q)
    legal = legal_plays(hand, trick, c)
    goal = q.get("goal", "legal")
    if goal == "legal":
        return legal
    if goal == "win":
        return [d for d in legal if trick_winner([*trick, d], c) == len(trick)]
    if goal == "lose":
        return [d for d in legal if trick_winner([*trick, d], c) != len(trick)]
    if goal == "lead-suit":
        want = str(q["suit"])
        return [d for d in legal if suit_label(led_suit(d, c)) == want] if not trick else []
    raise LessonError(f"play goal {goal!r} is not one of {', '.join(PLAY_GOALS)}")


def explain_choice(step: Step, choice: str) -> tuple[bool, str]:
    """(right?, the reason for that specific choice, in words)."""
    q = step.question
    kind = q["type"]
    good = accepted(step)
    right = choice in good
    own = step.why.get(choice, "")
    try:
        reason = _reason(q, kind, choice, good, right)
    except Texas42Error as exc:
        reason = exc.message
    if own and not right:
        reason = f"{own} {reason}"
    return right, reason


def _reason(q: dict[str, Any], kind: str, choice: str, good: list[str], right: bool) -> str:
    if kind == "led-suit":
        c = _contract(q)
        d = Domino.parse(q["domino"])
        if right:
            return explain_lead(d, c)
        return _lead_reason(d, c, choice)
    if kind == "winner":
        return _winner_reason(_trick(q), _contract(q), Domino.parse(choice))
    if kind in ("points", "count"):
        ds = _trick(q) if kind == "points" else _dominoes(q["dominoes"])
        n = trick_points(ds) if kind == "points" else sum(d.count for d in ds)
        if right:
            parts = (["1 for the trick"] if kind == "points" else []) + [
                f"{d.count} for {d}" for d in ds if d.count
            ]
            if not parts:
                return "None of these is a count domino (5-5, 6-4, 5-0, 4-1, 3-2): 0 points."
            return f"{' + '.join(parts)} = {n} point{'s' if n != 1 else ''}."
        way = "too few" if int(choice) < n else "too many"
        rule = (
            "a trick is worth 1 point plus its count"
            if kind == "points"
            else "only 5-5 and 6-4 (10 each) and 5-0, 4-1, 3-2 (5 each) count"
        )
        return f"{choice} is {way}: {rule}. Look at each domino again."
    if kind == "play":
        return _play_reason(q, Domino.parse(choice), right)
    if kind == "bid":
        rules = Rules.from_json(q.get("rules", "standard"))
        high = parse_bid(q.get("high", 0))
        bid = parse_bid(choice)
        try:
            check_bid(bid, high, rules, forced=bool(q.get("forced", False)))
        except Texas42Error as exc:
            return exc.message[0].upper() + exc.message[1:] + "."
        if right:
            return explain_bid(bid)[0].upper() + explain_bid(bid)[1:]
        real = [b for b in good if b != "pass"]
        if q.get("goal") == "lowest" and real and bid == 0:
            return f"Passing is allowed, but it is no bid: the lowest bid here is {real[0]}."
        if q.get("goal") == "lowest" and real:
            return f"{choice} is allowed, but {real[0]} is lower and also beats {bid_text(high)}."
        return explain_bid(bid)
    if kind == "best":
        h = position_hand(q)
        sol = _solution(h)
        d = Domino.parse(choice)
        if d not in sol.plays:
            assert h.contract is not None
            return explain_play(d, h.holding(h.to_act), h.current_trick, h.contract)
        team = h.to_act % 2
        if right:
            return (
                f"{d} is a best play: with best play afterwards your side takes "
                f"{sol.plays[d][team]} more points."
            )
        best = ", ".join(good)
        return (
            f"{d} {sol.label(d)}: your side would take {sol.plays[d][team]} more points "
            f"instead of {sol.points[team]} (best: {best})."
        )
    raise LessonError(f"unknown question type {kind!r}")


_SUITS = {Suit(n).label: n for n in range(7)}


def _number(suit: str) -> str:
    from ..dominoes import NUMBER_NAMES

    return NUMBER_NAMES[_SUITS[suit]]


def _lead_reason(d: Domino, c: Contract, choice: str) -> str:
    """Why ``d`` does not lead ``choice`` (without giving the answer away)."""
    trump = c.is_trump(d)
    if choice == "trumps":
        if c.kind == "trumps" and c.trump is not None:
            return f"{d} is not a trump here: it shows no {_number(Suit(c.trump).label)}."
        if c.kind == "doubles":
            return f"{d} is not a trump here: only the doubles are trumps."
        return f"{d} is not a trump: {c} has no trumps."
    if choice == "doubles":
        return (
            f"{d} is not a double."
            if not d.is_double
            else (f"{d} is a double, but here the doubles are not a suit of their own.")
        )
    n = _SUITS.get(choice, -1)
    if trump and d.has(n):
        return (
            f"{d} shows a {_number(choice)}, but with {c.trump_label} trumps it is a trump, "
            "and a trump belongs only to the trumps."
        )
    if d.has(n):
        return (
            f"{d} does show a {_number(choice)}, but a domino leads only one suit: the suit "
            "of its higher end."
        )
    return f"{d} shows no {_number(choice)}, so it cannot lead {choice}."


def _winner_reason(trick: list[Domino], c: Contract, d: Domino) -> str:
    w = trick[trick_winner(trick, c)]
    if d is w:
        return explain_winner(trick, c)
    t = tables(c)
    suit = t.lead[trick[0].index]
    words = "trumps" if suit == TRUMPS else Suit(suit).label
    d_trump = bool(t.trump_mask >> d.index & 1)
    w_trump = bool(t.trump_mask >> w.index & 1)
    follows = bool(t.members[suit] >> d.index & 1)
    if d_trump and w_trump:
        return f"{d} is a trump, but a higher trump was played."
    if w_trump and follows:
        return f"{d} follows {words}, but a trump was played, and any trump beats the suit led."
    if follows:
        return f"{d} follows {words}, but a higher {words.rstrip('s')} was played."
    return f"{d} does not follow {words} and is not a trump, so it cannot win."


def _play_reason(q: dict[str, Any], d: Domino, right: bool) -> str:
    c = _contract(q)
    hand = _dominoes(q["hand"])
    trick = _trick(q)
    legal = legal_plays(hand, trick, c)
    rule = explain_play(d, hand, trick, c)
    if d not in legal:
        return rule
    goal = q.get("goal", "legal")
    if goal in ("win", "lose"):
        after = [*trick, d]
        verdict = explain_winner(after, c)
        return f"{rule} Then: {verdict}"
    if goal == "lead-suit":
        return explain_lead(d, c)
    return rule
