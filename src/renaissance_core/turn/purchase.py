"""Phase 4 (R-7): in turn order each player grows the fleet, buys advances, then pays
stabilisation (Q-11: fleet, advances, stabilisation, in that order).

Relief (R-7.5, Q-10) comes at once with the purchase that earns it. Personalities leave
the game at the end of the phase (R-6.7).
"""

from __future__ import annotations

from ..game.actions import Action, BuyAdvance, Done, GrowFleet, UsePatron
from ..game.constants import FLEET_STEP_PRICE, FLEET_STEPS, GALLEY, HIGH_SEAS, THREE_MASTER
from ..game.errors import IllegalAction
from .common import lower_misery, pay, raise_misery
from .events import papal_ban
from .state import GameState


def start(state: GameState) -> None:
    pass


def eligible(state: GameState, seat: int) -> bool:
    return True


def legal(state: GameState) -> list[Action]:
    seat = state.order[state.turn]
    out: list[Action] = [Done()]
    if can_grow_fleet(state, seat):
        out.append(GrowFleet())
    out += [BuyAdvance(a) for a in state.sheet.advances if can_buy(state, seat, a)]
    if state.owns(seat, "E"):
        out += [UsePatron(card) for card, _ in state.display if can_patronise(state, seat, card)]
    return out


def apply(state: GameState, action: Action) -> None:
    seat = state.order[state.turn]
    if isinstance(action, Done):
        stabilise(state, seat)
        state.turn += 1
    elif isinstance(action, GrowFleet):
        if not can_grow_fleet(state, seat):
            raise IllegalAction("R-7.2", "one fleet step per round, before advances, 10 ducats")
        grow_fleet(state, seat)
    elif isinstance(action, BuyAdvance):
        if action.letter not in state.sheet.advances or not can_buy(state, seat, action.letter):
            raise IllegalAction("R-7.4", "not buyable: owned, prerequisite missing or too dear")
        buy_advance(state, seat, action.letter)
    elif isinstance(action, UsePatron):
        if (not state.owns(seat, "E") or action.card not in dict(state.display)
                or not can_patronise(state, seat, action.card)):
            raise IllegalAction("R-15.E", "that personality cannot serve this patron")
        state.patrons_used[seat].add(action.card)
        state.patron_load[action.card] = state.patron_load.get(action.card, 0) + 1
    else:
        raise IllegalAction("R-7.1", "phase 4: fleet, advances, patronage or done")


def finish(state: GameState) -> str:
    for card, _ in state.display:  # all personalities leave at the end of phase 4
        state.removed.append(card)
    state.display = []
    state.patron_load = {}
    for used in state.patrons_used:
        used.clear()
    return "expand"


# --- fleet ----------------------------------------------------------------------------------


def next_fleet_size(state: GameState, seat: int) -> tuple[str, int] | None:
    """R-7.2: none → galley 2 → 4 → 6 → 8; three-master 10 → 16; high-seas 1 → 4."""
    kind, size = state.fleet_kind[seat], state.fleet_size[seat]
    if kind is None:
        return GALLEY, FLEET_STEPS[GALLEY][0]
    steps = FLEET_STEPS[kind]
    i = steps.index(size)
    return (kind, steps[i + 1]) if i + 1 < len(steps) else None


def can_grow_fleet(state: GameState, seat: int) -> bool:
    flags = state.turn_flags[seat]
    return ("fleet" not in flags and "advanced" not in flags
            and state.cash[seat] >= FLEET_STEP_PRICE and next_fleet_size(state, seat) is not None)


def grow_fleet(state: GameState, seat: int) -> None:
    step = next_fleet_size(state, seat)
    assert step is not None
    pay(state, seat, FLEET_STEP_PRICE)
    state.fleet_kind[seat], state.fleet_size[seat] = step
    state.turn_flags[seat].add("fleet")


# --- advances -------------------------------------------------------------------------------


def discount(state: GameState, card: str, letter: str) -> int:
    """A personality's discount this round (Walter with Crusade R-14.4, Marco Polo R-14.16)."""
    ducats = state.cards[card].discounts.get(letter, 0)
    if card == "walter_sans_avoir" and ducats and "crusade" in state.round_events:
        return 30
    if card == "marco_polo" and "mongol_invasion" in state.round_events:
        return ducats * 2
    return ducats


def price(state: GameState, seat: int, letter: str) -> int:
    """R-7.3: cost − credits (owned since an earlier round; X at once) − discounts, ≥ 0."""
    owned = state.advances[seat]
    credit = sum(state.sheet.advances[a].credits.get(letter, 0)
                 for a, bought in owned.items() if bought < state.round or a == "X")
    usable = [c for c, who in state.display if who == seat or c in state.patrons_used[seat]]
    off = sum(discount(state, c, letter) for c in usable)
    return max(state.sheet.advances[letter].cost - credit - off, 0)


def can_buy(state: GameState, seat: int, letter: str) -> bool:
    if state.owns(seat, letter) or state.sheet.advances[letter].group in papal_ban(state):
        return False  # this round's Papal Decree
    if not all(state.owns(seat, p) for p in state.sheet.advances[letter].prerequisites):
        return False
    return price(state, seat, letter) <= state.cash[seat]


def buy_advance(state: GameState, seat: int, letter: str) -> None:
    pay(state, seat, price(state, seat, letter))
    state.advances[seat][letter] = state.round
    state.turn_flags[seat].add("advanced")
    if letter == "S" and state.fleet_kind[seat] in (None, GALLEY):
        state.fleet_kind[seat], state.fleet_size[seat] = THREE_MASTER, 10
    if letter == "T":
        state.fleet_kind[seat], state.fleet_size[seat] = HIGH_SEAS, 1
    relief(state, seat, letter)


def relief(state: GameState, seat: int, letter: str) -> None:
    """R-7.5, Q-10: B and K lower misery a level; row milestones 2, 3 and all, once each."""
    if letter in ("B", "K"):
        lower_misery(state, seat, 1)
    for row in state.sheet.relief_rows:
        advances = state.sheet.row(row)
        for need in sorted({2, 3, len(advances)}):
            key = f"{row}:{need}"
            if key not in state.relief[seat] and all(
                    state.owns(seat, a) for a in advances[:need]):
                state.relief[seat].add(key)
                lower_misery(state, seat, 1)


# --- patronage ------------------------------------------------------------------------------


def can_patronise(state: GameState, seat: int, card: str) -> bool:
    """R-15.E, Q-14, Q-44: slot 1 shielded; slot 2 serves one patron, slot 3 two (any with 3–4
    players); personalities in front of their players serve any number."""
    slots = [c for c, _ in state.display]
    who = dict(state.display)[card]
    if who == seat or card in state.patrons_used[seat]:
        return False
    slot = slots.index(card)
    load = state.patron_load.get(card, 0)
    if slot == 0:
        return False
    if slot == 1:
        return load < 1
    if slot == 2 and state.players >= 5:
        return load < 2
    return True


# --- stabilisation --------------------------------------------------------------------------


def stabilisation_cost(state: GameState, seat: int) -> int:
    """R-7.6: N cards in hand cost 1 + 2 + … + N; Middle Class halves it, rounded up."""
    n = len(state.hands[seat])
    cost = n * (n + 1) // 2
    return (cost + 1) // 2 if state.owns(seat, "Z") else cost


def stabilise(state: GameState, seat: int) -> None:
    """Paid in full when the cash allows (Q-34), else misery rises by the sum (Q-7)."""
    cost = stabilisation_cost(state, seat)
    if cost <= state.cash[seat]:
        pay(state, seat, cost)
    else:
        raise_misery(state, seat, cost)
