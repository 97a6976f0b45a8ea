"""Conflicts in phase 5 (R-8.14–R-8.19, R-15.G, R-15.H, R-15.N, R-15.W, R-15.Y).

A token that makes the pieces in a province exceed its volume opens a conflict (R-8.14),
which waits on the decision stack as ``("conflict", attacker, area)`` and is resolved
before anything else is placed (R-8.3). The attacker may add tokens there, attack once
they have committed the volume with strength at least the defence (R-8.15), or give up
(Q-49). The dice come from the state's random stream.

The military cards played this round (R-14.12–R-14.18, ``turn.events``) add to each side's
strength and let the attacker's black equal white (``attack_wins``).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ..game.actions import Action, Attack, CathedralAttack, Done, Place
from ..game.errors import IllegalAction
from ..game.rng import roll
from .events import military_bonus, military_tie
from .placing import place, room_for_token, take_control
from .records import offer_exchange
from .state import GameState


def attack_wins(green: int, black: int, white: int, rank: int, *, military: bool = False,
                trust: bool = False) -> bool:
    """R-8.17: green over the attacker's rank, or black over white, wins the attack.

    A military card in effect lets black equal white; Trust in God (G) lets green equal
    the rank.

    >>> attack_wins(3, 2, 2, 3), attack_wins(3, 2, 2, 3, military=True)
    (False, True)
    >>> attack_wins(3, 1, 2, 3, trust=True)
    True
    """
    return (green > rank or black > white or (military and black >= white)
            or (trust and green >= rank))


def win_chance(rank: int, *, military: bool = False, trust: bool = False) -> Fraction:
    """The attacker's chance over the 216 throws of the three dice (B.1)."""
    wins = sum(attack_wins(g, b, w, rank, military=military, trust=trust)
               for g, b, w in product(range(1, 7), repeat=3))
    return Fraction(wins, 216)


def rank(state: GameState, seat: int) -> int:
    """R-3.3, Q-3: the seat's field on the order track (the count's fields, from the front)."""
    fields = state.sheet.order_fields[state.players]
    return fields[state.alive_in_order().index(seat)]


def defenders(state: GameState, area: str, attacker: int) -> list[int]:
    """Q-18: everyone else with pieces in the province, taken on together."""
    return [p for p in range(state.players) if p != attacker and state.pieces(area, p) > 0]


def _in_home_region(state: GameState, seat: int, area: str) -> bool:
    capital = state.capital[seat]
    return capital is not None and (state.board.capital(capital).home_region
                                    == state.board.areas[area].region)


def _supporting_satellites(state: GameState, seat: int, area: str) -> int:
    """R-8.16: the seat's satellites whose arrows point to the province (Q-54: a satellite
    where it has a token, placed this round or earlier)."""
    return sum(1 for s in state.board.areas.values()
               if s.kind == "satellite" and area in s.supports
               and state.tokens.get(s.id, {}).get(seat, 0) > 0)


def _own_pieces(state: GameState, seat: int, area: str) -> int:
    """Pieces, a marker counting as the volume, doubled in the seat's own capital."""
    pieces = state.pieces(area, seat)
    return 2 * pieces if state.capital[seat] == area else pieces


def attack_strength(state: GameState, seat: int, area: str) -> int:
    """R-8.16: committed tokens, +1 with W at home, +1 per supporting satellite with Y (Q-17)."""
    strength = _own_pieces(state, seat, area)
    if state.owns(seat, "W") and _in_home_region(state, seat, area):
        strength += 1
    if state.owns(seat, "Y"):
        strength += _supporting_satellites(state, seat, area)
    return strength + military_bonus(state, seat, defenders(state, area, seat))


def defence(state: GameState, attacker: int, area: str) -> int:
    """R-8.16, Q-18: every defender's pieces, satellites (+1, +2 with Y) and W at home."""
    total = 0
    for seat in defenders(state, area, attacker):
        total += _own_pieces(state, seat, area)
        total += (2 if state.owns(seat, "Y") else 1) * _supporting_satellites(state, seat, area)
        if state.owns(seat, "W") and _in_home_region(state, seat, area):
            total += 1
        total += military_bonus(state, seat, [attacker])
    return total


def may_attack(state: GameState, seat: int, area: str) -> bool:
    """R-8.15: the volume committed in tokens, and strength at least the defence."""
    volume = state.board.areas[area].volume
    return (state.tokens.get(area, {}).get(seat, 0) >= volume
            and attack_strength(state, seat, area) >= defence(state, seat, area))


def cathedral_usable(state: GameState, seat: int, against: list[int]) -> bool:
    """R-8.17, R-15.H: once a round, against players without H."""
    return (state.owns(seat, "H") and "cathedral" not in state.turn_flags[seat]
            and bool(against) and not any(state.owns(p, "H") for p in against))


# --- the decision: an open conflict -------------------------------------------------------


def legal_decision(state: GameState) -> list[Action]:
    _, seat, area = state.pending[-1]
    out: list[Action] = [Done()]
    if room_for_token(state, seat, area):
        out.append(Place(area))
    if may_attack(state, seat, area):
        out.append(Attack())
        if cathedral_usable(state, seat, defenders(state, area, seat)):
            out.append(CathedralAttack())
    return out


def apply_decision(state: GameState, action: Action) -> None:
    if action not in legal_decision(state):
        raise IllegalAction("R-8.15", "in a conflict: add a token, attack, or give up")
    _, seat, area = state.pending.pop()
    if isinstance(action, Place):
        place(state, seat, area)
    elif isinstance(action, (Attack, CathedralAttack)):
        attack(state, seat, area, cathedral=isinstance(action, CathedralAttack))
    else:
        give_up(state, seat, area)


def give_up(state: GameState, seat: int, area: str) -> None:
    """Q-49: the attacker's tokens placed there this turn go back to stock, unfought."""
    new = state.new_tokens.get(area, {}).pop(seat, 0)
    _remove_tokens(state, seat, area, new)


def attack(state: GameState, seat: int, area: str, *, cathedral: bool = False) -> None:
    """R-8.17–R-8.18: H decides at once; otherwise the three dice are rolled together."""
    against = defenders(state, area, seat)
    if cathedral:
        state.turn_flags[seat].update({"cathedral", *(f"cathedral_against:{p}" for p in against)})
        won = True
    elif (holder := _defending_cathedral(state, seat, against)) is not None:
        # a defender with H unused this round declares it against an attacker without
        # H (the choice that can only help them), before the roll.
        state.turn_flags[holder].update({"cathedral", f"cathedral_against:{seat}"})
        won = False
    else:
        state.rng, green = roll(state.rng)
        state.rng, black = roll(state.rng)
        state.rng, white = roll(state.rng)
        won = attack_wins(green, black, white, rank(state, seat), trust=state.owns(seat, "G"),
                          military=military_tie(state, seat, against))
    if won:
        _attacker_wins(state, seat, area, against)
    else:
        state.new_tokens.get(area, {}).pop(seat, None)
        _remove_tokens(state, seat, area, state.tokens[area].get(seat, 0))


def _defending_cathedral(state: GameState, seat: int, against: list[int]) -> int | None:
    if state.owns(seat, "H"):
        return None
    return next((p for p in state.alive_in_order()
                 if p in against and cathedral_usable(state, p, [seat])), None)


def _remove_tokens(state: GameState, seat: int, area: str, count: int) -> None:
    here = state.tokens.get(area, {})
    here[seat] = here.get(seat, 0) - count
    state.stock_tokens[seat] += count
    if here.get(seat, 0) <= 0:
        here.pop(seat, None)
    if not here:
        state.tokens.pop(area, None)
    if not state.new_tokens.get(area, True):
        del state.new_tokens[area]


def _attacker_wins(state: GameState, seat: int, area: str, against: list[int]) -> None:
    """R-8.18: the losers' pieces to stock; the winner's tokens become a new marker."""
    lost_marker = state.control.get(area)
    for loser in against:
        if state.control.get(area) == loser:
            del state.control[area]
            state.new_control.discard(area)
            state.stock_markers[loser] += 1
        state.new_tokens.get(area, {}).pop(loser, None)
        _remove_tokens(state, loser, area, state.tokens.get(area, {}).get(loser, 0))
    take_control(state, seat, area)
    if lost_marker is not None:
        offer_exchange(state, seat, lost_marker)
