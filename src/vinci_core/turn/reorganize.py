"""Reorganization (C-3.4.3–C-3.4.5): the active empire's tokens go back onto its provinces,
then forts are built (the phase ``end_of_turn``, where Rebirth may also decline, C-5.3)."""

from __future__ import annotations

from ..game.actions import (
    Action,
    Decline,
    EndTurn,
    Fort,
    IllegalAction,
    Place,
    PlaceAll,
    illegal_n,
)
from ..rulesets.online import culture_tokens, one_token_each
from ..text.i18n import N_
from .common import empty, linked, need_phase, province, read_placement
from .data import State
from .redistribute import after_turn
from .score import score


def reorganize_actions(state: State) -> list[Action]:
    ids = state.board.ids
    return [Place(ids[p]) for p in reorg_targets(state, state.turn_seat)]


def end_of_turn_actions(state: State) -> list[Action]:
    seat = state.turn_seat
    ids = state.board.ids
    out: list[Action] = [Fort(ids[p]) for p in fort_targets(state, seat)]
    if "rebirth" in state.players[seat].abilities:
        out.append(Decline())
    out.append(EndTurn())
    return out


def begin_reorganization(state: State, seat: int) -> None:
    """C-3.4.3, C-3.4.4: every token of the empire into hand (Field General's leave), then
    what is forced is placed."""
    player = state.players[seat]
    empire = state.empire(seat)
    state.turn.reorg_before = tuple((p, state.tokens[p]) for p in empire)
    total = sum(state.tokens[p] for p in empire) + player.hand - player.temp  # C-3.4.4
    culture = culture_tokens(player.abilities, state.culled)  # Y-9.23
    player.received += culture
    for p in empire:
        state.tokens[p] = 0
    player.hand = max(0, total) + culture
    player.temp = 0
    state.phase = "reorganize"
    settle_reorganization(state, seat)


def reorg_targets(state: State, seat: int) -> list[int]:
    """Where the next token may go during reorganization (C-3.4.3)."""
    empire = state.empire(seat)
    hand = state.players[seat].hand
    empty_ones = [p for p in empire if state.tokens[p] == 0]
    placed = len(empire) - len(empty_ones)
    if hand + sum(state.tokens[p] for p in empire) >= len(empire):
        if one_token_each(state.players[seat].abilities):
            return empty_ones  # Y-9.29 Hordes: one token in each province, no more
        return empty_ones if hand == len(empty_ones) else empire
    # Fewer tokens than provinces: choose which to keep, still connected.
    if placed == 0 or "messengers" in state.players[seat].abilities \
            or state.rules.virtual[seat]:  # V-6
        return empty_ones
    chosen = {p for p in empire if state.tokens[p]}
    return [p for p in empty_ones if linked(state, seat, chosen, p)]


def settle_reorganization(state: State, seat: int) -> None:
    """Place what is forced, and close the reorganization once the hand is empty.

    An empire with no province keeps its tokens in hand for re-entry (C-5.5)."""
    player = state.players[seat]
    empire = state.empire(seat)
    empty_ones = [p for p in empire if state.tokens[p] == 0]
    if one_token_each(player.abilities):  # Y-9.29: the rest waits off the board
        if player.hand >= len(empty_ones):
            for p in empty_ones:
                state.tokens[p] = 1
            player.hand -= len(empty_ones)
            empty_ones = []
        if player.hand and empty_ones:
            return
    elif player.hand and len(empire) == 1:
        state.tokens[empire[0]] += player.hand
        player.hand = 0
    elif player.hand and player.hand == len(empty_ones):  # one token each, nothing to choose
        for p in empty_ones:
            state.tokens[p] = 1
        player.hand = 0
    if player.hand and empire and not one_token_each(player.abilities):
        return
    for p in empire:
        if state.tokens[p] == 0:
            empty(state, p)  # C-3.3.6, C-3.4.3: provinces left without a token
    if fort_targets(state, seat) or "rebirth" in player.abilities:
        state.phase = "end_of_turn"
    else:
        score(state, seat)
        after_turn(state)


def do_place(state: State, action: Place) -> None:
    p = province(state, action.province)
    need_phase(state, "reorganize", rule="C-3.4.3", what=N_("placing a token"))
    seat = state.turn_seat
    if p not in reorg_targets(state, seat):
        if state.owner[p] != seat or state.declined[p]:
            raise IllegalAction("C-3.4.3", "{province} is not in your active empire",
                                province=action.province)
        raise IllegalAction("C-3.4.3", "every kept province needs a token, and the kept "
                            "provinces stay connected")
    state.tokens[p] += 1
    state.players[seat].hand -= 1
    settle_reorganization(state, seat)


def do_place_all(state: State, action: PlaceAll) -> None:
    placement = read_placement(state, action, rule="C-3.4.3")
    need_phase(state, "reorganize", rule="C-3.4.3", what=N_("placing tokens"))
    seat = state.turn_seat
    player = state.players[seat]
    empire = state.empire(seat)
    members = set(empire)
    if any(p not in members for p in placement):
        raise IllegalAction("C-3.4.3", "tokens go only into provinces of your active empire")
    if sum(placement.values()) != player.hand:
        raise illegal_n("C-3.4.3", "place the {n} token of your hand",
                        "place all {n} tokens of your hand", player.hand)
    final = {p: state.tokens[p] + placement.get(p, 0) for p in empire}
    if one_token_each(player.abilities) and any(n > 1 for n in final.values()):
        raise IllegalAction("Y-9.29", "Hordes keep exactly one token in each province")
    total = sum(final.values())
    kept = {p for p, n in final.items() if n}
    if total >= len(empire):
        if len(kept) < len(empire):
            raise IllegalAction("C-3.4.3", "every province of the empire keeps a token")
    else:
        if any(n > 1 for n in final.values()):
            raise IllegalAction("C-3.4.3", "with fewer tokens than provinces, keep as many "
                                "provinces as you have tokens")
        if "messengers" not in player.abilities and not state.rules.virtual[seat] \
                and not connected(state, seat, kept):  # V-6: virtual seats need not
            raise IllegalAction("C-3.4.3", "the provinces you keep must stay connected")
    for p, n in placement.items():
        state.tokens[p] += n
    player.hand = 0
    settle_reorganization(state, seat)


def connected(state: State, seat: int, members: set[int]) -> bool:
    if not members:
        return True
    start = min(members)
    seen, stack = {start}, [start]
    while stack:
        for q in linked(state, seat, members, stack.pop()):
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(members)


def fort_targets(state: State, seat: int) -> list[int]:
    """C-3.4.5: the active provinces without a fort, while forts are left to build."""
    if state.turn.forts <= 0:
        return []
    return [p for p in state.empire(seat) if not state.fort[p]]


def do_fort(state: State, action: Fort) -> None:
    need_phase(state, "end_of_turn", rule="C-3.4.5", what=N_("building a fort"))
    seat = state.turn_seat
    p = province(state, action.province)
    if state.turn.forts <= 0:
        raise IllegalAction("C-3.4.5", "no fort left to build this turn")
    if p not in fort_targets(state, seat):
        raise IllegalAction("C-3.4.5", "a fort goes into a province of your active empire "
                            "that has none")
    state.fort[p] = True
    state.turn.forts -= 1
    if not fort_targets(state, seat) and "rebirth" not in state.players[seat].abilities:
        score(state, seat)
        after_turn(state)
