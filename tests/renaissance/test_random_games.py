"""Random games of 3–6 seats played to the end, with the invariants checked after every
action: the ducats ledger with the bank, 36 tokens and 25 markers per player, the 64 cards
all somewhere, one controller per area, the volume never exceeded but in the open conflict
(R-8.14) and a player's own tokens never above it (R-8.10); and seed + log = game."""

from __future__ import annotations

import pytest

from renaissance_core import GameConfig, action_json, digest, new_game, parse_action, replay
from renaissance_core.game.constants import MARKERS_PER_PLAYER, START_CASH, TOKENS_PER_PLAYER
from renaissance_core.players.randomplay import RandomPlayer


def check_invariants(state) -> None:
    n = state.players
    assert sum(state.cash) == START_CASH * n - state.bank_in + state.bank_out
    assert all(c >= 0 for c in state.cash)
    for seat in range(n):
        on_board = sum(by.get(seat, 0) for by in state.tokens.values())
        assert state.stock_tokens[seat] + state.bought[seat] + on_board == TOKENS_PER_PLAYER
        markers = sum(1 for who in state.control.values() if who == seat)
        assert state.stock_markers[seat] + markers == MARKERS_PER_PLAYER
        assert min(state.stock_tokens[seat], state.bought[seat], state.stock_markers[seat]) >= 0
    places = (state.deck + state.reuse + state.removed + state.set_aside
              + [c for h in state.hands for c in h] + [c for c, _ in state.display]
              + [c for cards in state.future.values() for c in cards])
    assert sorted(places) == sorted(state.cards), "every card is in exactly one place"
    in_conflict = {area for kind, _, area in state.pending if kind == "conflict"}
    for area_id, by_seat in state.tokens.items():
        area = state.board.areas[area_id]
        assert max(by_seat.values()) <= area.volume
        if area_id not in in_conflict:
            assert area_id not in state.control
            assert sum(by_seat.values()) <= area.volume
    for area_id in state.control:
        assert state.board.areas[area_id].holds_control
    assert 0 <= min(state.misery) and max(state.misery) <= state.sheet.top_level


def play(players: int, seed: int):
    state = new_game(GameConfig.of(players, seed=seed))
    bots = [RandomPlayer(seed * 7 + p) for p in range(players)]
    log = []
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal and state.seats_to_act
        seat = state.seats_to_act[0]
        action = bots[seat].choose(state, seat)
        assert action in legal
        assert parse_action(action_json(action)) == action
        state = state.apply(action)
        log.append(action)
        check_invariants(state)
        assert len(log) < 20_000
    return state, log


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_keep_every_invariant_to_the_end(players):
    state, log = play(players, seed=players * 11)
    assert state.is_terminal
    assert sum(state.returns()) >= 1 or not any(state.alive)  # the eliminated never win
    again = replay(GameConfig.of(players, seed=players * 11), log)
    assert digest(again) == digest(state)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_many_random_games(seed):
    state, _ = play(3 + seed % 4, seed)
    assert state.is_terminal
