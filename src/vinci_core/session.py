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

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Decline, Diplomacy, EndTurn, Finish, IllegalAction, parse_action
from .config import GameConfig
from .presenter import board_view, civ_name, describe, prompt, targets
from .save import decode_save, digest, encode_save
from .state import GameState, new_game
from .tiles import TILES

MAX_UNDO = 200


@dataclass
class Session:
    state: GameState
    log: list[str] = field(default_factory=list)
    _undo: list[tuple[GameState, int]] = field(default_factory=list)  # (state, log length)

    @classmethod
    def new(cls, config: GameConfig) -> Session:
        return cls(new_game(config))

    @classmethod
    def from_save(cls, text: str) -> Session:
        """Load a save or share link (raises SaveError) and rebuild its move log."""
        final = decode_save(text)
        state = new_game(final.config)
        log: list[str] = []
        for action in final.actions:
            log.append(describe(state, action))
            after = state.apply(action)
            log.extend(_turn_notes(after, state))
            state = after
        return cls(final, log)

    # --- playing --------------------------------------------------------------------------

    def act(self, action: Action | dict[str, Any] | str) -> str:
        """Apply an action (object, dict or JSON). Raises IllegalAction/ActionError."""
        if not isinstance(action, Action):
            action = parse_action(action)
        before = self.state
        after = before.apply(action)
        line = describe(before, action)
        if self._undoable(before, after):
            self._undo.append((before, len(self.log)))
            del self._undo[:-MAX_UNDO]
        else:
            self._undo.clear()
        self.state = after
        self.log.append(line)
        self.log.extend(_turn_notes(after, before))
        return line

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
        return bool(self._undo) and seat is not None and not self.state.config.seats[seat].virtual

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self.state, size = self._undo.pop()
        del self.log[size:]
        return True

    def save(self) -> str:
        return encode_save(self.state)

    # --- the page's view model ---------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the page draws: snapshot plus board view, targets, prompt, controls."""
        state = self.state
        snap = state.snapshot()
        legal = state.legal_actions() if not state.is_terminal else []
        kinds = {a.kind for a in legal}
        seat = state.current_player
        snap.update(
            board=board_view(state),
            targets=targets(state),
            prompt=prompt(state),
            digest=digest(state),
            can_undo=self.can_undo,
            log=self.log[-300:],
            controls={
                "finish": Finish() in legal,
                "decline": Decline() in legal,
                "end_turn": EndTurn() in legal,
                "diplomacy": [a.seat for a in legal if isinstance(a, Diplomacy)],
                "abandon": [a.province for a in legal if a.kind == "abandon"],  # type: ignore[attr-defined]
                "choose": sorted(a.slot for a in legal if a.kind == "choose"),  # type: ignore[attr-defined]
                "place": "place" in kinds,
            },
            virtual_to_act=seat is not None and state.config.seats[seat].virtual,
        )
        for player in snap["players"]:
            for key in ("active", "declined"):
                if player[key]:
                    player[key]["name"] = civ_name(tuple(player[key]["tiles"]))
        return snap


def catalogue() -> dict[str, dict[str, Any]]:
    """The tile catalogue for the page's help texts (sent once, not with every view)."""
    return {tid: {"name": t.name, "summary": t.summary, "decline_proof": bool(t.decline_proof),
                  "tokens": t.tokens} for tid, t in TILES.items()}


def _turn_notes(after: GameState, before: GameState) -> list[str]:
    """Log lines for what happened on its own: scoring at the end of a turn, the game end."""
    notes: list[str] = []
    if after.history != before.history:
        _, seat, points = after.history[-1]
        notes.append(f"{after.config.seats[seat].name} scores {points} VP "
                     f"(total {after.players[seat].score}).")
    if after.is_terminal and not before.is_terminal:
        notes.append("The game is over.")
    return notes


__all__ = ["IllegalAction", "Session", "catalogue"]
