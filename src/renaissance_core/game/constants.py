"""Constants of the rules that are not board, sheet or card data (R-1, §2.1).

>>> COMMODITIES["wine"].base, COMMODITIES["wine"].dice
(5, 7)
>>> commodity_of_dice(12)
('gold', 'ivory')
"""

from __future__ import annotations

from typing import NamedTuple

MIN_PLAYERS, MAX_PLAYERS = 3, 6
TOKENS_PER_PLAYER = 36
MARKERS_PER_PLAYER = 25
START_CASH = 40
CARDS_DEALT, CARDS_KEPT = 3, 2
FLEET_STEP_PRICE = 10
CARD_PRICE_V = 10
INCOME_BASE, INCOME_Z = 15, 10
TOKEN_CARD_PRICES = (3, 6, 9, 12, 15, 18)  # by order of buying
SCALE_LIMIT = 2  # the shortage/surplus scale runs from -2 (surplus) to +2 (shortage)
PERSONALITY_DISPLAY = 3  # the first three personalities of a round lie in the display


class Commodity(NamedTuple):
    name: str
    base: int
    dice: int  # white + black that names it


COMMODITIES: dict[str, Commodity] = {c.name: c for c in (
    Commodity("stone", 1, 2), Commodity("wool", 2, 3), Commodity("timber", 3, 4),
    Commodity("grain", 4, 5), Commodity("cloth", 5, 6), Commodity("wine", 5, 7),
    Commodity("metal", 6, 8), Commodity("fur", 7, 9), Commodity("silk", 8, 10),
    Commodity("spice", 9, 11), Commodity("gold", 10, 12), Commodity("ivory", 10, 12),
)}
# The fleet track: kind and the sizes a marker steps through.
GALLEY, THREE_MASTER, HIGH_SEAS = "galley", "three_master", "high_seas"
FLEET_STEPS: dict[str, tuple[int, ...]] = {
    GALLEY: (2, 4, 6, 8), THREE_MASTER: (10, 12, 14, 16), HIGH_SEAS: (1, 2, 3, 4)}


def commodity_of_dice(total: int) -> tuple[str, ...]:
    """R-9.4: the commodities a white + black total names (12 names gold and ivory)."""
    return tuple(c.name for c in COMMODITIES.values() if c.dice == total)
