"""How the board's neighbours were derived from the draft's seed points (Q-32).

The draft board (``renaissance-draft.json`` in the project's design folder) gives every land
area, sea zone and impassable place one or more seed points (lon, lat) but no borders. Until
the map pipeline grows real shapes from those seeds, two areas are neighbours when two of
their seeds are joined in the *Gabriel graph* of all seeds: no other seed lies inside the
circle whose diameter is the segment between them. Impassable seeds and sea seeds take part
only as blockers (a desert or a sea between two provinces keeps them apart). The result is
written into ``data/board.json`` once (``python -m renaissance_core.boards.derive DRAFT``),
so the engine never computes it at run time.

>>> pts = [("a", 0.0, 0.0), ("b", 1.0, 0.0), ("c", 0.5, 0.1)]
>>> sorted(gabriel_pairs(pts, max_length=5.0))
[('a', 'c'), ('b', 'c')]
"""

from __future__ import annotations

import json
import math
import sys
from itertools import combinations
from typing import Any

Point = tuple[str, float, float]
SHRINK = 1.0
# Corrections by hand after reading the strict graph against a map of the period: land links
# the seeds are too sparse to find, and links the graph draws across water or mountains.
ADD_LAND = (
    ("abo", "novgorod"), ("aswan", "suez"), ("athens", "constantinople"),
    ("caffa", "kiev"), ("caffa", "tana"), ("constantinople", "moldavia"),
    ("dalmatia", "buda"), ("dalmatia", "istria"), ("danzig", "riga"), ("kazan", "moscow"),
    ("kiev", "lviv"), ("kiev", "smolensk"), ("lubeck", "stettin"), ("malmo", "stockholm"),
    ("paris", "tournai"), ("riga", "smolensk"), ("sijilmasa", "fez"),
    ("sijilmasa", "marrakesh"), ("sijilmasa", "tlemcen"), ("tlemcen", "bougie"),
    ("tunis", "bougie"), ("tunis", "tripoli"),
)
REMOVE_LAND = (
    ("abo", "riga"), ("barcelona", "bordeaux"), ("barcelona", "mallorca"),
    ("cornwall", "wales"), ("edinburgh", "ulster"), ("highlands", "ulster"),
    ("cyprus", "smyrna"), ("candia", "smyrna"), ("cyprus", "damascus"), ("cyprus", "aleppo"),
)
ADD_SEA = (
    ("bristol", "celtic_sea"), ("chester", "irish_sea"), ("constantinople", "black_sea"),
    ("hamburg", "north_sea"), ("lisbon", "canary_sea"), ("venice", "adriatic"),
)


def project(lon: float, lat: float) -> tuple[float, float]:
    """Sinusoidal projection in degrees: east-west distances shrink towards the pole."""
    return lon * math.cos(math.radians(lat)), lat


def gabriel_pairs(points: list[Point], max_length: float,
                  shrink: float = 1.0) -> set[tuple[str, str]]:
    """Pairs of owners (sorted) whose seeds are Gabriel neighbours no longer than max_length.

    ``shrink`` < 1 narrows the empty circle asked for (a relaxed graph with more edges).
    """
    pairs: set[tuple[str, str]] = set()
    for (i, p), (j, q) in combinations(enumerate(points), 2):
        if p[0] == q[0]:
            continue
        length2 = (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2
        if length2 > max_length ** 2:
            continue
        half2 = length2 / 4 * shrink ** 2
        mx, my = (p[1] + q[1]) / 2, (p[2] + q[2]) / 2
        if all((r[1] - mx) ** 2 + (r[2] - my) ** 2 >= half2
               for k, r in enumerate(points) if k not in (i, j)):
            a, b = sorted((p[0], q[0]))
            pairs.add((a, b))
    return pairs


def derive(draft: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Each land area's land neighbours and adjacent sea zones (boxes have neither)."""
    points: list[Point] = []
    kinds: dict[str, str] = {}
    for area in draft["areas"]:
        if area["kind"] == "box":
            continue
        kinds[area["id"]] = "land"
        points += [(area["id"], *project(*seed)) for seed in area["seeds_lonlat"]]
    for sea in draft["sea_zones"]:
        kinds[sea["id"]] = "sea"
        points += [(sea["id"], *project(*seed)) for seed in sea["seeds_lonlat"]]
    for name, seeds in draft["impassable_seeds_lonlat"].items():
        kinds["#" + name] = "blocked"
        points += [("#" + name, *project(*seed)) for seed in seeds]
    result: dict[str, dict[str, list[str]]] = {
        a["id"]: {"neighbours": [], "seas": []} for a in draft["areas"]}
    for a, b in sorted(gabriel_pairs(points, max_length=9.0, shrink=SHRINK)):
        ka, kb = kinds[a], kinds[b]
        if ka == kb == "land":
            result[a]["neighbours"].append(b)
            result[b]["neighbours"].append(a)
        elif {ka, kb} == {"land", "sea"}:
            land, sea = (a, b) if ka == "land" else (b, a)
            result[land]["seas"].append(sea)
    _correct(result, {a["id"] for a in draft["areas"] if not a["coastal"]})
    return result


def _correct(result: dict[str, dict[str, list[str]]], inland: set[str]) -> None:
    for a, b in ADD_LAND:
        result[a]["neighbours"].append(b)
        result[b]["neighbours"].append(a)
    for a, b in REMOVE_LAND:
        result[a]["neighbours"] = [n for n in result[a]["neighbours"] if n != b]
        result[b]["neighbours"] = [n for n in result[b]["neighbours"] if n != a]
    for land, sea in ADD_SEA:
        result[land]["seas"].append(sea)
    for area, links in result.items():
        links["neighbours"] = sorted(set(links["neighbours"]))
        links["seas"] = [] if area in inland else sorted(set(links["seas"]))


def main(argv: list[str]) -> None:  # pragma: no cover - a one-off tool
    with open(argv[1], encoding="utf-8") as handle:
        json.dump(derive(json.load(handle)), sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv)
