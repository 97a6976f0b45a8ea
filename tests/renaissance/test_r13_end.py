"""R-13: the end, the final card phase, scoring."""

from __future__ import annotations

from renaissance_helpers import at, edit, owning, set_up

from renaissance_core import GameConfig, new_game
from renaissance_core.game.actions import PlayCard
from renaissance_core.players.randomplay import play_random_game
from renaissance_core.turn.income import end_of_round
from renaissance_core.turn.scoring import returns, score, winners

ALL = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_r13_1_owning_all_26_advances_ends_the_game_with_the_round():
    state = owning(set_up(3), 1, *ALL).clone()
    assert end_of_round(state) == "final"
    assert end_of_round(set_up(3).clone()) == "order"


def test_r13_1_the_short_variant_ends_when_all_cards_are_drawn():
    state = play_random_game(new_game(GameConfig.of(4, seed=5, short=True)), seed=5)
    assert state.is_terminal and state.period == 2 and not state.deck
    assert not any(state.cards[c].period == 3 for h in state.hands for c in h)


def test_r13_1_the_standard_game_ends_when_period_3_runs_out():
    # seed 8: a game that lasts until the deck runs out (with the events' misery, random
    # players are often all eliminated before it does)
    state = play_random_game(new_game(GameConfig.of(3, seed=8)), seed=8)
    assert state.is_terminal
    assert state.period == 3 and not state.deck or any(
        len(state.advances[p]) == 26 for p in range(3))


def test_r13_2_the_final_card_phase_plays_every_card():
    state = set_up(3)
    seat = state.order[0]
    hands = [[], [], []]
    hands[seat] = ["wine_1", "gutenberg", "stirrup"]
    state = owning(state, seat, "O", since=0)
    state = at(edit(state, round=4, holdings=[{"lisbon"}] * 3), "final", hands=hands,
               marks={"played:gunpowder"})
    assert state.current_player == seat
    assert set(state.legal_actions()) == {PlayCard("wine_1"), PlayCard("gutenberg")}
    cash = state.cash[seat]
    state = state.apply(PlayCard("gutenberg"))
    assert state.cash[seat] == cash + 30  # Printing refunds; no discount is left to use
    state = state.apply(PlayCard("wine_1"))
    assert state.is_terminal and state.hands[seat] == ["stirrup"]  # unplayable stays


def test_r13_3_score_is_advances_plus_cash_minus_misery():
    state = owning(set_up(3), 0, "A", "N")
    state = edit(state, cash=[100, 150, 90], misery=[2, 0, 0], terminal=True)
    value = state.sheet.advances["A"].cost + state.sheet.advances["N"].cost
    assert score(state, 0) == value + 100 - state.sheet.misery_levels[2]
    assert winners(state) == [0] and returns(state) == [1.0, 0.0, 0.0]


def test_r13_3_ties_go_to_more_cash_then_lower_misery():
    state = edit(set_up(3), cash=[100, 100, 50], misery=[0, 0, 0], terminal=True)
    state = owning(state, 2, "V")  # 60 + 50 = 110 beats 100
    assert winners(state) == [2]
    tied = edit(state, cash=[110, 110, 50], advances={0: {}, 1: {}, 2: {}})
    assert winners(tied) == [0, 1]  # shared
