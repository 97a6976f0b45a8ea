"""Random games of 3–6 seats played to the end, with the invariants checked after every
action (``renaissance_core.turn.invariants``: the ducats ledger with the bank, 36 tokens and
25 markers per player, the 64 cards all somewhere, market volumes and scales, one
controller per area), every action listed and its JSON read back, and at the end save →
load and replay to the same digest (``renaissance_core.table.conformance``). A few dozen
games in the quick run; the full count of issue 32, 1,000 games, under ``slow``
(``bench/renaissance_conformance.py`` runs the same games and reports the time)."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, set_up

from renaissance_core.table.conformance import conform_game
from renaissance_core.turn.invariants import breaches

QUICK_GAMES = 24
FULL_GAMES = 1_000
CHUNK = 50  # the slow run in chunks, so that the test runner can share them among cores


def _conform(seeds: range) -> list[str]:
    problems = []
    for seed in seeds:
        result = conform_game(3 + seed % 4, seed)
        problems += [f"seed {seed}: {p}" for p in result.problems[:3]]
    return problems


def test_a_few_dozen_random_games_keep_every_invariant_and_replay_to_the_same_digest():
    assert _conform(range(QUICK_GAMES)) == []


@pytest.mark.slow
@pytest.mark.parametrize("first", range(QUICK_GAMES, FULL_GAMES, CHUNK))
def test_a_thousand_random_games_keep_every_invariant(first):
    assert _conform(range(first, min(first + CHUNK, FULL_GAMES))) == []


def test_the_invariants_catch_a_ducat_from_nowhere_and_a_lost_token():
    state = at(set_up(3), "play")
    assert breaches(state) == []
    cash = list(state.cash)
    cash[0] += 1
    assert breaches(at(state, "play", cash=cash)) == [
        "the players' cash does not match the ledger with the bank"]
    stock = list(state.stock_tokens)
    stock[2] -= 1
    assert breaches(at(state, "play", stock_tokens=stock)) == [
        "seat 2 does not have its 36 tokens"]
    assert breaches(at(state, "play", control={**state.control, "toledo": 1},
                       tokens={"toledo": {1: 1}})) != []
