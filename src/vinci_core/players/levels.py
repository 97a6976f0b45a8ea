"""The ladder of AI levels, and the one place that maps a level to its player.

A player climbs the ladder one level at a time; each level is measured against the one
below it (``bench/ai.py --ladder``, figures in docs/players.md):

- ``easy``: the rulebook's player with a beginner's habits (:mod:`.easy`), for a first game;
- ``book``: the rulebook's own virtual player (V-1 … V-8, :mod:`.virtual`), the default;
- ``strong``: the searching AI (:class:`.ai.StrongPlayer`) at its default budget;
- ``expert``: the same search with a larger budget, a wider answer of the opponents
  included (:data:`EXPERT`, :mod:`.answers`), still deterministic and counted in
  positions, never in time.

A level is kept in the seat's config (:attr:`Seat.ai_level`), so a saved game resumes with
the same opponents; the default (``book``) is left out of saves and digests (D-14).

>>> from vinci_core import GameConfig, Seat
>>> cfg = GameConfig(seats=[Seat(name=level, virtual=True, ai_level=level)
...                         for level in LEVELS], seed=1)
>>> [type(player_for_seat(cfg, i)).__name__ for i in range(4)]
['EasyPlayer', 'BookPlayer', 'StrongPlayer', 'StrongPlayer']
>>> player_for_seat(cfg, 3) == EXPERT
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from .ai import BookPlayer, StrongPlayer
from .easy import EasyPlayer
from .virtual import VirtualPlayer

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig

Level = Literal["easy", "book", "strong", "expert"]
# The ladder, weakest first.
LEVELS: tuple[Level, ...] = ("easy", "book", "strong", "expert")
DEFAULT_LEVEL: Level = "book"

# The expert: the strong player's search, wider, with a wider answer (five openings on
# three futures, where the strong level judges three on two; players/answers.py). Head to
# head (online duels) it beats the strong level in 60.4 % of 800 games (59.5 % of the 400
# on seeds 2000-2199); at a table of four, two of each, the two are even (50.2 %;
# docs/players.md, "Today's ladder"). Its rollouts got 1,000 positions instead of 1,800 to
# pay for the answers (more rollouts, and its own empire played by its planner in them,
# have shown no gain): its slowest decisions stay under 2 s in the browser (p95 ~1,280
# positions, max ~1,870). The work limits bound every decision, in positions played, the
# same in CPython and in the browser.
EXPERT = StrongPlayer(rollouts=16, choices=4, beam=5, rollout_work=1000, plan_work=600,
                      answer_plans=5, answer_futures=3, answer_work=600)

AI = EasyPlayer | BookPlayer | StrongPlayer


def player_for_level(level: str, book: VirtualPlayer) -> AI:
    """The player of ``level``; ``book`` is the seat's rulebook player (its V-2 and V-4
    options), which the easy and book levels play with. An unknown level is refused."""
    if level == "easy":
        return EasyPlayer(book)
    if level == "book":
        return BookPlayer(book)
    if level == "strong":
        return StrongPlayer()
    if level == "expert":
        return EXPERT
    raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")


def player_for_seat(config: GameConfig, seat: int) -> AI:
    """The AI of ``seat`` at the level stored in its config (``Seat.ai_level``)."""
    return player_for_level(config.seats[seat].ai_level, VirtualPlayer.for_seat(config, seat))


__all__ = ["AI", "DEFAULT_LEVEL", "EXPERT", "LEVELS", "Level", "player_for_level",
           "player_for_seat"]
