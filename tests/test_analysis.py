"""Analysis of one's own game (issue 31): the strong AI weighs a seat's decisions on its own
yardstick and lists the turning points (vinci_core.table.analysis)."""

from __future__ import annotations

from typing import Any

import pytest

from vinci_core import GameConfig, Seat, new_game
from vinci_core.cli import main
from vinci_core.game.actions import Action, Choose, Decline
from vinci_core.players.ai import StrongPlayer
from vinci_core.players.levels import player_for_seat
from vinci_core.players.reasons import word
from vinci_core.table.analysis import (
    CIVILIZATION,
    DECLINE,
    THRESHOLD,
    Progress,
    analyse,
    analyse_save,
    finish,
)
from vinci_core.table.save import encode_save

STRONG_SEAT = 0
PLAYED = 160  # moves of the game played for the tests: several turns of every seat


def _config() -> GameConfig:
    return GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                  ai_level="strong" if i == STRONG_SEAT else "book")
                             for i in range(4)], seed=11)


def _play(actions: list[Action], moves: int) -> Any:
    """The game of the strong seat against book players, ``moves`` long, starting with
    ``actions`` (forced) and played on by the seats' players."""
    cfg = _config()
    players: list[Any] = [StrongPlayer() if i == STRONG_SEAT else player_for_seat(cfg, i)
                          for i in range(4)]
    state = new_game(cfg)
    for action in actions:
        state = state.apply(action)
    while len(state.actions) < moves and not state.is_terminal:
        state = state.apply(players[state.current_player].act(state))
    return state


@pytest.fixture(scope="module")
def strong_game() -> Any:
    return _play([], PLAYED)


@pytest.fixture(scope="module")
def fresh_empire_declined(strong_game: Any) -> tuple[Any, int]:
    """The strong seat's game, but at its second turn it declines its fresh empire."""
    state = new_game(strong_game.config)
    turns = 0
    for index, action in enumerate(strong_game.actions):
        if (state.current_player == STRONG_SEAT and state.phase == "expand"
                and Decline() in state.legal_actions() and state.empire(STRONG_SEAT)):
            turns += 1
            if turns == 1:
                assert action != Decline()  # the AI kept its fresh empire
                return _play([*strong_game.actions[:index], Decline()], index + 1), index
        state = state.apply(action)
    raise AssertionError("no second turn with an empire in the game")


def test_declining_a_fresh_empire_is_a_turning_point(fresh_empire_declined):
    game, index = fresh_empire_declined
    result = finish(analyse(game.config, game.actions, STRONG_SEAT))
    point = next(p for p in result.points if p.index == index)
    assert point.kind == DECLINE
    assert point.played == {"kind": "decline"}
    assert point.better["kind"] in ("conquer", "finish")  # playing on
    assert point.gain >= THRESHOLD


def test_paying_the_dearest_slot_for_a_worse_civilization_is_a_turning_point():
    """C-2: the first player could take Medicine + Currency free (slot 1); paying 5 VP for
    slot 6 is a worse choice by the AI's rollouts, and slot 1 is shown as the better."""
    cfg = _config()
    start = new_game(cfg)
    assert start.current_player == STRONG_SEAT
    assert start.display[0][:2] == ("medicine", "currency")
    result = finish(analyse(cfg, [Choose(6)], STRONG_SEAT))
    (point,) = result.points
    assert (point.index, point.kind) == (0, CIVILIZATION)
    assert point.played == {"kind": "choose", "slot": 6}
    assert point.better == {"kind": "choose", "slot": 1}
    assert point.gain >= THRESHOLD
    assert word(point.reason, start).startswith("Took Mining")


def test_c5_3_a_rebirth_decline_missed_at_the_end_of_a_turn_is_weighed():
    """C-5.3: with Rebirth the decline is declared at the end of the turn; a book seat
    that ends its turns instead is told when declining then promised more."""
    from vinci_core.game.actions import EndTurn
    from vinci_core.players.virtual import play_game

    cfg = GameConfig(seats=[Seat(name=f"B{i}", virtual=True) for i in range(4)], seed=3)
    game = play_game(cfg)
    result = finish(analyse(game.config, game.actions, 0))
    rebirth = [p for p in result.points if p.kind == DECLINE
               and p.played == EndTurn().to_dict()]
    assert rebirth, "seed 3's first seat plays on with Rebirth in hand"
    assert all(p.better == {"kind": "decline"} and p.gain >= THRESHOLD for p in rebirth)
    assert word(rebirth[0].reason, game).startswith("Ended the turn; declining with Rebirth")


def test_the_reason_is_worded_in_every_language(fresh_empire_declined):
    game, index = fresh_empire_declined
    result = finish(analyse(game.config, game.actions, STRONG_SEAT))
    point = next(p for p in result.points if p.index == index)
    english = word(point.reason, game)
    assert english.startswith("Declined the empire")
    for lang in ("fr", "de", "nl"):
        text = word(point.reason, game, lang)
        assert text != english and "{" not in text, (lang, text)
        assert str(int(point.gain + 0.5)) in text or str(int(point.gain)) in text


def test_the_strong_ai_own_game_has_no_turning_point_for_its_seat(strong_game):
    """Its own choices are the yardstick: the same search with the same randomness gives
    the same move (measured: no decision of its seat differs, at any threshold)."""
    result = finish(analyse(strong_game.config, strong_game.actions, STRONG_SEAT,
                            threshold=0.01))
    assert result.decisions > 10
    assert result.points == ()


def test_every_better_move_is_legal_where_it_is_shown(strong_game):
    """A book seat's turning points: the replay can play each better move at its index."""
    from vinci_core.game.actions import parse_action

    result = finish(analyse(strong_game.config, strong_game.actions, 1))
    assert result.points
    for point in result.points:
        state = new_game(strong_game.config)
        for action in strong_game.actions[:point.index]:
            state = state.apply(action)
        assert state.current_player == 1
        assert parse_action(point.better) in state.legal_actions()
        assert parse_action(point.played) == strong_game.actions[point.index]


def test_progress_counts_decisions_and_stopping_cancels(strong_game):
    analysing = analyse(strong_game.config, strong_game.actions, 1)
    seen: list[Progress] = []
    while True:
        try:
            seen.append(next(analysing))
        except StopIteration as done:
            result = done.value
            break
    assert seen[0] == Progress(0, result.decisions)
    assert seen[-1] == Progress(result.decisions, result.decisions)
    assert all(a.done <= b.done for a, b in zip(seen, seen[1:], strict=False))
    assert len(seen) == result.positions + 2  # a slice after every position searched
    cancelled = analyse(strong_game.config, strong_game.actions, 1)
    for _ in range(5):
        next(cancelled)
    cancelled.close()  # the page cancels by no longer asking for slices
    with pytest.raises(StopIteration):
        next(cancelled)


def test_the_same_save_gives_the_same_analysis(fresh_empire_declined):
    game, _index = fresh_empire_declined
    text = encode_save(game)
    first = finish(analyse_save(text, STRONG_SEAT))
    again = finish(analyse_save(text, STRONG_SEAT))
    assert first == again
    assert first == finish(analyse(game.config, game.actions, STRONG_SEAT))


def test_the_command_line_prints_the_turning_points(fresh_empire_declined, tmp_path):
    import io

    game, index = fresh_empire_declined
    save = tmp_path / "game.txt"
    save.write_text(encode_save(game), encoding="utf-8")
    out = io.StringIO()
    assert main(["analyse", str(save), "--seat", str(STRONG_SEAT + 1)], out) == 0
    text = out.getvalue()
    assert f"move {index}: decline" in text
    assert "Declined the empire" in text


def _reason_templates() -> list[str]:
    """Every reason template of the analysis (the first argument of its ``say`` calls)."""
    import ast
    import inspect

    from vinci_core.table import analysis

    tree = ast.parse(inspect.getsource(analysis))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say":
            first = node.args[0]
            assert isinstance(first, ast.Constant), "a template the catalogues can extract"
            found.append(first.value)
    return found


@pytest.mark.parametrize("lang", ["fr", "de", "nl"])
def test_every_reason_has_a_translation_with_the_same_values(lang):
    import re

    from vinci_core.text.i18n import translations

    templates = _reason_templates()
    assert len(templates) == 8
    catalogue = translations(lang)
    for template in templates:
        text = catalogue.gettext(template)
        assert text != template, (lang, template)
        assert sorted(re.findall(r"\{\w+\}", text)) == sorted(
            re.findall(r"\{\w+\}", template)), (lang, template, text)


def test_doctests():
    import doctest

    from vinci_core.table import analysis

    assert doctest.testmod(analysis).failed == 0
