"""Redistribution (C-3.5, Y-3.6): after the attacker's turn, each defender in seat order
puts the tokens its lost provinces returned into its own active empire."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from ..game.actions import Action, IllegalAction, Place, PlaceAll, illegal_n
from .common import province, read_placement, roll
from .data import State
from .end import next_turn


def redistribute_actions(state: State) -> list[Action]:
    ids = state.board.ids
    return [Place(ids[p]) for p in state.empire(state.queue[0])]


def after_turn(state: State) -> None:
    """End of the attacker's turn: defenders place returned tokens (C-3.5)."""
    n = state.rules.seats
    seat = state.turn_seat
    players = state.players
    # Y-3.6.2, Y-3.6.3: seat order from the attacker's left, the attacker's own
    # declined empire last (classic queues never hold the attacker: nothing of its own
    # is ever displaced there).
    state.queue = tuple((seat + i) % n for i in range(1, n + 1)
                        if players[(seat + i) % n].returned
                        or players[(seat + i) % n].returned_old)
    state.phase = "redistribute"
    continue_redistribution(state)


def continue_redistribution(state: State) -> None:
    """Place what no defender chooses; stop at the first defender who does, else move on."""
    while state.queue:
        defender = state.queue[0]
        player = state.players[defender]
        if player.returned_old:  # Y-3.6.2, OQ-18: declined tokens, automatically
            place_displaced(state, defender, state.declined_empire(defender),
                            player.returned_old)
            player.returned_old = 0
        empire = state.empire(defender)
        if player.returned and not empire:  # C-3.5.1: kept in hand (C-5.5)
            player.hand += player.returned
            player.returned = 0
        if player.returned and (state.rules.auto_redistribution
                                or state.rules.virtual[defender]):  # C-3.5.2, Y-3.6
            place_displaced(state, defender, empire, player.returned)
            player.returned = 0
        if player.returned:
            return  # this defender chooses (phase "redistribute")
        state.queue = state.queue[1:]
    next_turn(state)


def place_displaced(state: State, seat: int, provinces: list[int], count: int) -> None:
    """Displaced tokens placed by the ruleset's rule (C-3.5.2 / Y-3.6.3); with no
    province left they leave the game (a declined empire's, Y-3.6.4)."""
    placement = state.ruleset.place_displaced(state, seat, provinces, count,
                                              partial(roll, state))
    for p, k in placement.items():
        state.tokens[p] += k


def _check_own_active(state: State, defender: int, provinces: Iterable[int]) -> None:
    owner, declined = state.owner, state.declined
    if any(owner[p] != defender or declined[p] for p in provinces):
        raise IllegalAction("C-3.5.1", "returned tokens go into your own active provinces")


def do_place(state: State, action: Place) -> None:
    """C-3.5.1: one returned token into one of the defender's active provinces."""
    p = province(state, action.province)
    defender = state.queue[0]
    _check_own_active(state, defender, (p,))
    state.tokens[p] += 1
    state.players[defender].returned -= 1
    continue_redistribution(state)


def do_place_all(state: State, action: PlaceAll) -> None:
    """C-3.5.1: all the returned tokens at once."""
    placement = read_placement(state, action, rule="C-3.5.1")
    defender = state.queue[0]
    _check_own_active(state, defender, placement)
    if sum(placement.values()) != state.players[defender].returned:
        raise illegal_n("C-3.5.1", "place exactly the {n} returned token",
                        "place exactly the {n} returned tokens",
                        state.players[defender].returned)
    for p, n in placement.items():
        state.tokens[p] += n
    state.players[defender].returned = 0
    continue_redistribution(state)
