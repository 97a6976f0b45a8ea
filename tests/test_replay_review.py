"""Replay (positions kept along the way, stepping by action, turn and round, playing on from
any point) and the end-of-game review's figures, checked against the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from builders import give_civ, position, put, start_turn

import vinci_core as vc
from vinci_core.game.actions import parse_action
from vinci_core.players.randomplay import play_random
from vinci_core.table.playback import Replay
from vinci_core.table.review import review
from vinci_core.table.save import config_from_record
from vinci_core.table.session import Session

GOLDEN = Path(__file__).parent / "golden"
# What a replay's view leaves out or sets itself: a replayed position is looked at, not played.
PLAY_ONLY = {"targets", "prompt", "controls", "editor", "can_undo", "log_rows", "replay"}


def _finished(seed: int = 4, seats: int = 4, board: str = "europe") -> Session:
    cfg = vc.GameConfig(seats=[vc.Seat(name=f"P{i}") for i in range(seats)], seed=seed,
                        map=board)
    return Session.from_save(vc.encode_save(play_random(cfg, seed=seed).state))


@pytest.fixture(scope="module")
def game() -> tuple[Session, Replay]:
    session = _finished()
    return session, Replay.of(session)


def test_every_position_is_the_engine_replay_of_the_log_up_to_it(game) -> None:
    session, r = game
    actions = session.state.actions
    assert r.last == len(actions)
    for i in (0, 1, 57, r.last // 2, r.last):
        assert vc.digest(r.positions[i]) == vc.digest(vc.replay(session.state.config,
                                                                actions[:i]))
    assert r.view(r.last)["digest"] == vc.digest(session.state)
    assert r.view(r.last)["log"] == session.log[-300:]


@pytest.mark.parametrize("name", ["europe-4p-default", "europe-6p-default",
                                  "mini-4p-virtual-seats"])
def test_a_seek_anywhere_shows_the_engine_replay_of_the_log_up_to_there(name: str) -> None:
    """Jumps to random points of a golden game, in random order: each position is the
    engine's replay of the log up to it, and the replay's view of it is what the game
    stopped there shows (board, players, display, chart, digest), less what playing needs."""
    data = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    cfg = config_from_record(data["config"], data["board_fingerprint"])
    actions = [parse_action(a) for a in data["actions"]]
    r = Replay(cfg, actions)
    points = [r.last, 0, *random.Random(name).sample(range(1, r.last), 10)]
    for i in points:
        engine = vc.replay(cfg, actions[:i])
        seen = r.view(i)
        assert seen["digest"] == vc.digest(engine) == vc.digest(r.positions[i]), (name, i)
        played = r.session_at(i).view(log_from=r.entry_end[i])
        assert {k: v for k, v in seen.items() if k not in PLAY_ONLY} == \
            {k: v for k, v in played.items() if k not in PLAY_ONLY}, (name, i)
        assert seen["targets"] == {} and seen["editor"] is None
        assert not any(seen["controls"].values())


def test_stepping_by_action_turn_and_round_there_and_back(game) -> None:
    _, r = game
    assert r.step(0, "action", -1) == 0 and r.step(r.last, "action", +1) == r.last
    assert r.step(10, "action", +1) == 11 and r.step(10, "action", -1) == 9
    i = 0
    seen = [0]
    while i < r.last:  # forward by turn visits every turn start, one turn at a time
        i = r.step(i, "turn", +1)
        seen.append(i)
    assert seen == r.turn_starts
    for a, b in zip(seen, seen[1:], strict=False):
        turn = {(s.round, s.turn_seat) for s in r.positions[a:b]}
        assert len(turn) == 1  # one turn in between
    back = [r.last]
    while back[-1] > 0:
        back.append(r.step(back[-1], "turn", -1))
    assert back[::-1] == seen
    # Back by a turn from inside a turn goes to that turn's start.
    start = r.turn_starts[6]
    assert r.step(start + 1, "turn", -1) == start
    # Rounds: each stop is where the round number changes.
    stops = [0]
    while stops[-1] < r.last:
        stops.append(r.step(stops[-1], "round", +1))
    assert all(r.positions[k].round == r.positions[k - 1].round + 1 for k in stops[1:-1])
    assert r.positions[stops[-2]].round == r.positions[-1].round
    with pytest.raises(ValueError):
        r.step(0, "game", +1)


def test_replay_view_shows_the_position_and_highlights_its_step(game) -> None:
    session, r = game
    v = r.view(200)
    assert v["digest"] == vc.digest(r.positions[200])
    assert v["replay"]["current"] == v["log"][-1]
    rows = v["log_rows"][:v["replay"]["rows"]]  # the rows shown end on the current line
    assert rows[-1]["text"] == v["replay"]["current"]
    assert [row["text"] for row in rows if row["kind"] not in ("round", "turn")] == \
        [e["text"] for e in r.entries[:r.entry_end[200]]]
    assert v["moves"] == r.entry_end[200]
    assert v["targets"] == {}
    assert r.view(0)["replay"]["current"] is None
    assert "Move 200 of" in v["replay"]["label"]
    assert v["rounds"] == r.rounds[:len(v["rounds"])]


def test_play_on_from_a_point_is_a_new_game_and_the_replayed_one_is_untouched(game) -> None:
    session, r = game
    saved = session.save()
    branch = r.play_on(120)
    assert branch.game_id != session.game_id
    assert vc.digest(branch.state) == vc.digest(r.positions[120])
    branch.act(branch.state.legal_actions()[0])
    assert branch.state.ply == 121
    assert vc.digest(r.positions[120]) == vc.digest(vc.replay(session.state.config,
                                                              session.state.actions[:120]))
    assert session.save() == saved
    again = Session.from_save(branch.save())
    assert again.game_id == branch.game_id and again.log == branch.log


# --- the review --------------------------------------------------------------------------------

def test_review_civilizations_add_up_to_the_scorings(game) -> None:
    session, r = game
    rv = review(r)
    state = session.state
    assert [x["seat"] for x in rv["ranking"]] == sorted(
        range(4), key=lambda s: (-state.scores[s], (s - state.start) % 4))
    for player in rv["players"]:
        seat = player["seat"]
        earned = sum(points for _, s, points in state.history if s == seat)
        assert sum(c["vp"] for c in player["civs"]) == earned
        chosen = sum(a.kind == "choose" and r.positions[i].current_player == seat
                     for i, a in enumerate(r.actions))
        assert len(player["civs"]) == chosen
        for c in player["civs"]:
            assert c["first_round"] <= c["last_round"] and c["peak"] >= 0
    best = max(points for _, _, points in state.history)
    assert rv["biggest_turn"]["vp"] == best
    counts: dict[str, int] = {}
    for a in r.actions:
        if a.kind == "conquer":
            counts[a.province] = counts.get(a.province, 0) + 1  # type: ignore[attr-defined]
    assert rv["contested"]["conquests"] == max(counts.values())
    assert counts[rv["contested"]["province"]] == max(counts.values())
    assert rv["rounds"] == session.rounds


def test_review_peak_provinces_and_vp_of_one_civilization() -> None:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = put(s, "portugal", 0, 2)
    s.round = 2  # round 1 scores nothing
    s = start_turn(s, 0)
    session = Session(s)
    # A hand-built position has no log to replay: replay the actions from it instead.
    r = Replay.__new__(Replay)
    states = [s]
    actions = []
    for a in ({"kind": "conquer", "province": "castile"},
              {"kind": "conquer", "province": "andalusia"}, {"kind": "finish"}):
        action = vc.parse_action(a)
        actions.append(action)
        states.append(states[-1].apply(action))
    while states[-1].scorings == s.scorings:  # reorganize; the turn then scores
        action = states[-1].legal_actions()[0]
        actions.append(action)
        states.append(states[-1].apply(action))
    r.positions, r.actions, r.rounds = states, actions, session.rounds
    rv = review(r)
    [civ] = rv["players"][0]["civs"]  # chosen before this stretch: counted from its start
    assert (civ["name"], civ["peak"], civ["declined"]) == ("Weapons + Mining", 3, False)
    points = states[-1].players[0].score - states[0].players[0].score
    assert rv["biggest_turn"]["vp"] == points == 3  # C-3.6.1: three provinces, no mine
    assert rv["contested"]["name"] in ("Castile", "Andalusia")


def test_each_replayed_move_has_its_sentence_and_province(game) -> None:
    """Issue 29: the bar says the replayed move, and the ring goes on its province, not on
    the game's last move."""
    session, replay = game
    assert replay.move(0) == {"text": "", "province": None}
    conquests = [i for i, a in enumerate(replay.actions, 1) if a.kind == "conquer"]
    assert conquests
    i = conquests[len(conquests) // 2]
    move = replay.move(i)
    assert move["province"] == replay.actions[i - 1].province  # type: ignore[attr-defined]
    assert move["text"] == replay.texts[replay.entry_end[i - 1]]
    view = replay.view(i)
    assert view["replay"]["move"] == move["text"] and view["replay"]["province"] == \
        move["province"]
    assert not view["virtual_to_act"] or view["controls"]["hint"] is False
    assert view["prompt"].endswith(move["text"])  # a phone says it above the board
