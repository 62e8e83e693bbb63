"""The ``texas42 solve`` and ``texas42 advise`` commands.

The main ``texas42`` command wires them in::

    from texas42.analysis.cli import add_solve_parser, add_advise_parser
    add_solve_parser(subparsers)     # sets func=solve_main
    add_advise_parser(subparsers)    # sets func=advise_main
    add_review_parser(subparsers)    # sets func=review_main (the coach)

They also run on their own: ``python -m texas42.analysis solve RECORD --json``.

``texas42 solve RECORD --json`` prints ``{"points": [a, b], "plays": [{"domino": "6-4",
"points": [a, b]}, ...], "line": ["6-4", ...]}``: the points each side (seats 0+2, seats
1+3) takes from the current position to the end of the hand (all seven tricks), with best
play by both sides; the same after each legal play now; and one best line. A record of a
hand that ended early (its result decided) adds ``"over": true``: the rest is played on
for practice, and the text says the hand is over first.

A Moon record (``MoonHand.to_json()``) is solved as the bidder against the two others
(:func:`texas42.analysis.moon_solver.solve_moon`): ``--json`` prints
:meth:`~texas42.analysis.moon_solver.MoonSolution.to_json` (the bidder's tricks from here,
after each play, whether it makes its bid, a best line); ``--target N`` asks whether the
bidder can still take N tricks in all.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from ..bidding import PASS, check_bid, parse_bid
from ..class_export import MAX_CLASS_BYTES, is_class_data, pick_student
from ..contracts import Contract
from ..deals import Deal
from ..dominoes import Domino, DominoSet
from ..errors import (
    InputError,
    NotationError,
    Texas42Error,
    UnreadableFileError,
    check_count,
    quote,
)
from ..hand import allowed_contracts
from ..moon import MoonHand, is_moon_data
from ..progress import (
    Entry,
    is_progress_data,
    load_progress_json,
    pick_hand,
)
from ..records import MAX_RECORD_BYTES, HandRecord, load_json
from ..rules import Rules
from .bounds import MAX_SAMPLES
from .evaluator import METHODS, Evaluation, TrickEvaluation, evaluate_hand
from .position import Position, replay_full
from .solver import can_make, can_reach, solve

_SOLVE_HELP = "best play from a position: the value of every legal play and a best line"
_ADVISE_HELP = "bid odds of a hand: the chance of making each bid with each contract"
_REVIEW_HELP = ("the coach's review of one seat's decisions in a recorded hand, judged from "
                "what that seat could see")


def _seat(text: str) -> int:
    """An argparse type: a seat number (argparse exits 2 with the usage otherwise).
    Whether the table has that seat is the API's check (:func:`texas42.errors.check_seat`),
    once the record or the rules say how many seats there are: 0..6 at Moon for 7."""
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a seat 0..3 at 42's table "
                                         "(0..N-1 at a table of N seats)")
    return int(text)


def _count(text: str) -> int:
    """An argparse type: a whole number of at least 1 (the top, :data:`~texas42.analysis.
    bounds.MAX_SAMPLES` for sample counts, is the API's check: one message for both)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 12 and int(text) >= 1):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number of at least 1")
    return int(text)


def seed_number(text: str) -> int:
    """An argparse type: a random seed, a whole number of 0 or more (Python's generator
    shakes -N as N, so a minus sign would silently give the deal of another seed)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 30):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a seed: a whole number of 0 "
                                         "or more")
    return int(text)


def whole_number(text: str) -> int:
    """An argparse type: an int of at most 30 digits (a seed, a target), quoted the one way."""
    body = text[1:] if text[:1] == "-" else text
    if not (body.isascii() and body.isdigit() and len(body) <= 30):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number")
    return int(text)


def add_solve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``solve`` to an ``argparse`` subparsers object (``func=solve_main``)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "solve", help=_SOLVE_HELP, description=_SOLVE_HELP + ". Open hands: every holding "
        "is known. Points are counted from the current position to the end of the hand "
        "(every trick played; the trick in progress counts whole).",
    )
    p.add_argument("source", help="a hand record, a progress or class export (JSON file, "
                   "or - for standard input; Moon too) or a deal code")
    p.add_argument("--hand", type=hand_number, default=None, help=HAND_HELP)
    p.add_argument("--student", default=None, metavar="NAME", help=STUDENT_HELP)
    p.add_argument("--contract", help="the contract (needed with a deal code)")
    p.add_argument("--leader", type=_seat, help="with a deal code: the seat that leads "
                   "(default: the bidder, else 0)")
    p.add_argument("--bidder", type=_seat, help="with a deal code: the bidding seat")
    p.add_argument("--bid", help="with a deal code: the bid (for --target)")
    p.add_argument("--plays", default="", help="plays after those of the record, like "
                   "'6-4 5-5 4-1'")
    p.add_argument("--target", type=whole_number, help="yes/no: can the bidding side still reach "
                   "this many points in the hand (points already taken count)?")
    p.add_argument("--rules", help="rules preset with a deal code (default standard)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=solve_main)
    return p


def add_advise_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``advise`` to an ``argparse`` subparsers object (``func=advise_main``)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "advise", help=_ADVISE_HELP, description=_ADVISE_HELP + ", estimated by dealing "
        "the unseen dominoes many times (consistently with the auction) and playing each "
        "deal out.",
    )
    p.add_argument("hand", nargs="+", help="the seven dominoes, like 6-6 6-4 5-5 ...")
    p.add_argument("--seat", type=_seat, default=0, help="the seat holding the hand (0..3; "
                   "any seat of the rules' table: Moon 0..2, Moon for 7 0..6)")
    p.add_argument("--auction", default="", help="bids before this seat, like 'pass 30'")
    p.add_argument("--contract", action="append", help="a contract to evaluate (repeat; "
                   "default: every point contract the rules allow; 3 for open-hands)")
    p.add_argument("--bids", help="bid levels, like '30 32 34 42' (default 30..42)")
    p.add_argument("--samples", type=_count, help="deals per contract (default: 1100, "
                   f"+/-3 points of percentage; 40 for open-hands; at most {MAX_SAMPLES})")
    p.add_argument("--seed", type=seed_number, default=1, help="random seed (default 1)")
    p.add_argument("--method", default="rule-based", choices=sorted(METHODS),
                   help="how each deal is played out (default rule-based)")
    p.add_argument("--rules", default="standard", help="rules preset (default standard; "
                   "moon: a Moon hand's odds for each bid)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=advise_main)
    return p


def add_review_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``review`` to an ``argparse`` subparsers object (``func=review_main``)."""
    from .coach import DEFAULT_SAMPLES

    p: argparse.ArgumentParser = subparsers.add_parser(
        "review", help=_REVIEW_HELP, description=_REVIEW_HELP + ": each bid, the naming of "
        "trumps and each play, with the expected result of every legal option over guesses "
        "of the dominoes the seat could not see, the loss against the best, a label and a "
        "reason. The open-hands solver's answer is shown beside it as hindsight.",
    )
    p.add_argument("record", help="a hand record, a progress or class export (JSON file, "
                   "or - for standard input; Moon too)")
    p.add_argument("--seat", type=_seat, default=None, help="the seat to review (any seat "
                   "of the record's table: 0..3; Moon 0..2, Moon for 7 0..6); needed with a "
                   "hand record, with an export the learner's seat by default")
    p.add_argument("--hand", type=hand_number, default=None, help=HAND_HELP)
    p.add_argument("--student", default=None, metavar="NAME", help=STUDENT_HELP)
    p.add_argument("--samples", type=_count, default=DEFAULT_SAMPLES,
                   help=f"guesses of the hidden dominoes per decision (default {DEFAULT_SAMPLES}"
                   f", at most {MAX_SAMPLES})")
    p.add_argument("--max-samples", type=_count, default=None, help="the cap: guesses are "
                   "added, --samples at a time, until the verdict on every option settles "
                   "at 95%% or this many were used, then 'too close to call' (default 3 x "
                   "--samples; the same for a hint and a review, so settings that do not fit "
                   "in 60 s of CPU are refused; not below --samples)")
    p.add_argument("--unit", choices=("game", "points"), default="game",
                   help="what each decision is judged in: game (default: what the game "
                   "scores; under the marks rules a play in a hand bid for points by how "
                   "often its side makes or sets the bid) or points (plays by the points "
                   "the side takes)")
    p.add_argument("--weighted", action="store_true", help="weight each guess by how likely "
                   "the bids and plays seen are in it under the rule-based player's policies "
                   "(sharper when the other seats bid and played by the rules)")
    p.add_argument("--continuation", default="exact", metavar="NAME",
                   help="how each option is played out in a guess: exact[:E[/T]] (the exact "
                   "solver from E tricks left, rule-based players until T tricks left before "
                   "that; default exact = exact:5/4, the quick look), rules, player:NAME "
                   "(that player in every seat, each from its own view: slower), mix:A+B "
                   "(each guess played out by one of those continuations; N*A gives A N "
                   "shares) or own-view (about 200 times slower, a few guesses fit). A "
                   "review that would take more than 60 s of CPU is refused at once, naming "
                   "the largest --samples that fits")
    p.add_argument("--seed", type=seed_number, default=0, help="random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=review_main)
    return p


def review_main(args: argparse.Namespace) -> int:
    """Run ``texas42 review``; returns the exit code."""
    from .coach import review

    try:
        found = read_hand(args.record, args.hand, args.student)
        if found is None:
            raise UnreadableFileError(f"cannot read {quote(args.record)}: no such file")
        data, entry = found
        seat = args.seat if args.seat is not None else entry.seat if entry else None
        if seat is None:
            raise NotationError("give the seat to review: --seat N (an export's hands "
                                "are reviewed from the learner's seat by default)",
                                rule="option")
        if is_moon_data(data):
            source: Any = MoonHand.replay_dict(data)  # kinds: bid, discard, contract, play
        else:
            source = HandRecord.from_dict(data)
        from .continuation import make_continuation

        rv = review(source, seat, samples=args.samples, seed=args.seed,
                    max_samples=args.max_samples, weighted=args.weighted,
                    continuation=make_continuation(args.continuation), unit=args.unit)
    except (Texas42Error, ValueError) as exc:
        return refuse("review", exc)
    if args.json:
        print(json.dumps(rv.to_json()))
    else:
        print(rv.table())
    return 0


#: The exit status of bad input (a record, a deal code, an option out of range).
EXIT_BAD_INPUT = 2
#: The exit status of a file that cannot be read (the input was never seen).
EXIT_UNREADABLE = 1


def refuse(command: str, exc: ValueError) -> int:
    """Every command's answer to bad input: one ``texas42 COMMAND: message`` line (more
    lines only for a list to choose from) on standard error; returns the exit status."""
    print(f"texas42 {command}: {exc}", file=sys.stderr)
    return EXIT_UNREADABLE if isinstance(exc, UnreadableFileError) else EXIT_BAD_INPUT


def hand_number(text: str) -> int:
    """An argparse type: the number of a hand in a progress export, 1 for the first."""
    if not (text.isascii() and text.isdigit() and len(text) <= 6 and int(text) >= 1):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a hand number: 1 for the "
                                         "first hand the progress export lists")
    return int(text)


HAND_HELP = ("with a progress export (the site's Export button) or the class export: which "
             "of its hands (or the student's) to take, 1 for the first (the command lists "
             "them when there are several and --hand is left out)")


STUDENT_HELP = ("with the teacher's class export (texas42-class.json): whose progress to "
                "take, by name in any case (the command lists the students when the export "
                "holds several and --student is left out)")


def read_hand(source: str, hand: int | None = None,
              student: str | None = None) -> tuple[Any, Entry | None] | None:
    """The hand record (parsed JSON) that ``texas42 review``, ``replay`` and ``solve``
    read from a file (``-``: standard input): the file's record, or hand ``hand`` of a
    progress export with its entry (:func:`texas42.progress.pick_hand`), or of student
    ``student``'s progress in the teacher's class export
    (:func:`texas42.class_export.pick_student`). ``None`` if there is no such file (then
    the source may be a deal code)."""
    if source == "-":
        raw = sys.stdin.buffer.read(MAX_CLASS_BYTES + 1)
    else:
        try:
            with open(source, "rb") as f:
                raw = f.read(MAX_CLASS_BYTES + 1)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise UnreadableFileError(f"cannot read {quote(source)}: {exc.strerror}") from None
    if len(raw) <= MAX_RECORD_BYTES:
        data = load_json(raw)
    else:  # only an export is larger than a record (else the record's refusal)
        try:
            data = load_progress_json(raw, most=MAX_CLASS_BYTES)
        except NotationError:
            data = None
        if is_class_data(data):
            pass
        elif is_progress_data(data):
            load_progress_json(raw)  # (raises if longer than a progress file may be)
        else:
            load_json(raw)  # (raises: too long for a record)
    if is_class_data(data):
        name, progress = pick_student(data, student)
        return pick_hand(progress, hand, f"{name}'s progress in the class export")
    if student is not None:
        kind = "a progress export" if is_progress_data(data) else "a single hand record"
        raise InputError(f"--student is for the teacher's class export; this file is "
                         f"{kind}: leave --student out", rule="student")
    return pick_hand(data, hand)


def _load_position(args: argparse.Namespace, data: Any) -> Position:
    source: str = args.source
    extra = args.plays.replace(",", " ").split()
    if data is not None:
        for option in ("leader", "bidder", "bid"):
            if getattr(args, option) is not None:
                raise NotationError(f"--{option} is for a deal code: a record's bids and plays "
                                    f"say its {option}", rule="option")
        if args.rules is not None:
            if isinstance(data, dict) and "rules" in data:
                raise NotationError("--rules is for a deal code or a record without rules: "
                                    "this record names its own", rule="option")
            data = {**data, "rules": args.rules} if isinstance(data, dict) else data
        record = HandRecord.from_dict(data)
        if args.contract:
            record = _with_contract(record, args.contract)
        ended = record.replay()  # (checked: a bad record is refused before --plays)
        if ended.is_over and not extra:
            args.over = ended.status()  # said before the rest is solved
        record = HandRecord(record.deal, record.shaker, record.rules, record.bids,
                            record.contract, (*record.plays, *map(Domino.parse, extra)))
        return Position.from_hand(replay_full(record))
    # A deal code: the rules (if given) must be a table of 42's; they say which contracts
    # and bids may be named (none of the options is taken and then ignored).
    rules = Rules.preset("standard" if args.rules is None else args.rules)
    if not rules.is_42:
        raise NotationError(f"--rules {rules.name}: a deal code is solved at 42's table; give "
                            f"a hand record of the {rules.name} table instead", rule="option")
    try:
        deal = Deal.from_code(source)
    except NotationError:
        raise NotationError(f"{quote(source)} is neither a hand record file nor a deal code",
                            rule="source") from None
    if not args.contract:
        raise NotationError("with a deal code, give the contract (--contract sixes)",
                            rule="contract-missing")
    named = Contract.parse(args.contract)
    if named not in allowed_contracts(rules):
        raise NotationError(f"{named} is not a contract of the {rules.name} rules", rule="contract")
    bidder = args.bidder
    leader = args.leader if args.leader is not None else (bidder if bidder is not None else 0)
    bid = parse_bid(args.bid) if args.bid is not None else None
    if bid is not None:
        check_bid(bid, PASS, rules)  # (29 is no bid: the lowest is 30)
    return Position.from_deal(deal, args.contract, leader=leader, plays=extra,
                              bidder=bidder if bidder is not None else leader, bid=bid)


def _with_contract(record: HandRecord, contract: str) -> HandRecord:
    c = Contract.parse(contract)
    if record.contract is not None and record.contract != c:
        raise NotationError(f"the record names {record.contract}, not {c}", rule="contract")
    return HandRecord(record.deal, record.shaker, record.rules, record.bids, c, record.plays)


def solve_main(args: argparse.Namespace) -> int:
    """Run ``texas42 solve``; returns the exit code."""
    try:
        found = read_hand(args.source, args.hand, args.student)
        if found is None and (args.hand is not None or args.student is not None):
            option = "--hand" if args.hand is not None else "--student"
            raise UnreadableFileError(f"no such file: {quote(args.source)} ({option} is for "
                                      "an export)")
        data = None if found is None else found[0]
        if data is not None and is_moon_data(data):
            return _solve_moon(data, args)
        pos = _load_position(args, data)
        if args.target is not None:
            return _target(pos, args)
        sol = solve(pos)
    except (Texas42Error, ValueError) as exc:
        return refuse("solve", exc)
    over = getattr(args, "over", None)
    if args.json:
        # A hand that ended early says so beside the rest, played on (a hand played to
        # its last trick already says it: nothing is left).
        ended_early = over is not None and not pos.is_over
        print(json.dumps({**sol.to_json(), "over": True} if ended_early else sol.to_json()))
        return 0
    if over:
        print(f"The hand is over: {over}")
        if pos.is_over:
            return 0
        print("Its dominoes left, played on with best play (for practice: the result "
              "stands as it is):")
    print(pos)
    if pos.is_over:
        print("The hand is over: nothing left to play.")
        return 0
    team = pos.to_act % 2
    print(f"With best play from here: seats 0+2 take {sol.points[0]}, seats 1+3 take "
          f"{sol.points[1]} (of {pos.remaining_points} left).")
    print(f"Seat {pos.to_act} to play ({'seats 0+2' if team == 0 else 'seats 1+3'}):")
    for d, v in sol.plays.items():
        print(f"  {d}  {v[0]:>2} - {v[1]:<2}  {sol.label(d)}")
    print("Best line: " + " ".join(str(d) for d in sol.line))
    return 0


def _solve_moon(data: dict[str, Any], args: argparse.Namespace) -> int:
    """``texas42 solve`` for a Moon record: the bidder's tricks with best play."""
    from .moon_solver import solve_moon
    from .solver import solver_for

    for option in ("leader", "bidder", "bid", "rules"):
        if getattr(args, option) is not None:
            raise NotationError(f"--{option} is for a 42 deal code, not a Moon record",
                                rule="option")
    hand = MoonHand.replay_dict(data)
    if args.contract:
        hand.name_contract(args.contract)
    for d in args.plays.replace(",", " ").split():
        hand.play(d)
    pos = Position.from_hand(hand)
    bidder = hand.bidder
    assert bidder is not None  # a Moon hand in play has its bidder
    taken = pos.points[0]  # the bidder's side: itself
    if args.target is not None:
        check_count(args.target, "--target", 1, unit=" tricks", rule="target")
        ok = solver_for(pos).reach(pos, args.target - taken)
        if args.json:
            print(json.dumps({"target": args.target, "bidder": bidder, "taken": taken,
                              "can_make": ok}))
        else:
            print(f"{'Yes' if ok else 'No'}: the bidder (seat {bidder}) has {taken} "
                  f"trick{'s' if taken != 1 else ''} and {'can' if ok else 'cannot'} "
                  f"reach {args.target} with best play by everyone.")
        return 0
    sol = solve_moon(pos)
    if args.json:
        print(json.dumps(sol.to_json()))
        return 0
    side = "the bidder" if pos.to_act == bidder else "an opponent"
    print(f"Moon deal {hand.deal.code}: seat {bidder} bid {pos.bid} in {pos.contract}; "
          f"tricks won {' '.join(map(str, hand.tricks_won))}; on the table: "
          f"{' '.join(map(str, pos.trick)) or '-'}.")
    print(sol.describe())
    print(f"Seat {pos.to_act} to play ({side}); the bidder's tricks from here after each "
          "play:")
    for d, v in sol.plays.items():
        print(f"  {d}  {v}  {sol.label(d)}")
    print("Best line: " + " ".join(str(d) for d in sol.line))
    return 0


def _target(pos: Position, args: argparse.Namespace) -> int:
    if pos.bidder is None:
        raise NotationError("no bidder: the record has no winning bid (or give --bidder)",
                            rule="bidder")
    check_count(args.target, "--target", 1, unit=" points", rule="target")
    team = pos.bidder % 2
    side = "seats 0+2" if team == 0 else "seats 1+3"
    if pos.contract.kind == "nello":
        ok = can_make(pos)
        text = (f"{'Yes' if ok else 'No'}: in nello the declaring side ({side}) "
                f"{'can' if ok else 'cannot'} still lose every trick with best play by both "
                "sides (nello has no target in points).")
    else:
        ok = can_reach(pos, team, args.target - pos.points[team])
        text = (f"{'Yes' if ok else 'No'}: the bidding side ({side}) has {pos.points[team]} "
                f"and {'can' if ok else 'cannot'} reach {args.target} with best play by both "
                "sides.")
    if args.json:
        print(json.dumps({"target": args.target, "team": team, "taken": pos.points[team],
                          "can_make": ok}))
    else:
        print(text)
    return 0


def _advise_in_tricks(args: argparse.Namespace, rules: Rules) -> int:
    """``texas42 advise --rules moon`` (any table bidding in tricks): the hand's odds
    for each bid it may make."""
    if args.contract or args.bids:
        raise NotationError(f"--contract and --bids are for 42; in {rules.name} the hand "
                            "names trumps after the bidding, and every bid is shown",
                            rule="option")
    before = args.auction.replace(",", " ").split()
    if len(before) > rules.seats - 1:
        raise NotationError(f"in {rules.name} the other players bid at most once each "
                            f"before this seat: {rules.seats - 1} bids at most, not "
                            f"{len(before)}", rule="auction")
    try:
        # The bids before this seat say who shook: the seat before the first bidder.
        ev = evaluate_hand(
            " ".join(args.hand), seat=args.seat, auction=before, rules=rules,
            samples=args.samples, seed=args.seed, method=args.method,
        )
    except (Texas42Error, ValueError) as exc:
        return refuse("advise", exc)
    assert isinstance(ev, TrickEvaluation)
    if args.json:
        print(json.dumps(ev.to_json()))
        return 0
    name = "Moon" if rules.name == "moon" else rules.name
    print(f"{name} hand {' '.join(str(d) for d in ev.hand)} (seat {ev.seat}): {ev.method_text}")
    for odds in ev.table():
        print(f"  {odds}")
    b = ev.best
    print("Best: pass (no bid expects to score)." if b.bid == 0
          else f"Best: bid {b.bid} (expected {b.expected:+.1f} points).")
    return 0


def advise_main(args: argparse.Namespace) -> int:
    """Run ``texas42 advise``; returns the exit code."""
    try:
        rules = Rules.from_json(args.rules)
        if rules.bidding == "tricks":
            return _advise_in_tricks(args, rules)
    except (Texas42Error, ValueError) as exc:
        return refuse("advise", exc)
    try:
        hand = DominoSet(" ".join(args.hand))
        auction = args.auction.replace(",", " ").split()
        bids = args.bids.replace(",", " ").split() if args.bids else None
        ev = evaluate_hand(
            hand, seat=args.seat, auction=auction, contracts=args.contract, bids=bids,
            samples=args.samples, seed=args.seed, rules=rules, method=args.method,
        )
    except (Texas42Error, ValueError) as exc:
        return refuse("advise", exc)
    assert isinstance(ev, Evaluation)  # a table bidding in points
    if args.json:
        print(json.dumps(ev.to_json()))
        return 0
    print(ev.summary())
    advice = ev.advice()
    if advice:
        print(advice)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m texas42.analysis solve|advise|moon-match ...``"""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["moon-match"]:
        # The Moon match of the README: the one duplicate match at Moon's table.
        from .match import main as match_main

        return match_main([*args_list[1:], "--rules", "moon", "--quiet"])
    parser = argparse.ArgumentParser(prog="texas42")
    sub = parser.add_subparsers(dest="command", required=True)
    add_solve_parser(sub)
    add_advise_parser(sub)
    add_review_parser(sub)
    args = parser.parse_args(args_list)
    from ..cli import guarded

    return guarded(lambda: args.func(args), f"texas42 {args.command}")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
