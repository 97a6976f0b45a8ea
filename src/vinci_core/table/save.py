"""Saves and share links: versioned, compressed, URL-safe text (config + action log).

A save is ``vinci1.`` followed by base64url (no padding) of zlib-compressed JSON
``{"config": …, "board": <fingerprint>, "log": "<actions>", "digest": <final digest>,
"game": <identity>}``. ``game`` (issue 14) names the game across its copies (links sent
between players); saves written before it have none and get :func:`legacy_game_id`.
Actions are written in a compact text form (:func:`action_code`) with province numbers of
the board the fingerprint names. :func:`decode_save` validates, replays and checks the
digest; any bad input raises :class:`SaveError` and nothing else. The text codec, the
identities and the links' relations are game-neutral (``boardgame_core``): this module holds
what is Vinci's (its record, action codes, board fingerprint, digest and words).

>>> from vinci_core import GameConfig, Seat, new_game
>>> cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=3, map="mini")
>>> state = new_game(cfg)
>>> state = state.apply(state.legal_actions()[0])
>>> digest(decode_save(encode_save(state))) == digest(state)
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardgame_core.errors import SaveError
from boardgame_core.links import (
    BEHIND,
    DIVERGES,
    EXTENDS,
    OTHER,
    SAME,
    SaveFacts,
    hashed_game_id,
    link_relation,
    new_game_id,
)
from boardgame_core.savetext import SaveFormat, SaveWords, check_digest, pack, replay_codes, unpack

from ..boards.maps import Board, board_with_fingerprint, load_map
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
    field_problem,
)
from ..game.config import FIRST_RULES, MAX_JSON, MAX_TARGET_VP
from ..text.i18n import N_
from ..turn.state import GameState, new_game

if TYPE_CHECKING:
    from pydantic import ValidationError

    from ..turn.schemas import GameConfig, SaveModel

PREFIX = "vinci"
VERSION = 1
MAX_TEXT = 200_000  # characters of save text accepted
# About three times the longest random Europe game seen by bench/saves.py (6 seats, target
# MAX_TARGET_VP: 3,747 actions), as a player who keeps emptying provinces or buying dear
# slots makes longer games; the largest accepted save still loads in a fraction of a second.
# A game that reaches it cannot go on (Session.act says so): it is never lost.
MAX_ACTIONS = 12_000
# The first release accepted 50,000 actions and targets up to 10,000: its saves with a target
# above MAX_TARGET_VP keep that limit, so such a game is never lost.
FIRST_MAX_ACTIONS = 50_000


# What a bad save is told with (SaveError's templates, translated by the page).
WORDS = SaveWords(
    not_text=N_("a save is text"),
    too_large=N_("this save is far too large to be a Vinci game"),
    not_a_save=N_("this is not a Vinci save"),
    version=N_("this save has format version {version}; this edition reads version {current}"),
    changed=N_("the game's text was changed on the way (it holds characters a game never has): "
               "copy it again in full, or ask its sender for a new one"),
    damaged=N_("the game's text is damaged or cut short: copy it again in full, or ask its "
               "sender for a new one"),
    cut_short=N_("the game's text is cut short: copy it again in full, or ask its sender for a "
                 "new one"),
    goes_on=N_("the game's text goes on after its end: copy exactly the link or file you were "
               "sent, or ask its sender for a new one"),
    field_twice=N_("the save's contents are not valid (a field is written twice)"),
    not_json=N_("the save's contents are not valid (not JSON)"),
    no_settings=N_("the save's contents are not valid (no game settings)"),
    too_many_actions=N_("this save holds too many actions to be a real game"),
    unreadable_action=N_("action {i} of the save is unreadable"),
    breaks_rule=N_("action {i} of the save breaks rule {rule}: {problem}"),
    altered=N_("the save was altered: the replayed game does not match its checksum"),
)
SAVE_FORMAT = SaveFormat(PREFIX, VERSION, max_json=MAX_JSON, words=WORDS, max_text=MAX_TEXT)


# --- digest -----------------------------------------------------------------------------------

# Named by the board's fingerprint and the rules' number instead (see _state_facts).
_VERSION_FIELDS = {"map_version", "rules_version"}


# The last config's facts: a game keeps one (frozen) config, whose dump is a fair share of a
# digest's time in the browser, and the page takes a digest after every action.
_config_facts: tuple[Any, dict[str, Any]] | None = None


def _config_dump(config: Any) -> dict[str, Any]:
    global _config_facts
    if _config_facts is None or _config_facts[0] is not config:
        # Defaults left out: a new optional config field keeps old digests (and saves) valid.
        _config_facts = (config, config.model_dump(mode="json", exclude_defaults=True,
                                                   exclude=_VERSION_FIELDS))
    return _config_facts[1]


def _state_facts(state: GameState) -> list[Any]:
    t = state.turn
    facts = [
        _config_dump(state.config),
        state.board.fingerprint,
        state.rng, state.draws,
        state.bag, [list(d) for d in state.display],
        [[p.score, p.civ, sorted(p.abilities.items()), p.declined_civ, p.declined_kept,
          p.hand, p.temp, p.returned, p.received, p.lost] for p in state.players],
        state.owner, state.declined, state.tokens, state.fort, state.phase, state.turn_seat,
        state.round, state.start,
        [t.acted, t.conquered, t.spies, t.envoys, t.forts, t.reorg_before],
        state.peace, state.queue, state.ending, state.slaves, state.ply, state.history,
    ]
    # Games of the first rules are hashed as they always were; later rules add their number
    # and the facts they introduced.
    if state.config.rules_version > 1:
        facts.append(["rules", state.config.rules_version, state.ended_by])
    # Online games (Y) hash the facts only they use; classic digests stay as they were.
    if state.config.ruleset != "classic":
        facts.append(["online", state.culled, [p.returned_old for p in state.players],
                      t.second, t.converted])
    return facts


def digest(state: GameState) -> str:
    """Short stable hash of the whole game state (same in CPython and Pyodide)."""
    blob = json.dumps(_state_facts(state), separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


# --- compact action codes ---------------------------------------------------------------------

_SIMPLE = {"d": Decline(), "f": Finish(), "e": EndTurn()}
_BY_PROVINCE: dict[str, type[Action]] = {
    "a": Abandon, "q": Conquer, "k": Keep, "o": Place, "F": Fort,
}
_CODE_OF = {Abandon: "a", Conquer: "q", Keep: "k", Place: "o", Fort: "F"}


def action_code(action: Action, board: Board) -> str:
    """Compact text of an action on ``board``: ``q12`` conquers province 12, and so on."""
    index = board.index
    if isinstance(action, Choose):
        return f"c{action.slot}"
    if isinstance(action, Diplomacy):
        return f"p{action.seat}"
    if isinstance(action, Conquer) and action.espionage:
        return f"s{index[action.province]}"
    if isinstance(action, Conquer) and action.religion:
        return f"r{index[action.province]}"  # Y-9.24
    if isinstance(action, PlaceAll):
        return "O" + ",".join(f"{index[p]}={n}" for p, n in action.placement)
    for code, simple in _SIMPLE.items():
        if action == simple:
            return code
    return f"{_CODE_OF[type(action)]}{index[action.province]}"  # type: ignore[attr-defined]


def parse_code(code: str, board: Board) -> Action:
    """Inverse of :func:`action_code`; raises ValueError on anything else."""
    ids = board.ids

    def province(text: str) -> str:
        p = int(text)
        if not 0 <= p < len(ids) or text != str(p):
            raise ValueError(f"bad province number {text!r}")
        return ids[p]

    if code in _SIMPLE:
        return _SIMPLE[code]
    head, rest = code[:1], code[1:]
    if not rest:
        raise ValueError(f"bad action code {code!r}")
    if head == "c":
        return Choose(int(rest))
    if head == "p":
        return Diplomacy(int(rest))
    if head == "s":
        return Conquer(province(rest), True)
    if head == "r":
        return Conquer(province(rest), religion=True)
    if head == "O":
        placement: dict[str, int] = {}
        for part in rest.split(","):
            p, _, n = part.partition("=")
            placement[province(p)] = int(n)
        return PlaceAll.of(placement)
    if head in _BY_PROVINCE:
        return _BY_PROVINCE[head](province(rest))  # type: ignore[call-arg]
    raise ValueError(f"bad action code {code!r}")


# --- encode / decode --------------------------------------------------------------------------

def encode_save(state: GameState, game_id: str | None = None) -> str:
    """The whole game as compact URL-safe text (it becomes the share link); ``game_id``:
    the game's identity (left out when None, as saves were before identities)."""
    board = state.board
    config = state.config.model_dump(mode="json", exclude_defaults=True,
                                     exclude=_VERSION_FIELDS)
    # Written even at their defaults: a default changes with a new release, a save must not.
    config["rules_version"] = state.config.rules_version
    config["map_version"] = board.version
    payload = {
        "config": config,
        "board": board.fingerprint,
        "log": " ".join(action_code(a, board) for a in state.actions),
        "digest": digest(state),
    }
    if game_id is not None:
        payload["game"] = game_id
    return pack(payload, SAVE_FORMAT)


# --- game identity ----------------------------------------------------------------------------


def legacy_game_id(cfg: GameConfig) -> str:
    """The identity of a game saved before identities existed: a hash of its settings (the
    seed included) and board, so every copy of one old game gets the same identity. Two old
    games with the very same settings also share it; their histories then differ, which a
    link says (see :func:`link_relation`) without losing either."""
    return hashed_game_id([
        cfg.model_dump(mode="json", exclude_defaults=True, exclude=_VERSION_FIELDS),
        cfg.rules_version, load_map(cfg.map, cfg.map_version).fingerprint])


def save_facts(text: object) -> SaveFacts:
    """The :class:`SaveFacts` of a save or link (raises :class:`SaveError` on bad input; the
    moves themselves are checked only when the save is loaded)."""
    model, cfg = _read(text)
    settings = json.dumps([cfg.model_dump(mode="json"), model.board], sort_keys=True)
    return SaveFacts(model.game or legacy_game_id(cfg), settings, tuple(model.log.split()))


def _complete(config: dict[str, Any], board_fingerprint: str) -> dict[str, Any]:
    """A recorded config with what older records left implicit: the first rules for a record
    written before rules were numbered, and the board version that has the record's
    fingerprint for one written before boards were versioned."""
    out = {"rules_version": FIRST_RULES, **config}
    name = out.get("map", "europe")
    if not isinstance(name, str):
        return out  # the config's validation says what is wrong
    try:
        board = board_with_fingerprint(name, board_fingerprint)
    except (KeyError, ValueError):
        raise SaveError("this save needs the board {board}, which this edition lacks",
                        board=repr(name)) from None
    if "map_version" not in out and board is not None:
        out["map_version"] = board.version
    return out


def _check_board(cfg: GameConfig, board_fingerprint: str) -> None:
    if load_map(cfg.map, cfg.map_version).fingerprint != board_fingerprint:
        raise SaveError("this save was made on another version of the board, which this "
                        "edition lacks")


def _invalid(exc: ValidationError, settings: bool) -> SaveError:
    """The save's first invalid field (``settings``: of the game settings)."""
    if settings:
        return SaveError("the game settings are not valid ({where}: {problem})",
                         **field_problem(exc))
    return SaveError("the save's contents are not valid ({where}: {problem})",
                     **field_problem(exc))


def max_actions(cfg: GameConfig) -> int:
    """How many actions a save of this game may hold."""
    return FIRST_MAX_ACTIONS if (cfg.target() or 0) > MAX_TARGET_VP else MAX_ACTIONS


def config_from_record(config: dict[str, Any], board_fingerprint: str) -> GameConfig:
    """The config of a recorded game (a save, a golden playthrough), as it was played: its
    rules' number and its board's version filled in when the record predates them.

    Raises :class:`SaveError` when the record is not valid or names an unknown board."""
    from pydantic import ValidationError

    from ..turn.schemas import GameConfig  # the edge: pydantic validates

    try:
        cfg = GameConfig.model_validate(_complete(config, board_fingerprint),
                                        context={"saved": True})
    except ValidationError as exc:
        raise _invalid(exc, settings=True) from None
    _check_board(cfg, board_fingerprint)
    return cfg


Observer = Callable[[GameState, Action, GameState], None]


def decode_save(text: object, observe: Observer | None = None) -> GameState:
    """Rebuild a game from :func:`encode_save` text. Raises :class:`SaveError` on bad input.

    ``observe(before, action, after)`` is called for every replayed action, so a caller
    that wants the game's history (the page's move log) needs no second replay.
    """
    return load_game(text, observe)[0]


def _read(text: object) -> tuple[SaveModel, GameConfig]:
    """The checked contents of a save, not replayed."""
    from pydantic import ValidationError

    from ..turn.schemas import SaveModel  # the edge: pydantic validates
    payload = unpack(text, SAVE_FORMAT)
    if isinstance(payload.get("board"), str):
        payload["config"] = _complete(payload["config"], payload["board"])
    try:
        # context: a save keeps loading under checks added after it was made.
        model = SaveModel.model_validate(payload, context={"saved": True})
    except ValidationError as exc:
        raise _invalid(exc, settings=False) from None
    _check_board(model.config, model.board)
    return model, model.config


def load_game(text: object, observe: Observer | None = None) -> tuple[GameState, str]:
    """:func:`decode_save` and the game's identity (:func:`legacy_game_id` for a save
    written before identities)."""
    model, cfg = _read(text)
    board = load_map(cfg.map, cfg.map_version)

    def step(state: GameState, action: Action) -> GameState:
        if observe is None:
            state.advance(action)  # no copy: this state is ours alone
            return state
        after = state.apply(action)
        observe(state, action, after)
        return after

    state = replay_codes(new_game(cfg), model.log.split(), lambda code: parse_code(code, board),
                         step, IllegalAction, WORDS, max_actions(cfg))
    check_digest(digest(state), model.digest, WORDS)
    return state, model.game or legacy_game_id(cfg)


__all__ = ["BEHIND", "DIVERGES", "EXTENDS", "OTHER", "SAME", "SAVE_FORMAT", "SaveError",
           "SaveFacts", "WORDS", "action_code", "config_from_record", "decode_save", "digest",
           "encode_save", "legacy_game_id", "link_relation", "load_game", "max_actions",
           "new_game_id", "parse_code", "save_facts"]
