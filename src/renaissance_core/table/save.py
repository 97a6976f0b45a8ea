"""Renaissance's saves: config + action log in the shared save text (``boardgame_core``).

A save is ``renaissance1.`` followed by the codec's packed JSON record (``savetext``)::

    {"config": <GameConfig>, "versions": {"rules": …, "board": …, "sheet": …, "cards": …},
     "log": "<action codes, space-separated>", "digest": <final digest>, "game": <identity>}

The text's format version is the codec's (:data:`FORMAT_VERSION`); ``versions`` are the
rules' number and the data files' (``game.versions``): a save whose versions this engine
does not play is refused in words, since the same log would mean another game. Any bad
input raises :class:`SaveError` and nothing else.

An action's code is its JSON form flattened: the type, then its fields' values in the
order of their names, joined by ``:`` (:func:`action_code`); so every action type has a
code as soon as it has a JSON form.

>>> from renaissance_core import GameConfig, new_game
>>> state = new_game(GameConfig.of(3, seed=5))
>>> action = state.legal_actions()[0]
>>> action_code(action)
'return_card:armour:0'
>>> parse_code(action_code(action)) == action
True
>>> later = state.apply(action)
>>> loaded, game_id = load_game(encode_save(later, "g1"))
>>> digest(loaded) == digest(later), game_id
(True, 'g1')
>>> load_game("vinci1.abc")
Traceback (most recent call last):
...
boardgame_core.errors.SaveError: this is not a Renaissance save
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from boardgame_core.errors import SaveError
from boardgame_core.links import SaveFacts, hashed_game_id
from boardgame_core.savetext import SaveFormat, SaveWords, check_digest, pack, replay_codes, unpack

from ..game.actions import ACTION_TYPES, Action, action_dict, field_types, parse_action
from ..game.config import GameConfig
from ..game.errors import IllegalAction
from ..game.versions import DEVELOPMENT_RULES, versions
from ..turn.game import digest, new_game
from ..turn.state import GameState

if TYPE_CHECKING:
    from pydantic import ValidationError

PREFIX = "renaissance"
FORMAT_VERSION = 1
# A random game lasts about 550 actions (docs/renaissance.md); players who keep passing
# make longer ones. Ten times the longest random game seen leaves room for any real game.
MAX_ACTIONS = 10_000
MAX_JSON = 400_000  # bytes of the record once inflated: MAX_ACTIONS codes of ~25 characters
RECORD_FIELDS = frozenset({"config", "versions", "log", "digest", "game"})
MAX_GAME_ID = 100  # characters of a game's identity

# What a bad save is told with: the plain words, with what to do about a text that came
# damaged. English only until Renaissance reaches the page, whose catalogues will translate
# them (they are str.format templates, as Vinci's).
_COPY_AGAIN = "copy it again in full, or ask its sender for a new one"
WORDS = replace(
    SaveWords.plain("Renaissance"),
    changed=f"the game's text was changed on the way (it holds characters a game never has): "
            f"{_COPY_AGAIN}",
    damaged=f"the game's text is damaged or cut short: {_COPY_AGAIN}",
    cut_short=f"the game's text is cut short: {_COPY_AGAIN}",
    goes_on="the game's text goes on after its end: copy exactly the text you were sent, or "
            "ask its sender for a new one",
)
SAVE_FORMAT = SaveFormat(PREFIX, FORMAT_VERSION, max_json=MAX_JSON, words=WORDS)
PARTS = {"rules": "rules", "board": "board", "sheet": "advance sheet", "cards": "cards"}


# --- action codes -----------------------------------------------------------------------------

# The values an action's fields take: small integers and identifiers (areas, cards,
# commodities, advance letters). Written in one way only, so one action has one code.
_INT = re.compile(r"0|-?[1-9][0-9]{0,8}")
_NAME = re.compile(r"[A-Za-z0-9_]{1,60}")


def action_code(action: Action) -> str:
    """The action's compact text: ``place:milan``, ``bid_tokens:2:-3`` (seat, tokens)."""
    data = action_dict(action)
    return ":".join([data.pop("type"), *(str(data[name]) for name in sorted(data))])


def parse_code(code: str) -> Action:
    """The action of :func:`action_code`'s text; ValueError on anything else (the one
    spelling only: ``bid_tokens:2:03`` is refused)."""
    kind, *values = code.split(":")
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise ValueError(f"not an action code: {code!r}")
    types = field_types(cls)
    if len(values) != len(types):
        raise ValueError(f"{kind} takes {len(types)} values: {code!r}")
    data: dict[str, Any] = {"type": kind}
    for name, value in zip(sorted(types), values, strict=True):
        if not (_INT if types[name] is int else _NAME).fullmatch(value):
            raise ValueError(f"not an action code: {code!r}")
        data[name] = int(value) if types[name] is int else value
    return parse_action(data)  # checks the fields once more (IllegalAction is a ValueError)


# --- the record -------------------------------------------------------------------------------

def encode_save(state: GameState, game_id: str | None = None) -> str:
    """The whole game as URL-safe text; ``game_id``: its identity across copies (left out
    when None: it is then the hash of the game's settings, :func:`settings_game_id`)."""
    payload: dict[str, Any] = {
        "config": state.config.model_dump(mode="json"),
        "versions": versions(),
        "log": " ".join(action_code(a) for a in state.actions),
        "digest": digest(state),
    }
    if game_id is not None:
        payload["game"] = game_id
    return pack(payload, SAVE_FORMAT)


def settings_game_id(config: GameConfig) -> str:
    """The identity of a game saved without one: a hash of its settings and versions, so
    every copy of it gets the same identity."""
    return hashed_game_id([config.model_dump(mode="json"), versions()])


def _invalid(exc: ValidationError) -> SaveError:
    first = exc.errors()[0]
    return SaveError("the game settings are not valid ({where}: {problem})",
                     where=".".join(str(x) for x in first["loc"]) or "config",
                     problem=first["msg"])


def _check_versions(saved: object) -> None:
    """The save's rules and data must be the ones this engine plays."""
    if not isinstance(saved, dict) or set(saved) != set(PARTS) or not all(
            type(v) is int for v in saved.values()):
        raise SaveError("the save's contents are not valid (its versions)")
    current = versions()
    for part, name in PARTS.items():
        if saved[part] == current[part]:
            continue
        if part == "rules" and saved[part] == DEVELOPMENT_RULES:
            raise SaveError("this save was made while Renaissance's rules were being written; "
                            "no released edition replays it")
        raise SaveError("this save was made with version {saved} of Renaissance's {part}; "
                        "this edition plays version {current} and cannot replay it",
                        saved=saved[part], part=name, current=current[part])


def _read(text: object) -> tuple[dict[str, Any], GameConfig]:
    """The checked record of a save, not replayed."""
    from pydantic import ValidationError  # the edge: pydantic validates the settings

    record = unpack(text, SAVE_FORMAT)
    unknown = sorted(set(record) - RECORD_FIELDS)
    if unknown:
        raise SaveError("the save's contents are not valid (unknown field {field})",
                        field=unknown[0][:40])
    _check_versions(record.get("versions"))
    for name in ("log", "digest"):
        if not isinstance(record.get(name), str):
            raise SaveError("the save's contents are not valid (no {field})", field=name)
    game = record.get("game")
    if game is not None and not (isinstance(game, str) and 0 < len(game) <= MAX_GAME_ID):
        raise SaveError("the save's contents are not valid (its game's identity)")
    try:
        config = GameConfig.model_validate(record["config"])
    except ValidationError as exc:
        raise _invalid(exc) from None
    return record, config


def save_facts(text: object) -> SaveFacts:
    """What a save says without replaying it: identity, settings, action codes."""
    record, config = _read(text)
    settings = json.dumps([config.model_dump(mode="json"), record["versions"]], sort_keys=True)
    return SaveFacts(record.get("game") or settings_game_id(config), settings,
                     tuple(record["log"].split()))


def load_game(text: object) -> tuple[GameState, str]:
    """The game a save holds, replayed and checked against its digest, and its identity."""
    record, config = _read(text)
    state = replay_codes(new_game(config), record["log"].split(), parse_code,
                         lambda s, action: s.apply(action), IllegalAction, WORDS, MAX_ACTIONS)
    check_digest(digest(state), record["digest"], WORDS)
    return state, record.get("game") or settings_game_id(config)


def decode_save(text: object) -> GameState:
    """The game a save holds (:func:`load_game` without its identity)."""
    return load_game(text)[0]


__all__ = ["FORMAT_VERSION", "MAX_ACTIONS", "SAVE_FORMAT", "SaveError", "WORDS", "action_code",
           "decode_save", "digest", "encode_save", "load_game", "parse_code", "save_facts",
           "settings_game_id"]
