"""A game's identity across its copies, how two copies relate, and the share link's fragment.

Players pass one game between them as links (play by link): every copy carries the game's
identity, and what a link does to the copy saved here follows from comparing the two
(:func:`link_relation`, :func:`match_link`). None of it needs a game's rules.

>>> saved = SaveFacts("g1", "settings", ("a", "b"))
>>> link_relation(saved, SaveFacts("g1", "settings", ("a", "b", "c")))
'extends'
>>> parse_link_fragment(link_fragment("vinci1.xyz", for_seat=2))
('vinci1.xyz', 2)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def new_game_id() -> str:
    """A fresh identity for a new game (random: two games never share one by chance)."""
    import secrets  # here, not at the top: a first render needs none of what it loads (hmac…)

    return secrets.token_urlsafe(9)  # 12 characters


def hashed_game_id(facts: Any) -> str:
    """The identity of a game saved before identities existed, from the JSON-able ``facts``
    that name it (its settings, seed included): every copy of it gets the same one."""
    blob = json.dumps(facts, separators=(",", ":"), sort_keys=True).encode()
    return "old-" + hashlib.sha256(blob).hexdigest()[:12]


@dataclass(frozen=True)
class SaveFacts:
    """What a save says without replaying it: the game's identity, its settings (as a
    canonical key) and its actions' codes. Enough to tell how two copies of a game relate."""

    game_id: str
    settings: str
    codes: tuple[str, ...]


# What a link does to the saved copy of its game (see link_relation).
SAME, EXTENDS, BEHIND, DIVERGES, OTHER = "same", "extends", "behind", "diverges", "other"


def link_relation(saved: SaveFacts, link: SaveFacts) -> str:
    """How a link's game relates to a saved game: ``other`` (another game), ``same`` (the
    very same moves), ``extends`` (the saved moves and more: the saved game moves forward),
    ``behind`` (only the first part of the saved moves: nothing to do), ``diverges`` (the same
    game, but the moves part ways, or the settings differ)."""
    if saved.game_id != link.game_id:
        return OTHER
    if saved.settings != link.settings:
        return DIVERGES
    a, b = saved.codes, link.codes
    if a == b:
        return SAME
    if len(b) > len(a) and b[:len(a)] == a:
        return EXTENDS
    if len(b) < len(a) and a[:len(b)] == b:
        return BEHIND
    return DIVERGES


def match_link(copies: Sequence[tuple[str, SaveFacts]], link: SaveFacts
               ) -> tuple[str, str, SaveFacts] | None:
    """The saved copy a link goes to, as (its id, the relation, its facts): the first copy
    with the very same moves, else the first the link extends, else the first it is behind.
    None when no copy is one of those (the link is then kept as a game of its own).

    >>> old, new = SaveFacts("g", "s", ("a",)), SaveFacts("g", "s", ("a", "b"))
    >>> match_link([("x", SaveFacts("g", "s", ("c",))), ("y", old)], new)[:2]
    ('y', 'extends')
    """
    related = [(gid, link_relation(facts, link), facts) for gid, facts in copies]
    for wanted in (SAME, EXTENDS, BEHIND):
        for found in related:
            if found[1] == wanted:
                return found
    return None


LINK_KEY = "g="
LINK_FOR = "to="


def link_fragment(save_text: str, for_seat: int | None = None) -> str:
    """The part of a share link after ``#``: the game's save text, and the seat it is sent
    to."""
    text = LINK_KEY + save_text
    return text if for_seat is None else f"{text}&{LINK_FOR}{for_seat}"


def parse_link_fragment(fragment: str) -> tuple[str, int | None] | None:
    """(save text, seat it was sent to) of a link's fragment; None when it holds no game.
    A bad seat number is ignored: the game still opens, with every seat on this device."""
    fragment = fragment.lstrip("#")
    if not fragment.startswith(LINK_KEY):
        return None
    text, _, rest = fragment[len(LINK_KEY):].partition("&")
    seat = None
    for part in rest.split("&"):
        number = part[len(LINK_FOR):]
        # ASCII digits only ("²".isdigit() is true), and few: a game has at most 6 seats.
        if part.startswith(LINK_FOR) and number.isascii() and number.isdigit() and len(number) < 4:
            seat = int(number)
    return text, seat
