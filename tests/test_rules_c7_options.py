"""Rulebook scenarios for C-7: the edition options, each value, and their recording."""

from __future__ import annotations

from collections import Counter

import pytest
from builders import expect_illegal, give_civ, options, owner, position, put, start_turn, tokens
from pydantic import ValidationError

from vinci_core import (
    Choose,
    Conquer,
    Finish,
    GameConfig,
    GameState,
    PlaceAll,
    Seat,
    decode_save,
    encode_save,
    new_game,
)


def config(**opts: object) -> GameConfig:
    return GameConfig.model_validate({"seats": [Seat(name=n) for n in "ABC"], "map": "mini",
                                      "seed": 4, **opts})


def contact(**opts: object) -> GameState:
    """Seat 0: active Saxony and Rhineland, declined Brittany next to empty Burgundy."""
    s = give_civ(position(**opts), 0, ("barbarians", "weapons"), hand=10)
    s = put(put(put(s, "saxony", 0, 1), "rhine", 0, 1), "brittany", 0, 1, declined=True)
    return start_turn(s, 0)


def test_c7_decline_contact_clear_is_the_default() -> None:
    """Default "clear": the conquest is allowed and empties the declined neighbour."""
    assert config().decline_contact == "clear"
    s = contact().apply(Conquer("burgundy"))
    assert owner(s, "brittany") is None


def test_c7_decline_contact_forbid() -> None:
    """"forbid": the same conquest is refused and the declined empire is untouched."""
    s = contact(decline_contact="forbid")
    assert "burgundy" not in options(s)
    expect_illegal(s, Conquer("burgundy"), "C-3.3.8")
    with pytest.raises(ValidationError):
        config(decline_contact="ignore")


def raid(**opts: object) -> GameState:
    s = give_civ(position(**opts), 2, ("barbarians", "heritage"), hand=0)
    s = put(put(s, "burgundy", 2, 3), "rhine", 2, 1)
    s = give_civ(s, 0, ("barbarians", "weapons"), hand=10)
    s = start_turn(put(s, "brittany", 0, 1), 0).apply(Conquer("burgundy")).apply(Finish())
    return s.apply(PlaceAll.of({"brittany": 1, "burgundy": s.players[0].hand - 1}))


def test_c7_defender_redistribution_choose_is_the_default() -> None:
    assert config().defender_redistribution == "choose"
    s = raid()
    assert (s.phase, s.current_player, s.players[2].returned) == ("redistribute", 2, 2)


def test_c7_defender_redistribution_auto() -> None:
    s = raid(defender_redistribution="auto")
    assert s.phase == "choose" and s.turn_seat == 1
    assert s.players[2].returned == 0
    assert tokens(s, "rhine") == 1 + 2


def test_c7_target_vp_by_player_count_or_any_positive_integer() -> None:
    assert config().target() == 150
    assert config(target_vp=7).target() == 7
    assert new_game(config(target_vp=7)).rules.target == 7
    for bad in (0, -5):
        with pytest.raises(ValidationError):
            config(target_vp=bad)


def test_c7_target_vp_ends_the_game() -> None:
    """With a target of 12, a player reaching 12 VP ends the game after the round."""
    s = position(target_vp=12)
    for seat, home in enumerate(("ireland", "saxony", "crimea")):
        s = give_civ(s, seat, ("barbarians", "heritage"), hand=0)
        s = put(s, home, seat, 1)
    s.players[0].score = 11
    s = start_turn(s, 0)
    for _ in range(3):
        s = s.apply(Finish())
    assert s.is_terminal and s.scores == [12, 11, 11]


def test_c7_tile_counts_designer() -> None:
    """Designer counts: 3 Barbarians and 1 Specialization, 52 tiles."""
    s = new_game(config())
    tiles = Counter(s.bag) + Counter(t for a, b, _ in s.display for t in (a, b))
    assert tiles["barbarians"] == 3 and tiles["specialization"] == 1
    assert sum(tiles.values()) == 52


def test_c7_tile_counts_printed() -> None:
    """Printed counts: 2 Barbarians and 2 Specializations, still 52 tiles."""
    s = new_game(config(tile_counts="printed"))
    tiles = Counter(s.bag) + Counter(t for a, b, _ in s.display for t in (a, b))
    assert tiles["barbarians"] == 2 and tiles["specialization"] == 2
    assert sum(tiles.values()) == 52


def test_c7_options_are_recorded_in_the_config_and_the_save() -> None:
    cfg = config(decline_contact="forbid", defender_redistribution="auto", target_vp=77,
                 tile_counts="printed")
    s = new_game(cfg).apply(Choose(1))
    back = decode_save(encode_save(s))
    assert back.config == cfg
    assert back.config.model_dump()["decline_contact"] == "forbid"
    assert (back.rules.clear_contact, back.rules.auto_redistribution,
            back.rules.target) == (False, True, 77)
