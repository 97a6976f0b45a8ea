"""Rulebook scenarios for C-6: the end of the game."""

from __future__ import annotations

import pytest
from builders import give_civ, position, put, set_score, start_turn

from vinci_core import Finish, GameConfig, GameState, Seat

HOMES = ("ireland", "saxony", "crimea", "italy", "sicily", "castile")


def table(seats: int = 3, start: int = 0, scores: tuple[int, ...] = (),
          **options: object) -> GameState:
    """Every seat holds one province; each turn scores exactly 1 VP. It is ``start``'s
    turn and ``start`` is the start player."""
    s = position(seats=seats, **options)
    for seat in range(seats):
        s = give_civ(s, seat, ("barbarians", "heritage"), hand=0)
        s = put(s, HOMES[seat], seat, 1)
        s = set_score(s, seat, scores[seat] if scores else 10)
    s.start = start
    return start_turn(s, start)


def play_turns(s: GameState, n: int) -> GameState:
    for _ in range(n):
        assert not s.is_terminal
        s = s.apply(Finish())
    return s


@pytest.mark.parametrize(("seats", "target"), [(3, 150), (4, 120), (5, 100), (6, 100)])
def test_c6_1_target_by_player_count(seats: int, target: int) -> None:
    cfg = GameConfig(seats=[Seat(name=f"P{i}") for i in range(seats)], map="mini")
    assert cfg.target() == target


def test_c6_1_solo_two_player_and_own_target() -> None:
    assert GameConfig.solo(map="mini").target() == 150
    assert GameConfig.two_player(map="mini").target() == 150
    cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], map="mini", target_vp=42)
    assert cfg.target() == 42


def test_c6_2_round_is_played_out_after_the_target_is_reached() -> None:
    """Seat 0 (start player) reaches 150 on its turn: seats 1 and 2 still play, then the
    game ends and seat 0 wins alone."""
    s = table(scores=(149, 140, 148))
    s = play_turns(s, 1)
    assert s.players[0].score == 150 and s.ending and not s.is_terminal
    s = play_turns(s, 2)
    assert s.is_terminal and s.current_player is None
    assert s.scores == [150, 141, 149]
    assert s.winners == [0]
    assert s.returns() == [1.0, 0.0, 0.0]
    assert s.legal_actions() == []


def test_c6_2_last_turn_is_the_one_before_the_start_player() -> None:
    """Start player 1. Seat 2 reaches the target in the second round: seat 0, sitting
    just before the start player, still plays; then the game ends, with a shared win."""
    s = table(start=1, scores=(148, 100, 148))
    s = play_turns(s, 3)  # seats 1, 2, 0: 101, 149, 149
    assert not s.ending and s.turn_seat == 1
    s = play_turns(s, 2)  # seats 1, 2: seat 2 reaches 150
    assert s.ending and s.turn_seat == 0 and not s.is_terminal
    s = play_turns(s, 1)  # seat 0 reaches 150 too
    assert s.is_terminal
    assert s.scores == [150, 102, 150]
    assert s.winners == [0, 2]


def test_c6_2_equal_highest_scores_share_the_victory() -> None:
    s = play_turns(table(scores=(149, 120, 149)), 3)
    assert s.is_terminal
    assert s.winners == [0, 2]
    assert s.returns() == [0.5, 0.0, 0.5]


def test_c6_2_no_winner_before_the_end() -> None:
    s = table(scores=(149, 120, 149))
    assert s.winners == [] and s.returns() == [0.0, 0.0, 0.0]
