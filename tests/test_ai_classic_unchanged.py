"""The strong AI plays classic games exactly as it did before it learnt the online ruleset
(issue 31): a few classic games with strong seats, played from their seeds, end in the same
position, and every strong decision gives the same reason, as recorded on main before the
change. A change that alters a classic decision changes one of these digests."""

from __future__ import annotations

import hashlib

import pytest

from vinci_core import GameConfig, Seat, digest, new_game
from vinci_core.players.ai import StrongPlayer
from vinci_core.players.levels import player_for_seat

QUICK = StrongPlayer(rollouts=1, horizon=1, beam=2, choices=2)

# (seats, seed, board, strong seats, budget) -> (final digest, digest of the strong reasons)
GAMES = [
    (4, 5, "europe", (1,), "default", ("d523b5fd9041a827", "49790019604fdc6a")),
    (4, 12, "europe", (0, 2), "default", ("62716c3c0ef9de85", "0ba3cca08484381c")),
    (3, 3, "europe", (0, 1, 2), "default", ("ca8a9af32d09e574", "fb3139a72b11ab1e")),
    (5, 8, "europe", (4,), "default", ("a4702e02c02526a3", "63abaca41bd7aee8")),
    (6, 21, "europe", (0, 3), "default", ("7714eb9af5be028e", "d26ee5952e3e4375")),
    (3, 2, "mini", (0, 1, 2), "quick", ("3f260b7e68e172c0", "0b31d12f44dd82e2")),
    (4, 40, "mini", (1, 3), "quick", ("224cb01ca97630dd", "f45c7adc6a1974a5")),
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
