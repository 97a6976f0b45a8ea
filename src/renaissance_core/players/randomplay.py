"""A random player: picks uniformly among the legal actions of the seat it plays.

``act`` sees only the seat's observation and the seat's own legal actions (which depend
on nothing hidden from it), never the full state (:class:`.seat.SeatPlayer`); its random
stream is its own, apart from the game's.
"""

from __future__ import annotations

import random
from typing import Any

from ..game.actions import Action, BidCapital, BidTokens, Done, Place
from ..turn.state import GameState
from .seat import SeatPlayer, play_on


class RandomPlayer(SeatPlayer):
    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick among ``legal`` knowing only ``view`` (what the seat may know)."""
        bids = [a for a in legal if isinstance(a, BidCapital | BidTokens)]
        if bids:  # modest sealed bids keep random games going (any bid is legal)
            cash = view["cash"][view["seat"]]
            return self.random.choice([a for a in bids if _bid(a) in range(
                0, max(cash // 3, 1) + 1)] or bids)
        places = [a for a in legal if isinstance(a, Place)]
        if places and self.random.random() < 0.9:
            return self.random.choice(places)
        if len(legal) > 1 and self.random.random() < 0.5:
            legal = [a for a in legal if not isinstance(a, Done)] or legal
        return self.random.choice(legal)


def _bid(action: BidCapital | BidTokens) -> int:
    return action.ducats if isinstance(action, BidCapital) else action.tokens


def play_random_game(state: GameState, seed: int = 0, max_actions: int = 100_000) -> GameState:
    """Play on from ``state`` with one random player per seat until the end."""
    return play_on(state, [RandomPlayer(seed * 101 + p) for p in range(state.players)],
                   max_actions)
