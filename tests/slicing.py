"""Searches under test (tests' helper): the positions where a searching seat decides, and a
sliced search run the way the page does, one slice at a time with other work on the same
position in between."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar

from vinci_core import GameConfig, GameState, new_game
from vinci_core.players.levels import player_for_seat

T = TypeVar("T")


def run_in_slices(thinking: Generator[None, None, T], between: Callable[[], object] | None = None,
                  every: int = 50) -> tuple[int, T]:
    """Run ``thinking`` to its end one slice at a time, calling ``between`` after every
    ``every`` slices (another search of the same position, as a hint asked meanwhile):
    (the slices it took, its result)."""
    count = 0
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return count, done.value
        count += 1
        if between is not None and count % every == 0:
            between()


def decision_positions(player: Any, config: GameConfig, every: int,
                       phases: tuple[str, ...] = ("choose", "expand")) -> list[GameState]:
    """Every ``every``-th decision of seat 0 in ``phases``, in a game where ``player`` plays
    seat 0 and every other seat plays at its level."""
    state = new_game(config)
    out = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == 0:
            if state.phase in phases:
                out.append(state)
            action = player.act(state)
        else:
            action = player_for_seat(config, seat).act(state)
        state = state.apply(action)
    return out[::every]
