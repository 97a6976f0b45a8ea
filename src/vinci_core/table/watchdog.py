"""The page's watchdog (issue 29): when a turn the page plays by itself (a virtual or AI
seat's) stops moving, or the page's Python raises while handling an event, the player is
told in words and offered to reload the saved game (saved after every action, so nothing is
lost). What is decided and said is here, in plain Python; web/ui/watchdog.py looks at the
page once a second (app.js) and shows the words.

A turn is *awaited* while the game on screen has a virtual seat to act and nothing pauses
it (no replay open); the page hands :meth:`TurnWatch.look` a token of the position (it
changes with every action) or None when nothing is awaited. The same token seen for
:data:`STALL_MS` is a stall. The page's clock only counts while the page runs: a gap between
two looks longer than :data:`ASLEEP_MS` (a hidden tab's throttled timers, a machine that
stopped the page) starts the count again, so a page coming back is never taken for stuck.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..text.i18n import N_

STALL_MS = 10_000  # a virtual or AI turn that has not moved for this long has stalled
ASLEEP_MS = 3_000  # looks are a second apart: a longer gap means the page was not running
LOOK_MS = 1_000  # how often the page looks (app.js, WATCH_MS)

# The words (message ids: the page translates them, ui/watchdog.py). "{name}": the seat
# whose turn stalled; "{seconds}": STALL_MS in seconds.
STALLED = N_("{name} has not moved for {seconds} seconds: the page has stopped. Your game was "
             "saved after its last move: reload it to play on.")
FAILED = N_("Something went wrong in the page and the game may not go on. Your game was "
            "saved after its last move: reload it to play on.")
RELOAD = N_("Reload the saved game")


@dataclass
class TurnWatch:
    """Whether an awaited turn has stalled, from the page's looks (times in ms)."""

    stall_ms: float = STALL_MS
    asleep_ms: float = ASLEEP_MS
    token: Hashable | None = None  # the position last seen awaited
    since: float | None = None  # when it was first seen (the count's start)
    last: float | None = None  # the time of the last look
    raised: bool = False  # the stall was reported (once per position)

    def look(self, now: float, token: Hashable | None) -> str | None:
        """One look at ``now``: ``token`` is the awaited position (None: nothing awaited).
        Returns "stalled" the first time the same awaited position has been seen for
        ``stall_ms``, "moved" when a position reported stalled has moved on since, else
        None."""
        before, self.last = self.last, now
        if token is None or token != self.token:
            moved = self.raised
            self.token, self.since, self.raised = token, now, False
            return "moved" if moved else None
        if before is None or self.since is None or now - before > self.asleep_ms:
            self.since = now  # the page was not running: count again from here
            return None
        if not self.raised and now - self.since >= self.stall_ms:
            self.raised = True
            return "stalled"
        return None


def stalled_message(name: str) -> tuple[str, dict[str, Any]]:
    """The message id and its values of a stalled turn of the seat ``name``."""
    return STALLED, {"name": name, "seconds": STALL_MS // 1000}


def awaited_token(session: Any, paused: bool) -> Hashable | None:
    """The position the page waits for a virtual seat to move in (see :class:`TurnWatch`),
    or None: no game, a replay open (``paused``), the game over, a human or a remote
    player to act."""
    if session is None or paused:
        return None
    state = session.state
    seat = state.current_player
    if seat is None or state.is_terminal or not state.config.seats[seat].virtual:
        return None
    return (id(session), len(session.entries), state.ply)


def awaited_name(session: Any) -> str:
    """The name of the seat whose turn is awaited (the stall message's ``{name}``)."""
    seat = session.state.current_player
    return str(session.state.config.seats[seat].name) if seat is not None else ""
