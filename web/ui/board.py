"""The board: the SVG map inserted once per map, then only its tokens and highlights change."""

from __future__ import annotations

import json
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from .dom import BRIDGE, element, found

ZOOMS = (1.0, 1.35, 1.8, 2.4, 3.2)
# The zoom buttons: steps through ZOOMS ("Fit": back to the first).
ZOOM_STEPS = {"zoom-in": 1, "zoom-out": -1, "zoom-fit": -99}
# Below this width (CSS px, phones) the board opens zoomed in at ZOOMS[PHONE_ZOOM], centred,
# and is panned by touch: at 1x Europe's small provinces are too small to tap.
PHONE_WIDTH = 600
PHONE_ZOOM = 2


class BoardView:
    def __init__(self) -> None:
        self.key: str | None = None
        # pid -> (path, g, disc, text, fort, dec, owner tint, seat-mark group, its text)
        self.nodes: dict[str, tuple[Any, ...]] = {}
        self.drawn: dict[str, tuple[Any, ...]] = {}  # pid -> what the token group shows
        self.lit: set[str] = set()
        self.shown_targets: dict[str, tuple[bool, bool, Any]] = {}  # pid -> what it shows
        self.acting = False  # the board's "acting" class (something is highlighted)
        self.zoom = 0
        self.armed: str | None = None  # touch: the target tapped once, waiting for its 2nd tap

    def ensure(self, board: Any, lang: str = "en") -> bool:
        """Insert the map's SVG when the board or the page's language changes (a new map,
        names in another language), and index its nodes; True when it did. Everything this
        view and app.js keep of the board before (its nodes, what they show, the lit
        targets, a touch's armed target, the "acting" shade) is forgotten with it."""
        key = f"{board.fingerprint}:{lang}"
        if key == self.key:
            return False
        from vinci_core.table.svg import board_svg

        holder = element("board")
        # board_svg escapes every name: the one place markup is inserted.
        holder.innerHTML = board_svg(board, lang=lang)
        svg = holder.querySelector("svg")
        svg.setAttribute("preserveAspectRatio", "xMidYMid meet")
        holder.scrollLeft = (holder.scrollWidth - holder.clientWidth) / 2  # zoomed: centred
        holder.scrollTop = (holder.scrollHeight - holder.clientHeight) / 2
        holder.classList.toggle("fit", self.zoom == 0)
        holder.classList.remove("acting")
        BRIDGE.boardInserted()
        self.key = key
        self.nodes = {}
        for pid in board.ids:
            path = holder.querySelector(f'[data-province="{pid}"]')
            g = holder.querySelector(f'[data-token="{pid}"]')
            tint = holder.querySelector(f'[data-owner-of="{pid}"]')
            if not found(path) or not found(g) or not found(tint):
                self.nodes[pid] = (path, None, None, None, None, None, None, None, None)
                continue
            mark = g.querySelector(".seat-mark")
            self.nodes[pid] = (path, g, g.querySelector(".disc"), g.querySelector(".count"),
                               g.querySelector(".fort"), g.querySelector(".decline"), tint,
                               mark, mark.querySelector("text"))
        self.drawn = {}
        self.lit = set()
        self.shown_targets = {}
        self.acting = False
        self.armed = None
        return True

    def has(self, pid: str | None) -> bool:
        """Whether ``pid`` is a province of the board on screen."""
        return pid is not None and pid in self.nodes

    def render_tokens(self, board: dict[str, dict[str, Any]], preview: dict[str, int],
                      current: int | None) -> None:
        """Token groups and ownership tints from the view's board; ``preview`` (the editor's
        counts) overrides the counts; ``current``: the seat to act, its empire outlined."""
        from vinci_core.table.palette import NEUTRAL_COLOUR, contrast
        from vinci_core.table.svg import ownership_style

        paints: list[list[Any]] = []
        for pid, b in board.items():
            nodes = self.nodes.get(pid)
            if nodes is None or nodes[1] is None:
                continue
            tokens = preview.get(pid, b["tokens"])
            owner = b["owner"]
            colour = b["colour"] or NEUTRAL_COLOUR
            mine = owner is not None and owner == current and not b["declined"]
            want = (tokens, colour, bool(b["fort"]), bool(b["declined"]),
                    bool(tokens or owner is not None or pid in preview), pid in preview,
                    owner, b.get("mark") or "", mine)
            if self.drawn.get(pid) == want:
                continue
            self.drawn[pid] = want
            style = ownership_style(b)
            paints.append([
                pid, want[4], colour, contrast(colour), str(tokens), want[2], want[3], want[5],
                want[7], style["fill"], style["fill-opacity"], style["mask"],
                style["class"] + (" current" if mine else "") + self._lit_class(pid),
            ])
        if paints:
            # One call into the page for every changed province: each DOM call through
            # Pyodide's bridge costs far more than in JS (a replay jump repaints them all).
            BRIDGE.paintTokens(json.dumps(paints))

    def _lit_class(self, pid: str) -> str:
        """The tint's classes of a highlighted target (kept when its class is rewritten)."""
        shown = self.shown_targets.get(pid)
        return "" if shown is None else " lit part-1" if shown[1] else " lit"

    def render_targets(self, targets: dict[str, dict[str, Any]], lit: set[str]) -> None:
        """Highlight ``lit`` (with each target's cost as data-cost, the tests' hook). Only the
        provinces whose highlight changed are sent, in one call into the page."""
        want = {}
        for pid in lit:
            t = targets.get(pid) or {}
            # (espionage offered, a split empire's 2nd part, the cost or None)
            want[pid] = ("espionage" in t, t.get("part") == 1, t.get("cost"))
        paints = [[pid, pid in want, *(want.get(pid) or (False, False, None))]
                  for pid in self.lit | set(want) if self.shown_targets.get(pid) != want.get(pid)]
        if paints:
            BRIDGE.paintTargets(json.dumps(paints))
        self.shown_targets = want
        self.lit = lit
        if self.acting != bool(lit):
            self.acting = bool(lit)
            element("board").classList.toggle("acting", self.acting)

    def flash(self, pid: str, scroll: bool = False) -> None:
        """Outline ``pid`` with the pulsing ring (the move just played, or one picked in the
        log); ``scroll``: bring it into view when the board is zoomed in."""
        nodes = self.nodes.get(pid)
        ring = element("board").querySelector(".flash-ring")
        if nodes is None or not found(ring):
            return
        ring.setAttribute("d", nodes[0].getAttribute("d"))
        ring.setAttribute("data-flash", pid)
        # The pulse starts again once a frame has been drawn without it. (A layout read
        # between the two restarted it at once, but forced the whole redraw's layout in the
        # middle of it: 35 ms of an AI move's redraw at a phone's speed, p95.)
        ring.classList.remove("on")
        BRIDGE.afterPaint(create_once_callable(lambda: ring.classList.add("on")))
        if scroll:
            box = element("board")
            r, b = nodes[0].getBoundingClientRect(), box.getBoundingClientRect()
            box.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2)
            box.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2)

    def arm(self, pid: str | None) -> None:
        """Mark the target a touch tapped once (its second tap acts): the province and its
        tint, which lies above it."""
        for marked, on in ((self.armed, False), (pid, True)):
            nodes = self.nodes.get(marked) if marked is not None else None
            for node in (nodes[0], nodes[6]) if nodes else ():  # the province, its tint
                if node is not None:
                    node.classList.toggle("armed", on)
        self.armed = pid

    def set_zoom(self, index: int) -> None:
        """Zoom the board, keeping the point at the centre of the view where it is."""
        box = element("board")
        fx = (box.scrollLeft + box.clientWidth / 2) / max(1, box.scrollWidth)
        fy = (box.scrollTop + box.clientHeight / 2) / max(1, box.scrollHeight)
        self.zoom = max(0, min(len(ZOOMS) - 1, index))
        box.style.setProperty("--zoom", str(ZOOMS[self.zoom]))
        box.classList.toggle("fit", self.zoom == 0)
        box.scrollLeft = fx * box.scrollWidth - box.clientWidth / 2
        box.scrollTop = fy * box.scrollHeight - box.clientHeight / 2

    def zoom_by(self, step: int) -> None:
        """A zoom button (see ZOOM_STEPS)."""
        self.set_zoom(self.zoom + step)

    def fit_screen(self) -> None:
        """At start: a phone's board opens zoomed in (see PHONE_WIDTH)."""
        if js.window.innerWidth < PHONE_WIDTH:
            self.set_zoom(PHONE_ZOOM)
