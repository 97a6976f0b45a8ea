"""The analysis of one's own game on the page (issue 31): what the AI's worker answers step
by step (vinci_core.table.aiworker) and what the page shows of it
(vinci_core.table.analysisview): the progress, the turning points' lines, a turning point
on the board with its legend, in every language."""

from __future__ import annotations

import json
from typing import Any

import pytest

import vinci_core as vc
from vinci_core.cli import main
from vinci_core.game.actions import Choose, Conquer, Decline, parse_action
from vinci_core.players.randomplay import play_random
from vinci_core.table.aiworker import (
    ANALYSE,
    analysis_request,
    analysis_step,
    decode_analysis,
    encode_analysis,
    read_analysis_answer,
    start_analysis,
)
from vinci_core.table.analysis import THRESHOLD, Analysis, Progress, analyse, finish
from vinci_core.table.analysisview import (
    default_seat,
    point_board,
    progress_view,
    result_view,
    seat_choices,
)
from vinci_core.table.playback import Replay
from vinci_core.table.save import encode_save
from vinci_core.table.session import Session
from vinci_core.text.i18n import LANGUAGES

SEED = 22  # a random hot-seat game of 325 moves (e2e/test_game_analysis.py plays it too)


@pytest.fixture(scope="module")
def game() -> Session:
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=SEED)
    return Session.from_save(vc.encode_save(play_random(cfg, seed=SEED).state))


@pytest.fixture(scope="module")
def analyses(game: Session) -> dict[int, Analysis]:
    state = game.state
    return {seat: finish(analyse(state.config, state.actions, seat)) for seat in (0, 1, 2)}


@pytest.fixture(scope="module")
def positions(game: Session) -> list[Any]:
    return Replay.of(game).positions


def _through_json(ask: dict[str, Any]) -> tuple[list[Progress], Analysis]:
    """The worker's side (ai.py's analyse): steps of one position each, every answer
    crossing as JSON text, read by the page."""
    wire = json.loads(json.dumps(ask))
    running = start_analysis(wire)
    seen: list[Progress] = []
    while True:
        answer = json.loads(json.dumps(analysis_step(running, wire["ticket"], lambda: False)))
        got = read_analysis_answer(ask, answer)
        if isinstance(got, Analysis):
            return seen, got
        assert isinstance(got, Progress)
        seen.append(got)


def test_the_worker_s_steps_give_the_analysis_cpython_gives(game, analyses):
    ask = analysis_request(game, 1, ticket=5)
    assert ask["what"] == ANALYSE and ask["seat"] == 1
    seen, result = _through_json(ask)
    assert result == analyses[1]
    assert seen[0] == Progress(0, result.decisions)
    assert [p.done for p in seen] == sorted(p.done for p in seen)  # the bar only moves on
    assert all(p.total == result.decisions for p in seen)


def test_an_answer_for_another_analysis_is_not_read(game):
    ask = analysis_request(game, 0, ticket=2)
    running = start_analysis(ask)
    answer = analysis_step(running, 2, lambda: False)
    assert read_analysis_answer(ask, answer) == Progress(0, answer["total"])
    assert read_analysis_answer({**ask, "ticket": 3}, answer) is None
    assert read_analysis_answer(ask, {**answer, "what": "hint"}) is None
    with pytest.raises(ValueError):
        start_analysis({**ask, "what": "move"})


def test_an_analysis_crosses_as_json_and_reads_the_same(analyses):
    for analysis in analyses.values():
        assert decode_analysis(json.loads(json.dumps(encode_analysis(analysis)))) == analysis


def test_the_default_seat_is_the_one_human_else_the_one_watched():
    solo = vc.GameConfig(seats=[vc.Seat(name="Bot", virtual=True), vc.Seat(name="Me"),
                                vc.Seat(name="Cy", virtual=True)], seed=1)
    assert default_seat(solo, watched=2) == 1
    hotseat = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=1)
    assert default_seat(hotseat, watched=2) == 2
    assert default_seat(hotseat, watched=None) == 0
    assert [c["name"] for c in seat_choices(hotseat)] == ["Ann", "Bo", "Cy"]


def test_the_progress_says_how_many_decisions_are_weighed():
    assert progress_view(Progress(12, 40)) == {"done": 12, "total": 40,
                                               "text": "Decision 12 of 40"}
    assert progress_view(Progress(0, 0))["text"] == "Starting the analysis…"
    assert progress_view(Progress(3, 9), "fr")["text"] == "Décision 3 sur 9"


def test_each_turning_point_is_a_line_with_its_round_kind_gain_and_reason(analyses,
                                                                          positions):
    analysis = analyses[1]
    view = result_view(analysis, positions)
    assert view["empty"] is None
    assert view["heading"] == (f"Bo: {len(analysis.points)} turning points "
                               f"({analysis.decisions} decisions weighed)")
    kinds = {"civilization": "civilization choice", "decline": "decline",
             "conquest": "conquest"}
    for line, point in zip(view["points"], analysis.points, strict=True):
        state = positions[point.index]
        assert line["index"] == point.index and line["round"] == state.round
        assert line["where"] == (f"Round {state.round} · {kinds[point.kind]} · "
                                 f"{point.gain:.0f} VP")
        assert "promised" in line["reason"] and point.gain >= THRESHOLD


def test_no_turning_point_is_said_plainly(analyses, positions):
    assert analyses[2].points == ()
    view = result_view(analyses[2], positions)
    assert view["points"] == []
    assert view["empty"] == "No decision of Cy cost 5 VP or more."
    assert result_view(analyses[2], positions, "de")["empty"] == \
        "Keine Entscheidung von Cy kostete 5 SP oder mehr."


def _first(analyses: dict[int, Analysis], kind: type) -> Any:
    return next(p for a in analyses.values() for p in a.points
                if isinstance(parse_action(p.better), kind))


def test_a_better_conquest_is_outlined_beside_the_move_played(analyses, positions):
    point = _first(analyses, Conquer)
    board = point_board(point, positions[point.index])
    assert board["better"] == {"provinces": [point.better["province"]], "slot": None}
    played = parse_action(point.played)
    assert board["played"]["provinces"] == (
        [played.province] if isinstance(played, Conquer) else [])
    keys = [line["key"] for line in board["legend"]]
    assert keys == ["played", "better", "reason"]
    better = board["legend"][1]["text"]
    assert better.startswith("The strong AI: conquers ") and "Bo " not in better


def test_a_better_civilization_marks_its_display_slot(analyses, positions):
    point = _first(analyses, Choose)
    board = point_board(point, positions[point.index])
    assert board["better"]["slot"] == point.better["slot"]
    assert board["played"]["slot"] == point.played["slot"]
    assert board["better"]["provinces"] == []


def test_a_better_decline_marks_the_empire_it_would_put_into_decline(analyses, positions):
    point = _first(analyses, Decline)
    state = positions[point.index]
    board = point_board(point, state)
    empire = {state.board.ids[p] for p in state.empire(state.current_player)}
    assert set(board["better"]["provinces"]) == empire and empire
    assert "into decline" in board["legend"][1]["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_everything_shown_is_worded_in_every_language(lang, analyses, positions):
    view = result_view(analyses[1], positions, lang)
    point = analyses[1].points[0]
    board = point_board(point, positions[point.index], lang)
    texts = [view["heading"], *[line["where"] for line in view["points"]],
             *[line["text"] for line in board["legend"]]]
    assert all(text and "{" not in text for text in texts)
    if lang != "en":
        assert not view["heading"].endswith("decisions weighed)")
        assert not board["legend"][0]["text"].startswith("Played:")


def test_the_command_line_frame_is_translated(game, tmp_path, capsys):
    import io

    save = tmp_path / "game.txt"
    save.write_text(encode_save(game.state), encoding="utf-8")
    out = io.StringIO()
    assert main(["analyse", str(save), "--seat", "2", "--lang", "fr"], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Bo : ") and "tournants à 5 PV ou plus" in lines[0]
    assert lines[1].lstrip().startswith("coup ")
    assert "décisions pesées" in lines[-1]


def test_doctests():
    import doctest

    from vinci_core.table import aiworker, analysisview

    for module in (aiworker, analysisview):
        assert doctest.testmod(module).failed == 0
