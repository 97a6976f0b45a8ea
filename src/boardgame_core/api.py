"""The State API: what a table, a player and a test need from any game.

Every game package implements :class:`State` (one position of a game: immutable from the
outside, the PRNG's state inside it, so that a config and an action log always give the
same game) and hands out one :class:`Game` object (``vinci_core.GAME``) with the functions
around it: a new game, a replay, the digest, actions as JSON and the save text. Actions are
small immutable values with equality; every action ``apply`` accepts is one
``legal_actions()`` lists (a game may document a shorthand it also accepts), and ``apply``
refuses anything else with the game's :attr:`Game.illegal` error, which names the rule.

The shape follows OpenSpiel's ``State`` (one API every game implements, a conformance suite
every game passes: :mod:`.conformance`) and boardgame.io (moves as data, the PRNG in the
state). Seats are numbered from 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from .links import SaveFacts


@runtime_checkable
class State(Protocol):
    """One position of a game."""

    @property
    def config(self) -> Any:
        """The game's settings (seats, seed, options): with :attr:`actions`, the game."""

    @property
    def actions(self) -> Sequence[Any]:
        """Every action applied since the game began, in order."""

    @property
    def current_player(self) -> int | None:
        """The seat to act; None when the game is over or several seats act at once."""

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act now: one usually, several during a sealed step (bids),
        none when the game is over."""

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""

    def legal_actions(self) -> list[Any]:
        """Every action a seat to act may take now (empty when the game is over)."""

    def apply(self, action: Any) -> State:
        """The position after ``action``; this one never changes. Raises the game's
        :attr:`Game.illegal` on an action it does not list."""

    def returns(self) -> list[float]:
        """Each seat's share of the result (OpenSpiel's utilities); all 0 until the end."""


@runtime_checkable
class Game(Protocol):
    """One game's functions around its :class:`State`, found by its short :attr:`key`."""

    @property
    def key(self) -> str:
        """The game's short name ("vinci")."""

    @property
    def illegal(self) -> type[Exception]:
        """The error ``apply`` raises on an action the rules do not allow (with ``rule``)."""

    def new_game(self, config: Any) -> State:
        """The first position of a game with these settings."""

    def replay(self, config: Any, actions: Sequence[Any]) -> State:
        """The position after ``actions`` from the first one of ``config``."""

    def digest(self, state: Any) -> str:
        """A short hash of the whole position, the same on every machine."""

    def action_json(self, action: Any) -> str:
        """The action's stable JSON text."""

    def parse_action(self, data: str) -> Any:
        """The action of :meth:`action_json`'s text; ValueError on anything else."""

    def encode_save(self, state: Any, game_id: str | None = None) -> str:
        """The whole game as save text (:mod:`.savetext`), with its identity."""

    def load_game(self, text: object) -> tuple[Any, str]:
        """The game a save holds, replayed and checked, and its identity; raises
        :class:`~.errors.SaveError` and nothing else on bad input."""

    def save_facts(self, text: object) -> SaveFacts:
        """What a save says without replaying it (see :func:`.links.link_relation`)."""


S = TypeVar("S", bound=State)


class SaveWriter(Protocol):
    def __call__(self, state: Any, game_id: str | None = None) -> str: ...


@dataclass(frozen=True)
class GameFunctions(Generic[S]):
    """A :class:`Game` made of the game package's own functions, named one by one, so that
    no game writes a method that only calls one. ``S`` is the game's state class: mypy
    holds it to :class:`State`. ``vinci_core.GAME`` and ``renaissance_core.GAME`` are two.
    """

    key: str
    illegal: type[Exception]
    new_game: Callable[[Any], S]
    replay: Callable[[Any, Sequence[Any]], S]
    digest: Callable[[S], str]
    action_json: Callable[[Any], str]
    parse_action: Callable[[str], Any]
    encode_save: SaveWriter
    load_game: Callable[[object], tuple[S, str]]
    save_facts: Callable[[object], SaveFacts]


if TYPE_CHECKING:  # mypy holds GameFunctions to the Game protocol
    def _is_a_game(game: GameFunctions[Any]) -> Game:
        return game


# Each game's key and the package that holds its GAME (imported only when it is asked for,
# so that this package depends on no game).
PACKAGES = {"vinci": "vinci_core", "renaissance": "renaissance_core"}


def find_game(key: str) -> Game:
    """The :class:`Game` called ``key`` (KeyError: no such game; ImportError: its package
    is not installed)."""
    from importlib import import_module

    game: Game = import_module(PACKAGES[key]).GAME
    if game.key != key:
        raise KeyError(f"{PACKAGES[key]}.GAME is the game {game.key!r}, not {key!r}")
    return game
