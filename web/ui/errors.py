"""The error line above the board: why the engine refused a click, a link or file that holds
no game, a saved game that cannot be opened. Its tile names are links into the rules
reference; the next action that works (or its own button) hides it."""

from __future__ import annotations

from .dom import append_parts, element, show


def show_error(text: str) -> None:
    show_error_parts([(text, None)])


def show_error_parts(parts: list[tuple[str, str | None]]) -> None:
    """The error line; tile names in ``parts`` (vinci_core.text.textparts) become links."""
    box = element("error-text")
    box.replaceChildren()
    append_parts(box, parts)
    show(element("error"), True)


def clear_error() -> None:
    show(element("error"), False)
