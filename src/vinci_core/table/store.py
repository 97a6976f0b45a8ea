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

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from boardgame_core import links
from boardgame_core.errors import SaveError
from boardgame_core.links import (
    BEHIND,
    DIVERGES,
    EXTENDS,
    SAME,
    SaveFacts,
    match_link,
    parse_link_fragment,
)
from boardgame_core.storage import MemoryStorage, SavedGames, Storage

from ..text.i18n import translations

if TYPE_CHECKING:
    from .session import Session


class SaveStore(SavedGames):
    """The list of Vinci's saved games over a :class:`Storage` (the index, its damage and
    the writes: :class:`boardgame_core.storage.SavedGames`), and the sessions it holds.

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
        super().__init__(storage, now)
        self.lang = "en"  # the language of the sessions it loads and of its messages

    def damaged_note(self) -> str:
        """What the saved-games list says of its damaged entries ("" when there are none)."""
        n = self.damaged_entries()
        return translations(self.lang).ngettext(
            "{n} entry of this list is damaged and was skipped; its game was not changed.",
            "{n} entries of this list are damaged and were skipped; their games were not "
            "changed.", n).format(n=n) if n else ""

    def load(self, gid: str) -> Session:
        """The saved game ``gid`` (raises SaveError when it is missing or damaged), with the
        seats this browser marked as remote."""
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

    def put(self, gid: str, session: Session) -> bool:
        """Save ``session`` as game ``gid`` and make it the one to resume. False: not saved."""
        return self.put_text(gid, session.save(), lambda: summary(gid, session, self.now()))

    # --- links of games already saved (play by link) ----------------------------------------

    def copies_of(self, game_id: str) -> list[tuple[str, SaveFacts]]:
        """The saved games with identity ``game_id``, with their :class:`SaveFacts` (a damaged
        saved game is skipped: it is never overwritten)."""
        from .save import save_facts

        return self.copies(game_id, save_facts)

    def open_link(self, text: object, for_seat: int | None = None) -> LinkOutcome:
        """A link (or an imported file) of a game: moves its saved copy forward when it
        extends it, shows the saved game when it is the same or behind, and keeps it as a new
        saved game when the game is new here or its moves part from the saved ones.

        ``for_seat``: the player the link was sent to; a game new to this browser then has
        that seat on this device and the other humans remote. Raises SaveError, having
        changed nothing, when the text is not a valid game."""
        from .save import save_facts
        from .session import Session

        if not isinstance(text, str):
            raise SaveError("a save is text")
        text = text.strip()
        t = translations(self.lang)
        link = save_facts(text)
        copies = self.copies_of(link.game_id)
        match = match_link(copies, link)
        if match is not None:
            return self._to_copy(text, link, *match)
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

    def _to_copy(self, text: str, link: SaveFacts, gid: str, relation: str, facts: SaveFacts
                 ) -> LinkOutcome:
        """A link that goes to the saved copy ``gid`` (see :func:`match_link`)."""
        from .session import Session

        t = translations(self.lang)
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


@dataclass
class LinkOutcome:
    """What opening a link did: the saved game to show, how the link related to the copy
    saved here (``new``, ``same``, ``extends``, ``behind``, ``diverges``) and what the page
    says about it (empty: nothing worth saying)."""

    gid: str
    session: Session
    relation: str
    message: str


def link_fragment(session: Session, for_seat: int | None = None) -> str:
    """The part of a share link after ``#``: the game, and the seat it is sent to."""
    return links.link_fragment(session.save(), for_seat)


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
