"""Homogeneous defence (RULES.md V-5): where tokens go when placed "by the book".

Used by the engine for automatic defender redistribution (C-3.5.2) and by virtual players
for reorganization.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .position import Position
from .scoring import province_points


def defence_level(state: Position, p: int, extra: int = 0) -> int:
    """What the province would cost an attacker with no modifiers: terrain, tokens, fort."""
    return state.board.base_cost[p] + state.tokens[p] + extra + (1 if state.fort[p] else 0)


def civilization_waiting(state: Position, seat: int) -> bool:
    """V-5: another player holds a civilization that has not entered the board yet."""
    for other, player in enumerate(state.players):
        if other != seat and player.civ is not None and player.hand > 0 and not any(
            o == other and not d for o, d in zip(state.owner, state.declined, strict=True)
        ):
            return True
    return False


def homogeneous_placement(state: Position, seat: int, provinces: Sequence[int], count: int,
                          die: Callable[[int], int], base: dict[int, int] | None = None
                          ) -> dict[int, int]:
    """Add ``count`` tokens to ``provinces`` one at a time, always on the weakest one.

    Tokens on the board always count; ``base`` adds tokens already assigned on top of them
    (default: none).
    Ties between equally weak provinces (the leftovers of V-5) go to edge provinces when a
    civilization waits to enter, else to provinces bordering another active empire, then
    to the more valuable province, then to a die.
    """
    board = state.board
    ab = state.players[seat].abilities
    if not provinces or count <= 0:
        return {}
    waiting = civilization_waiting(state, seat)

    def preferred(p: int) -> bool:
        if waiting:
            return board.entry[p]
        return any(state.owner[q] >= 0 and state.owner[q] != seat and not state.declined[q]
                   for q in board.adjacent[p])

    order = list(provinces)
    rolls = {p: die(len(order) * 6) for p in order}  # one die per province breaks last ties
    static = {p: (0 if preferred(p) else 1, -province_points(board, p, ab), rolls[p])
              for p in order}
    added = {p: (base or {}).get(p, 0) for p in order}
    placement: dict[int, int] = {}
    for _ in range(count):
        p = min(order, key=lambda q: (defence_level(state, q, added[q]), static[q]))
        added[p] += 1
        placement[p] = placement.get(p, 0) + 1
    return placement
