"""R-14: event cards take effect when played (R-6.5); the player who plays one chooses."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, edit, owning, set_up
from test_r8_conflicts import _conflict

from renaissance_core import IllegalAction
from renaissance_core.game.actions import (
    BuyAdvance,
    ChooseProvince,
    ChooseRegion,
    ChooseVictim,
    Done,
    NameCategory,
    Place,
    PlayCard,
)
from renaissance_core.turn.conflict import attack_strength, attack_wins, defence
from renaissance_core.turn.events import military_bonus, military_cards, military_tie


def _playing(cards, **facts):
    """Phase 3 of round 1, the first seat holding ``cards``, every misery level 0."""
    state = set_up(3)
    seat = state.order[0]
    hands = [list(h) for h in state.hands]
    hands[seat] = list(cards)
    facts.setdefault("misery", [0, 0, 0])
    state = at(state, "play", hands=hands, **facts)
    assert state.current_player == seat
    return state, seat


def _rises(before, after):
    return [a - b for a, b in zip(after.misery, before.misery, strict=True)]


def test_r14_8_uprising_costs_a_level_per_commerce_advance():
    state, seat = _playing(["uprising"])
    state = owning(owning(state, 0, "I", "J", "K"), 1, "L", "A")
    after = state.apply(PlayCard("uprising"))
    assert _rises(state, after) == [3, 1, 0]


def test_r14_9_famine_is_softened_by_grain_provinces_and_agriculture():
    grain = sorted(a.id for a in set_up(3).board.areas.values() if "grain" in a.commodities)
    state, seat = _playing(["famine"], holdings=[set(grain[:2]), set(grain[2:7]), set()])
    state = owning(state, 0, "K")
    after = state.apply(PlayCard("famine"))
    assert _rises(state, after) == [1, 0, 4]  # 4-2-1; 4-5 is never below 0; 4


def test_r14_10_mysticism_is_softened_by_science():
    state, seat = _playing(["mysticism"])
    state = owning(owning(state, 1, "A"), 2, "A", "B", "C")
    after = state.apply(PlayCard("mysticism"))
    assert _rises(state, after) == [4, 3, 1]


def test_r14_15_religious_war_costs_a_level_per_religion_advance():
    state, seat = _playing(["religious_war"])
    state = owning(state, 2, "E", "F")
    after = state.apply(PlayCard("religious_war"))
    assert _rises(state, after) == [0, 0, 2]
    assert "religious_war_in_period_3" not in after.marks
    in_period_3 = at(state, "play", period=3).apply(PlayCard("religious_war"))
    assert "religious_war_in_period_3" in in_period_3.marks  # Papal Decree unplayable


def test_r14_16_mongol_invasion_pays_ten_ducats_and_leaves_the_game():
    state, seat = _playing(["mongol_invasion", "crusade"])
    after = state.apply(PlayCard("mongol_invasion"))
    assert after.cash[seat] == state.cash[seat] + 10
    assert "mongol_invasion" in after.removed
    assert PlayCard("crusade") not in after.legal_actions()


def test_r14_1_enlightened_despot_is_spared_later_events_but_not_famine():
    state, seat = _playing(["enlightened_despot", "mysticism", "uprising", "famine"])
    state = owning(owning(state, seat, "I", "J"), (seat + 1) % 3, "I")
    after = state.apply(PlayCard("enlightened_despot"))
    for card in ("mysticism", "uprising"):
        before, after = after, after.apply(PlayCard(card))
        assert _rises(before, after)[seat] == 0
        assert sum(_rises(before, after)) > 0  # the others are struck
    before, after = after, after.apply(PlayCard("famine"))
    assert _rises(before, after)[seat] == 4


def test_r6_5_the_player_who_plays_alchemy_names_the_victim():
    state, seat = _playing(["alchemy"], noted_cash=[40, 41, 9], cash=[30, 30, 30])
    after = state.apply(PlayCard("alchemy"))
    assert after.pending == [("alchemy", seat, "alchemy")] and after.current_player == seat
    others = [p for p in range(3) if p != seat]
    assert set(after.legal_actions()) == {ChooseVictim(p) for p in others}


def test_r14_2_alchemy_takes_half_the_noted_cash_but_no_more_than_there_is():
    state, seat = _playing(["alchemy"], noted_cash=[41, 80, 80], cash=[30, 30, 30])
    victims = [p for p in range(3) if p != seat]
    for victim in victims:
        after = state.apply(PlayCard("alchemy")).apply(ChooseVictim(victim))
        noted = state.noted_cash[victim]
        assert after.cash[victim] == 30 - min(noted // 2, 30)
        assert after.bank_in == state.bank_in + min(noted // 2, 30)
        assert not after.pending


def test_r15_c_and_despots_cannot_be_struck_by_alchemy():
    state, seat = _playing(["alchemy"])
    first, second = [p for p in range(3) if p != seat]
    state = owning(state, first, "C")
    state = at(state, "play", marks={f"despot:{second}"})
    after = state.apply(PlayCard("alchemy"))  # nobody may be named: the card strikes nobody
    assert not after.pending and after.cash == state.cash
    state = at(state, "play", marks=set())
    after = state.apply(PlayCard("alchemy"))
    assert after.legal_actions() == [ChooseVictim(second)]
    with pytest.raises(IllegalAction):
        after.apply(ChooseVictim(first))


def _to_purchase(state):
    while state.step == "play":
        state = state.apply(Done())
    return state


def test_r14_6_papal_decree_forbids_one_row_for_everyone_this_round():
    state, seat = _playing(["papal_decree"], cash=[500, 500, 500])
    after = state.apply(PlayCard("papal_decree"))
    assert set(after.legal_actions()) == {NameCategory(g) for g in
                                          ("science", "religion", "exploration")}
    after = _to_purchase(after.apply(NameCategory("science")))
    assert after.step == "purchase"
    legal = after.legal_actions()
    assert BuyAdvance("A") not in legal and BuyAdvance("E") in legal
    with pytest.raises(IllegalAction):
        after.apply(BuyAdvance("A"))


def test_r14_15_religious_war_cancels_a_papal_decree_of_the_same_round():
    state, seat = _playing(["papal_decree", "religious_war"], cash=[500, 500, 500])
    after = state.apply(PlayCard("papal_decree")).apply(NameCategory("science"))
    after = _to_purchase(after.apply(PlayCard("religious_war")))
    assert BuyAdvance("A") in after.legal_actions()


def _rebellion(stock_tokens, bought):
    state, seat = _playing(["rebellion"])
    owner = (seat + 1) % 3
    control = {"marseille": owner, "north_america": owner, "barcelona": seat}
    holdings = [set(), set(), set()]
    holdings[owner] = {"marseille"}
    stock = [10, 10, 10]
    stock[owner] = stock_tokens
    spent = [0, 0, 0]
    spent[owner] = bought
    state = at(state, "play", control=control, holdings=holdings, stock_tokens=stock,
               bought=spent)
    return state, seat, owner


def test_r14_5_rebellion_turns_a_marker_in_a_chosen_province_into_a_token():
    state, seat, owner = _rebellion(stock_tokens=3, bought=0)
    after = state.apply(PlayCard("rebellion"))
    assert after.pending == [("rebellion", seat, "rebellion")]
    # neither the New World nor a capital (Barcelona) may be chosen
    assert after.legal_actions() == [ChooseProvince("marseille")]
    with pytest.raises(IllegalAction):
        after.apply(ChooseProvince("barcelona"))
    after = after.apply(ChooseProvince("marseille"))
    assert "marseille" not in after.control and after.tokens["marseille"] == {owner: 1}
    assert after.stock_tokens[owner] == 2
    assert after.stock_markers[owner] == state.stock_markers[owner] + 1


def test_r6_6_a_marker_without_stock_uses_a_bought_token_or_leaves_the_province_empty():
    state, seat, owner = _rebellion(stock_tokens=0, bought=2)
    after = state.apply(PlayCard("rebellion")).apply(ChooseProvince("marseille"))
    assert after.tokens["marseille"] == {owner: 1} and after.bought[owner] == 1
    assert "marseille" not in after.holdings[owner]  # the commodity card follows at once
    state, seat, owner = _rebellion(stock_tokens=0, bought=0)
    after = state.apply(PlayCard("rebellion")).apply(ChooseProvince("marseille"))
    assert not after.tokens.get("marseille") and "marseille" not in after.control
    assert "marseille" not in after.holdings[owner]


def test_r14_1_a_despots_markers_are_safe_from_rebellion():
    state, seat, owner = _rebellion(stock_tokens=3, bought=0)
    state = at(state, "play", marks={f"despot:{owner}"})
    after = state.apply(PlayCard("rebellion"))
    assert not after.pending and after.control == state.control


def _pirates(period):
    state, seat = _playing(["pirates_vikings"])
    first, second = (seat + 1) % 3, (seat + 2) % 3
    control = {"marseille": first, "lisbon": second, "genoa": first, "toledo": second}
    return at(state, "play", control=control, period=period), seat, first, second


def test_r14_7_pirates_strike_one_coastal_province_in_period_1():
    state, seat, first, second = _pirates(period=1)
    after = state.apply(PlayCard("pirates_vikings"))
    assert set(after.legal_actions()) == {ChooseProvince(a) for a in
                                          ("genoa", "lisbon", "marseille")}  # not inland Toledo
    after = after.apply(ChooseProvince("lisbon"))
    assert not after.pending and after.tokens["lisbon"] == {second: 1}
    assert set(after.control) == {"marseille", "genoa", "toledo"}


def test_r14_7_pirates_strike_two_different_provinces_in_period_2():
    state, seat, first, second = _pirates(period=2)
    after = state.apply(PlayCard("pirates_vikings")).apply(ChooseProvince("marseille"))
    assert after.pending == [("pirates", seat, "1")]
    assert ChooseProvince("marseille") not in after.legal_actions()  # another province
    after = after.apply(ChooseProvince("genoa"))
    assert not after.pending and set(after.control) == {"lisbon", "toledo"}


def test_r14_14_black_death_empties_tokens_and_turns_markers_to_tokens_in_one_region():
    state, seat = _playing(["black_death"])
    other = (seat + 1) % 3
    state = at(state, "play", control={"marseille": other, "lisbon": seat},
               tokens={"toledo": {seat: 2, other: 1}, "marseille": {}},
               holdings=[{"lisbon"}, {"lisbon"}, {"lisbon"}], stock_tokens=[5, 5, 5])
    after = state.apply(PlayCard("black_death"))
    assert ChooseRegion("IV") in after.legal_actions()
    after = after.apply(ChooseRegion("IV"))  # Lisbon and Toledo; Marseille is in VIII
    assert after.tokens.get("toledo") is None
    assert "lisbon" not in after.control and after.tokens["lisbon"] == {seat: 1}
    assert after.stock_tokens[seat] == 5 + 2 - 1 and after.stock_tokens[other] == 6
    assert after.control == {"marseille": other}
    assert all("lisbon" not in h for h in after.holdings)  # the cards follow at once


def _armed(cards):
    """Toledo attacked by the Barcelona player (two tokens against the Genoese two), with
    ``cards`` = {"attacker"/"defender": [military cards played this round]}."""
    state, seat, rival = _conflict(tokens={"toledo": 2})
    state = state.apply(Place("toledo")).apply(Place("toledo"))
    who = {"attacker": seat, "defender": rival}
    played = [f"military:{c}:{who[side]}" for side, cs in cards.items() for c in cs]
    return edit(state, round_events=played), seat, rival


def test_r14_12_stirrup_adds_one_and_lets_black_equal_white():
    state, seat, rival = _armed({"attacker": ["stirrup"]})
    assert attack_strength(state, seat, "toledo") == 3 and defence(state, seat, "toledo") == 2
    assert military_tie(state, seat, [rival])
    assert attack_wins(1, 4, 4, 3, military=True) and not attack_wins(1, 4, 4, 3)


def test_r14_12_stirrup_played_from_hand_counts_in_the_round_s_conflicts():
    state, seat = _playing(["stirrup"])
    after = state.apply(PlayCard("stirrup"))
    assert military_cards(after, seat) == ["stirrup"]
    assert military_bonus(after, seat, [(seat + 1) % 3]) == 1


def test_r14_13_armour_cancels_stirrup_and_keeps_its_own_plus_one():
    state, seat, rival = _armed({"attacker": ["stirrup"], "defender": ["armour"]})
    assert attack_strength(state, seat, "toledo") == 2  # Stirrup's +1 is gone
    assert defence(state, seat, "toledo") == 3
    assert not military_tie(state, seat, [rival])


def test_r14_17_longbows_gives_no_plus_one_against_gunpowder():
    state, seat, rival = _armed({"attacker": ["longbows"], "defender": ["gunpowder"]})
    assert attack_strength(state, seat, "toledo") == 2 and defence(state, seat, "toledo") == 3


def test_r14_18_gunpowder_always_adds_one():
    state, seat, rival = _armed({"attacker": ["gunpowder"], "defender": ["stirrup",
                                                                         "longbows"]})
    assert attack_strength(state, seat, "toledo") == 3 and defence(state, seat, "toledo") == 2
    state, seat = _playing(["gunpowder", "stirrup", "armour"])
    after = state.apply(PlayCard("gunpowder"))
    assert "gunpowder" in after.removed
    assert PlayCard("stirrup") not in after.legal_actions()


def test_r14_4_crusade_takes_a_province_of_region_vi_and_costs_a_level():
    state, seat = _playing(["crusade"])
    first, second = (seat + 1) % 3, (seat + 2) % 3
    state = at(state, "play", control={"cyprus": first}, tokens={"damascus": {second: 1}},
               holdings=[{"cyprus"}, {"cyprus"}, {"cyprus"}])
    after = state.apply(PlayCard("crusade"))
    assert after.pending == [("crusade", seat, "crusade")]
    assert ChooseProvince("jerusalem") not in after.legal_actions()  # a satellite
    after = after.apply(ChooseProvince("cyprus"))
    assert after.control["cyprus"] == seat and "cyprus" not in after.new_control  # settled
    assert after.stock_markers[first] == state.stock_markers[first] + 1
    assert after.stock_markers[seat] == state.stock_markers[seat] - 1
    assert "cyprus" in after.holdings[seat] and "cyprus" not in after.holdings[first]
    assert _rises(state, after) == [1 if p == seat else 0 for p in range(3)]
    other = state.apply(PlayCard("crusade")).apply(ChooseProvince("damascus"))
    assert "damascus" not in other.tokens and other.stock_tokens[second] == (
        state.stock_tokens[second] + 1)
