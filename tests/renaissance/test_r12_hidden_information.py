"""R-12: information. Hands, the deck's order and sealed bids are secret (R-12.2); cash,
advances, fleets, misery and commodity cards are public, and of the reuse pile only the top
card (R-12.3). Two states that differ only in what a seat may not know look the same to it."""

from __future__ import annotations

import pytest
from renaissance_helpers import at_step, edit, hide_from, set_up

from renaissance_core import GameConfig, new_game, observation
from renaissance_core.game.actions import BidTokens
from renaissance_core.players.randomplay import RandomPlayer
from renaissance_core.turn.view import own_actions


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_r12_2_a_seat_cannot_tell_apart_states_differing_in_hidden_facts(players, seed):
    state = new_game(GameConfig.of(players, seed=seed))
    bots = [RandomPlayer(seed * 10 + p) for p in range(players)]
    for step in range(400):
        if state.is_terminal:
            break
        seat = state.seats_to_act[0]
        for viewer in range(players):
            twin = hide_from(state, viewer, step)
            assert observation(twin, viewer) == observation(state, viewer)
            if viewer in state.seats_to_act:  # nor do its choices depend on hidden facts
                assert (own_actions(twin.legal_actions(), viewer)
                        == own_actions(state.legal_actions(), viewer))
        state = state.apply(bots[seat].choose(state, seat))


def test_r12_2_hands_and_bids_of_others_do_show_a_difference_when_they_are_ones_own():
    state = at_step(set_up(3), "order").apply(BidTokens(0, 3))
    mine = observation(state, 0)
    assert mine["my_sealed"] == 3 and observation(state, 1)["my_sealed"] is None
    assert observation(state, 1)["sealed_done"] == [0]
    assert mine["hand"] == sorted(state.hands[0]) and "deck" not in mine


def test_r12_3_public_facts_and_only_the_top_of_the_reuse_pile():
    state = edit(set_up(3), reuse=["war", "wine_1"])
    seen = observation(state, 2)
    assert seen["cash"] == state.cash and seen["misery"] == state.misery
    assert seen["reuse_top"] == "wine_1" and "war" not in str(seen.get("reuse_top"))
    assert seen["hand_sizes"] == [len(h) for h in state.hands]
