"""Game configuration (validated with pydantic at the edge) and the rule parameters it implies."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from .maps import load_map
from .rules import RULESETS, Ruleset
from .rules.classic import EXTRA_TOKENS
from .tiles import TileCounts

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
RULES_VERSION = 2
FIRST_RULES = 1  # what a config written before the field existed was played by

# C-7: the Dutch edition's differences, as one preset of options (the new-game dialog's
# "Dutch edition").
EDITIONS: dict[str, dict[str, object]] = {
    "standard": {"decline_contact": "clear", "automatic_decline": False,
                 "cut_off_tokens": "rejoin"},
    "dutch": {"decline_contact": "forbid", "automatic_decline": True,
              "cut_off_tokens": "removed"},
}


class Seat(BaseModel):
    """One seat at the table. ``virtual`` seats are played by the rulebook's virtual player."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: str = Field(min_length=1, max_length=40)
    virtual: bool = False
    colour: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")
    start_vp: int | None = Field(default=None, ge=0, le=1000)  # V-2 harder level: 15
    extra_tokens: int | None = Field(default=None, ge=0, le=50)  # V-2 harder level: 9+
    # V-4 options of a virtual seat, kept in the config so a resumed game plays on the same way.
    virtual_preference: Literal["value", "formula"] = "value"
    virtual_tiebreak_prefers_humans: bool = False
    # Which AI plays a virtual seat (vinci_core.ai): "book" is the rulebook's virtual player
    # (V-1 … V-8), "strong" the searching one. The default is left out of digests (D-14), so
    # every older save keeps its digest.
    ai_level: Literal["book", "strong"] = "book"


class GameConfig(BaseModel):
    """Everything that defines a game before its first action; saved with every game.

    >>> cfg = GameConfig(seats=[Seat(name="Ann"), Seat(name="Bo"), Seat(name="Cy")], seed=7)
    >>> cfg.map, cfg.ruleset, cfg.target()
    ('europe', 'classic', 150)
    """

    # defer_build (here and in every model of the package): a schema is built at its first
    # validation, not at import, so the page starts faster.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    seats: list[Seat] = Field(min_length=2, max_length=6)  # by ruleset: _check_ruleset
    seed: int = Field(default=0, ge=0, lt=2**63)
    map: str = Field(default="europe", pattern=r"^[a-z0-9_]{1,40}$")
    # The board's version (a map file's ``version``), the newest when not given. Saves write
    # it, so a game finishes on the board it began on.
    map_version: int | None = Field(default=None, ge=1, le=1000)
    # The ruleset (vinci_core.rules). The default is left out of saves and digests (D-14).
    ruleset: Literal["classic", "online"] = "classic"
    rules_version: int = Field(default=RULES_VERSION, ge=FIRST_RULES, le=RULES_VERSION)
    mode: Mode = "standard"
    # C-7 options
    decline_contact: Literal["clear", "forbid"] = "clear"
    defender_redistribution: Literal["choose", "auto"] = "choose"
    target_vp: int | None = Field(default=None, ge=1, le=FIRST_MAX_TARGET_VP)
    tile_counts: TileCounts = "designer"
    automatic_decline: bool = False  # C-7.1 (Dutch edition)
    cut_off_tokens: Literal["rejoin", "removed"] = "rejoin"  # C-7.2 (Dutch edition)

    @model_validator(mode="before")
    @classmethod
    def _newest_board(cls, data: Any) -> Any:
        """A config that names no board version is a new game: it is played on the newest."""
        if isinstance(data, dict) and data.get("map_version") is None:
            name = data.get("map", "europe")
            if isinstance(name, str):
                try:
                    data = {**data, "map_version": load_map(name).version}
                except (KeyError, ValueError):
                    pass  # reported by _check_board
        return data

    @model_validator(mode="after")
    def _check_board(self) -> GameConfig:
        try:
            load_map(self.map, self.map_version)
        except (KeyError, ValueError):
            version = "" if self.map_version is None else f" (version {self.map_version})"
            raise ValueError(f"there is no board {self.map!r}{version} in this edition") \
                from None
        return self

    @model_validator(mode="after")
    def _check_ruleset(self) -> GameConfig:
        """Y-0.3: what each ruleset accepts (seats, options, board)."""
        rules = self.rules_set
        n = len(self.seats)
        if not rules.min_seats <= n <= rules.max_seats:
            raise ValueError(f"a {rules.name} game has {rules.min_seats} to {rules.max_seats} "
                             f"seats ({rules.rule}.1)")
        for seat in self.seats:
            if seat.virtual and seat.ai_level not in rules.ai_levels:
                raise ValueError(f"the {seat.ai_level} AI does not play {rules.name} games yet: "
                                 f"choose {' or '.join(rules.ai_levels)} for {seat.name}")
        problem = rules.board_problem(load_map(self.map, self.map_version))
        if problem:
            raise ValueError(problem)
        if rules.name == "online":
            if self.mode != "standard":
                raise ValueError("online games have no solo or two-player mode (Y-0.3)")
            if self.target_vp is not None:
                raise ValueError("online games last a fixed number of rounds, with no target "
                                 "score (Y-6.1)")
            if self.decline_contact != "clear":
                raise ValueError("online games always clear one's own declined provinces on "
                                 "contact (Y-3.4.6)")
            if self.defender_redistribution != "auto":
                raise ValueError("online games always redistribute defenders automatically "
                                 "(Y-3.6)")
            if self.automatic_decline or self.cut_off_tokens != "rejoin":
                raise ValueError("the Dutch edition's options are classic only (Y-8)")
        return self

    @model_validator(mode="before")
    @classmethod
    def _online_redistribution(cls, data: Any) -> Any:
        """Y-3.6: online redistribution is always automatic, so it is the online default."""
        if isinstance(data, dict) and data.get("ruleset") == "online" \
                and "defender_redistribution" not in data:
            data = {**data, "defender_redistribution": "auto"}
        return data

    @property
    def rules_set(self) -> Ruleset:
        """The :class:`vinci_core.rules.Ruleset` object this game is played by."""
        return RULESETS[self.ruleset]

    @field_validator("seats")
    @classmethod
    def _distinct_colours(cls, seats: list[Seat], info: ValidationInfo) -> list[Seat]:
        # Saves made before this check still load (context "saved", see save.py); the page
        # tells their seats apart by view.seat_colours.
        chosen = [s.colour.lower() for s in seats if s.colour]
        if len(set(chosen)) < len(chosen) and not (info.context or {}).get("saved"):
            raise ValueError("two seats have the same colour")
        return seats

    @model_validator(mode="after")
    def _check_mode(self) -> GameConfig:
        humans = sum(not s.virtual for s in self.seats)
        if self.mode == "solo" and (len(self.seats), humans) != (4, 1):
            raise ValueError("a solo game has 1 human and 3 virtual seats (V-1)")
        if self.mode == "two_player" and (len(self.seats), humans) != (4, 2):
            raise ValueError("a two-player game has 2 human and 2 virtual seats (V-1)")
        if self.rules_version >= 2 and (self.target_vp or 0) > MAX_TARGET_VP:
            raise ValueError(f"the target score is at most {MAX_TARGET_VP} (C-6.1)")
        if self.rules_version < 2 and (self.automatic_decline
                                       or self.cut_off_tokens != "rejoin"):
            raise ValueError("automatic decline and removed cut-off tokens (C-7.1, C-7.2) "
                             "need rules version 2")
        return self

    @classmethod
    def solo(cls, name: str = "You", **options: object) -> GameConfig:
        """V-1: one human against three virtual players."""
        seats = [Seat(name=name)] + [Seat(name=f"Virtual {i}", virtual=True) for i in (1, 2, 3)]
        return cls.model_validate({"seats": seats, "mode": "solo", **options})

    @classmethod
    def two_player(cls, first: str = "Player 1", second: str = "Player 2",
                   **options: object) -> GameConfig:
        """V-1: two humans and two virtual players, seated alternately."""
        seats = [Seat(name=first), Seat(name="Virtual 1", virtual=True),
                 Seat(name=second), Seat(name="Virtual 2", virtual=True)]
        return cls.model_validate({"seats": seats, "mode": "two_player", **options})

    def target(self) -> int | None:
        """C-6.1's target score; None in online games, which end after a fixed number of
        rounds (Y-6.1)."""
        if self.ruleset == "online":
            return None
        if self.target_vp is not None:
            return self.target_vp
        if self.mode != "standard":
            return VIRTUAL_MODE_TARGET
        return TARGET_VP[len(self.seats)]

    def extra_tokens(self, seat: int) -> int:
        s = self.seats[seat]
        if s.extra_tokens is not None:
            return s.extra_tokens
        if self.mode != "standard":
            return VIRTUAL_MODE_EXTRA["virtual" if s.virtual else "human"]
        if self.ruleset == "classic":
            return EXTRA_TOKENS[len(self.seats)]
        extra = self.rules_set.extra_tokens(load_map(self.map, self.map_version), len(self.seats))
        assert extra is not None  # checked by _check_ruleset
        return extra

    def start_vp(self, seat: int) -> int:
        value = self.seats[seat].start_vp
        return self.rules_set.start_vp if value is None else value  # C-1.2, Y-1.2


@dataclass(frozen=True, slots=True)
class Rules:
    """Plain, fast copy of the config's rule parameters for the engine's hot loop."""

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

    @classmethod
    def from_config(cls, cfg: GameConfig) -> Rules:
        n = len(cfg.seats)
        fixed = cfg.rules_version >= 2
        return cls(
            seats=n,
            target=cfg.target() or 0,
            extra=tuple(cfg.extra_tokens(i) for i in range(n)),
            virtual=tuple(s.virtual for s in cfg.seats),
            clear_contact=cfg.decline_contact == "clear",
            auto_redistribution=cfg.defender_redistribution == "auto",
            end_at_any_scoring=fixed,
            abandon_last_province=fixed,
            rebirth_only_at_end=fixed,
            temporaries_never_force_entry=fixed,
            forbid_own_declined=fixed and cfg.decline_contact == "forbid",
            automatic_decline=cfg.automatic_decline,
            remove_cut_off=cfg.cut_off_tokens == "removed",
            rounds=cfg.rules_set.round_limit(n) or 0,
        )
