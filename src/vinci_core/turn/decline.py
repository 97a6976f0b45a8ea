"""Decline (C-5): the active empire becomes the declined one, and its player chooses anew.

Also the declines the rules force: C-7.1's fall of an empire that lost its last province, and
Y-5.1.3's return of a vanished declined empire's tiles."""

from __future__ import annotations

from bisect import insort

from ..game.actions import Decline, IllegalAction
from ..game.tiles import abilities
from ..rulesets.online import keeps_all_at_decline
from ..text.i18n import N_
from .common import empty, need_phase
from .data import State
from .redistribute import after_turn
from .score import score


def declines_at_end_only(state: State, seat: int) -> bool:
    """D-3: in rules 2 a Rebirth empire declines at the end of a turn, never at its start."""
    return state.rules.rebirth_only_at_end and "rebirth" in state.players[seat].abilities


def do_decline(state: State, action: Decline) -> None:
    seat = state.turn_seat
    player = state.players[seat]
    if state.phase == "end_of_turn":
        if "rebirth" not in player.abilities:
            raise IllegalAction("C-5.3", "only Rebirth declines at the end of a turn")
        score(state, seat)  # C-5.3: this turn's VP are counted once, before the decline
        decline(state, seat)
    else:
        need_phase(state, "expand", rule="C-5.1", what=N_("declining"))
        if declines_at_end_only(state, seat):
            raise IllegalAction("C-5.3", "a Rebirth empire declines at the end of a turn, "
                                "not at its start")
        if state.turn.acted:
            raise IllegalAction("C-5.1", "decline is declared at the start of the turn, "
                                "before anything else")
        decline(state, seat)
        score(state, seat)  # C-5.1.4
    if state.display:
        state.phase = "choose"  # C-5.1.5
    else:
        after_turn(state)


def decline(state: State, seat: int) -> None:
    player = state.players[seat]
    rs = state.ruleset
    for p in state.declined_empire(seat):  # C-5.1.1: the old declined empire goes
        empty(state, p)
    if state.rules.displaced_leave_with_empire:
        # Y-3.6.2, Y-5.1.1 (rules 3): tokens displaced from the old declined empire this turn
        # belong to it and leave the game with it; the new declined empire never gets them.
        player.returned_old = 0
    for tid in player.declined_kept:
        insort(state.bag, tid)
    keep_all = keeps_all_at_decline(player.abilities)  # Y-9.26 Philosophy
    if keep_all and not state.turn.acted:  # a start-of-turn decline: undo the collection
        for p, n in state.turn.collected:
            state.tokens[p] += n
    for p in state.empire(seat):  # C-5.1.2
        if not keep_all:
            state.tokens[p] = 1
        state.declined[p] = True
    assert player.civ is not None
    kept, acting = rs.declined_tiles(player.civ)  # C-5.1.3, Y-5.1.3
    for tid in player.civ:
        if tid not in kept:
            insort(state.bag, tid)
    player.declined_civ = player.civ
    player.declined_kept = kept
    player.declined_abilities = abilities(acting, rs.tiles) if acting else {}
    player.civ = None
    player.abilities = {}
    player.hand = player.temp = player.returned = 0
    if rs.tiles_leave_with_empire:
        return_vanished_tiles(state)  # an empire with no province returns them at once


def return_vanished_tiles(state: State) -> None:
    """Y-5.1.3: a declined empire's tiles go back to the bag once it has no province."""
    for seat, player in enumerate(state.players):
        if player.declined_kept and not state.declined_empire(seat):
            for tid in player.declined_kept:
                insort(state.bag, tid)
            player.declined_kept = ()
            player.declined_abilities = {}


def fall(state: State, seat: int) -> None:
    """C-7.1 (Dutch edition): an active empire that loses its last province to another
    player declines at once. Its older declined empire leaves the board (C-5.1.1) and,
    with no province left to serve, even its decline-proof tiles go back to the bag. Its
    player's next turn is the skipped turn of a decline: score, then choose (C-5.1.5)."""
    player = state.players[seat]
    decline(state, seat)
    for tid in player.declined_kept:
        insort(state.bag, tid)
    player.declined_kept = ()
    player.declined_abilities = {}
