"""Phase 7, turn order (R-10), and round 1's order at setup (R-2.7): a sealed token bid.

Every live seat notes a number of tokens t in any order; the bids are revealed together,
each pays |t| ducats and a positive t takes up to t tokens from stock for the next round's
expansion. The lowest t goes first; equal t: the later chooser of a capital first (Q-2).
"""

from __future__ import annotations

from ..game import rng
from ..game.actions import Action, BidTokens
from ..game.errors import IllegalAction
from .common import pay
from .state import GameState


def start(state: GameState) -> None:
    state.sealed = {}


def eligible(state: GameState, seat: int) -> bool:
    return True


def legal(state: GameState) -> list[Action]:
    # t may be negative (paid for nothing) or exceed the stock; it is paid in full.
    return [BidTokens(p, t) for p in range(state.players)
            if state.alive[p] and p not in state.sealed
            for t in range(-state.cash[p], state.cash[p] + 1)]


def apply(state: GameState, action: Action) -> None:
    if not isinstance(action, BidTokens):
        raise IllegalAction("R-10.1", "the order step takes one sealed token bid per seat")
    seat = action.seat
    if not (0 <= seat < state.players) or not state.alive[seat] or seat in state.sealed:
        raise IllegalAction("R-10.1", "this seat has no bid to make")
    if abs(action.tokens) > state.cash[seat]:
        raise IllegalAction("R-10.1", "the bid is paid in ducats: |t| at most the cash")
    state.sealed[seat] = action.tokens


def finish(state: GameState) -> str:
    reveal(state)
    return start_round(state)


def reveal(state: GameState) -> None:
    """R-10.1: pay and take tokens together (at setup, round 1's tokens, Q-46)."""
    bids: dict[int, int] = dict(state.sealed)
    state.sealed = {}
    for seat, t in sorted(bids.items()):
        pay(state, seat, abs(t))
        state.last_bid[seat] = t
        taken = min(max(t, 0), state.stock_tokens[seat])
        state.stock_tokens[seat] -= taken
        state.bought[seat] += taken
        state.noted_cash[seat] = state.cash[seat]  # the cash left after paying
    later_first = {seat: i for i, seat in enumerate(state.pick_order)}
    live = sorted(bids, key=lambda s: (bids[s], -later_first[s]))
    state.order = live + [p for p in state.order if p not in bids]


def start_round(state: GameState) -> str:
    """A new round (R-3.1): R-2.3's late set-aside cards, fresh once-per-round uses."""
    state.round += 1
    if state.round == 2 and state.set_aside:
        state.rng, state.deck = rng.shuffled(state.rng, state.deck + state.set_aside)
        state.set_aside = []
    for flags in state.turn_flags:
        flags.clear()
    state.round_events = []
    return "buyoff"
