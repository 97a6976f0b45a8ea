"""The page's side of the AI's worker (issue 30): the virtual players' moves and the Hint are
searched in a PyScript worker (web/worker/ai.py, started by app.js's ``vinci.ai``); this
module asks it and hands each answer back. What a request and an answer hold, and how an
answer is checked and applied: vinci_core.table.aiworker.

The worker starts the first time a game needs it (:meth:`AiWorker.ready`). Until it is ready,
and for good where it cannot start (no module workers, PyScript's core does not load), the
page searches as before (ui/virtual.py's slices, Session.hint). A worker that fails to start
or raises is said by the watchdog (the page offers to reload the saved game) and the page
searches itself from then on.

Every request gets a ticket; :meth:`AiWorker.drop` makes every request so far unwanted
(another game, a replay, Undo, a move played meanwhile): the worker stops its search at its
next slice, and an answer that still comes is ignored (its ticket is old).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from .dom import BRIDGE
from .watchdog import failed

# What app.js says of the worker (vinci.ai.start).
STARTING, READY, UNAVAILABLE, FAILED = "starting", "ready", "unavailable", "failed"

Answered = Callable[[dict[str, Any], dict[str, Any]], None]


class AiWorker:
    """The AI's worker as the page sees it: started once, asked one request at a time."""

    def __init__(self) -> None:
        self.status: str | None = None  # None: not started yet
        self.ticket = 0  # the newest request's ticket
        self.answers = 0  # answers handed back (tests: <html data-ai-answers>)
        self.waiting: list[Callable[[bool], None]] = []  # when_ready's, until it is known

    def when_ready(self, then: Callable[[bool], None]) -> None:
        """``then(True)`` once the worker is ready, ``then(False)`` if it cannot start (the
        page computes itself then); starts it if need be."""
        if self.status in (READY, UNAVAILABLE, FAILED):
            then(self.status == READY)
            return
        self.waiting.append(then)
        self.ready()

    def ready(self) -> bool:
        """Whether requests go to the worker now; the first call starts it."""
        if self.status is None:
            self.status = STARTING
            BRIDGE.ai.start(create_once_callable(self._started))
        return self.status == READY

    def _started(self, status: str) -> None:
        if status.startswith(FAILED):
            self.status = FAILED
            failed(f"the AI's worker did not start: {status}")
        else:
            self.status = status
        waiting, self.waiting = self.waiting, []
        for then in waiting:
            then(self.status == READY)

    def ask(self, session: Any, what: str, answered: Answered) -> dict[str, Any]:
        """Send the request ``what`` (aiworker.MOVE or HINT) for ``session``'s position;
        ``answered(request, answer)`` gets the answer of this request if it is still the
        newest one. Returns the request."""
        from vinci_core.table.aiworker import request

        self.ticket += 1
        ask = request(session, what, self.ticket)

        def done(error: str, answer: str) -> None:
            if error:
                self.status = FAILED  # the page searches itself from now on
                failed(f"the AI's worker raised: {error}")
                return
            reply = json.loads(str(answer))
            if reply.get("dropped") or reply.get("ticket") != self.ticket:
                return  # a newer request or a drop came meanwhile
            self.answers += 1
            js.document.documentElement.dataset.aiAnswers = str(self.answers)
            try:
                answered(ask, reply)
            except Exception:
                failed()

        BRIDGE.ai.think(json.dumps(ask), create_once_callable(done))
        return ask

    def analyse(self, ask: dict[str, Any], answered: Callable[[dict[str, Any] | None], None]
                ) -> None:
        """One step of the analysis ``ask`` (vinci_core.table.aiworker.analysis_request, or
        only its ticket to go on): ``answered(answer)`` gets the worker's answer, or None
        when the worker raised (it is then said, and the page computes itself)."""
        def done(error: str, answer: str) -> None:
            if error:
                self.status = FAILED
                failed(f"the AI's worker raised: {error}")
                answered(None)
                return
            try:
                answered(json.loads(str(answer)))
            except Exception:
                failed()

        BRIDGE.ai.analyse(json.dumps(ask), create_once_callable(done))

    def forget_analysis(self, ticket: int) -> None:
        """The analysis ``ticket`` is not wanted any more: the worker drops it."""
        if self.status == READY:
            BRIDGE.ai.forgetAnalysis(ticket)

    def drop(self) -> None:
        """No request made so far is wanted any more: the worker's search stops."""
        self.ticket += 1
        if self.status == READY:
            BRIDGE.ai.cancel(self.ticket)


WORKER = AiWorker()  # one worker for the page: its virtual players and its Hint
