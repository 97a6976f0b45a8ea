"""The civilization tiles (RULES.md C-9), loaded from ``data/tiles.json``.

A civilization is a pair of tiles. :func:`abilities` turns a pair into ability
multiplicities, which is where Specialization's doubling (C-2.6) lives.

>>> TILES["astronomy"].tokens
5
>>> civ_tokens(("barbarians", "specialization"))
13
>>> abilities(("weapons", "specialization"))["weapons"]
2
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from typing import Literal

TileCounts = Literal["designer", "printed"]


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    ability: str
    name: str
    tokens: int | None  # None only for Specialization (other tile's tokens + 1)
    copies: int
    decline_proof: bool | None  # None only for Specialization (as the other tile)
    rules: str
    summary: str


# The package's data files, read as i18n's LOCALE_DIR.
DATA_DIR = files("vinci_core") / "data"


def _load(filename: str) -> tuple[dict[str, Tile], dict[str, int]]:
    text = (DATA_DIR / filename).read_text("utf-8")
    raw = json.loads(text)
    tiles = {tid: Tile(id=tid, **fields) for tid, fields in raw["tiles"].items()}
    return tiles, dict(raw.get("printed_copies", {}))


TILES, _PRINTED_COPIES = _load("tiles.json")  # classic (C-9)
ONLINE_TILES, _ = _load("tiles_online.json")  # online (Y-9)


def ruleset_tiles(ruleset: str) -> Mapping[str, Tile]:
    """The tiles of ``ruleset`` (its Ruleset's ``tiles``): for what words a tile without
    loading the rules (the rules reference, the page's first render)."""
    if ruleset not in ("classic", "online"):
        raise ValueError(f"unknown ruleset {ruleset!r}")
    return ONLINE_TILES if ruleset == "online" else TILES

# C-2.6: abilities that Specialization doubles; the others apply once.
DOUBLEABLE = frozenset({
    "agriculture", "livestock", "mining", "ports", "currency", "slavery", "ship_building",
    "espionage", "mountaineering", "militia", "weapons", "fortification", "field_general",
    "medicine", "diplomacy",
})
# C-5.1.3: decline-proof scoring tiles stay with the declined empire.
SCORING_ABILITIES = frozenset({"agriculture", "livestock", "mining", "ports"})


def bag_contents(tile_counts: TileCounts = "designer") -> list[str]:
    """Every tile in the bag at setup, one entry per copy, sorted (C-1.4, C-7 tile_counts)."""
    bag: list[str] = []
    for tid, tile in TILES.items():
        copies = _PRINTED_COPIES.get(tid, tile.copies) if tile_counts == "printed" else tile.copies
        bag.extend([tid] * copies)
    bag.sort()
    return bag


def compatible(a: str, b: str, tiles: Mapping[str, Tile] = TILES) -> bool:
    """C-1.5: a pair never holds two tiles of one ability (decline-proof counts as the same)."""
    return tiles[a].ability != tiles[b].ability


def _other(pair: tuple[str, ...], tid: str) -> str | None:
    rest = [t for t in pair if t != tid]
    return rest[0] if rest else None


def civ_tokens(pair: tuple[str, ...], tiles: Mapping[str, Tile] = TILES) -> int:
    """Tokens printed on a pair of tiles (C-2.5, C-2.6), before extra tokens."""
    total = 0
    for tid in pair:
        tile = tiles[tid]
        if tile.tokens is None:  # Specialization
            other = _other(pair, tid)
            total += (tiles[other].tokens or 0) + 1 if other else 1
        else:
            total += tile.tokens
    return total


def abilities(pair: tuple[str, ...], tiles: Mapping[str, Tile] = TILES) -> dict[str, int]:
    """Ability -> multiplicity for a pair (or for the tiles a declined empire kept)."""
    out: dict[str, int] = {}
    for tid in pair:
        ability = tiles[tid].ability
        if ability != "specialization":
            out[ability] = out.get(ability, 0) + 1
    if "specialization" in (tiles[t].ability for t in pair):
        for ability in list(out):
            if ability in DOUBLEABLE:
                out[ability] += 1
    return out


def is_decline_proof(pair: tuple[str, ...], tid: str) -> bool:
    tile = TILES[tid]
    if tile.decline_proof is None:
        other = _other(pair, tid)
        return bool(other and TILES[other].decline_proof)
    return tile.decline_proof


def kept_in_decline(pair: tuple[str, ...]) -> tuple[str, ...]:
    """C-5.1.3: the tiles that stay with an empire when it declines."""
    return tuple(
        t for t in pair
        if is_decline_proof(pair, t) and (
            TILES[t].ability in SCORING_ABILITIES or TILES[t].ability == "specialization"
        )
    )
