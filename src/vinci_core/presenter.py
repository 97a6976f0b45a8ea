"""What the page shows, in words and plain data: prompts, move-log lines, clickable targets.

Pure Python so it is tested in CPython; the page only copies these values into the DOM.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    Abandon,
    Action,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    Keep,
    Place,
    PlaceAll,
)
from .costs import NEUTRAL, conquest_cost
from .state import GameState
from .tiles import TILES
from .view import seat_colour


def tile_name(tid: str) -> str:
    tile = TILES[tid]
    return f"{tile.name} (decline-proof)" if tile.decline_proof else tile.name


def civ_name(pair: tuple[str, ...]) -> str:
    return " + ".join(tile_name(t) for t in pair)


def seat_name(state: GameState, seat: int) -> str:
    return state.config.seats[seat].name


def province_name(state: GameState, pid: str) -> str:
    return state.board.province(pid).name


def board_view(state: GameState) -> dict[str, dict[str, Any]]:
    """Per province: owner, token colour and count, decline and fort marks."""
    out: dict[str, dict[str, Any]] = {}
    for p, pid in enumerate(state.board.ids):
        o = state.owner[p]
        out[pid] = {
            "owner": o if o >= 0 else None,
            "colour": seat_colour(state, o) if o >= 0 else None,
            "tokens": state.tokens[p],
            "neutral": o == NEUTRAL,
            "declined": state.declined[p],
            "fort": state.fort[p],
        }
    return out


def targets(state: GameState) -> dict[str, dict[str, Any]]:
    """Provinces the player to act can click now, with what a click does.

    ``action`` is the action a click makes; conquests also carry the cost and its terms
    (and the Espionage alternative when one is left).
    """
    out: dict[str, dict[str, Any]] = {}
    for action in state.legal_actions():
        province = getattr(action, "province", None)
        if province is None:
            continue
        entry = out.setdefault(province, {"action": action.to_dict()})
        if isinstance(action, Conquer):
            if action.espionage:
                entry["espionage"] = action.to_dict()
                if entry["action"] == action.to_dict():  # only affordable by Espionage
                    entry["cost"] = 2
            else:
                entry["action"] = action.to_dict()
                cost = conquest_cost(state, province)
                entry["cost"] = cost.total
                entry["terms"] = [t.to_dict() for t in cost.terms]
        elif isinstance(action, Abandon):
            out.pop(province)  # abandoning is offered by its own control, not by a click
    return out


def prompt(state: GameState) -> str:
    """The next expected step, in words, for the player to act."""
    if state.is_terminal:
        names = " and ".join(seat_name(state, s) for s in state.winners)
        return f"Game over: {names} {'share the victory' if len(state.winners) > 1 else 'wins'}."
    seat = state.current_player
    assert seat is not None
    who = seat_name(state, seat)
    player = state.players[seat]
    phase = state.phase
    if phase == "choose":
        return f"{who}: choose a civilization from the display."
    if phase == "expand":
        if not state.empire(seat) and player.hand:
            return f"{who}: enter the board — click a highlighted province ({player.hand} " \
                   f"tokens in hand)."
        return f"{who}: conquer a highlighted province ({player.hand} tokens in hand), or " \
               f"finish conquering."
    if phase == "keep":
        return f"{who}: your empire is split — click a province of the part you keep."
    if phase == "reorganize":
        return f"{who}: reorganize — place your {player.hand} tokens, at least one per province."
    if phase == "end_of_turn":
        return f"{who}: build a fort, or end the turn."
    if phase == "redistribute":
        return f"{who}: place the {player.returned} tokens you got back into your provinces."
    return ""


def describe(before: GameState, action: Action) -> str:
    """One line of the move log for ``action`` applied to ``before``."""
    seat = before.current_player
    who = seat_name(before, seat) if seat is not None else "?"
    if isinstance(action, Choose):
        a, b, coins = before.display[action.slot - 1]
        extra = f", taking {coins} coin{'s' * (coins != 1)}" if coins else ""
        return f"{who} chooses {civ_name((a, b))} (slot {action.slot}{extra})."
    if isinstance(action, Decline):
        return f"{who} puts the empire into decline."
    if isinstance(action, Diplomacy):
        return f"{who} makes peace with {seat_name(before, action.seat)}."
    if isinstance(action, Abandon):
        return f"{who} leaves {province_name(before, action.province)}."
    if isinstance(action, Conquer):
        cost = 2 if action.espionage else conquest_cost(before, action.province).total
        p = before.board.index[action.province]
        o = before.owner[p]
        whose = ("neutral " if o == NEUTRAL else
                 f"{seat_name(before, o)}'s " if o >= 0 and o != seat else "")
        spy = " with Espionage" if action.espionage else ""
        return (f"{who} conquers {whose}{province_name(before, action.province)}{spy} "
                f"for {cost}.")
    if isinstance(action, Finish):
        return f"{who} stops conquering."
    if isinstance(action, Keep):
        return f"{who} keeps the part around {province_name(before, action.province)}."
    if isinstance(action, Place):
        return f"{who} places a token in {province_name(before, action.province)}."
    if isinstance(action, PlaceAll):
        parts = ", ".join(f"{province_name(before, p)} {n}" for p, n in action.placement)
        return f"{who} places tokens: {parts}."
    if isinstance(action, Fort):
        return f"{who} builds a fort in {province_name(before, action.province)}."
    if isinstance(action, EndTurn):
        return f"{who} ends the turn."
    return f"{who}: {action.kind}"
