"""Rulebook scenarios for C-6: the end of the game."""

from __future__ import annotations

import pytest
from builders import give_civ, position, put, set_score, start_turn

from vinci_core import (
    Choose,
    Decline,
    Finish,
    GameConfig,
    GameState,
    PlaceAll,
    Seat,
    decode_save,
    digest,
    encode_save,
)
from vinci_core.players.randomplay import play_random
from vinci_core.table.view import snapshot

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


def decliner(score: int, **config: object) -> GameState:
    """Seat 0 (start player) holds two farmlands worth 2 VP when it declines now."""
    s = position(seats=3, **config)
    s = give_civ(s, 0, ("barbarians", "heritage"), hand=0)
    s = put(put(s, "aquitaine", 0, 1), "burgundy", 0, 1)
    for seat in (1, 2):
        s = put(give_civ(s, seat, ("barbarians", "heritage"), hand=0), HOMES[seat], seat, 1)
    s = set_score(s, 0, score)
    s.start = 0
    return start_turn(s, 0)


def test_c6_2_a_decline_scoring_triggers_the_end_even_if_a_slot_is_bought_after() -> None:
    """D-6: seat 0 reaches 150 at its decline's scoring and pays 4 VP for slot III at once.
    The end is triggered all the same: seats 1 and 2 play, then the game is over."""
    s = decliner(148).apply(Decline())
    assert s.players[0].score == 150 and s.ending and s.ended_by == (2, 0)
    s = s.apply(Choose(3))
    assert s.players[0].score == 146 and s.ending
    assert snapshot(s)["target_reached_by"] == {"round": 2, "seat": 0}
    s = play_turns(s, 2)
    assert s.is_terminal
    assert s.scores == [146, 11, 11] and s.winners == [0]


def test_c6_2_a_rebirth_decline_scoring_triggers_the_end() -> None:
    s = decliner(148)
    s = give_civ(s, 0, ("rebirth", "barbarians"), hand=0)
    s = start_turn(s, 0).apply(Finish())
    s = s.apply(PlaceAll.of({"aquitaine": 1, "burgundy": 1})) if s.phase == "reorganize" else s
    s = s.apply(Decline())
    assert s.players[0].score == 150 and s.ending
    s = play_turns(s.apply(Choose(2)), 2)
    assert s.is_terminal and s.scores[0] == 148


def test_c6_2_the_trigger_is_kept_by_a_save() -> None:
    """The moment of the trigger is part of the position: a save replays it and checks it."""
    game = play_random(GameConfig(seats=[Seat(name=n) for n in "ABC"], map="mini", seed=3))
    state = game.state
    assert state.ended_by is not None
    back = decode_save(encode_save(state))
    assert back.ended_by == state.ended_by
    changed = state.clone()
    changed.ended_by = None
    assert digest(changed) != digest(state)


def test_c6_2_rules_1_compared_the_scores_at_the_end_of_the_turn() -> None:
    """Games begun under the first rules go on as they were played: there the end was
    missed when the slot took the score back below the target."""
    s = decliner(148, rules_version=1).apply(Decline()).apply(Choose(3))
    assert s.players[0].score == 146 and not s.ending
    s = play_turns(s, 2)
    assert not s.is_terminal
