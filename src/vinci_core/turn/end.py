"""The end of a turn and of the game (C-6): the target score, the next turn, the last round.

Between two turns the phase is :data:`STARTING`: the dispatcher (``state.py``) then begins the
next turn (:func:`vinci_core.turn.expand.begin_turn`). The turn's flow is a loop (a turn ends,
the next begins, and a seat with nothing to play ends its turn at once), so this module hands
over rather than call round the loop: the phase modules import one another one way only.
"""

from __future__ import annotations

from .data import State

STARTING = "starting"  # never seen outside an action's dispatch


def check_target(state: State, seat: int) -> None:
    """C-6.2: a score that reaches the target starts the last round, once."""
    if not state.ending and not state.rules.rounds \
            and state.players[seat].score >= state.rules.target:
        state.ending = True
        state.ended_by = (state.round, seat)


def next_turn(state: State) -> None:
    n = state.rules.seats
    for seat in range(n):  # C-6.2: the round is played out (coins can reach it too)
        check_target(state, seat)
    if state.rules.rounds and state.round == state.rules.rounds:
        state.ending = True  # Y-6.1: the last round
    if state.ending and state.turn_seat == (state.start - 1) % n:
        state.phase = "over"
        return
    state.turn_seat = (state.turn_seat + 1) % n
    if state.turn_seat == state.start:
        state.round += 1
    # C-1.7: round 1 is choosing only; later turns begin with the collection (C-3.1).
    state.phase = "choose" if state.round == 1 else STARTING
