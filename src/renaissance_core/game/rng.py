"""The game's own random stream, kept in the state: the SplitMix64 stream every game shares
(:mod:`boardgame_core.rng`, the same as Vinci's), so a seed and an action log reproduce a
game in CPython and in Pyodide alike.

>>> state, die = roll(seed_state(7))
>>> 1 <= die <= 6
True
"""

from __future__ import annotations

from boardgame_core.rng import below, roll, seed_state, shuffled

__all__ = ["below", "roll", "seed_state", "shuffled"]
