"""Phase 5, expansion (R-8): the step itself.

Holy Indulgence at the start (R-8.1), placing bought tokens one at a time (R-8.3; reach
over land and sea in ``reach``, the token itself in ``placing``, conflicts in ``conflict``),
cards bought with tokens (R-8.12), unplaced tokens back to stock (R-8.13), the bonus card
(R-8.20) and settling (R-8.21). A Civil War's victim plays last (R-8.2,
``GameState.acting_order``).
"""

from __future__ import annotations

from ..game.actions import Action, Done, Place, TokensForCard
from ..game.constants import TOKEN_CARD_PRICES
from ..game.errors import IllegalAction
from .buy import card_left
from .common import draw, pay, raise_misery, receive
from .income import run_income
from .placing import place, placeable, room_for_token
from .reach import bases, land_reach
from .state import GameState

# The reach and placing helpers stay importable from here, where slice 1 had them.
__all__ = ["bases", "land_reach", "place", "placeable", "start", "legal", "apply", "finish"]


def start(state: GameState) -> None:
    state.token_cards_sold = 0
    state.new_markers = [0] * state.players
    state.shipped = {}
    holy_indulgence(state)


def eligible(state: GameState, seat: int) -> bool:
    return state.bought[seat] > 0


def legal(state: GameState) -> list[Action]:
    seat = state.acting_order()[state.turn]
    out: list[Action] = [Done(), *(Place(a) for a in placeable(state, seat))]
    if _can_buy_card(state, seat):
        out.append(TokensForCard())
    return out


def apply(state: GameState, action: Action) -> None:
    seat = state.acting_order()[state.turn]
    if isinstance(action, Done):
        state.stock_tokens[seat] += state.bought[seat]
        state.bought[seat] = 0
        state.turn += 1
    elif isinstance(action, Place):
        if not room_for_token(state, seat, action.area):
            raise IllegalAction("R-8.4", "not an area this player may place in now")
        place(state, seat, action.area)
    elif isinstance(action, TokensForCard):
        if not _can_buy_card(state, seat):
            raise IllegalAction("R-8.12", "one card per phase, paid in bought tokens")
        tokens = TOKEN_CARD_PRICES[min(state.token_cards_sold, len(TOKEN_CARD_PRICES) - 1)]
        state.bought[seat] -= tokens
        state.stock_tokens[seat] += tokens
        state.token_cards_sold += 1
        state.turn_flags[seat].add("token_card")
        draw(state, seat)
    else:
        raise IllegalAction("R-8.3", "phase 5: place a token, buy a card with tokens, or done")


def finish(state: GameState) -> str:
    bonus_card(state)
    for seat in range(state.players):  # tokens of seats that never acted
        state.stock_tokens[seat] += state.bought[seat]
        state.bought[seat] = 0
    settle(state)
    return run_income(state)


def holy_indulgence(state: GameState) -> None:
    """R-8.1, Q-15: F owners take 2 tokens per player without F; those pay 2 per owner."""
    live = [p for p in state.order if state.alive[p]]
    owners = [p for p in live if state.owns(p, "F")]
    others = [p for p in live if not state.owns(p, "F")]
    if not owners or not others:
        return
    for seat in owners:
        want = 2 * len(others)
        taken = min(want, state.stock_tokens[seat])
        state.stock_tokens[seat] -= taken
        state.bought[seat] += taken
        receive(state, seat, want - taken)  # 1 ducat per missing token
    for seat in others:
        owed = 2 * len(owners)
        given = min(owed, state.bought[seat])
        state.bought[seat] -= given
        state.stock_tokens[seat] += given
        short = owed - given
        paid = min(short, state.cash[seat])
        pay(state, seat, paid)
        raise_misery(state, seat, short - paid)


def _can_buy_card(state: GameState, seat: int) -> bool:
    price = TOKEN_CARD_PRICES[min(state.token_cards_sold, len(TOKEN_CARD_PRICES) - 1)]
    return ("token_card" not in state.turn_flags[seat] and state.bought[seat] >= price
            and card_left(state))


def bonus_card(state: GameState) -> None:
    """R-8.20: most new control markers takes a free card; ties: earliest in this order."""
    live = state.alive_in_order()
    best = max((state.new_markers[p] for p in live), default=0)
    if best > 0:
        draw(state, next(p for p in live if state.new_markers[p] == best))


def settle(state: GameState) -> None:
    """R-8.21: every piece turns to its settled side; commodity cards are brought up to date."""
    state.new_tokens = {}
    state.new_control = set()
    state.shipped = {}
    update_holdings(state)


def update_holdings(state: GameState) -> None:
    """R-1.6: a controlled area with commodities gives its controller their cards."""
    held: list[set[str]] = [set() for _ in range(state.players)]
    for area_id in set(state.control) | set(state.tokens):
        who = state.controller(area_id)
        if who is not None and state.board.areas[area_id].commodities:
            held[who].add(area_id)
    state.holdings = held
