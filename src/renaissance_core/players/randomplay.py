"""A random player: picks uniformly among the legal actions of the seat it plays.

It reads only the seat's observation (for its hand) and the list of legal actions, never
the hidden facts; its own random stream is separate from the game's.
"""

from __future__ import annotations

import random

from ..game.actions import Action, BidCapital, BidTokens, Done, Place
from ..turn.state import GameState
from ..turn.view import observation


class RandomPlayer:
    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        view = observation(state, seat)
        mine = [a for a in state.legal_actions() if getattr(a, "seat", seat) == seat]
        bids = [a for a in mine if isinstance(a, BidCapital | BidTokens)]
        if bids:  # modest sealed bids keep random games going (any bid is legal)
            cash = view["cash"][seat]
            return self.random.choice([a for a in bids if _bid(a) in range(
                0, max(cash // 3, 1) + 1)] or bids)
        places = [a for a in mine if isinstance(a, Place)]
        if places and self.random.random() < 0.9:
            return self.random.choice(places)
        if len(mine) > 1 and self.random.random() < 0.5:
            mine = [a for a in mine if not isinstance(a, Done)] or mine
        return self.random.choice(mine)


def _bid(action: BidCapital | BidTokens) -> int:
    return action.ducats if isinstance(action, BidCapital) else action.tokens


def play_random_game(state: GameState, seed: int = 0, max_actions: int = 100_000) -> GameState:
    """Play on from ``state`` with one random player per seat until the end."""
    players = [RandomPlayer(seed * 101 + p) for p in range(state.players)]
    for _ in range(max_actions):
        if state.is_terminal:
            break
        seat = state.seats_to_act[0]
        state = state.apply(players[seat].choose(state, seat))
    return state
