"""Draw Renaissance's board (src/renaissance_core/data/board_shapes.json) from its rules' board
and a design file, with the parts of the Vinci boards' generator (generate.py).

Run by hand when the rules' board or the design changes (never at install):

    bash build/map/setup.sh
    build/map/.venv/bin/python build/map/generate_renaissance.py
    build/map/.venv/bin/python build/map/render_preview.py      # docs/renaissance-map.png too
    build/map/.venv/bin/python build/map/check_reproducible.py  # every board, byte for byte

What the rules say is read, never restated: every land area, sea zone and impassable place
of ``src/renaissance_core/data/board.json`` grows from that file's own seed points. The
design (``design_renaissance.json``) adds only what the drawing needs: the layout, extra
seeds, water channels carved through narrow straits, impassable strips that keep apart two
areas the rules do not join, and the panels where the overseas boxes are drawn. The
adjacency of the drawing (shared border length, as for Vinci) must equal the rules' land
neighbours and seas, apart from the design's documented ``exceptions``; any other
difference stops the generator, so a drawing never disagrees with the rules unnoticed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw
from scipy import ndimage
from shapely.geometry import Point, Polygon, box
from shapely.ops import polylabel, unary_union
from shapely.prepared import prep

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "src"))
from board_json import compact, entry_lines  # noqa: E402
from generate import (  # noqa: E402
    CELL,
    MIN_SHARED,
    NOBODY,
    Layout,
    Projection,
    absorb_fragments,
    chaikin,
    channels,
    grow,
    land_raster,
    largest,
    raster_polys,
    region_rings,
    remove_diagonal_contacts,
    ring_path,
    shared_borders,
    simplify,
    smooth_noise,
    snap,
    trace_arcs,
)

from renaissance_core.table.svg import (  # noqa: E402
    IMPASSABLE_SIZE,
    SEA_SIZE,
    area_lines,
    text_extent,
    wrap,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DESIGN = HERE / "design_renaissance.json"
RULES = ROOT / "src" / "renaissance_core" / "data" / "board.json"
OUT = ROOT / "src" / "renaissance_core" / "data" / "board_shapes.json"

IMPASSABLE_BASE = 300  # grid labels: land areas 0.., impassable places 300.., seas 500..
SEA_BASE = 500
PANEL = 880  # cut out of the map: the overseas panels
LAKE = 890  # water that no sea zone reaches (the Caspian, Ladoga): drawn, not played
ISLE = 891  # small land drawn for looks only
LAKE_MIN_CELLS = 150  # smaller unreached water joins the land around it


class Regions:
    """Who owns which grid label: the rules' areas, the impassable places and the seas."""

    def __init__(self, rules: dict, design: dict) -> None:
        boxed = {a for panel in design["panels"].values() for a in panel.get("boxes", {})}
        in_sea = set(design.get("sea_boxes", {}))
        self.areas = [a["id"] for a in rules["areas"] if a["id"] not in boxed | in_sea]
        self.sea_boxes = [a for a in (x["id"] for x in rules["areas"]) if a in in_sea]
        added = list(design["extra_impassable_seeds_lonlat"]) + list(design["impassable_lonlat"])
        self.impassable = list(rules["impassable_seeds_lonlat"]) + [
            n for n in dict.fromkeys(added) if n not in rules["impassable_seeds_lonlat"]]
        panel_seas = {s for panel in design["panels"].values() for s in panel.get("seas", [])}
        self.seas = [s["id"] for s in rules["sea_zones"] if s["id"] not in panel_seas]

    def area_label(self, area: str) -> int:
        return self.areas.index(area) if area in self.areas else (
            len(self.areas) + self.sea_boxes.index(area))

    @property
    def land_labels(self) -> list[int]:
        return list(range(len(self.areas) + len(self.sea_boxes)))

    def land_ids(self) -> list[str]:
        return self.areas + self.sea_boxes


def seeds_of(rules: dict, design: dict) -> tuple[dict[str, list], dict[str, list], dict[str, list]]:
    """Growth seeds of land areas, impassable places and seas: the rules' and the design's."""
    land = {a["id"]: list(a["seeds_lonlat"]) + design["extra_seeds_lonlat"].get(a["id"], [])
            for a in rules["areas"]}
    blocked = {n: list(s) + design["extra_impassable_seeds_lonlat"].get(n, [])
               for n, s in rules["impassable_seeds_lonlat"].items()}
    for n in list(design["extra_impassable_seeds_lonlat"]) + list(design["impassable_lonlat"]):
        blocked.setdefault(n, design["extra_impassable_seeds_lonlat"].get(n, []))
    seas = {s["id"]: list(s["seeds_lonlat"]) + design["extra_sea_seeds_lonlat"].get(s["id"], [])
            for s in rules["sea_zones"]}
    return land, blocked, seas


def rect_mask(rects: list[list[float]], shape: tuple[int, int]) -> np.ndarray:
    img = Image.new("L", (shape[1], shape[0]), 0)
    draw = ImageDraw.Draw(img)
    for x, y, w, h in rects:
        draw.rectangle([x / CELL, y / CELL, (x + w) / CELL - 1, (y + h) / CELL - 1], fill=1)
    return np.array(img, dtype=bool)


def build_grid(rules: dict, design: dict, regions: Regions, proj: Projection) -> np.ndarray:
    """The board's raster: every cell labelled with its area, impassable place, sea zone,
    lake, island, or panel."""
    layout = proj.layout
    shape = (int(layout.height / CELL), int(layout.width / CELL))

    def to_cell(lonlat: list[float]) -> tuple[int, int]:
        x, y = proj(np.array([lonlat]))[0]
        return int(y / CELL), int(x / CELL)

    panels = rect_mask([p["rect"] for p in design["panels"].values()], shape)
    sea_boxes = {a: rect_mask([r], shape) for a, r in design.get("sea_boxes", {}).items()}
    land = land_raster(proj, shape) & ~channels(design, proj, shape) & ~panels
    for mask in sea_boxes.values():
        land &= ~mask
    land_seeds, blocked_seeds, sea_seeds = seeds_of(rules, design)
    noise = smooth_noise(shape, layout.seed)
    grid = np.full(shape, NOBODY, dtype=np.int32)
    grow_land(grid, land, design, regions, (land_seeds, blocked_seeds), noise, to_cell, proj)
    for area, mask in sea_boxes.items():
        grid[mask] = regions.area_label(area)
    grid[panels] = PANEL
    grow_seas(grid, regions, sea_seeds, noise, to_cell)
    remove_diagonal_contacts(grid)
    return grid


def grow_land(grid: np.ndarray, land: np.ndarray, design: dict, regions: Regions,
              seeds_by_kind: tuple[dict[str, list], dict[str, list]], noise: np.ndarray,
              to_cell, proj: Projection) -> None:  # type: ignore[no-untyped-def]
    """Areas and impassable places grow together over land, so each stops at the others;
    the design's walls are impassable before anything grows."""
    land_seeds, blocked_seeds = seeds_by_kind
    walls = np.zeros(grid.shape, dtype=bool)
    for n, ring in design["impassable_lonlat"].items():
        wall = land & raster_polys([(proj(np.array(ring)), 1)], grid.shape).astype(bool)
        grid[wall] = IMPASSABLE_BASE + regions.impassable.index(n)
        walls |= wall
    open_land = land & ~walls
    seeds, seed_cells = [], set()
    for k, area in enumerate(regions.areas):
        for lonlat in land_seeds[area]:
            c = snap(open_land, to_cell(lonlat))
            seeds.append((*c, k))
            seed_cells.add(c)
    for n, points in blocked_seeds.items():
        for lonlat in points:
            seeds.append((*snap(open_land, to_cell(lonlat)), IMPASSABLE_BASE
                          + regions.impassable.index(n)))
    grown = grow(open_land, seeds, noise)
    grid[grown != NOBODY] = grown[grown != NOBODY]
    # Land no seed reached (islands): join an area close by, else decoration.
    loose = land & (grid == NOBODY)
    owned = (grid >= 0) & (grid < IMPASSABLE_BASE)
    dist, (ii, jj) = ndimage.distance_transform_edt(~owned, return_indices=True)
    near = loose & (dist <= 7)
    grid[near] = grid[ii[near], jj[near]]
    grid[land & (grid == NOBODY)] = ISLE
    absorb_fragments(grid, regions.land_labels[: len(regions.areas)], seed_cells)


def grow_seas(grid: np.ndarray, regions: Regions, sea_seeds: dict[str, list],
              noise: np.ndarray, to_cell) -> None:  # type: ignore[no-untyped-def]
    """Sea zones grow over water; big water no sea reaches is a lake, small joins the land."""
    water = grid == NOBODY
    seeds = [(*snap(water, to_cell(lonlat)), SEA_BASE + k)
             for k, sea in enumerate(regions.seas) for lonlat in sea_seeds[sea]]
    grown = grow(water, seeds, noise)
    grid[water] = grown[water]
    unreached, n = ndimage.label(grid == NOBODY)
    if n:
        sizes = ndimage.sum(np.ones_like(unreached), unreached, range(1, n + 1))
        for k, size in enumerate(sizes, 1):
            if size >= LAKE_MIN_CELLS:
                grid[unreached == k] = LAKE
    small = grid == NOBODY
    if small.any():
        _, (ii, jj) = ndimage.distance_transform_edt(small, return_indices=True)
        grid[small] = grid[ii[small], jj[small]]
    absorb_fragments(grid, [SEA_BASE + k for k in range(len(regions.seas))], set(), 40)


def smoothed_arcs(grid: np.ndarray) -> tuple[list, list[np.ndarray]]:
    """Every border traced once, its staircase dropped and its corners rounded (as Vinci's)."""
    arcs = trace_arcs(grid)
    smoothed = []
    for _left, _right, corners in arcs:
        pts = np.array([((j - 1) * CELL, (i - 1) * CELL) for i, j in corners], dtype=float)
        if corners[0] == corners[-1]:
            body = chaikin(simplify(pts, 1.6)[:-1], True)
            pts = np.vstack([body, body[:1]])
        else:
            pts = chaikin(simplify(pts, 1.6), False)
        smoothed.append(simplify(pts, 0.6))
    return arcs, smoothed


def polygon_of(rings: list[np.ndarray]):  # type: ignore[no-untyped-def]
    return unary_union([Polygon(r).buffer(0) for r in rings if len(r) >= 4])


def adjacency(grid: np.ndarray, regions: Regions) -> dict[str, dict[str, list[str]]]:
    """Each drawn land area's land neighbours and seas, from shared border length."""
    pairs = shared_borders(grid)
    ids = regions.land_ids()

    def linked(a: int, b: int) -> bool:
        return pairs.get((min(a, b), max(a, b)), 0) >= MIN_SHARED

    out = {}
    for k, area in enumerate(ids):
        out[area] = {
            "neighbours": sorted(q for j, q in enumerate(ids) if j != k and linked(k, j)),
            "seas": sorted(s for u, s in enumerate(regions.seas) if linked(k, SEA_BASE + u)),
        }
    return out


def rect_path(x: float, y: float, w: float, h: float) -> str:
    return f"M{x:g} {y:g}L{x + w:g} {y:g}L{x + w:g} {y + h:g}L{x:g} {y + h:g}Z"


def place(poly, extent: tuple[float, float], placed: list,  # type: ignore[no-untyped-def]
          inside: bool = False) -> list[int] | None:
    """Where a text block of this half width and half height goes in ``poly``'s main part:
    the spot deepest inside where the whole block lies on the part and overlaps no block
    placed before; failing that, the point farthest from the edge clear of other blocks
    (small islands: the text runs over the water). The block joins ``placed``. With
    ``inside``, None when the block fits nowhere (a sliver of land keeps no name)."""
    main = largest(poly)
    hw, hh = extent
    spot = fitting_spot(main, hw, hh, placed)
    if spot is None:
        if inside:
            return None
        spot = clear_of(main, hw, hh, placed)
    placed.append(box(spot.x - hw, spot.y - hh, spot.x + hw, spot.y + hh).buffer(2))
    return [round(spot.x), round(spot.y)]


def fitting_spot(main, hw: float, hh: float, placed: list):  # type: ignore[no-untyped-def]
    """The grid point (4 units apart) deepest in ``main`` whose block fits and is free."""
    room = prep(main.buffer(2))
    taken = prep(unary_union(placed)) if placed else None
    x0, y0, x1, y1 = main.bounds
    best, depth = None, -1.0
    for y in np.arange(y0 + hh, y1 - hh + 1e-9, 4.0):
        for x in np.arange(x0 + hw, x1 - hw + 1e-9, 4.0):
            block = box(x - hw, y - hh, x + hw, y + hh)
            if room.contains(block) and not (taken and taken.intersects(block)):
                d = main.exterior.distance(Point(x, y))
                if d > depth + 1e-9:
                    best, depth = Point(x, y), d
    return best


def clear_of(main, hw: float, hh: float, placed: list):  # type: ignore[no-untyped-def]
    """The point of ``main`` farthest from its edge where the block overlaps no other."""
    spot = polylabel(main, tolerance=0.5)
    if placed:
        taken = unary_union([box(x0 - hw, y0 - hh, x1 + hw, y1 + hh)
                             for x0, y0, x1, y1 in (p.bounds for p in placed)])
        free = main.difference(taken)
        if not free.is_empty:
            candidate = polylabel(largest(free), tolerance=0.5)
            if main.exterior.distance(candidate) >= 6:
                spot = candidate
    return spot


def draw(rules: dict, design: dict, regions: Regions, grid: np.ndarray) -> dict:
    """Paths, label points and derived adjacency of every area, sea, impassable place."""
    arcs, smoothed = smoothed_arcs(grid)
    raw = {a["id"]: a for a in rules["areas"]}
    sea_names = {s["id"]: s["name"] for s in rules["sea_zones"]}
    derived = adjacency(grid, regions)
    polygons = {area: polygon_of(region_rings(arcs, smoothed, regions.area_label(area)))
                for area in regions.land_ids()}
    for area, poly in polygons.items():
        if poly.is_empty:
            raise SystemExit(f"area {area} has no shape on the board")
    placed: list = [box(x, y, x + w, y + h) for x, y, w, h in
                    (p["rect"] for p in design["panels"].values())]
    areas: dict = {}
    for area in sorted(polygons, key=lambda a: -polygons[a].area):  # largest first
        a = raw[area]
        lines = area_lines(a["name"], a["kind"], a["commodities"], a["volume"])
        areas[area] = {"path": ring_path(region_rings(arcs, smoothed, regions.area_label(area))),
                       "label": place(polygons[area], text_extent(lines, 18), placed),
                       **derived[area]}
    for panel in design["panels"].values():
        for area, (x, y, w, h) in panel.get("boxes", {}).items():
            areas[area] = {"path": rect_path(x, y, w, h),
                           "label": [round(x + w / 2), round(y + h / 2)],
                           "neighbours": [], "seas": []}
    seas: dict = {}
    for k, sea in enumerate(regions.seas):
        rings = region_rings(arcs, smoothed, SEA_BASE + k)
        lines = [(part, SEA_SIZE) for part in wrap(sea_names[sea])]
        seas[sea] = {"path": ring_path(rings),
                     "label": place(polygon_of(rings), text_extent(lines), placed)}
    for panel in design["panels"].values():
        for sea in panel.get("seas", []):
            x, y, w, h = panel["sea_rect"]
            seas[sea] = {"path": rect_path(x, y, w, h), "label": panel["sea_label"]}
    return {
        "areas": {a["id"]: areas[a["id"]] for a in rules["areas"]},
        "seas": {s["id"]: seas[s["id"]] for s in rules["sea_zones"]},
        "impassable": scenery(regions, arcs, smoothed, placed),
        "decoration": {name: ring_path(region_rings(arcs, smoothed, label))
                       for name, label in (("lakes", LAKE), ("islands", ISLE))},
        "panels": [{"name": p["name"], "rect": p["rect"], "boxes": list(p.get("boxes", {})),
                    "seas": p.get("seas", [])} for p in design["panels"].values()],
    }


def scenery(regions: Regions, arcs: list, smoothed: list[np.ndarray],
            placed: list) -> dict[str, dict]:
    """Impassable places: a path, and a label where the name fits inside (else null)."""
    out: dict[str, dict] = {}
    for k, name in enumerate(regions.impassable):
        rings = region_rings(arcs, smoothed, IMPASSABLE_BASE + k)
        if rings:
            lines = [(part, IMPASSABLE_SIZE) for part in wrap(name)]
            out[name] = {"path": ring_path(rings), "label": place(
                polygon_of(rings), text_extent(lines), placed, inside=True)}
    return out


def differences(rules: dict, design: dict, shapes: dict) -> list[str]:
    """Where the drawing's adjacency differs from the rules', less the design's exceptions."""
    allowed = {tuple(e["pair"]) for e in design["exceptions"]}
    problems = []
    for a in rules["areas"]:
        got = shapes["areas"][a["id"]]
        for key in ("neighbours", "seas"):
            for other in sorted(set(got[key]) ^ set(a[key])):
                pair = tuple(sorted((a["id"], other))) if key == "neighbours" else (a["id"], other)
                if pair in allowed:
                    continue
                side = "drawn, not in the rules" if other in got[key] else "rules, not drawn"
                problems.append(f"{a['id']} {key} {other}: {side}")
    return sorted(set(problems))


def dump(shapes: dict, design: dict, rules: dict) -> str:
    """Deterministic JSON: one area, sea or place per line keeps diffs readable."""
    b = design["board"]
    head = {"about": "Generated by build/map/generate_renaissance.py from data/board.json and "
                     "build/map/design_renaissance.json; never edit by hand. Board units; "
                     "each area's neighbours and seas are the drawing's own (they equal the "
                     "rules' apart from the design's exceptions).",
            "id": b["id"], "name": b["name"], "design_version": design["version"],
            "rules_board_version": rules["version"], "width": b["width"],
            "height": b["height"]}
    out = ["{" + json.dumps(head, ensure_ascii=False)[1:-1] + ","]
    for key in ("areas", "seas", "impassable"):
        out += entry_lines(key, shapes[key], ensure_ascii=False)
    out.append(f' "decoration": {compact(shapes["decoration"])},')
    out.append(f' "panels": {compact(shapes["panels"])}')
    out.append("}")
    return "\n".join(out) + "\n"


def build(design: dict, rules: dict) -> dict:
    proj = Projection(Layout.of(design))
    regions = Regions(rules, design)
    grid = build_grid(rules, design, regions, proj)
    return draw(rules, design, regions, grid)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--design", type=Path, default=DESIGN)
    ap.add_argument("--rules", type=Path, default=RULES)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--force", action="store_true",
                    help="write the file even when the adjacency differs (to look at it)")
    args = ap.parse_args()
    design = json.loads(args.design.read_text())
    rules = json.loads(args.rules.read_text())
    shapes = build(design, rules)
    problems = differences(rules, design, shapes)
    if problems:
        print(f"{len(problems)} adjacency differences from the rules' board:", *problems,
              sep="\n  ", file=sys.stderr)
        if not args.force:
            return 1
    text = dump(shapes, design, rules)
    args.out.write_text(text)
    print(f"wrote {args.out} ({len(text) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
