"""What every Renaissance player shares: it decides on what its seat may know (R-12), and a
game is played on with one player a seat.

>>> from renaissance_core import GameConfig, new_game
>>> from renaissance_core.players.randomplay import RandomPlayer
>>> state = new_game(GameConfig.of(3, seed=2))
>>> play_on(state, [RandomPlayer(seat) for seat in range(3)]).is_terminal
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game.actions import Action
from ..turn.state import GameState
from ..turn.view import observation, own_actions


class SeatPlayer:
    """A player that sees only its seat's observation and its own legal actions: ``act``
    (each kind of player's own) is handed nothing else, so its choices can depend on no
    hidden fact."""

    def choose(self, state: GameState, seat: int) -> Action:
        """The seat's move: ``act`` on its observation and its own legal actions."""
        return self.act(observation(state, seat), own_actions(state.legal_actions(), seat))

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick among ``legal`` (the seat's own actions) knowing only ``view``."""
        raise NotImplementedError


def play_on(state: GameState, players: Sequence[SeatPlayer],
            max_actions: int = 100_000) -> GameState:
    """Play on from ``state``, each seat's move chosen by its player, until the end (or
    ``max_actions`` more actions)."""
    for _ in range(max_actions):
        if state.is_terminal:
            break
        seat = state.seats_to_act[0]
        state = state.apply(players[seat].choose(state, seat))
    return state
