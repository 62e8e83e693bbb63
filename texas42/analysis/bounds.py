"""The bounds on the analysis' work: one place for the caps every entry point checks.

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

from ..errors import check_count

#: The most deals an odds table (or a computer player) may sample: about 10 s for the
#: whole 42 odds table, 12 s for Moon (``bench/bench_bounds.py``).
MAX_SAMPLES = 10_000
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


__all__ = ["MAX_PLAYER_SAMPLES", "MAX_SAMPLES", "MAX_TRIES", "TRIES_PER_DEAL", "UNLIKELY_TRIES",
           "check_samples", "guesses_allowed"]
