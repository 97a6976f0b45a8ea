"""Renaissance as one :class:`boardgame_core.api.Game`: the functions around its state that
what is common to every game (the conformance suite, a table that holds any game) calls.

>>> from renaissance_core import GAME, GameConfig
>>> config = GameConfig.of(3, seed=3)
>>> state = GAME.new_game(config)
>>> action = state.legal_actions()[0]
>>> GAME.action_json(action), GAME.parse_action(GAME.action_json(action)) == action
('{"card":"pirates_vikings","seat":0,"type":"return_card"}', True)
>>> GAME.digest(GAME.replay(config, [action])) == GAME.digest(state.apply(action))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardgame_core.api import Game, State
from boardgame_core.links import SaveFacts

from ..game.actions import Action, action_json, parse_action
from ..game.config import GameConfig
from ..game.errors import IllegalAction
from ..turn.game import digest, new_game, replay
from ..turn.state import GameState
from . import save


class RenaissanceGame:
    """Renaissance's :class:`boardgame_core.api.Game` (one object: :data:`GAME`)."""

    key = "renaissance"
    illegal = IllegalAction

    def new_game(self, config: GameConfig) -> GameState:
        return new_game(config)

    def replay(self, config: GameConfig, actions: Sequence[Action]) -> GameState:
        return replay(config, actions)

    def digest(self, state: GameState) -> str:
        return digest(state)

    def action_json(self, action: Action) -> str:
        return action_json(action)

    def parse_action(self, data: str) -> Action:
        return parse_action(data)  # IllegalAction, a ValueError, on anything malformed

    def encode_save(self, state: GameState, game_id: str | None = None) -> str:
        return save.encode_save(state, game_id)

    def load_game(self, text: object) -> tuple[GameState, str]:
        return save.load_game(text)

    def save_facts(self, text: object) -> SaveFacts:
        return save.save_facts(text)


GAME = RenaissanceGame()

if TYPE_CHECKING:  # mypy holds Renaissance to boardgame_core's State API
    _GAME: Game = GAME

    def _is_a_state(state: GameState) -> State:
        return state
