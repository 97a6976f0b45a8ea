"""The page's side of the AI's worker (issue 30): the virtual players' moves and the Hint are
searched in a PyScript worker (web/worker/ai.py with ai.json); this module starts it, asks it
and hands each answer back. What a request and an answer hold, and how an answer is checked
and applied: vinci_core.table.aiworker.

The worker starts the first time a game needs it (:meth:`AiWorker.ready`): a ``<script
type="py" worker name="vinci-ai">`` inserted then (never at page load), which PyScript runs in
a worker of its own; ``pyscript.workers[name]`` gives the functions its script exports, each
call a promise. Until it is ready, and for good where it cannot start (no module workers),
the page searches as before (ui/virtual.py's slices, Session.hint). A worker that fails to
start or raises is said by the watchdog (the page offers to reload the saved game) and the
page searches itself from then on.

Every request gets a ticket; :meth:`AiWorker.drop` makes every request so far unwanted
(another game, a replay, Undo, a move played meanwhile): the worker stops its search at its
next slice, and an answer that still comes is ignored (its ticket is old). Calls go from the
page to the worker only: no SharedArrayBuffer, no cross-origin isolation (ai.json's
``sync_main_only``).
"""

from __future__ import annotations

import asyncio
import json
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

import js  # type: ignore[import-not-found]

from .dom import BRIDGE
from .watchdog import failed

# Where the worker stands (<html data-ai-worker>, which the tests read).
STARTING, READY, UNAVAILABLE, FAILED = "starting", "ready", "unavailable", "failed"
NAME = "vinci-ai"  # the worker's name in pyscript.workers
SCRIPT, CONFIG = "./worker/ai.py", "./worker/ai.json"  # beside index.html (build_site)

Answered = Callable[[dict[str, Any], dict[str, Any]], None]
TASKS: set[asyncio.Task[Any]] = set()  # the calls under way (a task not kept may be collected)


def _run(work: Awaitable[Any]) -> None:
    task = asyncio.ensure_future(work)
    TASKS.add(task)
    task.add_done_callback(TASKS.discard)


def _address(path: str) -> str:
    return str(js.URL.new(path, js.location.href).href)


def _insert_worker_script() -> None:
    """The worker's ``<script>``: PyScript sees it come and starts its worker (the config's
    ``interpreter`` is the site's own Pyodide)."""
    script = js.document.createElement("script")
    script.setAttribute("type", "py")
    script.setAttribute("worker", "")
    script.setAttribute("name", NAME)
    script.setAttribute("config", _address(CONFIG))
    script.setAttribute("src", _address(SCRIPT))
    js.document.body.append(script)


class AiWorker:
    """The AI's worker as the page sees it: started once, asked one request at a time."""

    def __init__(self) -> None:
        self.status: str | None = None  # None: not started yet
        self.worker: Any = None  # its exports (pyscript.workers[NAME]) once ready
        self.ticket = 0  # the newest request's ticket
        self.answers = 0  # answers handed back (tests: <html data-ai-answers>)
        self.pending = 0  # requests not answered yet (app.js: an update waits for them)
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
            self._say(STARTING)
            _run(self._start())
        return self.status == READY

    def _say(self, status: str) -> None:
        self.status = status
        js.document.documentElement.dataset.aiWorker = status

    async def _start(self) -> None:
        if not hasattr(js, "Worker"):  # an old browser: the page thinks itself
            self._started(UNAVAILABLE)
            return
        from pyscript import workers  # type: ignore[import-not-found]

        js.performance.mark("vinci-ai-worker-start")
        try:
            _insert_worker_script()
            worker = await workers[NAME]
            # PyScript says a worker whose script raised has started: its exports say it ran.
            if str(await worker.started()) != "ok":
                raise RuntimeError("the AI worker did not start")
        except Exception:
            self._started(FAILED, traceback.format_exc())
            return
        self.worker = worker
        js.performance.mark("vinci-ai-worker-ready")
        self._started(READY)

    def _started(self, status: str, why: str = "") -> None:
        self._say(status)
        if status == FAILED:
            failed(f"the AI's worker did not start: {why}")
        waiting, self.waiting = self.waiting, []
        for then in waiting:
            then(self.status == READY)

    def _count(self, change: int) -> None:
        """Requests not answered yet, as app.js reads them: counted when one is made, in the
        same task (so an update never sees a moment with neither a timer nor a request)."""
        self.pending += change
        BRIDGE.aiPending = self.pending

    async def _call(self, name: str, request: dict[str, Any]) -> dict[str, Any] | None:
        """The worker's answer to ``request`` (JSON text both ways; counted by the caller),
        or None when it raised (said by the watchdog; the page searches itself from then
        on)."""
        try:
            answer = await getattr(self.worker, name)(json.dumps(request))
        except Exception:
            self._say(FAILED)
            failed(f"the AI's worker raised: {traceback.format_exc()}")
            return None
        finally:
            self._count(-1)
        return dict(json.loads(str(answer)))

    def ask(self, session: Any, what: str, answered: Answered) -> dict[str, Any]:
        """Send the request ``what`` (aiworker.MOVE or HINT) for ``session``'s position;
        ``answered(request, answer)`` gets the answer of this request if it is still the
        newest one. Returns the request."""
        from vinci_core.table.aiworker import request

        self.ticket += 1
        ask = request(session, what, self.ticket)
        self._count(1)
        _run(self._ask(ask, answered))
        return ask

    async def _ask(self, ask: dict[str, Any], answered: Answered) -> None:
        reply = await self._call("think", ask)
        if reply is None or reply.get("dropped") or reply.get("ticket") != self.ticket:
            return  # the worker raised, or a newer request or a drop came meanwhile
        self.answers += 1
        js.document.documentElement.dataset.aiAnswers = str(self.answers)
        try:
            answered(ask, reply)
        except Exception:
            failed()

    def analyse(self, ask: dict[str, Any], answered: Callable[[dict[str, Any] | None], None]
                ) -> None:
        """One step of the analysis ``ask`` (vinci_core.table.aiworker.analysis_request, or
        only its ticket to go on): ``answered(answer)`` gets the worker's answer, or None
        when the worker raised (it is then said, and the page computes itself)."""
        async def step() -> None:
            reply = await self._call("analyse", ask)
            try:
                answered(reply)
            except Exception:
                failed()

        self._count(1)
        _run(step())

    def _tell(self, name: str, ticket: int) -> None:
        """A call that wants no answer (a ticket dropped): a refusal is only logged."""
        async def tell() -> None:
            try:
                await getattr(self.worker, name)(ticket)
            except Exception as error:
                js.console.warn(f"vinci: the AI's worker: {name}: {error}")

        if self.status == READY:
            _run(tell())

    def forget_analysis(self, ticket: int) -> None:
        """The analysis ``ticket`` is not wanted any more: the worker drops it."""
        self._tell("forget_analysis", ticket)

    def drop(self) -> None:
        """No request made so far is wanted any more: the worker's search stops."""
        self.ticket += 1
        self._tell("cancel", self.ticket)


WORKER = AiWorker()  # one worker for the page: its virtual players and its Hint
