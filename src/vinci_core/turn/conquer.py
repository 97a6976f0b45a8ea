"""Conquest (C-3.2, C-3.3, C-4): which provinces a seat can take now and at what cost, and the
conquest itself, with Diplomacy's peace (C-3.3.9), contact with the declined empire (C-3.3.8),
Espionage (C-3.3.10), Mercenaries (Y-9.8) and Religion (Y-9.24).

Reach and cost are the ruleset's hooks (``reach``, ``cost``, ``fort_on_conquest``,
``contact_clears``); the defender's side is C-3.3.5 and Y-3.4.4.
"""

from __future__ import annotations

from ..game.actions import Conquer, IllegalAction, illegal_n
from ..game.position import NEUTRAL
from ..rulesets.online import keeps_all_tokens, mercenaries_paying
from ..text.i18n import N_
from .common import empty, need_phase, province
from .data import Player, State
from .decline import fall, return_vanished_tiles

ESPIONAGE_COST = 2  # C-3.3.10


def conquests(state: State, seat: int) -> dict[int, int]:
    """Province -> cost of every conquest open to ``seat`` now, affordable or not."""
    peace, forbid = peace_partners(state, seat), contact_forbidden(state, seat)
    barring = bool(peace) or forbid
    out: dict[int, int] = {}
    rs = state.ruleset
    cost = rs.cost
    for target, origin in rs.reach(state, seat).items():
        if barring and barred(state, seat, target, peace, forbid):
            continue
        out[target] = cost(state, seat, target, origin)
    return out


def peace_partners(state: State, seat: int) -> set[int]:
    return {b if a == seat else a for a, b in state.peace if seat in (a, b)}


def contact_forbidden(state: State, seat: int) -> bool:
    return not state.rules.clear_contact and "heritage" not in state.players[seat].abilities


def barred(state: State, seat: int, target: int, peace: set[int], forbid: bool) -> str | None:
    """The rule that bars a reachable conquest, if one does."""
    if state.owner[target] in peace and not state.declined[target]:
        return "C-3.3.9"
    if forbid and touches_own_declined(state, seat, target):
        return "C-3.3.8"  # option decline_contact = "forbid"
    return None


def touches_own_declined(state: State, seat: int, target: int) -> bool:
    """C-3.3.8 under ``decline_contact = "forbid"``: ``target`` borders one of the seat's
    declined provinces, or (rules 2, the Dutch text) is one."""
    owner, declined = state.owner, state.declined
    if owner[target] == seat and declined[target] and state.rules.forbid_own_declined:
        return True
    return any(owner[q] == seat and declined[q] and q != target
               for q in state.board.adjacent[target])


def religion_targets(state: State, seat: int) -> list[int]:
    """Y-9.24: reachable provinces held by exactly one token of an opponent's active
    empire, one such conquest per opponent and turn, never against a peace partner."""
    peace = peace_partners(state, seat)
    done = state.turn.converted
    owner, declined, tokens = state.owner, state.declined, state.tokens
    return [p for p in state.ruleset.reach(state, seat)
            if owner[p] >= 0 and owner[p] != seat and not declined[p] and tokens[p] == 1
            and owner[p] not in peace and owner[p] not in done]


def affordable(player: Player, cost: int) -> bool:
    """C-3.3.3; Y-9.8: with Mercenaries one token of each conquest is an own one."""
    if "mercenaries" in player.abilities:
        return mercenaries_paying(cost, player.hand, player.temp) is not None
    return cost <= player.hand


def do_conquer(state: State, action: Conquer) -> None:
    need_phase(state, "expand", rule="C-3.3", what=N_("conquering"))
    seat = state.turn_seat
    player = state.players[seat]
    p = province(state, action.province)
    owner = state.owner[p]
    if owner == seat and not state.declined[p]:
        raise IllegalAction("C-3.3.4", "{province} is already yours", province=action.province)
    # Only this target's cost: a save replays thousands of conquests.
    origins = state.ruleset.reach(state, seat)
    _check_open(state, seat, p, origins, action)
    cost, own, mercs = _price(state, seat, p, origins, action)
    fallen = _strike_defender(state, seat, p)
    player.hand -= cost
    player.temp -= mercs  # Y-9.8: spent mercenaries leave the game
    _take(state, seat, p, own)
    if state.ruleset.tiles_leave_with_empire:
        return_vanished_tiles(state)
    if fallen is not None and not state.empire(fallen):
        fall(state, fallen)


def _check_open(state: State, seat: int, p: int, origins: dict[int, int],
                action: Conquer) -> None:
    """Raise unless ``p`` is within reach (C-3.2.1, C-3.3.1) and not barred (C-3.3.8, C-3.3.9)."""
    if p not in origins:
        if not any(o == seat and not d for o, d in zip(state.owner, state.declined,
                                                       strict=True)):
            raise IllegalAction("C-3.2.1", "{province} is not a legal entry",
                                province=action.province)
        raise IllegalAction("C-3.3.1", "{province} does not border your empire",
                            province=action.province)
    rule = barred(state, seat, p, peace_partners(state, seat), contact_forbidden(state, seat))
    if rule == "C-3.3.9":
        raise IllegalAction(rule, "you are at peace with that player")
    if rule is not None:
        if state.owner[p] == seat and state.rules.forbid_own_declined:
            raise IllegalAction(rule, "in this edition your active empire cannot take a "
                                "province of your declined empire")
        raise IllegalAction(rule, "that conquest would touch your declined empire")


def _price(state: State, seat: int, p: int, origins: dict[int, int],
           action: Conquer) -> tuple[int, int, int]:
    """(tokens the conquest costs, own tokens left in ``p``, mercenaries spent); raises when
    the seat cannot pay. Religion and Espionage use up this turn's allowance."""
    player = state.players[seat]
    if action.religion:
        if "religion" not in player.abilities:
            raise IllegalAction("Y-9.24", "only Religion converts a province")
        if p not in religion_targets(state, seat):
            raise IllegalAction("Y-9.24", "Religion takes a province held by a single token "
                                "of an opponent's active empire, once per opponent and "
                                "turn")
        cost = 0
        state.turn.converted = (*state.turn.converted, state.owner[p])
    elif action.espionage:
        if state.turn.spies <= 0:
            raise IllegalAction("C-3.3.10", "no Espionage conquest left this turn")
        cost = ESPIONAGE_COST
        state.turn.spies -= 1
    else:
        cost = state.ruleset.cost(state, seat, p, origins[p])
    own, mercs = cost, 0
    if action.religion:  # Y-9.24: a new permanent token from the supply
        own = 1
        player.received += 1
    elif "mercenaries" in player.abilities:  # Y-9.8
        paying = mercenaries_paying(cost, player.hand, player.temp)
        if paying is None:
            raise illegal_n("Y-9.8", "costs {n} token, which must be your own; your "
                            "hand: own tokens {own}, mercenaries {mercenaries}",
                            "costs {n} tokens and at least one must be your own; your "
                            "hand: own tokens {own}, mercenaries {mercenaries}",
                            cost, own=player.hand - player.temp,
                            mercenaries=player.temp)
        own, mercs = paying
    if cost > player.hand:
        raise illegal_n("C-3.3.3", "costs {n} token, you hold {hand}",
                        "costs {n} tokens, you hold {hand}", cost, hand=player.hand)
    return cost, own, mercs


def _strike_defender(state: State, seat: int, p: int) -> int | None:
    """C-3.3.5, Y-3.4.4: the defender loses one token, the rest go back to its hand. Returns
    the seat whose active empire may fall (C-7.1), if any."""
    owner = state.owner[p]
    fallen = None
    if owner == NEUTRAL:
        state.slaves += 1
    elif owner >= 0:
        defender = state.players[owner]
        if not state.declined[p]:
            if keeps_all_tokens(state.board, defender.abilities, p):  # Y-9.22, Y-9.25
                defender.returned += state.tokens[p]
            else:
                if owner != seat:
                    state.slaves += 1  # C-3.6.2: other players' tokens
                    state.culled += 1
                defender.lost += 1
                defender.returned += state.tokens[p] - 1
            if state.rules.automatic_decline and owner != seat:
                fallen = owner
        else:
            if owner != seat:
                state.slaves += 1  # C-3.6.2: declined tokens included
                state.culled += 1
            defender.returned_old += state.tokens[p] - 1  # Y-5.4 (Philosophy)
    return fallen


def _take(state: State, seat: int, p: int, own: int) -> None:
    """``p`` joins the seat's active empire with ``own`` tokens."""
    board, rs = state.board, state.ruleset
    abilities = state.players[seat].abilities
    state.owner[p] = seat
    state.tokens[p] = own
    state.declined[p] = False  # C-3.3.7
    state.fort[p] = rs.fort_on_conquest(board, abilities, p)  # Y-9.9
    state.turn.acted = state.turn.conquered = True
    if state.rules.clear_contact and "heritage" not in abilities:
        for q in board.adjacent[p]:  # C-3.3.8, Y-3.4.6
            if state.owner[q] == seat and state.declined[q] \
                    and rs.contact_clears(board, p, q):
                empty(state, q)
