"""Every accepted action is listed: one spelling per move (issue 29, item 3).

For positions of random games of both rulesets, every action that ``apply`` accepts from a
broad set of candidates (every kind, every province, every flag, every slot and seat) is in
``legal_actions()``. PlaceAll is the shorthand of a run of listed Place actions (decision 4)
and is left out. Rules 1 and 2 kept a part by any of its provinces (their saves replay so);
new games play rules 3, where only the listed spelling is accepted.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vinci_core import GameConfig, Seat
from vinci_core.game.actions import (
    Abandon,
    Action,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    IllegalAction,
    Keep,
    Place,
)
from vinci_core.players.randomplay import play_random
from vinci_core.turn.state import GameState, new_game

GAMES = [("classic", "europe", 3), ("classic", "europe", 5), ("online", "europe", 2),
         ("online", "europe", 4), ("online", "mare_nostrum", 3), ("classic", "europe", 6)]
EVERY = 5


def _config(ruleset: str, board: str, seats: int, seed: int) -> GameConfig:
    return GameConfig.model_validate({"seats": [Seat(name=f"P{i}") for i in range(seats)],
                                      "ruleset": ruleset, "map": board, "seed": seed})


@cache
def _positions() -> tuple[GameState, ...]:
    out: list[GameState] = []
    for seed, (ruleset, board, seats) in enumerate(GAMES):
        config = _config(ruleset, board, seats, 100 + seed)
        state = new_game(config)
        for k, action in enumerate(play_random(config, seed=seed).actions):
            if k % EVERY == 0:
                out.append(state)
            state = state.apply(action)
    return tuple(out)


def candidates(state: GameState) -> list[Action]:
    out: list[Action] = [Choose(slot) for slot in range(1, 7)]
    out += [Diplomacy(seat) for seat in range(6)]
    out += [Decline(), Finish(), EndTurn()]
    for pid in state.board.ids:
        out += [Keep(pid), Place(pid), Fort(pid), Abandon(pid), Conquer(pid),
                Conquer(pid, espionage=True), Conquer(pid, religion=True)]
    return out


def accepted_but_unlisted(state: GameState) -> list[Action]:
    legal = set(state.legal_actions())
    out = []
    for action in candidates(state):
        try:
            state.apply(action)
        except IllegalAction:
            continue
        if action not in legal:
            out.append(action)
    return out


def test_the_positions_cover_every_phase() -> None:
    phases = {state.phase for state in _positions()}
    assert {"choose", "expand", "keep", "reorganize", "end_of_turn"} <= phases, phases
    assert len(_positions()) > 300


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_c3_every_accepted_action_is_listed(index: int) -> None:
    positions = _positions()
    state = positions[index % len(positions)]
    assert accepted_but_unlisted(state) == [], (state.phase, state.ply)


@pytest.mark.parametrize("part", range(4))
def test_c3_every_position_accepts_only_listed_actions(part: int) -> None:
    """All the positions, a quarter each (the Keep of a split empire among them)."""
    positions = _positions()[part::4]
    assert [(s.phase, s.ply, accepted_but_unlisted(s)) for s in positions
            if accepted_but_unlisted(s)] == []
