"""Checks every drawn board passes (Europe, Mare Nostrum, Renaissance's), on the committed
data files alone: the standard library reads the SVG paths, so the tests never need the map
generator's build-time dependencies.

>>> square = "M0 0L10 0L10 10L0 10Z"
>>> inside(square, 5, 5), inside(square, 15, 5), area(square)
(True, False, 100.0)
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path
from types import ModuleType

from vinci_core.boards.mapfile import MapData
from vinci_core.boards.maps import Board

ROOT = Path(__file__).resolve().parent.parent


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


def reachable(board: Board, start: int) -> set[int]:
    """The provinces a land path (straits included) leads to from ``start``."""
    seen, stack = {start}, [start]
    while stack:
        for q in board.adjacent[stack.pop()]:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return seen


def assert_labels_and_tokens_inside(data: MapData) -> None:
    """A province's name and token stand inside it, apart; a sea's name inside the sea."""
    for pid, p in data.provinces.items():
        assert p.path and p.label and p.token
        assert inside(p.path, *p.label), f"{pid} label"
        assert inside(p.path, *p.token), f"{pid} token"
        assert p.label != p.token, pid
    for sid, s in data.seas.items():
        assert s.path and s.label and inside(s.path, *s.label), sid


def assert_no_two_provinces_overlap(data: MapData, step: float = 9.0) -> None:
    """Sample the board on a grid: no point may lie inside two provinces."""
    paths = {pid: p.path for pid, p in data.provinces.items() if p.path}
    boxes = {}
    for pid, path in paths.items():
        xs = [x for ring in rings(path) for x, _ in ring]
        ys = [y for ring in rings(path) for _, y in ring]
        boxes[pid] = (min(xs), min(ys), max(xs), max(ys))
    y = step / 2
    while y < data.height:
        x = step / 2
        while x < data.width:
            hits = [pid for pid, (x0, y0, x1, y1) in boxes.items()
                    if x0 <= x <= x1 and y0 <= y <= y1 and inside(paths[pid], x, y)]
            assert len(hits) <= 1, (x, y, hits)
            x += step
        y += step


def assert_every_province_has_a_real_area(data: MapData) -> None:
    areas = {pid: area(p.path or "") for pid, p in data.provinces.items()}
    median = sorted(areas.values())[len(areas) // 2]
    assert min(areas.values()) > 0.08 * median  # no sliver provinces


def geometry_size(data: MapData) -> int:
    """Characters of drawing the page downloads: provinces, seas and decoration."""
    size = sum(len(p.path or "") for p in data.provinces.values())
    size += sum(len(s.path or "") for s in data.seas.values())
    return size + sum(len(d.path) for d in data.decoration)


def check_reproducible_module() -> ModuleType:
    """build/map/check_reproducible.py, whose lists say which boards it regenerates."""
    path = ROOT / "build" / "map" / "check_reproducible.py"
    spec = importlib.util.spec_from_file_location("check_reproducible", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
