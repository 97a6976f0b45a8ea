"""Save loading: how long real games get, and how long the largest accepted save takes to load.

    PYTHONPATH=src python3 bench/saves.py              # 100 random games per table
    PYTHONPATH=src python3 bench/saves.py --games 300

1. Lengths. Random games (a uniformly random legal action at every step: aimless play, so
   longer than real play) on Europe, 3, 4 and 6 seats, with the default options and with
   every edition option, at the table's own target and at the largest target a game may
   set (``config.MAX_TARGET_VP``). The longest of them, with a margin, is what
   ``save.MAX_ACTIONS`` should be: the script says whether it is (about three times, as
   a player who stalls on purpose makes longer games than random play).
2. Loading. ``decode_save`` (parse, validate, replay every action, check the digest) of the
   longest game found, and of a save of exactly ``MAX_ACTIONS`` actions (a game at the
   largest target whose driver stalls, cut at the limit). Best CPU time of several runs,
   pinned to one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from engine import pin_to_one_core  # noqa: E402

from vinci_core import Abandon, Finish, GameConfig, Seat, decode_save, encode_save, new_game  # noqa: E402
from vinci_core.game.config import MAX_TARGET_VP  # noqa: E402
from vinci_core.players.randomplay import RandomChooser, play_random  # noqa: E402
from vinci_core.table.save import MAX_ACTIONS  # noqa: E402
from vinci_core.turn.state import GameState  # noqa: E402

EVERY_OPTION: dict[str, object] = {
    "tile_counts": "printed", "decline_contact": "forbid", "automatic_decline": True,
    "cut_off_tokens": "removed"}
MARGIN = 3.0  # MAX_ACTIONS should be about this many times the longest random game seen


def config(seats: int, seed: int, target: int | None, options: dict[str, object]
           ) -> GameConfig:
    return GameConfig.model_validate({
        "seats": [Seat(name=f"P{i}") for i in range(seats)], "seed": seed,
        "target_vp": target, **options})


def lengths(games: int) -> tuple[int, GameState]:
    """Print the length of random games per table; return the longest and its end."""
    longest: tuple[int, GameState] | None = None
    for seats in (3, 4, 6):
        for target in (None, MAX_TARGET_VP):
            for name, options in (("default", {}), ("every option", EVERY_OPTION)):
                seen = []
                for g in range(games):
                    game = play_random(config(seats, g, target, options), seed=g)
                    seen.append(len(game.actions))
                    if longest is None or len(game.actions) > longest[0]:
                        longest = (len(game.actions), game.state)
                seen.sort()
                print(f"  {seats} seats, target {target or 'by seats'}, {name}: median "
                      f"{statistics.median(seen):.0f}, p99 {seen[int(0.99 * len(seen)) - 1]}, "
                      f"max {seen[-1]} actions", flush=True)
    assert longest is not None
    return longest


def long_game(actions: int) -> GameState:
    """A legal game of exactly ``actions`` actions, for the largest save the format accepts:
    a driver that empties its provinces whenever it may, ends its conquests as soon as it
    may and buys the dearest slot it can afford, so that scores rise slowly."""
    for seed in range(100):
        chooser = RandomChooser(seed)
        state = new_game(config(6, seed, MAX_TARGET_VP, EVERY_OPTION))
        while state.ply < actions and not state.is_terminal:
            legal = state.legal_actions()
            stalling = [a for a in legal if isinstance(a, Abandon)] or (
                [Finish()] if Finish() in legal else [])
            if state.phase == "choose":
                action = legal[-1]
            else:
                action = chooser.pick(stalling or legal)
            state = state.apply(action)
        if state.ply == actions:
            return state
    raise SystemExit(f"no game lasted {actions} actions")


def load_time(text: str, runs: int) -> float:
    """Best CPU time of the process over ``runs`` loads (CPU time, not wall time: the machine
    may be shared, and waiting for a core is not the engine's cost)."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.process_time()
        decode_save(text)
        best = min(best, time.process_time() - t0)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="random games per table")
    ap.add_argument("--runs", type=int, default=7, help="loads per save (best is kept)")
    args = ap.parse_args()
    print(f"save loading ({pin_to_one_core()}, Python {sys.version.split()[0]})")
    print(f"random Europe games, {args.games} per table:")
    longest, state = lengths(args.games)
    verdict = "enough" if MAX_ACTIONS >= 0.95 * MARGIN * longest else "TOO LOW"
    print(f"longest game: {longest} actions; MAX_ACTIONS = {MAX_ACTIONS} "
          f"({MAX_ACTIONS / longest:.2f}x: {verdict}, margin wanted {MARGIN}x)")
    for what, game in (("the longest random game", state),
                       ("the largest accepted save", long_game(MAX_ACTIONS))):
        text = encode_save(game)
        seconds = load_time(text, args.runs)
        print(f"load {what}: {game.ply} actions, {len(text)} characters, "
              f"{seconds * 1000:.0f} ms ({seconds / game.ply * 1e6:.1f} us per action)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
