"""What one seat may know (R-12): ``observation(state, seat)``, and which of the legal
actions are its own: ``own_actions(legal, seat)``.

Hidden from a seat: the other hands (only their sizes show), the deck's order and the
later periods' cards (only counts), the random stream, the reuse pile below its top card
(R-12.3), and the other seats' sealed choices (only who has chosen). Everything else is
public: cash (Q-28), noted cash, advances, fleets, misery, pieces, commodity cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game.actions import Action
from .state import GameState

_PUBLIC = ("round", "step", "turn", "period", "ending", "terminal", "order", "cash", "misery",
           "alive", "capital", "bought", "stock_tokens", "stock_markers", "fleet_kind",
           "fleet_size", "noted_cash", "last_bid", "new_markers", "removed", "set_aside",
           "display", "pick_order", "round_events", "token_cards_sold", "pending")


def observation(state: GameState, seat: int) -> dict[str, Any]:
    facts = state.facts()
    out: dict[str, Any] = {name: facts[name] for name in _PUBLIC}
    out["seat"] = seat
    out["players"] = state.players
    out["hand"] = sorted(state.hands[seat])
    out["hand_sizes"] = [len(h) for h in state.hands]
    out["deck_size"] = len(state.deck)
    out["future_sizes"] = {str(k): len(v) for k, v in sorted(state.future.items())}
    out["reuse_top"] = state.reuse[-1] if state.reuse else None
    out["reuse_size"] = len(state.reuse)
    out["sealed_done"] = sorted(state.sealed)
    out["my_sealed"] = state.sealed.get(seat)
    for name in ("tokens", "new_tokens", "shipped", "advances", "holdings", "relief", "turn_flags",
                 "patrons_used", "scale", "control", "patron_load", "new_control", "marks"):
        out[name] = facts[name]
    out["seats_to_act"] = list(state.seats_to_act)
    return out


def own_actions(legal: Sequence[Action], seat: int) -> list[Action]:
    """The actions of ``legal`` that are ``seat``'s: in a sealed step those that name it,
    otherwise all of them (the step's one player takes them).

    >>> from renaissance_core.game.actions import BidTokens, Done
    >>> own_actions([BidTokens(0, 3), BidTokens(1, 2), Done()], 1)
    [BidTokens(seat=1, tokens=2), Done()]
    """
    return [a for a in legal if getattr(a, "seat", seat) == seat]
