"""The seats the computer plays: their pace (the pace buttons, "Skip animation") and each
AI's search, run in the AI's worker (issue 30) so the page's thread only applies the move.

The page (main.App) says when the game may have moved to a virtual seat (:meth:`schedule`);
this module waits the pace, asks the worker (ui/aiworker.py) for the seat's move, plays its
answer with its reason (vinci_core.table.aiworker.play_answer, as Session.ai_turn logs it)
and hands the played move back through ``played``. Until the worker is ready, or where it
cannot run, the seat's AI thinks on the page as before: Session.ai_turn in slices, so the
page stays drawn and answers its player meanwhile.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from .aiworker import WORKER
from .dom import BRIDGE, query
from .panels import render_virtual
from .watchdog import failed

# The other players' pace: ms between two of their actions (?fast=1: no pause).
PACES = {"slow": 1400, "normal": 500, "instant": 0}
PACE_KEY = "vinci.pace"
# "Skip animation" stops chaining moves after this many, whatever happens.
MAX_SKIP_ACTIONS = 5000
# An AI's search runs in slices of about this many ms, each a short task of its own, so the
# page paints its "thinking" state and answers its player in between (issue 13).
SLICE_MS = 25


class VirtualPlayers:
    """``session()``: the game on screen (or None); ``paused()``: true while a replay is
    open (it pauses the virtual players; closing it resumes them); ``played()``: a move was
    made, redraw and go on."""

    def __init__(self, fast: bool, session: Callable[[], Any], paused: Callable[[], bool],
                 played: Callable[[], None]) -> None:
        self.session, self.paused, self.played = session, paused, played
        self.fast = fast
        saved = BRIDGE.storage.get(PACE_KEY)
        self.pace_name = saved if isinstance(saved, str) and saved in PACES else "normal"
        self.pace = 0 if fast else PACES[self.pace_name]
        self.timer_pending = False
        self.epoch = 0  # bumped by stop(): a timer set before is for a move no longer wanted
        # the AI's move in progress, if any: its request to the worker, or Session.ai_turn
        self.thinking: Any = None
        self.asked_at = 0.0  # when the worker was asked (perf_counter)
        self.think_ms = 0.0  # its search time so far
        self.think_level: str | None = None  # the level of the AI that is thinking
        self.skipped = 0  # moves played at once by "Skip animation"
        self.skipping = False
        self.ai_ms: list[float] = []  # the strong AI's decision times (bench hook)

    # ---------------------------------------------------------------- pace

    def set_pace(self, name: str) -> None:
        if name not in PACES:
            return
        self.pace_name = name
        self.pace = 0 if self.fast else PACES[name]
        BRIDGE.storage.set(PACE_KEY, name)
        self.render_pace()

    def render_pace(self) -> None:
        for name in PACES:
            query(f"[data-testid=pace-{name}]").setAttribute(
                "aria-pressed", "true" if name == self.pace_name else "false")

    def skip(self, view: dict[str, Any]) -> None:
        """"Skip animation": the virtual players' moves at once until a human must act."""
        self.skipping = True
        if not self.timer_pending:
            self.schedule(view)

    # ---------------------------------------------------------------- turns

    def schedule(self, view: dict[str, Any]) -> None:
        """The game on screen moved (``view``: its view model): a virtual seat to act gets
        its move after the pace."""
        if self.timer_pending or self.thinking is not None:
            return  # a virtual move is already on its way
        has_game = self.session() is not None
        if not has_game or not view.get("virtual_to_act"):
            self.skipping = False
            render_virtual(view, has_game)
            return
        self.timer_pending = True
        render_virtual(view, True)
        epoch = self.epoch
        BRIDGE.later(0 if self.skipping else self.pace,
                     create_once_callable(lambda: self._tick(epoch)))

    def stop(self) -> None:
        """Drop the move in progress (another game is on screen, a replay opened): its
        search, a timer still waiting for it, and "Skip animation"."""
        self.epoch += 1
        self.timer_pending = False
        if isinstance(self.thinking, dict):
            WORKER.drop()  # the worker's search stops; its answer would be ignored
        self.thinking = None
        self.think_ms = 0.0
        self.skipped = 0
        self.skipping = False
        js.document.documentElement.removeAttribute("data-thinking")

    def _tick(self, epoch: int) -> None:
        if epoch != self.epoch:
            return  # set for a game no longer on screen: the one there has its own
        self.timer_pending = False
        if self.session() is None or self.paused():
            return
        if WORKER.ready():
            self._ask()
        else:
            self._slice(self._begin())

    def _thinks(self, session: Any) -> None:
        state = session.state
        seat = state.current_player
        self.think_level = None if seat is None else state.config.seats[seat].ai_level
        js.document.documentElement.dataset.thinking = "1"  # tests: the search is under way

    def _begin(self) -> Any:
        session = self.session()
        self._thinks(session)
        self.thinking = session.ai_turn()
        return self.thinking

    # ---------------------------------------------------------------- in the worker

    def _ask(self) -> None:
        """Ask the worker for the move of the virtual seat to act (none: the page moves on)."""
        from vinci_core.table.aiworker import MOVE

        session = self.session()
        state = session.state
        seat = state.current_player
        if seat is None or state.is_terminal or not state.config.seats[seat].virtual:
            self.stop()
            self.played()
            return
        self._thinks(session)
        self.asked_at = time.perf_counter()
        self.thinking = WORKER.ask(session, MOVE, lambda ask, answer: self._answered(
            session, ask, answer))

    def _answered(self, session: Any, ask: dict[str, Any], answer: dict[str, Any]) -> None:
        """The worker's move for ``ask``: played if it is still the move wanted. Skipping
        chains the moves (the page is drawn once a human must act)."""
        from vinci_core.table.aiworker import play_answer

        if self.thinking is not ask or self.session() is not session:
            return  # dropped: another game is on screen
        if self.paused():
            self.stop()  # a replay opened: the move is asked again when it closes
            return
        try:
            if not play_answer(session, ask, answer):
                raise RuntimeError(f"the AI's worker answered another position: {answer}")
        except Exception:
            self.stop()
            failed()  # the page says so and offers to reload the saved game
            return
        self.think_ms = (time.perf_counter() - self.asked_at) * 1000
        self._decided(True)
        if self.skipping and self.skipped < MAX_SKIP_ACTIONS and self._virtual_to_act():
            self.skipped += 1
            self._ask()
            return
        self.stop()
        self.played()

    def _virtual_to_act(self) -> bool:
        state = self.session().state
        seat = state.current_player
        return seat is not None and not state.is_terminal and state.config.seats[seat].virtual

    # ---------------------------------------------------------------- on the page

    def _slice(self, turn: Any) -> None:
        """Run the AI's move ``turn`` for one slice, then hand the page back to the browser
        until the next slice; play the move when its search ends. Skipping chains the moves
        (the page is drawn once a human must act)."""
        if self.thinking is not turn:
            return  # dropped: another game is on screen
        if self.paused():
            self.stop()  # a replay opened: the move is searched again when it closes
            return
        start = mark = time.perf_counter()
        try:
            while (time.perf_counter() - start) * 1000 < SLICE_MS:
                try:
                    next(turn)
                    continue
                except StopIteration as done:
                    played = bool(done.value)
                now = time.perf_counter()
                self.think_ms += (now - mark) * 1000
                mark = now
                self._decided(played)
                if played and self.skipping and self.skipped < MAX_SKIP_ACTIONS:
                    self.skipped += 1
                    turn = self._begin()
                    continue
                self.stop()
                self.played()
                return
        except Exception:
            self.stop()
            failed()  # the page says so and offers to reload the saved game
            return
        self.think_ms += (time.perf_counter() - mark) * 1000
        BRIDGE.later(0, create_once_callable(lambda: self._slice(turn)))

    def _decided(self, played: bool) -> None:
        """An AI's move is made: bench hook, its search times in ms (strong level)."""
        if played and self.think_level in ("strong", "expert"):
            self.ai_ms.append(self.think_ms)
            del self.ai_ms[:-1000]
            js.document.documentElement.setAttribute(
                "data-ai-ms", ",".join(f"{ms:.1f}" for ms in self.ai_ms))
        self.think_ms = 0.0
