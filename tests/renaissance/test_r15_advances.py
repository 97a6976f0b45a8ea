"""R-15: the advances' abilities that slice 1 builds (the rest wait for reach, conflicts and
events: see test_rule_coverage.PENDING)."""

from __future__ import annotations

from renaissance_helpers import at, edit, owning, set_up

from renaissance_core.game.actions import BuyAdvance, BuyCard, Discard, MillStep, PlayCard
from renaissance_core.turn.expand import placeable
from renaissance_core.turn.income import income, run_income
from renaissance_core.turn.purchase import price, stabilisation_cost


def _first(step, cash=400, **facts):
    state = set_up(3, capitals=["barcelona", "genoa", "venice"])
    seat = state.order[0]
    return at(state, step, cash=[cash] * 3, **facts), seat


def test_r15_b_anatomy_and_r15_k_agriculture_lower_misery_when_bought():
    state, seat = _first("purchase", cash=1000, misery=[3] * 3)
    state = state.apply(BuyAdvance("B"))
    assert state.misery[seat] == 2
    state = state.apply(BuyAdvance("J")).apply(BuyAdvance("K"))
    assert state.misery[seat] == 1  # K's level; commerce's first two are I and J, not J and K


def test_r15_k_agriculture_is_bought_after_the_mill():
    state, seat = _first("purchase")
    assert BuyAdvance("K") not in state.legal_actions()


def test_r15_d_enlightenment_each_income_phase():
    state, seat = _first("purchase", misery=[2] * 3)
    state = owning(state, seat, "D").clone()
    run_income(state)
    run_income(state)
    assert state.misery[seat] == 0 and all(state.misery[p] == 2 for p in range(3) if p != seat)


def test_r15_f_holy_indulgence_is_r8_1():
    state, seat = _first("purchase", bought=[4] * 3, stock_tokens=[32] * 3)
    state = at(owning(state, seat, "F"), "expand")
    assert state.bought[seat] == 8


def test_r15_i_caravan_reaches_two_provinces_over_land():
    state, seat = _first("purchase", bought=[4] * 3, stock_tokens=[32] * 3)
    seat = state.capital.index("barcelona")
    state = at(state, "expand", order=[seat] + [p for p in range(3) if p != seat])
    assert "lisbon" not in placeable(state, seat)
    assert "lisbon" in placeable(owning(state, seat, "I"), seat)


def test_r15_j_mill_is_r4_2():
    state, seat = _first("mill")
    state = at(owning(state, seat, "J"), "mill")
    assert MillStep("metal", -1) in state.legal_actions()


def test_r15_l_banking_is_capped_by_the_income():
    state, seat = _first("purchase", cash=1000)
    state = owning(state, seat, "L").clone()
    earned = income(state, seat)
    run_income(state)
    assert state.cash[seat] == 1000 + 2 * earned


def test_r15_m_manufacturing_pays_one_province_more():
    state, seat = _first("purchase")
    hands: list[list[str]] = [[], [], []]
    hands[seat] = ["metal_1"]
    state = at(owning(state, 0, "M"), "play", hands=hands, holdings=[{"sardinia"}, set(), set()])
    cash = state.cash[0]
    state = state.apply(PlayCard("metal_1"))
    assert state.cash[0] == cash + 6 * 4  # metal, base 6, paid as for 2 provinces


def test_r15_o_printing_refunds_a_personality_naming_an_owned_advance():
    state, seat = _first("play", round=3)
    hands = [list(h) for h in state.hands]
    hands[seat] = ["gutenberg"]
    state = at(owning(state, seat, "N", "O", since=2), "play", hands=hands)
    cash = state.cash[seat]
    state = state.apply(PlayCard("gutenberg"))
    assert state.cash[seat] == cash + 30
    fresh = at(owning(state, seat, "O", since=3), "play", hands=hands, round=3)
    assert fresh.apply(PlayCard("gutenberg")).cash[seat] == fresh.cash[seat]  # bought this round


def test_r15_p_art_and_technique_discards_in_phase_2():
    state, seat = _first("buy")
    state = at(owning(state, seat, "P"), "buy")
    assert any(isinstance(a, Discard) for a in state.legal_actions())


def test_r15_r_silk_road_opens_region_v():
    state, seat = _first("purchase", bought=[4] * 3, stock_tokens=[32] * 3)
    venice = state.capital.index("venice")
    state = at(edit(state, control={**state.control, "buda": venice}), "expand",
               order=[venice] + [p for p in range(3) if p != venice])
    assert "lviv" not in placeable(state, venice)
    assert "lviv" in placeable(owning(state, venice, "R"), venice)


def test_r15_s_three_master_and_r15_t_high_seas_move_the_fleet_marker():
    state, seat = _first("purchase")
    state = owning(state, seat, "A").apply(BuyAdvance("S"))
    assert state.fleet_kind[seat] == "three_master"
    assert state.apply(BuyAdvance("T")).fleet_kind[seat] == "high_seas"


def test_r15_t_high_seas_needs_the_three_master():
    state, seat = _first("purchase")
    assert BuyAdvance("T") not in state.legal_actions()


def test_r15_v_urban_hegemony_buys_a_card_in_phase_2():
    state, seat = _first("buy")
    state = at(owning(state, seat, "V"), "buy")
    assert BuyCard() in state.legal_actions()


def test_r15_x_scientific_research_credits_in_its_own_round():
    state, seat = _first("purchase", round=2)
    state = owning(state, seat, "A", since=1)
    before = price(state, seat, "C")
    state = state.apply(BuyAdvance("X"))
    assert price(state, seat, "C") == before - state.sheet.advances["X"].credits["C"]


def test_r15_z_middle_class_income_and_stabilisation():
    state, seat = _first("purchase", hands=[["war", "famine", "uprising"]] * 3)
    plain = income(state, seat)
    z = owning(state, seat, "Z")
    assert income(z, seat) == plain + 10
    assert stabilisation_cost(z, seat) == 3 and stabilisation_cost(state, seat) == 6
