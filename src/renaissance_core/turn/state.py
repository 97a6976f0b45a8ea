"""The game state: plain lists, dicts and sets, copied on every ``apply``.

The state holds every fact of the game, the random stream among them (seed + action log
= the whole game). Phases are declared apart from the state (``turn.phases``): each step
names its module's ``legal`` and ``apply``; choices in the middle of an effect wait on the
decision stack (``pending``), whose top the next legal actions answer.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..boards.board import Board, load_board
from ..game.actions import Action
from ..game.cards import Card, load_cards
from ..game.config import GameConfig
from ..game.sheet import Sheet, load_sheet

# The facts of a state, in the order digests and copies use them.
_SCALARS = ("rng", "round", "step", "turn", "ending", "terminal", "period", "token_cards_sold",
            "bank_in", "bank_out")
_LISTS = ("order", "cash", "misery", "alive", "capital", "bought", "stock_tokens",
          "stock_markers", "fleet_kind", "fleet_size", "noted_cash", "last_bid", "new_markers",
          "deck", "reuse", "removed", "set_aside", "display", "pick_order", "round_events")
_NESTED_LISTS = ("hands",)
_DICT_OF_DICTS = ("tokens", "new_tokens", "advances", "shipped")
_SETS_PER_SEAT = ("holdings", "relief", "turn_flags", "patrons_used")
_DICTS = ("scale", "control", "sealed", "future", "patron_load")


@cache
def _phases() -> Any:
    """The phase table (turn.phases imports this module, so it is fetched on first use)."""
    from . import phases

    return phases


@cache
def _config_facts(config: GameConfig) -> dict[str, Any]:
    return config.model_dump(mode="json")


class GameState:
    """One position of a game. Treat as immutable: ``apply`` returns a new state."""

    __slots__ = ("config", "actions", "board", "sheet", "cards", "pending", *_SCALARS, *_LISTS,
                 *_NESTED_LISTS, *_DICT_OF_DICTS, *_SETS_PER_SEAT, *_DICTS, "new_control", "marks")

    config: GameConfig
    actions: tuple[Action, ...]
    board: Board
    sheet: Sheet
    cards: dict[str, Card]
    pending: list[tuple[str, int, str]]  # decision stack: (kind, seat, subject)
    rng: int
    round: int  # 0 during setup
    step: str
    turn: int  # index into ``order`` of the seat acting in a sequential step
    ending: bool  # the last round is running
    terminal: bool
    period: int  # the period of the draw deck now in use
    token_cards_sold: int  # this phase
    bank_in: int  # ducats paid to the bank, ever (the ledger, Q-27)
    bank_out: int  # ducats the bank paid out, ever
    order: list[int]
    cash: list[int]
    misery: list[int]  # index into the sheet's misery_levels
    alive: list[bool]
    capital: list[str | None]
    bought: list[int]  # tokens bought for this round's expansion
    stock_tokens: list[int]
    stock_markers: list[int]
    fleet_kind: list[str | None]
    fleet_size: list[int]
    noted_cash: list[int | None]
    last_bid: list[int]
    new_markers: list[int]  # new control markers this expansion phase
    deck: list[str]  # the draw deck; the top card is the last
    reuse: list[str]
    removed: list[str]
    set_aside: list[str]
    display: list[tuple[str, int]]  # personalities played this round, in order
    pick_order: list[int]  # seats in the order they chose capitals (R-10.2 ties)
    round_events: list[str]  # event cards played this round
    hands: list[list[str]]
    tokens: dict[str, dict[int, int]]  # area -> seat -> tokens there
    new_tokens: dict[str, dict[int, int]]  # of those, placed this round (never bases, R-8.4)
    advances: dict[int, dict[str, int]]  # seat -> letter -> round bought
    shipped: dict[str, dict[int, int]]  # area -> seat -> tokens brought by sea this round
    holdings: list[set[str]]  # commodity cards: areas whose card each seat holds
    relief: list[set[str]]  # Q-10 milestones already counted, e.g. "science:2"
    turn_flags: list[set[str]]  # once-per-round uses: "fleet", "bought_card", "discarded", ...
    patrons_used: list[set[str]]  # R-15.E: others' personalities this seat uses this round
    scale: dict[str, int]  # commodity -> -2..+2
    control: dict[str, int]  # area -> seat holding its control marker
    sealed: dict[int, Any]  # the secret submissions of a sealed step
    future: dict[int, list[str]]  # later periods' cards, waiting (R-2.4)
    patron_load: dict[str, int]  # R-15.E: how many patrons use each displayed personality
    new_control: set[str]  # control markers placed this round (new side up)
    marks: set[str]  # lasting marks of the game, e.g. "played:longbows"

    # --- construction and copies ------------------------------------------------------------

    @classmethod
    def blank(cls, config: GameConfig) -> GameState:
        s = cls.__new__(cls)
        n = config.players
        s.config, s.actions = config, ()
        s.board, s.sheet, s.cards = load_board(), load_sheet(), load_cards()
        s.pending = []
        s.rng, s.round, s.step, s.turn = 0, 0, "keep", 0
        s.ending = s.terminal = False
        s.period, s.token_cards_sold = 1, 0
        s.bank_in = s.bank_out = 0
        for name in _LISTS:
            setattr(s, name, [])
        s.hands = [[] for _ in range(n)]
        s.tokens, s.new_tokens, s.shipped = {}, {}, {}
        s.advances = {p: {} for p in range(n)}
        for name in _SETS_PER_SEAT:
            setattr(s, name, [set() for _ in range(n)])
        for name in _DICTS:
            setattr(s, name, {})
        s.new_control, s.marks = set(), set()
        return s

    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.config, s.actions, s.board, s.sheet, s.cards = (
            self.config, self.actions, self.board, self.sheet, self.cards)
        s.pending = list(self.pending)
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        for name in _LISTS:
            setattr(s, name, list(getattr(self, name)))
        s.hands = [list(h) for h in self.hands]
        for name in _DICT_OF_DICTS:
            setattr(s, name, {k: dict(v) for k, v in getattr(self, name).items()})
        for name in _SETS_PER_SEAT:
            setattr(s, name, [set(x) for x in getattr(self, name)])
        s.scale, s.control, s.sealed, s.patron_load = (
            dict(self.scale), dict(self.control), dict(self.sealed), dict(self.patron_load))
        s.future = {k: list(v) for k, v in self.future.items()}
        s.new_control, s.marks = set(self.new_control), set(self.marks)
        return s

    # --- the agreed face ----------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def is_terminal(self) -> bool:
        return self.terminal

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act now: several during a sealed step, none when over."""
        return _phases().seats_to_act(self)

    @property
    def current_player(self) -> int | None:
        seats = self.seats_to_act
        return seats[0] if len(seats) == 1 else None

    def legal_actions(self) -> list[Action]:
        return _phases().legal_actions(self)

    def apply(self, action: Action) -> GameState:
        """A new state after ``action``; IllegalAction (and no change) when refused."""
        return _phases().apply_action(self, action)

    def returns(self) -> list[float]:
        from .scoring import returns

        return returns(self)

    # --- small shared queries ---------------------------------------------------------------

    def owns(self, seat: int, letter: str) -> bool:
        return letter in self.advances[seat]

    def level_value(self, seat: int) -> int:
        return self.sheet.misery_levels[self.misery[seat]]

    def acting_order(self) -> list[int]:
        """The order seats act in the step now running: the order track's, except that in
        phase 5 the victims of this round's Civil Wars play last, in their own order (R-8.2).
        The order track itself, and so each seat's rank (R-3.3), does not change."""
        if self.step != "expand":
            return self.order
        last = {e[10:] for e in self.round_events if e.startswith("civil_war:")}
        if not last:
            return self.order
        return ([p for p in self.order if str(p) not in last]
                + [p for p in self.order if str(p) in last])

    def alive_in_order(self) -> list[int]:
        return [p for p in self.order if self.alive[p]]

    def pieces(self, area: str, seat: int) -> int:
        """A seat's strength in an area: a control marker counts as the volume (R-8.14)."""
        if self.control.get(area) == seat:
            return self.board.areas[area].volume
        return self.tokens.get(area, {}).get(seat, 0)

    def controller(self, area: str) -> int | None:
        """R-1.5: who controls an area (a marker, or tokens equal to its volume)."""
        if area in self.control:
            return self.control[area]
        volume = self.board.areas[area].volume
        for seat, count in self.tokens.get(area, {}).items():
            if count >= volume:
                return seat
        return None

    def facts(self) -> dict[str, Any]:
        """Every fact of the state as plain JSON-able data (for digests and tests)."""
        out: dict[str, Any] = {"config": _config_facts(self.config),
                               "actions": len(self.actions), "pending": self.pending}
        for name in (*_SCALARS, *_LISTS, *_NESTED_LISTS):
            out[name] = getattr(self, name)
        # Dicts are copied unsorted: digests sort keys when writing (and every inner key is a
        # seat, 0–5, whose number and text sort alike); sets become sorted lists.
        for name in _DICT_OF_DICTS:
            out[name] = {str(k): dict(v) for k, v in getattr(self, name).items() if v}
        for name in _SETS_PER_SEAT:
            out[name] = [sorted(x) for x in getattr(self, name)]
        for name in _DICTS:
            out[name] = {str(k): v for k, v in getattr(self, name).items()}
        out["new_control"] = sorted(self.new_control)
        out["marks"] = sorted(self.marks)
        return out
