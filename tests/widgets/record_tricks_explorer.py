"""Record what the tricks explorer says and shows over seeded hands, at every rules
profile and table it offers and with every contract each offers (issue 24: the
explorer became a view over :class:`texas42.Hand`, and must say the same as before).

``drive()`` plays the explorer through its public controls: the Rules, Contract,
First leader and Hand number pickers, the table's dominoes (``try_play``, the path a
click takes), the typed box, Undo and Start over. At every step it keeps the message,
the state (trick, seats, winner, points, tricks won, the seat to play and its legal
dominoes) and the text of the explanation and table boxes (pictures left out), and it
tries illegal plays on the way (a domino not held, one held but not legal, one already
played, junk text, a play after the last trick) and keeps their refusals.

Run as a script, it writes the fixture ``tricks_explorer_recorded.json.gz`` beside it;
that was done once, from the explorer before the change. ``test_tricks_recorded.py``
drives the explorer of today the same way and compares.
"""

from __future__ import annotations

import gzip
import html
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

#: Gzipped: the JSON is about 5 MB, the same sentences over and over.
FIXTURE = Path(__file__).with_name("tricks_explorer_recorded.json.gz")
#: The hand numbers each profile is played from (the second one on half the contracts).
SEEDS = (3, 11)
#: The state keys kept at every step (the rules, contracts and seed are kept once).
STEP_KEYS = ("leader", "trick", "trick_seats", "to_play", "legal",
             "winner", "points", "tricks_done", "tricks_won", "message")


def text_of(markup: str) -> str:
    """The words of an HTML box: pictures left out, tags dropped, spaces collapsed."""
    no_pictures = re.sub(r"<svg\b.*?</svg>", " ", markup, flags=re.DOTALL)
    words = html.unescape(re.sub(r"<[^>]+>", " ", no_pictures))
    return " ".join(words.split())


def snapshot(ex: Any, *, table: bool = False) -> dict[str, Any]:
    """What the explorer shows now (the table's text only now and then: it is long)."""
    state = ex.state
    out = {key: state[key] for key in STEP_KEYS}
    out["kind"] = ex.message_kind
    out["trick_box"] = text_of(ex.trick_box.value)
    out["why"] = text_of(ex.why_box.value)
    if table:
        out["table"] = text_of(ex.table.value)
        out["contract"] = state["contract"]
        out["sitting_out"] = state["sitting_out"]
    return out


def _attempt(ex: Any, play: Any) -> dict[str, Any]:
    """Try ``play`` (a domino or text); what was said, and whether it was played."""
    ex.last_error = None
    played = ex.try_play(play)
    err = ex.last_error
    return {"try": str(play), "played": played, "message": ex.message, "kind": ex.message_kind,
            "rule": getattr(err, "rule", None), "error": type(err).__name__ if err else None}


def _illegal(ex: Any, rng: random.Random, played: list[str]) -> dict[str, Any] | None:
    """An illegal play for the seat to play, of a kind chosen by ``rng``."""
    state = ex.state
    seat = state["to_play"]
    if seat is None:
        return None
    from texas42 import Domino

    legal = set(state["legal"])
    held = [str(d) for d in ex.deal[seat] if str(d) not in played]
    kinds = []
    not_legal = [d for d in held if d not in legal]
    if not_legal:
        kinds.append(("not-legal", not_legal))
    others = [str(d) for s in range(ex.rules.seats) if s != seat for d in ex.deal[s]
              if str(d) not in played]
    if others:
        kinds.append(("not-held", others))
    if played:
        kinds.append(("played", played))
    if not kinds:
        return None
    kind, pool = kinds[rng.randrange(len(kinds))]
    choice = pool[rng.randrange(len(pool))]
    out = _attempt(ex, Domino.parse(choice))
    out["kind_tried"] = kind
    return out


def play_through(ex: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Play the hand on the table to its end, with illegal tries and an undo on the way."""
    steps: list[dict[str, Any]] = [snapshot(ex, table=True)]
    played: list[str] = []
    for n in range(60):
        state = ex.state
        if state["to_play"] is None:
            break
        if rng.random() < 0.35:
            tried = _illegal(ex, rng, played)
            if tried is not None:
                steps.append({"illegal": tried, **snapshot(ex)})
        if played and rng.random() < 0.06:
            ex.undo_button.click()
            played.pop()
            steps.append({"undo": True, **snapshot(ex)})
            continue
        legal = ex.state["legal"]
        choice = legal[rng.randrange(len(legal))]
        if n % 5 == 4:  # typed now and then, as a learner would
            ex.typed.value = f" {choice} "
            step = {"typed": choice}
        else:
            step = _attempt(ex, choice)
        played.append(choice)
        steps.append({**step, **snapshot(ex, table=len(played) % 7 == 0)})
    steps.append({"after_end": _attempt(ex, "6-6"), **snapshot(ex, table=True)})
    ex.undo_button.click()
    steps.append({"undo": True, **snapshot(ex)})
    ex.clear_button.click()
    steps.append({"start_over": True, **snapshot(ex)})
    ex.undo_button.click()
    steps.append({"undo_nothing": True, **snapshot(ex)})
    return steps


def drive(factory: Any) -> dict[str, Any]:
    """Drive a tricks explorer made by ``factory(**options)`` over every profile and
    contract it offers; every message and result, as plain data."""
    from texas42 import Deal

    record: dict[str, Any] = {"start": {}, "profiles": {}}
    # The constructor's own refusals and defaults.
    for options in ({}, {"contract": "nello"}, {"contract": "sevens", "rules": "lechner",
                                                "seed": 10, "leader": 1},
                    {"contract": "follow-me", "seed": 2}):
        ex = factory(**options)
        record["start"][json.dumps(options, sort_keys=True)] = snapshot(ex, table=True)
    ex = factory()
    keys = [v for _, v in ex.rules_picker.options]
    for p_index, key in enumerate(keys):
        ex.rules_picker.value = key  # keeps the contract when the profile has it
        profile: dict[str, Any] = {"switched": snapshot(ex, table=True),
                                   "contracts_offered": ex.state["contracts"], "hands": []}
        for c_index, contract in enumerate(ex.state["contracts"]):
            rng = random.Random(f"{key}/{contract}")
            seed = SEEDS[c_index % 2]
            ex.seed_box.value = seed
            ex.contract_picker.value = contract
            ex.leader_picker.value = (p_index + c_index) % ex.rules.seats
            hand = {"contract": contract, "seed": seed, "leader": ex.leader_picker.value,
                    "steps": play_through(ex, rng)}
            profile["hands"].append(hand)
        # A deal code, then junk typed into the box.
        code = Deal.from_seed(5, ex.rules.layout).code
        ex.set_deal(code)
        profile["deal_code"] = {"code": code, **snapshot(ex, table=True)}
        ex.typed.value = "zz"
        profile["junk"] = {"message": ex.message, "kind": ex.message_kind}
        record["profiles"][key] = profile
    return record


def load() -> Any:
    """The recorded fixture."""
    return json.loads(gzip.decompress(FIXTURE.read_bytes()))


def main() -> int:
    from texas42.widgets.tricks_explorer import TrickExplorer

    text = json.dumps(drive(TrickExplorer), indent=0, sort_keys=True) + "\n"
    # mtime=0: the same recording gives the same bytes.
    FIXTURE.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
