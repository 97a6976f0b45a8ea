"""The classic ruleset (RULES.md C-1 … C-9): the 1999 game, with its two rules versions
(``config.Rules``) and its C-7 options. Its tile powers are the C-4 terms of
:mod:`vinci_core.game.costs`, the C-3.6 bonuses of :mod:`vinci_core.game.scoring` and the turn
flow of :mod:`vinci_core.turn.state` (Medicine, Field General, Fortification, Espionage, Diplomacy,
Heritage, Messengers, Rebirth, Astronomy, Revolutionaries)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..boards.maps import Board
from ..game import costs, scoring
from ..game.config import SEATING
from ..game.defence import homogeneous_placement
from ..game.position import Position
from ..game.tiles import TILES, bag_contents, kept_in_decline
from .base import Ruleset

EXTRA_TOKENS = {3: 8, 4: 6, 5: 4, 6: 3}  # C-2.5
NEW_TERRAINS = ("desert", "river")  # no classic rules for them (Y-0.3)


@dataclass(frozen=True)
class Classic(Ruleset):
    def extra_tokens(self, board: Board, seats: int) -> int | None:
        return EXTRA_TOKENS.get(seats)

    def bag(self, tile_counts: str, seats: int) -> list[str]:
        return bag_contents(tile_counts)  # type: ignore[arg-type]

    def board_problem(self, board: Board) -> str | None:
        odd = sorted({t for t in board.terrain if t in NEW_TERRAINS})
        if odd:
            return (f"the board {board.id!r} has {' and '.join(odd)} provinces, which only "
                    "the online ruleset knows (Y-0.3)")
        return None

    def natives(self, board: Board) -> tuple[bool, ...]:
        return tuple(not m for m in board.mountain)  # C-1.3

    def base_costs(self, board: Board) -> tuple[int, ...]:
        return board.base_cost

    # The C-4 and C-3.6 functions themselves, not wrappers: the hot loop calls them through
    # the ruleset at no extra cost.
    reach = staticmethod(costs.reach)  # type: ignore[assignment]
    cost = staticmethod(costs.raw_cost)  # type: ignore[assignment]
    cost_terms = staticmethod(costs.classic_terms)  # type: ignore[assignment]
    score_terms = staticmethod(scoring.score_terms)  # type: ignore[assignment]
    province_points = staticmethod(scoring.province_points)

    def place_displaced(self, pos: Position, seat: int, provinces: list[int], count: int,
                        roll: Callable[[int], int]) -> dict[int, int]:
        return homogeneous_placement(pos, seat, provinces, count, roll)  # C-3.5.2, V-5

    def declined_tiles(self, pair: tuple[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        kept = kept_in_decline(pair)  # C-5.1.3
        return kept, kept


CLASSIC = Classic(name="classic", tiles=TILES, seating=SEATING["classic"], start_vp=10,
                  slot_price=2, coin_value=2, min_cost=0, rule="C-1")
