"""What the benchmarks share: the confidence interval of a win rate."""

from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (wins may be fractional: shared wins).

    >>> lo, hi = wilson(70, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.604, 0.781)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
