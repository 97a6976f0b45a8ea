"""A map file's pydantic models (C-8): where a board from outside is validated, before
vinci_core.boards.maps compiles it for the engine. Imported at the edges only (it loads pydantic):
when a board is first loaded or registered."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Terrain = Literal["farmland", "pasture", "hills", "forest", "mountain", "desert", "river"]
SeaKind = Literal["ocean", "sea", "inland"]
Point = tuple[float, float]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class ProvinceData(_Strict):
    """One land province (C-8). Geometry fields are optional: hand-made test maps omit them."""

    name: str
    terrain: Terrain
    mine: bool = False
    port: bool = False
    seas: list[str] = Field(default_factory=list)
    edge: bool = False
    neighbours: list[str] = Field(default_factory=list)
    straits: list[str] = Field(default_factory=list)
    path: str | None = None  # SVG path data in board coordinates
    label: Point | None = None
    token: Point | None = None


class SeaData(_Strict):
    name: str
    kind: SeaKind = "sea"
    edge: bool = False
    neighbours: list[str] = Field(default_factory=list)
    path: str | None = None
    label: Point | None = None


class StraitLine(_Strict):
    """Drawing of a strait: the two provinces it joins and a line between their shores."""

    provinces: tuple[str, str]
    line: tuple[Point, Point]


class Decoration(_Strict):
    """Land drawn on the board that is not in play (far coasts, small islands)."""

    name: str = ""
    path: str


class MapData(_Strict):
    id: str
    name: str
    version: int = 1
    width: float = 1000.0
    height: float = 1000.0
    provinces: dict[str, ProvinceData]
    seas: dict[str, SeaData] = Field(default_factory=dict)
    strait_lines: list[StraitLine] = Field(default_factory=list)
    decoration: list[Decoration] = Field(default_factory=list)
    # Y-7.6: extra tokens of a new civilization in online games, by number of seats ("2" …
    # "5"). Not a classic rule fact, so not in the fingerprint: classic saves keep theirs.
    online_extra_tokens: dict[str, int] | None = None

    @model_validator(mode="after")
    def _check_references(self) -> MapData:
        provinces, seas = self.provinces, self.seas
        for pid, p in provinces.items():
            for other in (*p.neighbours, *p.straits):
                if other not in provinces or other == pid:
                    raise ValueError(f"province {pid}: unknown neighbour {other!r}")
                q = provinces[other]
                if pid not in q.neighbours and pid not in q.straits:
                    raise ValueError(f"adjacency not symmetric: {pid} - {other}")
            for s in p.seas:
                if s not in seas:
                    raise ValueError(f"province {pid}: unknown sea {s!r}")
        for sid, sea in seas.items():
            for other in sea.neighbours:
                if other not in seas or other == sid:
                    raise ValueError(f"sea {sid}: unknown neighbour {other!r}")
                if sid not in seas[other].neighbours:
                    raise ValueError(f"sea adjacency not symmetric: {sid} - {other}")
        return self
