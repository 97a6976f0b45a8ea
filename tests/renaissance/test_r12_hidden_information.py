"""R-12: information. Hands, the deck's order and sealed bids are secret (R-12.2); cash,
advances, fleets, misery and commodity cards are public, and of the reuse pile only the top
card (R-12.3). Two states that differ only in what a seat may not know look the same to it."""

from __future__ import annotations

import random

import pytest
from renaissance_helpers import at_step, edit, set_up

from renaissance_core import GameConfig, new_game, observation
from renaissance_core.game.actions import BidTokens
from renaissance_core.players.randomplay import RandomPlayer


def _hide_from(state, seat, seed):
    """Another state differing only in facts hidden from ``seat``: the other hands and the
    deck shuffled together, the reuse pile below its top, the random stream, others' bids."""
    chooser = random.Random(seed)
    others = [p for p in range(state.players) if p != seat]
    pool = [c for p in others for c in state.hands[p]] + list(state.deck)
    chooser.shuffle(pool)
    hands = [list(h) for h in state.hands]
    for p in others:
        hands[p], pool = pool[:len(hands[p])], pool[len(hands[p]):]
    reuse = list(state.reuse)
    if len(reuse) > 1:
        below = reuse[:-1]
        chooser.shuffle(below)
        reuse = below + reuse[-1:]
    sealed = {p: (v if p == seat else v + 1 if isinstance(v, int) else v)
              for p, v in state.sealed.items()}
    return edit(state, hands=hands, deck=pool, reuse=reuse, rng=chooser.getrandbits(64),
                sealed=sealed)


def _own(state, seat):
    return [a for a in state.legal_actions() if getattr(a, "seat", seat) == seat]


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_r12_2_a_seat_cannot_tell_apart_states_differing_in_hidden_facts(players, seed):
    state = new_game(GameConfig.of(players, seed=seed))
    bots = [RandomPlayer(seed * 10 + p) for p in range(players)]
    for step in range(400):
        if state.is_terminal:
            break
        seat = state.seats_to_act[0]
        for viewer in range(players):
            twin = _hide_from(state, viewer, step)
            assert observation(twin, viewer) == observation(state, viewer)
            if viewer in state.seats_to_act:  # nor do its choices depend on hidden facts
                assert _own(twin, viewer) == _own(state, viewer)
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
