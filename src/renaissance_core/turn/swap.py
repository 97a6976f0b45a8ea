"""R-10.4, R-15.Q: at the start of a phase, an owner of Renaissance may swap places in the
order with the player just before or after them, if that player lacks Q; once a round.

The offer waits on the decision stack, one entry per owner, the first in order on top
(several requests are handled in the current order). Q-47: it is made at the start of
phases 1 to 5, where the order matters; declining keeps the right for a later phase.
"""

from __future__ import annotations

from ..game.actions import Action, Done, SwapOrder
from ..game.errors import IllegalAction
from .state import GameState

PHASE_STARTS = frozenset({"buyoff", "buy", "play", "purchase", "expand"})  # phases 1–5


def _neighbour(state: GameState, seat: int, step: int) -> int | None:
    live = state.alive_in_order()
    i = live.index(seat) + step
    return live[i] if 0 <= i < len(live) else None


def _swaps(state: GameState, seat: int) -> list[Action]:
    if not state.alive[seat] or "swap" in state.turn_flags[seat] or not state.owns(seat, "Q"):
        return []
    return [SwapOrder(step) for step in (-1, 1)
            if (other := _neighbour(state, seat, step)) is not None
            and not state.owns(other, "Q")]


def offer(state: GameState) -> None:
    """Push the offer for every owner of Q who may swap now (called as a phase begins)."""
    if state.step not in PHASE_STARTS:
        return
    for seat in reversed(state.alive_in_order()):
        if _swaps(state, seat):
            state.pending.append(("renaissance_swap", seat, state.step))


def legal_decision(state: GameState) -> list[Action]:
    return [Done(), *_swaps(state, state.pending[-1][1])]


def apply_decision(state: GameState, action: Action) -> None:
    seat = state.pending[-1][1]
    if isinstance(action, SwapOrder) and action in _swaps(state, seat):
        other = _neighbour(state, seat, action.step)
        assert other is not None
        i, j = state.order.index(seat), state.order.index(other)
        state.order[i], state.order[j] = other, seat
        state.turn_flags[seat].add("swap")
    elif not isinstance(action, Done):
        raise IllegalAction("R-10.4", "swap with a neighbour in the order who lacks Q, or decline")
    state.pending.pop()
