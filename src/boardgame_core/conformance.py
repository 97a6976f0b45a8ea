"""The conformance suite every game passes: plain functions over a :class:`~.api.Game`.

:func:`check_playthrough` plays a game to its end with random listed actions from a seed
and checks, after every action (or every ``every``-th one, for long games):

- the position says who acts consistently (:func:`check_turn`);
- every listed action applies, its JSON form round-trips, and applying it leaves the
  position as it was (:func:`check_position`);
- an action not listed here (one listed elsewhere in the game, values that are no action
  at all, and any ``probes`` the game adds) is refused with the game's error, which names
  a rule, and changes nothing;

and, every ``save_every`` actions and at the end, that a replay of config + log and a save
→ load of the game give the same digest (:func:`check_replay`, :func:`check_save`).
Malformed JSON is refused by the game's parser (:func:`check_malformed_json`).

A failure raises :class:`ConformanceError` (an AssertionError: pytest shows it as a failed
check) that says what broke, where.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .api import Game

# Far above any real game; a game still going then is stuck.
MAX_ACTIONS = 200_000
# Values that are no action of any game: apply must refuse them with the game's error.
NOT_ACTIONS: tuple[object, ...] = (None, "pass", 0, ("kind", "no such action"))
# Texts no game reads as an action.
MALFORMED_JSON = ("", "{", "[]", "null", "42", '"pass"', "{}", '{"kind": "no such action"}',
                  '{"kind": 3}')

Probes = Callable[[Any], Iterable[Any]]


class ConformanceError(AssertionError):
    """A game broke the State API's contract."""


def _fail(what: str, state: Any) -> ConformanceError:
    return ConformanceError(f"{what} (after {len(state.actions)} actions)")


def check_turn(state: Any) -> None:
    """Who acts, said three ways (current_player, seats_to_act, legal_actions), agrees."""
    seats, current, legal = tuple(state.seats_to_act), state.current_player, state.legal_actions()
    if state.is_terminal:
        if seats or current is not None or legal:
            raise _fail("a finished game still has a seat to act or a legal action", state)
        return
    if not seats or not legal:
        raise _fail("a game that is not over has no seat to act or no legal action", state)
    if current is not None and seats != (current,):
        raise _fail(f"current_player {current} but seats_to_act {seats}", state)
    if len(seats) > 1 and current is not None:
        raise _fail("several seats act at once, yet current_player names one", state)


def check_action_json(game: Game, action: Any) -> None:
    """The action's JSON text reads back as the same action, and writes the same text."""
    text = game.action_json(action)
    back = game.parse_action(text)
    if back != action or game.action_json(back) != text:
        raise ConformanceError(f"{action!r} -> {text} -> {back!r}: JSON does not round-trip")


def check_refused(game: Game, state: Any, action: Any) -> None:
    """``action`` (not listed) is refused with the game's error naming a rule, and the
    position does not change."""
    before = game.digest(state)
    try:
        state.apply(action)
    except game.illegal as exc:
        if not getattr(exc, "rule", None):
            raise _fail(f"{action!r} was refused without naming a rule: {exc}", state) from None
    else:
        raise _fail(f"{action!r} applied but is not listed", state)
    if game.digest(state) != before:
        raise _fail(f"refusing {action!r} changed the position", state)


def check_position(game: Game, state: Any, probes: Iterable[Any] = ()) -> None:
    """Every listed action applies to ``state`` without changing it, and its JSON form
    round-trips; every probe not listed is refused (:func:`check_refused`)."""
    check_turn(state)
    before = game.digest(state)
    legal = state.legal_actions()
    for action in legal:
        state.apply(action)
        check_action_json(game, action)
    if game.digest(state) != before:
        raise _fail("applying a listed action changed the position it applied to", state)
    for action in (*NOT_ACTIONS, *probes):
        if action not in legal:
            check_refused(game, state, action)


def check_replay(game: Game, state: Any) -> None:
    """Replaying the config and the action log gives the very same position."""
    again = game.replay(state.config, list(state.actions))
    if game.digest(again) != game.digest(state):
        raise _fail("a replay of the config and the log gives another digest", state)


def check_save(game: Game, state: Any, game_id: str = "conformance") -> None:
    """Save → load gives the same game and identity, and its replay the same digest."""
    text = game.encode_save(state, game_id)
    loaded, loaded_id = game.load_game(text)
    if loaded_id != game_id or game.digest(loaded) != game.digest(state):
        raise _fail("save -> load gives another game", state)
    if list(loaded.actions) != list(state.actions):
        raise _fail("save -> load gives another action log", state)
    facts = game.save_facts(text)
    if facts.game_id != game_id or len(facts.codes) != len(state.actions):
        raise _fail("a save's facts name another game or another number of actions", state)
    check_replay(game, loaded)


def check_malformed_json(game: Game, texts: Sequence[str] = MALFORMED_JSON) -> None:
    """The game's parser refuses every text that is no action with a ValueError."""
    for text in texts:
        try:
            action = game.parse_action(text)
        except ValueError:
            continue
        raise ConformanceError(f"{text!r} was read as the action {action!r}")


def _unlisted_elsewhere(seen: list[Any], legal: list[Any], chooser: random.Random,
                        count: int) -> list[Any]:
    """Up to ``count`` actions listed earlier in the game but not now (drawn from a few)."""
    listed = set(legal)
    drawn = chooser.sample(seen, min(3 * count, len(seen)))
    return [a for a in drawn if a not in listed][:count]


def check_playthrough(game: Game, config: Any, seed: int, *, every: int = 1,
                      save_every: int = 250, probes: Probes | None = None,
                      max_actions: int = MAX_ACTIONS) -> Any:
    """Play ``config`` to its end with random listed actions (a ``seed``'s stream, apart
    from the game's own), checking the game all along (see the module's docstring).
    ``probes(state)``: the game's own actions to try that it must refuse when they are not
    listed (malformed values). Returns the last position."""
    chooser = random.Random(seed)
    state = game.new_game(config)
    seen: dict[Any, None] = {}  # every action listed so far (actions are hashable values)
    while True:
        legal = state.legal_actions()
        n = len(state.actions)
        if n % every == 0:
            unlisted = _unlisted_elsewhere(list(seen), legal, chooser, 3)
            check_position(game, state, [*unlisted, *(probes(state) if probes else ())])
        else:
            check_turn(state)
        if n % save_every == 0 or state.is_terminal:
            check_replay(game, state)
            check_save(game, state)
        if state.is_terminal:
            return state
        if n >= max_actions:
            raise _fail(f"the game is not over after {max_actions} actions", state)
        seen.update(dict.fromkeys(legal))
        state = state.apply(legal[chooser.randrange(len(legal))])


def check_game(game: Game, configs: Iterable[Any], seeds: Iterable[int] = (0,), **options: Any
               ) -> int:
    """:func:`check_playthrough` of every config with every seed, and the game's parser
    (:func:`check_malformed_json`). Returns how many actions were played and checked."""
    check_malformed_json(game)
    played = 0
    for config in configs:
        for seed in seeds:
            played += len(check_playthrough(game, config, seed, **options).actions)
    return played
