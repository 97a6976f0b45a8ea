"""The end (R-13.3, Q-26): advances' values + cash − the misery level's value."""

from __future__ import annotations

from .state import GameState


def score(state: GameState, seat: int) -> int:
    advances = sum(state.sheet.advances[a].cost for a in state.advances[seat])
    return advances + state.cash[seat] - state.level_value(seat)


def winners(state: GameState) -> list[int]:
    """Highest score; ties: more cash, then lower misery; otherwise shared (Q-26)."""
    live = [p for p in range(state.players) if state.alive[p]]
    if not live:
        return []
    key = {p: (score(state, p), state.cash[p], -state.misery[p]) for p in live}
    best = max(key.values())
    return [p for p in live if key[p] == best]


def returns(state: GameState) -> list[float]:
    """1 for each winner of a finished game, 0 otherwise (all 0 while it runs); an
    eliminated player never wins (Q-43)."""
    if not state.terminal:
        return [0.0] * state.players
    won = set(winners(state))
    return [1.0 if p in won else 0.0 for p in range(state.players)]
