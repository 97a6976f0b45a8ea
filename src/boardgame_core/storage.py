"""The saved games in a string key-value store (the browser's localStorage), for any game.

:class:`SavedGames` keeps the list of saved games (the index: one summary per game, written
by the game), each game's save text and the game to resume. It never raises on storage:
a refused write turns :attr:`SavedGames.ok` False (the page says "saving is off") and the
game goes on; a damaged index reads as empty, a damaged entry of it is skipped and kept as
it is. Nothing here reads a game: the game's own store adds that (Vinci's ``SaveStore``).

>>> games = SavedGames(MemoryStorage(), now=lambda: 1.0)
>>> games.put_text("g1", "demo1.abc", lambda: {"id": "g1", "updated": games.now()})
True
>>> games.ids(), games.last_id, games.text("g1")
(['g1'], 'g1', 'demo1.abc')
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from .errors import SaveError
from .links import SaveFacts


class Storage(Protocol):
    """A string key-value store (the browser's localStorage through the page's bridge)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool: ...  # False: refused (full or disabled)

    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed :class:`Storage` (tests, and the page when localStorage is missing)."""

    def __init__(self, data: dict[str, str] | None = None, limit: int | None = None) -> None:
        self.data: dict[str, str] = {} if data is None else data
        self.limit = limit  # total characters allowed, like a storage quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> bool:
        if self.limit is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.limit:
                return False
        self.data[key] = value
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class SavedGames:
    """The list of saved games over a :class:`Storage`.

    Keys: :attr:`INDEX` (the index: one summary per game, a dict with at least ``id`` and
    ``updated``), :attr:`PREFIX` + id (the save text) and :attr:`LAST` (the game to resume);
    a game's store names its own keys. A damaged save is never overwritten by anything but
    its own game.
    """

    INDEX = "games"
    LAST = "games.last"
    PREFIX = "games.game."

    def __init__(self, storage: Storage, now: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.now = now
        self.ok = True

    # --- reading -------------------------------------------------------------------------

    def _get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except Exception:  # storage disabled: reads as empty
            return None

    def _index(self) -> tuple[list[dict[str, Any]], list[Any]]:
        """The index's summaries that can be read, and the damaged entries as they are."""
        try:
            data = json.loads(self._get(self.INDEX) or "[]")
        except ValueError:
            return [], []
        if not isinstance(data, list):
            return [], []
        good: list[dict[str, Any]] = []
        damaged: list[Any] = []
        for e in data:
            readable = (isinstance(e, dict) and isinstance(e.get("id"), str)
                        and _updated(e) is not None)
            (good if readable else damaged).append(e)
        return good, damaged

    def entries(self) -> list[dict[str, Any]]:
        """Summaries of the saved games, the most recently played first."""
        good, _ = self._index()
        return sorted(good, key=lambda e: -(_updated(e) or 0.0))

    def damaged_entries(self) -> int:
        """How many entries of the saved-games list cannot be read (they are skipped)."""
        return len(self._index()[1])

    def ids(self) -> list[str]:
        return [e["id"] for e in self.entries()]

    @property
    def last_id(self) -> str | None:
        gid = self._get(self.LAST)
        return gid if gid and gid in self.ids() else None

    def text(self, gid: str) -> str | None:
        return self._get(self.PREFIX + gid)

    def copies(self, game_id: str, facts_of: Callable[[str | None], SaveFacts]
               ) -> list[tuple[str, SaveFacts]]:
        """The saved games with identity ``game_id``, with their facts as ``facts_of`` reads
        them from a save text (a damaged saved game, on which it raises SaveError, is
        skipped: it is never overwritten)."""
        out = []
        for e in self.entries():
            if e.get("game") not in (None, game_id):
                continue  # summaries name the identity; older ones are read
            try:
                facts = facts_of(self.text(e["id"]))
            except SaveError:
                continue
            if facts.game_id == game_id:
                out.append((e["id"], facts))
        return out

    # --- writing -------------------------------------------------------------------------

    def _set(self, key: str, value: str) -> bool:
        try:
            done = bool(self.storage.set(key, value))
        except Exception:
            done = False
        if not done:
            self.ok = False
        return done

    def new_id(self) -> str:
        """An id no saved game uses."""
        taken = set(self.ids())
        base = f"g{int(self.now() * 1000):x}"
        gid, n = base, 1
        while gid in taken or self._get(self.PREFIX + gid) is not None:
            n += 1
            gid = f"{base}-{n}"
        return gid

    def put_text(self, gid: str, text: str, summary: Callable[[], dict[str, Any]]) -> bool:
        """Save ``text`` as game ``gid`` with its line of the index (``summary()``, asked
        once the text is stored), and make it the one to resume. False: not (wholly) saved."""
        if not self._set(self.PREFIX + gid, text):
            return False
        entries = [e for e in self.entries() if e["id"] != gid]
        entries.insert(0, summary())
        done = self._write_index(entries)
        return self._set(self.LAST, gid) and done

    def _write_index(self, entries: list[dict[str, Any]]) -> bool:
        # Damaged entries go back as they were: what they name may still be repaired.
        return self._set(self.INDEX, json.dumps(entries + self._index()[1]))

    def set_last(self, gid: str) -> None:
        """Mark ``gid`` as the game to resume (only when it changes: no needless writes)."""
        if self._get(self.LAST) != gid:
            self._set(self.LAST, gid)

    def delete(self, gid: str) -> None:
        self._write_index([e for e in self.entries() if e["id"] != gid])
        try:
            self.storage.remove(self.PREFIX + gid)
        except Exception:
            self.ok = False
        if self._get(self.LAST) == gid:
            try:
                self.storage.remove(self.LAST)
            except Exception:
                self.ok = False


def _updated(entry: dict[str, Any]) -> float | None:
    """When a summary was written (None: not a time, the entry is damaged)."""
    try:
        return float(entry.get("updated") or 0)
    except (TypeError, ValueError, OverflowError):
        return None
