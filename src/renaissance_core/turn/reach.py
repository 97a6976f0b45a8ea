"""Reach in phase 5 (R-8.4–R-8.10): where a player may place a token, and how many may come
by sea.

Land reach (R-8.5) and sea reach (R-8.6–R-8.8) are two ways from the same bases (R-8.4);
an area in either may take a token. They do not combine within one move: a ship lands on a
coast and stops there, and Caravan's two steps never continue a sea move (R-8.5). An area
in land reach takes any number of tokens; an area reached only by sea takes at most the
ship's size per round (Q-48), counted in ``state.shipped`` (tokens later lost or taken back
still count: they were carried).
"""

from __future__ import annotations

from typing import NamedTuple

from ..boards.board import Board
from ..game.constants import GALLEY, HIGH_SEAS, THREE_MASTER
from .state import GameState

UNLIMITED = 10_000  # high-seas ships carry any number of tokens


def bases(state: GameState, seat: int) -> set[str]:
    """R-8.4: settled tokens and control markers, and one's own capital whoever holds it."""
    new_tokens, new_control = state.new_tokens, state.new_control
    out = set()
    for area, by_seat in state.tokens.items():  # a plain loop: this runs for every move
        count = by_seat.get(seat)
        if count and (area not in new_tokens or count > new_tokens[area].get(seat, 0)):
            out.add(area)
    for area, who in state.control.items():
        if who == seat and area not in new_control:
            out.add(area)
    capital = state.capital[seat]
    if capital:
        out.add(capital)
    return out


def land_reach(state: GameState, seat: int, starts: set[str] | None = None) -> set[str]:
    """R-8.5: bordering areas; with I two steps, through an area no opponent controls.
    ``starts``: the seat's bases when the caller has them already."""
    areas = state.board.areas
    found = bases(state, seat) if starts is None else set(starts)  # a base is its own
    caravan = state.owns(seat, "I")
    for base in list(found):
        for near in areas[base].neighbours:
            found.add(near)
            # Caravan passes any area no opponent controls (passing is not entering)
            if caravan and state.controller(near) in (None, seat):
                found.update(areas[near].neighbours)
    return found


def galley_reach(state: GameState, starts: set[str], size: int, astronomy: bool) -> set[str]:
    """R-8.6: coastal areas at most ``size`` coastal steps from a coastal base.

    Q-51: with A an open sea zone is one step: from an area on its shore into the zone,
    then from the zone onto any other shore (R-15.A), which is also how a galley reaches
    Iceland and West Africa; the two oceans are never crossed by a galley.

    >>> from renaissance_core.turn.game import new_game
    >>> from renaissance_core.game.config import GameConfig
    >>> state = new_game(GameConfig.of(5, 1))
    >>> sorted(galley_reach(state, {"paris"}, 1, astronomy=False))
    ['bruges', 'portsmouth', 'saint_malo']
    """
    table = state.board.galley_areas[astronomy]
    return set().union(*(table[port][size] for port in starts if port in table)) - starts


def sea_reach(state: GameState, seat: int, starts: set[str] | None = None) -> dict[str, int]:
    """R-8.6–R-8.8: area -> the tokens its ship may carry there this round.

    Q-52: a ship sails from a coastal base (the boxes count, being reached by sea only). Every
    fleet kind includes the galley's coast; three-masters reach every coastal area but the
    overseas boxes; high-seas ships every coastal area, the Orient's boxes, and with U the
    New World's (R-8.8, R-15.U). Region V needs R whatever the ship (R-8.9, in ``placeable``).
    """
    kind, size = state.fleet_kind[seat], state.fleet_size[seat]
    areas = state.board.areas
    ports = {b for b in (bases(state, seat) if starts is None else starts) if areas[b].coastal}
    if kind is None or not ports:
        return {}
    if kind == GALLEY:
        return dict.fromkeys(galley_reach(state, ports, size, state.owns(seat, "A")), size)
    coasts = _coasts(state.board)
    if kind == THREE_MASTER:
        return {a: size for a in coasts.european if a not in ports}
    assert kind == HIGH_SEAS
    reached = coasts.european + coasts.orient
    if state.owns(seat, "U"):
        reached += coasts.new_world
    return {a: UNLIMITED for a in reached if a not in ports}


class _Coasts(NamedTuple):
    european: tuple[str, ...]  # coastal areas that are no box (and so not overseas)
    orient: tuple[str, ...]  # coastal areas of the Orient and the New World (the boxes)
    new_world: tuple[str, ...]
    boxes: tuple[str, ...]  # every overseas box


_COASTS: dict[int, _Coasts] = {}


def _coasts(board: Board) -> _Coasts:
    """The board's coastal areas by kind, derived once per board (the board never changes)."""
    found = _COASTS.get(id(board))
    if found is None:
        areas = board.areas.values()
        found = _COASTS[id(board)] = _Coasts(
            tuple(a.id for a in areas if a.coastal and a.kind != "box"),
            tuple(a.id for a in areas if a.coastal and a.kind == "box"
                  and a.region != "new_world"),
            tuple(a.id for a in areas if a.coastal and a.kind == "box"
                  and a.region == "new_world"),
            tuple(a.id for a in areas if a.kind == "box"))
    return found


def overseas_held(state: GameState, seat: int) -> int:
    """Q-16: the boxes in which a player has pieces (West Africa and Iceland not counted)."""
    return sum(1 for box in _coasts(state.board).boxes if state.pieces(box, seat) > 0)


def within_reach(state: GameState, seat: int) -> dict[str, int]:
    """Every area a token may go to now, with how many more it may take this round.

    The limits of R-8.8–R-8.10 apply here: never a region out of play, region V only with
    R, and a new overseas box only while fewer than k are held (Q-16).
    """
    starts = bases(state, seat)
    out = dict.fromkeys(land_reach(state, seat, starts), UNLIMITED)
    for area, carry in sea_reach(state, seat, starts).items():
        if area not in out:
            left = carry - state.shipped.get(area, {}).get(seat, 0)
            if left > 0:
                out[area] = left
    areas, in_play = state.board.areas, state.board.regions_in_play(state.players)
    if not state.owns(seat, "R"):
        in_play = in_play - {"V"}
    boxes_open = overseas_held(state, seat) < state.fleet_size[seat]
    return {area: left for area, left in out.items()
            if areas[area].region in in_play
            and (areas[area].kind != "box" or boxes_open or state.pieces(area, seat) > 0)}
