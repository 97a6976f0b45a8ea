"""Rulebook scenarios for C-3.5 (defender redistribution) and C-3.6 (scoring)."""

from __future__ import annotations

import pytest
from builders import (
    expect_illegal,
    finish_turn,
    give_civ,
    last_points,
    owner,
    position,
    put,
    run,
    start_turn,
    tokens,
)

from vinci_core import Conquer, Finish, GameState, Place, PlaceAll

# --- C-3.5 -------------------------------------------------------------------------------------


def raid(virtual: tuple[int, ...] = (), only_burgundy: bool = False,
         **options: object) -> GameState:
    """Seat 2 holds Burgundy (4 tokens), Rhineland (1) and the Alps (1); seat 0 takes
    Burgundy from Brittany and ends its turn (seat 1, next, has no civilization yet)."""
    s = give_civ(position(virtual=virtual, **options), 2, ("barbarians", "heritage"), hand=0)
    s = put(s, "burgundy", 2, 4)
    if not only_burgundy:
        s = put(put(s, "rhine", 2, 1), "alps", 2, 1)
    s = give_civ(s, 0, ("barbarians", "weapons"), hand=10)
    s = start_turn(put(s, "brittany", 0, 1), 0)
    return finish_turn(s.apply(Conquer("burgundy")))


def test_c3_5_1_defender_places_returned_tokens_freely() -> None:
    """The three returned tokens go where the defender wants among its own provinces."""
    s = raid()
    assert (s.phase, s.current_player, s.players[2].returned) == ("redistribute", 2, 3)
    assert s.legal_actions() == [Place("alps"), Place("rhine")]
    expect_illegal(s, Place("burgundy"), "C-3.5.1")
    expect_illegal(s, PlaceAll.of({"alps": 2}), "C-3.5.1")
    expect_illegal(s, PlaceAll.of({"brittany": 3}), "C-3.5.1")
    s = s.apply(PlaceAll.of({"alps": 3}))
    assert (tokens(s, "alps"), tokens(s, "rhine")) == (4, 1)
    assert s.players[2].returned == 0 and s.turn_seat == 1


def test_c3_5_1_defender_without_province_keeps_tokens_in_hand() -> None:
    """A defender whose last province fell keeps the returned tokens in hand (C-5.5) and
    must enter with them on its next turn."""
    s = raid(only_burgundy=True)
    assert s.phase == "choose" and s.turn_seat == 1
    assert s.players[2].hand == 3 and s.players[2].returned == 0
    s = start_turn(s, 2)
    assert s.players[2].hand == 3
    expect_illegal(s, Finish(), "C-3.1.2")
    assert s.apply(Conquer("saxony")).players[2].hand == 3 - 2


def test_c3_5_2_default_is_choose() -> None:
    assert position().config.defender_redistribution == "choose"
    assert raid().phase == "redistribute"


def test_c3_5_2_auto_places_on_the_weakest_provinces() -> None:
    """With "auto" the tokens go one by one to the province cheapest to attack: Rhineland
    (3 < 4), then at a tie of 4 the more valuable Rhineland, then the Alps (4 < 5)."""
    s = raid(defender_redistribution="auto")
    assert s.phase == "choose" and s.turn_seat == 1
    assert (tokens(s, "rhine"), tokens(s, "alps")) == (3, 2)
    assert s.players[2].returned == 0


def test_c3_5_2_virtual_defender_always_places_automatically() -> None:
    s = raid(virtual=(2,))
    assert s.phase == "choose" and s.turn_seat == 1
    assert s.players[2].returned == 0
    assert tokens(s, "rhine") + tokens(s, "alps") == 2 + 3


# --- C-3.6 -------------------------------------------------------------------------------------


def turn_score(tiles: tuple[str, str], declined: dict[str, int] | None = None,
               kept: tuple[str, ...] = (), **provinces: int) -> int:
    """VP of a turn without conquests for an empire of ``provinces``."""
    s = position()
    s = give_civ(s, 0, tiles, hand=0, declined=("barbarians", "heritage") if declined else None,
                 kept=kept)
    for pid in declined or {}:
        s = put(s, pid, 0, 1, declined=True)
    for pid, n in provinces.items():
        s = put(s, pid, 0, n)
    return last_points(finish_turn(start_turn(s, 0)), 0)


def test_c3_6_1_one_vp_per_province_of_both_empires_mountains_zero() -> None:
    """Castile, Pyrenees and Andalusia active (2 VP: the mountain scores nothing), Ireland
    and England declined (2 VP)."""
    assert turn_score(("barbarians", "heritage"), castile=1, pyrenees=1, andalusia=1,
                      declined={"ireland": 1, "england": 1}) == 4


@pytest.mark.parametrize(("tiles", "provinces", "points"), [
    (("agriculture", "barbarians"), {"aquitaine": 1, "burgundy": 1, "brittany": 1}, 3 + 2),
    (("livestock", "barbarians"), {"castile": 1, "portugal": 1}, 2 + 1),
    (("mining", "barbarians"), {"burgundy": 1, "alps": 1, "rhine": 1}, 2 + 2 * 2),
    (("ports", "barbarians"), {"england": 1, "ireland": 1}, 2 + 1),
    (("currency", "barbarians"), {"castile": 1, "pyrenees": 1}, 1 + 2),
    (("mountaineering", "barbarians"), {"castile": 1, "pyrenees": 1}, 1 + 1),
])
def test_c3_6_2_tile_bonuses(tiles: tuple[str, str], provinces: dict[str, int],
                             points: int) -> None:
    """Agriculture per farmland, Livestock per pasture, Mining 2 per mine (mountain too),
    Ports per port, Currency per province (a mountain then scores 1), Mountaineering per
    mountain."""
    assert turn_score(tiles, **provinces) == points


def test_c3_6_2_slavery_counts_removed_enemy_and_neutral_tokens() -> None:
    """Slavery: +1 per token removed from the game this turn: a neutral token, one of the
    3 tokens of an active enemy (the others are returned), an enemy's declined token; not
    the player's own declined token, not the fort."""
    s = give_civ(position(), 1, ("barbarians", "heritage"), hand=0)
    s = put(put(s, "aquitaine", 1, 3, fort=True), "burgundy", 1, 1, declined=True)
    s = put(put(s, "pyrenees", 0, 1, declined=True), "castile", "neutral", 1)
    s = give_civ(s, 0, ("slavery", "barbarians"), hand=30)
    s = start_turn(put(s, "andalusia", 0, 1), 0)
    s = run(s, Conquer("castile"), Conquer("pyrenees"), Conquer("aquitaine"),
            Conquer("burgundy"))
    assert s.slaves == 3
    s = finish_turn(s)
    assert last_points(s, 0) == 4 + 3  # Andalusia, Castile, Aquitaine, Burgundy (not Pyrenees)


def test_c3_6_3_decline_proof_bonus_counts_for_the_declined_empire() -> None:
    """Declined Aquitaine and Burgundy (farmland) with decline-proof Agriculture kept: 4 VP;
    without a kept tile: 2 VP. Active Castile adds 1."""
    assert turn_score(("barbarians", "heritage"), castile=1,
                      declined={"aquitaine": 1, "burgundy": 1},
                      kept=("agriculture_dp",)) == 1 + 2 + 2
    assert turn_score(("barbarians", "heritage"), castile=1,
                      declined={"aquitaine": 1, "burgundy": 1}) == 1 + 2


def test_c3_6_scoring_happens_every_turn() -> None:
    """Each ended turn adds that turn's points to the score."""
    s = give_civ(position(), 0, ("barbarians", "heritage"), hand=0)
    s = finish_turn(start_turn(put(put(s, "castile", 0, 2), "portugal", 0, 1), 0))
    assert s.players[0].score == 12
    assert (2, 0, 2) in s.history
    assert owner(s, "castile") == 0
