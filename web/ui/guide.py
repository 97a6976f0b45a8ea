"""The guided first game on the page: the help menu's entry, the guide's bar above the board
(what to do and why, step n of 12, Leave the guide) and the outline of what to click.

The texts and the script are :mod:`vinci_core.table.guide`'s; this module only shows them, in the
page's language (``<html lang>``), again whenever the page says the language changed (the
``vinci:language`` event on ``document``). :func:`start_guide` and :func:`leave_guide` put
the guided game on screen and take it away (``app``: main.App).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from . import dialogs
from .dom import PROXIES, element, found, query, show
from .dom import lang as page_lang
from .errors import clear_error

OUTLINE = "guide-target"


class GuidePanel:
    """Whether the guided game is on screen, the game to go back to, and the bar."""

    def __init__(self, redraw: Callable[[], None]) -> None:
        self.active = False
        self.previous: str | None = None  # the saved game on screen before the guide
        self.said: str | None = None  # the last refusal, until the next step
        self.said_at: int | None = None
        # The ply from which the script is over (the game is the player's): later positions
        # need no replay of the log to know it (undo never goes back past that choice).
        self.free_from: int | None = None
        self.redraw = redraw
        proxy = create_proxy(lambda _event: self.on_language())
        PROXIES.append(proxy)
        js.document.addEventListener("vinci:language", proxy)

    def on_language(self) -> None:
        self.render_labels()
        self.redraw()

    def begin(self, previous: str | None) -> None:
        self.active, self.previous, self.said, self.free_from = True, previous, None, None
        menu = element("help-menu")
        if found(menu):
            menu.open = False

    def stop(self) -> None:
        self.active, self.said = False, None

    def render_labels(self) -> None:
        from vinci_core.words.guide_labels import page_labels

        labels = page_labels(page_lang())
        element("help-label").textContent = labels["help"]
        query("[data-testid=guide-start]").textContent = labels["start"]
        query("[data-testid=guide-leave]").textContent = labels["leave"]
        element("guide-h").textContent = labels["panel"]

    def refusal(self, state: Any, action: dict[str, Any]) -> str | None:
        """Why the guide does not let ``action`` be played (None: play it), said on the bar."""
        if not self.active or self.is_free(state):
            return None
        from vinci_core.table.guide import refusal

        word = refusal(state, action, page_lang())
        self.said, self.said_at = word, state.ply
        return word

    def render(self, state: Any | None) -> None:
        """The bar for ``state`` and the outline of what to use (nothing when inactive)."""
        bar = element("guide")
        for node in js.document.querySelectorAll(f".{OUTLINE}"):
            node.classList.remove(OUTLINE)
        show(bar, self.active and state is not None)
        if not self.active or state is None:
            return
        from vinci_core.table.guide import GUIDE_SCRIPT, free_step, guide_step, step_counter

        lang = page_lang()
        step = (free_step(len(GUIDE_SCRIPT), lang) if self.is_free(state)
                else guide_step(state, lang))
        if step.key == "free" and self.free_from is None:
            self.free_from = state.ply
        bar.dataset.step = step.key
        bar.dataset.number = str(step.number)
        element("guide-count").textContent = step_counter(step, lang)
        element("guide-title").textContent = step.title
        element("guide-text").textContent = step.text
        refused = element("guide-refusal")
        if self.said_at != state.ply:
            self.said = None  # the game moved on: the refusal is old
        refused.textContent = self.said or ""
        show(refused, bool(self.said))
        for selector in _selectors(step.point):
            for node in js.document.querySelectorAll(selector):
                node.classList.add(OUTLINE)

    def is_free(self, state: Any) -> bool:
        return self.free_from is not None and state.ply >= self.free_from


def _selectors(point: dict[str, Any]) -> list[str]:
    out = []
    if "province" in point:
        pid = point["province"]  # the province and its owner's tint above it
        out += [f'path[data-province="{pid}"]', f'path[data-owner-of="{pid}"]']
    if "slot" in point:
        out.append(f'[data-testid="slot-{point["slot"]}"]')
    if "testid" in point:
        out.append(f'[data-testid="{point["testid"]}"]')
    for pid in point.get("provinces", ()):
        out.append(f'[data-row="{pid}"]')
    return out


def start_guide(app: Any) -> None:
    """The guided first game, not saved; the game on screen stays saved to go back to."""
    from vinci_core.table.guide import guide_config
    from vinci_core.table.session import Session

    guide = app.guide
    app.games.save_now()
    # Replayed from the menu during the guide: the game to go back to stays the same.
    guide.begin(guide.previous if guide.active else app.games.game_id)
    dialogs.close("new-game-dialog")
    clear_error()
    app.flow.show(None, Session.new(guide_config(page_lang())), fresh=False, guided=True)


def leave_guide(app: Any) -> None:
    """Back to the saved game that was on screen before the guide (or to none)."""
    previous = app.guide.previous
    app.guide.stop()
    if previous is not None and previous in app.games.store.ids():
        app.flow.continue_game(previous)
        return
    app.flow.show_none()
