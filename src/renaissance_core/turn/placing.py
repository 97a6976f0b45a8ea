"""Placing one token in phase 5 (R-8.3, R-8.10, R-8.11, R-8.14) and taking control.

A placement within reach (``reach``) either stays within the province's volume, where
players may share it (Q-5) and one player alone at the volume takes a control marker
(R-8.11), or makes the pieces exceed the volume: a conflict opens on the decision stack
(R-8.14) for ``conflict`` to resolve before anything else is placed (R-8.3).
"""

from __future__ import annotations

from ..game.constants import GALLEY, THREE_MASTER
from .reach import land_reach, within_reach
from .state import GameState


def room_for_token(state: GameState, seat: int, area_id: str, *,
                   reach: dict[str, int] | None = None) -> bool:
    """R-8.10: one more of the seat's tokens may go there (a bought token, within reach,
    below the volume in its own tokens, not where it holds the marker)."""
    if (state.bought[seat] <= 0 or area_id not in state.board.areas
            or state.control.get(area_id) == seat):
        return False
    if state.tokens.get(area_id, {}).get(seat, 0) >= state.board.areas[area_id].volume:
        return False
    reach = within_reach(state, seat) if reach is None else reach
    return area_id in reach


def placeable(state: GameState, seat: int) -> list[str]:
    """The areas ``room_for_token`` allows, in one plain pass over the seat's reach."""
    if state.bought[seat] <= 0:
        return []
    areas, control, tokens = state.board.areas, state.control, state.tokens
    out = []
    for area in sorted(within_reach(state, seat)):
        if control.get(area) == seat:
            continue
        here = tokens.get(area)
        if here is None or here.get(seat, 0) < areas[area].volume:
            out.append(area)
    return out


def place(state: GameState, seat: int, area_id: str) -> None:
    """One token, new side up; then a control marker, or a conflict, as the pieces say."""
    # Only galleys and three-masters carry a limited number (high-seas: any, R-8.8)
    by_land = (state.fleet_kind[seat] not in (GALLEY, THREE_MASTER)
               or area_id in land_reach(state, seat))
    state.bought[seat] -= 1
    here = state.tokens.setdefault(area_id, {})
    here[seat] = here.get(seat, 0) + 1
    new = state.new_tokens.setdefault(area_id, {})
    new[seat] = new.get(seat, 0) + 1
    if not by_land:  # counted against the ship's size for this round
        shipped = state.shipped.setdefault(area_id, {})
        shipped[seat] = shipped.get(seat, 0) + 1
    area = state.board.areas[area_id]
    present = sum(state.pieces(area_id, p) for p in range(state.players))
    if present > area.volume:
        state.pending.append(("conflict", seat, area_id))
    elif here[seat] == area.volume and all(p == seat or not n for p, n in here.items()):
        take_control(state, seat, area_id)


def take_control(state: GameState, seat: int, area_id: str) -> None:
    """R-8.11, R-8.18: the seat's tokens there become one new control marker and go back
    to stock; in a satellite a single token stays. Q-19: with no marker left, the tokens
    hold the province."""
    area = state.board.areas[area_id]
    here = state.tokens[area_id]
    if not area.holds_control:
        extra = here[seat] - 1
        here[seat] = 1
        state.stock_tokens[seat] += extra
        return
    if state.stock_markers[seat] <= 0:
        return
    state.stock_tokens[seat] += here.pop(seat)
    if not here:
        del state.tokens[area_id]
    state.new_tokens.pop(area_id, None)
    state.control[area_id] = seat
    state.new_control.add(area_id)
    state.stock_markers[seat] -= 1
    state.new_markers[seat] += 1
