"""The saved games in the browser's storage, and the share links that carry a game.

:class:`SaveStore` keeps the list of saved games, each game's save text and the game to
resume, over any string key-value :class:`Storage` (the page's localStorage). Opening a link
moves the saved copy of its game forward, or keeps it as a new saved game (play by link,
issue 14).

Listing the saved games and reading a link's fragment need no engine: a first visit does
both before the page has loaded it (issue 11's cold load). The engine (:mod:`.session`,
:mod:`.save`) is imported by the methods that read or write a game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..text.i18n import translations

if TYPE_CHECKING:
    from .session import Session


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


class SaveStore:
    """The list of saved games over a :class:`Storage`.

    Keys: ``vinci.games`` (the index: one summary per game), ``vinci.game.<id>`` (the save
    text) and ``vinci.last`` (the game to resume). Every write is checked: once storage
    refuses one, :attr:`ok` turns False (the page says "saving is off") and the game goes on.
    A damaged index reads as empty, and a damaged entry of it is skipped (counted by
    :meth:`damaged_entries`) and kept as it is when the index is written again; a damaged save
    raises :class:`SaveError` when loaded and is never overwritten by anything but its own game.
    """

    INDEX = "vinci.games"
    LAST = "vinci.last"
    PREFIX = "vinci.game."

    def __init__(self, storage: Storage, now: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.now = now
        self.ok = True
        self.lang = "en"  # the language of the sessions it loads and of its messages

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

    def damaged_note(self) -> str:
        """What the saved-games list says of its damaged entries ("" when there are none)."""
        n = self.damaged_entries()
        return translations(self.lang).ngettext(
            "{n} entry of this list is damaged and was skipped; its game was not changed.",
            "{n} entries of this list are damaged and were skipped; their games were not "
            "changed.", n).format(n=n) if n else ""

    def ids(self) -> list[str]:
        return [e["id"] for e in self.entries()]

    @property
    def last_id(self) -> str | None:
        gid = self._get(self.LAST)
        return gid if gid and gid in self.ids() else None

    def text(self, gid: str) -> str | None:
        return self._get(self.PREFIX + gid)

    def load(self, gid: str) -> Session:
        """The saved game ``gid`` (raises SaveError when it is missing or damaged), with the
        seats this browser marked as remote."""
        from .save import SaveError
        from .session import Session

        text = self.text(gid)
        if text is None:
            raise SaveError("this saved game is no longer in the browser's storage")
        session = Session.from_save(text, self.lang)
        entry = next((e for e in self.entries() if e["id"] == gid), {})
        remote = entry.get("remote")
        if isinstance(remote, list):
            session.mark_remote({s for s in remote if isinstance(s, int)})
        return session

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

    def put(self, gid: str, session: Session) -> bool:
        """Save ``session`` as game ``gid`` and make it the one to resume. False: not saved."""
        if not self._set(self.PREFIX + gid, session.save()):
            return False
        entries = [e for e in self.entries() if e["id"] != gid]
        entries.insert(0, summary(gid, session, self.now()))
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

    # --- links of games already saved (play by link) ----------------------------------------

    def copies_of(self, game_id: str) -> list[tuple[str, Any]]:
        """The saved games with identity ``game_id``, with their :class:`SaveFacts` (a damaged
        saved game is skipped: it is never overwritten)."""
        from .save import SaveError, save_facts

        out = []
        for e in self.entries():
            if e.get("game") not in (None, game_id):
                continue  # summaries name the identity; older ones are read
            text = self.text(e["id"])
            try:
                facts = save_facts(text)
            except SaveError:
                continue
            if facts.game_id == game_id:
                out.append((e["id"], facts))
        return out

    def open_link(self, text: object, for_seat: int | None = None) -> LinkOutcome:
        """A link (or an imported file) of a game: moves its saved copy forward when it
        extends it, shows the saved game when it is the same or behind, and keeps it as a new
        saved game when the game is new here or its moves part from the saved ones.

        ``for_seat``: the player the link was sent to; a game new to this browser then has
        that seat on this device and the other humans remote. Raises SaveError, having
        changed nothing, when the text is not a valid game."""
        from .save import BEHIND, DIVERGES, EXTENDS, SAME, SaveError, link_relation, save_facts
        from .session import Session

        if not isinstance(text, str):
            raise SaveError("a save is text")
        text = text.strip()
        t = translations(self.lang)
        link = save_facts(text)
        copies = [(gid, link_relation(facts, link), facts) for gid, facts in
                  self.copies_of(link.game_id)]
        for wanted in (SAME, EXTENDS, BEHIND):
            for gid, relation, facts in copies:
                if relation != wanted:
                    continue
                if relation == EXTENDS:
                    session = Session.from_save(text, self.lang)
                    session.remote = self.load(gid).remote if self.text(gid) else frozenset()
                    self.put(gid, session)
                    n = len(link.codes) - len(facts.codes)
                    return LinkOutcome(gid, session, EXTENDS, t.ngettext(
                        "The saved game moved forward by {n} move.",
                        "The saved game moved forward by {n} moves.", n).format(n=n))
                session = self.load(gid)
                if relation == BEHIND:
                    n = len(facts.codes) - len(link.codes)
                    return LinkOutcome(gid, session, BEHIND, t.ngettext(
                        "This link is older than the game saved here ({n} move behind it): "
                        "nothing was changed.",
                        "This link is older than the game saved here ({n} moves behind it): "
                        "nothing was changed.", n).format(n=n))
                return LinkOutcome(gid, session, SAME, "")
        session = Session.from_save(text, self.lang)
        seats = range(len(session.state.config.seats))
        unknown_seat = for_seat is not None and for_seat not in seats
        if for_seat is not None and not unknown_seat:
            session.mark_remote(set(seats) - {for_seat})
        gid = self.new_id()
        self.put(gid, session)
        if unknown_seat:
            return LinkOutcome(gid, session, "new", t.gettext(
                "This link was sent to a seat this game does not have: every seat plays on "
                "this device."))
        if copies:
            return LinkOutcome(gid, session, DIVERGES, t.gettext(
                "This link is of a game already saved here, but its moves differ from the "
                "saved ones: it was kept as a separate saved game and the other one is "
                "unchanged."))
        return LinkOutcome(gid, session, "new", "")


@dataclass
class LinkOutcome:
    """What opening a link did: the saved game to show, how the link related to the copy
    saved here (``new``, ``same``, ``extends``, ``behind``, ``diverges``) and what the page
    says about it (empty: nothing worth saying)."""

    gid: str
    session: Session
    relation: str
    message: str


LINK_KEY = "g="
LINK_FOR = "to="


def link_fragment(session: Session, for_seat: int | None = None) -> str:
    """The part of a share link after ``#``: the game, and the seat it is sent to."""
    text = LINK_KEY + session.save()
    return text if for_seat is None else f"{text}&{LINK_FOR}{for_seat}"


def parse_link_fragment(fragment: str) -> tuple[str, int | None] | None:
    """(save text, seat it was sent to) of a link's fragment; None when it holds no game.
    A bad seat number is ignored: the game still opens, with every seat on this device."""
    fragment = fragment.lstrip("#")
    if not fragment.startswith(LINK_KEY):
        return None
    text, _, rest = fragment[len(LINK_KEY):].partition("&")
    seat = None
    for part in rest.split("&"):
        number = part[len(LINK_FOR):]
        # ASCII digits only ("²".isdigit() is true), and few: a game has at most 6 seats.
        if part.startswith(LINK_FOR) and number.isascii() and number.isdigit() and len(number) < 4:
            seat = int(number)
    return text, seat


def _updated(entry: dict[str, Any]) -> float | None:
    """When a summary was written (None: not a time, the entry is damaged)."""
    try:
        return float(entry.get("updated") or 0)
    except (TypeError, ValueError, OverflowError):
        return None


def summary(gid: str, session: Session, now: float) -> dict[str, Any]:
    """One line of the saved-games list."""
    from .save import digest

    state = session.state
    seats = state.config.seats
    names = ", ".join(s.name for s in seats)
    if state.is_terminal:
        status = "finished: " + " and ".join(seats[s].name for s in state.winners) + " won"
    else:
        status = f"round {state.round}"
    return {"id": gid, "title": names, "status": status, "round": state.round,
            "winners": [seats[s].name for s in state.winners],
            "over": state.is_terminal, "updated": now, "digest": digest(state),
            "scores": list(state.scores), "game": session.game_id,
            "remote": sorted(session.remote)}


def status_text(entry: dict[str, Any], lang: str = "en") -> str:
    """A saved game's state in the saved-games list, in ``lang`` (a list entry written
    before the winners were kept in it shows its stored English status)."""
    t = translations(lang)
    if not entry.get("over"):
        return t.gettext("round {n}").format(n=entry.get("round", "?"))
    if "winners" not in entry:
        return str(entry.get("status", ""))
    winners = entry["winners"]
    return t.ngettext("finished: {names} won", "finished: {names} won", len(winners)).format(
        names=t.gettext(" and ").join(winners))


__all__ = ["LinkOutcome", "MemoryStorage", "SaveStore", "Storage", "link_fragment",
           "parse_link_fragment", "status_text", "summary"]
