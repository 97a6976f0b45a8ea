"""The strong AI's suggested move for a human (issue 13): the Hint button, its sentence above
the board, and its provinces or display slot marked on the page, never played. The move is
Session.hint's, searched in the AI's worker (issue 30, ui/aiworker.py); until the worker is
ready, or where it cannot run, on the page."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .aiworker import WORKER
from .dom import append_parts, element, found, query, show


class HintView:
    """``board``: the page's BoardView (its nodes by province id mark the hint's provinces)."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.move: dict[str, Any] | None = None  # the hint asked for this position
        self.shown = False  # a hint is on the page
        self.asked: dict[str, Any] | None = None  # the request to the worker under way

    def ask(self, session: Any) -> None:
        """The Hint button: the strong AI's move for the human to act, shown (when the
        worker answers, if it is still this position's)."""
        if not WORKER.ready():
            self.move = session.hint()
            self.render_move()
            return
        if ((self.asked is not None and self.asked["ticket"] == WORKER.ticket)
                or not session.can_hint or session.state.is_terminal):
            return  # asked already (or nothing to hint)
        from vinci_core.table.aiworker import HINT

        self.asked = WORKER.ask(session, HINT, lambda ask, answer: self._answered(
            session, ask, answer))

    def _answered(self, session: Any, ask: dict[str, Any], answer: dict[str, Any]) -> None:
        from vinci_core.table.aiworker import hint_answer

        if self.asked is not ask:
            return  # forgotten: the position changed meanwhile
        self.asked = None
        self.move = hint_answer(session, ask, answer)
        self.render_move()

    def forget(self) -> None:
        """The position changed (or its words): the hint goes at the next render, and one
        still searched is dropped."""
        self.move = None
        if self.asked is not None:
            self.asked = None
            WORKER.drop()

    def render(self, v: dict[str, Any], replaying: bool) -> None:
        """The hint asked for (if any), and the Hint button, offered to a human on this
        device whose turn it is."""
        self.render_move()
        show(query("[data-testid=hint]"), v["controls"]["hint"] and not v.get("virtual_to_act")
             and not v["terminal"] and not v.get("remote_to_act") and not replaying)

    def render_move(self) -> None:
        hint = self.move
        if hint is None and not self.shown:
            return  # nothing shown, nothing to show: no DOM call (most redraws)
        self.shown = hint is not None
        box = element("hint-text")
        show(box, hint is not None)
        for node in js.document.querySelectorAll(".hinted, .hint-badge, .hint-outline"):
            if node.classList.contains("hint-badge") or node.classList.contains("hint-outline"):
                node.remove()
            else:
                node.classList.remove("hinted")
        if hint is None:
            return
        box.replaceChildren()
        append_parts(box, hint["parts"] or [(hint["text"], None)])
        province_nodes = self.board.nodes
        for pid in hint["provinces"]:
            if pid in province_nodes:
                province_nodes[pid][0].classList.add("hinted")
                tint = js.document.querySelector(f'[data-owner-of="{pid}"]')
                if found(tint):
                    tint.classList.add("hinted")
                _badge(pid)
        if hint["slot"] is not None:
            slot = js.document.querySelector(f"[data-testid=slot-{hint['slot']}]")
            if found(slot):
                slot.classList.add("hinted")


_SVG = "http://www.w3.org/2000/svg"
# An arrow above the province's tokens, pointing at it (the hint's own colour, style.css).
_ARROW = "M-9 -46 L9 -46 L9 -34 L18 -34 L0 -18 L-18 -34 L-9 -34 Z"


def _badge(pid: str) -> None:
    """The hinted province's outline drawn on top of the board (its neighbours' paths hid
    parts of it) and an arrow pointing at it."""
    token = js.document.querySelector(f'[data-token="{pid}"]')
    path = js.document.querySelector(f'#board path[data-province="{pid}"]')
    if not found(token) or not found(path):
        return
    outline = js.document.createElementNS(_SVG, "path")
    outline.setAttribute("class", "hint-outline")
    outline.setAttribute("d", path.getAttribute("d"))
    token.ownerSVGElement.append(outline)
    badge = js.document.createElementNS(_SVG, "g")
    badge.setAttribute("class", "hint-badge")
    badge.setAttribute("data-testid", f"hint-badge-{pid}")
    badge.setAttribute("transform", (token.getAttribute("transform") or "") + " scale(1.5)")
    arrow = js.document.createElementNS(_SVG, "path")
    arrow.setAttribute("d", _ARROW)
    badge.append(arrow)
    token.ownerSVGElement.append(badge)
