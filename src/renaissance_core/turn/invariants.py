"""What every position of a game must satisfy, whatever was played: the conformance checks
that random games run after every action (tests, ``bench/renaissance_conformance.py``).

``breaches(state)`` lists, in words, each fact that is wrong (an empty list: all hold):
- the ducats ledger: the players' cash is the starting cash less what was paid to the bank
  plus what the bank paid out (Q-27), and never negative;
- pieces: each player's 36 tokens are in stock, bought for the round or on the board, and
  its 25 control markers in stock or on the board (R-1.3);
- cards: each of the 64 cards is in exactly one place (deck, later periods, set aside,
  hands, display, reuse pile, removed);
- markets: no area holds more than its volume but in the conflict being fought (R-8.14),
  nor a player's own tokens above it (R-8.10); markers only where markers may stand
  (R-1.4); each shortage/surplus scale within -2..+2 (Q-9);
- control: an area with a marker holds no tokens outside a conflict, so each area has at
  most one controller (R-1.5); misery within the track.
"""

from __future__ import annotations

from ..game.constants import MARKERS_PER_PLAYER, START_CASH, TOKENS_PER_PLAYER
from .state import GameState


def breaches(state: GameState) -> list[str]:
    return [*_ledger(state), *_pieces(state), *_cards(state), *_markets(state)]


def _ledger(state: GameState) -> list[str]:
    out = []
    if sum(state.cash) != START_CASH * state.players - state.bank_in + state.bank_out:
        out.append("the players' cash does not match the ledger with the bank")
    if min(state.cash) < 0:
        out.append("a player's cash is negative")
    return out


def _pieces(state: GameState) -> list[str]:
    out = []
    on_board = [0] * state.players
    for by_seat in state.tokens.values():
        for seat, count in by_seat.items():
            on_board[seat] += count
    markers = [0] * state.players
    for seat in state.control.values():
        markers[seat] += 1
    for seat in range(state.players):
        if state.stock_tokens[seat] + state.bought[seat] + on_board[seat] != TOKENS_PER_PLAYER:
            out.append(f"seat {seat} does not have its {TOKENS_PER_PLAYER} tokens")
        if state.stock_markers[seat] + markers[seat] != MARKERS_PER_PLAYER:
            out.append(f"seat {seat} does not have its {MARKERS_PER_PLAYER} markers")
        if min(state.stock_tokens[seat], state.bought[seat], state.stock_markers[seat]) < 0:
            out.append(f"seat {seat} has a negative stock")
    return out


def _cards(state: GameState) -> list[str]:
    places = (state.deck + state.reuse + state.removed + state.set_aside
              + [c for h in state.hands for c in h] + [c for c, _ in state.display]
              + [c for cards in state.future.values() for c in cards])
    if len(places) != len(state.cards) or set(places) != state.cards.keys():
        return ["a card is missing or in two places"]
    return []


def _markets(state: GameState) -> list[str]:
    out = []
    in_conflict = {area for kind, _, area in state.pending if kind == "conflict"}
    for area_id, by_seat in state.tokens.items():
        volume = state.board.areas[area_id].volume
        if by_seat and max(by_seat.values()) > volume:
            out.append(f"{area_id}: a player's own tokens exceed the volume")
        if area_id not in in_conflict and (area_id in state.control
                                           or sum(by_seat.values()) > volume):
            out.append(f"{area_id}: more than one controller, or above the volume")
    for area_id in state.control:
        if not state.board.areas[area_id].holds_control:
            out.append(f"{area_id}: a control marker where none may stand")
    if any(not -2 <= level <= 2 for level in state.scale.values()):
        out.append("a market scale beyond two steps")
    if min(state.misery) < 0 or max(state.misery) > state.sheet.top_level:
        out.append("misery off the track")
    return out
