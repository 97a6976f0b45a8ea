"""The package's pydantic models: where data from outside is validated (the edges).

Nothing on the way from a page's start to its first drawn board imports this module (nor
pydantic): the engine works on plain types, and these models are reached only where data
comes in: a game's settings (:class:`GameConfig`, :class:`Seat`; the new-game form, a save or
a link), a map file (:class:`MapData`, from vinci_core.boards.mapfile), an action given as JSON
(vinci_core.game.action_schema) and a save's contents (:class:`SaveModel`). The engine's modules
import these names only for type checking or inside the functions that read data from
outside, and this module imports no module that does so: the imports run one way, from
the edges down to the engine. ``vinci_core`` itself hands these names out on first use (PEP
562). The page loads the pydantic wheels after its first render (web/boot.js).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from ..boards.maps import load_map
from ..game.config import (
    FIRST_MAX_TARGET_VP,
    FIRST_RULES,
    GAME_ID_PATTERN,
    MAX_JSON,
    MAX_TARGET_VP,
    RULES_VERSION,
    TARGET_VP,
    VIRTUAL_MODE_EXTRA,
    VIRTUAL_MODE_TARGET,
    Mode,
    Rules,
)
from ..game.tiles import TileCounts
from ..rulesets import RULESETS, Ruleset
from ..rulesets.classic import EXTRA_TOKENS

# --- a game's settings (vinci_core.game.config) ---------------------------------------------

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
    # Which AI plays a virtual seat (vinci_core.players.levels, weakest first): "easy" the book's
    # player with a beginner's mistakes, "book" the rulebook's virtual player (V-1 … V-8),
    # "strong" the searching one, "expert" the same search with a larger budget. The default is
    # left out of digests (D-14), so every older save keeps its digest.
    ai_level: Literal["easy", "book", "strong", "expert"] = "book"


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
    # The ruleset (vinci_core.rulesets). The default is left out of saves and digests (D-14).
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
        seating = rules.seating
        if not seating.min_seats <= len(self.seats) <= seating.max_seats:
            raise ValueError(f"a {rules.name} game has {seating.min_seats} to "
                             f"{seating.max_seats} seats ({rules.rule}.1)")
        for seat in self.seats:
            if seat.virtual and seat.ai_level not in seating.ai_levels:
                raise ValueError(f"the {seat.ai_level} AI does not play {rules.name} games yet: "
                                 f"choose {' or '.join(seating.ai_levels)} for {seat.name}")
        board = load_map(self.map, self.map_version)
        problem = rules.board_problem(board)
        if problem:
            raise ValueError(problem)
        if rules.name == "online":
            if rules.extra_tokens(board, len(self.seats)) is None:
                raise ValueError(f"the board {board.id!r} has no online extra tokens for "
                                 f"{len(self.seats)} players (Y-7.6)")
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
        """The :class:`vinci_core.rulesets.Ruleset` object this game is played by."""
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

    def rule_parameters(self) -> Rules:
        """The rule parameters this config implies, as the engine's plain copy."""
        n = len(self.seats)
        fixed = self.rules_version >= 2
        return Rules(
            seats=n,
            target=self.target() or 0,
            extra=tuple(self.extra_tokens(i) for i in range(n)),
            virtual=tuple(s.virtual for s in self.seats),
            clear_contact=self.decline_contact == "clear",
            auto_redistribution=self.defender_redistribution == "auto",
            end_at_any_scoring=fixed,
            abandon_last_province=fixed,
            rebirth_only_at_end=fixed,
            temporaries_never_force_entry=fixed,
            forbid_own_declined=fixed and self.decline_contact == "forbid",
            automatic_decline=self.automatic_decline,
            remove_cut_off=self.cut_off_tokens == "removed",
            rounds=self.rules_set.round_limit(n) or 0,
            keep_named_part=self.rules_version >= 3,
            displaced_leave_with_empire=self.rules_version >= 3,
        )


# --- a save's contents (vinci_core.table.save) -----------------------------------------------

class SaveModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    config: GameConfig
    board: str = Field(pattern=r"^[0-9a-f]{12}$")
    log: str = Field(max_length=MAX_JSON)
    digest: str = Field(pattern=r"^[0-9a-f]{16}$")
    game: str | None = Field(default=None, pattern=GAME_ID_PATTERN)
