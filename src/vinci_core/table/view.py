"""The view model: what the board and panels show, as a JSON-ready dict (docs/api.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.position import NEUTRAL
from ..turn.choose import tokens_received
from ..turn.state import GameState
from .palette import DEFAULT_COLOURS, distinct_colours, seat_marks

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig

__all__ = ["DEFAULT_COLOURS", "seat_colour", "seat_colours", "snapshot"]


def seat_colours(config: GameConfig) -> list[str]:
    """Every seat's colour, all different (palette.distinct_colours)."""
    return distinct_colours([s.colour for s in config.seats])


def seat_colour(state: GameState, seat: int) -> str:
    return seat_colours(state.config)[seat]


def _player(state: GameState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    cfg = state.config.seats[seat]
    active = state.empire(seat)
    old = state.declined_empire(seat)
    return {
        "seat": seat,
        "name": cfg.name,
        "virtual": cfg.virtual,
        "colour": seat_colour(state, seat),
        "mark": seat_marks([s.name for s in state.config.seats])[seat],
        "score": player.score,
        "hand": player.hand,
        "returned": player.returned,
        "extra_tokens": state.rules.extra[seat],
        "active": None if player.civ is None else {
            "tiles": list(player.civ),
            "abilities": dict(player.abilities),
            "provinces": len(active),
            "tokens_on_board": sum(state.tokens[p] for p in active),
        },
        "declined": None if player.declined_civ is None else {
            "tiles": list(player.declined_civ),
            "kept": list(player.declined_kept),
            "provinces": len(old),
        },
    }


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything a player can see of ``state``, as plain JSON-ready data (docs/api.md
    describes each field)."""
    seat = state.current_player
    return {
        "map": state.board.id,
        "ruleset": state.ruleset.name,
        # Y-6.1: the round after which an online game ends (None: a target score ends it)
        "last_round": state.last_round,
        # Y-6.2: each seat's place (equal scores share it); filled in at the end
        "places": state.places if state.is_terminal else [],
        "round": state.round,
        "phase": state.phase,
        "current_player": seat,
        "turn_player": state.turn_seat,
        "start_player": state.start,
        "target_vp": state.rules.target,
        "final_round": state.ending,
        # C-6.2: who first reached the target, and in which round (None before)
        "target_reached_by": None if state.ended_by is None else {
            "round": state.ended_by[0], "seat": state.ended_by[1]},
        "terminal": state.is_terminal,
        "winners": state.winners,
        "scores": state.scores,
        "display": _display(state),
        "bag": len(state.bag),
        "players": [_player(state, i) for i in range(state.rules.seats)],
        "provinces": _provinces(state),
        "peace": [list(pair) for pair in state.peace],
        "turn": _turn(state),
        "redistribute": [
            {"seat": d, "tokens": state.players[d].returned} for d in state.queue
        ] if state.phase == "redistribute" else [],
        "history": [list(h) for h in state.history],
        "last_score": None if state.last_score is None else {
            "seat": state.last_score[0],
            "terms": [{"label": t[0], "points": t[1], "rule": t[2]}
                      for t in state.last_score[1]],
        },
        "random_draws": state.draws,
        "ply": state.ply,
    }


def display_seat(state: GameState) -> int:
    """Whose tokens the display counts: the seat choosing now, else the seat whose turn it
    is (a decision of this page, docs/rules-decisions.md P-13)."""
    seat = state.current_player
    return state.turn_seat if seat is None else seat


def _display(state: GameState) -> list[dict[str, Any]]:
    """The civilizations on offer, slot 1 first, with their price under this ruleset and
    the tokens they give (``turn.choose.tokens_received``: the tiles plus the extra tokens)
    to the seat of :func:`display_seat`."""
    rs = state.ruleset
    seat = display_seat(state)
    return [
        {"slot": k + 1, "tiles": [a, b], "tokens": tokens_received(state, seat, k + 1),
         "coins": coins, "cost": rs.slot_price * k}
        for k, (a, b, coins) in enumerate(state.display)
    ]


def _provinces(state: GameState) -> dict[str, dict[str, Any]]:
    """Each province's owner (None: nobody or the neutral tokens) and its marks."""
    provinces = {}
    for p, pid in enumerate(state.board.ids):
        o = state.owner[p]
        provinces[pid] = {
            "owner": o if o >= 0 else None,
            "neutral": o == NEUTRAL,
            "tokens": state.tokens[p],
            "declined": state.declined[p],
            "fort": state.fort[p],
        }
    return provinces


def _turn(state: GameState) -> dict[str, Any]:
    """This turn's counters: what is left of it (Espionage, Diplomacy, forts), what it took,
    and where the tokens stood when its reorganization began."""
    turn = state.turn
    return {
        "conquered": turn.conquered,
        "espionage_left": turn.spies,
        "diplomacy_left": turn.envoys,
        "forts_left": turn.forts,
        "removed_tokens": state.slaves,
        "reorganize_from": {state.board.ids[p]: n for p, n in turn.reorg_before},
    }
