"""The board: the SVG map inserted once per map, then only its tokens and highlights change."""

from __future__ import annotations

from typing import Any

from .dom import element, found

ZOOMS = (1.0, 1.35, 1.8, 2.4, 3.2)


class BoardView:
    def __init__(self) -> None:
        self.key: str | None = None
        self.nodes: dict[str, tuple[Any, ...]] = {}  # pid -> (path, g, disc, text, fort, dec)
        self.drawn: dict[str, tuple[Any, ...]] = {}  # pid -> what the token group shows
        self.lit: set[str] = set()
        self.zoom = 0
        self.armed: str | None = None  # touch: the target tapped once, waiting for its 2nd tap

    def ensure(self, board: Any) -> None:
        """Insert the map's SVG when the board changes (a new map), and index its nodes."""
        key = board.fingerprint
        if key == self.key:
            return
        from vinci_core.svg import board_svg

        holder = element("board")
        # board_svg escapes every name: the one place markup is inserted.
        holder.innerHTML = board_svg(board)
        svg = holder.querySelector("svg")
        svg.setAttribute("preserveAspectRatio", "xMidYMid meet")
        holder.scrollLeft = (holder.scrollWidth - holder.clientWidth) / 2  # zoomed: centred
        holder.scrollTop = (holder.scrollHeight - holder.clientHeight) / 2
        self.key = key
        self.nodes = {}
        for pid in board.ids:
            path = holder.querySelector(f'[data-province="{pid}"]')
            g = holder.querySelector(f'[data-token="{pid}"]')
            if not found(path) or not found(g):
                self.nodes[pid] = (path, None, None, None, None, None)
                continue
            self.nodes[pid] = (path, g, g.querySelector(".disc"), g.querySelector(".count"),
                               g.querySelector(".fort"), g.querySelector(".decline"))
        self.drawn = {}
        self.lit = set()

    def render_tokens(self, board: dict[str, dict[str, Any]], preview: dict[str, int]) -> None:
        """Token groups from the view's board; ``preview`` (the editor's counts) overrides."""
        from vinci_core.svg import NEUTRAL_COLOUR, _contrast

        for pid, b in board.items():
            nodes = self.nodes.get(pid)
            if nodes is None or nodes[1] is None:
                continue
            tokens = preview.get(pid, b["tokens"])
            owner = b["owner"]
            colour = b["colour"] or NEUTRAL_COLOUR
            want = (tokens, colour, bool(b["fort"]), bool(b["declined"]),
                    bool(tokens or owner is not None or pid in preview), pid in preview)
            if self.drawn.get(pid) == want:
                continue
            self.drawn[pid] = want
            _, g, disc, text, fort, dec = nodes
            g.setAttribute("visibility", "visible" if want[4] else "hidden")
            disc.setAttribute("fill", colour)
            text.setAttribute("fill", _contrast(colour))
            text.textContent = str(tokens)
            fort.setAttribute("visibility", "visible" if want[2] else "hidden")
            dec.setAttribute("visibility", "visible" if want[3] else "hidden")
            g.classList.toggle("preview", want[5])

    def render_targets(self, targets: dict[str, dict[str, Any]], lit: set[str]) -> None:
        """Highlight ``lit`` (with each target's cost as data-cost, the tests' hook)."""
        for pid in self.lit - lit:
            path = self.nodes[pid][0]
            path.classList.remove("target", "spy")
            path.removeAttribute("data-cost")
        for pid in lit:
            path = self.nodes[pid][0]
            path.classList.add("target")
            t = targets.get(pid) or {}
            path.classList.toggle("spy", "espionage" in t)
            if "cost" in t:
                path.setAttribute("data-cost", str(t["cost"]))
            else:
                path.removeAttribute("data-cost")
        self.lit = lit
        element("board").classList.toggle("acting", bool(lit))

    def arm(self, pid: str | None) -> None:
        """Mark the target a touch tapped once (its second tap acts)."""
        if self.armed in self.nodes:
            self.nodes[self.armed][0].classList.remove("armed")
        self.armed = pid
        if pid is not None:
            self.nodes[pid][0].classList.add("armed")

    def set_zoom(self, index: int) -> None:
        """Zoom the board, keeping the point at the centre of the view where it is."""
        box = element("board")
        fx = (box.scrollLeft + box.clientWidth / 2) / max(1, box.scrollWidth)
        fy = (box.scrollTop + box.clientHeight / 2) / max(1, box.scrollHeight)
        self.zoom = max(0, min(len(ZOOMS) - 1, index))
        box.style.setProperty("--zoom", str(ZOOMS[self.zoom]))
        box.scrollLeft = fx * box.scrollWidth - box.clientWidth / 2
        box.scrollTop = fy * box.scrollHeight - box.clientHeight / 2
