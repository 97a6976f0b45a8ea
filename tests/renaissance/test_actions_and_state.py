"""The engine's face: actions' JSON, refusals that change nothing, digests, replays."""

from __future__ import annotations

from dataclasses import fields

import pytest
from renaissance_helpers import set_up

from renaissance_core import (
    GameConfig,
    IllegalAction,
    action_json,
    digest,
    new_game,
    parse_action,
    replay,
)
from renaissance_core.game.actions import ACTION_TYPES, Done, Place


def test_every_action_type_round_trips_through_json():
    for name, cls in ACTION_TYPES.items():
        sample = {f: (1 if f in ("seat", "victim", "ducats", "tokens", "step") else "x")
                  for f in (field.name for field in fields(cls))}
        action = cls(**sample)
        assert parse_action(action_json(action)) == action
        assert action.type == name


@pytest.mark.parametrize("bad", ['{"type":"place"}', '{"type":"place","area":3}',
                                 '{"type":"fly"}', "[1]", "not json",
                                 '{"type":"done","x":1}', '{"type":"bid_tokens","seat":true,'
                                 '"tokens":1}'])
def test_malformed_actions_are_refused(bad):
    with pytest.raises(IllegalAction):
        parse_action(bad)


def test_an_illegal_action_changes_nothing():
    state = set_up(3)
    before = digest(state)
    with pytest.raises(IllegalAction):
        state.apply(Place("nowhere"))
    with pytest.raises(IllegalAction):
        state.apply(Place("london"))
    assert digest(state) == before


def test_config_is_validated_at_the_edge():
    from pydantic import ValidationError
    with pytest.raises(ValidationError):
        GameConfig.of(2)
    with pytest.raises(ValidationError):
        GameConfig.of(7)
    with pytest.raises(ValidationError):
        GameConfig.of(3).model_copy(update={"seed": -1}).model_validate({"seats": [], "seed": 1})


def test_the_same_seed_and_log_make_the_same_game():
    config = GameConfig.of(4, seed=21)
    state = new_game(config)
    log = []
    while len(log) < 60 and not state.is_terminal:
        action = state.legal_actions()[-1]
        log.append(action)
        state = state.apply(action)
    assert digest(replay(config, log)) == digest(state)
    assert digest(new_game(GameConfig.of(4, seed=22))) != digest(new_game(config))
    assert Done() == parse_action('{"type":"done"}')
