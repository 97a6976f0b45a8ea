"""The Europe board (RULES.md C-8): schema, graph, counts, the rulebook's facts, geometry.

Everything here reads the committed data file with the standard library and pydantic only,
so CI never needs the generator's build-time dependencies.
"""

from __future__ import annotations

from collections import Counter

import pytest
from map_checks import (
    assert_every_province_has_a_real_area,
    assert_labels_and_tokens_inside,
    assert_no_two_provinces_overlap,
    geometry_size,
    reachable,
)

from vinci_core.boards.maps import Board, load_map


@pytest.fixture(scope="module")
def board() -> Board:
    return load_map("europe")


def test_c8_schema_and_every_fact_present(board: Board) -> None:
    data = board.data
    assert data.id == "europe" and data.width > 0 and data.height > 0
    for pid, p in data.provinces.items():
        assert p.name and p.path and p.label and p.token, pid
    for sid, s in data.seas.items():
        assert s.name and s.path and s.label, sid


def test_c8_adjacency_is_symmetric(board: Board) -> None:
    provinces = board.data.provinces
    for pid, p in provinces.items():
        for q in p.neighbours:
            assert pid in provinces[q].neighbours, (pid, q)
        for q in p.straits:
            assert pid in provinces[q].straits, (pid, q)
        assert not set(p.neighbours) & set(p.straits), pid
    for sid, s in board.data.seas.items():
        for t in s.neighbours:
            assert sid in board.data.seas[t].neighbours, (sid, t)


def test_c8_land_graph_is_connected_with_straits(board: Board) -> None:
    assert len(reachable(board, 0)) == len(board.ids)


def test_c8_counts_within_the_design_bounds(board: Board) -> None:
    data = board.data
    terrain = Counter(p.terrain for p in data.provinces.values())
    assert 42 <= len(data.provinces) <= 48
    assert 10 <= terrain["mountain"] <= 14
    assert len(data.provinces) - terrain["mountain"] <= 33  # C-1.3: 33 neutral tokens
    for kind, (low, high) in {"forest": (5, 9), "farmland": (6, 10),
                              "pasture": (5, 9), "hills": (4, 14)}.items():
        assert low <= terrain[kind] <= high, kind
    assert 6 <= sum(p.mine for p in data.provinces.values()) <= 10
    assert 10 <= sum(p.port for p in data.provinces.values()) <= 14
    assert 10 <= len(data.seas) <= 14
    assert any(s.kind == "inland" and s.name == "Black Sea" for s in data.seas.values())
    assert sum(len(p.straits) for p in data.provinces.values()) // 2 >= 6


def test_c3_2_1_rulebook_entry_facts(board: Board) -> None:
    entry = dict(zip(board.ids, board.entry, strict=True))
    assert entry["ireland"] and entry["scotland"]
    assert "scotland" in board.province("ireland").straits
    assert not entry["northern_italy"] and not entry["burgundy"]
    assert entry["andalusia"] and board.province("andalusia").terrain == "forest"


def test_c4_worked_example_path_andalusia_pyrenees_castile_aquitaine(board: Board) -> None:
    assert board.province("pyrenees").terrain == "mountain"
    assert "pyrenees" in board.province("andalusia").neighbours
    assert {"castile", "aquitaine"} <= set(board.province("pyrenees").neighbours)


def test_c1_1_room_for_six_players_entries_spread_around(board: Board) -> None:
    entries = [p for p, ok in enumerate(board.entry) if ok]
    assert len(entries) >= 12
    # Spread: entries in every quarter of the board.
    quarters = set()
    w, h = board.data.width, board.data.height
    for p in entries:
        x, y = board.province(board.ids[p]).label  # type: ignore[misc]
        quarters.add((x > w / 2, y > h / 2))
    assert len(quarters) == 4


def test_c8_label_and_token_points_lie_inside_their_province(board: Board) -> None:
    assert_labels_and_tokens_inside(board.data)


def test_c8_no_two_provinces_overlap(board: Board) -> None:
    assert_no_two_provinces_overlap(board.data)


def test_c8_every_province_has_a_real_area(board: Board) -> None:
    assert_every_province_has_a_real_area(board.data)


def test_c8_geometry_stays_small(board: Board) -> None:
    assert geometry_size(board.data) <= 200_000
