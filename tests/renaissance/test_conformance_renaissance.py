"""Renaissance passes boardgame_core's conformance suite for 3, 4, 5 and 6 seats: random
games to their end, every listed action applying with its JSON round-tripping, anything
unlisted refused naming its rule with no change, and replay and save → load giving the
same digest (the quick run here, more seeds under ``slow``)."""

from __future__ import annotations

from typing import Any

import pytest

from boardgame_core.conformance import check_game, check_malformed_json, check_position
from renaissance_core import GAME, GameConfig, new_game
from renaissance_core.game.actions import (
    BidCapital,
    BidTokens,
    BuyAdvance,
    Discard,
    MillStep,
    Place,
    PlayCard,
    ReturnCard,
    SwapOrder,
)


def probes(state: Any) -> list[Any]:
    """Well-formed actions with values no position lists: no such seat, area, card,
    advance or commodity, and steps and bids out of range."""
    seat = state.seats_to_act[0] if state.seats_to_act else 0
    return [ReturnCard(seat, "no_such_card"), ReturnCard(9, "medici"), BidCapital(seat, -1),
            BidCapital(-1, 0), BidTokens(7, 0), Place("atlantis"), PlayCard("no_such_card"),
            Discard("no_such_card"), BuyAdvance("Ω"), MillStep("grain", 2), MillStep("sand", 1),
            SwapOrder(0), SwapOrder(5)]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_renaissance_conforms_to_the_state_api(players: int) -> None:
    played = check_game(GAME, [GameConfig.of(players, seed=players)], seeds=(players,),
                        every=2, save_every=100, probes=probes)
    assert played > 100


def test_the_short_variant_conforms_too() -> None:
    assert check_game(GAME, [GameConfig.of(4, seed=11, short=True)], seeds=(11,), every=3,
                      probes=probes) > 100


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_renaissance_conforms_over_more_seeds(players: int) -> None:
    configs = [GameConfig.of(players, seed=seed, short=seed % 4 == 0) for seed in range(20, 30)]
    assert check_game(GAME, configs, seeds=(1, 2), every=3, probes=probes) > 1000


def test_the_probes_are_refused_at_the_start() -> None:
    """Every probe is well formed yet unlisted, so the suite must see each refused."""
    state = new_game(GameConfig.of(3, seed=1))
    assert not set(probes(state)) & set(state.legal_actions())
    check_position(GAME, state, probes(state))


def test_the_parser_refuses_what_is_no_action() -> None:
    check_malformed_json(GAME, ('{"type":"place"}', '{"type":"place","area":3}',
                                '{"type":"done","x":1}', '{"type":"bid_tokens","seat":true,'
                                '"tokens":1}', "[1]", "nan"))
