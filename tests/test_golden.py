"""Golden playthroughs: whole recorded games replayed action by action.

The files in tests/golden/ are written by scripts/regen_golden.py (read its docstring for
when to regenerate them). A replay must reach the same digest at every checkpoint, the
same final digest, scores and winners, and survive a save round trip.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from vinci_core import (
    GameConfig,
    decode_save,
    digest,
    encode_save,
    load_map,
    new_game,
    parse_action,
    replay,
)

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    board = data["config"].get("map", "europe")  # configs are stored without defaults
    if board != "mini" and not resources.files("vinci_core").joinpath(
            f"data/maps/{board}.json").is_file():
        pytest.skip(f"the {board} board is not there yet")
    fingerprint = load_map(board).fingerprint
    assert fingerprint == data["board_fingerprint"], (
        f"the {board} board changed since {path.name} was recorded: run "
        "`PYTHONPATH=src python3 scripts/regen_golden.py` and review the diff")
    return data


def test_there_are_golden_games() -> None:
    names = {p.stem for p in FILES}
    assert len([n for n in names if n.startswith("mini-")]) >= 4
    assert {3, 4, 5, 6} <= {int(n.split("-")[1][0]) for n in names}


def test_europe_games_recorded_once_the_map_exists() -> None:
    if not resources.files("vinci_core").joinpath("data/maps/europe.json").is_file():
        pytest.skip("the europe board is not there yet")
    assert any(p.stem.startswith("europe-") for p in FILES), (
        "europe.json exists but tests/golden has no Europe game: run "
        "`PYTHONPATH=src python3 scripts/regen_golden.py` and commit tests/golden")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay(path: Path) -> None:
    data = load(path)
    cfg = GameConfig.model_validate(data["config"])
    state = new_game(cfg)
    checkpoints = data["checkpoints"]
    for raw in data["actions"]:
        action = parse_action(raw)
        assert action.to_dict() == raw, "an action's JSON form changed"
        state = state.apply(action)
        expected = checkpoints.get(str(state.ply))
        if expected is not None:
            assert digest(state) == expected, f"{path.name}: diverged before ply {state.ply}"
    final = data["final"]
    assert state.is_terminal
    assert (state.ply, state.round) == (final["ply"], final["round"])
    assert digest(state) == final["digest"]
    assert state.scores == final["scores"]
    assert state.winners == final["winners"]
    assert state.actions == [parse_action(a) for a in data["actions"]]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_save_round_trip(path: Path) -> None:
    data = load(path)
    cfg = GameConfig.model_validate(data["config"])
    actions = [parse_action(a) for a in data["actions"]]
    state = replay(cfg, actions)
    text = encode_save(state)
    assert text.startswith("vinci1.") and text.isascii()
    back = decode_save(text)
    assert digest(back) == digest(state) == data["final"]["digest"]
    assert back.actions == actions
    assert encode_save(back) == text
    # A game saved part-way through (mid-turn included) loads back to the same position.
    for cut in (1, len(actions) // 3, len(actions) // 2 + 7):
        part = replay(cfg, actions[:cut])
        again = decode_save(encode_save(part))
        assert digest(again) == digest(part)
        assert again.legal_actions() == part.legal_actions()
