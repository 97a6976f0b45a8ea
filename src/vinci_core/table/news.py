"""What the others did since a player's last turn, as the page's news strip shows it.

The strip sits beside the board (a panel one tap away on a phone), never over it: every
action since the player's last turn, newest first, each with its province (a click shows it
on the board), worded short; a virtual player's reason is one tap away. Pure Python on the
session's log entries (session._entries): tested in CPython, drawn by web/ui/notices.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..text.textparts import Parts

__all__ = ["identities", "new_on_top", "news", "viewer"]


def viewer(entries: Sequence[dict[str, Any]], current: int | None,
           local: Sequence[int]) -> int | None:
    """The player the strip speaks to: the one to act when it plays here (``local``: the
    human seats of this device), else the local human who acted last (the virtual players'
    turns go on after theirs), else the first local seat; None with no local human."""
    if current is not None and current in local:
        return current
    for e in reversed(entries):
        if e.get("kind") == "action" and e.get("seat") in local:
            return int(e["seat"])
    return local[0] if local else None


def news(entries: Sequence[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """Every action with a notice since ``seat`` last acted, newest first, not its own
    (``seat`` None: every one). Each item: ``text`` and ``parts`` (short: what was done),
    ``reason`` (why, for a virtual player's move; None otherwise), ``province`` (to show on
    the board, or None), ``seat`` (who acted) and ``index`` (the entry's place in the log)."""
    last = -1
    if seat is not None:
        last = max((i for i, e in enumerate(entries)
                    if e.get("seat") == seat and e.get("kind") == "action"), default=-1)
    out = []
    for i in range(len(entries) - 1, last, -1):
        e = entries[i]
        actor = e.get("seat")
        if not e.get("notice") or actor is None or (actor == seat and e.get("kind") != "score"):
            continue
        text = str(e.get("short") or e["notice"])
        parts: Parts = e.get("short_parts") or e.get("notice_parts") or [(text, None)]
        out.append({"text": text, "parts": parts, "reason": e.get("reason") or None,
                    "province": e.get("province"), "seat": actor, "index": i})
    return out


def identities(items: Sequence[dict[str, Any]]) -> tuple[tuple[int, str], ...]:
    """What tells the strip's items apart: each one's place in the log and its words (an
    undone action's place may come back with another action)."""
    return tuple((item["index"], item["text"]) for item in items)


def new_on_top(drawn: Sequence[Any], items: Sequence[Any]) -> int | None:
    """How many of ``items`` (:func:`identities`, newest first) are new on top of the
    ``drawn`` ones, which follow them unchanged; None when the strip must be drawn anew (the
    player acted, a move was undone). While the others play, only the new items need
    drawing.

    >>> new_on_top([(5, "b")], [(7, "a"), (5, "b")])
    1
    >>> new_on_top([], [(7, "a")])
    1
    >>> new_on_top([(7, "a"), (5, "b")], [(7, "a"), (5, "b")])
    0
    >>> new_on_top([(5, "b")], [(7, "a"), (5, "c")]) is None
    True
    >>> new_on_top([(7, "a"), (5, "b")], [(5, "b")]) is None
    True
    """
    drawn, items = tuple(drawn), tuple(items)
    if len(items) < len(drawn) or items[len(items) - len(drawn):] != drawn:
        return None
    return len(items) - len(drawn)
