"""The games kept in this browser: the saves of the game on screen (after each move, once its
frame is painted), the *Saved games* dialog, its share link and its export as a file.
What a save holds and how links are read is vinci_core.table.store's (SaveStore,
link_fragment)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from . import dialogs
from .dom import BRIDGE, element, show


class BridgeStorage:
    """vinci_core.table.store.Storage over localStorage (app.js swallows its exceptions)."""

    def get(self, key: str) -> str | None:
        value = BRIDGE.storage.get(key)
        return value if isinstance(value, str) else None  # JS null is not None in Pyodide

    def set(self, key: str, value: str) -> bool:
        return bool(BRIDGE.storage.set(key, value))

    def remove(self, key: str) -> None:
        BRIDGE.storage.remove(key)


class SavedGames:
    """``session()``: the game on screen (or None); ``unsaved()``: true while it must not be
    saved (the guided game: leaving it goes back to the saved game)."""

    def __init__(self, session: Callable[[], Any], unsaved: Callable[[], bool]) -> None:
        from vinci_core.table.store import SaveStore

        self.session, self.unsaved = session, unsaved
        self.store = SaveStore(BridgeStorage())
        self.game_id: str | None = None  # the saved game on screen
        self.pending = False  # a move not yet saved (see save_soon)

    def probe(self) -> None:
        """Whether this browser keeps games (private modes may refuse): said on the page."""
        key = "vinci.probe"
        if not BRIDGE.storage.set(key, "1"):
            self.store.ok = False
        BRIDGE.storage.remove(key)
        self.render_saving()

    def render_saving(self) -> None:
        show(element("saving-off"), not self.store.ok)

    # ---------------------------------------------------------------- saving

    def save_now(self) -> None:
        """Save the game on screen now (see save_soon for the saves after a move)."""
        self.pending = False
        session = self.session()
        if session is None or self.unsaved():
            return
        if self.game_id is None:
            self.game_id = self.store.new_id()
        self.store.put(self.game_id, session)
        self.render_saving()

    def save_soon(self) -> None:
        """A move was played: save it right after the next painted frame, so the player sees
        the move before the save's ~15 ms. No move may be lost on the way: whatever reads or
        replaces the saved games first (opening a game, a link, a file, the saved-games list)
        calls flush, and so does the page when it is hidden or left (app.js "leave")."""
        if self.session() is None or self.pending:
            return
        self.pending = True
        BRIDGE.afterPaint(create_once_callable(self.flush))

    def flush(self) -> None:
        if self.pending:
            self.save_now()

    # ---------------------------------------------------------------- the dialog, links, files

    def open_list(self) -> None:
        self.flush()
        dialogs.render_saves(self.store.entries(), self.game_id, self.store.damaged_note())
        dialogs.open_modal("saves-dialog")

    def delete(self, gid: str) -> None:
        self.flush()
        self.store.delete(gid)
        if gid == self.game_id:
            self.game_id = None  # the game on screen stays; it is saved anew on next move
        self.render_saving()
        dialogs.render_saves(self.store.entries(), self.game_id, self.store.damaged_note())

    def link(self, for_seat: int | None = None) -> str:
        """The share link of the game on screen (``for_seat``: the seat that is to act)."""
        from vinci_core.table.store import link_fragment

        return f"{BRIDGE.location.base()}#{link_fragment(self.session(), for_seat)}"

    def share(self) -> None:
        if self.session() is not None:
            dialogs.open_share(self.link())

    def export(self) -> None:
        session = self.session()
        if session is None:
            return
        names = "-".join(s.name for s in session.state.config.seats)
        safe = "".join(c if c.isalnum() else "-" for c in names)[:40].strip("-") or "game"
        BRIDGE.download(f"vinci-{safe}-round{session.state.round}.vinci", session.save())
