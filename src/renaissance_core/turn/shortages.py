"""Phase 1 (R-4): shortages bought off, the Mill, then every player draws a card."""

from __future__ import annotations

from ..game.actions import Action, Done, MillStep, RemoveMarker
from ..game.constants import COMMODITIES, SCALE_LIMIT
from ..game.errors import IllegalAction
from .common import draw, pay
from .state import GameState

MILL_COMMODITIES = ("grain", "cloth", "wine", "metal")


def start(state: GameState) -> None:
    pass


def eligible(state: GameState, seat: int) -> bool:
    first = state.alive_in_order()
    if state.step == "buyoff":  # the first player only, when there is a marker
        return bool(first) and seat == first[0] and any(state.scale.values())
    owners = [p for p in first if state.owns(p, "J")]  # the first owner of J
    return bool(owners) and seat == owners[0]


def legal(state: GameState) -> list[Action]:
    seat = state.order[state.turn]
    out: list[Action] = [Done()]  # the Mill may be declined
    if state.step == "buyoff":
        out += [RemoveMarker(c) for c, level in sorted(state.scale.items())
                if level and state.cash[seat] >= COMMODITIES[c].base]
    else:
        out += [MillStep(c, step) for c in MILL_COMMODITIES for step in (1, -1)
                if abs(state.scale.get(c, 0) + step) <= SCALE_LIMIT]
    return out


def apply(state: GameState, action: Action) -> None:
    seat = state.order[state.turn]
    if isinstance(action, Done):
        state.turn = len(state.order)
    elif state.step == "buyoff" and isinstance(action, RemoveMarker):
        level = state.scale.get(action.commodity, 0)
        if not level:
            raise IllegalAction("R-4.1", "no marker on that commodity")
        base = COMMODITIES[action.commodity].base
        if state.cash[seat] < base:
            raise IllegalAction("R-4.1", "a marker costs the commodity's base value")
        pay(state, seat, base)
        _set(state, action.commodity, level - (1 if level > 0 else -1))
    elif state.step == "mill" and isinstance(action, MillStep):
        level = state.scale.get(action.commodity, 0) + action.step
        if action.commodity not in MILL_COMMODITIES or action.step not in (1, -1) or abs(
                level) > SCALE_LIMIT:
            raise IllegalAction("R-4.2", "the Mill moves grain, cloth, wine or metal one step")
        _set(state, action.commodity, level)  # opposite kinds cancel
        state.turn = len(state.order)  # one step only
    else:
        raise IllegalAction("R-4", f"not a move of phase 1 ({state.step})")


def _set(state: GameState, commodity: str, level: int) -> None:
    if level:
        state.scale[commodity] = level
    else:
        state.scale.pop(commodity, None)


def finish(state: GameState) -> str:
    if state.step == "buyoff":
        return "mill"
    for seat in state.alive_in_order():
        draw(state, seat)
    return "buy"
