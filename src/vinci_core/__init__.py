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
    from .boards.mapfile import MapData
    from .boards.maps import Board, load_map, register_map
    from .game.actions import (
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
    from .game.costs import ConquestCost, CostTerm, conquest_cost
    from .game.tiles import TILES, Tile
    from .players.virtual import VirtualPlayer, play_game, province_value
    from .table.save import SaveError, decode_save, digest, encode_save
    from .table.vinci_game import GAME
    from .turn.schemas import GameConfig, Seat
    from .turn.state import GameState, new_game, replay

# Each public name and the submodule that defines it. They are imported at first use (PEP
# 562): ``import vinci_core`` alone loads nothing, so the page imports only what its first
# render needs, and pydantic (GameConfig, Seat: vinci_core.turn.schemas; MapData: mapfile) only at
# the edges.
_WHERE = {
    **dict.fromkeys(("Abandon", "Action", "ActionError", "Choose", "Conquer", "Decline",
                     "Diplomacy", "EndTurn", "Finish", "Fort", "IllegalAction", "Keep", "Place",
                     "PlaceAll", "parse_action"), "game.actions"),
    **dict.fromkeys(("GameConfig", "Seat"), "turn.schemas"),
    **dict.fromkeys(("ConquestCost", "CostTerm", "conquest_cost"), "game.costs"),
    **dict.fromkeys(("Board", "load_map", "register_map"), "boards.maps"),
    "MapData": "boards.mapfile",
    **dict.fromkeys(("SaveError", "decode_save", "digest", "encode_save"), "table.save"),
    "GAME": "table.vinci_game",
    **dict.fromkeys(("GameState", "new_game", "replay"), "turn.state"),
    **dict.fromkeys(("TILES", "Tile"), "game.tiles"),
    **dict.fromkeys(("VirtualPlayer", "play_game", "province_value"), "players.virtual"),
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
    # the game as boardgame_core sees it (its State API)
    "GAME",
]
