"""Phase 6, income and markets (R-9): Banking, income, Enlightenment, two market rolls.

Then the round's end is checked (R-13.1): the final card phase follows the last income.
"""

from __future__ import annotations

from ..game import rng
from ..game.constants import INCOME_BASE, INCOME_Z, MARKERS_PER_PLAYER, SCALE_LIMIT
from ..game.constants import commodity_of_dice as named
from .common import draw, lower_misery, pay, receive
from .state import GameState


def controlled_provinces(state: GameState, seat: int) -> int:
    """R-9.2, Q-19: provinces held by a control marker (or by volume tokens when the
    markers ran out), at most 25."""
    count = sum(1 for who in state.control.values() if who == seat)
    for area_id, by_seat in state.tokens.items():
        area = state.board.areas[area_id]
        if area.holds_control and by_seat.get(seat, 0) >= area.volume:
            count += 1
    return min(count, MARKERS_PER_PLAYER)


def income(state: GameState, seat: int) -> int:
    """R-9.2: 15 + C × P (P: the players at the start), + 10 with Z.

    The rule's example, 5 players and 17 provinces: 15 + 17 × 5 = 100.
    """
    bonus = INCOME_Z if state.owns(seat, "Z") else 0
    return INCOME_BASE + controlled_provinces(state, seat) * state.players + bonus


def run_income(state: GameState) -> str:
    for seat in state.alive_in_order():
        earned = income(state, seat)
        if state.owns(seat, "L"):  # cash doubled, at most the income
            receive(state, seat, min(state.cash[seat], earned))
        receive(state, seat, earned)
    for _ in range(2):
        market_roll(state)
    for seat in state.alive_in_order():
        if state.owns(seat, "D"):
            lower_misery(state, seat, 1)
    return end_of_round(state)


def market_roll(state: GameState) -> None:
    """R-9.4–R-9.6: white + black names the commodity, green 1–3 shortage, 4–6 surplus.

    Q-35: a 12 names gold and ivory both; each gets the marker and its effect.
    """
    state.rng, white = rng.roll(state.rng)
    state.rng, black = rng.roll(state.rng)
    state.rng, green = rng.roll(state.rng)
    kind = 1 if green <= 3 else -1
    for commodity in named(white + black):
        level = max(-SCALE_LIMIT, min(SCALE_LIMIT, state.scale.get(commodity, 0) + kind))
        if level:
            state.scale[commodity] = level
        else:
            state.scale.pop(commodity, None)  # opposite kinds cancel
        market_effect(state, commodity, kind)


def market_effect(state: GameState, commodity: str, kind: int) -> None:
    """R-9.5: the one player with the most provinces of it draws (shortage) or pays 1 each
    (surplus, Q-36: as far as the cash goes); a tie for most does nothing."""
    counts = {p: sum(1 for a in state.holdings[p]
                     if commodity in state.board.areas[a].commodities)
              for p in range(state.players) if state.alive[p]}
    best = max(counts.values(), default=0)
    leaders = [p for p, n in counts.items() if n == best]
    if best == 0 or len(leaders) != 1:
        return
    seat = leaders[0]
    if kind > 0:
        draw(state, seat)
    else:
        pay(state, seat, min(best, state.cash[seat]))


def end_of_round(state: GameState) -> str:
    """R-13.1, Q-4: all 26 advances or the last period's cards gone: the final card phase."""
    live = [p for p in range(state.players) if state.alive[p]]
    if not live:
        state.terminal = True
        return "end"
    if state.ending or any(len(state.advances[p]) == len(state.sheet.advances) for p in live):
        return "final"
    return "order"
