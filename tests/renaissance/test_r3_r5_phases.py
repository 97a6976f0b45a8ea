"""R-3 the round, R-4 phase 1 (shortages and draw), R-5 phase 2 (buy or discard)."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, at_step, edit, owning, run_until, set_up

from renaissance_core import IllegalAction
from renaissance_core.game.actions import BuyCard, Discard, Done, MillStep, RemoveMarker
from renaissance_core.turn.common import rank

STEPS_OF_A_ROUND = ["buyoff", "mill", "buy", "play", "purchase", "expand", "order"]


def test_r3_1_the_phases_run_in_order():
    seen: list[str] = []

    def note(state):
        if not seen or seen[-1] != state.step:
            seen.append(state.step)
        return False

    state = run_until(set_up(3), lambda s: s.round == 2)
    # a marker for phase 1's buy-off, tokens for phase 5
    state = edit(state, scale={"wool": 1}, bought=[3, 3, 3],
                 stock_tokens=[t - 3 for t in state.stock_tokens])
    state = owning(state, state.order[0], "J", "V")
    run_until(state, lambda s: note(s) or s.round == 3)
    assert seen[:-1] == STEPS_OF_A_ROUND and seen[-1] == "buyoff"


def test_r3_2_phases_1_to_5_in_turn_order_and_7_at_once():
    state = at_step(set_up(4, tokens=[9, 3, 6, 1]), "purchase")
    assert state.order == [3, 1, 2, 0] and state.current_player == 3
    state = state.apply(Done())
    assert state.current_player == 1
    state = at_step(state, "order")
    assert state.current_player is None and len(state.seats_to_act) == 4


@pytest.mark.parametrize("players,fields", [(3, [2, 4, 6]), (4, [2, 3, 5, 6]),
                                            (5, [2, 3, 4, 5, 6]), (6, [1, 2, 3, 4, 5, 6])])
def test_r3_3_rank_is_the_field_on_the_order_track(players, fields):
    state = set_up(players)
    assert [rank(state, p) for p in state.order] == fields


def test_r4_1_the_first_player_buys_markers_off_at_the_base_value():
    state = edit(set_up(3), step="buyoff", turn=0, scale={"wine": 2, "stone": -1})
    first = state.order[0]
    cash = state.cash[first]
    state = state.apply(RemoveMarker("wine"))
    assert state.scale == {"wine": 1, "stone": -1} and state.cash[first] == cash - 5
    state = state.apply(RemoveMarker("wine")).apply(RemoveMarker("stone"))
    assert state.scale == {} and state.cash[first] == cash - 11


def test_r4_2_the_first_owner_of_j_moves_one_market_one_step():
    state = set_up(3)
    owner = state.order[1]
    state = at(owning(state, owner, "J"), "mill", scale={"grain": -1})
    assert state.current_player == owner
    assert MillStep("stone", 1) not in state.legal_actions()
    state = state.apply(MillStep("grain", 1))
    assert "grain" not in state.scale and state.step != "mill"  # the surplus ended


def test_r4_3_each_player_draws_one_card():
    state = set_up(3)
    before = edit(state, step="mill", turn=len(state.order), hands=[[], [], []])
    from renaissance_core.turn.phases import settle_flow
    after = before.clone()
    settle_flow(after)
    assert [len(h) for h in after.hands] == [1, 1, 1]


def test_r5_1_v_buys_one_card_for_10():
    state = set_up(3)
    seat = state.order[0]
    state = edit(owning(state, seat, "V"), step="buy", turn=0)
    cash, cards = state.cash[seat], len(state.hands[seat])
    state = state.apply(BuyCard())
    assert state.cash[seat] == cash - 10 and len(state.hands[seat]) == cards + 1
    with pytest.raises(IllegalAction):
        state.apply(BuyCard())


def test_r5_2_p_discards_one_card_circle_to_reuse_square_removed():
    state = set_up(3)
    seat = state.order[0]
    hands = [list(h) for h in state.hands]
    hands[seat] = ["gunpowder", "war"]
    state = at(owning(state, seat, "P"), "buy", hands=hands)
    state = state.apply(Discard("gunpowder"))
    assert "gunpowder" in state.removed
    with pytest.raises(IllegalAction):
        state.apply(Discard("war"))  # one discard per round
