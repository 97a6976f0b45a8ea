"""Renaissance's rules engine: pure Python, a sibling of ``vinci_core`` (see docs/renaissance.md).

>>> from renaissance_core import GameConfig, new_game
>>> state = new_game(GameConfig.of(4, seed=3))
>>> state.current_player is None, len(state.seats_to_act)
(True, 4)
"""

from __future__ import annotations

from boardgame_core.errors import SaveError

from .game.actions import Action, action_json, parse_action
from .game.config import GameConfig, Seat
from .game.errors import IllegalAction
from .game.versions import RULES_VERSION
from .table.renaissance_game import GAME
from .table.save import decode_save, encode_save, load_game, save_facts
from .turn.game import digest, new_game, replay
from .turn.state import GameState
from .turn.view import observation

__all__ = ["GAME", "RULES_VERSION", "Action", "GameConfig", "GameState", "IllegalAction",
           "SaveError", "Seat", "action_json", "decode_save", "digest",
           "encode_save", "load_game", "new_game", "observation", "parse_action", "replay",
           "save_facts"]
