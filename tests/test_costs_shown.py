"""C-4, Y-4: the cost the page shows is the cost the engine charges (issue 29, item 1).

Every view (the click targets, their hover terms, the log line, the guide) explains a
conquest through ``game.costs.conquest_cost``, which asks the game's ruleset for its terms.
Over random games of both rulesets on both boards, every target's shown total is the sum of
its terms and the number of tokens ``apply`` takes from the hand.
"""

from __future__ import annotations

import pytest

from vinci_core import GameConfig, Seat
from vinci_core.game.actions import Conquer, parse_action
from vinci_core.game.costs import conquest_cost
from vinci_core.players.randomplay import play_random
from vinci_core.table.presenter import targets
from vinci_core.turn.state import new_game

# Mare Nostrum has deserts and rivers: an online board only (Y-0.3).
CASES = [(ruleset, board, seed) for ruleset, board in
         (("classic", "europe"), ("online", "europe"), ("online", "mare_nostrum"))
         for seed in range(8)]


def _config(ruleset: str, board: str, seed: int) -> GameConfig:
    seats = 3 + seed % 2
    return GameConfig.model_validate({"seats": [Seat(name=f"P{i}") for i in range(seats)],
                                      "ruleset": ruleset, "map": board, "seed": seed})


@pytest.mark.parametrize(("ruleset", "board", "seed"), CASES)
def test_c4_y4_every_target_shows_what_apply_charges(ruleset: str, board: str,
                                                      seed: int) -> None:
    config = _config(ruleset, board, seed)
    try:
        played = play_random(config, seed=seed)
    except RuntimeError:  # pragma: no cover - a cut-off game still gives positions
        pytest.skip("random game did not end")
    state = new_game(config)
    checked = 0
    for action in played.actions:
        if state.phase == "expand":
            seat = state.turn_seat
            hand = state.players[seat].hand
            for pid, entry in targets(state).items():
                click = parse_action(entry["action"])
                if not isinstance(click, Conquer) or "cost" not in entry:
                    continue
                after = state.apply(click)
                assert hand - after.players[seat].hand == entry["cost"], (pid, entry)
                if "terms" in entry and not click.religion:
                    assert sum(t["value"] for t in entry["terms"]) == entry["cost"]
                checked += 1
            rs = state.ruleset
            for target, origin in rs.reach(state, seat).items():
                terms = rs.cost_terms(state, seat, target, origin)
                assert sum(t.value for t in terms) == rs.cost(state, seat, target, origin)
                assert all(t.rule.startswith("Y-" if ruleset == "online" else "C-")
                           for t in terms)
        state = state.apply(action)
    assert checked > 100


def test_y4_the_explanation_is_the_rulesets() -> None:
    """An online conquest explained with Y-4's terms, not C-4's."""
    config = _config("online", "europe", 1)
    played = play_random(config, seed=1)
    state = new_game(config)
    for action in played.actions:
        if isinstance(action, Conquer) and not (action.espionage or action.religion):
            cost = conquest_cost(state, action.province)
            assert all(t.rule.startswith("Y-") for t in cost.terms)
            before = state.players[state.turn_seat].hand
            seat = state.turn_seat
            state = state.apply(action)
            assert before - state.players[seat].hand == cost.total
        else:
            state = state.apply(action)
