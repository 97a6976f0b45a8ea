"""Sentences with tile names in them, as parts the page turns into glossary links.

A text the page shows (a log line, a notice, a refusal, a hint, a review row) is kept as a
list of parts ``(text, tile id or None)``: the page writes the plain parts as text and each
tile's part as a button opening that tile's glossary entry. The parts are computed here,
from what the producer knows it named (the tiles of a chosen civilization, the tile a
conquest used, the tile a rule is about), never guessed by the page from translated text.

>>> format_parts("{who} chose {civ}.", who="Ann", civ=[("Amazons", "amazons")])
[('Ann chose ', None), ('Amazons', 'amazons'), ('.', None)]
>>> find_names("Ann conquers Tuscany with Espionage.", {"espionage": ["Espionage"]})
[('Ann conquers Tuscany with ', None), ('Espionage', 'espionage'), ('.', None)]
>>> plain([("Ann chose ", None), ("Amazons", "amazons")])
'Ann chose Amazons'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from string import Formatter

Part = tuple[str, str | None]  # a piece of text, and the tile it names (None: plain text)
Parts = list[Part]


def plain(parts: Iterable[Part]) -> str:
    """The text of ``parts`` as one string."""
    return "".join(text for text, _tile in parts)


def tidy(parts: Iterable[Part]) -> Parts:
    """``parts`` without empty pieces, neighbouring plain pieces joined."""
    out: Parts = []
    for text, tile in parts:
        if not text:
            continue
        if tile is None and out and out[-1][1] is None:
            out[-1] = (out[-1][0] + text, None)
        else:
            out.append((text, tile))
    return out


def has_tiles(parts: Iterable[Part]) -> bool:
    return any(tile is not None for _text, tile in parts)


def format_parts(template: str, **values: str | int | Parts) -> Parts:
    """``template.format(**values)`` as parts: a value given as parts keeps its tiles.

    Only plain ``{name}`` fields (the catalogues' placeholders); a format spec or
    conversion is refused rather than ignored.
    """
    out: Parts = []
    for literal, field, spec, conversion in Formatter().parse(template):
        out.append((literal, None))
        if field is None:
            continue
        if spec or conversion:
            raise ValueError(f"{template!r}: only plain {{name}} fields are supported")
        value = values[field]
        if isinstance(value, list):
            out.extend(value)
        else:
            out.append((str(value), None))
    return tidy(out)


def find_names(text: str, names: Mapping[str, Iterable[str]], skip: Iterable[str] = ()
               ) -> Parts:
    """``text`` cut around the names of the tiles it is known to name (``names``: tile id
    -> the forms of its name in the text's language), whole words only, the longest form
    first; nothing inside the first occurrence of each string of ``skip`` (the players'
    names: a player may be called after a tile)."""
    taken = [False] * len(text)
    for word in skip:  # a sentence names each player once, before any tile it names
        start = text.find(word) if word else -1
        if start >= 0:
            taken[start:start + len(word)] = [True] * len(word)
    found: list[tuple[int, int, str]] = []
    forms = sorted(((form, tid) for tid, many in names.items() for form in many if form),
                   key=lambda pair: -len(pair[0]))
    for form, tid in forms:
        for match in re.finditer(rf"(?<!\w){re.escape(form)}(?!\w)", text, re.IGNORECASE):
            span = range(match.start(), match.end())
            if any(taken[i] for i in span):
                continue
            taken[match.start():match.end()] = [True] * len(span)
            found.append((match.start(), match.end(), tid))
    out: Parts = []
    last = 0
    for start, end, tid in sorted(found):
        out += [(text[last:start], None), (text[start:end], tid)]
        last = end
    out.append((text[last:], None))
    return tidy(out) or [("", None)]
