"""The constants of a game's settings and the rule parameters they imply (:class:`Rules`).

The settings themselves (:class:`~vinci_core.turn.schemas.GameConfig`,
:class:`~vinci_core.turn.schemas.Seat`) are pydantic models in :mod:`vinci_core.turn.schemas`:
every config is validated where it comes in, and the engine's modules import this one without
loading pydantic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# C-6.1: target by number of seats; solo and two-player games (V-1) play to 150.
TARGET_VP = {3: 150, 4: 120, 5: 100, 6: 100}
VIRTUAL_MODE_TARGET = 150
VIRTUAL_MODE_EXTRA = {"virtual": 8, "human": 6}  # V-2
# C-6.1 "a game may set its own target": up to twice the rulebook's largest, so that the
# longest game still makes a save that loads quickly (bench/saves.py). Games of the first
# rules accepted up to FIRST_MAX_TARGET_VP and keep it.
MAX_TARGET_VP = 300
FIRST_MAX_TARGET_VP = 10_000

Mode = Literal["standard", "solo", "two_player"]

# The rules a game is played by, numbered. A game keeps the number it began with, so a save
# made before a rules change replays (and goes on) exactly as it was played.
#   1: the first release.
#   2: issue 10's fidelity fixes: the end is triggered at any scoring (D-6); the last province
#      can be emptied at collection (D-2); Rebirth declines only at the end of a turn (D-3);
#      Field General's temporary tokens never force an entry (D-5); with decline_contact =
#      "forbid" one's own declined provinces cannot be taken (C-3.3.8); the C-7.1 and C-7.2
#      options exist.
#   3: issue 29: a part is kept by the province that names it, the one legal_actions lists
#      (C-3.4.2; Keep of any other province of the part is refused, one spelling per move);
#      the displaced tokens of a declined empire that a decline removes leave the game with
#      it instead of joining the new declined empire (Y-3.6.2, Y-5.1).
RULES_VERSION = 3
FIRST_RULES = 1  # what a config written before the field existed was played by

@dataclass(frozen=True, slots=True)
class Seating:
    """Who may sit at a game of one ruleset. Its Ruleset (vinci_core.rulesets) holds it; the
    new-game dialog reads it from here, as a first visit shows the dialog before it has
    loaded the rules (issue 11)."""

    min_seats: int
    max_seats: int
    # The AI levels that can play a seat (vinci_core.players.levels); both rulesets seat
    # every level (the strong AI reads every tile, cost and score from the game's ruleset,
    # issue 31; easy plays the book's moves with a beginner's mistakes).
    ai_levels: tuple[str, ...] = ("easy", "book", "strong", "expert")


SEATING = {"classic": Seating(3, 6), "online": Seating(2, 5)}

# C-7: the Dutch edition's differences, as one preset of options (the new-game dialog's
# "Dutch edition").
EDITIONS: dict[str, dict[str, object]] = {
    "standard": {"decline_contact": "clear", "automatic_decline": False,
                 "cut_off_tokens": "rejoin"},
    "dutch": {"decline_contact": "forbid", "automatic_decline": True,
              "cut_off_tokens": "removed"},
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Plain, fast copy of the config's rule parameters for the engine's hot loop
    (``GameConfig.rule_parameters``)."""

    seats: int
    target: int  # C-6.1; 0 in online games (Y-6.1: rounds, see ``rounds``)
    extra: tuple[int, ...]
    virtual: tuple[bool, ...]
    clear_contact: bool
    auto_redistribution: bool
    # Where rules 1 and 2 differ (RULES_VERSION): True is how rules 2 play.
    end_at_any_scoring: bool  # D-6
    abandon_last_province: bool  # D-2
    rebirth_only_at_end: bool  # D-3
    temporaries_never_force_entry: bool  # D-5
    forbid_own_declined: bool  # C-3.3.8 with decline_contact = "forbid"
    # C-7 options of rules 2
    automatic_decline: bool  # C-7.1
    remove_cut_off: bool  # C-7.2
    rounds: int = 0  # Y-6.1: the last round of an online game (0: a target ends the game)
    # Where rules 2 and 3 differ: True is how rules 3 play.
    keep_named_part: bool = False  # C-3.4.2: Keep names a part by its first province only
    displaced_leave_with_empire: bool = False  # Y-3.6.2, Y-5.1.1


# Limits of data from outside, checked by the schemas and the save reader alike.
MAX_JSON = 2_000_000  # bytes of a save after decompression
# A game's identity as saves write it (save.new_game_id, save.legacy_game_id).
GAME_ID_PATTERN = r"^[A-Za-z0-9_-]{6,32}$"

__all__ = ["EDITIONS", "FIRST_MAX_TARGET_VP", "FIRST_RULES", "MAX_TARGET_VP", "RULES_VERSION",
           "GAME_ID_PATTERN", "MAX_JSON", "Mode", "Rules"]
