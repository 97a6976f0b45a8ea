"""A phone's own habits (issue 29): when the virtual players are done and the player must
act, the page goes back to the board (the prompt says to click a province; the last panel
opened, the civilizations, hid it)."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .dom import scroll_to

PHONE_WIDTH = 600  # as main.py and style.css's phone layout


class PhoneFocus:
    def __init__(self) -> None:
        self.waited = False  # the last render was a virtual player's turn

    def render(self, v: dict[str, Any], replaying: bool) -> None:
        waiting = bool(v.get("virtual_to_act")) and not v["terminal"]
        human = not waiting and not v["terminal"] and not v.get("remote_to_act")
        if self.waited and human and not replaying and js.window.innerWidth < PHONE_WIDTH:
            scroll_to("board-area")
        self.waited = waiting
