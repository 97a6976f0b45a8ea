"""Renaissance's golden games: one random game each of 3, 4, 5 and 6 seats played to its
end, stored as save texts (tests/renaissance/golden/, written by
scripts/regen_renaissance_golden.py). Each must load to its recorded digest, finish with
its recorded scores and result, and reach the recorded digest at every checkpoint.

While the rules keep their development number (game/versions.py) a slice that changes the
rules regenerates these files; from the first release on they are kept forever.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from renaissance_core import GameConfig, digest, load_game, new_game, save_facts
from renaissance_core.game.versions import versions
from renaissance_core.table.save import action_code, parse_code
from renaissance_core.turn.scoring import score

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
REGENERATE = "PYTHONPATH=src python3 scripts/regen_renaissance_golden.py"


@cache
def record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_is_a_golden_game_of_each_seat_count() -> None:
    seats = sorted(len(record(p)["config"]["seats"]) for p in FILES)
    assert seats == [3, 4, 5, 6]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_golden_game_plays_todays_versions(path: Path) -> None:
    assert record(path)["versions"] == versions(), (
        f"{path.name} was played by other rules or data: while the rules are in development, "
        f"run `{REGENERATE}` and review the diff")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_golden_save_loads_to_its_recorded_end(path: Path) -> None:
    data = record(path)
    state, game_id = load_game(data["save"])
    final = data["final"]
    assert game_id == f"golden-{data['name']}"
    assert state.config == GameConfig.model_validate(data["config"])
    assert state.is_terminal and len(state.actions) == final["actions"]
    assert digest(state) == final["digest"] and state.round == final["round"]
    assert [score(state, seat) for seat in range(state.players)] == final["scores"]
    assert state.returns() == final["returns"]
    assert sum(final["returns"]) >= 1 or not any(state.alive)  # the eliminated never win


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_golden_game_passes_every_checkpoint(path: Path) -> None:
    """Action by action from its log: the first checkpoint missed says where a change in
    the engine first shows."""
    data = record(path)
    assert list(save_facts(data["save"]).codes) == data["log"]
    state = new_game(GameConfig.model_validate(data["config"]))
    every = data["checkpoint_every"]
    for k, code in enumerate(data["log"], 1):
        action = parse_code(code)
        assert action_code(action) == code
        state = state.apply(action)
        if k % every == 0:
            assert digest(state) == data["checkpoints"][str(k)], f"after action {k}"
    assert len(data["checkpoints"]) == len(data["log"]) // every
