"""Saves and share links: versioned, compressed, URL-safe text (config + action log).

A save is ``vinci1.`` followed by base64url (no padding) of zlib-compressed JSON
``{"config": …, "board": <fingerprint>, "log": "<actions>", "digest": <final digest>}``.
Actions are written in a compact text form (:func:`action_code`) with province numbers of
the board the fingerprint names. :func:`decode_save` validates, replays and checks the
digest; any bad input raises :class:`SaveError` and nothing else.

>>> from vinci_core import GameConfig, Seat, new_game
>>> cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=3, map="mini")
>>> state = new_game(cfg)
>>> state = state.apply(state.legal_actions()[0])
>>> digest(decode_save(encode_save(state))) == digest(state)
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .actions import (
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
from .config import GameConfig
from .maps import Board, load_map
from .state import GameState, new_game

PREFIX = "vinci"
VERSION = 1
MAX_TEXT = 200_000  # characters of save text accepted
MAX_JSON = 2_000_000  # bytes after decompression
MAX_ACTIONS = 50_000


class SaveError(ValueError):
    """A save or share link that cannot be loaded; the message says why, in plain words."""


# --- digest -----------------------------------------------------------------------------------

def _state_facts(state: GameState) -> list[Any]:
    t = state.turn
    return [
        # Defaults left out: a new optional config field keeps old digests (and saves) valid.
        state.config.model_dump(mode="json", exclude_defaults=True), state.board.fingerprint,
        state.rng, state.draws,
        state.bag, [list(d) for d in state.display],
        [[p.score, p.civ, sorted(p.abilities.items()), p.declined_civ, p.declined_kept,
          p.hand, p.temp, p.returned, p.received, p.lost] for p in state.players],
        state.owner, state.declined, state.tokens, state.fort, state.phase, state.turn_seat,
        state.round, state.start,
        [t.acted, t.conquered, t.spies, t.envoys, t.forts, t.reorg_before],
        state.peace, state.queue, state.ending, state.slaves, state.ply, state.history,
    ]


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

class _SaveModel(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    config: GameConfig
    board: str = Field(pattern=r"^[0-9a-f]{12}$")
    log: str = Field(max_length=MAX_JSON)
    digest: str = Field(pattern=r"^[0-9a-f]{16}$")


def encode_save(state: GameState) -> str:
    """The whole game as compact URL-safe text (it becomes the share link)."""
    board = state.board
    payload = {
        "config": state.config.model_dump(mode="json", exclude_defaults=True),
        "board": board.fingerprint,
        "log": " ".join(action_code(a, board) for a in state.actions),
        "digest": digest(state),
    }
    raw = json.dumps(payload, separators=(",", ":")).encode()
    packed = zlib.compress(raw, 9)
    return f"{PREFIX}{VERSION}." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _unpack(text: object) -> bytes:
    if not isinstance(text, str):
        raise SaveError("a save is text")
    text = text.strip()
    if "#" in text:  # a whole share link was pasted
        text = text.rsplit("#", 1)[1]
    if len(text) > MAX_TEXT:
        raise SaveError("this save is far too large to be a Vinci game")
    head, dot, body = text.partition(".")
    if not dot or not head.startswith(PREFIX):
        raise SaveError("this is not a Vinci save")
    version = head[len(PREFIX):]
    if version != str(VERSION):
        raise SaveError(f"this save has format version {version or '?'}; this edition reads "
                        f"version {VERSION}")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise SaveError("the save text is damaged (not valid base64)") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise SaveError("this save is far too large to be a Vinci game")
        raw += inflater.flush()
    except zlib.error:
        raise SaveError("the save text is damaged or cut short") from None
    if not inflater.eof:
        raise SaveError("the save text is cut short")
    return raw


Observer = Callable[[GameState, Action, GameState], None]


def decode_save(text: object, observe: Observer | None = None) -> GameState:
    """Rebuild a game from :func:`encode_save` text. Raises :class:`SaveError` on bad input.

    ``observe(before, action, after)`` is called for every replayed action, so a caller
    that wants the game's history (the page's move log) needs no second replay.
    """
    raw = _unpack(text)
    try:
        # context: a save keeps loading under checks added after it was made.
        model = _SaveModel.model_validate_json(raw, context={"saved": True})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first["loc"])
        raise SaveError(f"the save's contents are not valid ({where}: {first['msg']})") from None
    cfg = model.config
    try:
        board = load_map(cfg.map)
    except (KeyError, ValueError):
        raise SaveError(f"this save needs the board {cfg.map!r}, which this edition lacks") \
            from None
    if board.fingerprint != model.board:
        raise SaveError("this save was made on another version of the board")
    codes = model.log.split()
    if len(codes) > MAX_ACTIONS:
        raise SaveError("this save holds too many actions to be a real game")
    state = new_game(cfg)
    for i, code in enumerate(codes, 1):
        try:
            action = parse_code(code, board)
        except ValueError:
            raise SaveError(f"action {i} of the save is unreadable") from None
        try:
            after = state.apply(action)
        except IllegalAction as exc:
            raise SaveError(f"action {i} of the save breaks rule {exc.rule}: {exc.message}") \
                from None
        if observe is not None:
            observe(state, action, after)
        state = after
    if digest(state) != model.digest:
        raise SaveError("the save was altered: the replayed game does not match its checksum")
    return state
