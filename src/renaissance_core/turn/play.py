"""Phase 3 (R-6): one lap in turn order, each player plays any number of cards (Q-13).

Commodity cards pay every holder at once (R-6.2–R-6.4); a dual card asks its player to
name the commodity through the decision stack. Personalities give their player this
round's discounts (R-6.7) and, with Printing, a refund (R-15.O). Event cards are recorded as
played this round (Walter Sans-Avoir, Marco Polo and R-6.8's unplayable cards follow that),
take their effect at once (R-6.5, ``turn.events``) and go to the reuse pile or out of the
game by their mark. A War still tied is rolled again at the start of each later card
phase (R-14.11, ``turn.wars``).
"""

from __future__ import annotations

from ..game.actions import Action, Done, NameCommodity, PlayCard
from ..game.cards import COMMODITY, PERSONALITY
from ..game.constants import COMMODITIES
from ..game.errors import IllegalAction
from ..game.payout import payout
from .common import put_away, receive
from .events import take_effect
from .state import GameState
from .wars import roll_open_wars


def start(state: GameState) -> None:
    roll_open_wars(state)  # each later card phase


def eligible(state: GameState, seat: int) -> bool:
    return any(playable(state, seat, c) for c in state.hands[seat])


def playable(state: GameState, seat: int, card: str) -> bool:
    """R-6.8: cards another card or an advance has made unplayable stay in hand."""
    marks, live = state.marks, [p for p in range(state.players) if state.alive[p]]
    if card in ("stirrup", "armour"):
        return "played:longbows" not in marks and "played:gunpowder" not in marks
    if card == "crusade":
        return "played:mongol_invasion" not in marks
    if card == "alchemy":
        return not all(state.owns(p, "C") for p in live)
    if card == "mysticism":
        return not all(all(state.owns(p, a) for a in state.sheet.row("science")) for p in live)
    if card == "papal_decree":
        return "religious_war_in_period_3" not in marks
    return True


def legal(state: GameState) -> list[Action]:
    seat = state.order[state.turn]
    cards = sorted({c for c in state.hands[seat] if playable(state, seat, c)})
    return [Done(), *(PlayCard(c) for c in cards)]


def apply(state: GameState, action: Action) -> None:
    seat = state.order[state.turn]
    if isinstance(action, Done):
        state.turn += 1
    elif isinstance(action, PlayCard):
        play_card(state, seat, action.card, final=False)
    else:
        raise IllegalAction("R-6.1", "phase 3: play a card or be done")


def finish(state: GameState) -> str:
    return "purchase"


def play_card(state: GameState, seat: int, card: str, final: bool) -> None:
    if card not in state.hands[seat]:  # refused before anything moves, never taken back
        raise IllegalAction("R-6.9", "that card is not in this player's hand")
    if not playable(state, seat, card):
        raise IllegalAction("R-6.8", "that card cannot be played now; it stays in hand")
    info = state.cards[card]
    state.hands[seat].remove(card)
    if info.kind == COMMODITY:
        put_away(state, card)  # commodity cards are always reused
        if len(info.commodities) > 1:
            state.pending.append(("name_commodity", seat, card))  # the player names it
        else:
            pay_commodity(state, info.commodities[0])
    elif info.kind == PERSONALITY:
        _personality(state, seat, card, final)
    else:
        _event(state, seat, card)


def pay_commodity(state: GameState, commodity: str) -> None:
    """R-6.2–R-6.4: every holder is paid base × n² (M: n + 1; Q-8 shortage/surplus)."""
    base, level = COMMODITIES[commodity].base, state.scale.get(commodity, 0)
    for seat in range(state.players):
        if not state.alive[seat]:  # an eliminated player's pieces earn nothing
            continue
        n = sum(1 for a in state.holdings[seat] if commodity in state.board.areas[a].commodities)
        receive(state, seat, payout(base, n, state.owns(seat, "M"), level))
    if level:  # the card clears one marker of its commodity
        level -= 1 if level > 0 else -1
        if level:
            state.scale[commodity] = level
        else:
            del state.scale[commodity]


def _personality(state: GameState, seat: int, card: str, final: bool) -> None:
    """R-6.7: to the display (first three) or in front of its player; R-15.O refunds."""
    if state.owns(seat, "O"):  # each named advance bought in an earlier round pays
        for letter, ducats in sorted(state.cards[card].discounts.items()):
            bought = state.advances[seat].get(letter)
            if bought is not None and bought < state.round:  # bought in an earlier round
                receive(state, seat, ducats)
    if final:  # only the Printing refund counts in the final card phase
        put_away(state, card)
    else:
        state.display.append((card, seat))


def _event(state: GameState, seat: int, card: str) -> None:
    """R-6.5: recorded for R-6.8 and R-2.4, then the effect at once (R-14)."""
    state.round_events.append(card)
    state.marks.add(f"played:{card}")
    put_away(state, card)
    take_effect(state, seat, card)


# --- the decision: naming the commodity of a dual card ------------------------------------


def legal_decision(state: GameState) -> list[Action]:
    _, _, card = state.pending[-1]
    return [NameCommodity(c) for c in state.cards[card].commodities]


def apply_decision(state: GameState, action: Action) -> None:
    _, _, card = state.pending[-1]
    if not isinstance(action, NameCommodity) or action.commodity not in state.cards[
            card].commodities:
        raise IllegalAction("R-6.2", "name one of the dual card's commodities")
    state.pending.pop()
    pay_commodity(state, action.commodity)
