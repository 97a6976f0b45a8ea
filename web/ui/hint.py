"""The strong AI's suggested move for a human (issue 13): its sentence above the board, and
its provinces or display slot marked on the page, never played."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from .dom import append_parts, element, found, show


class HintView:
    def __init__(self) -> None:
        self.shown = False  # a hint is on the page

    def render(self, hint: dict[str, Any] | None, province_nodes: dict[str, Any]) -> None:
        """``hint``: Session.hint's move (None: no hint); ``province_nodes``: the board's
        nodes by province id (BoardView.nodes)."""
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
