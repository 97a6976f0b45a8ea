"""R-14: the effects of event cards, played in phase 3 (R-6.5).

Built so far: Enlightened Despot (R-14.1), Alchemy (R-14.2), Rebellion (R-14.5) with
R-6.6's marker turned token, Papal Decree (R-14.6), Pirates/Vikings (R-14.7), Uprising
(R-14.8), Famine (R-14.9), Mysticism (R-14.10), Black Death (R-14.14), Religious War
(R-14.15), Mongol Invasion (R-14.16) and the four military cards' strength in conflicts
(R-14.12, R-14.13, R-14.17, R-14.18), Crusade (R-14.4); Civil War (R-14.3) and War (R-14.11)
in ``turn.wars``. A choice in the middle of an effect waits on the decision stack; the
player who played the card makes it (R-6.5).
"""

from __future__ import annotations

from collections.abc import Callable

from ..game.actions import Action, ChooseProvince, ChooseRegion, ChooseVictim, NameCategory
from ..game.errors import IllegalAction
from .common import pay, raise_misery, receive
from .state import GameState

PAPAL_ROWS = ("science", "religion", "exploration")
MILITARY = ("stirrup", "armour", "longbows", "gunpowder")  # later cancels earlier


def despot(state: GameState, seat: int) -> bool:
    """R-14.1: immune for the rest of the game to the events that name the despot."""
    return f"despot:{seat}" in state.marks


def _struck(state: GameState) -> list[int]:
    """The live players an immunity-bound event strikes (despots are spared, R-14.1)."""
    return [p for p in range(state.players) if state.alive[p] and not despot(state, p)]


def _owned_in(state: GameState, seat: int, group: str) -> int:
    return sum(1 for a in state.sheet.row(group) if state.owns(seat, a))


def enlightened_despot(state: GameState, seat: int) -> None:
    state.marks.add(f"despot:{seat}")


def uprising(state: GameState, seat: int) -> None:
    """R-14.8: one level per Commerce advance owned."""
    for p in _struck(state):
        raise_misery(state, p, _owned_in(state, p, "commerce"))


def famine(state: GameState, seat: int) -> None:
    """R-14.9: 4 levels, less one per grain province held and one with K (Q-56: the grain
    provinces counted are those whose commodity card the player holds, as a grain card pays).
    Despots are not spared: R-14.1 does not name Famine."""
    for p in range(state.players):
        if not state.alive[p]:
            continue
        grain = sum(1 for a in state.holdings[p] if "grain" in state.board.areas[a].commodities)
        raise_misery(state, p, 4 - grain - (1 if state.owns(p, "K") else 0))


def mysticism(state: GameState, seat: int) -> None:
    """R-14.10: 4 levels less one per Science advance owned."""
    for p in _struck(state):
        raise_misery(state, p, 4 - _owned_in(state, p, "science"))


def religious_war(state: GameState, seat: int) -> None:
    """R-14.15: one level per Religion advance owned; in period 3 Papal Decree is done with.
    Its cancelling of this round's Papal Decree is read by ``papal_ban``."""
    for p in _struck(state):
        raise_misery(state, p, _owned_in(state, p, "religion"))
    if state.period == 3:
        state.marks.add("religious_war_in_period_3")


def mongol_invasion(state: GameState, seat: int) -> None:
    """R-14.16: 10 ducats; Marco Polo's doubled discount and Crusade's end read the play."""
    receive(state, seat, 10)


def alchemy(state: GameState, seat: int) -> None:
    """R-14.2: the player who played it names the victim (R-6.5) when there is one."""
    if alchemy_victims(state, seat):
        state.pending.append(("alchemy", seat, "alchemy"))


def alchemy_victims(state: GameState, seat: int) -> list[int]:
    """Q-57: an opponent, alive, without C (R-15.C) and no despot (R-14.1); with none, the
    card strikes nobody."""
    return [p for p in _struck(state) if p != seat and not state.owns(p, "C")]


def rebellion(state: GameState, seat: int) -> None:
    """R-14.5: the player who played it names the province (R-6.5) when there is one."""
    if rebellion_targets(state):
        state.pending.append(("rebellion", seat, "rebellion"))


def rebellion_targets(state: GameState) -> list[str]:
    """Q-59: a province (no satellite, box or capital) outside the New World holding a live
    player's control marker, not a despot's (R-14.1); with none, the card strikes nobody."""
    capitals = {c.id for c in state.board.capitals}
    return sorted(a for a, owner in state.control.items()
                  if state.board.areas[a].kind == "province" and a not in capitals
                  and state.board.areas[a].region != "new_world"
                  and state.alive[owner] and not despot(state, owner))


def marker_to_token(state: GameState, area: str) -> None:
    """R-6.6: the control marker goes back to stock and a token of its owner takes its place:
    from stock, else one bought for this round's expansion (Q-59: always used when there is
    one, it can only help), else the province is left empty. Commodity cards follow at once."""
    from .expand import update_holdings  # expand reaches this module through play

    owner = state.control.pop(area)
    state.new_control.discard(area)
    state.stock_markers[owner] += 1
    if state.stock_tokens[owner] > 0:
        state.stock_tokens[owner] -= 1
    elif state.bought[owner] > 0:
        state.bought[owner] -= 1
    else:
        update_holdings(state)
        return
    here = state.tokens.setdefault(area, {})
    here[owner] = here.get(owner, 0) + 1
    update_holdings(state)


def pirates(state: GameState, seat: int) -> None:
    """R-14.7, Q-25: one marker a period number (1, 2 or 3), each in a different coastal
    province, chosen one after another by the player who played it."""
    if pirate_targets(state):
        state.pending.append(("pirates", seat, str(state.period)))


def pirate_targets(state: GameState) -> list[str]:
    """Q-60: coastal provinces and capitals (no satellite or box) with a live player's marker.
    A province already struck holds no marker any more, so each is struck once."""
    return sorted(a for a, owner in state.control.items() if state.alive[owner]
                  and state.board.areas[a].coastal
                  and state.board.areas[a].kind in ("province", "capital"))


def black_death(state: GameState, seat: int) -> None:
    state.pending.append(("black_death", seat, "black_death"))


def plague_regions(state: GameState) -> list[str]:
    """Q-61: any region in play (R-1.2), the Orient and the New World among them."""
    return sorted(state.board.regions_in_play(state.players))


def strike_region(state: GameState, region: str) -> None:
    """R-14.14: first every token there goes back to its owner's stock, then every control
    marker there becomes a token (R-6.6), so the plague leaves one token where a marker was."""
    areas = [a for a, area in state.board.areas.items() if area.region == region]
    for area in areas:
        for owner, count in state.tokens.pop(area, {}).items():
            state.stock_tokens[owner] += count
        state.new_tokens.pop(area, None)
    for area in areas:
        if area in state.control:
            marker_to_token(state, area)
    from .expand import update_holdings  # as in marker_to_token

    update_holdings(state)


def military_cards(state: GameState, seat: int) -> list[str]:
    """The military cards ``seat`` played this round."""
    return [e.split(":")[1] for e in state.round_events
            if e.startswith("military:") and e.split(":")[2] == str(seat)]


def military_bonus(state: GameState, seat: int, opponents: list[int]) -> int:
    """R-14.12–R-14.18, Q-20: +1 per military card of ``seat`` this round, except a card
    that an opponent in the same conflict answers with a card as late or later in the order
    Stirrup < Armour < Longbows < Gunpowder (so Gunpowder always counts).

    Q-62: a cancelled card also loses its black-equals-white rule (``military_tie``)."""
    theirs = [MILITARY.index(c) for p in opponents for c in military_cards(state, p)]
    return sum(1 for c in military_cards(state, seat)
               if not any(t >= MILITARY.index(c) for t in theirs))


def military_tie(state: GameState, seat: int, opponents: list[int]) -> bool:
    """R-14.12: black equal to white wins for an attacker with a military card in effect."""
    return military_bonus(state, seat, opponents) > 0


def crusade(state: GameState, seat: int) -> None:
    """R-14.4: the crusader names a province of region VI (R-6.5), then rises one level."""
    if crusade_targets(state, seat):
        state.pending.append(("crusade", seat, "crusade"))
    else:
        raise_misery(state, seat, 1)


def crusade_targets(state: GameState, seat: int) -> list[str]:
    """Q-63: a province of region VI (satellites hold no marker, R-1.4) not already the
    crusader's, while the crusader has a control marker in stock; otherwise only the level."""
    if state.stock_markers[seat] <= 0:
        return []
    return sorted(a for a, area in state.board.areas.items() if area.region == "VI"
                  and area.kind == "province" and state.control.get(a) != seat)


def conquer(state: GameState, seat: int, area: str) -> None:
    """R-14.4, R-6.6: every other piece leaves for its owner's stock; a settled marker of the
    crusader takes the province; commodity cards follow at once."""
    from .expand import update_holdings  # as in marker_to_token

    for owner, count in state.tokens.pop(area, {}).items():
        state.stock_tokens[owner] += count
    state.new_tokens.pop(area, None)
    if area in state.control:
        state.stock_markers[state.control.pop(area)] += 1
    state.new_control.discard(area)
    state.control[area] = seat
    state.stock_markers[seat] -= 1
    update_holdings(state)


def papal_decree(state: GameState, seat: int) -> None:
    state.pending.append(("papal_decree", seat, "papal_decree"))


def papal_ban(state: GameState) -> set[str]:
    """R-14.6: the advance rows no one may buy in this round's purchase phase; a Religious
    War played the same round, before or after, lifts the ban (R-14.15, Q-58)."""
    if "religious_war" in state.round_events:
        return set()
    return {e.split(":", 1)[1] for e in state.round_events if e.startswith("papal_decree:")}


EFFECTS: dict[str, Callable[[GameState, int], None]] = {
    "enlightened_despot": enlightened_despot, "alchemy": alchemy, "rebellion": rebellion,
    "papal_decree": papal_decree, "pirates_vikings": pirates,
    "black_death": black_death, "crusade": crusade,
    "uprising": uprising, "famine": famine, "mysticism": mysticism,
    "religious_war": religious_war, "mongol_invasion": mongol_invasion,
}


def take_effect(state: GameState, seat: int, card: str) -> None:
    if card in MILITARY:  # R-14.12: in effect this round, recorded with its player (R-6.8's
        state.round_events.append(f"military:{card}:{seat}")  # marks end Stirrup and Armour)
    effect = EFFECTS.get(card)
    if effect is not None:
        effect(state, seat)
    elif card in ("civil_war", "war"):
        from . import wars  # wars builds on this module's helpers

        (wars.civil_war if card == "civil_war" else wars.war)(state, seat)


# --- decisions in the middle of an effect ---------------------------------------------------


def _apply_pirates(state: GameState, seat: int, action: Action) -> None:
    if not isinstance(action, ChooseProvince) or action.area not in pirate_targets(state):
        raise IllegalAction("R-14.7", "name a coastal province with a control marker")
    left = int(state.pending.pop()[2]) - 1
    marker_to_token(state, action.area)
    if left and pirate_targets(state):
        state.pending.append(("pirates", seat, str(left)))


def legal_decision(state: GameState) -> list[Action]:
    kind, seat, _ = state.pending[-1]
    if kind == "alchemy":
        return [ChooseVictim(p) for p in alchemy_victims(state, seat)]
    if kind == "rebellion":
        return [ChooseProvince(a) for a in rebellion_targets(state)]
    if kind == "pirates":
        return [ChooseProvince(a) for a in pirate_targets(state)]
    if kind == "black_death":
        return [ChooseRegion(r) for r in plague_regions(state)]
    if kind == "crusade":
        return [ChooseProvince(a) for a in crusade_targets(state, seat)]
    return [NameCategory(g) for g in PAPAL_ROWS]


def apply_decision(state: GameState, action: Action) -> None:
    kind, seat, _ = state.pending[-1]
    if kind == "alchemy":
        if not isinstance(action, ChooseVictim) or action.victim not in alchemy_victims(state,
                                                                                     seat):
            raise IllegalAction("R-14.2", "name an opponent without C and not a despot")
        state.pending.pop()
        victim = action.victim
        pay(state, victim, min((state.noted_cash[victim] or 0) // 2, state.cash[victim]))
    elif kind == "rebellion":
        if not isinstance(action, ChooseProvince) or action.area not in rebellion_targets(state):
            raise IllegalAction("R-14.5", "name a province with a marker, not a capital, not in "
                                "the New World, not a despot's")
        state.pending.pop()
        marker_to_token(state, action.area)
    elif kind == "pirates":
        _apply_pirates(state, seat, action)
    elif kind == "crusade":
        if not isinstance(action, ChooseProvince) or action.area not in crusade_targets(state,
                                                                                        seat):
            raise IllegalAction("R-14.4", "name a province of region VI")
        state.pending.pop()
        conquer(state, seat, action.area)
        raise_misery(state, seat, 1)
    elif kind == "black_death":
        if not isinstance(action, ChooseRegion) or action.region not in plague_regions(state):
            raise IllegalAction("R-14.14", "name a region in play")
        state.pending.pop()
        strike_region(state, action.region)
    else:
        if not isinstance(action, NameCategory) or action.group not in PAPAL_ROWS:
            raise IllegalAction("R-14.6", "name Science, Religion or Exploration")
        state.pending.pop()
        state.round_events.append(f"papal_decree:{action.group}")
