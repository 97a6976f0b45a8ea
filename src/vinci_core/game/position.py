"""What the rules modules read of a game: the position's data, not the game object.

``costs``, ``scoring``, ``defence`` and the rulesets (``vinci_core.rulesets``) take any object
with these fields. :class:`vinci_core.turn.state.GameState` is one; the turn's modules import
the rules modules and never the other way round, so the dependency arrows point one way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..boards.maps import Board

NEUTRAL = -2  # owner of a province holding a native token
NOBODY = -1  # owner of an empty province


class Empire(Protocol):
    """One seat's tiles, as the rules read them."""

    @property
    def civ(self) -> tuple[str, str] | None: ...

    @property
    def abilities(self) -> dict[str, int]: ...

    @property
    def declined_abilities(self) -> dict[str, int]: ...

    @property
    def hand(self) -> int: ...


class Position(Protocol):
    """The board, the seats and this turn's tally, as plain lists indexed by province."""

    @property
    def board(self) -> Board: ...

    @property
    def players(self) -> Sequence[Empire]: ...

    @property
    def owner(self) -> list[int]: ...

    @property
    def declined(self) -> list[bool]: ...

    @property
    def tokens(self) -> list[int]: ...

    @property
    def fort(self) -> list[bool]: ...

    @property
    def slaves(self) -> int: ...

    @property
    def turn_seat(self) -> int: ...

