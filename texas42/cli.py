"""The ``texas42`` command.

``texas42 deal [--seed N | --code CODE] [--rules PRESET] [--json]``
    show a deal (the hands of the preset's table, and a widow or dominoes laid
    aside where it has them) and its deal code.
``texas42 replay FILE [--hand N] [--student NAME] [--json]``
    check every action of a hand record (or of hand N of a progress export, or of a
    student's progress in the teacher's class export) and print
    each trick and the result; exit status 2 (with the action and the rule) if an
    action is illegal.
``texas42 rules [PRESET]``
    the options of a rules preset, in words; without one, a preset for every number
    of players that can be played, with its seats and source.
``texas42 solve`` / ``texas42 advise`` / ``texas42 review``
    the exact solver, the bid odds and the coach's review of one seat's decisions
    (from :mod:`texas42.analysis`).
``texas42 classroom ARCHIVE_OR_FOLDER [--host H --port P ...]``
    serve a built site or a site archive (:mod:`texas42.classroom.archive`).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from .analysis import cli as analysis_cli
from .bidding import bid_text
from .deals import Deal
from .errors import NotationError, Texas42Error, UnreadableFileError, quote
from .records import (
    HandRecord,
    RecordNotationError,
    ReplayError,
    result_json,
)
from .rules import ALL_PRESETS, Rules

EXIT_ILLEGAL = 2
#: A closed pipe (``texas42 deal | head -0``): quiet, as a tool killed by SIGPIPE.
EXIT_PIPE = 141


def _print_json(data: Any) -> None:
    print(json.dumps(data))


def _deal_main(args: argparse.Namespace) -> int:
    rules = Rules.preset(args.rules)
    layout = rules.layout
    deal = (Deal.from_code(args.code, layout) if args.code is not None
            else Deal.from_seed(args.seed, layout))
    widow = [str(d) for d in deal.widow_set]
    if args.json:
        out: dict[str, Any] = {"code": deal.code, "hands": deal.to_lists()}
        if rules.widow:
            out["widow"] = widow[0] if rules.widow == 1 else widow  # (as records write it)
        if rules.aside:
            out["aside"] = [str(d) for d in deal.aside]
        _print_json(out)
        return 0
    moon = " Moon" if rules.bidding == "tricks" else ""
    print(f"{moon.strip() + ' d' if moon else 'D'}eal code: {deal.code}")
    for seat, hand in enumerate(deal.hands):
        print(f"  seat {seat}: {hand}" + ("" if moon else f"   (count {hand.count})"))
    if rules.widow:
        print(f"  widow (face down): {' '.join(widow)}")
    if rules.aside:
        print(f"  laid aside (face down, out of play): {deal.aside}")
    return 0


def _error_json(kind: str, index: int | None, message: str, rule: str) -> dict[str, Any]:
    return {"error": {"kind": kind, "index": index, "message": message, "rule": rule}}


def _replay_main(args: argparse.Namespace) -> int:
    found = analysis_cli.read_hand(args.file, args.hand, args.student)
    if found is None:
        raise UnreadableFileError(f"cannot read {quote(args.file)}: no such file")
    try:
        hand = HandRecord.from_dict(found[0]).replay()
    except (ReplayError, RecordNotationError) as exc:
        # With --json the error is also on standard output, as data (the line on standard
        # error is every command's).
        if args.json:
            _print_json(_error_json(exc.kind, exc.index, exc.message, exc.rule))
        raise Texas42Error(f"illegal {exc.kind} {exc.index}: {exc.message}",
                           rule=exc.rule) from None
    except NotationError as exc:
        if args.json:
            _print_json(_error_json("record", None, exc.message, exc.rule))
        raise NotationError(f"bad hand record: {exc.message}", rule=exc.rule) from None
    summary = result_json(hand)
    if args.json:
        _print_json(summary)
        return 0
    print(f"Deal {hand.deal.code}, shaker seat {hand.shaker}, rules {hand.rules.name}")
    in_tricks = hand.rules.bidding == "tricks"
    bids = ", ".join(
        f"seat {a.seat} {a.value if in_tricks and a.value else bid_text(a.value)}"  # type: ignore[arg-type]
        for a in hand.actions if a.kind == "bid"
    )
    print(f"Bids: {bids}")
    if hand.discards:
        print(f"Discarded: {' '.join(str(d) for d in hand.discards)}")
    if hand.contract is not None:
        print(f"Contract: {hand.contract} (named by seat {hand.bidder})")
    for n, trick in enumerate(hand.tricks, 1):
        plays = " ".join(f"{d}" for d in trick.plays)
        print(
            f"Trick {n}: seat {trick.leader} leads: {plays}; seat {trick.winner} wins "
            f"{trick.points} point{'s' if trick.points != 1 else ''}"
        )
    print(hand.status())
    return 0


def _rules_main(args: argparse.Namespace) -> int:
    if args.preset is None:
        print("Presets by the number of players (texas42 rules NAME for one in words):")
        for rules in sorted(ALL_PRESETS.values(), key=lambda r: (r.players, r.seats)):
            people = f"{rules.players} player{'s' if rules.players != 1 else ''}"
            print(f"  {people}: {rules.name} ({rules.seats} seats; source: {rules.source})")
        return 0
    rules = Rules.preset(args.preset)
    print(f"{rules.name} (sources: {rules.source})")
    for line in rules.describe():
        print(f"  - {line}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="texas42", description="Texas 42, the partnership domino game."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    deal = sub.add_parser("deal", help="show a deal and its code")
    source = deal.add_mutually_exclusive_group()
    source.add_argument("--seed", type=analysis_cli.seed_number, default=None,
                        help="shake with this seed")
    source.add_argument("--code", help="show the deal with this code")
    deal.add_argument("--rules", default="standard", choices=sorted(ALL_PRESETS),
                      help="rules preset: its table's deal (default standard)")
    deal.add_argument("--json", action="store_true", help="print JSON")
    deal.set_defaults(func=_deal_main)

    replay = sub.add_parser("replay", help="check and replay a hand record")
    replay.add_argument("file", help="a hand record, a progress or class export (JSON "
                        "file, '-' for standard input)")
    replay.add_argument("--hand", type=analysis_cli.hand_number, default=None,
                        help=analysis_cli.HAND_HELP)
    replay.add_argument("--student", default=None, metavar="NAME",
                        help=analysis_cli.STUDENT_HELP)
    replay.add_argument("--json", action="store_true", help="print JSON")
    replay.set_defaults(func=_replay_main)

    rules = sub.add_parser("rules", help="describe a rules preset")
    rules.add_argument("preset", nargs="?", default=None, choices=sorted(ALL_PRESETS))
    rules.set_defaults(func=_rules_main)

    analysis_cli.add_solve_parser(sub)
    analysis_cli.add_advise_parser(sub)
    analysis_cli.add_review_parser(sub)
    # Every argument is passed on: texas42.classroom.archive parses them with the server's
    # own options. Imported only when run: the engine never loads the classroom server.
    classroom = sub.add_parser(
        "classroom", add_help=False, prefix_chars="\x01",
        help="serve a built site or a site archive (.zip, .tar.gz) to this computer or a room",
    )
    classroom.add_argument("arguments", nargs="*", metavar="ARCHIVE_OR_FOLDER [OPTIONS]")
    classroom.set_defaults(func=_classroom_main)
    return parser


def _classroom_main(args: argparse.Namespace) -> int:
    from .classroom.archive import main as classroom_main

    return classroom_main(args.arguments)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; bad input of any kind exits 2 with one ``texas42 CMD: ...`` line
    (the documented :mod:`texas42.errors`; anything else is a bug and shows as one)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    return guarded(lambda: int(args.func(args)), f"texas42 {args.command}")


def guarded(run: Any, prefix: str) -> int:
    """``run()``, with its documented errors as ``prefix: message`` and exit 2, and a
    closed standard output as a quiet exit (closed before the start, ``CMD >&-``: a
    message on standard error, and nothing run)."""
    if sys.stdout is None:  # Python's stand-in for a standard output closed at the start
        if sys.stderr is not None:
            print(f"{prefix}: standard output is closed: nothing to print the answer to",
                  file=sys.stderr)
        return EXIT_ILLEGAL
    try:
        code = int(run())
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return code
    except Texas42Error as exc:
        return analysis_cli.refuse(prefix.removeprefix("texas42 "), exc)
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_PIPE
    except OSError as exc:
        # A standard output that cannot take the answer (`> /dev/full`, a full disk, a lost
        # terminal): say so once, on standard error, instead of a traceback.
        if exc.errno not in _WRITE_ERRORS:
            raise
        _quiet_stdout()
        print(f"{prefix}: cannot write the answer to standard output: {exc.strerror}",
              file=sys.stderr)
        return EXIT_ILLEGAL


#: The errors of a write that cannot go through (the answer is lost, not the input wrong).
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})


def _quiet_stdout() -> None:
    """Python would complain again when it flushes stdout at exit: point it elsewhere."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
