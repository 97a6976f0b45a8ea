"""Moves every phase shares: cash with the bank, cards from the deck, misery, turns.

Every ducat goes through ``pay`` or ``receive`` so the ledger (``bank_in``, ``bank_out``)
always explains the players' cash.
"""

from __future__ import annotations

from ..game import rng
from .state import GameState


def pay(state: GameState, seat: int, ducats: int) -> None:
    """The seat pays the bank (callers check the cash first)."""
    state.cash[seat] -= ducats
    state.bank_in += ducats


def receive(state: GameState, seat: int, ducats: int) -> None:
    """The bank pays the seat; it never runs out (R-1.3, Q-27)."""
    state.cash[seat] += ducats
    state.bank_out += ducats


def last_period(state: GameState) -> int:
    """R-13.1: the short variant plays periods 1 and 2 only."""
    return 2 if state.config.short else 3


def refill_deck(state: GameState) -> bool:
    """R-2.4: an empty deck becomes the next period's cards plus the reuse pile, shuffled.

    Returns False when there is no next period: the game ends with this round (Q-4, R-13.1).
    """
    if state.period >= last_period(state):
        state.ending = True
        return False
    state.period += 1
    cards = state.future.pop(state.period, []) + state.reuse
    state.reuse = []
    state.rng, state.deck = rng.shuffled(state.rng, cards)
    return bool(state.deck)


def draw(state: GameState, seat: int) -> bool:
    """The seat draws the top card (R-4.3); False when no card is left to draw (the draw is
    lost, Q-45)."""
    if not state.deck and not refill_deck(state):
        return False
    state.hands[seat].append(state.deck.pop())
    if not state.deck and state.period >= last_period(state):
        state.ending = True  # short variant: all cards drawn; Q-4 for period 3
    return True


def discard(state: GameState, seat: int, card: str) -> None:
    """A card leaves a hand: circle to the reuse pile, square out of the game (R-5.2)."""
    state.hands[seat].remove(card)
    put_away(state, card)


def put_away(state: GameState, card: str) -> None:
    if state.cards[card].reused:
        state.reuse.append(card)
    else:
        state.removed.append(card)


def raise_misery(state: GameState, seat: int, levels: int) -> None:
    """Move the misery marker up; reaching 1000 eliminates at once (R-11.2, Q-6)."""
    if levels <= 0 or not state.alive[seat]:
        return
    state.misery[seat] = min(state.misery[seat] + levels, state.sheet.top_level)
    if state.misery[seat] == state.sheet.top_level:
        eliminate(state, seat)


def lower_misery(state: GameState, seat: int, levels: int) -> None:
    """Misery never goes below 0 (R-7.5)."""
    state.misery[seat] = max(state.misery[seat] - levels, 0)


def eliminate(state: GameState, seat: int) -> None:
    """R-11.3: pieces stay on the board; the hand leaves the game; the seat is skipped."""
    state.alive[seat] = False
    for card in list(state.hands[seat]):
        discard(state, seat, card)
    state.stock_tokens[seat] += state.bought[seat]
    state.bought[seat] = 0
    state.sealed.pop(seat, None)
    state.pending = [d for d in state.pending if d[1] != seat]


def rank(state: GameState, seat: int) -> int:
    """R-3.3, Q-3: the seat's field on the order track (original count's fields, from the front)."""
    fields = state.sheet.order_fields[state.players]
    return fields[state.alive_in_order().index(seat)]
