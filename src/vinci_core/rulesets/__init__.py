"""Rulesets: each is one object (:class:`Ruleset`) chosen by ``GameConfig.ruleset``.

>>> ruleset("online").slot_price, ruleset("classic").slot_price
(1, 2)

The phases of the turn (``vinci_core.turn``) call a ruleset's hooks; a ruleset works on the
position's data (:class:`vinci_core.game.position.Position`) and never imports ``turn``.
"""

from __future__ import annotations

from .base import Ruleset
from .classic import CLASSIC
from .online import ONLINE

RULESETS: dict[str, Ruleset] = {"classic": CLASSIC, "online": ONLINE}


def ruleset(name: str) -> Ruleset:
    return RULESETS[name]


__all__ = ["CLASSIC", "ONLINE", "RULESETS", "Ruleset", "ruleset"]
