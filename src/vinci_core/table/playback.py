"""Replay: any game (saved, finished, opened from a link or a file) stepped through at will.

:class:`Replay` replays the game's log once and keeps every position along the way, so
jumping to any point is a list lookup (no replay from the start: the page must redraw within
a frame or two). Stepping goes by action, by turn (to the start of the next or previous
turn) or by round (the game-neutral :class:`boardgame_core.playback.Cursor`, told where
Vinci's turns and rounds begin). A replay never changes the game it shows;
:meth:`Replay.play_on` starts a new game (a branch, with its own identity) from any
position. (The module is not named ``replay``: ``vinci_core.replay`` is the engine's
function that replays a log.)

>>> import vinci_core as vc
>>> from vinci_core.table.session import Session
>>> cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in "ABC"], seed=3, map="mini")
>>> s = Session.new(cfg)
>>> _ = s.act(s.state.legal_actions()[0])
>>> r = Replay.of(s)
>>> r.last, r.step(0, "action", +1), r.step(1, "action", +1)
(1, 1, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgame_core.playback import Cursor

from ..game.actions import Action
from ..text.i18n import translations
from ..turn.state import GameState, new_game
from .presenter import log_rows
from .session import NO_CONTROLS, Session, _entries, _track_round

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig


class Replay:
    """Every position of one game, with its move log and score chart along the way."""

    lang = "en"  # the language of its log and labels (set by __init__)

    def __init__(self, config: GameConfig, actions: list[Action], game_id: str = "",
                 lang: str = "en") -> None:
        self.game_id = game_id
        self.lang = lang
        state = new_game(config)
        self.positions: list[GameState] = [state]
        self.entries: list[dict[str, Any]] = []
        self.entry_end = [0]  # log entries written once i actions are played
        rounds: list[list[int]] = [list(state.scores)]
        self.rounds = rounds
        self.rounds_end = [1]  # score-chart points known once i actions are played
        for action in actions:
            after = state.apply(action)
            self.entries.extend(_entries(state, action, after, lang))
            _track_round(rounds, after, state)
            self.entry_end.append(len(self.entries))
            self.rounds_end.append(len(rounds))
            self.positions.append(after)
            state = after
        self.actions = list(actions)
        self.texts = [str(e["text"]) for e in self.entries]
        # The whole log, drawn once: a step only says how many of its rows are shown (the
        # page hides the others), so no step rebuilds the log.
        self.log_rows = log_rows(self.entries, lang)
        entry_row = [k for k, row in enumerate(self.log_rows)
                     if row["kind"] not in ("round", "turn")]
        self.rows_end = [entry_row[e - 1] + 1 if e else 0 for e in self.entry_end]
        self.cursor = Cursor(self.positions, {"turn": _turn_key, "round": _round_key})

    @classmethod
    def of(cls, session: Session) -> Replay:
        state = session.state
        return cls(state.config, state.actions, session.game_id, session.lang)

    @property
    def last(self) -> int:
        """The position after the last action (the game as it is)."""
        return len(self.actions)

    @property
    def turn_starts(self) -> list[int]:
        """Positions where a turn begins, with the first and the last."""
        return self.cursor.starts["turn"]

    @property
    def round_starts(self) -> list[int]:
        return self.cursor.starts["round"]

    # --- moving --------------------------------------------------------------------------

    def clamp(self, i: int) -> int:
        return self.cursor.clamp(i)

    def step(self, i: int, unit: str, direction: int) -> int:
        """The position one ``unit`` (action, turn, round) after (``direction`` +1) or before
        (-1) position ``i``. Back by a turn from inside a turn goes to that turn's start."""
        return self.cursor.step(i, unit, direction)

    # --- showing -------------------------------------------------------------------------

    def session_at(self, i: int) -> Session:
        """The game as it stood at position ``i``, as a session the page can draw (its log
        and chart end there). Nothing is copied: a session acting from it makes new states."""
        i = self.clamp(i)
        end = self.entry_end[i]
        entries = self.entries[:end]
        return Session(self.positions[i], self.texts[:end],
                       rounds=[list(r) for r in self.rounds[:self.rounds_end[i]]],
                       entries=entries, game_id=self.game_id or "replay", lang=self.lang)

    def view(self, i: int) -> dict[str, Any]:
        """The page's view of position ``i`` (see Session.view) and the replay's own facts:
        ``index``, ``last``, ``label`` (where the replay stands, in words), ``current``
        (the log line of the step just shown, or None at the start) and ``rows`` (how many
        rows of the whole log, ``log_rows``, are shown: the current line is the last)."""
        i = self.clamp(i)
        end = self.entry_end[i]
        # A replay is looked at, not played: no legal moves, targets or editor are worked out.
        view = self.session_at(i).view(log_from=end, playable=False)  # (log: see log_rows)
        move = self.move(i)  # its sentence after the position (a phone hides the bar's own)
        view.update(controls=NO_CONTROLS, can_undo=False,
                    log_rows=self.log_rows, prompt=(translations(self.lang).gettext(
                        "Replay: {where}.").format(where=self.label(i)) + " "
                        + move["text"]).strip())
        view["replay"] = {
            "index": i, "last": self.last, "label": self.label(i),
            "current": self.texts[end - 1] if i else None,
            "move": move["text"], "province": move["province"],
            "rows": self.rows_end[i],
        }
        return view

    def move(self, i: int) -> dict[str, Any]:
        """The move that led to position ``i``, as the replay bar says it beside the board:
        ``text`` (its log line; "" at the start) and ``province`` (the one it played, to ring
        on the board; None when it played none)."""
        i = self.clamp(i)
        if i == 0:
            return {"text": "", "province": None}
        entry = self.entries[self.entry_end[i - 1]]
        return {"text": str(entry["text"]), "province": entry.get("province")}

    def label(self, i: int) -> str:
        state = self.positions[self.clamp(i)]
        turn = state.current_player
        t = translations(self.lang)
        args = {"i": i, "last": self.last, "round": state.round}
        if state.is_terminal:
            return t.gettext("Move {i} of {last} · round {round}, game over").format(**args)
        if turn is None:
            return t.gettext("Move {i} of {last} · round {round}").format(**args)
        return t.gettext("Move {i} of {last} · round {round}, {name} to act").format(
            name=state.config.seats[turn].name, **args)

    def play_on(self, i: int) -> Session:
        """A new game (a branch, with a new identity) from position ``i``: its log holds the
        moves up to there; the game replayed is not touched. Every seat is on this device."""
        at = self.session_at(i)
        return Session(at.state, list(at.log), rounds=at.rounds, entries=list(at.entries),
                       lang=self.lang)


def _turn_key(state: GameState) -> tuple[int, int | None]:
    """Which turn a position belongs to: the round and the seat whose turn it is (in round
    1, where everyone only chooses, each choice is a turn of its own)."""
    return state.round, state.turn_seat if state.phase != "over" else None


def _round_key(state: GameState) -> int:
    return state.round
