"""The move log: lines are appended as the game goes on, redrawn when its start changes."""

from __future__ import annotations

from .dom import element, make


class LogPanel:
    def __init__(self) -> None:
        self.shown: list[str] = []

    def reset(self) -> None:
        self.shown = []

    def render(self, lines: list[str]) -> None:
        box = element("log")
        shown = self.shown
        if lines[:len(shown)] != shown or len(lines) < len(shown):
            box.replaceChildren()
            shown = []
        for line in lines[len(shown):]:
            box.append(make("li", line))
        self.shown = list(lines)
        box.scrollTop = box.scrollHeight
