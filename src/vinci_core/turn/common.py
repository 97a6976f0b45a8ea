"""What several phases use: the province an action names, the phase check, the game's die,
emptying a province and the links that hold an empire together (C-3.4.1)."""

from __future__ import annotations

from ..game import rng
from ..game.actions import IllegalAction, PlaceAll
from ..game.position import NOBODY
from .data import State


def province(state: State, pid: str) -> int:
    """The number of the province ``pid`` names (C-8)."""
    p = state.board.index.get(pid)
    if p is None:
        raise IllegalAction("C-8", f"there is no province {pid!r} on this board")
    return p


def need_phase(state: State, *phases: str, rule: str, what: str) -> None:
    if state.phase not in phases:
        raise IllegalAction(rule, "{what} is not possible now (phase: {phase})", what=what,
                            phase=state.phase)


def roll(state: State, n: int) -> int:
    """A number below ``n`` from the game's stream, which it advances."""
    state.rng, value = rng.below(state.rng, n)
    state.draws += 1
    return value


def empty(state: State, p: int) -> None:
    state.owner[p] = NOBODY
    state.tokens[p] = 0
    state.declined[p] = False
    state.fort[p] = False


def linked(state: State, seat: int, members: set[int], p: int) -> list[int]:
    """Provinces of ``members`` adjacent to ``p`` for cohesion (C-3.4.1)."""
    board = state.board
    out = [q for q in board.adjacent[p] if q in members]
    if "astronomy" in state.players[seat].abilities and board.components_of[p]:
        comps = board.components_of[p]
        out.extend(q for q in members if q != p and q not in out
                   and comps & board.components_of[q])
    return out


def read_placement(state: State, action: PlaceAll, rule: str) -> dict[int, int]:
    """Province number -> tokens of a ``place_all`` (``rule``: the phase's placing rule)."""
    placement = {province(state, pid): n for pid, n in action.placement}
    if any(n < 0 for n in placement.values()):  # PlaceAll.of and save codes allow them
        raise IllegalAction(rule, "a placement never takes tokens away")
    return placement
