"""The replay bar: steps, slider, keys, play at a speed, "play on from here". The positions
and the stepping are vinci_core.table.playback.Replay (tested in CPython); this module binds
them to the bar and tells the page which position to draw. The functions below open and
close a replay on the page (``app``: main.App, whose ``replay`` is the bar on screen)."""

from __future__ import annotations

import time
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from . import dialogs
from .dom import BRIDGE, _, element, found, query, show

KEYS = {"ArrowLeft": ("action", -1), "ArrowRight": ("action", 1)}


class ReplayBar:
    """One replay at a time: ``replay`` (a playback.Replay) and the position shown."""

    def __init__(self, replay: Any, redraw: Any) -> None:
        self.replay = replay
        self.index = replay.last
        self.redraw = redraw  # the page's render: draws self.view()
        self.playing = False
        self.timings: list[float] = []  # ms from a step to the redrawn page (bench hook)
        self.drawn: tuple[bool, ...] | None = None  # the buttons' state on the bar
        slider = element("replay-slider")
        slider.max = str(replay.last)
        show(element("replay-bar"), True)
        js.document.documentElement.dataset.replay = "1"

    def view(self) -> dict[str, Any]:
        return dict(self.replay.view(self.index))

    def close(self) -> None:
        self.playing = False
        show(element("replay-bar"), False)
        js.document.documentElement.dataset.replay = "0"

    # ---------------------------------------------------------------- moving

    def go(self, index: int) -> None:
        self.index = self.replay.clamp(index)
        self.redraw()

    def step(self, unit: str, direction: int) -> None:
        if unit == "end":
            self.go(0 if direction < 0 else self.replay.last)
        else:
            self.go(self.replay.step(self.index, unit, direction))

    def key(self, key: str, shift: bool) -> None:
        if key == "Home":
            self.go(0)
        elif key == "End":
            self.go(self.replay.last)
        elif key in KEYS:
            unit, direction = KEYS[key]
            self.step("turn" if shift else unit, direction)

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.index >= self.replay.last:
            self.go(0)  # from the start again
        self.render_controls()
        if self.playing:
            self.tick_later()

    def tick_later(self) -> None:
        ms = int(element("replay-speed").value or 400)
        BRIDGE.later(ms, create_once_callable(self.tick))

    def tick(self) -> None:
        if not self.playing:
            return
        if self.index >= self.replay.last:
            self.playing = False
            self.render_controls()
            return
        self.go(self.index + 1)
        self.tick_later()

    # ---------------------------------------------------------------- drawing

    def render_controls(self, board: Any = None) -> None:
        """The bar's own state; the page's render has drawn the position. Only what changed
        is touched (each DOM call is a trip through Pyodide's bridge): a step changes the
        slider, the label and the log, rarely the buttons."""
        element("replay-slider").value = str(self.index)
        query("[data-testid=replay-label]").textContent = self.replay.label(self.index)
        move = self.replay.move(self.index)  # the replayed move: said and ringed (issue 29)
        query("[data-testid=replay-move]").textContent = move["text"]
        if board is not None:
            if move["province"]:
                board.flash(move["province"])
            else:
                ring = element("board").querySelector(".flash-ring")
                if found(ring):
                    ring.classList.remove("on")
                    ring.removeAttribute("data-flash")
        at_start, at_end = self.index == 0, self.index == self.replay.last
        terminal = self.replay.positions[self.index].is_terminal
        if self.drawn != (self.playing, at_start, at_end, terminal):
            self.drawn = (self.playing, at_start, at_end, terminal)
            self.render_buttons(at_start, at_end, terminal)
        # The whole log is made once (LogPanel); the page shows its rows up to the step's
        # line, which it marks, in one call.
        BRIDGE.showLogRows(int(self.replay.rows_end[self.index]))
        js.document.documentElement.dataset.replayIndex = str(self.index)

    def render_buttons(self, at_start: bool, at_end: bool, terminal: bool) -> None:
        play = query("[data-testid=replay-play]")
        play.querySelector(".txt").textContent = _("Pause") if self.playing else _("Play")
        # aria-pressed also picks its icon, play or pause (style.css)
        play.setAttribute("aria-pressed", "true" if self.playing else "false")
        for tid in ("replay-start", "replay-back-round", "replay-back-turn", "replay-back"):
            query(f"[data-testid={tid}]").disabled = at_start
        for tid in ("replay-forward", "replay-forward-turn", "replay-forward-round",
                    "replay-end"):
            query(f"[data-testid={tid}]").disabled = at_end
        query("[data-testid=replay-branch]").disabled = terminal


def open_replay(app: Any) -> None:
    if app.session is None:
        return
    from vinci_core.table.playback import Replay

    dialogs.close("over-dialog")
    app.replay = ReplayBar(Replay.of(app.session), app.render)
    app.redraw_all()
    app.render()


def close_replay(app: Any, redraw: bool = True) -> None:
    if app.replay is None:
        return
    app.replay.close()
    app.replay = None
    app.analysis.close()  # nothing of an analysis keeps running (issue 31)
    app.redraw_all()
    app.log.reset()
    if redraw:
        app.render()
        app.schedule_virtual()


def reword_replay(app: Any) -> None:
    """The page's language changed: the same position, worded in the new language."""
    from vinci_core.table.playback import Replay

    index = app.replay.index
    app.replay.close()
    app.replay = ReplayBar(Replay.of(app.session), app.render)
    app.replay.index = index


def branch(app: Any) -> None:
    """"Play on from here": a new saved game with the log up to the position shown."""
    if app.replay is None:
        return
    game = app.replay.replay.play_on(app.replay.index)
    app.flow.show(app.games.store.new_id(), game)


def step(app: Any, value: Any) -> None:
    """A step button: ``value`` is "<unit>:<direction>", a unit of ReplayBar.step and +1
    or -1."""
    if app.replay is not None:
        unit, _sep, direction = str(value).partition(":")
        timed(app, lambda: app.replay.step(unit, int(direction)))


def on_key(app: Any, detail: dict[str, Any]) -> None:
    """An arrow key, Home or End while the replay is open (app.js "replay-key")."""
    if app.replay is not None:
        timed(app, lambda: app.replay.key(str(detail.get("key")), bool(detail.get("shift"))))


def on_seek(app: Any, detail: dict[str, Any]) -> None:
    """The slider moved (app.js "replay-seek")."""
    if app.replay is not None:
        timed(app, lambda: app.replay.go(int(detail.get("value") or 0)))


def timed(app: Any, move: Any) -> None:
    """A replay step, timed from the event to the redrawn page (bench hook)."""
    t0 = time.perf_counter()
    move()
    if app.replay is not None:
        app.replay.timings.append((time.perf_counter() - t0) * 1000)
        js.document.documentElement.setAttribute(
            "data-replay-ms", ",".join(f"{ms:.1f}" for ms in app.replay.timings[-200:]))
