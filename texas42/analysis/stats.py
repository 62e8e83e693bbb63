"""Small statistics helpers: 95% intervals for rates and means (pure Python).

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> m, half = mean_interval([1.0, 2.0, 3.0, 4.0])
>>> m, round(half, 2)
(2.5, 1.27)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (good even near 0 and 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Rate:
    """``made`` successes out of ``n``: the rate and its 95% (Wilson) interval. A base
    for the frozen dataclasses of odds, which declare the two fields."""

    made: int
    n: int

    @property
    def p(self) -> float:
        return self.made / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% interval (Wilson)."""
        return wilson(self.made, self.n)

    @property
    def lo(self) -> float:
        return self.interval[0]

    @property
    def hi(self) -> float:
        return self.interval[1]


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return (0.0, math.inf)
    m = sum(values) / n
    if n == 1:
        return (m, math.inf)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return (m, z * math.sqrt(var / n))


def samples_for(half_width: float, p: float = 0.5, z: float = Z95) -> int:
    """Samples needed for a rate near ``p`` to be known within +/- ``half_width``."""
    return math.ceil(z * z * p * (1 - p) / (half_width * half_width))
