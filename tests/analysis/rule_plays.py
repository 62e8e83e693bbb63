"""The rule-based players' decisions over seeded games, as plain data.

``record()`` plays seeded hands at every table with the rule-based player in every seat,
runs the mask playouts over seeded holdings and weighs seeded guesses of the unseen hands
by the rule-based policy; tests/analysis/data/rule_plays.json holds what it gave once,
recorded with the engine of commit 04e4b3e (before the rules of thumb took their settings
as objects, issue 24), and test_rule_plays.py checks that nothing changed since:

    PYTHONPATH=. python -m tests.analysis.rule_plays   # rewrite the record (only on purpose)
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from texas42 import Contract, Deal, Hand, Phase
from texas42.analysis.players import RuleBasedPlayer, decide, play_hand
from texas42.analysis.playout import rule_playout, table_playout
from texas42.analysis.sampling import play_likelihood, sample_holdings
from texas42.analysis.view import SeatView
from texas42.rules import ALL_PRESETS

RECORD = Path(__file__).parent / "data" / "rule_plays.json"
GAMES_PER_TABLE = 16
PLAYOUTS = 60
CONTRACTS = ("sixes", "fives", "blanks", "doubles", "follow-me", "nello", "sevens")


def games() -> dict[str, list[list[str]]]:
    """Each table's seeded hands: every decision as ``seat: action``, then the result and
    a digest of the reasons given (the sentences are long; a change shows as a new digest)."""
    out: dict[str, list[list[str]]] = {}
    for name, rules in ALL_PRESETS.items():
        hands = []
        for seed in range(GAMES_PER_TABLE):
            hand = Hand(Deal.from_seed(seed, rules.layout), shaker=seed % rules.seats,
                        rules=rules)
            log = play_hand(hand, [RuleBasedPlayer()] * rules.seats)
            steps = [f"{seat}: {d.action}" for seat, d in log]
            steps.append(hand.result.describe() if hand.result else str(hand.phase))
            reasons = "\n".join(d.reason for _, d in log).encode()
            steps.append("reasons " + hashlib.sha256(reasons).hexdigest()[:16])
            hands.append(steps)
        out[name] = hands
    return out


def playouts() -> list[list[int]]:
    """42's mask playouts (points bids and mark bids, from the start and mid-trick) and
    the other tables' playouts, over seeded holdings."""
    rng = random.Random(24)
    out: list[list[int]] = []
    for i in range(PLAYOUTS):
        order = list(range(28))
        rng.shuffle(order)
        hands = [sum(1 << x for x in order[7 * s:7 * s + 7]) for s in range(4)]
        contract = Contract.parse(CONTRACTS[i % len(CONTRACTS)])
        bidder = i % 4
        every = i % 3 == 0
        out.append([*rule_playout(hands, contract, bidder, every_trick=every)])
        # From the middle of the first trick: the leader's lowest domino led.
        lead = (hands[bidder] & -hands[bidder]).bit_length() - 1
        rest = list(hands)
        rest[bidder] &= ~(1 << lead)
        if contract.kind not in ("nello", "sevens"):
            out.append([*rule_playout(rest, contract, bidder, bidder, every,
                                      trick=[lead], points=(3, 5))])
    for name in ("three-hand", "two-hand", "moon", "moon-5"):
        rules = ALL_PRESETS[name]
        for seed in range(PLAYOUTS // 6):
            deal = Deal.from_seed(100 + seed, rules.layout)
            hands = [h.mask for h in deal.hands]
            contract = Contract.parse(CONTRACTS[seed % 4])
            bidder = seed % rules.seats
            high = 42 if seed % 5 == 0 and rules.bidding == "points" else 0
            out.append([*table_playout(hands, contract, rules, bidder, bidder,
                                       high_bid=high)])
    return out


def likelihoods() -> list[float]:
    """How well seeded guesses of the unseen hands explain the plays a seat saw (the
    rule-based policy judges each guess), at each trick of seeded hands at 42's table."""
    out: list[float] = []
    for seed in range(GAMES_PER_TABLE):
        hand = Hand(Deal.from_seed(200 + seed), shaker=seed % 4)
        player = RuleBasedPlayer()
        rng = random.Random(seed)
        while not hand.is_over:
            if hand.phase is Phase.PLAYING and not hand.current_trick and hand.tricks:
                view = SeatView.of(hand)
                for _ in range(3):
                    guess = sample_holdings(view, rng)
                    if guess is not None:
                        out.append(play_likelihood(view, guess))
            decision = decide(player, hand)
            hand.apply((decision.kind, decision.action))
    return out


def record() -> dict[str, Any]:
    return {"games": games(), "likelihoods": likelihoods(), "playouts": playouts()}


def write(data: dict[str, Any]) -> str:
    """The record as JSON, one hand or playout a line (a change reads as a short diff)."""
    lines = ['{"games": {']
    tables = sorted(data["games"].items())
    for t, (name, hands) in enumerate(tables):
        lines.append(f"{json.dumps(name)}: [")
        lines += [json.dumps(h) + ("," if i < len(hands) - 1 else "")
                  for i, h in enumerate(hands)]
        lines.append("]" + ("," if t < len(tables) - 1 else ""))
    lines.append(f'}}, "likelihoods": {json.dumps(data["likelihoods"])},')
    lines.append('"playouts": [')
    n = len(data["playouts"])
    lines += [json.dumps(p) + ("," if i < n - 1 else "") for i, p in enumerate(data["playouts"])]
    lines.append("]}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    RECORD.write_text(write(record()), encoding="utf-8")
    print(f"wrote {RECORD}")
