"""Expansion (C-3.1, C-3.3, C-5.1): the start of a turn (tokens into hand, the powers that
act then), the actions of the phase ``expand`` (decline, Diplomacy, emptying a province,
conquests: :mod:`.conquer`) and its end (Finish), which leads to keeping or reorganizing."""

from __future__ import annotations

from ..game.actions import Abandon, Action, Conquer, Decline, Diplomacy, Finish, IllegalAction
from ..rulesets.online import MERCENARIES, conquest_phases, keeps_all_at_decline
from ..text.i18n import N_
from .common import empty, need_phase, province
from .conquer import ESPIONAGE_COST, affordable, conquests, religion_targets
from .data import State, Turn
from .decline import declines_at_end_only
from .end import STARTING
from .keep import parts_of
from .redistribute import after_turn
from .reorganize import begin_reorganization
from .score import score

FIELD_GENERAL_TOKENS = 7  # C-3.1.3


def begin_turn(state: State) -> None:
    """Begin the turn of ``state.turn_seat`` (the dispatcher calls this when a turn ended,
    :data:`.end.STARTING`). A seat with nothing to play scores and passes at once, and the
    next turn begins here too, as often as needed."""
    _open_turn(state)
    while state.phase == STARTING:
        _open_turn(state)


def _open_turn(state: State) -> None:
    """C-3.1: tokens into hand, the powers that act at the start of a turn."""
    seat = state.turn_seat
    state.turn = Turn()
    state.slaves = state.culled = 0
    state.peace = tuple(pair for pair in state.peace if pair[0] != seat)  # C-3.3.9 ends
    player = state.players[seat]
    if player.civ is None:  # the display was empty when this seat last declined
        score(state, seat)
        if state.display:
            state.phase = "choose"
        else:
            after_turn(state)
        return
    ab = player.abilities
    if keeps_all_at_decline(ab):  # Y-9.26: a decline now puts them back
        state.turn.collected = tuple((p, state.tokens[p] - 1) for p in state.empire(seat)
                                     if state.tokens[p] > 1)
    for p in state.empire(seat):  # C-3.1.1: all but one token into hand
        if state.tokens[p] > 1:
            player.hand += state.tokens[p] - 1
            state.tokens[p] = 1
    medicine = ab.get("medicine", 0)  # C-3.1.3
    player.hand += medicine
    player.received += medicine
    # C-3.1.3 Field General, Y-9.8 Mercenaries: temporary tokens for this turn.
    general = FIELD_GENERAL_TOKENS * ab.get("field_general", 0) \
        + MERCENARIES * ab.get("mercenaries", 0)
    player.hand += general
    player.temp = general
    state.turn.second = conquest_phases(ab) > 1  # Y-9.28
    state.turn.spies = ab.get("espionage", 0)
    state.turn.envoys = ab.get("diplomacy", 0)
    state.turn.forts = ab.get("fortification", 0)
    state.phase = "expand"


def expand_actions(state: State) -> list[Action]:
    seat = state.turn_seat
    player = state.players[seat]
    turn = state.turn
    ids = state.board.ids
    out: list[Action] = []
    if not turn.acted and not declines_at_end_only(state, seat):
        out.append(Decline())
    if not turn.conquered:
        named = {b for a, b in state.peace if a == seat}
        if turn.envoys:
            out.extend(Diplomacy(s) for s in range(state.rules.seats)
                       if s != seat and s not in named)
        empire = state.empire(seat)
        if len(empire) > 1 or state.rules.abandon_last_province:
            out.extend(Abandon(ids[p]) for p in empire)
    hand = player.hand
    options = conquests(state, seat)
    if "mercenaries" in player.abilities:  # Y-9.8: each conquest needs an own token
        spy = turn.spies > 0 and affordable(player, ESPIONAGE_COST)
        for p, cost in options.items():
            if affordable(player, cost):
                out.append(Conquer(ids[p]))
            if spy:
                out.append(Conquer(ids[p], True))
    else:
        spy = turn.spies > 0 and hand >= ESPIONAGE_COST
        for p, cost in options.items():
            if cost <= hand:
                out.append(Conquer(ids[p]))
            if spy:
                out.append(Conquer(ids[p], True))
    if "religion" in player.abilities:
        out.extend(Conquer(ids[p], religion=True) for p in religion_targets(state, seat))
    if not must_enter(state, seat, options):
        out.append(Finish())
    return out


def must_enter(state: State, seat: int, options: dict[int, int] | None = None) -> bool:
    """C-3.1.2: a civilization with tokens but no province must enter if it can."""
    player = state.players[seat]
    # D-5: only permanent tokens force an entry (rules 1 counted the temporary ones too).
    forcing = player.hand - player.temp if state.rules.temporaries_never_force_entry \
        else player.hand
    if forcing <= 0 or any(o == seat and not d
                           for o, d in zip(state.owner, state.declined, strict=True)):
        return False
    if options is None:
        options = conquests(state, seat)
    spy = state.turn.spies > 0 and affordable(player, ESPIONAGE_COST)
    return any(spy or affordable(player, c) for c in options.values())


def do_diplomacy(state: State, action: Diplomacy) -> None:
    need_phase(state, "expand", rule="C-3.3.9", what=N_("Diplomacy"))
    seat = state.turn_seat
    if state.turn.envoys <= 0:
        raise IllegalAction("C-3.3.9", "no Diplomacy partner left to name this turn")
    if state.turn.conquered:
        raise IllegalAction("C-3.3.9", "peace is made at the start of the turn")
    if not 0 <= action.seat < state.rules.seats or action.seat == seat:
        raise IllegalAction("C-3.3.9", "name another player of this game")
    if (seat, action.seat) in state.peace:
        raise IllegalAction("C-3.3.9", "peace with that player is already made")
    state.peace = (*state.peace, (seat, action.seat))
    state.turn.envoys -= 1
    state.turn.acted = True


def do_abandon(state: State, action: Abandon) -> None:
    need_phase(state, "expand", rule="C-3.1.1", what=N_("emptying a province"))
    seat = state.turn_seat
    p = province(state, action.province)
    if state.turn.conquered:
        raise IllegalAction("C-3.1.1", "provinces are emptied before the first conquest")
    if state.owner[p] != seat or state.declined[p]:
        raise IllegalAction("C-3.1.1", "{province} is not in your active empire",
                            province=action.province)
    if len(state.empire(seat)) == 1 and not state.rules.abandon_last_province:
        raise IllegalAction("C-3.1.1", "an empire keeps at least one province")
    state.players[seat].hand += state.tokens[p]
    empty(state, p)
    state.turn.acted = True


def do_finish(state: State, action: Finish) -> None:
    need_phase(state, "expand", rule="C-3.3", what=N_("finishing the conquests"))
    seat = state.turn_seat
    if must_enter(state, seat):
        raise IllegalAction("C-3.1.2", "a new civilization must enter the board")
    state.turn.acted = True
    if state.turn.second:  # Y-9.28 Armies: collect again and conquer a second time
        second_phase(state, seat)
        return
    messengers = "messengers" in state.players[seat].abilities
    loose = messengers or state.rules.virtual[seat]  # V-6: virtual empires ignore cohesion
    if not loose and len(parts_of(state, seat)) > 1:  # C-3.4.1
        state.phase = "keep"
        return
    begin_reorganization(state, seat)


def second_phase(state: State, seat: int) -> None:
    """Y-9.28, OQ-6: each province keeps one token, the rest go to hand; provinces may
    be emptied again before this phase's first conquest. Turn limits carry over."""
    player = state.players[seat]
    for p in state.empire(seat):
        if state.tokens[p] > 1:
            player.hand += state.tokens[p] - 1
            state.tokens[p] = 1
    state.turn.second = False
    state.turn.conquered = False
    state.turn.envoys = 0  # Y-3.1.2 (a): peace is made at the start of the turn
