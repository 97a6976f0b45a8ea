"""R-2: setup: the cards, the deal, the capital auction and round 1's order."""

from __future__ import annotations

import pytest
from renaissance_helpers import set_up

from renaissance_core import GameConfig, IllegalAction, new_game
from renaissance_core.game.actions import BidCapital, ChooseCapital, ReturnCard
from renaissance_core.turn.setup import roll_off

SET_ASIDE = {"crusade", "walter_sans_avoir", "rashid_al_din", "spice_1", "silk_1"}


def test_r2_1_five_cards_are_set_aside_from_period_1():
    state = new_game(GameConfig.of(5, seed=2))
    assert set(state.set_aside) == SET_ASIDE
    every = set(state.deck) | {c for h in state.hands for c in h}
    assert not every & SET_ASIDE
    assert all(state.cards[c].period == 1 for c in every)


def test_r2_2_three_dealt_two_kept_in_secret():
    state = new_game(GameConfig.of(3, seed=4))
    assert [len(h) for h in state.hands] == [3, 3, 3]
    back = state.hands[1][2]
    state = state.apply(ReturnCard(1, back))
    assert len(state.hands[1]) == 3 and state.sealed == {1: back}  # nothing shown yet
    with pytest.raises(IllegalAction):
        state.apply(ReturnCard(1, state.hands[1][0]))  # one choice per seat
    state = state.apply(ReturnCard(0, state.hands[0][0])).apply(ReturnCard(2, state.hands[2][0]))
    assert [len(h) for h in state.hands] == [2, 2, 2] and back in state.deck


@pytest.mark.parametrize("players,in_deck_now", [(3, True), (4, True), (5, False), (6, False)])
def test_r2_3_set_aside_cards_join_at_once_or_in_round_2(players, in_deck_now):
    state = set_up(players)
    assert (set(state.deck) | {c for h in state.hands for c in h} >= SET_ASIDE) == in_deck_now
    assert (set(state.set_aside) == SET_ASIDE) != in_deck_now
    if not in_deck_now:
        from renaissance_helpers import run_until
        state = run_until(state, lambda s: s.round == 2)
        assert not state.set_aside


def test_r2_4_an_empty_deck_is_refilled_from_the_next_period_and_the_reuse_pile():
    from renaissance_core.turn.common import draw
    state = set_up(3).clone()
    state.reuse = [state.deck.pop()]
    reused = state.reuse[0]
    state.deck = []
    draw(state, 0)
    assert state.period == 2
    assert len(state.deck) + 1 == 22 + 1  # period 2's 22 cards and the reused one, one drawn
    assert reused in state.deck + state.hands[0] and not state.reuse


def test_r2_5_forty_ducats_no_misery_no_fleet():
    state = new_game(GameConfig.of(6, seed=1))
    assert state.cash == [40] * 6 and state.misery == [0] * 6 and state.fleet_kind == [None] * 6


def test_r2_6_sealed_capital_bids_paid_and_picked_highest_first():
    state = new_game(GameConfig.of(3, seed=8))
    for seat in range(3):
        state = state.apply(ReturnCard(seat, state.hands[seat][0]))
    state = state.apply(BidCapital(2, 7))
    assert state.cash == [40, 40, 40] and state.seats_to_act == (0, 1)  # not revealed yet
    state = state.apply(BidCapital(0, 3)).apply(BidCapital(1, 12))
    assert state.cash == [37, 28, 33]
    assert state.current_player == 1 and state.step == "capital"
    state = state.apply(ChooseCapital("venice"))
    assert state.current_player == 2
    with pytest.raises(IllegalAction):
        state.apply(ChooseCapital("venice"))
    state = state.apply(ChooseCapital("genoa")).apply(ChooseCapital("barcelona"))
    assert state.capital == ["barcelona", "venice", "genoa"]
    assert state.control["venice"] == 1 and "venice" in state.holdings[1]


def test_r2_6_equal_bids_roll_off():
    state = new_game(GameConfig.of(4, seed=3)).clone()
    order = roll_off(state, [0, 1, 2, 3])
    assert sorted(order) == [0, 1, 2, 3]
    assert state.rng != new_game(GameConfig.of(4, seed=3)).rng  # dice were rolled


def test_r2_7_round_1_order_is_bid_for_with_the_cash_left():
    state = set_up(3, bids=[10, 0, 5], tokens=[8, 2, 8])
    assert state.round == 1
    assert state.cash == [22, 38, 27]  # 40 - capital bid - token bid
    assert state.order[0] == 1  # the lowest token bid goes first
