"""The bidding estimate's shortcut for the guesses: ``worth`` is exactly the points of
``best_strength``, for any hand and any list of contracts a table allows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from texas42 import Domino
from texas42.analysis.rules_of_thumb import best_strength, worth
from texas42.hand import allowed_contracts
from texas42.rules import PRESETS

CONTRACT_LISTS = [
    tuple(c for c in allowed_contracts(rules) if c.kind in ("trumps", "doubles", "follow-me"))
    for rules in PRESETS.values()
]

hands = st.sets(st.integers(0, 27), min_size=0, max_size=9).map(
    lambda s: sum(1 << i for i in s))


@settings(max_examples=400, deadline=None)
@given(hands, st.sampled_from(CONTRACT_LISTS), st.randoms(use_true_random=False))
def test_worth_is_best_strength_points(held, contracts, rnd):
    # Any order of the contracts: ties go to the first in both.
    order = list(contracts)
    rnd.shuffle(order)
    cs = tuple(order)
    assert worth(held, cs) == best_strength(held, cs).points


def test_worth_of_a_strong_hand():
    # The six top sixes and the 5-5: seven sure tricks, all 42 points.
    sixes = [(6, 6), (6, 5), (6, 4), (6, 3), (6, 2), (6, 1), (5, 5)]
    held = sum(1 << Domino(a, b).index for a, b in sixes)
    assert worth(held, CONTRACT_LISTS[0]) == 42
