"""Engine speed: random 4-seat games, a uniformly random legal action at every step.

    PYTHONPATH=src python3 bench/engine.py                 # 200 games on Europe (or mini)
    PYTHONPATH=src python3 bench/engine.py --map mini --games 500 --seats 4
    PYTHONPATH=src python3 bench/engine.py --map grid   # 72-province stand-in for Europe
    PYTHONPATH=src python3 bench/engine.py --ruleset online   # the online ruleset (Y)

Prints actions/s (one action = ``legal_actions()`` + ``apply()``), games/s and the mean
number of actions per game, pinned to one core (``os.sched_setaffinity``) where the OS
allows it. Every classic rule is on (defaults: defender redistribution "choose", so
defenders place their returned tokens one ``place`` at a time like any player).

The peer to compare with is smawg (a public Python engine for Small World): about 2,800
actions/s and 12 random 4-player games/s on the project's machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from vinci_core import GameConfig, Seat, new_game, register_map  # noqa: E402
from vinci_core.players.randomplay import RandomChooser  # noqa: E402


def pin_to_one_core() -> str:
    try:
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[-1]})
        return f"pinned to core {cores[-1]}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"


def grid_map(width: int = 9, height: int = 8) -> dict[str, object]:
    """A Europe-sized stand-in (72 provinces, 4 seas) for timing before the real board lands.

    Terrains, mines and ports follow a fixed pattern; the border rows touch the edge seas.
    """
    terrains = ("farmland", "pasture", "hills", "forest", "mountain", "farmland", "hills")
    seas = {
        "north": {"name": "North", "kind": "ocean", "edge": True, "neighbours": ["west"]},
        "west": {"name": "West", "kind": "sea", "edge": False, "neighbours": ["north"]},
        "south": {"name": "South", "kind": "sea", "edge": True, "neighbours": []},
        "inner": {"name": "Inner", "kind": "inland", "edge": False, "neighbours": []},
    }
    provinces: dict[str, object] = {}
    for y in range(height):
        for x in range(width):
            k = y * width + x
            touching = (["north"] if y == 0 else []) + (["west"] if x == 0 else []) \
                + (["south"] if y == height - 1 else []) \
                + (["inner"] if (x, y) in ((4, 3), (4, 4), (5, 3)) else [])
            near = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            provinces[f"g{x}_{y}"] = {
                "name": f"G{x}.{y}", "terrain": terrains[(k * 5 + y) % len(terrains)],
                "mine": k % 11 == 3, "port": bool(touching) and k % 3 == 0, "seas": touching,
                "edge": x == width - 1,
                "neighbours": [f"g{a}_{b}" for a, b in near if 0 <= a < width and 0 <= b < height],
            }
    return {"id": "grid", "name": "Grid stand-in", "provinces": provinces, "seas": seas}


def default_map() -> str:
    present = resources.files("vinci_core").joinpath("data/maps/europe.json").is_file()
    return "europe" if present else "mini"


def play(cfg: GameConfig, seed: int) -> tuple[int, float]:
    """One random game: (actions, seconds spent in legal_actions + apply)."""
    chooser = RandomChooser(seed)
    state = new_game(cfg)
    actions = 0
    t0 = time.perf_counter()
    while not state.is_terminal:
        options = state.legal_actions()
        state = state.apply(options[chooser.below(len(options))])
        actions += 1
    return actions, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default=None, help="board (default: europe if present)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", choices=("classic", "online"), default="classic")
    args = parser.parse_args(argv)
    for path in sorted((ROOT / "tests" / "maps").glob("*.json")):
        register_map(path)
    register_map(grid_map())
    board = args.map or default_map()
    pinned = pin_to_one_core()
    seats = [Seat(name=f"P{i + 1}") for i in range(args.seats)]
    total_actions = 0
    busy = 0.0
    wall0 = time.perf_counter()
    for g in range(args.games):
        cfg = GameConfig(seats=seats, seed=args.seed + g, map=board, ruleset=args.ruleset)
        n, seconds = play(cfg, args.seed + g)
        total_actions += n
        busy += seconds
    wall = time.perf_counter() - wall0
    print(f"vinci_core engine, {platform.python_implementation()} {platform.python_version()},"
          f" {pinned}")
    print(f"board {board}, {args.ruleset} ruleset, {args.seats} seats, {args.games} random games")
    print(f"actions/s   {total_actions / busy:10,.0f}   (legal_actions + apply)")
    print(f"games/s     {args.games / wall:10,.2f}   (new_game included)")
    print(f"actions/game {total_actions / args.games:9,.0f}   (mean)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
