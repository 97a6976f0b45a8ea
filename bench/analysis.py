"""Speed of the analysis of one's own game (vinci_core.table.analysis, issue 31):
``python bench/analysis.py --games N``.

Plays N classic 4-seat games on Europe (seeds 1…N), the strong AI in seat 0 and book
players in the others, then analyses a whole game for the strong seat and for book seat 1,
timing each analysis in CPython. Prints min/median/max of the time and of the positions
the searches played, the decisions weighed, and every decision's gain on the AI's
yardstick above zero (the strong seat's own gains, and the book seat's).

``--noise K`` also measures how finely the rollouts tell two moves apart: each civilization
choice and decline test of both seats is weighed again on K copies of its position with
another random stream (the bag's future and the dice the rollouts resample), and the
spread (standard deviation) of the difference between its first two options' values is
printed: the noise that the threshold must stand above.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from vinci_core import GameConfig, Seat, new_game  # noqa: E402
from vinci_core.game import rng  # noqa: E402
from vinci_core.game.actions import Decline, EndTurn  # noqa: E402
from vinci_core.players.ai import StrongPlayer  # noqa: E402
from vinci_core.players.ai import finish as think_through  # noqa: E402
from vinci_core.players.levels import player_for_seat  # noqa: E402
from vinci_core.table.analysis import (  # noqa: E402
    CIVILIZATION,
    DECLINE,
    THRESHOLD,
    analyse,
    decisions,
    finish,
)

SEATS = 4


def strong_game(seed: int) -> Any:
    """A finished game: the strong AI in seat 0, book players elsewhere."""
    cfg = GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                 ai_level="strong" if i == 0 else "book")
                            for i in range(SEATS)], seed=seed)
    players: list[Any] = [StrongPlayer() if i == 0 else player_for_seat(cfg, i)
                          for i in range(SEATS)]
    state = new_game(cfg)
    while not state.is_terminal:
        seat = state.current_player
        state = state.apply(players[seat].act(state))
    return state


def spread(values: list[float]) -> str:
    return (f"min {min(values):.2f}, median {statistics.median(values):.2f}, "
            f"max {max(values):.2f}")


def noise(game: Any, seat: int, copies: int) -> list[float]:
    """The spread of (first option − second option) over ``copies`` reseeded copies of
    each rollout decision of ``seat``: the rollouts' noise between two moves, in VP."""
    player = StrongPlayer()
    spreads: list[float] = []
    for decision in decisions(game.config, game.actions, seat):
        state = decision.state
        if decision.kind == CIVILIZATION:
            options: list[Any] = list(player.civilization_options(state, seat))[:2]
        elif decision.kind == DECLINE:
            options = [Decline(), EndTurn() if state.phase == "end_of_turn" else None]
        else:
            continue
        if len(options) < 2:
            continue
        differences = []
        for k in range(copies):
            copy = state.clone()
            copy.rng = rng.seed_state(10_000 + k)
            compared = think_through(player.compare(copy, options, seat))
            differences.append(compared[0][0] - compared[1][0])
        spreads.append(statistics.stdev(differences))
    return spreads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--noise", type=int, default=0,
                        help="reseeded copies per rollout decision to measure the noise")
    args = parser.parse_args()
    if args.noise:
        spreads: list[float] = []
        for seed in range(1, args.games + 1):
            game = strong_game(seed)
            for seat in (0, 1):
                spreads.extend(noise(game, seat, args.noise))
        spreads.sort()
        print(f"rollout noise between two options (sd over {args.noise} reseeds, "
              f"{len(spreads)} decisions): {spread(spreads)} VP, p90 "
              f"{spreads[int(0.9 * (len(spreads) - 1))]:.2f} VP")
        return
    for seat, who in ((0, "strong"), (1, "book")):
        times: list[float] = []
        positions: list[float] = []
        points: list[float] = []
        counts: list[float] = []
        for seed in range(1, args.games + 1):
            game = strong_game(seed)
            started = time.perf_counter()
            result = finish(analyse(game.config, game.actions, seat, threshold=0.01))
            times.append(time.perf_counter() - started)
            positions.append(result.positions)
            counts.append(result.decisions)
            gains = sorted(p.gain for p in result.points)
            points.extend(gains)
            above = sum(g >= THRESHOLD for g in gains)
            print(f"seed {seed} seat {seat} ({who}): {result.decisions} decisions, "
                  f"{result.positions} positions, {times[-1]:.1f} s; {above} turning "
                  f"points at {THRESHOLD} VP; gains {gains}")
        print(f"{who} seat: time {spread(times)} s; positions {spread(positions)}; "
              f"decisions {spread(counts)}")
        if points:
            print(f"{who} seat: gains above 0 over all games: {spread(points)}, "
                  f"{sum(g >= THRESHOLD for g in points)} of {len(points)} at or above "
                  f"{THRESHOLD}")


if __name__ == "__main__":
    main()
