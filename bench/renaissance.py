#!/usr/bin/env python3
"""Speed of Renaissance's engine (renaissance_core): ``python bench/renaissance.py --games N``.

Random players (renaissance_core.players.randomplay) play N games, the seat count cycling
over 3, 4, 5 and 6; each action is chosen from the legal actions and applied (a full copy
of the state per action). Reported: actions per second (choosing included), games per
second, and per seat count the mean game length in actions and rounds and the mean time
per game; then the cost of one state copy (``GameState.clone``, what every ``apply`` and
every bot's look-ahead pays), measured on the positions of a 6-seat game. Times are the
process's CPU time, which other work on a shared machine disturbs less than the wall clock.
The last line printed is always ``renaissance: A actions/s, G games/s``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from renaissance_core import GameConfig, new_game  # noqa: E402
from renaissance_core.players.randomplay import RandomPlayer  # noqa: E402


def one_game(players: int, seed: int) -> tuple[int, int, float]:
    """(actions, rounds, seconds) of one random game to its end."""
    start = time.process_time()
    state = new_game(GameConfig.of(players, seed=seed))
    bots = [RandomPlayer(seed * 7 + p) for p in range(players)]
    actions = 0
    while not state.is_terminal:
        seat = state.seats_to_act[0]
        state = state.apply(bots[seat].choose(state, seat))
        actions += 1
    return actions, state.round, time.process_time() - start


def copy_cost(seed: int = 1, every: int = 25) -> tuple[float, int]:
    """(microseconds a clone, positions measured) over every ``every``-th position of one
    random 6-seat game."""
    state = new_game(GameConfig.of(6, seed=seed))
    bots = [RandomPlayer(seed * 7 + p) for p in range(6)]
    positions = []
    while not state.is_terminal:
        if len(state.actions) % every == 0:
            positions.append(state)
        seat = state.seats_to_act[0]
        state = state.apply(bots[seat].choose(state, seat))
    start = time.process_time()
    for position in positions:
        for _ in range(20):
            position.clone()
    return (time.process_time() - start) / (20 * len(positions)) * 1e6, len(positions)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    per_count: dict[int, list[tuple[int, int, float]]] = {3: [], 4: [], 5: [], 6: []}
    for g in range(args.games):
        players = 3 + g % 4
        per_count[players].append(one_game(players, seed=g))
    total_actions = sum(a for runs in per_count.values() for a, _, _ in runs)
    total_time = sum(t for runs in per_count.values() for _, _, t in runs)
    for players, runs in per_count.items():
        if runs:
            print(f"{players} seats: {len(runs)} games, "
                  f"{statistics.mean(a for a, _, _ in runs):.0f} actions, "
                  f"{statistics.mean(r for _, r, _ in runs):.1f} rounds, "
                  f"{statistics.mean(t for _, _, t in runs):.3f} s a game")
    micros, positions = copy_cost()
    print(f"state copy: {micros:.0f} µs (mean over {positions} positions of a 6-seat game)")
    print(f"renaissance: {total_actions / total_time:.0f} actions/s, "
          f"{args.games / total_time:.2f} games/s")


if __name__ == "__main__":
    main()
