"""Phase 2 (R-5): V buys a card for 10 ducats, P discards one."""

from __future__ import annotations

from ..game.actions import Action, BuyCard, Discard, Done
from ..game.constants import CARD_PRICE_V
from ..game.errors import IllegalAction
from .common import discard, draw, last_period, pay
from .state import GameState


def start(state: GameState) -> None:
    pass


def eligible(state: GameState, seat: int) -> bool:
    return state.owns(seat, "V") or state.owns(seat, "P")


def card_left(state: GameState) -> bool:
    """Whether a card can still be drawn (the deck, or a later period to form one)."""
    return bool(state.deck) or (state.period < last_period(state) and bool(
        state.future.get(state.period + 1) or state.reuse))


def legal(state: GameState) -> list[Action]:
    seat = state.order[state.turn]
    flags = state.turn_flags[seat]
    out: list[Action] = [Done()]
    if (state.owns(seat, "V") and "bought_card" not in flags
            and state.cash[seat] >= CARD_PRICE_V and card_left(state)):
        out.append(BuyCard())
    if state.owns(seat, "P") and "discarded" not in flags:
        out += [Discard(c) for c in sorted(set(state.hands[seat]))]
    return out


def apply(state: GameState, action: Action) -> None:
    seat = state.order[state.turn]
    if isinstance(action, Done):
        state.turn += 1
    elif isinstance(action, BuyCard) and BuyCard() in legal(state):
        pay(state, seat, CARD_PRICE_V)
        draw(state, seat)
        state.turn_flags[seat].add("bought_card")
    elif isinstance(action, Discard) and action in legal(state):
        discard(state, seat, action.card)  # a square card is shown and removed
        state.turn_flags[seat].add("discarded")
    else:
        raise IllegalAction("R-5", "phase 2: V buys one card, P discards one, or done")


def finish(state: GameState) -> str:
    return "play"
