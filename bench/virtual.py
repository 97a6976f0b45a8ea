#!/usr/bin/env python3
"""Speed of virtual players (RULES.md V-1 … V-8) in CPython: ``python bench/virtual.py``.

Plays all-virtual 4-seat games and times every virtual turn: all the decisions of one
seat's turn (``VirtualPlayer.act``) and the engine applying them, from its first action to
its last. Prints the mean, 95th percentile and worst turn, games per second, and the time
to replay the games from their saves. Targets: mean < 50 ms, worst < 300 ms (the browser
runs the same code about 2–3x slower).

The Europe board is used when its map file is in the package; until then (or with
``--map grid``) a generated 70-province board of the same size stands in for it, and
``--map path/to/map.json`` measures any board.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from vinci_core import GameConfig, Seat, decode_save, digest, encode_save, register_map  # noqa: E402
from vinci_core.players.virtual import play_game  # noqa: E402

TERRAINS = ("farmland", "pasture", "hills", "forest", "mountain")


def grid_map(width: int = 10, height: int = 7) -> dict[str, Any]:
    """A Europe-sized stand-in board: a grid of provinces (six neighbours each, like hexes),
    an ocean on the west edge, an open sea along the south connected to it, an inland sea in
    the north-east, straits between a few coastal cells."""
    def pid(x: int, y: int) -> str:
        return f"p{x}_{y}"

    provinces: dict[str, Any] = {}
    for y in range(height):
        for x in range(width):
            k = (x * 7 + y * 13 + x * y) % 20
            terrain = TERRAINS[0 if k < 5 else 1 if k < 9 else 2 if k < 13 else 3 if k < 17
                               else 4]
            seas = []
            if x == 0:
                seas.append("ocean")
            if y == height - 1:
                seas.append("south")
            if x >= width - 3 and y == 0:
                seas.append("inland")
            neighbours = set()
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height:
                    neighbours.add(pid(nx, ny))
            provinces[pid(x, y)] = {
                "name": f"Province {x}-{y}", "terrain": terrain,
                "mine": (x + 2 * y) % 7 == 0, "port": bool(seas) and (x + y) % 2 == 0,
                "seas": seas, "edge": y == 0 and x < width - 3 or x == width - 1,
                "neighbours": sorted(neighbours), "straits": [],
            }
    seas = {
        "ocean": {"name": "Ocean", "kind": "ocean", "edge": True, "neighbours": ["south"]},
        "south": {"name": "South Sea", "kind": "sea", "neighbours": ["ocean"]},
        "inland": {"name": "Inland Sea", "kind": "inland", "neighbours": []},
    }
    return {"id": "grid", "name": "Generated benchmark board", "provinces": provinces,
            "seas": seas}


class TurnTimer:
    """Adds the time of each step (the decision and the engine applying it) to its turn."""

    def __init__(self) -> None:
        self.turns: dict[tuple[int, int], float] = {}
        self.last = time.perf_counter()

    def __call__(self, before: Any, action: Any, after: Any) -> None:
        now = time.perf_counter()
        key = (before.round, before.turn_seat)
        self.turns[key] = self.turns.get(key, 0.0) + now - self.last
        self.last = time.perf_counter()


def board_name(arg: str | None) -> str:
    if arg and arg.endswith(".json"):
        return register_map(Path(arg)).id
    if arg == "grid" or (arg is None and not resources.files("vinci_core").joinpath(
            "data/maps/europe.json").is_file()):
        return register_map(grid_map()).id
    return arg or "europe"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--map", default=None, help="europe (default), grid or a map file")
    args = parser.parse_args()
    board = board_name(args.map)

    turns: list[float] = []
    clock = time.perf_counter
    rounds: list[int] = []
    saves: list[tuple[str, str]] = []
    began = clock()
    for seed in range(args.seed, args.seed + args.games):
        cfg = GameConfig(seats=[Seat(name=f"V{i}", virtual=True) for i in range(4)],
                         seed=seed, map=board)
        timer = TurnTimer()
        state = play_game(cfg, on_action=timer)
        turns.extend(timer.turns.values())
        rounds.append(state.round)
        saves.append((encode_save(state), digest(state)))
    played = clock() - began
    began = clock()
    for text, expected in saves:
        assert digest(decode_save(text)) == expected
    replayed = clock() - began

    ms = sorted(t * 1000 for t in turns)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"board {board}: {args.games} all-virtual 4-seat games, {len(ms)} turns, "
          f"mean {statistics.mean(rounds):.1f} rounds")
    print(f"virtual turn: mean {statistics.mean(ms):.2f} ms, median {statistics.median(ms):.2f}"
          f" ms, p95 {p95:.2f} ms, worst {ms[-1]:.2f} ms (targets: mean < 50, worst < 300)")
    print(f"games: {args.games / played:.1f} games/s; replay from saves: "
          f"{args.games / replayed:.1f} games/s")
    return 0 if statistics.mean(ms) < 50 and ms[-1] < 300 else 1


if __name__ == "__main__":
    raise SystemExit(main())
