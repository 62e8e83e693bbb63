"""Search for the worst cases of the bounded operations: random positions, then
hill-climbing (mutate the position, keep the mutation when it costs at least as much).

    PYTHONPATH=. python3 bench/find_worst.py claim [--seed 1] [--starts 4] [--steps 60]
    PYTHONPATH=. python3 bench/find_worst.py solve  [--seed 1] [--starts 3] [--steps 40]
    PYTHONPATH=. python3 bench/find_worst.py player [--seed 1] [--starts 2] [--steps 10]
    PYTHONPATH=. python3 bench/find_worst.py odds   [--seed 1] [--starts 6]
    PYTHONPATH=. python3 bench/find_worst.py issue   (rewrites bench/worst/*_issue.json)

The cost is deterministic where it can be (positions searched for a claim and a
solve), CPU seconds otherwise. The worst case found is added to
``bench/worst/<kind>.json`` (``--write``), where ``bench/bench_bounds.py`` asserts its
bound. A search, not a benchmark: it takes minutes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from texas42 import STANDARD, Deal, Hand, Phase, verify_claim
from texas42 import claims as claims_module
from texas42.analysis import Position, Solver, solve
from texas42.analysis import solver as solver_module
from texas42.analysis.evaluator import evaluate_hand
from texas42.analysis.players import RuleBasedPlayer, SamplingPlayer, decide
from texas42.dominoes import DOMINOES

WORST = Path(__file__).resolve().parent / "worst"
HOUSE = STANDARD.replace(name="worst-house", nello=("high",), sevens=True)
CLAIM_CONTRACTS = ("follow-me", "sixes", "doubles", "nello", "sevens", "blanks")
SOLVE_CONTRACTS = ("follow-me", "sixes", "doubles", "nello", "sevens", "fives")
State = tuple[list[list[int]], str, int, int]  # hands, contract, plays before, play seed


def _hand(state: State, bid: int = 42) -> Hand | None:
    """The position of ``state``: seat 0 bids and names, ``plays`` plays made by the
    rule-based player (or at random from the seed); ``None`` if the claimant may not."""
    hands, contract, plays, seed = state
    hand = Hand(Deal([[DOMINOES[i] for i in h] for h in hands]), shaker=3, rules=HOUSE)
    hand.bid(bid)
    while hand.phase is Phase.BIDDING:
        hand.bid("pass")
    hand.name_contract(contract)
    rng = random.Random(seed)
    player = RuleBasedPlayer()
    for _ in range(plays):
        if hand.phase is not Phase.PLAYING:
            return None
        legal = hand.legal_plays()
        choice = decide(player, hand).action if rng.random() < 0.5 else rng.choice(legal)
        hand.play(choice)  # type: ignore[arg-type]
    if hand.phase is not Phase.PLAYING:
        return None
    if hand.sitting_out is not None and hand.to_act != hand.declarer:
        return None
    return hand


def _mutate(rng: random.Random, state: State, contracts: tuple[str, ...]) -> State:
    hands, contract, plays, seed = state
    new = [list(h) for h in hands]
    r = rng.random()
    if r < 0.7:
        a, b = rng.sample(range(4), 2)
        i, j = rng.randrange(7), rng.randrange(7)
        new[a][i], new[b][j] = new[b][j], new[a][i]
    elif r < 0.85:
        plays = max(0, min(24, plays + rng.choice((-4, -1, 1, 4))))
    elif r < 0.95:
        seed = rng.randrange(1 << 30)
    else:
        contract = rng.choice(contracts)
    return new, contract, plays, seed


def _random_state(rng: random.Random, contracts: tuple[str, ...], plays: int) -> State:
    idx = list(range(28))
    rng.shuffle(idx)
    return [idx[7 * s: 7 * s + 7] for s in range(4)], rng.choice(contracts), plays, rng.randrange(
        1 << 30)


def claim_cost(state: State) -> tuple[float, dict[str, Any]] | None:
    hand = _hand(state)
    if hand is None:
        return None
    claims_module._RECENT.clear()
    t = time.process_time()
    check = verify_claim(hand, hand.to_act)
    dt = time.process_time() - t
    return check.nodes + dt, {
        "record": hand.record().to_dict(), "seat": hand.to_act, "nodes": check.nodes,
        "seconds": round(dt, 3), "verdict": check.explain()[:160],
    }


def solve_cost(state: State) -> tuple[float, dict[str, Any]] | None:
    hands, contract, _, _ = state
    hand = _hand((hands, contract, 0, 0))
    if hand is None:
        return None
    pos = Position.from_hand(hand)
    solver_module._SOLVERS.clear()
    solver_module._SOLUTIONS.clear()
    t = time.process_time()
    Solver(pos.contract, pos.out, pos.tie_team).value(pos)
    solver_module._SOLVERS.clear()
    solver_module._SOLUTIONS.clear()
    solve(pos)
    dt = time.process_time() - t
    return dt, {"record": hand.record().to_dict(), "seconds": round(dt, 3)}


def player_cost(state: State) -> tuple[float, dict[str, Any]] | None:
    hands, contract, plays, seed = state
    hand = _hand((hands, contract, plays % 4, seed))
    if hand is None:
        return None
    t = time.process_time()
    decide(SamplingPlayer(samples=12), hand)
    dt = time.process_time() - t
    return dt, {"record": hand.record().to_dict(), "samples": 12, "seconds": round(dt, 3)}


AUCTIONS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("84",), "standard"), (("pass", "84"), "standard"), (("30", "84"), "standard"),
    (("84", "126"), "standard"), (("84", "126", "168"), "standard"),
    (("plunge",), "lechner"), (("pass", "plunge"), "lechner"), (("pass", "30"), "standard"),
)


def odds_search(rng: random.Random, starts: int) -> dict[str, Any]:
    worst: dict[str, Any] = {}
    for _ in range(starts):
        for auction, rules in AUCTIONS:
            hand = rng.sample(DOMINOES, 7)
            t = time.process_time()
            try:
                evaluate_hand(hand, seat=len(auction), auction=auction, rules=rules,
                              samples=100, seed=1)
            except ValueError:
                continue  # that auction is not possible with this hand
            dt = time.process_time() - t
            if dt > worst.get("seconds_100", 0):
                worst = {"hand": " ".join(map(str, hand)), "seat": len(auction),
                         "auction": list(auction), "rules": rules, "seconds_100": round(dt, 3)}
                print(f"  {dt:.2f} s for 100 deals: {worst}", flush=True)
    return worst


def climb(kind: str, rng: random.Random, starts: int, steps: int) -> dict[str, Any]:
    cost = {"claim": claim_cost, "solve": solve_cost, "player": player_cost}[kind]
    contracts = CLAIM_CONTRACTS if kind == "claim" else SOLVE_CONTRACTS
    best: tuple[float, dict[str, Any]] = (-1.0, {})
    for start in range(starts):
        state = _random_state(rng, contracts, rng.choice((4, 4, 8, 12)) if kind == "claim" else 0)
        here = cost(state)
        while here is None:
            state = _random_state(rng, contracts, 4)
            here = cost(state)
        for _ in range(steps):
            new = _mutate(rng, state, contracts)
            got = cost(new)
            if got is not None and got[0] >= here[0]:
                state, here = new, got
        print(f"  start {start}: cost {here[0]:.2f} {json.dumps(here[1])[:300]}", flush=True)
        if here[0] > best[0]:
            best = here
    return best[1]


def issue_cases() -> None:
    """Write the cases of issue 15 (and those found while fixing it) as regression files,
    computed with the API: ``bench/worst/*_issue.json``."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from engine.test_claims import PARTNER_DEAL, PARTNER_PLAYS, hand_after, position

    claims = []
    guarded = Hand(Deal(["4-4 3-3 6-1 6-5 6-6 5-5 2-2", "3-1 0-0 1-1 6-2 2-1 6-4 5-2",
                         "4-0 5-0 4-2 2-0 5-3 4-3 3-0", "5-4 4-1 5-1 1-0 6-0 6-3 3-2"]),
                   shaker=3)
    guarded.bid(42)
    for _ in range(3):
        guarded.bid("pass")
    guarded.name_contract("follow-me")
    for x in ("4-4", "6-4", "4-0", "5-4"):
        guarded.play(x)
    claims.append(("follow-me 42 after one trick, a guarded six (was 251,000 positions, 17 s)",
                   guarded))
    claims.append(("follow-me 42 after one trick, the partner's 5-5 (a valid claim)",
                   hand_after(PARTNER_DEAL, "follow-me", PARTNER_PLAYS[:4], 42)))
    for seed, left in ((88, 5), (120, 5), (178, 4)):
        hand = position(seed, "nello", left, 0)
        assert hand is not None
        claims.append((f"nello, {left} tricks left (tests' position seed {seed})", hand))
    out = [{"name": name, "record": h.record().to_dict(), "seat": h.to_act}
           for name, h in claims]
    (WORST / "claim_issue.json").write_text(json.dumps(out, indent=1) + "\n")
    hand = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
    odds = [{"name": f"after {' '.join(a)} ({r})", "hand": hand, "seat": len(a),
             "auction": list(a), "rules": r} for a, r in AUCTIONS]
    (WORST / "odds_issue.json").write_text(json.dumps(odds, indent=1) + "\n")
    moon = [{"name": f"Moon after {b}", "hand": "6-6 6-5 6-4 5-5 4-4 3-3 2-1", "seat": 2,
             "shaker": 2, "bids_before": b} for b in ([7, 0], [0, 7], [4, 5], [0, 0])]
    (WORST / "moon_issue.json").write_text(json.dumps(moon, indent=1) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", nargs="?", choices=("claim", "solve", "player", "odds", "issue"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--starts", type=int, default=4)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--write", action="store_true", help="add the worst to bench/worst/")
    args = parser.parse_args()
    if args.kind is None:  # `make bench` runs every script bare: a search is not a benchmark
        print("find_worst: a search of minutes, not a benchmark; give a kind (see --help). "
              "The bounds are checked by bench/bench_bounds.py.")
        return 0
    rng = random.Random(args.seed)
    if args.kind == "issue":
        issue_cases()
        return 0
    if args.kind == "odds":
        found = odds_search(rng, args.starts)
    else:
        found = climb(args.kind, rng, args.starts, args.steps)
    record = found.get("record", {})
    found.setdefault("name", f"{record.get('contract', '')} after {len(record.get('plays', []))} "
                     "plays, hill-climbed")
    found["found_by"] = (f"bench/find_worst.py {args.kind} --seed {args.seed} --starts "
                         f"{args.starts} --steps {args.steps}")
    print(json.dumps(found))
    if args.write:
        path = WORST / f"{args.kind}.json"
        cases = json.loads(path.read_text()) if path.exists() else []
        cases.append(found)
        path.write_text(json.dumps(cases, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
