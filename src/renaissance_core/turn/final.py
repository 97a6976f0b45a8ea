"""The final card phase (R-13.2): after the last income phase, in turn order, every player
plays every card left in hand. Commodity cards pay as usual; personalities only refund
owners of Printing; events apply. A War still tied is rolled again while players are still
to play (Q-68): at the start and after each card whose effect has no choice left open, as
long as some live player has a card to play. Cards that cannot be played (R-6.8) stay in
hand and count for nothing (Q-42)."""

from __future__ import annotations

from ..game.actions import Action, PlayCard
from ..game.errors import IllegalAction
from .play import play_card, playable
from .state import GameState
from .wars import open_wars, roll_open_wars


def start(state: GameState) -> None:
    _roll_while_cards_left(state)


def _roll_while_cards_left(state: GameState) -> None:
    if open_wars(state) and any(state.alive[p] and eligible(state, p)
                                for p in range(state.players)):
        roll_open_wars(state)


def eligible(state: GameState, seat: int) -> bool:
    return any(playable(state, seat, c) for c in state.hands[seat])


def legal(state: GameState) -> list[Action]:
    seat = state.order[state.turn]
    return [PlayCard(c) for c in sorted({c for c in state.hands[seat]
                                         if playable(state, seat, c)})]


def apply(state: GameState, action: Action) -> None:
    if not isinstance(action, PlayCard):
        raise IllegalAction("R-13.2", "in the final card phase every card is played")
    play_card(state, state.order[state.turn], action.card, final=True)
    if not state.pending:
        _roll_while_cards_left(state)


def finish(state: GameState) -> str:
    state.terminal = True
    return "end"
