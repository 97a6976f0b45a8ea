"""Boards: the map facts of RULES.md C-8, validated at load and compiled for the hot loop.

A map file is JSON (see ``data/maps/europe.json``). :class:`~vinci_core.boards.mapfile.MapData` is
its pydantic schema; :class:`Board` is the same facts as plain tuples indexed by province number,
which is what the engine uses while it searches legal moves.

>>> board = load_map("europe")
>>> board.province("andalusia").terrain
'forest'
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the map file's models load pydantic: imported where a file is read
    from .mapfile import MapData, ProvinceData


@dataclass(frozen=True, eq=False)
class Board:
    """Map facts compiled to tuples indexed by province number (map file order)."""

    data: MapData
    ids: tuple[str, ...]
    index: dict[str, int]
    terrain: tuple[str, ...]
    mountain: tuple[bool, ...]
    base_cost: tuple[int, ...]  # C-4, Y-4: 3 for forest or mountain, 1 river, 2 otherwise
    mine: tuple[bool, ...]
    port: tuple[bool, ...]
    edge: tuple[bool, ...]
    adjacent: tuple[tuple[int, ...], ...]  # land borders and straits (C-3.3.1)
    seas_of: tuple[frozenset[int], ...]  # sea-zone numbers each province borders
    sea_ids: tuple[str, ...]
    sea_kind: tuple[str, ...]
    sea_component: tuple[int, ...]  # connected component of each sea zone in the sea graph
    entry: tuple[bool, ...]  # C-3.2.1
    astronomy_entry: tuple[bool, ...]  # C-3.2.2
    sea_entry: tuple[bool, ...]  # entry possible from an edge sea (Ship Building at entry)
    components_of: tuple[frozenset[int], ...]  # sea components each province touches
    coast_by_component: tuple[tuple[int, ...], ...]  # provinces touching each sea component
    edge_components: frozenset[int]  # sea components holding a sea zone that touches the edge

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def version(self) -> int:
        return self.data.version

    def province(self, pid: str) -> ProvinceData:
        return self.data.provinces[pid]

    @cached_property
    def fingerprint(self) -> str:
        """Short hash of the rule facts (not the drawing): saves name the board they need."""
        facts = [
            (pid, p.terrain, p.mine, p.port, sorted(p.seas), p.edge,
             sorted(p.neighbours), sorted(p.straits))
            for pid, p in self.data.provinces.items()
        ]
        seas = [(sid, s.kind, s.edge, sorted(s.neighbours)) for sid, s in self.data.seas.items()]
        blob = json.dumps([facts, seas], separators=(",", ":")).encode()
        return hashlib.sha256(blob).hexdigest()[:12]

    def neighbours_of(self, provinces: Iterable[int]) -> set[int]:
        out: set[int] = set()
        for p in provinces:
            out.update(self.adjacent[p])
        return out


def compile_board(data: MapData) -> Board:
    """The map file's facts as tuples by province number, with what follows from them (sea
    components, entry provinces) worked out once per board rather than once per move."""
    ids = tuple(data.provinces)
    index = {pid: i for i, pid in enumerate(ids)}
    sea_ids = tuple(data.seas)
    provs = [data.provinces[pid] for pid in ids]
    sea_index = {sid: i for i, sid in enumerate(sea_ids)}
    component = _sea_components(data, sea_ids, sea_index)
    edge_components = {component[i] for i, sid in enumerate(sea_ids) if data.seas[sid].edge}

    seas_of = tuple(frozenset(sea_index[s] for s in p.seas) for p in provs)
    components_of = tuple(frozenset(component[s] for s in seas) for seas in seas_of)
    edge_sea = tuple(data.seas[sid].edge for sid in sea_ids)
    sea_entry = tuple(any(edge_sea[s] for s in seas) for seas in seas_of)
    entry = tuple(p.edge or se for p, se in zip(provs, sea_entry, strict=True))
    astronomy_entry = tuple(
        e or bool(comps & edge_components) for e, comps in zip(entry, components_of, strict=True)
    )
    return Board(
        data=data,
        ids=ids,
        index=index,
        terrain=tuple(p.terrain for p in provs),
        mountain=tuple(p.terrain == "mountain" for p in provs),
        # C-4 and Y-4 agree on every classic terrain; a river is 1, a desert 2 (Y-4; classic
        # games refuse boards with them).
        base_cost=tuple(3 if p.terrain in ("forest", "mountain") else 1 if p.terrain == "river"
                        else 2 for p in provs),
        mine=tuple(p.mine for p in provs),
        port=tuple(p.port for p in provs),
        edge=tuple(p.edge for p in provs),
        adjacent=tuple(
            tuple(sorted({index[n] for n in (*p.neighbours, *p.straits)})) for p in provs
        ),
        seas_of=seas_of,
        sea_ids=sea_ids,
        sea_kind=tuple(data.seas[sid].kind for sid in sea_ids),
        sea_component=tuple(component),
        entry=entry,
        astronomy_entry=astronomy_entry,
        sea_entry=sea_entry,
        components_of=components_of,
        coast_by_component=_coast_by_component(components_of, len(sea_ids)),
        edge_components=frozenset(edge_components),
    )


def _sea_components(data: MapData, sea_ids: tuple[str, ...],
                    sea_index: dict[str, int]) -> list[int]:
    """Each sea zone's component: the zones "connected through sea zones" (C-3.2.2, C-3.3.2)
    share one, named by its first zone in map file order."""
    component = [-1] * len(sea_ids)
    for start in range(len(sea_ids)):
        if component[start] >= 0:
            continue
        component[start] = start
        stack = [start]
        while stack:
            s = stack.pop()
            for other in data.seas[sea_ids[s]].neighbours:
                o = sea_index[other]
                if component[o] < 0:
                    component[o] = start
                    stack.append(o)
    return component


def _coast_by_component(components_of: tuple[frozenset[int], ...],
                        sea_count: int) -> tuple[tuple[int, ...], ...]:
    """The provinces touching each sea component, in province order. A component is
    numbered by its first sea zone, so a table as long as the sea zones holds them all."""
    coast: dict[int, list[int]] = {}
    for i, comps in enumerate(components_of):
        for c in comps:
            coast.setdefault(c, []).append(i)
    return tuple(tuple(coast.get(c, ())) for c in range(sea_count))


# Boards by id and version. A board's rule facts never change under the same version: a
# change is a new version, and the old file stays (``<id>.v<version>.json``) so that a saved
# game finishes on the board it began on. ``<id>.json`` is the newest version.
_REGISTRY: dict[str, dict[int, Board]] = {}
_NEWEST: dict[str, int] = {}


def register_map(data: MapData | dict | str | Path) -> Board:
    """Validate a map (model, dict, JSON text or file path) and make it loadable by its id."""
    from .mapfile import MapData  # the edge: pydantic validates
    if isinstance(data, Path):
        data = data.read_text(encoding="utf-8")
    if isinstance(data, str):
        data = MapData.model_validate_json(data)
    elif isinstance(data, dict):
        data = MapData.model_validate(data)
    board = compile_board(data)
    _REGISTRY.setdefault(board.id, {})[data.version] = board
    _NEWEST[board.id] = max(_NEWEST.get(board.id, 0), data.version)
    return board


MAPS_DIR = files("vinci_core") / "data" / "maps"  # the shipped boards' files (as i18n's LOCALE_DIR)


def _shipped(filename: str) -> str | None:
    try:
        return (MAPS_DIR / filename).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


MAP_NAME = re.compile(r"[a-z0-9_]{1,40}")  # a map id, also the name of its file


def load_map(name: str = "europe", version: int | None = None) -> Board:
    """The board called ``name`` at ``version`` (None: the newest), registered or shipped.

    >>> load_map("europe", 1).fingerprint != load_map("europe").fingerprint
    True
    """
    if name not in _NEWEST:
        if not MAP_NAME.fullmatch(name):
            raise KeyError(f"{name!r} is not a map name")
        text = _shipped(f"{name}.json")
        if text is None:
            raise KeyError(f"no map called {name!r}")
        register_map(text)
    if version is None:
        version = _NEWEST[name]
    boards = _REGISTRY[name]
    if version not in boards:
        text = _shipped(f"{name}.v{version}.json")
        if text is None:
            raise KeyError(f"no version {version} of the map {name!r}")
        board = register_map(text)
        if board.data.version != version:
            raise ValueError(f"{name}.v{version}.json holds version {board.data.version}")
    return boards[version]


def map_versions(name: str) -> list[int]:
    """Every version of the map ``name`` that this edition can load, oldest first."""
    load_map(name)
    versions = set(_REGISTRY[name])
    for entry in MAPS_DIR.iterdir():
        stem, _, rest = entry.name.partition(".v")
        if stem == name and rest.endswith(".json") and rest[:-5].isdigit():
            versions.add(int(rest[:-5]))
    return sorted(versions)


def shipped_maps() -> list[str]:
    """Ids of the boards shipped in the package (their newest files), sorted."""
    names = []
    for entry in MAPS_DIR.iterdir():
        stem, dot, rest = entry.name.partition(".")
        if dot and rest == "json" and MAP_NAME.fullmatch(stem):
            names.append(stem)
    return sorted(names)


def board_with_fingerprint(name: str, fingerprint: str) -> Board | None:
    """The version of the map ``name`` whose rule facts hash to ``fingerprint``, if any."""
    for version in reversed(map_versions(name)):
        board = load_map(name, version)
        if board.fingerprint == fingerprint:
            return board
    return None
