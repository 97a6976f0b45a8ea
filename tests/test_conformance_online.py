"""Random conformance of the online ruleset (Y): random legal actions over 2–5 seats on
every shipped board that has online extra tokens (Y-7.6) and on the test board ``delta``
(deserts and rivers), with invariants checked after every action:

- the classic ones: token ledger of each active civilization (received − lost = board +
  hand + displaced − mercenaries), one token per native province, at least one in every
  owned province, tiles conserved between bag, display and the players' civilizations;
- the online ones: the game ends after exactly the round limit (Y-6.1); every conquest
  costs at least 1 (Y-4); no native ever stands on a mountain, desert or river (Y-1.3);
  no fort on a river (Y-7.3); displaced tokens are always redistributed automatically
  (Y-3.6: no player is ever asked to place them).
"""

from __future__ import annotations

from collections import Counter

import pytest

from boardgame_core import conformance
from vinci_core import GAME, GameConfig, GameState, Seat
from vinci_core.boards.maps import load_map, shipped_maps
from vinci_core.game.actions import Action
from vinci_core.game.position import NEUTRAL
from vinci_core.players.randomplay import play_random
from vinci_core.rulesets.online import ROUNDS
from vinci_core.turn.conquer import conquests

ONLINE_MAPS = [name for name in shipped_maps() if load_map(name).data.online_extra_tokens]
GAMES_PER_CASE = 8


def test_every_shipped_online_board_is_covered() -> None:
    assert "europe" in ONLINE_MAPS


def check_step(before: GameState, action: Action, after: GameState) -> None:
    board = after.board
    terrain = board.terrain
    for p, (o, n) in enumerate(zip(after.owner, after.tokens, strict=True)):
        if o == NEUTRAL:
            assert n == 1 and terrain[p] not in ("mountain", "desert", "river"), board.ids[p]
        if after.fort[p]:
            assert terrain[p] != "river"
        if o >= 0 and after.declined[p]:
            assert n >= 1
    assert after.phase != "redistribute"  # Y-3.6.1: nobody places displaced tokens
    assert after.round <= after.rules.rounds
    for seat, player in enumerate(after.players):
        if player.civ is not None:
            on_board = sum(n for n, o, d in zip(after.tokens, after.owner, after.declined,
                                                strict=True) if o == seat and not d)
            assert on_board + player.hand + player.returned - player.temp \
                == player.received - player.lost, (seat, action)
    held: Counter[str] = Counter(after.bag)
    for a, b, _ in after.display:
        held.update((a, b))
    for player in after.players:
        held.update(player.civ or ())
        held.update(player.declined_kept)
    expected = Counter(after.ruleset.bag("designer", after.rules.seats))
    assert held == expected, action
    if after.phase == "expand":
        assert all(c >= 1 for c in conquests(after, after.turn_seat).values())  # Y-4


@pytest.mark.parametrize("board", [*ONLINE_MAPS, "delta"])
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_online_games_keep_every_invariant(board: str, seats: int) -> None:
    for g in range(GAMES_PER_CASE):
        cfg = GameConfig(seats=[Seat(name=f"P{i}", virtual=(g == 2 and i % 2 == 1))
                                for i in range(seats)],
                         seed=100 * seats + g, map=board, ruleset="online")
        game = play_random(cfg, seed=g, check=check_step)
        state = game.state
        assert state.is_terminal
        assert state.round == ROUNDS[seats]  # Y-6.1
        assert state.turn_seat == (state.start - 1) % seats


@pytest.mark.parametrize("board", [*ONLINE_MAPS, "delta"])
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_virtual_players_finish_online_games(board: str, seats: int) -> None:
    """V-3 … V-8 in online games: every seat virtual, the same invariants at every step."""
    from vinci_core import play_game

    for g in range(2):
        cfg = GameConfig(seats=[Seat(name=f"V{i}", virtual=True) for i in range(seats)],
                         seed=7 * seats + g, map=board, ruleset="online")
        state = play_game(cfg, on_action=check_step)
        assert state.is_terminal and state.round == ROUNDS[seats]


@pytest.mark.parametrize("board, seats", [("delta", 3), pytest.param(
    "europe", 5, marks=pytest.mark.slow), pytest.param("delta", 2, marks=pytest.mark.slow)])
def test_online_games_pass_the_conformance_suite(board: str, seats: int) -> None:
    cfg = GameConfig(seats=[Seat(name=f"P{i}", virtual=i == 1) for i in range(seats)],
                     seed=31 * seats, map=board, ruleset="online")
    assert conformance.check_game(GAME, [cfg], seeds=[seats], every=3) > 100
