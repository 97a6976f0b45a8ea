"""Actions as JSON, validated (the edge of :mod:`vinci_core.game.actions`).

``parse_action`` imports this module only when an action comes from outside (a save, a link,
the page): pydantic stays off the engine's path and off a first render.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

_Province = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_]+$")]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class _Choose(_In):
    kind: Literal["choose"]
    slot: int = Field(ge=1, le=6)


class _Decline(_In):
    kind: Literal["decline"]


class _Diplomacy(_In):
    kind: Literal["diplomacy"]
    seat: int = Field(ge=0, le=5)


class _Abandon(_In):
    kind: Literal["abandon"]
    province: _Province


class _Conquer(_In):
    kind: Literal["conquer"]
    province: _Province
    espionage: bool = False
    religion: bool = False


class _Finish(_In):
    kind: Literal["finish"]


class _Keep(_In):
    kind: Literal["keep"]
    province: _Province


class _Place(_In):
    kind: Literal["place"]
    province: _Province


class _PlaceAll(_In):
    kind: Literal["place_all"]
    placement: dict[_Province, Annotated[int, Field(ge=0, le=999)]] = Field(max_length=64)


class _Fort(_In):
    kind: Literal["fort"]
    province: _Province


class _EndTurn(_In):
    kind: Literal["end_turn"]


_ANY = Annotated[
    _Choose | _Decline | _Diplomacy | _Abandon | _Conquer | _Finish | _Keep | _Place
    | _PlaceAll | _Fort | _EndTurn,
    Field(discriminator="kind"),
]


@cache
def action_adapter() -> TypeAdapter[Any]:
    return TypeAdapter(_ANY)  # built at first use (deferred like the models: a faster start)
