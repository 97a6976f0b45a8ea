"""Fields of the strong player measured against its big losses (docs/players.md, "Where the
strong level loses"). A decline is final and costs a turn, so with ``decline_margin`` (off
by default) the strong player declares one only when its rollouts promise at least that
many VP more than playing on; ``entry_beam`` (on by default) widens the turn planner's
search for a civilization's entry, where it settles for the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vinci_core import GameConfig, GameState, Seat, new_game
from vinci_core.game.actions import Decline
from vinci_core.players.ai import BEAM, ENTRY_BEAM, StrongPlayer, finish
from vinci_core.players.virtual import VirtualPlayer

SMALL = StrongPlayer(rollouts=2, choices=2, beam=2)


def a_turn_that_weighs_a_decline() -> GameState:
    """A classic 4-seat game played by the book to the first turn, from round 4 on, where
    the seat to act could decline an empire on the board (C-5.1)."""
    cfg = GameConfig(seats=[Seat(name=f"S{i}", virtual=True) for i in range(4)], seed=3,
                     map="europe")
    state = new_game(cfg)
    while not (state.round >= 4 and state.phase == "expand"
               and Decline() in state.legal_actions()
               and SMALL.weighs_decline(state, state.current_player)):
        state = state.apply(VirtualPlayer.for_seat(cfg, state.current_player).act(state))
    return state


@pytest.fixture(scope="module")
def weighed() -> tuple[GameState, float]:
    """The position and how many VP more its rollouts promise for declining now."""
    state = a_turn_that_weighs_a_decline()
    seat = state.current_player
    (decline, _, _), (keep, _, _) = finish(SMALL.compare(state, [Decline(), None], seat))
    return state, decline - keep


def test_c5_1_the_strong_player_declines_only_beyond_its_margin(weighed) -> None:
    state, more = weighed
    below = StrongPlayer(rollouts=2, choices=2, beam=2, decline_margin=more - 0.5)
    above = StrongPlayer(rollouts=2, choices=2, beam=2, decline_margin=more + 0.5)
    assert below.decide(state).action == Decline()
    assert above.decide(state).action != Decline()


def test_playing_on_within_the_margin_quotes_no_gain_it_did_not_promise(weighed) -> None:
    state, more = weighed
    decision = StrongPlayer(rollouts=2, choices=2, beam=2,
                            decline_margin=abs(more) + 1).decide(state)
    assert decision.action != Decline()
    if more > 0:  # declining promised more: the reason must not say playing on does
        assert "more than declining now" not in decision.reason
    else:
        assert "more than declining now" in decision.reason


def a_civilizations_entry() -> GameState:
    """The first expansion turn of a classic game: the seat to act has a civilization and
    no province yet (C-3.1.2)."""
    cfg = GameConfig(seats=[Seat(name=f"S{i}", virtual=True) for i in range(4)], seed=3,
                     map="europe")
    state = new_game(cfg)
    while state.phase != "expand":
        state = state.apply(VirtualPlayer.for_seat(cfg, state.current_player).act(state))
    assert not state.empire(state.current_player)
    return state


def positions_searched(player: StrongPlayer, state: GameState) -> int:
    thinking, count = player.think(state), 0
    for _ in thinking:
        count += 1
    return count


def test_c3_1_2_an_entry_gets_its_own_beam() -> None:
    """The entry is searched wider than the planner's beam of any other turn, within the
    same work limit."""
    state = a_civilizations_entry()
    # The planner alone (no opponents' answer, whose positions would count too).
    planner = StrongPlayer(answer_plans=0)
    narrow = positions_searched(replace(planner, entry_beam=0), state)
    assert narrow == positions_searched(replace(planner, entry_beam=planner.beam), state)
    assert positions_searched(replace(planner, entry_beam=1), state) < narrow
    assert narrow < positions_searched(planner, state) <= planner.plan_work
    assert StrongPlayer().entry_beam == ENTRY_BEAM > BEAM
