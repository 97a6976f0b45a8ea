"""Random play: a legal action drawn uniformly at every step (benchmarks and conformance tests).

The choices come from a SplitMix64 stream of :mod:`vinci_core.game.rng` seeded explicitly, kept
apart from the game's own stream, so a (config, seed) pair always gives the same game.

>>> from vinci_core import GameConfig, Seat
>>> cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=5)  # the Europe board
>>> game = play_random(cfg, seed=1)
>>> game.state.is_terminal, len(game.actions) == game.state.ply
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..game import rng
from ..game.actions import Action
from ..turn.state import GameState, new_game

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig

# Far above any real game (hundreds of turns of place-by-place reorganization).
MAX_ACTIONS = 200_000


class RandomChooser:
    """Uniform choice among ``n`` options from an explicitly seeded SplitMix64 stream."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = rng.seed_state(seed ^ 0x5EED_CAFE)

    def below(self, n: int) -> int:
        self._state, value = rng.below(self._state, n)
        return value

    def pick(self, options: list[Action]) -> Action:
        return options[self.below(len(options))]


@dataclass
class RandomGame:
    """A finished (or cut-off) random game: the last state and every action applied."""

    state: GameState
    actions: list[Action] = field(default_factory=list)


def play_random(config: GameConfig, seed: int = 0, max_actions: int = MAX_ACTIONS,
                check: Callable[[GameState, Action, GameState], None] | None = None
                ) -> RandomGame:
    """Play ``config`` to the end with uniformly random legal actions.

    ``check(before, action, after)`` runs after every action when given. Raises
    RuntimeError if the game is not over after ``max_actions`` actions.
    """
    chooser = RandomChooser(seed)
    state = new_game(config)
    actions: list[Action] = []
    while not state.is_terminal:
        if len(actions) >= max_actions:
            raise RuntimeError(f"game not over after {max_actions} actions")
        options = state.legal_actions()
        if not options:
            raise RuntimeError(f"no legal action in phase {state.phase!r}")
        action = chooser.pick(options)
        after = state.apply(action)
        if check is not None:
            check(state, action, after)
        actions.append(action)
        state = after
    return RandomGame(state, actions)
