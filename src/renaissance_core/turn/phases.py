"""The phase table: each step of the game and the module that lists and applies its moves.

A step module offers ``legal(state)``, ``apply(state, action)`` (on a fresh copy; raising
IllegalAction leaves the caller's state untouched), ``eligible(state, seat)`` for steps
taken in turn order, ``start(state)`` and ``finish(state) -> next step``. Sealed steps
(``SEALED``) take one action from every live seat in any order. Decisions in the middle of
an effect wait on ``state.pending``; ``DECISIONS`` names the module answering each kind.
"""

from __future__ import annotations

from types import ModuleType

from ..game.actions import Action
from ..game.errors import IllegalAction
from . import (
    buy,
    conflict,
    events,
    expand,
    final,
    order,
    play,
    purchase,
    records,
    setup,
    shortages,
    swap,
    wars,
)
from .state import GameState

STEPS: dict[str, ModuleType] = {
    "keep": setup,
    "auction": setup,
    "capital": setup,
    "order": order,  # R-10 (phase 7)
    "buyoff": shortages,  # R-4.1 (phase 1)
    "mill": shortages,  # R-4.2 (phase 1; draws follow)
    "buy": buy,  # R-5 (phase 2)
    "play": play,  # R-6 (phase 3)
    "purchase": purchase,  # R-7 (phase 4)
    "expand": expand,  # R-8 (phase 5; R-9 income follows)
    "final": final,
}
SEALED = frozenset({"keep", "auction", "order"})
DECISIONS: dict[str, ModuleType] = {"name_commodity": play, "renaissance_swap": swap,
                                     "conflict": conflict, "written_records": records,
                                     "alchemy": events, "papal_decree": events,
                                     "rebellion": events, "pirates": events,
                                     "black_death": events, "crusade": events,
                                     "civil_war": wars, "civil_war_loss": wars, "war": wars,
                                     "war_handover": wars}


def seats_to_act(state: GameState) -> tuple[int, ...]:
    if state.terminal:
        return ()
    if state.pending:
        return (state.pending[-1][1],)
    if state.step in SEALED:
        return tuple(p for p in range(state.players) if state.alive[p] and p not in state.sealed)
    order = state.acting_order()
    return (order[state.turn],) if state.turn < len(order) else ()


def legal_actions(state: GameState) -> list[Action]:
    if state.terminal:
        return []
    if state.pending:
        return DECISIONS[state.pending[-1][0]].legal_decision(state)
    return STEPS[state.step].legal(state)


def apply_action(state: GameState, action: Action) -> GameState:
    if state.terminal:
        raise IllegalAction("R-13.1", "the game is over")
    new = state.clone()
    if state.pending:
        DECISIONS[state.pending[-1][0]].apply_decision(new, action)
    else:
        STEPS[state.step].apply(new, action)
    new.actions = (*state.actions, action)
    settle_flow(new)
    return new


def settle_flow(state: GameState) -> None:
    """Move on past every step that has nobody left to act (automatic work runs on the way)."""
    while not state.terminal and not state.pending:
        if state.step in SEALED:
            if seats_to_act(state):
                return
        else:
            module, order = STEPS[state.step], state.acting_order()
            while state.turn < len(order) and not (
                    state.alive[order[state.turn]] and module.eligible(state, order[state.turn])):
                state.turn += 1
            if state.turn < len(order):
                return
        enter(state, STEPS[state.step].finish(state))


def enter(state: GameState, step: str) -> None:
    """Begin a step: its automatic start, then the first seat in order."""
    state.step, state.turn = step, 0
    if step != "end":
        STEPS[step].start(state)
        swap.offer(state)  # Renaissance, at the start of phases 1–5
