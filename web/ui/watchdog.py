"""The page's watchdog (issue 29; what it decides and says: vinci_core.table.watchdog).

app.js calls :meth:`Watchdog.look` once a second while the page is visible; a virtual or AI
turn that has not moved for 10 s, or Python raising while it handles an event
(:func:`failed`, and app.js for an error no handler caught), shows the ``#watchdog``
message: what happened, in the page's language, and a button that reloads the page (app.js
alone runs it, so it works whatever state Python is in), which resumes the saved game.
``<html data-watchdog>`` says which ("stalled" or "failed"): the end-to-end tests fail a
test whose page showed it (e2e/conftest.py).

vinci_core.table.watchdog is imported once a game is on screen: a first visit's first render
does without it (build_site.FIRST_RENDER_MODULES).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from .dom import BRIDGE, PROXIES, _, element


class Watchdog:
    """``session()``: the game on screen (or None); ``paused()``: true while a replay is
    open (the virtual players wait for it to close)."""

    def __init__(self, session: Callable[[], Any], paused: Callable[[], bool]) -> None:
        self.session, self.paused = session, paused
        self.turns: Any = None  # vinci_core.table.watchdog.TurnWatch, once a game is shown
        proxy = create_proxy(self.look)
        PROXIES.append(proxy)
        BRIDGE.watch(proxy)

    def look(self, now: float) -> None:
        """app.js, once a second while the page is visible (``now``: performance.now())."""
        session = self.session()
        if session is None and self.turns is None:
            return  # no game yet: nothing to wait for
        from vinci_core.table import watchdog

        if self.turns is None:
            self.turns = watchdog.TurnWatch()
        seen = self.turns.look(float(now), watchdog.awaited_token(session, bool(self.paused())))
        if seen == "stalled":
            name = watchdog.awaited_name(session)
            message, values = watchdog.stalled_message(name)
            show("stalled", _(message).format(**values),
                 f"{name}'s turn has not moved for {self.turns.stall_ms / 1000:.0f} s")
        elif seen == "moved":
            BRIDGE.unalarm("stalled")  # it was slow, not stuck: the message goes


def failed(trace: str | None = None) -> None:
    """Python raised while handling an event (``trace``: the traceback, else the one being
    handled): logged on the console, and the player is told."""
    from vinci_core.table.watchdog import FAILED

    show("failed", _(FAILED), trace or traceback.format_exc())


def show(kind: str, text: str, detail: str) -> None:
    """The watchdog's message (``kind``: "stalled" or "failed"), ``detail`` for the console."""
    from vinci_core.table.watchdog import RELOAD

    element("watchdog-text").textContent = text
    element("watchdog-reload").textContent = _(RELOAD)
    BRIDGE.alarm(kind, detail)
