"""Rulebook scenarios for C-8: the map facts the rules need."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import expect_illegal, give_civ, position, put, start_turn
from pydantic import ValidationError

from vinci_core import Conquer, MapData, load_map
from vinci_core.turn.conquer import conquests

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
    data["provinces"]["crimea"]["terrain"] = "swamp"  # not a terrain (desert and river are, Y-7.1)
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


# --- the Europe board's coastal links and its versions ----------------------------------------

RULEBOOK_COASTS = [("northern_italy", "southern_italy"), ("england", "ireland")]


@pytest.mark.parametrize(("a", "b"), RULEBOOK_COASTS)
def test_c8_europe_coastal_links_of_the_rulebook_examples(a: str, b: str) -> None:
    """The rulebook's own Ship Building examples are provinces whose coasts touch: on our
    board they are joined by a coastal link (like a strait) and share a sea zone."""
    board = load_map("europe")
    assert b in board.province(a).straits and a in board.province(b).straits
    assert set(board.province(a).seas) & set(board.province(b).seas)
    assert sorted((a, b)) in [sorted(line.provinces) for line in board.data.strait_lines]


@pytest.mark.parametrize(("a", "b"), RULEBOOK_COASTS)
def test_c4_ship_building_discount_along_the_rulebook_coasts(a: str, b: str) -> None:
    """C-4: from one to the other, Ship Building takes 1 off the cost."""
    def cost(tiles: tuple[str, str]) -> int:
        s = give_civ(position(map="europe"), 0, tiles, hand=20)
        s = start_turn(put(put(s, a, 0, 1), b, "neutral", 1), 0)
        return {s.board.ids[p]: c for p, c in conquests(s, 0).items()}[b]

    base = 3 if load_map("europe").province(b).terrain == "forest" else 2
    assert cost(("barbarians", "heritage")) == base + 1
    assert cost(("ship_building", "barbarians")) == base + 1 - 1


def test_c8_older_board_versions_still_load() -> None:
    """Saves name the board they began on: version 1 of Europe (before the coastal links)
    stays loadable beside the newest, and a new game takes the newest."""
    from vinci_core import GameConfig, Seat
    from vinci_core.boards.maps import map_versions

    old, new = load_map("europe", 1), load_map("europe")
    assert map_versions("europe") == [1, 2] and new.version == 2
    assert old.fingerprint == "8c91eba20863"
    assert "southern_italy" not in old.province("northern_italy").straits
    assert GameConfig(seats=[Seat(name=n) for n in "ABC"]).map_version == 2
    with pytest.raises(ValidationError):
        GameConfig(seats=[Seat(name=n) for n in "ABC"], map_version=3)
