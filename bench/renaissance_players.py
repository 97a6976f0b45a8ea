#!/usr/bin/env python3
"""Renaissance's heuristic player against random players: ``python bench/renaissance_players.py
--games N``.

N games of 4 seats (seed g), one heuristic player (renaissance_core.players.heuristic) and
three random players (players.randomplay), the heuristic's seat rotating (seat g mod 4).
Reported: the heuristic's win rate with a 95% Wilson interval (a shared victory counts as
a share), its mean final score against the random seats' mean, the mean game length and
the time a game. The last line printed is always
``heuristic vs random: win rate W% (95% CI L–H%) over N games``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from stats import wilson  # noqa: E402  (bench/stats.py)

from renaissance_core import GameConfig, new_game  # noqa: E402
from renaissance_core.players.heuristic import play_heuristic_seat  # noqa: E402
from renaissance_core.turn.scoring import score  # noqa: E402

SEATS = 4


def one_game(seed: int) -> tuple[float, int, float, int, float]:
    """(heuristic's share of the win, its score, the random seats' mean score, actions,
    seconds) of one game."""
    start = time.perf_counter()
    seat = seed % SEATS
    state = play_heuristic_seat(new_game(GameConfig.of(SEATS, seed=seed)), seat, seed=seed)
    returns = state.returns()
    share = returns[seat] / sum(returns) if sum(returns) else 0.0
    others = statistics.fmean(score(state, p) for p in range(SEATS) if p != seat)
    return (share, score(state, seat), others, len(state.actions),
            time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    cpu = time.process_time()
    runs = [one_game(args.first_seed + g) for g in range(args.games)]
    cpu = time.process_time() - cpu
    wins = sum(r[0] for r in runs)
    lo, hi = wilson(wins, args.games)
    # the wins (shared victories as shares) and the sums let chunks run with --first-seed
    # be added up into one figure
    print(f"seeds {args.first_seed}..{args.first_seed + args.games - 1}: heuristic wins "
          f"{wins:.2f}; score sums: heuristic {sum(r[1] for r in runs)}, random "
          f"{sum(r[2] for r in runs):.1f}; actions {sum(r[3] for r in runs)}")
    print(f"mean score: heuristic {statistics.fmean(r[1] for r in runs):.0f}, "
          f"random {statistics.fmean(r[2] for r in runs):.0f}; "
          f"{statistics.fmean(r[3] for r in runs):.0f} actions, "
          f"{statistics.fmean(r[4] for r in runs):.2f} s a game (wall), "
          f"{cpu / args.games:.2f} s of CPU a game")
    print(f"heuristic vs random: win rate {100 * wins / args.games:.1f}% "
          f"(95% CI {100 * lo:.1f}–{100 * hi:.1f}%) over {args.games} games")


if __name__ == "__main__":
    main()
