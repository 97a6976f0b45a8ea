"""Whole games played by virtual players (V-1 … V-8): they end, and replay exactly.

500 all-virtual 4-seat games (seeds 0–499) on the Europe board when its map file is in the
package, and always a smaller run on the mini test board, plus solo and two-player games
whose human seats are also played by the book (so cohesion, C-3.4, is exercised too).
"""

from __future__ import annotations

import io
from importlib import resources

import pytest

from vinci_core import (
    Abandon,
    GameConfig,
    Seat,
    decode_save,
    digest,
    encode_save,
    new_game,
)
from vinci_core.cli import main
from vinci_core.players.virtual import VirtualPlayer, play_game, solo, two_player

EUROPE_GAMES = 500
MINI_GAMES = 100
CHUNK = 50


def europe_present() -> bool:
    return resources.files("vinci_core").joinpath("data/maps/europe.json").is_file()


def all_virtual(seed: int, board: str) -> GameConfig:
    return GameConfig(seats=[Seat(name=f"Virtual {i + 1}", virtual=True) for i in range(4)],
                      seed=seed, map=board)


def check_game(cfg: GameConfig) -> None:
    state = play_game(cfg)
    assert state.is_terminal
    assert max(state.scores) >= cfg.target()
    assert sum(state.returns()) == pytest.approx(1.0)
    assert not any(isinstance(a, Abandon) for a in state.actions)  # V-4
    again = decode_save(encode_save(state))  # replays the whole log
    assert digest(again) == digest(state)


@pytest.mark.parametrize("start", range(0, MINI_GAMES, CHUNK))
def test_all_virtual_games_mini(start: int) -> None:
    for seed in range(start, start + CHUNK):
        check_game(all_virtual(seed, "mini"))


@pytest.mark.skipif(not europe_present(), reason="the Europe map file is not in the package yet")
@pytest.mark.parametrize("start", [pytest.param(s, marks=pytest.mark.slow) if s else s
                                   for s in range(0, EUROPE_GAMES, CHUNK)])  # first chunk quick
def test_all_virtual_games_europe(start: int) -> None:
    for seed in range(start, start + CHUNK):
        check_game(all_virtual(seed, "europe"))


def mode_config(i: int) -> GameConfig:
    player = VirtualPlayer(preference="formula" if i % 2 else "value",
                           tiebreak_prefers_humans=i % 3 == 0)
    if i % 4 == 3:
        player = VirtualPlayer.hard(player.preference, player.tiebreak_prefers_humans)
    options: dict[str, object] = {
        "seed": 7_000 + i, "map": "mini",
        "decline_contact": "forbid" if i % 5 == 1 else "clear",
        "defender_redistribution": "auto" if i % 3 == 2 else "choose",
    }
    if i % 2:
        return solo("Ann", player, **options)
    return two_player("Ann", "Bo", player, **options)


@pytest.mark.parametrize("i", range(24))
def test_v1_solo_and_two_player_games_by_the_book(i: int) -> None:
    check_game(mode_config(i))


def test_a_resumed_game_plays_on_the_same_way() -> None:
    cfg = mode_config(3)  # formula, hard virtual seats: options come from the config
    straight = play_game(cfg)
    state = new_game(cfg)
    for action in straight.actions[: len(straight.actions) // 2]:
        state = state.apply(action)
    resumed = play_game(decode_save(encode_save(state)))
    assert digest(resumed) == digest(straight)


def test_a_virtual_seat_in_a_six_seat_game() -> None:
    seats = [Seat(name=f"P{i}", virtual=i == 4) for i in range(6)]
    check_game(GameConfig(seats=seats, seed=11, map="mini"))


# --- command line -------------------------------------------------------------------------



def run_cli(*args: str) -> str:
    out = io.StringIO()
    assert main(["play", *args], out=out) == 0
    return out.getvalue()


def test_cli_prints_a_turn_log_and_the_ranking() -> None:
    from pathlib import Path

    mini = str(Path(__file__).parent / "maps" / "mini.json")
    text = run_cli("--seats", "virtual,virtual,virtual:formula,virtual:hard", "--seed", "7",
                   "--map", mini)
    assert "Round 1 · Virtual 1" in text and "takes " in text and "from slot I " in text
    assert "Round 2 · " in text and ("enters at" in text) and "reorganizes:" in text
    assert "scores " in text and "Final ranking" in text and "(winner)" in text
    assert text.count("\n  1. ") == 1


def test_cli_summary_of_many_games() -> None:
    from pathlib import Path

    mini = str(Path(__file__).parent / "maps" / "mini.json")
    text = run_cli("--games", "6", "--seed", "3", "--map", mini)
    assert text.startswith("6 games on mini, seeds 3–8")
    assert text.count("win share") == 4 and "mean rounds" in text
    assert "mean share-link length" in text


def test_cli_refuses_human_seats(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--seats", "human,virtual,virtual,virtual", "--map", "mini"])
    assert exc.value.code == 2
    assert "human seats cannot be played" in capsys.readouterr().err
