"""Every action ``apply`` accepts is listed by ``legal_actions()``, and every other action is
refused with IllegalAction (never another error) and changes nothing."""

from __future__ import annotations

import random

import pytest

from renaissance_core import GameConfig, IllegalAction, digest, new_game
from renaissance_core.game.actions import (
    BidCapital,
    BidTokens,
    BuyAdvance,
    BuyCard,
    ChooseCapital,
    Discard,
    Done,
    GrowFleet,
    MillStep,
    NameCommodity,
    Place,
    PlayCard,
    RemoveMarker,
    ReturnCard,
    TokensForCard,
    UsePatron,
)
from renaissance_core.players.randomplay import RandomPlayer


def candidates(state, chooser: random.Random) -> list:
    """Actions of every kind with values near and far from the legal ones."""
    cards = [*state.cards, "nothing"]
    areas = [*state.board.areas, "nowhere"]
    seats = [-1, *range(state.players), state.players]
    out = [Done(), BuyCard(), GrowFleet(), TokensForCard(),
           BuyAdvance(chooser.choice("ABXZ?")), UsePatron(chooser.choice(cards)),
           PlayCard(chooser.choice(cards)), Discard(chooser.choice(cards)),
           NameCommodity(chooser.choice(["wine", "gold", "sand"])),
           RemoveMarker(chooser.choice(["wine", "stone", "sand"])),
           MillStep(chooser.choice(["grain", "silk"]), chooser.choice([1, -1, 2])),
           Place(chooser.choice(areas)), ChooseCapital(chooser.choice(areas)),
           ReturnCard(chooser.choice(seats), chooser.choice(cards)),
           BidCapital(chooser.choice(seats), chooser.randint(-5, 60)),
           BidTokens(chooser.choice(seats), chooser.randint(-60, 60))]
    return out


@pytest.mark.parametrize("players,seed", [(3, 5), (4, 6), (5, 7), (6, 8)])
def test_apply_accepts_exactly_the_listed_actions(players, seed):
    chooser = random.Random(seed)
    state = new_game(GameConfig.of(players, seed=seed))
    bots = [RandomPlayer(seed + p) for p in range(players)]
    steps = 0
    while not state.is_terminal and steps < 1500:
        legal = set(state.legal_actions())
        before = digest(state)
        for action in candidates(state, chooser):
            if action in legal:
                state.apply(action)
            else:
                with pytest.raises(IllegalAction):
                    state.apply(action)
        assert digest(state) == before
        seat = state.seats_to_act[0]
        state = state.apply(bots[seat].choose(state, seat))
        steps += 1
