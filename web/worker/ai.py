"""The AI's worker (issue 30): the book and strong AIs' searches and the Hint, in a PyScript
worker, so the page's thread only applies the chosen move.

The page's Python (web/ui/aiworker.py) starts it the first time a game needs it, inserting
``<script type="py" worker name="vinci-ai">`` with ai.json as its config, and calls the
functions of ``__export__`` through ``pyscript.workers["vinci-ai"]``: JSON text in and out
(vinci_core.table.aiworker says what a request and an answer hold). Calls go from the page
to the worker only, so no SharedArrayBuffer and no cross-origin isolation are needed
(ai.json: ``sync_main_only``).

Our Python is the page's own vinci-core wheel (bytecode included; the file the page already
loaded), and pydantic with it: ai.json's ``packages``, from the site's pyodide-lock.json
(``packages_cache: passthrough``: no micropip, nothing from another origin).
"""

import asyncio
import json
import os
import time

os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # none exist here

from vinci_core.table.aiworker import Positions, analysis_step, start_analysis  # noqa: E402
from vinci_core.table.aiworker import think as answering  # noqa: E402

# A search runs in slices of about this many ms; between two, the worker reads its messages
# (a cancel() from the page lands there and ends a search no longer wanted).
SLICE_MS = 50

POSITIONS = Positions()
LOCK = asyncio.Lock()
NEWEST = 0  # the newest ticket the page asked or dropped: any older search stops


def cancel(ticket):
    """The page dropped every request up to ``ticket`` (Undo, another game, a replay)."""
    global NEWEST
    NEWEST = max(NEWEST, int(ticket))


async def think(request_json):
    """The answer to one request (JSON text), or ``{"dropped": true}`` when a newer request
    or a cancel() came before it ended."""
    ask = json.loads(request_json)
    cancel(ask["ticket"])
    async with LOCK:  # one search at a time: the page wants only the newest
        if ask["ticket"] < NEWEST:
            return json.dumps({"dropped": True, "ticket": ask["ticket"]})
        search = answering(ask, POSITIONS)
        start = time.perf_counter()
        while True:
            try:
                next(search)
            except StopIteration as done:
                return json.dumps(done.value)
            if (time.perf_counter() - start) * 1000 >= SLICE_MS:
                await asyncio.sleep(0)  # the worker's messages are read here
                if ask["ticket"] < NEWEST:
                    return json.dumps({"dropped": True, "ticket": ask["ticket"]})
                start = time.perf_counter()


# An analysis step (issue 31) runs about this long, then answers its progress: the page asks
# for the next step on each answer, so its bar moves a few times a second.
STEP_MS = 200
ANALYSIS = {"ticket": None, "run": None}  # the one analysis under way (the page's newest)


async def analyse(request_json):
    """A step of an analysis: a request with a save starts one (forgetting any other), one
    with only its ticket goes on with it. The answer is its progress or, at its end, its
    result (vinci_core.table.aiworker.analysis_step); ``{"dropped": true}`` when that
    analysis was forgotten meanwhile."""
    ask = json.loads(request_json)
    if "save" in ask:
        ANALYSIS["ticket"], ANALYSIS["run"] = ask["ticket"], start_analysis(ask)
    async with LOCK:  # a search and an analysis step never run at once
        if ANALYSIS["ticket"] != ask["ticket"] or ANALYSIS["run"] is None:
            return json.dumps({"dropped": True, "ticket": ask["ticket"]})
        start = time.perf_counter()
        answer = analysis_step(ANALYSIS["run"], ask["ticket"],
                               lambda: (time.perf_counter() - start) * 1000 < STEP_MS)
        if "result" in answer:
            forget_analysis(ask["ticket"])
        return json.dumps(answer)


def forget_analysis(ticket):
    """The page no longer wants the analysis ``ticket`` (Cancel, another game, the replay
    closed): nothing of it stays in the worker."""
    if ANALYSIS["ticket"] == ticket:
        ANALYSIS["ticket"], ANALYSIS["run"] = None, None


def started():
    """The page asks it once the worker is up: an answer says this script ran to its end
    (PyScript reports a script that raised as started, with nothing exported)."""
    return "ok"


__export__ = ["think", "cancel", "analyse", "forget_analysis", "started"]
