"""R-9 income and markets, R-10 turn order, R-11 misery and elimination."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, at_step, edit, owning, set_up

from renaissance_core import IllegalAction
from renaissance_core.game import rng
from renaissance_core.game.actions import BidTokens, Done
from renaissance_core.game.constants import commodity_of_dice
from renaissance_core.turn.common import raise_misery
from renaissance_core.turn.income import income, market_effect, market_roll, run_income
from renaissance_core.turn.play import pay_commodity

SEVENTEEN = ("lisbon", "burgos", "toledo", "valencia", "novgorod", "moscow", "kazan", "saransk",
             "astrakhan", "tana", "caffa", "moldavia", "constantinople", "alexandria",
             "damascus", "cyprus", "suez")


def _five_players_with_17_provinces():
    state = set_up(5)
    seat = state.order[0]
    control = {a: p for a, p in state.control.items() if p != seat}
    control.update({a: seat for a in SEVENTEEN})
    return edit(state, control=control), seat


def test_r9_2_income_is_15_plus_provinces_times_players():
    state, seat = _five_players_with_17_provinces()
    assert income(state, seat) == 100  # the rule's example: 5 players, 17 provinces
    assert income(owning(state, seat, "Z"), seat) == 110


def test_r9_1_banking_doubles_cash_up_to_the_income():
    state, seat = _five_players_with_17_provinces()
    state = owning(edit(state, cash=[108] * 5), seat, "L").clone()
    run_income(state)
    assert state.cash[seat] == 108 + 100 + 100  # the rule's example: cash 108, income 100


def test_r9_3_enlightenment_lowers_misery_each_income_phase():
    state = set_up(3)
    state = owning(edit(state, misery=[3, 3, 3]), 1, "D").clone()
    run_income(state)
    assert state.misery == [3, 2, 3]


def test_r9_4_two_market_rolls_name_the_commodity_and_the_kind():
    state = edit(set_up(3), holdings=[set(), set(), set()], scale={})
    expected: dict[str, int] = {}
    stream = state.rng
    for _ in range(2):
        stream, white = rng.roll(stream)
        stream, black = rng.roll(stream)
        stream, green = rng.roll(stream)
        for c in commodity_of_dice(white + black):
            level = max(-2, min(2, expected.get(c, 0) + (1 if green <= 3 else -1)))
            expected[c] = level
    after = state.clone()
    run_income(after)
    assert after.scale == {c: v for c, v in expected.items() if v}


def test_r9_5_the_leader_draws_on_a_shortage_and_pays_on_a_surplus():
    state = edit(set_up(3), holdings=[{"lisbon", "barcelona"}, {"marseille"}, set()])
    drawn = state.clone()
    market_effect(drawn, "wine", 1)
    assert len(drawn.hands[0]) == len(state.hands[0]) + 1
    paid = state.clone()
    market_effect(paid, "wine", -1)
    assert paid.cash[0] == state.cash[0] - 2
    tied = edit(state, holdings=[{"lisbon"}, {"marseille"}, set()]).clone()
    market_effect(tied, "wine", -1)
    assert tied.cash == state.cash  # a tie for most: nothing happens


def _stream_rolling(total: int, shortage: bool) -> int:
    """A random stream whose next roll names ``total`` with the kind asked for."""
    stream = rng.seed_state(0)
    while True:
        after, white = rng.roll(stream)
        after, black = rng.roll(after)
        after, green = rng.roll(after)
        if white + black == total and (green <= 3) == shortage:
            return stream
        stream, _ = rng.below(stream, 2)


def test_r9_6_opposite_markers_cancel_and_two_of_a_kind_do_not_double():
    state = edit(set_up(3), holdings=[{"lisbon"}, set(), set()])
    cancel = edit(state, scale={"wine": -1}, rng=_stream_rolling(7, shortage=True)).clone()
    market_roll(cancel)
    assert "wine" not in cancel.scale
    capped = edit(state, scale={"wine": 2}, rng=_stream_rolling(7, shortage=True)).clone()
    market_roll(capped)
    assert capped.scale["wine"] == 2
    paid = edit(state, scale={"wine": 2}).clone()
    pay_commodity(paid, "wine")
    assert paid.cash[0] == state.cash[0] + 5 * 2 * 2  # as for n + 1, not n + 2


def test_r9_7_a_marker_stays_until_something_clears_it():
    state = at(set_up(3), "buyoff", scale={"stone": 2})
    state = state.apply(Done())
    assert state.scale.get("stone") == 2


def test_r10_1_sealed_token_bids_paid_in_ducats():
    state = at_step(set_up(3), "order")
    cash, stock = list(state.cash), list(state.stock_tokens)
    state = state.apply(BidTokens(0, 4))
    assert state.cash == cash and state.seats_to_act == (1, 2)  # sealed until all have bid
    with pytest.raises(IllegalAction):
        state.apply(BidTokens(1, cash[1] + 1))
    state = state.apply(BidTokens(1, -3)).apply(BidTokens(2, 0))
    assert state.cash[:2] == [cash[0] - 4, cash[1] - 3]  # a negative bid pays too
    assert state.last_bid == [4, -3, 0]
    assert state.stock_tokens[0] == stock[0] - 4 and state.stock_tokens[1] == stock[1]


def test_r10_2_lowest_bid_first_and_ties_to_the_later_chooser():
    state = at_step(set_up(3), "order")
    picks = list(state.pick_order)
    state = state.apply(BidTokens(picks[0], 2)).apply(BidTokens(picks[1], 2))
    state = state.apply(BidTokens(picks[2], 5))
    assert state.order == [picks[1], picks[0], picks[2]]  # Q-2


def test_r10_3_the_cash_left_is_noted():
    state = at_step(set_up(3), "order")
    cash = list(state.cash)
    for seat in range(3):
        state = state.apply(BidTokens(seat, 1))
    assert state.noted_cash == [c - 1 for c in cash]


def test_r11_1_misery_moves_in_levels_whose_values_count_at_the_end():
    state = set_up(3).clone()
    raise_misery(state, 0, 4)
    assert state.misery[0] == 4 and state.level_value(0) == state.sheet.misery_levels[4] > 0


def test_r11_2_reaching_1000_eliminates_at_once():
    state = set_up(3).clone()
    raise_misery(state, 1, 100)
    assert state.level_value(1) == 1000 and not state.alive[1]


def test_r11_3_an_eliminated_players_pieces_stay_and_hand_leaves():
    state = set_up(3)
    hands = [list(h) for h in state.hands]
    hands[1] = ["gunpowder", "war"]
    state = edit(state, hands=hands).clone()
    capital = state.capital[1]
    raise_misery(state, 1, 100)
    assert state.hands[1] == [] and "gunpowder" in state.removed and "war" in state.reuse
    assert state.control[capital] == 1
    state = at(state, "purchase")
    seen = set()
    while state.step == "purchase":
        seen.add(state.current_player)
        state = state.apply(Done())
    assert 1 not in seen  # skipped from then on


def test_r10_4_renaissance_swaps_with_a_neighbour_lacking_q_once_a_round():
    from renaissance_core.game.actions import SwapOrder
    state = set_up(4, tokens=[1, 2, 3, 4])
    assert state.order == [0, 1, 2, 3]
    state = at(owning(state, 1, "Q"), "purchase")
    assert state.pending == [("renaissance_swap", 1, "purchase")] and state.current_player == 1
    assert set(state.legal_actions()) == {Done(), SwapOrder(-1), SwapOrder(1)}
    state = state.apply(SwapOrder(-1))
    assert state.order == [1, 0, 2, 3] and state.current_player == 1  # and first in phase 4
    state = at(state, "expand")
    assert not state.pending  # once a round


def test_r15_q_renaissance_never_swaps_with_another_owner_and_requests_go_in_order():
    from renaissance_core.game.actions import SwapOrder
    state = set_up(4, tokens=[1, 2, 3, 4])
    state = at(owning(owning(state, 1, "Q"), 2, "Q"), "play")
    assert state.pending[-1] == ("renaissance_swap", 1, "play")  # the earlier in order first
    assert set(state.legal_actions()) == {Done(), SwapOrder(-1)}
    state = state.apply(Done())
    assert state.pending == [("renaissance_swap", 2, "play")]
    assert set(state.legal_actions()) == {Done(), SwapOrder(1)}
    with pytest.raises(IllegalAction):
        state.apply(SwapOrder(-1))


def test_r11_2_a_player_ruined_by_stabilisation_leaves_in_the_middle_of_phase_4():
    state = set_up(3)
    seat, nxt = state.order[0], state.order[1]
    hands = [list(h) for h in state.hands]
    hands[seat] = ["war", "famine", "rebellion", "uprising", "alchemy", "mysticism"]  # 21
    near_top = state.sheet.top_level - 20  # 21 levels more reach the top
    state = at(state, "purchase", hands=hands, cash=[0] * 3, misery=[near_top] * 3)
    state = state.apply(Done())
    assert not state.alive[seat] and state.current_player == nxt
    assert state.hands[seat] == [] and seat not in state.alive_in_order()


def test_q19_without_control_markers_volume_tokens_hold_and_count_for_income():
    from renaissance_core.game.actions import Place
    from renaissance_core.turn.expand import update_holdings
    state = set_up(3, capitals=["barcelona", "genoa", "venice"])
    seat = state.capital.index("barcelona")
    order = [seat] + [p for p in range(3) if p != seat]
    markers = [0 if p == seat else 24 for p in range(3)]
    state = at(state, "expand", order=order, bought=[4] * 3, stock_tokens=[32] * 3,
               stock_markers=markers)
    before = income(state, seat)
    state = state.apply(Place("valencia")).apply(Place("valencia"))
    assert state.tokens["valencia"] == {seat: 2} and "valencia" not in state.control
    assert state.controller("valencia") == seat
    update_holdings(state)
    assert "valencia" in state.holdings[seat] and income(state, seat) == before + 3
