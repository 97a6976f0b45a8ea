"""Scoring (C-3.6): the end of a turn's points, by the ruleset's terms."""

from __future__ import annotations

from ..game.actions import EndTurn
from ..text.i18n import N_
from .common import need_phase
from .data import State
from .end import check_target
from .redistribute import after_turn


def score(state: State, seat: int) -> None:
    """Add this turn's points (the ruleset's ``score_terms``) and log the scoring."""
    terms = tuple(state.ruleset.score_terms(state, seat))
    points = sum(t[1] for t in terms)
    state.players[seat].score += points
    state.score_log = (state.score_log, (state.round, seat, points))
    state.scorings += 1
    state.last_score = (seat, terms)
    if state.rules.end_at_any_scoring:
        check_target(state, seat)  # D-6: at this scoring, whatever comes after it


def do_end_turn(state: State, action: EndTurn) -> None:
    need_phase(state, "end_of_turn", rule="C-3.6", what=N_("ending the turn"))
    score(state, state.turn_seat)
    after_turn(state)
