"""End-of-turn scoring (RULES.md C-3.6)."""

from __future__ import annotations

from ..boards.maps import Board
from .position import Position


def province_points(board: Board, p: int, ab: dict[str, int]) -> int:
    """VP one province earns for an empire with abilities ``ab`` (C-3.6.1, C-3.6.2)."""
    if board.mountain[p]:
        points = ab.get("mountaineering", 0)
    else:
        points = 1
        terrain = board.terrain[p]
        if terrain == "farmland":
            points += ab.get("agriculture", 0)
        elif terrain == "pasture":
            points += ab.get("livestock", 0)
    if board.mine[p]:
        points += 2 * ab.get("mining", 0)
    if board.port[p]:
        points += ab.get("ports", 0)
    return points + ab.get("currency", 0)


def score_terms(state: Position, seat: int) -> list[tuple[str, int, str]]:
    """This turn's VP for ``seat`` as (label, points, rule id) terms."""
    board = state.board
    player = state.players[seat]
    active = [p for p, o in enumerate(state.owner) if o == seat and not state.declined[p]]
    old = [p for p, o in enumerate(state.owner) if o == seat and state.declined[p]]
    terms: list[tuple[str, int, str]] = []
    plain = sum(1 for p in active if not board.mountain[p])
    if plain:
        terms.append(("active provinces", plain, "C-3.6.1"))
    bonus = sum(province_points(board, p, player.abilities) for p in active) - plain
    if bonus:
        terms.append(("active tiles", bonus, "C-3.6.2"))
    slaves = state.slaves * player.abilities.get("slavery", 0)
    if slaves:
        terms.append(("Slavery", slaves, "C-3.6.2"))
    plain_old = sum(1 for p in old if not board.mountain[p])
    if plain_old:
        terms.append(("declined provinces", plain_old, "C-3.6.1"))
    bonus_old = sum(province_points(board, p, player.declined_abilities) for p in old) - plain_old
    if bonus_old:
        terms.append(("decline-proof tiles", bonus_old, "C-3.6.3"))
    return terms
