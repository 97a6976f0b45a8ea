"""The game's own random stream (C-1.8): SplitMix64 over plain Python integers.

Integers behave the same in CPython 3.11 and Pyodide's 3.14, so a seed and an action
log reproduce a game everywhere.

>>> state, die = below(seed_state(7), 6)
>>> die in range(6)
True
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & MASK


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """Advance the stream: (new state, 64 random bits)."""
    state = (state + GOLDEN) & MASK
    return state, _mix(state)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, uniform integer in [0, n)), without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (MASK + 1) - ((MASK + 1) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def peek_below(state: int, salt: int, n: int) -> int:
    """A die derived from the stream without advancing it (virtual players' ties, V-4)."""
    _, value = below(_mix((state ^ (salt * GOLDEN)) & MASK), n)
    return value
