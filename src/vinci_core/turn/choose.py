"""Choosing a civilization (C-1.4, C-1.5, C-2): the display of six pairs and the choice."""

from __future__ import annotations

from bisect import insort

from ..game.actions import Action, Choose, IllegalAction
from ..game.tiles import abilities, civ_tokens, compatible
from ..text.i18n import N_
from .common import need_phase, roll
from .data import State
from .end import check_target, next_turn
from .redistribute import after_turn

SLOTS = 6


def choose_actions(state: State) -> list[Action]:
    score = state.players[state.turn_seat].score
    price = state.ruleset.slot_price
    return [Choose(k + 1) for k in range(len(state.display)) if price * k <= score]


def draw_pair(state: State) -> tuple[str, str] | None:
    bag = state.bag
    tiles = state.ruleset.tiles
    if len({tiles[t].ability for t in bag}) < 2:
        return None  # C-1.5: no legal pair can come out of the bag
    while True:
        a = bag.pop(roll(state, len(bag)))
        b = bag.pop(roll(state, len(bag)))
        if compatible(a, b, tiles):
            return (a, b)
        insort(bag, a)  # C-1.5: both go back, draw again
        insort(bag, b)


def refill_display(state: State) -> None:
    while len(state.display) < SLOTS:
        pair = draw_pair(state)
        if pair is None:
            return
        state.display.append((pair[0], pair[1], 0))


def tokens_received(state: State, seat: int, slot: int) -> int:
    """The tokens ``seat`` takes into hand by choosing display ``slot`` (C-2.5, C-2.6; Y-2.5):
    both tiles' numbers plus the seat's extra tokens. ``do_choose`` gives exactly this; the
    display, its hint and the guided game show it."""
    a, b, _coins = state.display[slot - 1]
    return civ_tokens((a, b), state.ruleset.tiles) + state.rules.extra[seat]


def do_choose(state: State, action: Choose) -> None:
    need_phase(state, "choose", rule="C-2.1", what=N_("choosing a civilization"))
    seat = state.turn_seat
    player = state.players[seat]
    k = action.slot - 1
    if not 0 <= k < len(state.display):
        raise IllegalAction("C-2.1", "display slot {slot} holds no civilization",
                            slot=action.slot)
    rs = state.ruleset
    cost = rs.slot_price * k  # C-2.2, Y-2.2
    if cost > player.score:
        raise IllegalAction("C-2.2", "slot {slot} costs {cost} VP, you have {score}",
                            slot=action.slot, cost=cost, score=player.score)
    received = tokens_received(state, seat, action.slot)
    player.score -= cost
    for i in range(k):  # C-2.2: a coin on every slot skipped
        a, b, coins = state.display[i]
        state.display[i] = (a, b, coins + 1)
    a, b, coins = state.display.pop(k)
    player.score += rs.coin_value * coins  # C-2.3, Y-2.3
    if state.rules.end_at_any_scoring:
        check_target(state, seat)  # D-6: coins can reach the target too
    refill_display(state)  # C-2.4
    pair = (a, b)
    player.civ = pair
    player.abilities = abilities(pair, rs.tiles)
    player.hand = received  # C-2.5, C-2.6
    player.temp = 0
    player.received = player.hand
    player.lost = 0
    if state.round == 1:
        next_turn(state)
    else:
        after_turn(state)
