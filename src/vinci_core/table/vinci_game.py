"""Vinci as one :class:`boardgame_core.api.Game`: the functions around its state that what
is common to every game (the conformance suite, a table that holds any game) calls.

>>> from vinci_core import GAME, GameConfig, Seat
>>> cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=3, map="mini")
>>> state = GAME.new_game(cfg)
>>> action = state.legal_actions()[0]
>>> GAME.action_json(action), GAME.parse_action(GAME.action_json(action)) == action
('{"kind":"choose","slot":1}', True)
>>> GAME.digest(GAME.replay(cfg, [action])) == GAME.digest(state.apply(action))
True
"""

from __future__ import annotations

from boardgame_core.api import GameFunctions

from ..game.actions import IllegalAction, action_json, parse_action
from ..turn.state import new_game, replay
from . import save

GAME = GameFunctions(
    key="vinci", illegal=IllegalAction, new_game=new_game, replay=replay, digest=save.digest,
    action_json=action_json, parse_action=parse_action,
    encode_save=save.encode_save, load_game=save.load_game, save_facts=save.save_facts)
