"""Renaissance's rules engine: pure Python, a sibling of ``vinci_core`` (see docs/renaissance.md).

>>> from renaissance_core import GameConfig, new_game
>>> state = new_game(GameConfig.of(4, seed=3))
>>> state.current_player is None, len(state.seats_to_act)
(True, 4)
"""

from __future__ import annotations

from .game.actions import Action, action_json, parse_action
from .game.config import GameConfig, Seat
from .game.errors import IllegalAction
from .turn.game import digest, new_game, replay
from .turn.state import GameState
from .turn.view import observation

__all__ = ["Action", "GameConfig", "GameState", "IllegalAction", "Seat", "action_json",
           "digest", "new_game", "observation", "parse_action", "replay"]
