"""The board file (``data/board.json``): land areas, sea zones, capitals, regions in play.

Read once and cached; the engine keeps plain tuples and frozensets for its hot loops.

>>> board = load_board()
>>> board.version, len(board.areas), board.areas["london"].region
(2, 107, 'II')
>>> sorted(board.coast["london"])
[('bruges', 'dover'), ('portsmouth', 'dover'), ('york', 'north_sea')]
>>> sorted(board.regions_in_play(3))
['IV', 'V', 'VI', 'VII', 'VIII', 'new_world', 'orient']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

OVERSEAS_REGIONS = ("orient", "new_world")  # always in play
LARGEST_GALLEY = 8  # galleys step 2, 4, 6, 8 (game.constants.FLEET_STEPS)


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    name: str
    region: str
    kind: str  # province, satellite, capital, box
    volume: int
    commodities: tuple[str, ...]
    coastal: bool
    neighbours: tuple[str, ...]
    seas: tuple[str, ...]
    supports: tuple[str, ...]  # a satellite's arrows

    @property
    def holds_control(self) -> bool:
        """A satellite never holds a control marker (R-1.4)."""
        return self.kind != "satellite"


@dataclass(frozen=True, slots=True)
class Capital:
    id: str
    name: str
    home_region: str
    from_players: int  # the player count that brings it in


@dataclass(frozen=True)
class Board:
    version: int
    areas: dict[str, Area]
    capitals: tuple[Capital, ...]
    in_play: dict[int, frozenset[str]]  # regions of Europe per player count
    coast: dict[str, tuple[tuple[str, str], ...]]  # area -> (next area, sea zone)
    sea_kinds: dict[str, str]  # sea zone -> ocean, open or coastal
    shores: dict[str, tuple[str, ...]]  # sea zone -> the land areas touching it
    open_seas: dict[str, tuple[str, ...]]  # area -> the open sea zones it touches
    # without and with A: port -> the areas a galley reaches from it, by size (galley_steps)
    galley_areas: dict[bool, dict[str, tuple[frozenset[str], ...]]]

    def regions_in_play(self, players: int) -> frozenset[str]:
        """R-1.2: the player count's regions of Europe plus the Orient and the New World."""
        return self.in_play[players] | frozenset(OVERSEAS_REGIONS)

    def capitals_for(self, players: int) -> tuple[str, ...]:
        """R-1.1: the capitals available with this many players."""
        return tuple(c.id for c in self.capitals if c.from_players <= players)

    def capital(self, area: str) -> Capital:
        return next(c for c in self.capitals if c.id == area)


def _area(raw: dict) -> Area:
    return Area(
        id=raw["id"], name=raw["name"], region=raw["region"], kind=raw["kind"],
        volume=int(raw["volume"]), commodities=tuple(raw["commodities"]),
        coastal=bool(raw["coastal"]), neighbours=tuple(raw["neighbours"]),
        seas=tuple(raw["seas"]), supports=tuple(raw.get("supports", ())))


def _coast(links: list[list[str]]) -> dict[str, tuple[tuple[str, str], ...]]:
    out: dict[str, list[tuple[str, str]]] = {}
    for a, b, sea in links:
        out.setdefault(a, []).append((b, sea))
        out.setdefault(b, []).append((a, sea))
    return {area: tuple(sorted(steps)) for area, steps in out.items()}


def galley_steps(board_coast: dict[str, tuple[tuple[str, str], ...]],
                 open_seas: dict[str, tuple[str, ...]], shores: dict[str, tuple[str, ...]],
                 start: str, astronomy: bool) -> tuple[tuple[str, int], ...]:
    """R-8.6, R-15.A: every land area a galley reaches from ``start``, with the coastal
    steps it takes, nearest first. With A an open sea zone is a step of its own: from an
    area on its shore into the zone, then onto any other shore."""
    dist = {start: 0}
    frontier = [start]
    while frontier:
        reached = []
        for node in frontier:
            if node in shores and node not in open_seas:  # a zone being crossed
                steps: tuple[str, ...] = shores[node]
            else:
                steps = tuple(nxt for nxt, _ in board_coast.get(node, ()))
                if astronomy:
                    steps += open_seas[node]
            for nxt in steps:
                if nxt not in dist:
                    dist[nxt] = dist[node] + 1
                    reached.append(nxt)
        frontier = reached
    return tuple(sorted(((a, d) for a, d in dist.items() if d and a in open_seas),
                        key=lambda ad: (ad[1], ad[0])))


def _by_size(steps: tuple[tuple[str, int], ...]) -> tuple[frozenset[str], ...]:
    """Index c: the areas at most c steps away, for every galley size c (R-7.2: up to 8)."""
    return tuple(frozenset(a for a, d in steps if d <= size)
                 for size in range(LARGEST_GALLEY + 1))


@cache
def load_board() -> Board:
    text = resources.files("renaissance_core").joinpath("data/board.json").read_text("utf-8")
    raw = json.loads(text)
    kinds = {z["id"]: z["kind"] for z in raw["sea_zones"]}
    shores: dict[str, set[str]] = {}
    for area in raw["areas"]:
        for sea in area["seas"]:
            shores.setdefault(sea, set()).add(area["id"])
    coast = _coast(raw["coast"]["links"])
    open_seas = {a["id"]: tuple(sea for sea in a["seas"] if kinds[sea] == "open")
                 for a in raw["areas"]}
    sorted_shores = {sea: tuple(sorted(areas)) for sea, areas in shores.items()}
    return Board(
        version=int(raw["version"]),
        areas={a["id"]: _area(a) for a in raw["areas"]},
        capitals=tuple(Capital(**c) for c in raw["capitals"]),
        in_play={int(k): frozenset(v) for k, v in raw["regions_in_play"].items()},
        coast=coast,
        sea_kinds=kinds,
        shores=sorted_shores,
        open_seas=open_seas,
        galley_areas={astro: {port: _by_size(galley_steps(coast, open_seas, sorted_shores,
                                                           port, astro))
                              for port in coast.keys() | {
                                  a for a, seas in open_seas.items() if seas}}
                      for astro in (False, True)},
    )
