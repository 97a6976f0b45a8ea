"""R-7: phase 4, purchases: fleet, advances, relief, stabilisation."""

from __future__ import annotations

from dataclasses import replace

import pytest
from renaissance_helpers import at, edit, owning, set_up

from renaissance_core import IllegalAction
from renaissance_core.game.actions import BuyAdvance, Done, GrowFleet, UsePatron
from renaissance_core.turn.purchase import price


def _buying(cash=500, hand=(), round_=3, **facts):
    state = set_up(3)
    seat = state.order[0]
    hands = [list(h) for h in state.hands]
    hands[seat] = list(hand)
    state = at(state, "purchase", cash=[cash] * 3, hands=hands, round=round_, **facts)
    assert state.current_player == seat
    return state, seat


def test_r7_1_fleet_first_then_advances_then_stabilisation():
    state, seat = _buying(hand=["war", "wine_1"])
    state = state.apply(BuyAdvance("V"))
    assert GrowFleet() not in state.legal_actions()  # the fleet comes first
    cash = state.cash[seat]
    state = state.apply(Done())
    assert state.cash[seat] == cash - 3  # two cards: 1 + 2


def test_r7_2_the_fleet_track():
    state, seat = _buying()
    state = state.apply(GrowFleet())
    assert (state.fleet_kind[seat], state.fleet_size[seat]) == ("galley", 2)
    with pytest.raises(IllegalAction):
        state.apply(GrowFleet())  # one step per round
    state, seat = _buying(fleet_kind=["galley"] * 3, fleet_size=[8] * 3)
    assert GrowFleet() not in state.legal_actions()  # galley 8 is the top of the galleys
    state = owning(state, seat, "A").apply(BuyAdvance("S"))
    assert (state.fleet_kind[seat], state.fleet_size[seat]) == ("three_master", 10)
    state = state.apply(BuyAdvance("T"))
    assert (state.fleet_kind[seat], state.fleet_size[seat]) == ("high_seas", 1)


def test_r7_3_price_is_cost_minus_credits_and_discounts_never_below_zero():
    state, seat = _buying()
    cost = state.sheet.advances["O"].cost
    state = owning(state, seat, "N", since=2)  # N credits O from an earlier round
    credit = state.sheet.advances["N"].credits["O"]
    assert price(state, seat, "O") == cost - credit
    bought_now = owning(state, seat, "N", since=3)
    assert price(bought_now, seat, "O") == cost  # credits wait for the next round
    fresh, _ = _buying()
    x_now = owning(fresh, seat, "A", "X", since=3)  # X's credits count in its own round
    assert price(x_now, seat, "B") == state.sheet.advances["B"].cost - \
        state.sheet.advances["X"].credits["B"]
    rich = edit(state, display=[("gutenberg", seat), ("william_caxton", seat),
                                ("erasmus", seat)])
    assert price(rich, seat, "O") == max(cost - credit - 70, 0)
    cheap = edit(state, display=[("dionysius_exiguus", seat), ("rashid_al_din", seat),
                                 ("st_benedict", seat)])
    assert price(cheap, seat, "N") == max(state.sheet.advances["N"].cost - 40, 0)
    # with discounts above the cost (a 30-ducat N, 40 off) the price is 0, not less
    sheet = state.sheet
    thirty = replace(sheet, advances={**sheet.advances, "N": replace(sheet.advances["N"], cost=30)})
    assert price(edit(cheap, sheet=thirty), seat, "N") == 0


def test_r7_4_prerequisites_first_even_in_the_same_phase():
    state, seat = _buying()
    assert BuyAdvance("C") not in state.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        state.apply(BuyAdvance("C"))
    assert refused.value.rule == "R-7.4"
    state = state.apply(BuyAdvance("A")).apply(BuyAdvance("C"))
    assert {"A", "C"} <= set(state.advances[seat])


def test_r7_5_relief_from_b_k_and_row_milestones():
    state, seat = _buying(cash=2000, misery=[6] * 3)
    state = state.apply(BuyAdvance("B"))
    assert state.misery[seat] == 5
    state = state.apply(BuyAdvance("A"))  # science A and B: the first two of the row
    assert state.misery[seat] == 4
    state = state.apply(BuyAdvance("C"))  # the first three
    assert state.misery[seat] == 3
    state = state.apply(BuyAdvance("D"))  # the whole row
    assert state.misery[seat] == 2
    state = state.apply(BuyAdvance("J")).apply(BuyAdvance("K"))
    assert state.misery[seat] == 1  # K's own level; commerce's first two are I and J
    state = state.apply(BuyAdvance("I"))
    assert state.misery[seat] == 0  # I, J, K: first two and first three, never below 0


@pytest.mark.parametrize("cards,middle_class,cost", [(0, False, 0), (3, False, 6),
                                                     (4, False, 10), (3, True, 3),
                                                     (4, True, 5)])
def test_r7_6_stabilisation_costs_the_triangle_of_the_hand(cards, middle_class, cost):
    hand = ["war", "famine", "rebellion", "uprising"][:cards]
    state, seat = _buying(hand=hand)
    if middle_class:
        state = owning(state, seat, "Z")
    cash = state.cash[seat]
    assert state.apply(Done()).cash[seat] == cash - cost


def test_r7_6_unpaid_stabilisation_raises_misery_by_the_sum():
    state, seat = _buying(cash=5, hand=["war", "famine", "rebellion"])
    state = state.apply(Done())
    assert state.cash[seat] == 5 and state.misery[seat] == 6


def test_r15_e_patronage_uses_others_personalities_unless_shielded():
    state, seat = _buying()
    others = [p for p in state.order if p != seat]
    display = [("charlemagne", others[0]), ("gutenberg", others[1]), ("erasmus", others[0])]
    state = owning(edit(state, display=display), seat, "E")
    patrons = {a.card for a in state.legal_actions() if isinstance(a, UsePatron)}
    assert patrons == {"gutenberg", "erasmus"}  # slot 1 is shielded
    cost = price(state, seat, "O")
    state = state.apply(UsePatron("gutenberg"))
    assert price(state, seat, "O") == cost - 30
