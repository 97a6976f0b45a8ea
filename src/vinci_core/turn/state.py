"""The game state (RULES.md C-1 … C-6): the game's data, its public API and the dispatch of an
action to the phase of the turn it belongs to.

Each phase lives in its own module of ``turn/``, with its legal actions and its handlers:
``choose`` (C-1.4, C-1.5, C-2), ``expand`` (C-3.1: the start of a turn, Diplomacy, emptying a
province, Finish) and ``conquer`` (C-3.2, C-3.3: reach and conquest), ``keep`` (C-3.4.2),
``reorganize`` (C-3.4.3–C-3.4.5: tokens and forts), ``redistribute`` (C-3.5), ``score``
(C-3.6), ``decline`` (C-5) and ``end`` (C-6: the target, the next turn). They take the state
as an argument (typed by :class:`vinci_core.turn.data.State`) and never import this module.

A :class:`GameState` is immutable from the outside: :meth:`GameState.apply` returns a new
state and raises :class:`IllegalAction` (naming the rule) without touching the old one.
The API follows OpenSpiel's ``State``: ``legal_actions``, ``apply``, ``current_player``,
``is_terminal``, ``returns``, ``clone`` (and ``seats_to_act``: it satisfies
``boardgame_core.api.State``).

>>> from vinci_core import GameConfig, Seat, new_game
>>> cfg = GameConfig(seats=[Seat(name="Ann"), Seat(name="Bo"), Seat(name="Cy")], seed=7,
...                  map="mini")
>>> state = new_game(cfg)
>>> state.phase, state.round, len(state.display)
('choose', 1, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..boards.maps import Board, load_map
from ..game import rng
from ..game.actions import (
    Abandon,
    Action,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    IllegalAction,
    Keep,
    Place,
    PlaceAll,
)
from ..game.config import Rules
from ..game.position import NEUTRAL, NOBODY
from ..rulesets import Ruleset
from . import choose, conquer, decline, expand, keep, redistribute, reorganize, score
from .choose import SLOTS
from .common import roll
from .conquer import ESPIONAGE_COST
from .data import Player, Turn
from .end import STARTING
from .expand import FIELD_GENERAL_TOKENS

if TYPE_CHECKING:
    from .schemas import GameConfig

__all__ = ["ESPIONAGE_COST", "FIELD_GENERAL_TOKENS", "PHASES", "SLOTS", "GameState", "Player",
           "Turn", "new_game", "replay"]

# Phases of the turn flow, each in its module of ``turn/``. "choose": pick a civilization
# (C-2, choose.py); "expand": start of turn and conquests (C-3.1–C-3.3, C-5.1, expand.py and
# conquer.py); "keep": cohesion choice (C-3.4.2, keep.py); "reorganize": C-3.4.3 and
# "end_of_turn": forts and Rebirth (C-3.4.5, C-5.3), both reorganize.py; "redistribute": a
# defender places its returned tokens (C-3.5, redistribute.py); "over": the game has ended
# (C-6.2, end.py). Scoring (C-3.6) is score.py, decline (C-5) decline.py.
PHASES = ("choose", "expand", "keep", "reorganize", "end_of_turn", "redistribute", "over")


class GameState:
    """A position of a game of Vinci. Use :func:`new_game` to make the first one."""

    __slots__ = (
        "config", "rules", "ruleset", "board", "rng", "draws", "bag", "display", "players", "owner",
        "declined", "tokens", "fort", "phase", "turn_seat", "round", "start", "turn", "peace",
        "queue", "ending", "ended_by", "slaves", "culled", "ply", "scorings", "last_score", "_log",
        "score_log",
    )

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
    ply: int
    scorings: int  # how many scorings so far (len(history), without building it)
    last_score: tuple[int, tuple[tuple[str, int, str], ...]] | None
    _log: tuple[Any, Action] | None  # (earlier log, last action): O(1) to extend
    score_log: tuple[Any, tuple[int, int, int]] | None  # (earlier, last scoring): the same

    # --- construction and copying ---------------------------------------------------------

    @classmethod
    def initial(cls, config: GameConfig) -> GameState:
        s = cls.__new__(cls)
        s.config = config
        s.rules = config.rule_parameters()
        s.ruleset = rs = config.rules_set
        s.board = load_map(config.map, config.map_version)
        n = len(s.board.ids)
        s.rng = rng.seed_state(config.seed)
        s.draws = 0
        s.bag = rs.bag(config.tile_counts, s.rules.seats)
        s.display = []
        s.players = [Player(score=config.start_vp(i)) for i in range(s.rules.seats)]
        # C-1.3, Y-1.3: a native token on every land province except mountains (online:
        # and deserts and rivers).
        natives = rs.natives(s.board)
        s.owner = [NEUTRAL if native else NOBODY for native in natives]
        s.declined = [False] * n
        s.tokens = [1 if native else 0 for native in natives]
        s.fort = [False] * n
        s.turn = Turn()
        s.peace = ()
        s.queue = ()
        s.ending = False
        s.ended_by = None
        s.slaves = 0
        s.culled = 0
        s.ply = 0
        s.scorings = 0
        s.score_log = None
        s.last_score = None
        s._log = None
        choose.refill_display(s)  # C-1.4
        s.start = roll(s, s.rules.seats)  # C-1.6
        s.turn_seat = s.start
        s.round = 1  # C-1.7: round 1 is choosing only
        s.phase = "choose"
        return s

    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.config = self.config
        s.rules = self.rules
        s.ruleset = self.ruleset
        s.board = self.board
        s.rng = self.rng
        s.draws = self.draws
        s.bag = self.bag[:]
        s.display = self.display[:]
        s.players = [p.copy() for p in self.players]
        s.owner = self.owner[:]
        s.declined = self.declined[:]
        s.tokens = self.tokens[:]
        s.fort = self.fort[:]
        s.phase = self.phase
        s.turn_seat = self.turn_seat
        s.round = self.round
        s.start = self.start
        s.turn = self.turn.copy()
        s.peace = self.peace
        s.queue = self.queue
        s.ending = self.ending
        s.ended_by = self.ended_by
        s.slaves = self.slaves
        s.culled = self.culled
        s.ply = self.ply
        s.scorings = self.scorings
        s.score_log = self.score_log
        s.last_score = self.last_score
        s._log = self._log
        return s

    # --- public API ----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """Seat expected to act now: a defender during redistribution, None when over."""
        if self.phase == "over":
            return None
        if self.phase == "redistribute":
            return self.queue[0]
        return self.turn_seat

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act now (boardgame_core's State API): in Vinci one at a time,
        none once the game is over."""
        seat = self.current_player
        return () if seat is None else (seat,)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]

    @property
    def winners(self) -> list[int]:
        """C-6.2: the seats with the highest score (shared victory); empty until the end."""
        if not self.is_terminal:
            return []
        best = max(self.scores)
        return [i for i, sc in enumerate(self.scores) if sc == best]

    @property
    def places(self) -> list[int]:
        """Y-6.2 (and C-6.2): each seat's place, 1 + the number of seats with more VP, so
        equal scores share a place (50, 50, 40 -> 1, 1, 3)."""
        scores = self.scores
        return [1 + sum(other > mine for other in scores) for mine in scores]

    @property
    def last_round(self) -> int | None:
        """Y-6.1: the round after which an online game ends; None when a target ends it."""
        return self.rules.rounds or None

    def returns(self) -> list[float]:
        """OpenSpiel-style utilities: winners share 1, everyone else 0 (all 0 until the end)."""
        won = self.winners
        return [1.0 / len(won) if i in won else 0.0 for i in range(self.rules.seats)]

    def apply(self, action: Action) -> GameState:
        """The state after ``action``. Raises :class:`IllegalAction`; ``self`` never changes."""
        s = self.clone()
        s._dispatch(action)
        s.ply += 1
        s._log = (self._log, action)
        return s

    def advance(self, action: Action) -> None:
        """Apply ``action`` to this very state, without the copy :meth:`apply` makes: for
        replaying a log fast (a save). On :class:`IllegalAction` the state is left half
        changed, so only a state nobody else holds may advance, and it is dropped then."""
        self._dispatch(action)
        self.ply += 1
        self._log = (self._log, action)

    @property
    def actions(self) -> list[Action]:
        """Every action applied since :func:`new_game`, in order (with the config: the game)."""
        out: list[Action] = []
        node = self._log
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    @property
    def history(self) -> tuple[tuple[int, int, int], ...]:
        """Every scoring so far, in order: (round, seat, points)."""
        out: list[tuple[int, int, int]] = []
        node = self.score_log
        while node is not None:
            node, entry = node
            out.append(entry)
        out.reverse()
        return tuple(out)

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (``place_all`` is the one shorthand
        not listed: it stands for a run of listed ``place`` actions)."""
        legal = _LEGAL.get(self.phase)
        return legal(self) if legal is not None else []

    def empire(self, seat: int) -> list[int]:
        """Province numbers of ``seat``'s active empire, in map order."""
        declined = self.declined
        return [p for p, o in enumerate(self.owner) if o == seat and not declined[p]]

    def declined_empire(self, seat: int) -> list[int]:
        return [p for p, o in enumerate(self.owner) if o == seat and self.declined[p]]

    def die(self, sides: int, salt: int = 0) -> int:
        """A die from the game's stream that does not advance it (virtual players' ties)."""
        return rng.peek_below(self.rng, self.ply * 1009 + salt, sides)

    # --- dispatch ----------------------------------------------------------------------------

    def _dispatch(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("API", f"unknown action {action!r}")
        problem = action.malformed()
        if problem is not None:
            raise IllegalAction(action.rule, problem)
        handler(self, action)
        if self.phase == STARTING:  # a turn ended: begin the next one (C-3.1)
            expand.begin_turn(self)

    # --- views ---------------------------------------------------------------------------

    def __repr__(self) -> str:
        return (f"<GameState round={self.round} phase={self.phase} seat={self.current_player} "
                f"scores={self.scores}>")


def _place(state: GameState, action: Place) -> None:
    """A token placed: a defender's returned token (C-3.5) or the attacker's (C-3.4.3)."""
    if state.phase == "redistribute":
        redistribute.do_place(state, action)
    else:
        reorganize.do_place(state, action)


def _place_all(state: GameState, action: PlaceAll) -> None:
    if state.phase == "redistribute":
        redistribute.do_place_all(state, action)
    else:
        reorganize.do_place_all(state, action)


# Each action's handler, in the module of its phase (Place and PlaceAll serve two phases).
_HANDLERS: dict[type, Callable[[GameState, Any], None]] = {
    Choose: choose.do_choose,
    Decline: decline.do_decline,
    Diplomacy: expand.do_diplomacy,
    Abandon: expand.do_abandon,
    Conquer: conquer.do_conquer,
    Finish: expand.do_finish,
    Keep: keep.do_keep,
    Place: _place,
    PlaceAll: _place_all,
    Fort: reorganize.do_fort,
    EndTurn: score.do_end_turn,
}

# Each phase's legal actions ("over": none).
_LEGAL: dict[str, Callable[[GameState], list[Action]]] = {
    "choose": choose.choose_actions,
    "expand": expand.expand_actions,
    "keep": keep.keep_actions,
    "reorganize": reorganize.reorganize_actions,
    "end_of_turn": reorganize.end_of_turn_actions,
    "redistribute": redistribute.redistribute_actions,
}


def new_game(config: GameConfig) -> GameState:
    """The position before the first action: display drawn, start player chosen (C-1)."""
    return GameState.initial(config)


def replay(config: GameConfig, actions: Iterable[Action]) -> GameState:
    state = new_game(config)
    for action in actions:
        state = state.apply(action)
    return state
