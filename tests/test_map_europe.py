"""The Europe board (RULES.md C-8): schema, graph, counts, the rulebook's facts, geometry.

Everything here reads the committed data file with the standard library and pydantic only,
so CI never needs the generator's build-time dependencies.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from vinci_core.boards.maps import Board, load_map

Ring = list[tuple[float, float]]


@pytest.fixture(scope="module")
def board() -> Board:
    return load_map("europe")


@cache
def rings(path: str) -> tuple[tuple[tuple[float, float], ...], ...]:
    """Rings of an SVG path made of absolute M/L/Z commands (the generator's format)."""
    assert re.fullmatch(r"(M[-\d. L]+Z)+", path), "paths use only absolute M, L and Z"
    out = []
    for sub in re.findall(r"M([^MZ]+)Z", path):
        pts = tuple(tuple(float(v) for v in p.split()) for p in sub.split("L"))
        out.append(pts)
    return tuple(out)  # type: ignore[return-value]


def inside(path: str, x: float, y: float) -> bool:
    """Even-odd point-in-polygon over all rings of a path."""
    hit = False
    for ring in rings(path):
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


def area(path: str) -> float:
    total = 0.0
    for ring in rings(path):
        pairs = zip(ring, ring[1:] + ring[:1], strict=True)
        total += sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in pairs)
    return abs(total) / 2


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
    seen, stack = {0}, [0]
    while stack:
        for q in board.adjacent[stack.pop()]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    assert len(seen) == len(board.ids)


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
    for pid, p in board.data.provinces.items():
        assert p.path and p.label and p.token
        assert inside(p.path, *p.label), f"{pid} label"
        assert inside(p.path, *p.token), f"{pid} token"
        assert p.label != p.token, pid
    for sid, s in board.data.seas.items():
        assert s.path and s.label and inside(s.path, *s.label), sid


def test_c8_no_two_provinces_overlap(board: Board) -> None:
    """Sample the board on a grid: no point may lie inside two provinces."""
    data = board.data
    paths = {pid: p.path for pid, p in data.provinces.items() if p.path}
    boxes = {}
    for pid, path in paths.items():
        xs = [x for ring in rings(path) for x, _ in ring]
        ys = [y for ring in rings(path) for _, y in ring]
        boxes[pid] = (min(xs), min(ys), max(xs), max(ys))
    step = 9.0
    y = step / 2
    while y < data.height:
        x = step / 2
        while x < data.width:
            hits = [pid for pid, (x0, y0, x1, y1) in boxes.items()
                    if x0 <= x <= x1 and y0 <= y <= y1 and inside(paths[pid], x, y)]
            assert len(hits) <= 1, (x, y, hits)
            x += step
        y += step


def test_c8_every_province_has_a_real_area(board: Board) -> None:
    areas = {pid: area(p.path or "") for pid, p in board.data.provinces.items()}
    median = sorted(areas.values())[len(areas) // 2]
    assert min(areas.values()) > 0.08 * median  # no sliver provinces


def test_c8_geometry_stays_small(board: Board) -> None:
    data = board.data
    size = sum(len(p.path or "") for p in data.provinces.values())
    size += sum(len(s.path or "") for s in data.seas.values())
    size += sum(len(d.path) for d in data.decoration)
    assert size <= 200_000
