"""R-12.1: players may agree anything; agreements are public and bind nobody (Q-65). The
engine promises what that leaves to it: no move makes or enforces an agreement, every move
is one of the rules, and nothing passes between players by consent (Q-27)."""

from __future__ import annotations

import dataclasses

from renaissance_core.game import actions
from renaissance_core.game.actions import ACTION_TYPES

# The moves by which something changes hands between players, each forced by a rule's effect
# and never by consent: Written Records' exchange (R-8.19) and a War's hand-over (R-14.11).
RULE_TRANSFERS = {"exchange", "choose_province"}


def test_r12_1_every_move_is_a_move_of_the_rules_and_none_is_a_deal():
    for name, cls in ACTION_TYPES.items():
        doc = cls.__doc__ or ""
        assert "R-" in doc or name == "done", f"{name} names no rule"
        words = name.split("_")
        assert not {"offer", "accept", "agree", "deal", "give", "trade", "promise",
                    "pay"} & set(words), f"{name} looks like an agreement"
    every_move = {cls for cls in vars(actions).values() if dataclasses.is_dataclass(cls)}
    assert every_move == set(ACTION_TYPES.values())  # no move lives outside that list


def test_r12_1_no_move_names_another_player_to_receive_something():
    # A move carries at most: a seat acting in a sealed step (its own), a victim of an event
    # (who loses, never gains), and the transfers the rules force.
    for name, cls in ACTION_TYPES.items():
        fields = {f.name for f in dataclasses.fields(cls)}
        assert not {"to", "recipient", "partner", "ducats_to"} & fields, name
        if name in RULE_TRANSFERS:
            assert fields <= {"card", "area"}  # the rule, not the move, says who receives
