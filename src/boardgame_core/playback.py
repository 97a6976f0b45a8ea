"""A cursor over the positions of an action log: stepping by action or by the units a game
names (a turn, a round), to the next or the previous one.

The game says where a unit begins with one function per unit that maps a position to a key:
a new unit starts wherever the key changes.

>>> moves = Cursor(["r1", "r1", "r2", "r2", "r2", "r3"], {"round": lambda s: s})
>>> moves.units, moves.last
(('action', 'round'), 5)
>>> moves.step(0, "round", +1), moves.step(3, "round", -1), moves.step(2, "round", -1)
(2, 2, 0)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Generic, TypeVar

S = TypeVar("S")


class Cursor(Generic[S]):
    """Positions ``0`` (the start) to :attr:`last` (the game as it is) of one game, and where
    each of the game's units begins."""

    def __init__(self, positions: Sequence[S], units: Mapping[str, Callable[[S], Hashable]]
                 ) -> None:
        self.last = len(positions) - 1
        self.units = ("action", *units)
        self.starts = {unit: self._starts(positions, key) for unit, key in units.items()}

    def _starts(self, positions: Sequence[S], key: Callable[[S], Hashable]) -> list[int]:
        """Positions where a new unit begins, with the first and the last."""
        out = [0]
        for i in range(1, len(positions)):
            if key(positions[i]) != key(positions[i - 1]):
                out.append(i)
        if out[-1] != self.last:
            out.append(self.last)
        return out

    def clamp(self, i: int) -> int:
        return max(0, min(self.last, i))

    def step(self, i: int, unit: str, direction: int) -> int:
        """The position one ``unit`` after (``direction`` +1) or before (-1) position ``i``.
        Back by a unit from inside one goes to that unit's start."""
        if unit not in self.units:
            raise ValueError(f"unknown step {unit!r}: one of {', '.join(self.units)}")
        i = self.clamp(i)
        if unit == "action":
            return self.clamp(i + direction)
        stops = self.starts[unit]
        if direction > 0:
            k = bisect_right(stops, i)
            return stops[k] if k < len(stops) else self.last
        k = bisect_left(stops, i)
        return stops[k - 1] if k > 0 else 0
