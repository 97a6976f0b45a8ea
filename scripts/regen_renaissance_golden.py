"""Regenerate Renaissance's golden games in tests/renaissance/golden/ (replayed by
tests/renaissance/test_saves_golden.py).

Each file is one whole game of random players (renaissance_core.players.randomplay), 3, 4,
5 and 6 seats, stored as its save text, with its settings, the random driver's seed, the
versions it was played by, the digest every CHECKPOINT actions and at the end, the scores
and the result, and the action codes one per line (so a regenerated file diffs readably).

When to run it (then review `git diff tests/renaissance/golden` and commit the files):
- while Renaissance's rules keep their development number (game/versions.py), whenever a
  slice changes the rules or a data file: the golden games then no longer replay, and
  that is expected. A golden diff you did not expect is a regression: fix the engine;
- from the first release on, saves are forever: a released version's games move to a
  folder of their own first and are never regenerated (as Vinci's tests/golden/rules*/).

    PYTHONPATH=src python3 scripts/regen_renaissance_golden.py          # all games
    PYTHONPATH=src python3 scripts/regen_renaissance_golden.py --check  # only say what changes
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from renaissance_core import GameConfig, digest, encode_save, new_game  # noqa: E402
from renaissance_core.game.versions import versions  # noqa: E402
from renaissance_core.players.randomplay import play_random_game  # noqa: E402
from renaissance_core.table.save import action_code  # noqa: E402
from renaissance_core.turn.scoring import score  # noqa: E402

GOLDEN = ROOT / "tests" / "renaissance" / "golden"
CHECKPOINT = 50  # a digest every this many actions

# (name, seats, config seed, driver seed)
GAMES: list[tuple[str, int, int, int]] = [
    ("3p", 3, 301, 1),
    ("4p", 4, 402, 2),
    ("5p", 5, 503, 3),
    ("6p", 6, 604, 4),
]


def golden_game(name: str, seats: int, seed: int, driver_seed: int) -> dict[str, Any]:
    config = GameConfig.of(seats, seed=seed)
    end = play_random_game(new_game(config), seed=driver_seed)
    checkpoints: dict[str, str] = {}
    state = new_game(config)
    for k, action in enumerate(end.actions, 1):
        state = state.apply(action)
        if k % CHECKPOINT == 0:
            checkpoints[str(k)] = digest(state)
    assert digest(state) == digest(end) and end.is_terminal
    return {
        "name": name,
        "config": config.model_dump(mode="json"),
        "driver_seed": driver_seed,
        "versions": versions(),
        "checkpoint_every": CHECKPOINT,
        "final": {
            "actions": len(end.actions),
            "round": end.round,
            "digest": digest(end),
            "scores": [score(end, seat) for seat in range(seats)],
            "returns": end.returns(),
        },
        "checkpoints": checkpoints,
        "save": encode_save(end, f"golden-{name}"),
        "log": [action_code(a) for a in end.actions],
    }


def dump(data: dict[str, Any]) -> str:
    """Readable JSON with one action code per line."""
    head = {k: v for k, v in data.items() if k != "log"}
    text = json.dumps(head, indent=1)[:-2]
    lines = ",\n".join("  " + json.dumps(code) for code in data["log"])
    return f'{text},\n "log": [\n{lines}\n ]\n}}\n'


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing, report changes")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = 0
    for name, seats, seed, driver_seed in GAMES:
        data = golden_game(name, seats, seed, driver_seed)
        text = dump(data)
        path = GOLDEN / f"{name}.json"
        old = path.read_text(encoding="utf-8") if path.exists() else None
        status = "same" if old == text else "new" if old is None else "changed"
        changed += status != "same"
        final = data["final"]
        print(f"{status:8} {path.relative_to(ROOT)}: {final['actions']} actions, "
              f"{final['round']} rounds, scores {final['scores']}")
        if not args.check and status != "same":
            path.write_text(text, encoding="utf-8")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
