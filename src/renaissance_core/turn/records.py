"""R-8.19, R-15.N Written Records: taking a province held by a control marker from a
player without N, an owner of N may force an exchange of cards: they give one of their
choice and draw one of the victim's blind; at most once per victim per round.

The offer waits on the decision stack as ``("written_records", taker, victim)``; Q-53: the
taker may decline, both must hold a card, and the blind draw uses the state's stream.
"""

from __future__ import annotations

from ..game.actions import Action, Done, Exchange
from ..game.errors import IllegalAction
from ..game.rng import below
from .state import GameState


def offer_exchange(state: GameState, seat: int, victim: int) -> None:
    """Push the offer when the taker owns N, the victim does not, and both hold cards."""
    if (state.owns(seat, "N") and not state.owns(victim, "N") and state.hands[seat]
            and state.hands[victim] and f"exchanged:{victim}" not in state.turn_flags[seat]):
        state.pending.append(("written_records", seat, str(victim)))


def legal_decision(state: GameState) -> list[Action]:
    _, seat, _ = state.pending[-1]
    return [Done(), *(Exchange(card) for card in sorted(set(state.hands[seat])))]


def apply_decision(state: GameState, action: Action) -> None:
    if action not in legal_decision(state):
        raise IllegalAction("R-8.19", "give a card of one's hand, or decline the exchange")
    _, seat, subject = state.pending.pop()
    if isinstance(action, Exchange):
        victim = int(subject)
        state.turn_flags[seat].add(f"exchanged:{victim}")  # once per victim per round
        state.hands[seat].remove(action.card)
        state.rng, pick = below(state.rng, len(state.hands[victim]))  # drawn blind
        state.hands[seat].append(state.hands[victim].pop(pick))
        state.hands[victim].append(action.card)
