"""The strong AI's reasons as messages: a template with named values, worded in a language
at the edge (the page's presenter and session), the way the engine's refusals are.

A reason is a :class:`Message`: a catalogue message id (``ngettext``'s two forms and a count
for a plural) and its values. A value is shown as it is (a player's name, a number already
written with its sign), or worded in the language first: a :class:`Province` by its name
there, a :class:`Civ` by its tiles' names, a list by its items, a :class:`Message` (a clause
of the sentence) by its own template. English is the message ids themselves, so the English
wording of a message is exactly the reason the AI has always given.

``say`` and ``say_n`` build messages; build/catalogues.py extracts their first arguments
(``say_n``: the first two) into the ``vinci`` catalogues.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text.i18n import translations
from ..turn.state import GameState


@dataclass(frozen=True, slots=True)
class Province:
    """A province in a reason, worded by its name in the page's language."""

    pid: str


@dataclass(frozen=True, slots=True)
class Civ:
    """A civilization in a reason: its two tiles, worded "tile + tile"."""

    tiles: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Message:
    """A translatable text: ``template`` (with ``plural`` and ``n``: ngettext's forms and
    count) and its ``str.format`` values."""

    template: str
    values: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    n: int = 0


def say(template: str, **values: object) -> Message:
    return Message(template, tuple(values.items()))


def say_n(singular: str, plural: str, n: int, **values: object) -> Message:
    """A message whose words follow the count ``n`` (the ``{n}`` value)."""
    return Message(singular, tuple({"n": n, **values}.items()), plural, n)


def word(message: Message, state: GameState, lang: str = "en") -> str:
    """``message`` in ``lang``, its values worded too (province names from ``state``)."""
    t = translations(lang)
    template = (t.ngettext(message.template, message.plural, message.n)
                if message.plural is not None else t.gettext(message.template))
    return template.format(**{k: _value(v, state, lang) for k, v in message.values})


def _value(value: object, state: GameState, lang: str) -> object:
    if isinstance(value, Message):
        return word(value, state, lang)
    if isinstance(value, Province):
        return translations(lang).pgettext("province", state.board.province(value.pid).name)
    if isinstance(value, Civ):
        t = translations(lang)
        tiles = state.ruleset.tiles  # the names the catalogues hold, as the display's
        return " + ".join(t.gettext(tiles[tid].name.removesuffix(" (column)"))
                          for tid in value.tiles)
    if isinstance(value, tuple):
        return ", ".join(str(_value(v, state, lang)) for v in value)
    return value


__all__ = ["Civ", "Message", "Province", "say", "say_n", "word"]
