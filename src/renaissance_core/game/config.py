"""A game's configuration: who plays, the seed, the variant (validated at the edge)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .constants import MAX_PLAYERS, MIN_PLAYERS


class Seat(BaseModel):
    """One player at the table."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1, max_length=40)


class GameConfig(BaseModel):
    """Everything that defines a game before its first action.

    >>> cfg = GameConfig.of(4, seed=9)
    >>> cfg.players, cfg.short, [s.name for s in cfg.seats][:2]
    (4, False, ['Player 1', 'Player 2'])
    >>> GameConfig(seats=[Seat(name="A"), Seat(name="B")])
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for GameConfig
    ...
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    seats: tuple[Seat, ...] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    seed: int = Field(default=0, ge=0, lt=2**63)
    # the short variant plays periods 1 and 2 only and ends when the cards run out.
    short: bool = False

    @property
    def players(self) -> int:
        return len(self.seats)

    @classmethod
    def of(cls, players: int, seed: int = 0, short: bool = False) -> GameConfig:
        """A config with numbered seats."""
        return cls(seats=tuple(Seat(name=f"Player {i + 1}") for i in range(players)),
                   seed=seed, short=short)
