"""The game's own random stream (C-1.8): the SplitMix64 stream every game shares
(:mod:`boardgame_core.rng`), and the one draw only Vinci makes.

>>> state, die = below(seed_state(7), 6)
>>> die in range(6)
True
"""

from __future__ import annotations

from boardgame_core.rng import GOLDEN, MASK, below, mix, next_u64, seed_state

__all__ = ["GOLDEN", "MASK", "below", "next_u64", "peek_below", "seed_state"]


def peek_below(state: int, salt: int, n: int) -> int:
    """A die derived from the stream without advancing it (virtual players' ties, V-4)."""
    _, value = below(mix((state ^ (salt * GOLDEN)) & MASK), n)
    return value
