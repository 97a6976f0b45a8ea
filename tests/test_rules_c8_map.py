"""Rulebook scenarios for C-8: the map facts the rules need."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import expect_illegal, give_civ, position, put, start_turn
from pydantic import ValidationError

from vinci_core import Conquer, MapData, load_map

MAPS = Path(__file__).parent / "maps"


def test_c8_province_facts() -> None:
    """Terrain, mine and port symbols, bordering seas, board edge, land and strait
    neighbours of each land province."""
    board = load_map("mini")
    b = board.index["brittany"]
    assert board.terrain[b] == "forest"
    assert (board.mine[b], board.port[b], board.edge[b]) == (False, True, False)
    assert {board.sea_ids[z] for z in board.seas_of[b]} == {"biscay", "channel"}
    assert {board.ids[q] for q in board.adjacent[b]} == {"england", "aquitaine", "burgundy"}
    assert board.province("brittany").straits == ["england"]
    assert {pid for pid in board.ids if board.mine[board.index[pid]]} == {
        "burgundy", "pyrenees", "alps", "saxony"}
    assert {pid for pid in board.ids if board.edge[board.index[pid]]} == {"ireland", "saxony"}
    assert set(board.terrain) == {"farmland", "pasture", "hills", "forest", "mountain"}


def test_c8_sea_zone_facts() -> None:
    """Each sea zone: neighbouring zones, whether it touches the edge, and its kind."""
    board = load_map("mini")
    kinds = dict(zip(board.sea_ids, board.sea_kind, strict=True))
    assert kinds == {"atlantic": "ocean", "biscay": "sea", "channel": "sea", "med": "sea",
                     "black": "inland"}
    atlantic = board.data.seas["atlantic"]
    assert atlantic.edge and set(atlantic.neighbours) == {"biscay", "channel", "med"}
    comp = dict(zip(board.sea_ids, board.sea_component, strict=True))
    assert comp["med"] == comp["atlantic"] == comp["biscay"] != comp["black"]


def mini_json() -> dict:
    return json.loads((MAPS / "mini.json").read_text(encoding="utf-8"))


def test_c8_inconsistent_maps_are_refused() -> None:
    """One-sided borders, unknown seas and unknown terrains are rejected at load."""
    data = mini_json()
    data["provinces"]["crimea"]["neighbours"] = ["sicily"]
    with pytest.raises(ValidationError):
        MapData.model_validate(data)
    data = mini_json()
    data["provinces"]["crimea"]["seas"] = ["caspian"]
    with pytest.raises(ValidationError):
        MapData.model_validate(data)
    data = mini_json()
    data["provinces"]["crimea"]["terrain"] = "desert"
    with pytest.raises(ValidationError):
        MapData.model_validate(data)
    data = mini_json()
    data["seas"]["black"]["neighbours"] = ["med"]
    with pytest.raises(ValidationError):
        MapData.model_validate(data)


def test_c8_unknown_province_refused() -> None:
    s = start_turn(give_civ(put(position(), "castile", 0, 1), 0, ("barbarians", "heritage")),
                   0)
    expect_illegal(s, Conquer("atlantis"), "C-8")
