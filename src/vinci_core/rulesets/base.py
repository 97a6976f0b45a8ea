"""What a ruleset is: its data and the few hooks where the turn differs (see ``__init__``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..boards.maps import Board
from ..game.config import Seating
from ..game.costs import CostTerm
from ..game.position import Position
from ..game.tiles import Tile

ScoreTerm = tuple[str, int, str]  # (label, points, rule id)


@dataclass(frozen=True)
class Ruleset:
    """One way to play Vinci: data, plus hooks :mod:`vinci_core.turn.state` calls.

    Subclasses override the hooks; the data fields are plain values read in the hot loop.
    """

    name: str
    tiles: Mapping[str, Tile]
    seating: Seating  # how many seats, which AI levels
    start_vp: int  # C-1.2 / Y-1.2
    slot_price: int  # VP per display slot skipped (C-2.2 / Y-2.2)
    coin_value: int  # VP per coin on the chosen slot (C-2.3 / Y-2.3)
    min_cost: int  # lowest conquest cost (C-4: 0, Y-4: 1)
    rule: str  # the id prefix of its setup rules, for messages ("C-1", "Y-1")
    # Y-5.1.3: a declined empire's tiles go back to the bag once it has no province left
    # (classic: at the player's next decline).
    tiles_leave_with_empire: bool = False

    # --- data by board and seats ----------------------------------------------------------
    def extra_tokens(self, board: Board, seats: int) -> int | None:
        """Extra tokens of a new civilization (C-2.5 / Y-7.6); None: no such game."""
        raise NotImplementedError

    def round_limit(self, seats: int) -> int | None:
        """Rounds the game lasts (Y-6.1), None when a target score ends it (C-6)."""
        return None

    def bag(self, tile_counts: str, seats: int) -> list[str]:
        raise NotImplementedError

    def board_problem(self, board: Board) -> str | None:
        """Why this ruleset cannot be played on ``board`` (None: it can)."""
        return None

    def natives(self, board: Board) -> tuple[bool, ...]:
        """Which provinces start with a native token (C-1.3 / Y-1.3)."""
        raise NotImplementedError

    def base_costs(self, board: Board) -> tuple[int, ...]:
        raise NotImplementedError

    # --- hooks of the turn ------------------------------------------------------------------
    def reach(self, pos: Position, seat: int) -> dict[int, int]:
        raise NotImplementedError

    def cost(self, pos: Position, seat: int, target: int, origin: int) -> int:
        """The tokens a conquest of ``target`` takes (the hot loop's total of
        :meth:`cost_terms`; tests hold them equal)."""
        raise NotImplementedError

    def cost_terms(self, pos: Position, seat: int, target: int, origin: int) -> list[CostTerm]:
        """The same cost term by term, each with its rule id; the terms sum to :meth:`cost`.
        Every view explains a cost through this (``game.costs.conquest_cost``)."""
        raise NotImplementedError

    def score_terms(self, pos: Position, seat: int) -> list[ScoreTerm]:
        raise NotImplementedError

    def province_points(self, board: Board, p: int, ab: dict[str, int]) -> int:
        raise NotImplementedError

    def place_displaced(self, pos: Position, seat: int, provinces: list[int], count: int,
                        roll: Callable[[int], int]) -> dict[int, int]:
        """Where ``count`` displaced defender tokens go when no player places them."""
        raise NotImplementedError

    def fort_on_conquest(self, board: Board, ab: dict[str, int], p: int) -> bool:
        """Does the conqueror (abilities ``ab``) get a fort in ``p`` at once?"""
        return False

    def declined_tiles(self, pair: tuple[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """At decline: (tiles kept out of the bag, tiles that act for the declined empire)."""
        raise NotImplementedError

    def fort_drawn(self, pos: Position, p: int) -> bool:
        """Is there a fort to draw in ``p``, one that counts in its conquest cost? Classic:
        Fortification's forts (C-3.4.5); Militia's +1 is no fort (C-4)."""
        return pos.fort[p]

    def contact_clears(self, board: Board, conquered: int, declined: int) -> bool:
        """Does conquering ``conquered`` clear the adjacent own declined ``declined``?"""
        return True

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "seats": [self.seating.min_seats, self.seating.max_seats],
                "start_vp": self.start_vp, "slot_price": self.slot_price,
                "coin_value": self.coin_value, "min_cost": self.min_cost}
