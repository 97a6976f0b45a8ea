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
from vinci_core.game.config import RULES_VERSION
from vinci_core.table.save import config_from_record

GOLDEN = Path(__file__).parent / "golden"
CURRENT = sorted(GOLDEN.glob("*.json"))  # today's rules and boards (scripts/regen_golden.py)
# Games of released rules and boards, kept forever: they must replay as they were played.
RELEASED = sorted(GOLDEN.glob("rules*/*.json"))
ONLINE = sorted(GOLDEN.glob("online/*.json"))  # the online ruleset (Y), today's rules
FILES = CURRENT + RELEASED + ONLINE


def load(path: Path) -> tuple[dict[str, Any], GameConfig]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    board = data["config"].get("map", "europe")  # configs are stored without defaults
    if board not in ("mini", "delta") and not resources.files("vinci_core").joinpath(
            f"data/maps/{board}.json").is_file():
        pytest.skip(f"the {board} board is not there yet")
    if path in CURRENT or path in ONLINE:
        assert load_map(board).fingerprint == data["board_fingerprint"], (
            f"the {board} board changed since {path.name} was recorded: keep the old board "
            "file (saves need it), then run `PYTHONPATH=src python3 scripts/regen_golden.py` "
            "and review the diff")
    return data, config_from_record(data["config"], data["board_fingerprint"])


def test_there_are_golden_games() -> None:
    for files in (CURRENT, RELEASED):
        names = {p.stem for p in files}
        assert len([n for n in names if n.startswith("mini-")]) >= 4
        assert {3, 4, 5, 6} <= {int(n.split("-")[1][0]) for n in names}


def test_current_golden_games_play_todays_rules() -> None:
    for path in CURRENT:
        cfg = load(path)[1]
        assert cfg.rules_version == RULES_VERSION, path.name


def test_there_are_golden_online_games() -> None:
    """Y: every online seat count, on every shipped online board and on the test board
    with deserts and rivers."""
    from vinci_core.boards.maps import shipped_maps

    configs = [load(path)[1] for path in ONLINE]
    assert all(cfg.ruleset == "online" for cfg in configs)
    assert {len(cfg.seats) for cfg in configs} == {2, 3, 4, 5}
    online_boards = {m for m in shipped_maps() if load_map(m).data.online_extra_tokens}
    assert online_boards >= {"europe", "mare_nostrum"}
    assert online_boards | {"delta"} <= {cfg.map for cfg in configs}


def test_europe_games_recorded_once_the_map_exists() -> None:
    if not resources.files("vinci_core").joinpath("data/maps/europe.json").is_file():
        pytest.skip("the europe board is not there yet")
    assert any(p.stem.startswith("europe-") for p in CURRENT), (
        "europe.json exists but tests/golden has no Europe game: run "
        "`PYTHONPATH=src python3 scripts/regen_golden.py` and commit tests/golden")


IDS = [str(p.relative_to(GOLDEN).with_suffix("")) for p in FILES]


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_golden_replay(path: Path) -> None:
    data, cfg = load(path)
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


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_golden_save_round_trip(path: Path) -> None:
    data, cfg = load(path)
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
