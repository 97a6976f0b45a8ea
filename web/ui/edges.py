"""Which events wait for the edges: pydantic and the engine, loaded after a first visit's
first render (boot.py, then App.edges_ready in main.py)."""

from __future__ import annotations

from typing import Any

# pydantic (vinci_core.turn.schemas: links, files, saves, the new-game form, actions) is
# loaded by boot.py after a first visit's first render, and the engine is imported then
# (App.edges_ready): until then an event that needs them waits in App.waiting (a click that
# opens the rules reference waits in that view's own queue, ui/reference.py). These controls
# need neither: they only show, hide or move what is on screen.
WITHOUT_EDGES = frozenset({
    "open-new-game", "close-dialog", "dismiss-error", "dismiss-link-note", "pace", "jump",
    "zoom-in", "zoom-out", "zoom-fit", "espionage",
})


def needs_edges(detail: dict[str, Any]) -> bool:
    """Whether the event ``detail`` must wait for pydantic (see WITHOUT_EDGES)."""
    if detail.get("type") in ("import", "hash"):
        return True
    action = detail.get("action")
    return bool(detail.get("province") or detail.get("slot")
                or (action and action not in WITHOUT_EDGES))
