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

from boardgame_core.api import GameFunctions

from ..game.actions import action_json, parse_action
from ..game.errors import IllegalAction
from ..turn.game import digest, new_game, replay
from . import save

GAME = GameFunctions(
    key="renaissance", illegal=IllegalAction, new_game=new_game, replay=replay, digest=digest,
    action_json=action_json,
    parse_action=parse_action,  # IllegalAction, a ValueError, on anything malformed
    encode_save=save.encode_save, load_game=save.load_game, save_facts=save.save_facts)
