"""R-14.3 Civil War (with R-8.2, the victim last in the expansion) and R-14.11 War (with the
military cards of R-14.12–R-14.18 and the tie rolled again in later card phases, R-13.2):
every choice in the middle of their effects waits on the decision stack."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, edit, owning, set_up

from renaissance_core import IllegalAction
from renaissance_core.game.actions import ChooseLoss, ChooseProvince, ChooseVictim, Done, PlayCard
from renaissance_core.game.rng import roll
from renaissance_core.turn.wars import open_wars, war_strength


def _playing(cards, **facts):
    """Phase 3 of round 1 with 3 seats (Barcelona 0, Genoa 1, Venice 2, each holding its
    capital's marker), seat 0 first and holding ``cards``, every misery level 0."""
    state = set_up(3)
    assert state.capital == ["barcelona", "genoa", "venice"] and state.order == [0, 1, 2]
    hands = [list(h) for h in state.hands]
    hands[0] = list(cards)
    facts.setdefault("misery", [0, 0, 0])
    state = at(state, "play", hands=hands, **facts)
    assert state.current_player == (0 if cards else 1)
    return state


def _rises(before, after):
    return [a - b for a, b in zip(after.misery, before.misery, strict=True)]


def _dice(first, second):
    """A random stream whose next two dice are ``first`` then ``second``."""
    for seed in range(100_000):
        after_first, a = roll(seed)
        if a == first and roll(after_first)[1] == second:
            return seed
    raise AssertionError("no such stream")


# --- Civil War -------------------------------------------------------------------------------


def test_r14_3_civil_war_the_player_who_plays_it_names_the_victim():
    state = _playing(["civil_war"])
    after = state.apply(PlayCard("civil_war"))
    assert after.pending == [("civil_war", 0, "civil_war")] and after.current_player == 0
    assert set(after.legal_actions()) == {ChooseVictim(1), ChooseVictim(2)}
    with pytest.raises(IllegalAction, match="R-14.3"):
        after.apply(ChooseVictim(0))  # never oneself


def test_r14_3_civil_war_costs_a_level_the_capital_marker_and_half_the_cash():
    state = _playing(["civil_war"], cash=[35, 41, 35], bought=[5, 5, 5],
                     stock_tokens=[31, 31, 31])
    after = state.apply(PlayCard("civil_war")).apply(ChooseVictim(1))
    assert _rises(state, after) == [0, 1, 0]
    assert "genoa" not in after.control and after.tokens["genoa"] == {1: 1}
    assert after.stock_markers[1] == state.stock_markers[1] + 1
    assert after.pending == [("civil_war_loss", 1, "civil_war")] and after.current_player == 1
    assert set(after.legal_actions()) == {ChooseLoss("cash"), ChooseLoss("tokens")}
    paid = after.apply(ChooseLoss("cash"))
    assert paid.cash[1] == 41 - 20 and paid.bank_in == state.bank_in + 20  # rounded down
    assert paid.bought[1] == 5 and not paid.pending


def test_r14_3_or_half_the_tokens_bought_for_this_round():
    state = _playing(["civil_war"], bought=[5, 5, 5], stock_tokens=[31, 31, 31])
    after = state.apply(PlayCard("civil_war")).apply(ChooseVictim(2)).apply(ChooseLoss("tokens"))
    assert after.bought[2] == 5 - 2 and after.cash[2] == state.cash[2]
    assert after.stock_tokens[2] == 31 - 1 + 2  # one stood in for the marker, two came back
    with pytest.raises(IllegalAction, match="R-14.3"):
        state.apply(PlayCard("civil_war")).apply(ChooseVictim(2)).apply(ChooseLoss("ducats"))


def test_r14_3_a_victim_with_nothing_bought_loses_nothing_more():
    state = _playing(["civil_war"], bought=[5, 0, 5])
    after = state.apply(PlayCard("civil_war")).apply(ChooseVictim(1))
    assert not after.pending and after.cash[1] == state.cash[1]  # half of none is none


def test_r14_1_an_enlightened_despot_is_immune_to_civil_war():
    state = _playing(["civil_war"], marks={"despot:1"})
    after = state.apply(PlayCard("civil_war"))
    assert after.legal_actions() == [ChooseVictim(2)]
    state = _playing(["civil_war"], marks={"despot:1", "despot:2"})
    after = state.apply(PlayCard("civil_war"))  # nobody may be named: no effect
    assert not after.pending and after.misery == state.misery and after.control == state.control


def _expanding(state):
    while state.step != "expand":
        state = state.apply(Done())
    return state


def test_r8_2_the_civil_war_victim_plays_last_in_this_round_s_expansion():
    state = _playing(["civil_war"], bought=[5, 5, 5], cash=[35, 35, 35])
    after = state.apply(PlayCard("civil_war")).apply(ChooseVictim(0 + 1))
    after = _expanding(after.apply(ChooseLoss("cash")))
    acted = []
    while after.step == "expand":
        acted.append(after.current_player)
        after = after.apply(Done())
    assert acted == [0, 2, 1]
    assert after.order == [0, 1, 2]  # the order track, and so the ranks, are unchanged


def test_r8_2_without_a_civil_war_the_order_track_s_order_holds():
    state = _expanding(_playing([], bought=[5, 5, 5]))
    acted = []
    while state.step == "expand":
        acted.append(state.current_player)
        state = state.apply(Done())
    assert acted == [0, 1, 2]


# --- War --------------------------------------------------------------------------------------


def _war(first_die, second_die, enemy=1, **facts):
    """Seat 0 plays War against ``enemy`` with the dice ``first_die`` (its own) and
    ``second_die``."""
    state = _playing(["war"], **facts)
    after = state.apply(PlayCard("war"))
    assert after.pending == [("war", 0, "war")]
    assert set(after.legal_actions()) == {ChooseVictim(1), ChooseVictim(2)}
    after = edit(after, rng=_dice(first_die, second_die))
    return after, after.apply(ChooseVictim(enemy))


def test_r14_11_war_the_higher_side_rises_one_level_the_lower_two_and_hands_over_markers():
    control = {"barcelona": 0, "genoa": 1, "venice": 2, "milan": 1, "florence": 1}
    before, after = _war(5, 3, control=control)
    assert _rises(before, after) == [1, 2, 0]
    # the loser chooses the two markers it hands over, its capital last
    assert after.pending == [("war_handover", 1, "0:2")] and after.current_player == 1
    assert set(after.legal_actions()) == {ChooseProvince("florence"), ChooseProvince("milan")}
    after = after.apply(ChooseProvince("milan"))
    assert after.legal_actions() == [ChooseProvince("florence")]
    after = after.apply(ChooseProvince("florence"))
    assert not after.pending
    assert after.control == {"barcelona": 0, "genoa": 1, "venice": 2, "milan": 0,
                             "florence": 0}
    assert after.stock_markers[0] == before.stock_markers[0] - 2
    assert after.stock_markers[1] == before.stock_markers[1] + 2
    assert "milan" not in after.new_control  # settled


def test_r14_11_the_capital_is_handed_over_last_and_markers_lacking_cost_a_level_each():
    before, after = _war(2, 6)  # the enemy (Genoa) wins by 4; Barcelona holds only itself
    assert _rises(before, after) == [2, 1, 0]
    assert after.legal_actions() == [ChooseProvince("barcelona")]
    after = after.apply(ChooseProvince("barcelona"))
    assert after.control["barcelona"] == 1
    assert _rises(before, after) == [2 + 3, 1, 0]  # three markers could not be handed over


def test_r14_11_no_marker_in_region_v_without_r_overseas_without_t_the_americas_without_u():
    control = {"barcelona": 0, "genoa": 1, "venice": 2, "novgorod": 1, "india": 1,
               "north_america": 1}
    before, after = _war(6, 1, control=control)  # seat 0 wins by 5
    assert after.legal_actions() == [ChooseProvince("genoa")]  # only the capital is left
    after = after.apply(ChooseProvince("genoa"))
    assert _rises(before, after) == [1, 2 + 4, 0]
    with_r_and_t = owning(before, 0, "R", "T")
    after = with_r_and_t.apply(ChooseVictim(1))
    assert set(after.legal_actions()) == {ChooseProvince("novgorod"), ChooseProvince("india")}
    with_u = owning(with_r_and_t, 0, "U")
    after = with_u.apply(ChooseVictim(1))
    assert set(after.legal_actions()) == {ChooseProvince("novgorod"), ChooseProvince("india"),
                                          ChooseProvince("north_america")}
    with pytest.raises(IllegalAction, match="R-14.11"):
        after.apply(ChooseProvince("genoa"))  # the capital last


def test_r14_11_nationalism_and_the_military_cards_count_in_war():
    state = _playing([])
    assert war_strength(state, 0, 1, 3) == 3
    armed = edit(owning(state, 0, "W"), round_events=["military:stirrup:0", "military:armour:1"])
    assert war_strength(armed, 0, 1, 3) == 3 + 1  # W; Stirrup cancelled by Armour
    assert war_strength(armed, 1, 0, 3) == 3 + 1  # Armour counts
    assert war_strength(armed, 1, 2, 3) == 3 + 1  # against someone else


def test_r14_12_a_stirrup_played_before_the_war_turns_its_roll():
    state = _playing(["stirrup", "war"])
    state = state.apply(PlayCard("stirrup")).apply(PlayCard("war"))
    after = edit(state, rng=_dice(3, 4)).apply(ChooseVictim(2))
    assert _rises(state, after) == [1, 0, 1]  # 3+1 against 4: tied
    assert open_wars(after) == [(1, 0, 2)]


def test_r14_11_a_tie_costs_both_a_level_and_is_rolled_again_in_the_next_card_phase():
    before, after = _war(4, 4, enemy=2)
    assert _rises(before, after) == [1, 0, 1] and not after.pending
    assert open_wars(after) == [(1, 0, 2)] and "war:1:0:2" in after.marks
    next_phase = at(edit(after, rng=_dice(1, 3)), "play")  # the next round's card phase
    assert open_wars(next_phase) == []
    assert _rises(after, next_phase) == [2, 0, 1]  # Venice won by 2
    assert next_phase.pending[-1] == ("war_handover", 0, "2:2")
    again = at(edit(after, rng=_dice(6, 6)), "play")
    assert open_wars(again) == [(1, 0, 2)] and _rises(after, again) == [1, 0, 1]


def test_r13_2_in_the_final_card_phase_a_tied_war_is_rolled_again_while_cards_are_played():
    before, tied = _war(4, 4, enemy=2)
    hands = [["famine", "uprising"], ["stone_1"], []]
    final = at(edit(tied, rng=_dice(2, 2)), "final", hands=hands)
    assert open_wars(final) == [(1, 0, 2)]  # rolled at the start: tied again
    assert _rises(tied, final) == [1, 0, 1]
    final = edit(final, rng=_dice(6, 6))
    played = final.apply(PlayCard("famine"))  # Famine's 4 levels, then a tie's 1
    assert _rises(final, played) == [5, 4, 5] and open_wars(played) == [(1, 0, 2)]
    decided = edit(played, rng=_dice(6, 1)).apply(PlayCard("uprising"))
    assert open_wars(decided) == [] and decided.pending == [("war_handover", 2, "0:5")]
    last = decided.apply(ChooseProvince("venice")).apply(PlayCard("stone_1"))
    assert last.terminal and last.control["venice"] == 0
    assert _rises(decided, last)[2] == 4  # four markers Venice could not hand over


def test_r14_11_a_war_with_an_eliminated_side_is_over():
    before, tied = _war(4, 4, enemy=2)
    gone = at(edit(tied, alive=[True, True, False]), "play")
    assert open_wars(gone) == [] and gone.misery == tied.misery
