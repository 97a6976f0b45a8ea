"""vinci_core: the rules of Vinci (1999) as a pure-Python engine.

>>> import vinci_core as vc
>>> cfg = vc.GameConfig(seats=[vc.Seat(name="Ann"), vc.Seat(name="Bo"), vc.Seat(name="Cy")],
...                     seed=7, map="mini")
>>> state = vc.new_game(cfg)
>>> state.current_player == state.start, state.phase
(True, 'choose')
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from .costs import ConquestCost, CostTerm, conquest_cost
    from .mapfile import MapData
    from .maps import Board, load_map, register_map
    from .save import SaveError, decode_save, digest, encode_save
    from .schemas import GameConfig, Seat
    from .state import GameState, new_game, replay
    from .tiles import TILES, Tile
    from .virtual import VirtualPlayer, play_game, province_value

# Each public name and the submodule that defines it. They are imported at first use (PEP
# 562): ``import vinci_core`` alone loads nothing, so the page imports only what its first
# render needs, and pydantic (GameConfig, Seat: vinci_core.schemas; MapData: mapfile) only at
# the edges.
_WHERE = {
    **dict.fromkeys(("Abandon", "Action", "ActionError", "Choose", "Conquer", "Decline",
                     "Diplomacy", "EndTurn", "Finish", "Fort", "IllegalAction", "Keep", "Place",
                     "PlaceAll", "parse_action"), "actions"),
    **dict.fromkeys(("GameConfig", "Seat"), "schemas"),
    **dict.fromkeys(("ConquestCost", "CostTerm", "conquest_cost"), "costs"),
    **dict.fromkeys(("Board", "load_map", "register_map"), "maps"),
    "MapData": "mapfile",
    **dict.fromkeys(("SaveError", "decode_save", "digest", "encode_save"), "save"),
    **dict.fromkeys(("GameState", "new_game", "replay"), "state"),
    **dict.fromkeys(("TILES", "Tile"), "tiles"),
    **dict.fromkeys(("VirtualPlayer", "play_game", "province_value"), "virtual"),
}


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{where}"), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


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
