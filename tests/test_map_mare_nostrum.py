"""The Mare Nostrum board (ONLINE.md Y-7, C-8): schema, graph, terrains, rivers, entries, seas,
straits, online extra tokens, geometry, and that the committed file is the generator's.

Like test_map_europe.py, everything here reads the committed data with the standard library
and pydantic only, so CI never needs the generator's build-time dependencies.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from map_checks import (
    assert_every_province_has_a_real_area,
    assert_labels_and_tokens_inside,
    assert_no_two_provinces_overlap,
    check_reproducible_module,
    geometry_size,
    inside,
    reachable,
)

from vinci_core.boards.maps import Board, load_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "src" / "vinci_core" / "data" / "maps"
RIVERS = {"nile", "nile_delta", "euphrates", "lower_euphrates", "tigris"}
# ONLINE.md Y-7.6 / OQ-2: the proposed Europe table, and how many provinces score there.
EUROPE_EXTRA_TOKENS = {"2": 12, "3": 10, "4": 8, "5": 6}
EUROPE_SCORING_PROVINCES = 33


@pytest.fixture(scope="module")
def board() -> Board:
    return load_map("mare_nostrum")


def scoring(board: Board) -> int:
    """Land provinces that score a point (Y-3.7.1: not mountains, deserts or rivers)."""
    return sum(t not in ("mountain", "desert", "river") for t in board.terrain)


def test_y0_4_loads_by_name_with_every_fact_and_drawing(board: Board) -> None:
    data = board.data
    assert (data.id, data.name, data.version) == ("mare_nostrum", "Mare Nostrum", 1)
    for pid, p in data.provinces.items():
        assert p.name and p.path and p.label and p.token, pid
    for sid, s in data.seas.items():
        assert s.name and s.path and s.label, sid


def test_y7_1_terrain_counts(board: Board) -> None:
    terrain = Counter(board.terrain)
    assert 40 <= len(board.ids) <= 45
    assert terrain == {"farmland": 10, "hills": 9, "mountain": 6, "pasture": 5, "forest": 5,
                       "desert": 5, "river": 5}
    deserts = {pid for pid in board.ids if board.province(pid).terrain == "desert"}
    assert {"sahara", "libyan_desert", "arabia", "syrian_desert"} <= deserts
    mountains = {pid for pid in board.ids if board.province(pid).terrain == "mountain"}
    assert {"atlas", "taurus", "zagros", "pontus"} <= mountains
    assert {pid for pid in board.ids if board.province(pid).terrain == "river"} == RIVERS


def test_c8_adjacency_is_symmetric_and_every_province_has_a_neighbour(board: Board) -> None:
    provinces = board.data.provinces
    for pid, p in provinces.items():
        assert p.neighbours or p.straits, pid
        for q in p.neighbours:
            assert pid in provinces[q].neighbours, (pid, q)
        for q in p.straits:
            assert pid in provinces[q].straits, (pid, q)
        assert not set(p.neighbours) & set(p.straits), pid


def test_c8_province_graph_is_connected(board: Board) -> None:
    assert len(reachable(board, 0)) == len(board.ids)


def test_y7_3_every_river_runs_between_land_provinces(board: Board) -> None:
    for pid in RIVERS:
        land = [q for q in board.province(pid).neighbours
                if board.province(q).terrain != "river"]
        assert len(land) >= 2, pid


def test_y7_3_no_river_is_an_entry_province(board: Board) -> None:
    """Rivers never touch the edge or a sea zone that does, so no entry rule reaches them."""
    for pid in RIVERS:
        i = board.index[pid]
        assert not board.province(pid).edge, pid
        assert not board.entry[i], pid
        assert not any(board.data.seas[s].edge for s in board.province(pid).seas), pid


def test_y7_4_a_river_is_adjacent_along_its_banks_and_to_rivers_it_touches(board: Board) -> None:
    def n(pid: str) -> set[str]:
        return set(board.province(pid).neighbours)

    assert {"thebais", "sinai", "aegyptus", "nubia", "nile_delta"} <= n("nile")
    assert {"aegyptus", "sinai", "nile"} <= n("nile_delta")
    assert "levantine" in board.province("nile_delta").seas  # the Nile's mouth
    assert {"syria", "jazira", "lower_euphrates"} <= n("euphrates")
    assert {"jazira", "babylonia", "syrian_desert", "tigris"} <= n("lower_euphrates")
    assert {"armenia", "jazira", "babylonia", "elam"} <= n("tigris")


def test_y7_4_opposite_banks_meet_only_where_the_design_says(board: Board) -> None:
    def n(pid: str) -> set[str]:
        return set(board.province(pid).neighbours) | set(board.province(pid).straits)

    # Across the Nile and the Euphrates one must conquer the river (OQ-13) ...
    assert "sinai" not in n("aegyptus") and "sinai" not in n("thebais")
    assert "jazira" not in n("syria") and "jazira" not in n("syrian_desert")
    # ... except around a river's ends: below the confluence (the Shatt al-Arab marshes),
    # south of Aswan (Nubia holds both banks), at the rivers' sources in the mountains.
    assert "elam" in n("babylonia")
    assert {"thebais", "sinai"} <= n("nubia")
    assert {"jazira", "syria"} <= n("taurus")


def test_y3_3_1_entries_on_every_side_of_the_board(board: Board) -> None:
    w, h = board.data.width, board.data.height
    sides: dict[str, set[str]] = {"west": set(), "east": set(), "north": set(), "south": set()}
    for i, pid in enumerate(board.ids):
        if not board.entry[i]:
            continue
        x, y = board.province(pid).label  # type: ignore[misc]
        for side, near in (("west", x < w / 4), ("east", x > 3 * w / 4),
                           ("north", y < h / 4), ("south", y > 3 * h / 4)):
            if near:
                sides[side].add(pid)
    assert all(len(found) >= 2 for found in sides.values()), sides
    assert 12 <= sum(board.entry) <= 20


def test_c8_every_sea_zone_borders_provinces_and_seas_are_symmetric(board: Board) -> None:
    seas = board.data.seas
    for sid, sea in seas.items():
        assert any(sid in p.seas for p in board.data.provinces.values()), sid
        for other in sea.neighbours:
            assert sid in seas[other].neighbours, (sid, other)
    edge = {sid for sid, s in seas.items() if s.edge}
    assert {"atlantic", "red_sea", "persian_gulf"} <= edge
    assert "levantine" not in edge and "black_sea" not in edge


def test_c3_3_1_straits_are_symmetric_and_drawn(board: Board) -> None:
    pairs = {tuple(sorted((pid, q))) for pid, p in board.data.provinces.items()
             for q in p.straits}
    drawn = {tuple(s.provinces) for s in board.data.strait_lines}
    assert pairs == drawn
    assert {("hispania", "mauretania"), ("magna_graecia", "sicilia"), ("bithynia", "thrace"),
            ("asia", "thrace"), ("illyria", "magna_graecia")} <= pairs  # Gibraltar, Messina,
    # Bosporus, Hellespont, Otranto


def test_c8_mines_and_ports(board: Board) -> None:
    provinces = board.data.provinces
    assert sum(p.mine for p in provinces.values()) == 7
    ports = [pid for pid, p in provinces.items() if p.port]
    assert len(ports) == 12
    for pid in ports:
        assert provinces[pid].seas, f"port {pid} borders no sea zone"
    assert not any((p.mine or p.port) for p in provinces.values() if p.terrain == "river")


def test_y7_6_online_extra_tokens_scaled_from_europe_by_scoring_provinces(board: Board) -> None:
    tokens = board.data.online_extra_tokens
    assert tokens is not None and set(tokens) == {"2", "3", "4", "5"}
    for seats, europe in EUROPE_EXTRA_TOKENS.items():
        assert tokens[seats] == round(europe * scoring(board) / EUROPE_SCORING_PROVINCES)
    assert [tokens[k] for k in "2345"] == sorted(tokens.values(), reverse=True)


def test_c8_label_and_token_points_lie_inside_their_province(board: Board) -> None:
    assert_labels_and_tokens_inside(board.data)


def test_c8_no_two_provinces_overlap(board: Board) -> None:
    assert_no_two_provinces_overlap(board.data)


def test_c8_every_province_has_a_real_area_and_the_file_stays_small(board: Board) -> None:
    assert_every_province_has_a_real_area(board.data)
    assert geometry_size(board.data) <= 200_000


def test_every_river_course_is_drawn(board: Board) -> None:
    courses = [d for d in board.data.decoration if d.name == "river course"]
    assert len(courses) == len(RIVERS)
    for deco in courses:
        start = [float(v) for v in deco.path[1:].split("L")[0].split()]
        assert any(inside(board.province(pid).path or "", *start) for pid in RIVERS)


def test_every_shipped_board_has_a_design_that_the_reproducibility_check_covers() -> None:
    designs = {json.loads(d.read_text())["board"]["id"]: d
               for d in check_reproducible_module().DESIGNS}
    shipped = {p.stem for p in MAPS.glob("*.json") if ".v" not in p.name}
    assert set(designs) == shipped
    for board_id, design in designs.items():
        expected = json.loads(design.read_text())["expected_neighbours"]
        board = load_map(board_id)
        assert {pid: sorted(p.neighbours + p.straits)
                for pid, p in board.data.provinces.items()} == expected, board_id
