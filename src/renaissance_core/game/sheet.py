"""The advance sheet (``data/sheet.json``): costs, prerequisites, credits, misery track.

>>> sheet = load_sheet()
>>> len(sheet.advances), sheet.advances["S"].group, sheet.misery_levels[-1]
(26, 'exploration', 1000)
>>> sheet.row("science")
('A', 'B', 'C', 'D')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True, slots=True)
class Advance:
    letter: str
    name: str
    group: str
    cost: int
    prerequisites: tuple[str, ...]
    credits: dict[str, int]  # ducats off each named advance


@dataclass(frozen=True)
class Sheet:
    version: int
    advances: dict[str, Advance]
    groups: dict[str, tuple[str, ...]]
    misery_levels: tuple[int, ...]
    relief_rows: tuple[str, ...]
    order_fields: dict[int, tuple[int, ...]]

    def row(self, group: str) -> tuple[str, ...]:
        return self.groups[group]

    @property
    def top_level(self) -> int:
        """The index of the misery level that eliminates (1000, R-11.2)."""
        return len(self.misery_levels) - 1


@cache
def load_sheet() -> Sheet:
    text = resources.files("renaissance_core").joinpath("data/sheet.json").read_text("utf-8")
    raw = json.loads(text)
    advances = {a["letter"]: Advance(
        letter=a["letter"], name=a["name"], group=a["group"], cost=int(a["cost"]),
        prerequisites=tuple(a["prerequisites"]), credits=dict(a["credits"]))
        for a in raw["advances"]}
    return Sheet(
        version=int(raw["version"]), advances=advances,
        groups={g: tuple(v) for g, v in raw["groups"].items()},
        misery_levels=tuple(raw["misery_levels"]), relief_rows=tuple(raw["relief_rows"]),
        order_fields={int(k): tuple(v) for k, v in raw["order_fields"].items()},
    )
