"""The strong AI plays classic games exactly as it did before it learnt the online ruleset
(issue 31): a few classic games with strong seats, played from their seeds, end in the same
position, and every strong decision gives the same reason, as recorded on main before the
change. A change that alters a classic decision changes one of these digests: they were
recorded again when the strong AI learnt to play against the leader (issue 31: the rollouts
and the turn planner weigh the best opponent's prospects, and a larger rollout budget), a
change meant to alter its choices, again when a civilization's entry got a wider beam
(issue 31, ``ENTRY_BEAM``), and again when its turn plans were judged by the opponents'
answer (issue 31, ``ANSWER_PLANS``)."""

from __future__ import annotations

import hashlib

import pytest

from vinci_core import GameConfig, Seat, digest, new_game
from vinci_core.players.ai import StrongPlayer
from vinci_core.players.levels import player_for_seat

QUICK = StrongPlayer(rollouts=1, horizon=1, beam=2, choices=2)

# (seats, seed, board, strong seats, budget) -> (final digest, digest of the strong reasons)
GAMES = [
    (4, 5, "europe", (1,), "default", ("fdfcf2b4a09ebdb5", "530cb582da0a2911")),
    (4, 12, "europe", (0, 2), "default", ("f07f019cce70e9c4", "63cf055e8ec40440")),
    (3, 3, "europe", (0, 1, 2), "default", ("324ff59cc04adc53", "dec40dba9481eeff")),
    (5, 8, "europe", (4,), "default", ("c3d7dcf06bc0d03e", "53ebf923695907fe")),
    (6, 21, "europe", (0, 3), "default", ("71afb10c3f3901af", "eca399b235f6cc47")),
    (3, 2, "mini", (0, 1, 2), "quick", ("59d5aeb241de978d", "91db7e82590b54e7")),
    (4, 40, "mini", (1, 3), "quick", ("ef6f3f330bdd609d", "a7cbbff8fd30298b")),
]


def play(seats: int, seed: int, board: str, strong: tuple[int, ...],
         budget: str) -> tuple[str, str]:
    """Play the game to its end: the final digest and a digest of every strong reason."""
    config = GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                    ai_level="strong" if i in strong else "book")
                               for i in range(seats)], seed=seed, map=board)
    player = StrongPlayer() if budget == "default" else QUICK
    state = new_game(config)
    reasons = hashlib.sha256()
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat in strong:
            decision = player.decide(state)
            reasons.update(decision.reason.encode() + b"\n")
            action = decision.action
        else:
            action = player_for_seat(config, seat).act(state)
        state = state.apply(action)
    return digest(state), reasons.hexdigest()[:16]


@pytest.mark.parametrize(("seats", "seed", "board", "strong", "budget", "expected"), GAMES)
def test_classic_strong_games_play_as_before(seats: int, seed: int, board: str,
                                             strong: tuple[int, ...], budget: str,
                                             expected: tuple[str, str]) -> None:
    assert play(seats, seed, board, strong, budget) == expected
