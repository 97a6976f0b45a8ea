"""The page's session: undo limits, move log, view model, loading saves."""

from __future__ import annotations

import random

import pytest
from builders import give_civ, position, put, start_turn

import vinci_core as vc
from vinci_core.session import Session


def _cfg(seed: int = 1, seats: int = 3) -> vc.GameConfig:
    return vc.GameConfig(seats=[vc.Seat(name=f"P{i}") for i in range(seats)], seed=seed,
                         map="mini")


def test_undo_goes_back_over_own_conquests_within_the_turn() -> None:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = put(s, "portugal", 0, 1)
    s = start_turn(s, 0)
    session = Session(s)
    before = vc.digest(session.state)
    session.act({"kind": "conquer", "province": "castile"})
    session.act({"kind": "conquer", "province": "andalusia"})
    assert session.can_undo
    assert session.undo() and session.undo()
    assert vc.digest(session.state) == before
    assert session.log == []
    assert not session.undo()


def test_undo_never_crosses_a_random_draw() -> None:
    """Choosing a civilization draws a new pair into the display: no way back."""
    session = Session.new(_cfg())
    session.act({"kind": "choose", "slot": 1})
    assert not session.can_undo


def test_undo_is_not_offered_to_the_next_player() -> None:
    rnd = random.Random(3)
    session = Session.new(_cfg(seed=3))
    while session.state.round < 3:
        seat = session.state.current_player
        session.act(rnd.choice(session.state.legal_actions()))
        if session.state.current_player != seat:
            assert not session.can_undo


def test_move_log_and_scores_are_rebuilt_from_a_save() -> None:
    rnd = random.Random(5)
    session = Session.new(_cfg(seed=5, seats=4))
    for _ in range(400):
        if session.state.is_terminal:
            break
        session.act(rnd.choice(session.state.legal_actions()))
    again = Session.from_save(session.save())
    assert again.log == session.log
    assert vc.digest(again.state) == vc.digest(session.state)
    assert any("scores" in line for line in session.log)


def test_illegal_click_changes_nothing() -> None:
    session = Session.new(_cfg())
    before = vc.digest(session.state)
    with pytest.raises(vc.IllegalAction):
        session.act({"kind": "conquer", "province": "castile"})
    with pytest.raises(vc.ActionError):
        session.act({"kind": "teleport"})
    assert vc.digest(session.state) == before and session.log == []


def test_view_lists_targets_with_cost_terms_and_controls() -> None:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = put(s, "andalusia", "neutral", 2)
    s = start_turn(s, 0)
    view = Session(s).view()
    assert view["phase"] == "expand"
    target = view["targets"]["andalusia"]
    assert target["cost"] == 4  # C-4: forest 3 + 2 neutral tokens − Weapons 1
    assert [t["rule"] for t in target["terms"]] == ["C-4", "C-4", "C-4"]
    assert view["controls"]["finish"] is False  # C-3.1.2: must enter first
    assert view["controls"]["decline"] is True
    assert view["digest"] == vc.digest(s)
    assert "enter the board" in view["prompt"]
