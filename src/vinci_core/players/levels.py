"""The ladder of AI levels, and the one place that maps a level to its player.

A player climbs the ladder one level at a time; each level is measured against the one
below it (``bench/ai.py --ladder``, figures in docs/players.md):

- ``easy``: the rulebook's player with a beginner's habits (:mod:`.easy`), for a first game;
- ``book``: the rulebook's own virtual player (V-1 … V-8, :mod:`.virtual`), the default;
- ``strong``: the searching AI (:class:`.ai.StrongPlayer`) at its default budget;
- ``expert``: the same search with a larger budget, a wider answer of the opponents
  included (:data:`EXPERT`, :mod:`.answers`), still deterministic and counted in
  positions, never in time; in a duel it plays for its margin over the opponent
  (:data:`EXPERT_DUEL`).

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

from dataclasses import replace
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
# three futures, where the strong level judges three on two; players/answers.py). At a table
# of four, two of each, the two levels are even (50.2 %; docs/players.md, "Today's ladder"):
# its edge shows head to head, below. Its rollouts got 1,000 positions instead of 1,800 to
# pay for the answers (more rollouts, and its own empire played by its planner in them,
# have shown no gain): its slowest decisions stay under 2 s in the browser (p95 ~1,000 to
# 1,280 positions, max ~1,870). The work limits bound every decision, in positions played,
# the same in CPython and in the browser.
EXPERT = StrongPlayer(rollouts=16, choices=4, beam=5, rollout_work=1000, plan_work=600,
                      answer_plans=5, answer_futures=3, answer_work=600)
# The expert in a duel (two seats, online games): the game is won by the margin over the one
# opponent, so its rollouts and its turn planner weigh the opponent's value fully (1.0: the
# margin itself), where at a larger table half the best opponent's is a measured compromise
# (RIVAL_WEIGHT, PLAN_RIVAL). Head to head against the strong level (docs/players.md,
# "Today's ladder") it wins 63.6 % of 800 duels (95 % CI 60.2-66.8 %), where the expert
# above wins 59.0 % of the same duels (+4.6 ± 1.9 points paired). The strong level keeps
# its one weighting at every table: the ladder needs the expert's edge over it.
EXPERT_DUEL = replace(EXPERT, rival_weight=1.0, plan_rival=1.0)

AI = EasyPlayer | BookPlayer | StrongPlayer


def expert_for(seats: int) -> StrongPlayer:
    """The expert at a table of ``seats``: :data:`EXPERT_DUEL` in a duel."""
    return EXPERT_DUEL if seats == 2 else EXPERT


def player_for_level(level: str, book: VirtualPlayer, seats: int = 4) -> AI:
    """The player of ``level`` at a table of ``seats``; ``book`` is the seat's rulebook
    player (its V-2 and V-4 options), which the easy and book levels play with. An unknown
    level is refused."""
    if level == "easy":
        return EasyPlayer(book)
    if level == "book":
        return BookPlayer(book)
    if level == "strong":
        return StrongPlayer()
    if level == "expert":
        return expert_for(seats)
    raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")


def player_for_seat(config: GameConfig, seat: int) -> AI:
    """The AI of ``seat`` at the level stored in its config (``Seat.ai_level``)."""
    return player_for_level(config.seats[seat].ai_level, VirtualPlayer.for_seat(config, seat),
                            len(config.seats))


__all__ = ["AI", "DEFAULT_LEVEL", "EXPERT", "EXPERT_DUEL", "LEVELS", "Level", "expert_for",
           "player_for_level", "player_for_seat"]
