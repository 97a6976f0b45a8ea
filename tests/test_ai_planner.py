"""The strong player's turn planner (vinci_core.players.planner): its weights are fields of
the player, with today's values as defaults, and the terms a variant can turn on measure
what a player looks at before a conquest: what the empire could take next turn, what a
neighbour could take back after the reorganization, and the declined empire's exposure."""

from __future__ import annotations

from builders import give_civ, position, put, start_turn

from vinci_core import GameState
from vinci_core.players.ai import StrongPlayer
from vinci_core.players.planner import (
    EXPOSED_WEIGHT,
    HAND_WEIGHT,
    HOLD_WEIGHT,
    PlanWeights,
    declined_exposed_worth,
    exposed_worth,
    plan_value,
    reach_worth,
)


def burgundy_border(attacker_tokens: int, hand: int = 4) -> GameState:
    """Seat 0 holds Aquitaine, Burgundy and Brittany (one token each after collecting,
    ``hand`` in hand); seat 1 sits in the Rhine, next to Burgundy only."""
    s = position(seats=3, virtual=(0, 1, 2))
    s = give_civ(s, 0, ("agriculture", "currency"), hand=hand)
    for pid in ("aquitaine", "burgundy", "brittany"):
        s = put(s, pid, 0, 1)
    s = give_civ(s, 1, ("barbarians", "weapons"), hand=0)
    s = put(s, "rhine", 1, attacker_tokens)
    return start_turn(s, 0)


def test_the_planners_weights_are_the_players_fields_with_the_kept_values() -> None:
    player = StrongPlayer()
    assert player.plan_weights() == PlanWeights()
    assert (player.hold_weight, player.hand_weight, player.exposed_weight) == (
        HOLD_WEIGHT, HAND_WEIGHT, EXPOSED_WEIGHT)
    assert PlanWeights().reach == PlanWeights().declined_exposed == 0.0
    assert not PlanWeights().placed_exposure


def test_a_field_changes_the_planners_value_of_a_position() -> None:
    s = burgundy_border(6)
    kept = plan_value(s, 0)
    assert plan_value(s, 0, weights=PlanWeights(hand=1.0)) > kept  # tokens in hand count more
    assert StrongPlayer(hand_weight=1.0).plan_worth(s, 0) > StrongPlayer().plan_worth(s, 0)


def test_next_turns_reach_takes_the_most_vp_per_token_first() -> None:
    """England (3 VP for 2 tokens) first; then the Pyrenees and the Alps (1 VP for 3 each);
    the Rhine, held by seven tokens (2 VP for 9), only with tokens to spare for everything."""
    s = burgundy_border(7)
    for hand, worth in ((0, 0), (2, 3), (4, 3), (8, 5), (20, 7)):
        assert reach_worth(give_civ(s, 0, ("agriculture", "currency"), hand=hand), 0) == worth


def test_a_reorganized_border_is_exposed_less_than_an_even_spread() -> None:
    """Five spare tokens: spread evenly Burgundy holds about two and the Rhine's five
    tokens can pay for it; reorganized, Burgundy gets them all and cannot be taken."""
    s = burgundy_border(6)
    tokens = 3 + s.players[0].hand
    burgundy = s.ruleset.province_points(s.board, s.board.index["burgundy"],
                                         s.players[0].abilities)
    assert exposed_worth(s, 0, tokens) == burgundy
    assert exposed_worth(s, 0, tokens, placed=True) == 0
    stronger = burgundy_border(12)  # too strong to price out: exposed either way
    assert exposed_worth(stronger, 0, tokens, placed=True) == burgundy


def test_a_declined_province_next_to_a_strong_neighbour_is_exposed() -> None:
    s = burgundy_border(6)
    s = put(s, "saxony", 0, 1, declined=True)
    assert s.board.index["saxony"] in s.ruleset.reach(s, 1)
    assert declined_exposed_worth(s, 0) == 1
    assert declined_exposed_worth(put(s, "rhine", 1, 1), 0) == 0  # no tokens to attack with
