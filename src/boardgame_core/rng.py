"""The random stream every game keeps in its state: SplitMix64 over plain Python integers.

A game's state holds the stream's 64-bit state as an integer; each draw returns the new
state with the value, so a config (its seed) and an action log reproduce the game.
Integers behave the same in CPython and in Pyodide, so a game replays alike in both.

>>> state, die = roll(seed_state(7))
>>> 1 <= die <= 6
True
>>> state, value = below(seed_state(7), 6)
>>> value in range(6)
True
>>> sorted(shuffled(seed_state(1), [1, 2, 3])[1])
[1, 2, 3]
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & MASK


def mix(z: int) -> int:
    """SplitMix64's output function: 64 well-mixed bits of ``z``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """Advance the stream: (new state, 64 random bits)."""
    state = (state + GOLDEN) & MASK
    return state, mix(state)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, uniform integer in [0, n)), without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (MASK + 1) - ((MASK + 1) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def roll(state: int) -> tuple[int, int]:
    """(new state, a d6 from 1 to 6)."""
    state, value = below(state, 6)
    return state, value + 1


def shuffled(state: int, items: list[T]) -> tuple[int, list[T]]:
    """(new state, a Fisher-Yates shuffled copy of items)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out
