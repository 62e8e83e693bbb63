"""The bounds on the analysis' work: one place for the caps every entry point checks.

A sample count outside ``1..MAX_SAMPLES`` is refused with a
:class:`~texas42.errors.Texas42Error` of ``rule="samples"`` (a ValueError), so a
typo such as ``--samples 100000`` answers at once instead of running for minutes.

>>> check_samples(1100)
1100
>>> check_samples(0)
Traceback (most recent call last):
...
texas42.errors.Texas42Error: samples 0 is out of range: 1 to 10000 deals
"""

from __future__ import annotations

from ..errors import Texas42Error

#: The most deals an odds table (or a computer player) may sample: about 10 s for the
#: whole 42 odds table, 12 s for Moon (``bench/bench_bounds.py``).
MAX_SAMPLES = 10_000
#: The most sampled deals a computer player's decision may solve (each an exact solve).
MAX_PLAYER_SAMPLES = 200


def check_samples(samples: object, top: int = MAX_SAMPLES) -> int:
    """``samples`` when it is a whole number in ``1..top``; else raise
    ``Texas42Error(rule="samples")``."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= top:
        shown = repr(samples)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise Texas42Error(f"samples {shown} is out of range: 1 to {top} deals", rule="samples")
    return samples


__all__ = ["MAX_PLAYER_SAMPLES", "MAX_SAMPLES", "check_samples"]
