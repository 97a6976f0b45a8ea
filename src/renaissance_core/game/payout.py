"""What a commodity card pays (R-6.2–R-6.4, Q-8).

The payout row of a commodity is base × n²; Manufacturing pays as for n + 1 (R-6.3); a
shortage pays one step more and a surplus one step less (Q-8), never below n = 0.

The worked checks of R-6.3 (wine, base 5):

>>> payout(5, 3), payout(5, 1), payout(5, 1, manufacturing=True)
(45, 5, 20)
>>> payout(5, 1, scale=1), payout(5, 1, scale=-1), payout(5, 0, scale=1)
(20, 0, 0)
"""

from __future__ import annotations


def payout(base: int, provinces: int, manufacturing: bool = False, scale: int = 0) -> int:
    """Ducats for a holder of ``provinces`` provinces; scale > 0 shortage, < 0 surplus."""
    if provinces < 1:
        return 0  # only players with n >= 1 are paid
    n = provinces + (1 if manufacturing else 0) + (1 if scale > 0 else -1 if scale < 0 else 0)
    return base * max(n, 0) ** 2
