"""The conformance run of one random game (issue 32's "measured" list): random players to
the end, and after every action the invariants of ``turn.invariants`` and the action's JSON
spelling read back to itself (the players choose among the listed actions, and ``apply``
refuses anything else); at the end the save loaded
and the log replayed to the same digest. ``bench/renaissance_conformance.py`` runs it over
a thousand games and more; ``tests/renaissance/test_random_games.py`` over a few dozen in
the quick run and the full count under ``slow``.

>>> result = conform_game(3, seed=5)
>>> result.problems, result.actions > 100
([], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..game.actions import action_json, parse_action
from ..game.config import GameConfig
from ..players.randomplay import RandomPlayer
from ..turn.game import digest, new_game
from ..turn.invariants import breaches
from ..turn.state import GameState
from ..turn.view import observation, own_actions
from .save import encode_save, load_game

MAX_ACTIONS = 20_000  # a random game has about 1,000; more means a game that never ends


@dataclass
class Conformance:
    players: int
    seed: int
    actions: int = 0
    rounds: int = 0
    problems: list[str] = field(default_factory=list)


def conform_game(players: int, seed: int) -> Conformance:
    """Play one random game (seed ``seed``, random players seeded from it) and check it."""
    result = Conformance(players, seed)
    config = GameConfig.of(players, seed=seed)
    state = new_game(config)
    bots = [RandomPlayer(seed * 7 + p) for p in range(players)]
    while not state.is_terminal and not result.problems:
        seats = state.seats_to_act
        legal = state.legal_actions()
        if not seats or not legal:
            result.problems.append(f"action {result.actions}: nobody to act, not over")
            break
        seat = seats[0]
        # The player chooses among the listed actions of its seat (as RandomPlayer.choose,
        # without listing them twice); apply refuses anything it would not accept.
        action = bots[seat].act(observation(state, seat), own_actions(legal, seat))
        if parse_action(action_json(action)) != action:
            result.problems.append(f"action {result.actions}: {action} misspelt in JSON")
        state = state.apply(action)
        result.actions += 1
        result.problems += [f"action {result.actions}: {b}" for b in breaches(state)]
        if result.actions >= MAX_ACTIONS:
            result.problems.append("the game does not end")
    result.rounds = state.round
    if not result.problems:
        result.problems += _round_trips(config, state)
    return result


def _round_trips(config: GameConfig, state: GameState) -> list[str]:
    """A save is the config and the log: loading it replays the log from a new game, so one
    load is the save → load → replay round trip."""
    out = []
    loaded, _ = load_game(encode_save(state, game_id="conformance"))
    if digest(loaded) != digest(state) or loaded.actions != state.actions:
        out.append("save → load → replay gives another game")
    if sum(state.returns()) < 1 and any(state.alive):  # only the eliminated never win
        out.append("a finished game without a winner")
    return out
