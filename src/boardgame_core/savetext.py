"""The save text of any game: versioned, compressed, URL-safe text of a JSON record.

A save is ``<prefix><version>.`` followed by base64url (no padding) of zlib-compressed
JSON. What the record holds (a config, an action log, a digest, an identity) is the game's
business; this module packs and unpacks it, with limits, so that no input, however
damaged or hostile, raises anything but :class:`~.errors.SaveError` in the game's words
(:class:`SaveFormat`), and replays a log of action codes with the checks every game needs
(:func:`replay_codes`).

>>> fmt = SaveFormat("demo", 1, max_json=1_000, words=SaveWords.plain("demo"))
>>> text = pack({"config": {"seed": 3}, "log": "a b"}, fmt)
>>> text.startswith("demo1."), unpack(text, fmt)
(True, {'config': {'seed': 3}, 'log': 'a b'})
>>> unpack("chess1.abc", fmt)
Traceback (most recent call last):
...
boardgame_core.errors.SaveError: this is not a demo save
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import SaveError

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class SaveWords:
    """What a bad save is told with: English ``str.format`` templates, marked for
    translation by the game that hands them in (its catalogues hold them)."""

    not_text: str
    too_large: str
    not_a_save: str
    version: str  # {version}: the save's, {current}: the one this edition reads
    changed: str
    damaged: str
    cut_short: str
    goes_on: str
    field_twice: str
    not_json: str
    no_settings: str
    too_many_actions: str
    unreadable_action: str  # {i}: the action's number, from 1
    breaks_rule: str  # {i}, {rule}: the rule's id, {problem}: the game's refusal
    altered: str

    @classmethod
    def plain(cls, game: str) -> SaveWords:
        """Untranslated words naming ``game`` (tests, and a game without catalogues)."""
        return cls(
            not_text="a save is text", too_large=f"this save is far too large to be a {game} game",
            not_a_save=f"this is not a {game} save",
            version="this save has format version {version}; this edition reads version "
                    "{current}",
            changed="the game's text was changed on the way",
            damaged="the game's text is damaged", cut_short="the game's text is cut short",
            goes_on="the game's text goes on after its end",
            field_twice="the save's contents are not valid (a field is written twice)",
            not_json="the save's contents are not valid (not JSON)",
            no_settings="the save's contents are not valid (no game settings)",
            too_many_actions="this save holds too many actions to be a real game",
            unreadable_action="action {i} of the save is unreadable",
            breaks_rule="action {i} of the save breaks rule {rule}: {problem}",
            altered="the save was altered: the replayed game does not match its checksum")


@dataclass(frozen=True)
class SaveFormat:
    """One game's save text: its prefix and format version, how much it accepts (characters
    of text, bytes of JSON once inflated) and its words."""

    prefix: str
    version: int
    max_json: int
    words: SaveWords
    max_text: int = 200_000


def pack(payload: dict[str, Any], fmt: SaveFormat) -> str:
    """``payload`` as save text (compact JSON, zlib level 9, base64url without padding)."""
    raw = json.dumps(payload, separators=(",", ":")).encode()
    packed = zlib.compress(raw, 9)
    return f"{fmt.prefix}{fmt.version}." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def unpack(text: object, fmt: SaveFormat) -> dict[str, Any]:
    """The JSON record of save text (or of a whole share link: what follows its last
    ``#``), a dict whose ``config`` is a dict. Raises :class:`SaveError` on anything else."""
    return _payload(_inflate(text, fmt), fmt.words)


def _inflate(text: object, fmt: SaveFormat) -> bytes:
    words = fmt.words
    if not isinstance(text, str):
        raise SaveError(words.not_text)
    text = text.strip()
    if "#" in text:  # a whole share link was pasted
        text = text.rsplit("#", 1)[1]
    if len(text) > fmt.max_text:
        raise SaveError(words.too_large)
    head, dot, body = text.partition(".")
    if not dot or not head.startswith(fmt.prefix):
        raise SaveError(words.not_a_save)
    version = head[len(fmt.prefix):]
    if version != str(fmt.version):
        raise SaveError(words.version, version=version or "?", current=fmt.version)
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise SaveError(words.changed) from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, fmt.max_json)
        if inflater.unconsumed_tail:
            raise SaveError(words.too_large)
        raw += inflater.flush()
    except zlib.error:
        raise SaveError(words.damaged) from None
    if not inflater.eof:
        raise SaveError(words.cut_short)
    if inflater.unused_data:
        raise SaveError(words.goes_on)
    return raw


def _payload(raw: bytes, words: SaveWords) -> dict[str, Any]:
    def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs):
            raise SaveError(words.field_twice)
        return out

    try:
        payload = json.loads(raw, object_pairs_hook=unique_keys)
    except SaveError:
        raise
    except (ValueError, RecursionError):
        raise SaveError(words.not_json) from None
    if not isinstance(payload, dict) or not isinstance(payload.get("config"), dict):
        raise SaveError(words.no_settings)
    return payload


Observer = Callable[[S, A, S], None]


def replay_codes(state: S, codes: Sequence[str], parse: Callable[[str], A],
                 step: Callable[[S, A], S], illegal: type[Exception], words: SaveWords,
                 max_actions: int) -> S:
    """The game after the saved ``codes`` from ``state`` (its start): each code read by
    ``parse`` (ValueError: unreadable) and played by ``step`` (which returns the next state
    and raises ``illegal``, the game's refusal with its ``rule``, on a move the rules
    forbid). Every failure is a :class:`SaveError` that says which action broke."""
    if len(codes) > max_actions:
        raise SaveError(words.too_many_actions)
    for i, code in enumerate(codes, 1):
        try:
            action = parse(code)
        except ValueError:
            raise SaveError(words.unreadable_action, i=i) from None
        try:
            state = step(state, action)
        except illegal as exc:
            raise SaveError(words.breaks_rule, i=i, rule=getattr(exc, "rule", "?"),
                            problem=exc) from None
    return state


def check_digest(found: str, saved: object, words: SaveWords) -> None:
    """The replayed game's digest must be the one the save recorded."""
    if found != saved:
        raise SaveError(words.altered)
