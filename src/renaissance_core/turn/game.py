"""Starting, replaying and fingerprinting games: seed + action log = the whole game."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from ..game.actions import Action
from ..game.config import GameConfig
from .setup import new_game_state
from .state import GameState


def new_game(config: GameConfig) -> GameState:
    """The position before the first action: cards dealt, each seat keeping 2 of 3 (R-2).

    >>> state = new_game(GameConfig.of(3, seed=1))
    >>> state.step, state.seats_to_act, [len(h) for h in state.hands]
    ('keep', (0, 1, 2), [3, 3, 3])
    """
    state = GameState.blank(config)
    new_game_state(state)
    return state


def replay(config: GameConfig, actions: Iterable[Action]) -> GameState:
    state = new_game(config)
    for action in actions:
        state = state.apply(action)
    return state


def digest(state: GameState) -> str:
    """A short stable hash of every fact of the state (the same in CPython and Pyodide)."""
    blob = json.dumps(state.facts(), separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
