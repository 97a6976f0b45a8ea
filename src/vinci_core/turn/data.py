"""The game's data, as the phases of the turn read and write it.

:class:`Player` and :class:`Turn` are records of :class:`~vinci_core.turn.state.GameState`;
:class:`State` names the fields of a position that the phase modules (``turn/phases/``) use.
The phases take the state as an argument typed by this protocol, so they never import
``state.py``: ``state.py`` imports them to dispatch an action to its phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..boards.maps import Board
from ..game.config import Rules
from ..game.position import Position
from ..rulesets import Ruleset

if TYPE_CHECKING:
    from .schemas import GameConfig


@dataclass(slots=True)
class Player:
    """One seat's empires and score. ``civ`` is the active pair, ``declined_civ`` the last
    declined pair and ``declined_kept`` the tiles that pair kept (C-5.1.3)."""

    score: int
    civ: tuple[str, str] | None = None
    abilities: dict[str, int] = field(default_factory=dict)
    declined_civ: tuple[str, str] | None = None
    declined_kept: tuple[str, ...] = ()
    declined_abilities: dict[str, int] = field(default_factory=dict)
    hand: int = 0  # tokens of the active civilization in hand
    temp: int = 0  # Field General tokens among them, gone at reorganization (C-3.4.4)
    returned: int = 0  # defender tokens waiting for redistribution (C-3.5)
    returned_old: int = 0  # the same for the declined empire (Y-3.6.2, Philosophy only)
    # Ledger of the active civilization, checked by the conformance tests.
    received: int = 0  # tokens at choice + Medicine
    lost: int = 0  # tokens removed by attackers

    def copy(self) -> Player:
        # Field by field: several times faster than dataclasses.replace in the hot loop.
        # Ability dicts are never mutated, only replaced, so they are shared.
        p = Player.__new__(Player)
        p.score, p.civ, p.abilities = self.score, self.civ, self.abilities
        p.declined_civ, p.declined_kept = self.declined_civ, self.declined_kept
        p.declined_abilities, p.hand, p.temp = self.declined_abilities, self.hand, self.temp
        p.returned, p.received, p.lost = self.returned, self.received, self.lost
        p.returned_old = self.returned_old
        return p


@dataclass(slots=True)
class Turn:
    """Bookkeeping of the turn in progress."""

    acted: bool = False  # anything done this turn: a start-of-turn decline is no longer legal
    conquered: bool = False
    spies: int = 0  # Espionage conquests left (C-3.3.10)
    envoys: int = 0  # Diplomacy partners left to name (C-3.3.9)
    forts: int = 0  # forts left to build (C-3.4.5)
    reorg_before: tuple[tuple[int, int], ...] = ()  # tokens per province when reorg began
    second: bool = False  # Y-9.28 Armies: a second collection and conquest is still to come
    collected: tuple[tuple[int, int], ...] = ()  # Y-9.26: tokens collected, by province
    converted: tuple[int, ...] = ()  # Y-9.24: opponents Religion took a province from

    def copy(self) -> Turn:
        t = Turn.__new__(Turn)
        t.acted, t.conquered, t.spies = self.acted, self.conquered, self.spies
        t.envoys, t.forts, t.reorg_before = self.envoys, self.forts, self.reorg_before
        t.second, t.collected, t.converted = self.second, self.collected, self.converted
        return t


class State(Position, Protocol):
    """A position as the phases use it: what :class:`~vinci_core.turn.state.GameState` holds.

    The per-province lists (``owner``, ``declined``, ``tokens``, ``fort``) are indexed by
    province number, in the board's order."""

    config: GameConfig
    rules: Rules
    ruleset: Ruleset
    board: Board
    rng: int
    draws: int
    bag: list[str]
    display: list[tuple[str, str, int]]
    players: list[Player]
    owner: list[int]
    declined: list[bool]
    tokens: list[int]
    fort: list[bool]
    phase: str
    turn_seat: int
    round: int
    start: int
    turn: Turn
    peace: tuple[tuple[int, int], ...]
    queue: tuple[int, ...]
    ending: bool  # C-6.2: the target was reached, this round is the last
    ended_by: tuple[int, int] | None  # (round, seat) of the score that reached it first
    slaves: int
    culled: int  # other players' tokens this turn's conquests removed (Y-9.23 Culture)
    scorings: int  # how many scorings so far
    last_score: tuple[int, tuple[tuple[str, int, str], ...]] | None
    score_log: tuple[Any, tuple[int, int, int]] | None  # (earlier, last scoring)

    def empire(self, seat: int) -> list[int]: ...

    def declined_empire(self, seat: int) -> list[int]: ...
