"""A game being played at the table: state, undo, move log and the page's view model.

The page keeps one :class:`Session`; every click becomes :meth:`Session.act` and every
redraw reads :meth:`Session.view`. Undo goes back over the acting player's own actions in
the current turn, never past a random draw (a new display pair, a die) or another
player's action.

>>> import vinci_core as vc
>>> cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=1,
...                     map="mini")
>>> s = Session.new(cfg)
>>> s.can_undo
False
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.actions import Action, Decline, Diplomacy, EndTurn, Finish, IllegalAction, parse_action
from ..game.tiles import TILES
from ..players.reasons import Message
from ..text.i18n import translations
from ..text.textparts import Parts
from ..turn.state import GameState, new_game
from ..words.tilewords import civ_name
from .presenter import (
    ai_notice,
    ai_notice_parts,
    board_view,
    describe,
    hint_view,
    log_rows,
    move_parts,
    notice,
    peace_partners,
    phase_name,
    placement_editor,
    prompt,
    ranking,
    reason_text,
    targets,
    term_text,
)
from .save import (
    digest,
    encode_save,
    load_game,
    max_actions,
    new_game_id,
)
from .view import snapshot

if TYPE_CHECKING:
    from ..turn.schemas import GameConfig

MAX_UNDO = 200


@dataclass
class Session:
    state: GameState
    log: list[str] = field(default_factory=list)
    _undo: list[tuple[GameState, int]] = field(default_factory=list)  # (state, log length)
    # Scores at the start and at the end of every round (the page's score chart).
    rounds: list[list[int]] = field(default_factory=list)
    # One entry per log line, for the page: round, turn, province, scoring terms, notice
    # (see _entries). Kept beside ``log``, which stays a plain list of sentences.
    entries: list[dict[str, Any]] = field(default_factory=list)
    # The game's identity (issue 14): chosen at creation, kept in its saves and links, so a
    # link of this game moves its saved copy forward instead of adding another.
    game_id: str = ""
    # Seats played on another device (play by link): this page makes no move for them.
    # Kept with the saved game in this browser, not in the save: each device has its own.
    remote: frozenset[int] = frozenset()
    # The language of the log lines, notices and view texts (vinci_core.text.i18n.LANGUAGES).
    lang: str = "en"

    def __post_init__(self) -> None:
        if not self.rounds:
            self.rounds.append(list(self.state.scores))
        if not self.game_id:
            self.game_id = new_game_id()

    @classmethod
    def new(cls, config: GameConfig, remote: frozenset[int] = frozenset()) -> Session:
        return cls(new_game(config), remote=_humans_only(config, remote))

    @classmethod
    def from_save(cls, text: str, lang: str = "en") -> Session:
        """Load a save or share link (raises SaveError) and rebuild its move log."""
        rounds: list[list[int]] = []
        entries: list[dict[str, Any]] = []

        def record(before: GameState, action: Action, after: GameState) -> None:
            if not rounds:
                rounds.append(list(before.scores))
            entries.extend(_entries(before, action, after, lang))
            _track_round(rounds, after, before)

        final, game_id = load_game(text, record)  # one replay builds the game and its log
        return cls(final, [str(e["text"]) for e in entries], rounds=rounds, entries=entries,
                   game_id=game_id, lang=lang)

    def set_language(self, lang: str) -> None:
        """Say everything in ``lang`` from now on: the move log and its notices are worded
        again from one replay of the game (the game itself, undo and the AI's reasons of
        this visit are kept)."""
        translations(lang)  # an unknown language is refused before anything changes
        if lang == self.lang:
            return
        entries: list[dict[str, Any]] = []
        moves: list[tuple[GameState, Action]] = []  # the move behind each entry

        def record(before: GameState, action: Action, after: GameState) -> None:
            new = _entries(before, action, after, lang)
            entries.extend(new)
            moves.extend([(before, action)] * len(new))

        load_game(self.save(), record)
        for old, new, (before, action) in zip(self.entries, entries, moves, strict=True):
            if old.get("reason"):
                from ..players.ai import Decision

                said = old.get("said")
                decision = Decision(action, str(old["reason"]), said)
                _explain(new, reason_text(before, decision, lang), lang, said)
        self.lang = lang
        self.entries = entries
        self.log = [str(e["text"]) for e in entries]

    # --- playing --------------------------------------------------------------------------

    def act(self, action: Action | dict[str, Any] | str, reason: str = "",
            said: Message | None = None) -> str:
        """Apply an action (object, dict or JSON). Raises IllegalAction/ActionError.

        ``reason``: an AI's explanation; the log line and the notice then say why.
        ``said``: the strong AI's reason as a message, worded again on a language switch."""
        if not isinstance(action, Action):
            action = parse_action(action)
        before = self.state
        if self.remote_to_act:
            raise IllegalAction("remote seat", self.waiting_text())
        if before.ply >= max_actions(before.config):
            # One more action would make a save that no edition loads: the game is kept
            # as it is rather than lost.
            raise IllegalAction("API", "this game has reached the most actions a save can "
                                "hold ({n}); it can be replayed but not continued", n=before.ply)
        after = before.apply(action)
        new = _entries(before, action, after, self.lang)
        if reason:  # an AI's move: its reason goes with its line and its notice (issue 13);
            # reasons are not saved, so a reloaded game's log shows the moves only.
            _explain(new[0], reason, self.lang, said)
        if self._undoable(before, after):
            self._undo.append((before, len(self.log)))
            del self._undo[:-MAX_UNDO]
        else:
            self._undo.clear()
        self.state = after
        self.entries.extend(new)
        self.log.extend(e["text"] for e in new)
        _track_round(self.rounds, after, before)
        return str(new[0]["text"])

    def play_ai(self) -> bool:
        """Let the AI of the seat to act make one move, at the level in its config, with
        its reason in the log and the notice. False when no AI seat is to act."""
        from ..players.ai import finish

        return finish(self.ai_turn())

    def ai_turn(self) -> Generator[None, None, bool]:
        """:meth:`play_ai` in slices (the page runs them in short tasks and stays
        responsive): the AI's search yields between slices, then its move is played. The
        move is dropped (False) if the game moved on meanwhile (undo, another game)."""
        from ..players.ai import checked
        from ..players.levels import player_for_seat

        state = self.state
        seat = state.current_player
        if seat is None or not state.config.seats[seat].virtual:
            return False
        decision = yield from player_for_seat(state.config, seat).think(state)
        if self.state is not state:
            return False
        decision = checked(state, decision)
        self.act(decision.action, reason_text(state, decision, self.lang), decision.message)
        return True

    @property
    def can_hint(self) -> bool:
        """Hints come from the strong AI, which plays only the rulesets that seat it."""
        return "strong" in self.state.config.rules_set.seating.ai_levels

    def hint(self) -> dict[str, Any] | None:
        """What the strong AI would do now for the player to act, not played (None when
        the game is over)."""
        from ..players.ai import checked, hint

        state = self.state
        if state.is_terminal or not self.can_hint:
            return None
        decision = checked(state, hint(state))
        return hint_view(state, decision.action, reason_text(state, decision, self.lang),
                         self.lang)

    @staticmethod
    def _undoable(before: GameState, after: GameState) -> bool:
        """One's own action within the turn that drew nothing at random."""
        return (
            before.draws == after.draws
            and not after.is_terminal
            and after.current_player == before.current_player
            and after.turn_seat == before.turn_seat
            and after.round == before.round
        )

    @property
    def can_undo(self) -> bool:
        seat = self.state.current_player
        return (bool(self._undo) and seat is not None and seat not in self.remote
                and not self.state.config.seats[seat].virtual)

    # --- play by link ------------------------------------------------------------------------

    def mark_remote(self, seats: set[int] | frozenset[int]) -> None:
        """Play ``seats`` on other devices (their moves come by link); a virtual seat stays
        here (its moves are computed on every device)."""
        self.remote = _humans_only(self.state.config, seats)

    @property
    def remote_to_act(self) -> bool:
        """The seat to act plays on another device: its move comes back by link."""
        return self.state.current_player in self.remote

    def waiting_text(self) -> str:
        """What the page says while a remote seat is to act."""
        seat = self.state.current_player
        name = "?" if seat is None else self.state.config.seats[seat].name
        return translations(self.lang).gettext(
            "It is {name}'s turn, and {name} plays on another device: send {name} the link "
            "of this game.").format(name=name)

    def since_last_turn(self, seat: int) -> list[str]:
        """The notices of what the others did since ``seat`` last acted (a link opened by
        that player shows them), oldest first."""
        return [str(e["notice"]) for e in self._since(seat)]

    def since_last_turn_parts(self, seat: int) -> list[Parts]:
        """:meth:`since_last_turn` as parts, the tiles they name linked (textparts)."""
        return [e.get("notice_parts") or [(str(e["notice"]), None)] for e in self._since(seat)]

    def _since(self, seat: int) -> list[dict[str, Any]]:
        last = max((i for i, e in enumerate(self.entries)
                    if e.get("seat") == seat and e["kind"] == "action"), default=-1)
        return [e for e in self.entries[last + 1:] if e.get("notice") and e.get("seat") != seat]

    def local_seats(self) -> list[int]:
        """The human seats played on this device."""
        return [i for i, s in enumerate(self.state.config.seats)
                if not s.virtual and i not in self.remote]

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.state, size = self._undo.pop()
        del self.log[size:]
        del self.entries[size:]
        return True

    def save(self) -> str:
        return encode_save(self.state, self.game_id)

    # --- the page's view model ---------------------------------------------------------------

    def view(self, log_from: int | None = None, playable: bool = True) -> dict[str, Any]:
        """Everything the page draws: snapshot plus board view, targets, prompt, controls.
        The log shows the last 300 entries, or those from ``log_from`` on. A position only
        looked at (``playable`` False: a replay) skips what playing needs: its legal moves,
        targets, prompt and placement editor (no targets, no controls, an empty prompt)."""
        state = self.state
        snap = snapshot(state)
        legal = state.legal_actions() if playable and not state.is_terminal else []
        kinds = {a.kind for a in legal}
        seat = state.current_player
        snap.update(
            board=board_view(state),
            targets=targets(state, self.lang) if playable else {},
            prompt=prompt(state, legal, self.lang) if playable else "",
            digest=digest(state),
            can_undo=self.can_undo,
            log=self.log[-300:],
            log_rows=log_rows(self.entries[-300:] if log_from is None
                              else self.entries[log_from:], self.lang),
            moves=len(self.entries),
            controls={
                "finish": Finish() in legal,
                "decline": Decline() in legal,
                "end_turn": EndTurn() in legal,
                "diplomacy": [a.seat for a in legal if isinstance(a, Diplomacy)],
                "abandon": [a.province for a in legal if a.kind == "abandon"],  # type: ignore[attr-defined]
                "choose": sorted(a.slot for a in legal if a.kind == "choose"),  # type: ignore[attr-defined]
                "place": "place" in kinds,
                "hint": playable and self.can_hint,
            },
            virtual_to_act=seat is not None and state.config.seats[seat].virtual,
            remote_to_act=self.remote_to_act,
            waiting=self.waiting_text() if self.remote_to_act else "",
            remote=sorted(self.remote),
            ai_level=state.config.seats[seat].ai_level if seat is not None else None,
            phase_name=phase_name(state.phase, self.lang),
            editor=placement_editor(state) if playable else None,
            rounds=[list(r) for r in self.rounds],
            ranking=ranking(state) if state.is_terminal else [],
        )
        if self.remote_to_act:  # nothing to click here: the move comes back by link
            snap.update(targets={}, prompt=snap["waiting"], editor=None,
                        controls=NO_CONTROLS)
        peace = peace_partners(state)
        for player in snap["players"]:
            player["peace"] = [state.config.seats[s].name for s in peace[player["seat"]]]
            for key in ("active", "declined"):
                if player[key]:
                    player[key]["name"] = civ_name(tuple(player[key]["tiles"]),
                                                   state.config.ruleset, self.lang)
        return snap


# The view's controls when nothing may be played on this page (a remote seat, a replay).
NO_CONTROLS: dict[str, Any] = {"finish": False, "decline": False, "end_turn": False,
                               "diplomacy": [], "abandon": [], "choose": [], "place": False,
                               "hint": False}


def _humans_only(config: GameConfig, seats: frozenset[int] | set[int]) -> frozenset[int]:
    """Remote seats are human seats of the game (a virtual player plays wherever the game is)."""
    return frozenset(s for s in seats
                     if 0 <= s < len(config.seats) and not config.seats[s].virtual)


def catalogue() -> dict[str, dict[str, Any]]:
    """The tile catalogue for the page's help texts (sent once, not with every view)."""
    return {tid: {"name": t.name, "summary": t.summary, "decline_proof": bool(t.decline_proof),
                  "tokens": t.tokens} for tid, t in TILES.items()}


def _track_round(rounds: list[list[int]], after: GameState, before: GameState) -> None:
    """Record the scores when a round ends (or the game does)."""
    if after.round != before.round or (after.is_terminal and not before.is_terminal):
        rounds.append(list(after.scores))


def _explain(entry: dict[str, Any], reason: str, lang: str, said: Message | None = None
             ) -> None:
    """An AI's move: its reason goes with its log line and its notice (``said``: the strong
    AI's message, kept to word the reason again in another language)."""
    entry["reason"] = reason
    entry["said"] = said
    entry["short"], entry["short_parts"] = entry.get("notice"), entry.get("notice_parts")
    entry["text"] = ai_notice(str(entry["text"]), reason, lang)
    if entry.get("notice"):
        entry["notice"] = ai_notice(str(entry["notice"]), reason, lang)
    for key in ("parts", "notice_parts"):
        if entry.get(key):
            entry[key] = ai_notice_parts(entry[key], reason, lang)


def _entries(before: GameState, action: Action, after: GameState,
             lang: str = "en") -> list[dict[str, Any]]:
    """The log entries of one action: its line, then what happened on its own (scoring at
    the end of a turn with its terms, the game's end). Each entry: ``text``, ``kind``
    (action, score, end), ``round``, ``turn`` (the seat whose turn it is) and its name,
    ``seat`` (who acted), ``province`` (a line that can show one), ``notice``
    (presenter.notice), ``terms`` (scoring: "label +n (rule)" strings)."""
    seat = before.current_player
    turn = before.turn_seat if before.phase != "choose" else seat
    base = {"round": before.round, "turn": turn,
            "turn_name": "" if turn is None else before.config.seats[turn].name}
    t = translations(lang)
    line, said = describe(before, action, lang), notice(before, action, after, lang)
    out = [{**base, "kind": "action", "text": line, "seat": seat,
            "province": getattr(action, "province", None) if action.kind != "place_all"
            else None, "notice": said,
            # the tile names of the line and the notice, as links (None: none named)
            "parts": move_parts(before, action, line, lang),
            "notice_parts": move_parts(before, action, said, lang)}]
    if after.scorings != before.scorings:
        _, scorer, points = after.history[-1]
        terms = []
        if after.last_score is not None and after.last_score[0] == scorer:
            terms = [term_text(label, value, rule, lang) for label, value, rule
                     in after.last_score[1] if value]
        name = after.config.seats[scorer].name
        total = after.players[scorer].score
        out.append({**base, "kind": "score", "seat": scorer, "province": None,
                    "text": t.gettext("{name} scores {points} VP (total {total}).").format(
                        name=name, points=points, total=total),
                    "terms": terms, "notice": t.gettext("{name} scored {points} VP.").format(
                        name=name, points=points)})
    if after.is_terminal and not before.is_terminal:
        out.append({**base, "kind": "end", "seat": None, "province": None,
                    "text": t.gettext("The game is over."), "notice": None})
    return out


__all__ = ["IllegalAction", "Session", "catalogue"]
