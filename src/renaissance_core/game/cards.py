"""The 64 history cards (``data/cards.json``): commodity, event and personality cards.

>>> cards = load_cards()
>>> len(cards), cards["wine_or_cloth_1"].commodities, cards["gutenberg"].discounts
(64, ('wine', 'cloth'), {'O': 30})
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

COMMODITY, EVENT, PERSONALITY = "commodity", "event", "personality"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str
    name: str
    period: int
    reuse: str  # circle: to the reuse pile after play; square: removed
    commodities: tuple[str, ...] = ()
    discounts: dict[str, int] = field(default_factory=dict)
    set_aside: bool = False
    military: bool = False

    @property
    def reused(self) -> bool:
        return self.reuse == "circle"


@cache
def load_cards() -> dict[str, Card]:
    text = resources.files("renaissance_core").joinpath("data/cards.json").read_text("utf-8")
    return {c["id"]: Card(
        id=c["id"], kind=c["kind"], name=c["name"], period=int(c["period"]), reuse=c["reuse"],
        commodities=tuple(c.get("commodities", ())), discounts=dict(c.get("discounts", {})),
        set_aside=bool(c.get("set_aside")), military=bool(c.get("military")))
        for c in json.loads(text)["cards"]}

