"""The analysis of one's own game (issue 31) beside the replay: a seat to pick, Analyse, a
progress bar with Cancel, then the turning points; tapping one moves the replay to that
move and marks the move played and the strong AI's on the board, with a legend.

The analysis (vinci_core.table.analysis) runs in the AI's worker a step at a time
(ui/aiworker.py's ``analyse``; each answer is the progress so far, the last the result);
where the worker cannot run, on the page in short slices. Everything shown is worded by
vinci_core.table.analysisview; this module copies it into the page. Cancel, closing the
replay (also by a new game or a link) or another Analyse drop the analysis under way:
nothing of it keeps running.
"""

from __future__ import annotations

import time
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from .aiworker import WORKER
from .dom import BRIDGE, _, element, found, lang, make, query, scroll_to, show

# On the page (no worker), the analysis runs in slices of about this many ms, each a task
# of its own, so a click or a step of the replay waits at most that long.
SLICE_MS = 25
_SVG = "http://www.w3.org/2000/svg"
# An arrow above the strong AI's province, pointing at it (as the hint's, ui/hint.py).
_ARROW = "M-9 -46 L9 -46 L9 -34 L18 -34 L0 -18 L-18 -34 L-9 -34 Z"


class AnalysisPanel:
    """The panel at the top of the side column (``app``: main.App, for its session and replay)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.ticket = 0  # the analysis under way (or last made)
        self.running = False
        self.on_page: Any = None  # the analysis run on the page (no worker), or None
        self.progress: Any = None  # analysis.Progress so far
        self.result: Any = None  # analysis.Analysis once done
        self.shown: int | None = None  # the turning point shown on the board (its place)
        self.drawn: tuple[Any, ...] | None = None  # what the panel shows (not drawn again)
        self.legend: tuple[int, str] | None = None  # the legend shown: (move, language)
        self.picked_for: str | None = None  # the game whose seats the picker lists
        self.status = ""  # "", "running", "done" or "cancelled" (_mark)
        self.steps = 0  # steps asked of the worker or run on the page (tests' hook)

    # ---------------------------------------------------------------- starting, stopping

    def open_from_review(self) -> None:
        """The review's Analyse: the replay opens and the default seat is analysed."""
        from . import replay

        replay.open_replay(self.app)
        if self.app.replay is not None:
            self.start()

    def start(self) -> None:
        """Analyse the seat picked (the picker's); any analysis under way is dropped."""
        session = self.app.session
        if session is None or self.app.replay is None:
            return
        self.stop()
        seat = int(element("analysis-seat").value or 0)
        from vinci_core.table.aiworker import analysis_request

        self.ticket += 1
        ask = analysis_request(session, seat, self.ticket)
        self.running, self.result, self.shown = True, None, None
        self.progress = None
        self._mark("running")
        self.render()
        WORKER.when_ready(lambda ready: self._begin(ask, ready))

    def _begin(self, ask: dict[str, Any], ready: bool) -> None:
        if not self.running or ask["ticket"] != self.ticket:
            return  # cancelled while the worker started
        js.document.documentElement.dataset.analysisBy = "worker" if ready else "page"
        if ready:
            self._ask_worker(ask)
            return
        from vinci_core.table.aiworker import start_analysis

        self.on_page = start_analysis(ask)
        self._slice(ask)

    def _answered(self, ask: dict[str, Any], answer: dict[str, Any] | None) -> None:
        """A step's answer from the worker: the progress (ask for the next step) or the
        result; ignored when the analysis was dropped meanwhile."""
        if not self.running or ask["ticket"] != self.ticket:
            return
        if answer is None:  # the worker raised (said by the watchdog): go on on the page
            self._begin(ask, False)
            return
        from vinci_core.table.aiworker import read_analysis_answer

        got = read_analysis_answer(ask, answer)
        if got is None:
            return
        self._got(got)
        if self.running:
            self._ask_worker(ask, {"what": ask["what"], "ticket": ask["ticket"]})

    def _ask_worker(self, ask: dict[str, Any], step: dict[str, Any] | None = None) -> None:
        """A step of the analysis ``ask`` in the worker: the first sends the request (with
        the save), the next ones ``step`` (its ticket only)."""
        self.steps += 1
        js.document.documentElement.dataset.analysisSteps = str(self.steps)
        WORKER.analyse(step or ask, lambda answer: self._answered(ask, answer))

    def _slice(self, ask: dict[str, Any]) -> None:
        """A slice of the analysis on the page, then the browser's turn until the next."""
        if not self.running or ask["ticket"] != self.ticket or self.on_page is None:
            return
        from vinci_core.table.aiworker import analysis_step, read_analysis_answer

        self.steps += 1
        js.document.documentElement.dataset.analysisSteps = str(self.steps)
        start = time.perf_counter()
        answer = analysis_step(self.on_page, ask["ticket"],
                               lambda: (time.perf_counter() - start) * 1000 < SLICE_MS)
        got = read_analysis_answer(ask, answer)
        if got is not None:
            self._got(got)
        if self.running:
            BRIDGE.later(0, create_once_callable(lambda: self._slice(ask)))

    def _got(self, got: Any) -> None:
        from vinci_core.table.analysis import Analysis

        if isinstance(got, Analysis):
            self.running, self.on_page, self.result = False, None, got
            self._mark("done")
        else:
            self.progress = got
        self.render()

    def cancel(self) -> None:
        """Cancel: the analysis stops where it is; the page says so."""
        if self.running:
            self.stop()
            self._mark("cancelled")
            self.render()

    def stop(self) -> None:
        """Drop the analysis under way (the worker forgets it; the page's slices end)."""
        if self.running:
            WORKER.forget_analysis(self.ticket)
        self.running, self.on_page = False, None
        self.ticket += 1  # an answer still coming is for an older ticket: ignored

    def close(self) -> None:
        """The replay closed (or another game came): the analysis and its marks go."""
        self.stop()
        self.result, self.progress, self.shown, self.drawn = None, None, None, None
        self.legend = self.picked_for = None
        clear_marks()
        show(element("analysis"), False)
        self._mark("")

    def _mark(self, status: str) -> None:
        """The analysis's state (tests: <html data-analysis>): running, done, cancelled."""
        self.status = status
        root = js.document.documentElement
        if status:
            root.dataset.analysis = status
        else:
            root.removeAttribute("data-analysis")

    # ---------------------------------------------------------------- the turning points

    def show_point(self, value: Any) -> None:
        """A turning point tapped: the replay moves to its move; the board marks both moves."""
        if self.result is None or self.app.replay is None:
            return
        n = int(value)
        if not 0 <= n < len(self.result.points):
            return
        self.shown = n
        self.app.replay.playing = False
        self.app.replay.go(self.result.points[n].index)
        # The board and the legend above it in view (a phone: the list is under the board),
        # and on a zoomed board the strong AI's province (or the one played).
        top = element("board-area").getBoundingClientRect().top
        if top < 0 or top > js.window.innerHeight / 2:
            scroll_to("board-area")
        point = self.result.points[n]
        pid = point.better.get("province") or point.played.get("province")
        if pid:
            self._centre(str(pid))

    def _centre(self, pid: str) -> None:
        nodes = self.app.board.nodes.get(pid)
        if not nodes:
            return
        box = element("board")
        r, b = nodes[0].getBoundingClientRect(), box.getBoundingClientRect()
        box.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2)
        box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2)

    # ---------------------------------------------------------------- drawing

    def render(self) -> None:
        """The panel (drawn again only when what it shows changed) and, when the replay
        stands at the turning point shown, its marks on the board."""
        replay = self.app.replay
        if replay is None:
            return
        progress = self.progress
        key = (lang(), self.status, self.result is not None, self.shown,
               progress and (progress.done, progress.total), len(replay.replay.positions))
        if key != self.drawn:
            self.drawn = key
            self._draw_panel()
        self._draw_board()

    def _draw_panel(self) -> None:
        from vinci_core.table.analysisview import progress_view

        show(element("analysis"), True)
        self._draw_picker()
        show(element("analysis-running"), self.running)
        query("[data-testid=analysis-start]").disabled = self.running
        if self.running:
            from vinci_core.table.analysis import Progress

            view = progress_view(self.progress or Progress(0, 0), lang())
            bar = element("analysis-bar")
            bar.max = str(view["total"])
            bar.value = str(view["done"])
            query("[data-testid=analysis-progress]").textContent = view["text"]
        cancelled = self.status == "cancelled"
        note = query("[data-testid=analysis-note]")
        note.textContent = _("Analysis cancelled.") if cancelled else ""
        show(note, cancelled)
        self._draw_result()

    def _draw_picker(self) -> None:
        """The seats to pick from; the one picked stays, the default the first time."""
        from vinci_core.table.analysisview import default_seat, seat_choices

        picker = element("analysis-seat")
        state = self.app.session.state
        choices = seat_choices(state.config)
        if self.picked_for != self.app.session.game_id:
            picker.replaceChildren(*[make("option", c["name"], value=str(c["seat"]))
                                     for c in choices])
            self.picked_for = self.app.session.game_id
            watched = self.app.replay.replay.positions[self.app.replay.index].current_player
            picker.value = str(default_seat(state.config, watched))

    def _draw_result(self) -> None:
        from vinci_core.table.analysisview import result_view

        box = element("analysis-result")
        show(box, self.result is not None)
        if self.result is None:
            return
        view = result_view(self.result, self.app.replay.replay.positions, lang())
        query("[data-testid=analysis-heading]").textContent = view["heading"]
        empty = query("[data-testid=analysis-empty]")
        empty.textContent = view["empty"] or ""
        show(empty, view["empty"] is not None)
        items = []
        for line in view["points"]:
            button = make("button", None, type="button", data_action="analysis-point",
                          data_value=str(line["n"]), data_testid="analysis-point",
                          data_index=str(line["index"]))
            button.setAttribute("aria-pressed", "true" if line["n"] == self.shown else "false")
            button.append(make("span", line["where"], class_="where"),
                          make("span", line["reason"], class_="why"))
            item = make("li")
            item.append(button)
            items.append(item)
        element("analysis-points").replaceChildren(*items)

    def _draw_board(self) -> None:
        """The shown turning point's moves on the board and in the legend, while the replay
        stands at it; nothing otherwise."""
        replay = self.app.replay
        point = (self.result.points[self.shown]
                 if self.result is not None and self.shown is not None else None)
        legend = element("analysis-legend")
        if point is None or replay.index != point.index:
            if self.legend is not None:
                self.legend = None
                show(legend, False)
                clear_marks()
            return
        from vinci_core.table.analysisview import point_board

        state = replay.replay.positions[point.index]
        board = point_board(point, state, lang())
        clear_marks()
        for key in ("played", "better"):
            for pid in board[key]["provinces"]:
                _outline(pid, key)
            if board[key]["slot"] is not None:
                slot = query(f"[data-testid=slot-{board[key]['slot']}]")
                if found(slot):
                    slot.classList.add(f"analysis-{key}")
        if self.legend != (point.index, lang()):
            self.legend = (point.index, lang())
            legend.replaceChildren(*[_legend_line(line) for line in board["legend"]])
        show(legend, True)


def _legend_line(line: dict[str, str]) -> Any:
    item = make("li", None, class_=f"legend-{line['key']}",
                data_testid=f"analysis-legend-{line['key']}")
    if line["key"] != "reason":
        item.append(make("span", None, class_="key", aria_hidden="true"))
    item.append(make("span", line["text"]))
    return item


def _outline(pid: str, key: str) -> None:
    """``pid``'s outline on top of the board, in the mark's style (style.css: the move
    played dashed, the strong AI's solid)."""
    token = js.document.querySelector(f'[data-token="{pid}"]')
    path = js.document.querySelector(f'#board path[data-province="{pid}"]')
    if not found(token) or not found(path):
        return
    outline = js.document.createElementNS(_SVG, "path")
    outline.setAttribute("class", f"analysis-mark analysis-{key}")
    outline.setAttribute("data-testid", f"analysis-{key}-{pid}")
    outline.setAttribute("d", path.getAttribute("d"))
    token.ownerSVGElement.append(outline)
    if key == "better":
        arrow = js.document.createElementNS(_SVG, "path")
        arrow.setAttribute("class", "analysis-mark analysis-arrow")
        arrow.setAttribute("d", _ARROW)
        arrow.setAttribute("transform", (token.getAttribute("transform") or "") + " scale(1.5)")
        token.ownerSVGElement.append(arrow)


def clear_marks() -> None:
    for node in js.document.querySelectorAll(".analysis-mark"):
        node.remove()
    for node in js.document.querySelectorAll(".analysis-played, .analysis-better"):
        node.classList.remove("analysis-played", "analysis-better")
