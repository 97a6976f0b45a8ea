"""Setup (R-2): deal and keep 2 of 3, the sealed capital auction, the choice of capitals.

The order of round 1 is then bid for like every later round (R-2.7, module ``order``).
"""

from __future__ import annotations

from ..game import rng
from ..game.actions import Action, BidCapital, ChooseCapital, ReturnCard
from ..game.constants import CARDS_DEALT, MARKERS_PER_PLAYER, START_CASH, TOKENS_PER_PLAYER
from ..game.errors import IllegalAction
from .common import pay
from .state import GameState


def new_game_state(state: GameState) -> None:
    """Fill a blank state: cards sorted and dealt (R-2.1, R-2.2), cash and stocks (R-2.5)."""
    n = state.players
    state.rng = rng.seed_state(state.config.seed)
    state.cash = [START_CASH] * n
    state.misery = [0] * n
    state.alive = [True] * n
    state.capital = [None] * n
    state.bought = [0] * n
    state.stock_tokens = [TOKENS_PER_PLAYER] * n
    state.stock_markers = [MARKERS_PER_PLAYER] * n
    state.fleet_kind, state.fleet_size = [None] * n, [0] * n  # nobody has a fleet
    state.noted_cash, state.last_bid, state.new_markers = [None] * n, [0] * n, [0] * n
    by_period: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for card in state.cards.values():
        if card.set_aside:
            state.set_aside.append(card.id)
        else:
            by_period[card.period].append(card.id)
    state.rng, state.deck = rng.shuffled(state.rng, by_period[1])
    state.future = {2: by_period[2], 3: by_period[3]} if not state.config.short else {
        2: by_period[2]}
    if state.config.short:
        state.removed.extend(by_period[3])  # the short variant leaves period 3 out
    for _ in range(CARDS_DEALT):
        for seat in range(n):
            state.hands[seat].append(state.deck.pop())
    state.order = list(range(n))
    state.step = "keep"


# --- the step interface ---------------------------------------------------------------------


def start(state: GameState) -> None:
    state.sealed = {}
    if state.step == "capital":
        state.order = list(state.pick_order)
        state.pick_order = []


def eligible(state: GameState, seat: int) -> bool:
    return True


def legal(state: GameState) -> list[Action]:
    acting = [p for p in range(state.players) if state.alive[p] and p not in state.sealed]
    if state.step == "keep":
        return [ReturnCard(p, c) for p in acting for c in sorted(set(state.hands[p]))]
    if state.step == "auction":
        return [BidCapital(p, d) for p in acting for d in range(state.cash[p] + 1)]
    return [ChooseCapital(c) for c in _free_capitals(state)]


def apply(state: GameState, action: Action) -> None:
    if state.step == "keep" and isinstance(action, ReturnCard):  # a sealed step
        _check_sealed(state, action.seat, "R-2.2")
        if action.card not in state.hands[action.seat]:
            raise IllegalAction("R-2.2", "the card returned must be one of the three dealt")
        state.sealed[action.seat] = action.card
    elif state.step == "auction" and isinstance(action, BidCapital):
        _check_sealed(state, action.seat, "R-2.6")
        if not 0 <= action.ducats <= state.cash[action.seat]:
            raise IllegalAction("R-2.6", "a bid is between 0 and the cash in hand")
        state.sealed[action.seat] = action.ducats
    elif state.step == "capital" and isinstance(action, ChooseCapital):
        if action.area not in _free_capitals(state):
            raise IllegalAction("R-2.6", "that capital is taken or not in this game")
        _take_capital(state, state.order[state.turn], action.area)
        state.turn += 1
    else:
        raise IllegalAction("R-2", f"not a move of the setup step {state.step}")


def finish(state: GameState) -> str:
    if state.step == "keep":
        _reveal_kept(state)
        return "auction"
    if state.step == "auction":
        _reveal_bids(state)
        return "capital"
    return "order"  # R-2.7: round 1's order is bid for with the cash left


# --- the steps' work ------------------------------------------------------------------------


def _check_sealed(state: GameState, seat: int, rule: str) -> None:
    if not (0 <= seat < state.players) or not state.alive[seat]:
        raise IllegalAction(rule, "no such seat in the game")
    if seat in state.sealed:
        raise IllegalAction(rule, "this seat has already made its sealed choice")


def _reveal_kept(state: GameState) -> None:
    """R-2.2, R-2.3: returned cards go back; with 3–4 players the set-aside cards too."""
    for seat, card in sorted(state.sealed.items()):
        state.hands[seat].remove(card)
        state.deck.append(card)
    state.sealed = {}
    if state.players <= 4:
        state.deck.extend(state.set_aside)
        state.set_aside = []
    state.rng, state.deck = rng.shuffled(state.rng, state.deck)


def _reveal_bids(state: GameState) -> None:
    """R-2.6: bids are paid together; the highest picks first; equal bids roll off."""
    bids = dict(state.sealed)
    state.sealed = {}
    for seat, ducats in sorted(bids.items()):
        pay(state, seat, ducats)
    state.pick_order = []
    for value in sorted(set(bids.values()), reverse=True):
        state.pick_order += roll_off(state, [s for s in sorted(bids) if bids[s] == value])


def roll_off(state: GameState, seats: list[int]) -> list[int]:
    """Equal bidders roll; the higher roll goes first, and equal rolls roll again (R-2.6)."""
    if len(seats) <= 1:
        return list(seats)
    rolls: dict[int, int] = {}
    for seat in seats:
        state.rng, rolls[seat] = rng.roll(state.rng)
    out: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        out += roll_off(state, [s for s in seats if rolls[s] == value])
    return out


def _free_capitals(state: GameState) -> list[str]:
    taken = {c for c in state.capital if c}
    return [c for c in state.board.capitals_for(state.players) if c not in taken]


def _take_capital(state: GameState, seat: int, area: str) -> None:
    """A settled control marker on the capital, and its commodity card (R-2.6)."""
    state.capital[seat] = area
    state.pick_order.append(seat)
    state.control[area] = seat
    state.stock_markers[seat] -= 1
    state.holdings[seat].add(area)
