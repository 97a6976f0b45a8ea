"""vinci_core: the rules of Vinci (1999) as a pure-Python engine.

>>> import vinci_core as vc
>>> cfg = vc.GameConfig(seats=[vc.Seat(name="Ann"), vc.Seat(name="Bo"), vc.Seat(name="Cy")],
...                     seed=7, map="mini")
>>> state = vc.new_game(cfg)
>>> state.current_player == state.start, state.phase
(True, 'choose')
"""

from .actions import (
    Abandon,
    Action,
    ActionError,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    IllegalAction,
    Keep,
    Place,
    PlaceAll,
    parse_action,
)
from .config import GameConfig, Seat
from .costs import ConquestCost, CostTerm, conquest_cost
from .maps import Board, MapData, load_map, register_map
from .save import SaveError, decode_save, digest, encode_save
from .state import GameState, new_game, replay
from .tiles import TILES, Tile
from .virtual import VirtualPlayer, play_game, province_value

__version__ = "0.1.0"

__all__ = [
    "TILES", "Abandon", "Action", "ActionError", "Board", "Choose", "Conquer", "ConquestCost",
    "CostTerm", "Decline", "Diplomacy", "EndTurn", "Finish", "Fort", "GameConfig", "GameState",
    "IllegalAction", "Keep", "MapData", "Place", "PlaceAll", "Seat", "SaveError", "Tile",
    "conquest_cost", "decode_save", "digest", "encode_save", "load_map", "new_game",
    "parse_action", "register_map", "replay",
    # virtual players (V-1 … V-8)
    "VirtualPlayer", "play_game", "province_value",
]
