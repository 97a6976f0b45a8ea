"""Notices: a short sentence per action of another player, kept on screen for a while."""

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
