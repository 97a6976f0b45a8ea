"""Keeping one part (C-3.4.1, C-3.4.2): when conquests and losses split the active empire,
its player keeps one connected part and the others are cut off."""

from __future__ import annotations

from ..game.actions import Action, IllegalAction, Keep
from ..text.i18n import N_
from .common import empty, linked, need_phase, province
from .data import State
from .reorganize import begin_reorganization


def keep_actions(state: State) -> list[Action]:
    ids = state.board.ids
    return [Keep(ids[part[0]]) for part in parts_of(state, state.turn_seat)]


def parts_of(state: State, seat: int) -> list[list[int]]:
    """Connected parts of the active empire, each sorted, in map order."""
    members = set(state.empire(seat))
    out: list[list[int]] = []
    seen: set[int] = set()
    for start in sorted(members):
        if start in seen:
            continue
        part, stack = [start], [start]
        seen.add(start)
        while stack:
            for q in linked(state, seat, members, stack.pop()):
                if q not in seen:
                    seen.add(q)
                    part.append(q)
                    stack.append(q)
        out.append(sorted(part))
    return out


def do_keep(state: State, action: Keep) -> None:
    need_phase(state, "keep", rule="C-3.4.2", what=N_("choosing the part to keep"))
    seat = state.turn_seat
    p = province(state, action.province)
    split = parts_of(state, seat)
    kept = next((part for part in split if p in part), None)
    if kept is None:
        raise IllegalAction("C-3.4.2", "{province} is not in your active empire",
                            province=action.province)
    if p != kept[0] and state.rules.keep_named_part:
        # Rules 3: one spelling per move, the one keep_actions lists (rules 1 and 2 took
        # any province of the part, and their saves still replay so).
        raise IllegalAction("C-3.4.2", "a part is kept by its province {first}",
                            first=state.board.ids[kept[0]])
    player = state.players[seat]
    permanent = sum(state.tokens[q] for part in split for q in part) + player.hand \
        - player.temp
    cut_off = 0
    for part in split:
        if part is not kept:
            for q in part:
                cut_off += state.tokens[q]
                empty(state, q)
    if state.rules.remove_cut_off:
        # C-7.2: the cut-off tokens leave the game. They are permanent tokens first, as
        # Field General's temporaries leave only afterwards (C-3.4.4).
        from_permanent = min(cut_off, max(permanent, 0))
        player.lost += from_permanent
        player.temp -= cut_off - from_permanent
    else:
        player.hand += cut_off  # C-3.4.2: they join the kept part at reorganization
    begin_reorganization(state, seat)
