"""Issue 30: the AI thinks in a worker. What the worker computes (vinci_core.table.aiworker,
run by web/worker/ai.py) is the move the page would make itself: for many positions of
games with book and strong seats, classic and online, the worker's answer applied on a
page's session gives the same action, the same log line and its reason as
Session.play_ai, and its hint is Session.hint's; an answer for another position or a
dropped request is never played."""

from __future__ import annotations

import doctest
import json
import random

import pytest

import vinci_core as vc
from vinci_core.table import aiworker
from vinci_core.table.aiworker import HINT, MOVE, Positions, play_answer, request, think
from vinci_core.table.session import Session


def _session(ruleset: str = "classic", board: str = "europe", seed: int = 3) -> Session:
    levels = ("strong", "book", "strong") if ruleset == "classic" else ("strong", "book")
    seats = [vc.Seat(name="Me")] + [vc.Seat(name=f"AI{i}", virtual=True, ai_level=level)
                                    for i, level in enumerate(levels)]
    return Session.new(vc.GameConfig(seats=seats, seed=seed, ruleset=ruleset, map=board))


def _worker_round_trip(ask: dict) -> dict:
    """The request and the answer cross as JSON text, as between the page and the worker."""
    return json.loads(aiworker.answer_json(json.dumps(ask), Positions()))


def _play(page: Session, twin: Session, rnd: random.Random, positions: Positions,
          actions: int) -> tuple[int, int]:
    """Play ``page`` with the worker's answers and ``twin`` with Session's own AI, side by
    side; the human's moves are random. Returns (AI moves compared, hints compared)."""
    moves = hints = ticket = 0
    while not page.state.is_terminal and len(page.state.actions) < actions:
        ticket += 1
        state = page.state
        seat = state.current_player
        assert seat is not None
        if state.config.seats[seat].virtual:
            ask = request(page, MOVE, ticket)
            answer = json.loads(json.dumps(aiworker.finish(think(ask, positions))))
            assert play_answer(page, ask, answer)
            assert twin.play_ai()
            assert page.log[-1] == twin.log[-1]  # the same move, said with the same reason
            assert page.entries[-1] == twin.entries[-1]
            moves += 1
        else:
            if ticket % 4 == 0:
                ask = request(page, HINT, ticket)
                answer = aiworker.finish(think(ask, positions))
                assert aiworker.hint_answer(page, ask, answer) == twin.hint()
                hints += 1
            action = rnd.choice(state.legal_actions())
            page.act(action)
            twin.act(action)
        assert page.state.actions == twin.state.actions
    return moves, hints


@pytest.mark.parametrize(("ruleset", "board", "seed"), [
    ("classic", "europe", 3), ("classic", "europe", 11), ("online", "mare_nostrum", 5)])
def test_the_worker_makes_the_move_the_page_makes(ruleset, board, seed):
    page, twin = _session(ruleset, board, seed), _session(ruleset, board, seed)
    moves, hints = _play(page, twin, random.Random(seed), Positions(), actions=160)
    assert moves >= 40 and hints >= 5
    assert vc.digest(page.state) == vc.digest(twin.state)


def test_the_answer_crosses_as_json_and_reads_the_same():
    page = _session(seed=3)
    assert page.state.config.seats[page.state.current_player].virtual
    ask = request(page, MOVE, 7)
    answer = _worker_round_trip(ask)
    assert answer["ticket"] == 7 and answer["what"] == MOVE
    assert answer["digest"] == vc.digest(page.state)
    decision = aiworker.decision_of(page.state, answer)
    assert aiworker.decode_message(aiworker.encode_message(decision.message)) == \
        decision.message


def test_a_stale_answer_is_never_played():
    page = _session(seed=3)
    ask = request(page, MOVE, 1)
    answer = _worker_round_trip(ask)
    assert not play_answer(page, {**ask, "ticket": 2}, answer)  # a newer request was made
    assert not play_answer(page, ask, {**answer, "digest": "0" * 16})  # another position
    assert page.state.actions == []
    assert play_answer(page, ask, answer)
    assert not play_answer(page, ask, answer)  # played once: the game moved on
    assert len(page.state.actions) == 1


def test_a_hint_is_not_a_move_and_a_move_is_not_a_hint():
    page = _session(seed=3)
    ask = request(page, MOVE, 1)
    answer = _worker_round_trip(ask)
    assert aiworker.hint_answer(page, ask, answer) is None
    assert not play_answer(page, ask, {**answer, "what": HINT})


def test_positions_replays_only_the_new_moves_and_knows_another_game():
    page = _session(seed=3)
    positions = Positions()
    for _ in range(30):
        page.play_ai() or page.act(page.state.legal_actions()[0])
        state = positions.of(page.save())
        assert vc.digest(state) == vc.digest(page.state)
    other = _session(seed=4)
    assert vc.digest(positions.of(other.save())) == vc.digest(other.state)
    assert vc.digest(positions.of(page.save())) == vc.digest(page.state)


def test_a_request_for_a_seat_not_to_act_is_refused():
    page = _session(seed=3)
    ask = request(page, MOVE, 1)
    with pytest.raises(ValueError):
        aiworker.finish(think({**ask, "seat": (ask["seat"] + 1) % 4}, Positions()))
    with pytest.raises(ValueError):
        aiworker.finish(think({**ask, "what": "dance"}, Positions()))


def test_doctests():
    assert doctest.testmod(aiworker).failed == 0
