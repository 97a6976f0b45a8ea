"""Notices: a short sentence per action of another player, kept on screen for a while, and
each turn's score; the province last played flashes on the board."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from .dom import BRIDGE, append_parts, element, make

MAX_SHOWN = 4
# A notice stays at least this long (ms), longer at a slow pace: time to read it.
MIN_SHOWN_MS = 5000


def show_notice(text: str, colour: str, pace_ms: int,
                parts: list[tuple[str, str | None]] | None = None) -> None:
    """A notice; ``parts`` (vinci_core.text.textparts) when it names tiles, which become links."""
    box = element("notices")
    box.dataset.count = str(int(box.dataset.count or 0) + 1)  # every notice made (tests)
    li = make("li", None if parts else text, data_testid="notice")
    if parts:
        append_parts(li, parts)
    li.style.setProperty("--c", colour)
    box.append(li)
    while box.children.length > MAX_SHOWN:
        box.firstElementChild.remove()
    BRIDGE.later(max(MIN_SHOWN_MS, 6 * pace_ms), create_once_callable(lambda: _drop(li)))


def _drop(li: Any) -> None:
    if li.parentNode:
        li.remove()


def clear_notices() -> None:
    box = element("notices")
    box.replaceChildren()
    box.dataset.count = "0"


class MoveNotices:
    """Which of the game's log entries are already on screen as notices."""

    def __init__(self) -> None:
        self.seen = 0  # log entries already turned into notices

    def skip(self, entries: list[dict[str, Any]]) -> None:
        """Another game is on screen: no notices for what happened before."""
        self.seen = len(entries)

    def render(self, session: Any, players: list[dict[str, Any]], pace_ms: int,
               board: Any) -> None:
        """A notice for each new move of a virtual player, and each turn's score; the last
        province played flashes on ``board``. (Moves made by a click here are seen as they
        are made.)"""
        entries = session.entries
        new, self.seen = entries[self.seen:], len(entries)
        seats = session.state.config.seats
        flashed = None
        for e in new[-8:]:
            actor = e.get("seat")
            if not e.get("notice") or actor is None:
                continue
            if seats[actor].virtual or e["kind"] == "score":
                show_notice(e["notice"], players[actor]["colour"], pace_ms,
                            e.get("notice_parts"))
                flashed = e.get("province") or flashed
        if flashed:
            board.flash(flashed)
