"""Speed of the analysis of one's own game (vinci_core.table.analysis, issue 31):
``python bench/analysis.py --games N``.

Plays N classic 4-seat games on Europe (seeds 1…N), the strong AI in seat 0 and book
players in the others, then analyses a whole game for the strong seat and for book seat 1,
timing each analysis in CPython. Prints min/median/max of the time and of the positions
the searches played, the decisions weighed, and every decision's gain on the AI's
yardstick above zero (the noise that sets the threshold: the strong seat's own gains).
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
from vinci_core.players.ai import StrongPlayer  # noqa: E402
from vinci_core.players.levels import player_for_seat  # noqa: E402
from vinci_core.table.analysis import THRESHOLD, analyse, finish  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
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
