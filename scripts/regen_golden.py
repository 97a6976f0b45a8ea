"""Regenerate the golden playthroughs in tests/golden/ (replayed by tests/test_golden.py).

Each file is one whole game of random legal actions (vinci_core.players.randomplay) with its
config, the random driver's seed, every action as a JSON dict, the state digest every
CHECKPOINT actions and at the end, the final scores and the winners, and the fingerprint
of the board it was played on.

When to run it (then review `git diff tests/golden` and commit the files):
- after a deliberate rules change in src/vinci_core (a golden diff you did not expect is
  a regression: fix the engine instead);
- whenever a board file changes (src/vinci_core/data/maps/europe.json or
  tests/maps/mini.json): the test reports a fingerprint mismatch until you do. A board
  whose rule facts change gets a new version, and its old file stays as
  ``<id>.v<version>.json`` so that saves made on it still load;
- the games of released rules and boards (tests/golden/rules1/, rules2/, rules2-online/, …)
  are never regenerated:
  when the rules change (config.RULES_VERSION), move today's files there first;
- when GameConfig gains a field or the digest (vinci_core.table.save) changes: digests hash the
  whole config and state, so every checkpoint moves although the game is the same;
- the Europe games are written only when src/vinci_core/data/maps/europe.json exists.

    PYTHONPATH=src python3 scripts/regen_golden.py          # all games
    PYTHONPATH=src python3 scripts/regen_golden.py --check  # only say what would change
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from vinci_core import GameConfig, Seat, digest, load_map, register_map  # noqa: E402
from vinci_core.players.randomplay import play_random  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
CHECKPOINT = 100  # a digest every this many actions

# Two option sets: the defaults, and every non-default edition option (C-7).
OPTIONS_A: dict[str, Any] = {}
OPTIONS_B: dict[str, Any] = {"tile_counts": "printed", "decline_contact": "forbid",
                             "defender_redistribution": "auto", "automatic_decline": True,
                             "cut_off_tokens": "removed"}

ONLINE: dict[str, Any] = {"ruleset": "online"}

# (name, map, seats, options, config seed, driver seed, virtual seats)
GAMES: list[tuple[str, str, int, dict[str, Any], int, int, tuple[int, ...]]] = [
    ("mini-3p-default", "mini", 3, OPTIONS_A, 11, 1, ()),
    ("mini-4p-options", "mini", 4, OPTIONS_B, 12, 2, ()),
    ("mini-5p-default", "mini", 5, OPTIONS_A, 13, 3, ()),
    ("mini-6p-options", "mini", 6, OPTIONS_B, 14, 4, ()),
    ("mini-4p-virtual-seats", "mini", 4, OPTIONS_A, 15, 5, (1, 3)),
    ("europe-3p-options", "europe", 3, OPTIONS_B, 21, 6, ()),
    ("europe-4p-default", "europe", 4, OPTIONS_A, 22, 7, ()),
    ("europe-5p-options", "europe", 5, OPTIONS_B, 23, 8, ()),
    ("europe-6p-default", "europe", 6, OPTIONS_A, 24, 9, ()),
    # The online ruleset (Y): every seat count, on Europe, on the test board with deserts
    # and rivers and on Mare Nostrum; games with virtual seats.
    ("online/europe-2p", "europe", 2, ONLINE, 31, 11, ()),
    ("online/europe-3p", "europe", 3, ONLINE, 32, 12, ()),
    ("online/europe-4p-virtual-seats", "europe", 4, ONLINE, 33, 13, (1, 3)),
    ("online/europe-5p", "europe", 5, ONLINE, 34, 14, ()),
    ("online/delta-3p", "delta", 3, ONLINE, 35, 15, ()),
    ("online/delta-5p", "delta", 5, ONLINE, 36, 16, ()),
    ("online/mare_nostrum-2p", "mare_nostrum", 2, ONLINE, 37, 17, ()),
    ("online/mare_nostrum-4p-virtual-seats", "mare_nostrum", 4, ONLINE, 38, 18, (0, 2)),
]


def register_test_maps() -> None:
    for path in sorted((ROOT / "tests" / "maps").glob("*.json")):
        register_map(path)


def europe_present() -> bool:
    return resources.files("vinci_core").joinpath("data/maps/europe.json").is_file()


def make_config(board: str, seats: int, options: dict[str, Any], seed: int,
                virtual: tuple[int, ...]) -> GameConfig:
    return GameConfig.model_validate({
        "seats": [Seat(name=f"Seat {i + 1}", virtual=i in virtual) for i in range(seats)],
        "seed": seed, "map": board, **options})


def golden_game(name: str, board: str, seats: int, options: dict[str, Any], seed: int,
                driver_seed: int, virtual: tuple[int, ...]) -> dict[str, Any]:
    cfg = make_config(board, seats, options, seed, virtual)
    checkpoints: dict[str, str] = {}

    def check(before: Any, action: Any, after: Any) -> None:
        if after.ply % CHECKPOINT == 0:
            checkpoints[str(after.ply)] = digest(after)

    game = play_random(cfg, seed=driver_seed, check=check)
    state = game.state
    return {
        "name": name,
        "board_fingerprint": load_map(board).fingerprint,
        # The versions are written even at their defaults, as saves write them.
        "config": {**{k: v for k, v in cfg.model_dump(mode="json", exclude_defaults=True).items()
                      if k not in ("rules_version", "map_version")},  # last, in this order
                   "rules_version": cfg.rules_version, "map_version": state.board.version},
        "driver_seed": driver_seed,
        "checkpoint_every": CHECKPOINT,
        "final": {
            "ply": state.ply,
            "round": state.round,
            "digest": digest(state),
            "scores": state.scores,
            "winners": state.winners,
        },
        "checkpoints": checkpoints,
        "actions": [a.to_dict() for a in game.actions],
    }


def dump(data: dict[str, Any]) -> str:
    """Readable JSON with one action per line, so a regenerated file diffs well."""
    head = {k: v for k, v in data.items() if k != "actions"}
    text = json.dumps(head, indent=1, sort_keys=False)[:-2]
    lines = ",\n".join("  " + json.dumps(a, separators=(",", ":"), sort_keys=True)
                       for a in data["actions"])
    return f'{text},\n "actions": [\n{lines}\n ]\n}}\n'


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing, report changes")
    args = parser.parse_args(argv)
    register_test_maps()
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = 0
    for name, board, seats, options, seed, driver_seed, virtual in GAMES:
        if board == "europe" and not europe_present():
            print(f"skip {name}: no europe.json yet")
            continue
        text = dump(golden_game(name, board, seats, options, seed, driver_seed, virtual))
        path = GOLDEN / f"{name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        status = "same" if old == text else "new" if old is None else "changed"
        changed += status != "same"
        data = json.loads(text)
        print(f"{status:8} {path.relative_to(ROOT)}: {data['final']['ply']} actions, "
              f"round {data['final']['round']}, scores {data['final']['scores']}")
        if not args.check and status != "same":
            path.write_text(text, encoding="utf-8")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
