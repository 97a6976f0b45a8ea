"""One number for each thing (issue 29, items 4 and 5).

C-2.5, C-2.6, Y-2.5: the tokens a civilization of the display gives are its tiles' numbers
plus the chooser's extra tokens, from one function (``turn.choose.tokens_received``) that
``Choose`` itself uses and the display, the strong AI's hint and the guided game read. The
guided game's texts say only numbers of the position on screen: the display's tokens and
slot price, the targets' costs, the hand.
"""

from __future__ import annotations

import re

import pytest
from test_guide_script import human_steps

from vinci_core import GameConfig, Seat
from vinci_core.game.actions import Choose, parse_action
from vinci_core.players.ai import hint
from vinci_core.players.randomplay import play_random
from vinci_core.players.virtual import VirtualPlayer, solo
from vinci_core.table import guide
from vinci_core.table.presenter import reason_text, targets
from vinci_core.table.view import snapshot as view
from vinci_core.turn.choose import tokens_received
from vinci_core.turn.state import GameState, new_game

CONFIGS = [
    {"seats": [Seat(name=n) for n in "ABCD"], "seed": 3},
    {"seats": [Seat(name=n) for n in "ABC"], "seed": 4, "ruleset": "online"},
    {"seats": [Seat(name=n) for n in "AB"], "seed": 5, "ruleset": "online",
     "map": "mare_nostrum"},
]


def _choose_positions(options: dict[str, object]) -> list[GameState]:
    config = GameConfig.model_validate(options)
    state = new_game(config)
    out = []
    for action in play_random(config, seed=1).actions:
        if state.phase == "choose":
            out.append(state)
        state = state.apply(action)
    return out


@pytest.mark.parametrize("options", CONFIGS, ids=["classic", "online", "online-mare"])
def test_c2_5_the_display_shows_the_hand_choose_gives(options: dict[str, object]) -> None:
    positions = _choose_positions(options)
    assert positions
    for state in positions:
        seat = state.current_player
        shown = {slot["slot"]: slot["tokens"] for slot in view(state)["display"]}
        for action in state.legal_actions():
            assert isinstance(action, Choose)
            after = state.apply(action)
            assert shown[action.slot] == after.players[seat].hand \
                == tokens_received(state, seat, action.slot)


def test_c2_5_virtual_seats_extra_tokens_are_in_their_count() -> None:
    """V-2: harder virtual players get other extra tokens; the count is the chooser's."""
    config = solo("Ann", VirtualPlayer.hard(), seed=2)
    extras = set()
    for state in _choose_positions(config.model_dump()):
        seat = state.current_player
        first = view(state)["display"][0]["tokens"]
        assert first == state.apply(Choose(1)).players[seat].hand
        extras.add(state.rules.extra[seat])
    assert len(extras) == 2


def test_c2_5_the_hint_names_the_tokens_the_display_shows() -> None:
    state = new_game(GameConfig(seats=[Seat(name=n) for n in "ABCD"], seed=7))
    while state.phase != "choose":
        state = state.apply(state.legal_actions()[0])
    decision = hint(state)
    assert isinstance(decision.action, Choose)
    shown = view(state)["display"][decision.action.slot - 1]["tokens"]
    assert f"{shown} tokens" in reason_text(state, decision, "en")


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def test_guide_every_number_is_on_screen() -> None:
    """Each guide step's numbers are numbers of the screen beside it: slot numbers, the
    display's tokens and prices, a target's cost and its terms, the hand, the tokens on the
    board, the score the scripted move brings and its terms, the empire's size."""
    steps = human_steps("en")
    assert steps
    for state, step in steps:
        v = view(state)
        seat = guide.HUMAN
        hand = state.players[seat].hand
        screen = {hand, len(state.empire(seat)), len(guide.GUIDE_SCRIPT)}
        for slot in v["display"]:
            screen |= {slot["slot"], slot["tokens"], slot["cost"]}
        screen.add(state.ruleset.slot_price)
        for entry in targets(state).values():
            if "cost" in entry:
                screen |= {entry["cost"], hand - entry["cost"]}
                screen |= {abs(t["value"]) for t in entry.get("terms", [])}
        screen |= set(state.tokens)
        if step.expected is not None and step.key in ("reorganize", "decline"):
            after = state.apply(parse_action(step.expected))
            screen.add(after.players[seat].score - state.players[seat].score)
            if after.last_score:
                screen |= {abs(points) for _label, points, _rule in after.last_score[1]}
            screen |= set(step.expected.get("placement", {}).values())
        assert _numbers(step.text) <= screen, (step.key, step.text, sorted(screen))
        if step.key == "choose":
            slot = step.expected["slot"]
            shown = v["display"][slot - 1]["tokens"]
            assert f"brings {shown} tokens" in step.text
            if state.players[seat].declined_civ is None and len(v["display"]) > 1:
                assert f"costs {v['display'][1]['cost']} VP per slot" in step.text
        if step.key in ("enter", "conquer"):
            cost = targets(state)[step.expected["province"]]["cost"]
            assert f"It costs {cost} token" in step.text
