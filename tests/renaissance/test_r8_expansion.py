"""R-8: phase 5, expansion over land (sea reach: test_r8_sea_reach.py; conflicts:
test_r8_conflicts.py)."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, edit, owning, set_up

from renaissance_core import IllegalAction
from renaissance_core.game.actions import Done, Place, TokensForCard
from renaissance_core.turn.expand import bases, placeable


def _expanding(bought=(6, 6, 6), who="barcelona", **facts):
    """Phase 5 with Barcelona's player first; ``bought`` in order Barcelona, then the rest."""
    state = set_up(3, capitals=["barcelona", "genoa", "venice"])
    seat = state.capital.index(who)
    order = [seat] + [p for p in range(3) if p != seat]
    per_seat = [0] * 3
    for p, n in zip(order, bought, strict=True):
        per_seat[p] = n
    stock = [36 - n for n in per_seat]
    state = at(state, "expand", order=order, bought=per_seat, stock_tokens=stock, **facts)
    return state, seat


def test_r8_1_holy_indulgence_moves_tokens_to_its_owners():
    state, seat = _expanding()
    state = owning(state, seat, "F")
    state = at(state, "expand")
    others = [p for p in range(3) if p != seat]
    assert state.bought[seat] == 6 + 2 * 2
    assert all(state.bought[p] == 6 - 2 for p in others)


def test_r8_1_a_player_short_of_tokens_pays_a_ducat_each():
    state, seat = _expanding(bought=(6, 1, 6))
    short = state.order[1]
    cash = state.cash[short]
    state = at(owning(state, seat, "F"), "expand")
    assert state.bought[short] == 0 and state.cash[short] == cash - 1


def test_r8_3_in_turn_order_one_token_at_a_time_new_side_up():
    state, seat = _expanding()
    assert state.current_player == seat
    state = state.apply(Place("valencia"))
    assert state.tokens["valencia"] == {seat: 1} and state.new_tokens["valencia"] == {seat: 1}
    assert state.bought[seat] == 5 and state.current_player == seat
    state = state.apply(Done())
    assert state.current_player == state.order[1]


def test_r8_4_bases_are_settled_pieces_and_ones_own_capital():
    state, seat = _expanding()
    assert bases(state, seat) == {"barcelona"}
    state = state.apply(Place("toledo"))
    assert "toledo" not in bases(state, seat)  # placed this round: no base
    assert "lisbon" not in placeable(state, seat)
    taken = edit(state, control={**state.control, "barcelona": state.order[1]})
    assert "barcelona" in bases(taken, seat)  # one's capital, even held by another


def test_r8_5_land_reach_and_the_caravan():
    state, seat = _expanding()
    assert set(placeable(state, seat)) == {"burgos", "toledo", "valencia"}
    caravan = owning(state, seat, "I")
    assert {"lisbon", "seville", "granada", "galicia"} <= set(placeable(caravan, seat))
    blocked = edit(caravan, control={**caravan.control, "toledo": state.order[1],
                                     "valencia": state.order[1]})
    reach = set(placeable(blocked, seat))
    assert "granada" not in reach  # only through Toledo or Valencia, held by an opponent
    assert "galicia" in reach  # through Burgos


def test_r8_9_region_v_needs_the_silk_road():
    state, seat = _expanding(who="venice")
    state = edit(state, control={**state.control, "buda": seat})  # a base beside Lviv (V)
    assert "lviv" not in placeable(state, seat)
    assert "lviv" in placeable(owning(state, seat, "R"), seat)


def test_r8_10_never_above_the_volume_nor_out_of_play():
    state, seat = _expanding()
    state = edit(state, tokens={"valencia": {state.order[1]: 1}})
    state = state.apply(Place("valencia"))  # volume 2: shared, no conflict
    assert state.pending == []
    state = state.apply(Place("valencia"))  # three pieces in volume 2: a conflict
    assert state.tokens["valencia"][seat] == 2
    assert Place("valencia") not in state.legal_actions()  # its own tokens: the volume
    with pytest.raises(IllegalAction):
        state.apply(Place("valencia"))
    assert "toulouse" not in placeable(state, seat)  # region III: out of play with 3


def test_r8_11_a_full_province_becomes_a_control_marker_a_satellite_stays_a_token():
    state, seat = _expanding()
    stock, markers = state.stock_tokens[seat], state.stock_markers[seat]
    state = state.apply(Place("valencia")).apply(Place("valencia"))
    assert state.control["valencia"] == seat and "valencia" not in state.tokens
    assert state.stock_tokens[seat] == stock + 2 and state.stock_markers[seat] == markers - 1
    state = edit(state, control={**state.control, "granada": seat})
    state = state.apply(Done())
    genoa, _ = _expanding(who="genoa")
    genoa_seat = genoa.current_player
    genoa = genoa.apply(Place("savoy"))
    assert genoa.tokens["savoy"] == {genoa_seat: 1} and "savoy" not in genoa.control


def test_r8_12_cards_bought_with_tokens_cost_more_for_each_buyer():
    state, seat = _expanding()
    cards = len(state.hands[seat])
    state = state.apply(TokensForCard())
    assert state.bought[seat] == 3 and len(state.hands[seat]) == cards + 1
    with pytest.raises(IllegalAction):
        state.apply(TokensForCard())  # once per phase
    state = state.apply(Done())
    second = state.current_player
    state = state.apply(TokensForCard())
    assert state.bought[second] == 0  # 6 tokens for the second buyer


def test_r8_13_unplaced_tokens_return_to_stock():
    state, seat = _expanding()
    stock = state.stock_tokens[seat]
    state = state.apply(Place("burgos")).apply(Done())
    assert state.bought[seat] == 0 and state.stock_tokens[seat] == stock + 5


def test_r8_20_most_new_control_markers_take_a_free_card():
    state, seat = _expanding()
    state = state.apply(Place("valencia")).apply(Place("valencia")).apply(Done())
    cards = len(state.hands[seat])
    while state.step == "expand":
        state = state.apply(Done())
    assert len(state.hands[seat]) >= cards + 1


def test_r8_21_pieces_settle_and_commodity_cards_follow():
    state, seat = _expanding()
    state = state.apply(Place("valencia")).apply(Place("valencia"))
    assert "valencia" not in state.holdings[seat]  # not before the phase ends
    while state.step == "expand":
        state = state.apply(Done())
    assert "valencia" in state.holdings[seat] and not state.new_control
    assert "valencia" in bases(state, seat)
