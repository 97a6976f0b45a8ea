"""Rulebook scenarios for C-9: the tile table and one effect test per tile kind."""

from __future__ import annotations

import pytest
from builders import (
    expect_illegal,
    finish_turn,
    give_civ,
    has_fort,
    is_declined,
    last_points,
    legal,
    options,
    owner,
    position,
    put,
    run,
    start_turn,
    tokens,
)

from vinci_core import (
    TILES,
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    Finish,
    Fort,
    GameState,
    Keep,
    Place,
)
from vinci_core.game.tiles import abilities, civ_tokens, is_decline_proof, kept_in_decline

TABLE = {  # id: (tokens, copies, decline-proof)
    "agriculture": (4, 2, False), "agriculture_dp": (3, 2, True),
    "livestock": (3, 2, False), "livestock_dp": (2, 2, True),
    "mining": (3, 2, False), "mining_dp": (2, 2, True),
    "ports": (4, 2, False), "ports_dp": (3, 2, True),
    "currency": (2, 2, False), "slavery": (4, 2, False), "ship_building": (4, 2, False),
    "espionage": (3, 2, False), "mountaineering": (4, 2, False), "militia": (4, 2, False),
    "weapons": (3, 2, False), "fortification": (4, 2, False), "field_general": (2, 2, False),
    "astronomy": (5, 2, False), "medicine": (4, 2, False), "messengers": (5, 2, False),
    "diplomacy": (5, 2, False), "barbarians": (6, 3, False), "specialization": (None, 1, None),
    "rebirth": (4, 2, False), "heritage": (5, 2, False), "revolutionaries": (5, 2, False),
}


def test_c9_table_matches_the_rules() -> None:
    """The 26 tile kinds with their token numbers, copies and decline-proof flags."""
    assert set(TILES) == set(TABLE)
    for tid, (n, copies, dp) in TABLE.items():
        tile = TILES[tid]
        assert (tile.tokens, tile.copies, tile.decline_proof) == (n, copies, dp), tid
    assert sum(c for _, c, _ in TABLE.values()) == 52


# --- helpers -----------------------------------------------------------------------------------


def turn(tiles: tuple[str, str], hand: int = 0, s: GameState | None = None,
         **provinces: object) -> GameState:
    """Seat 0's turn has begun with ``tiles``; ``provinces`` are ``put`` arguments (an int
    means that many tokens of seat 0)."""
    s = give_civ(position() if s is None else s, 0, tiles, hand=hand)
    for pid, spec in provinces.items():
        s = put(s, pid, 0, spec) if isinstance(spec, int) else put(s, pid, *spec)  # type: ignore[misc]
    return start_turn(s, 0)


def points(tiles: tuple[str, str], **provinces: object) -> int:
    return last_points(finish_turn(turn(tiles, **provinces)), 0)


def decline_points(tiles: tuple[str, str], **provinces: object) -> int:
    """VP of the decline turn of an empire with ``tiles`` on ``provinces``."""
    return last_points(turn(tiles, **provinces).apply(Decline()), 0)


# --- scoring tiles -----------------------------------------------------------------------------


def test_c9_agriculture_farmland_bonus_lost_in_decline() -> None:
    assert points(("agriculture", "barbarians"), aquitaine=1, burgundy=1) == 2 + 2
    assert decline_points(("agriculture", "barbarians"), aquitaine=1, burgundy=1) == 2


def test_c9_agriculture_dp_bonus_kept_in_decline() -> None:
    assert points(("agriculture_dp", "barbarians"), aquitaine=1, burgundy=1) == 2 + 2
    assert decline_points(("agriculture_dp", "barbarians"), aquitaine=1, burgundy=1) == 2 + 2


def test_c9_livestock_pasture_bonus_lost_in_decline() -> None:
    assert points(("livestock", "barbarians"), castile=1, portugal=1) == 2 + 1
    assert decline_points(("livestock", "barbarians"), castile=1, portugal=1) == 2


def test_c9_livestock_dp_bonus_kept_in_decline() -> None:
    assert decline_points(("livestock_dp", "barbarians"), castile=1, portugal=1) == 2 + 1


def test_c9_mining_two_per_mine_lost_in_decline() -> None:
    assert points(("mining", "barbarians"), burgundy=1, rhine=1) == 2 + 2
    assert decline_points(("mining", "barbarians"), burgundy=1, rhine=1) == 2


def test_c9_mining_dp_bonus_kept_in_decline() -> None:
    assert decline_points(("mining_dp", "barbarians"), burgundy=1, rhine=1) == 2 + 2


def test_c9_ports_port_bonus_lost_in_decline() -> None:
    assert points(("ports", "barbarians"), england=1, ireland=1) == 2 + 1
    assert decline_points(("ports", "barbarians"), england=1, ireland=1) == 2


def test_c9_ports_dp_bonus_kept_in_decline() -> None:
    assert decline_points(("ports_dp", "barbarians"), england=1, ireland=1) == 2 + 1


def test_c9_currency_one_per_province_mountains_too() -> None:
    assert points(("currency", "barbarians"), pyrenees=1, castile=1) == 1 + 2


def test_c9_slavery_one_vp_per_removed_token() -> None:
    s = turn(("slavery", "barbarians"), hand=10, castile=1, portugal=("neutral", 1),
             andalusia=("neutral", 2))
    s = finish_turn(run(s, Conquer("portugal"), Conquer("andalusia")))
    assert last_points(s, 0) == 3 + 2


# --- cost tiles --------------------------------------------------------------------------------


def test_c9_ship_building_minus_one_on_a_shared_sea() -> None:
    """-1 from England to Ireland (Atlantic); at entry, with Astronomy, also on Brittany
    whose seas connect to the edge-touching Atlantic (decision 5)."""
    s = turn(("ship_building", "barbarians"), hand=9, england=1, ireland=("neutral", 1))
    assert options(s)["ireland"] == 2
    s = turn(("ship_building", "astronomy"), hand=9, brittany=("neutral", 1))
    assert options(s)["brittany"] == 3 + 1 - 1


def test_c9_espionage_one_conquest_for_two() -> None:
    s = turn(("espionage", "barbarians"), hand=9, castile=1, andalusia=("neutral", 4))
    s = s.apply(Conquer("andalusia", True))
    assert tokens(s, "andalusia") == 2 and s.players[0].hand == 7
    expect_illegal(s, Conquer("portugal", True), "C-3.3.10")


def test_c9_mountaineering_cheaper_mountains_that_score() -> None:
    s = turn(("mountaineering", "barbarians"), hand=9, castile=1)
    assert options(s)["pyrenees"] == 2
    assert points(("mountaineering", "barbarians"), pyrenees=1) == 1


def test_c9_militia_defends_for_one_more() -> None:
    s = give_civ(position(), 1, ("militia", "barbarians"), hand=0)
    s = turn(("weapons", "barbarians"), hand=9, s=s, castile=1, portugal=(1, 2))
    assert options(s)["portugal"] == 2 + 2 + 1 - 1


def test_c9_weapons_minus_one_everywhere() -> None:
    s = turn(("weapons", "barbarians"), hand=9, castile=1, portugal=("neutral", 1))
    assert options(s) == {"portugal": 2, "pyrenees": 2, "andalusia": 2}


def test_c9_fortification_builds_a_fort_that_defends_and_attacks() -> None:
    s = turn(("fortification", "barbarians"), castile=2)
    s = run(s, Finish(), Fort("castile"))
    assert has_fort(s, "castile")
    s = start_turn(put(s, "portugal", "neutral", 1), 0)
    assert options(s)["portugal"] == 2 + 1 - 1  # the fort is an origin discount
    t = give_civ(s, 1, ("barbarians", "heritage"), hand=9)
    t = start_turn(put(t, "andalusia", 1, 1), 1)
    assert options(t)["castile"] == 2 + 1 + 1  # and a defender


def test_c9_field_general_seven_tokens_for_conquests_only() -> None:
    s = turn(("field_general", "barbarians"), castile=1)
    assert s.players[0].hand == 7
    s = run(s, Conquer("portugal"), Finish())
    assert s.players[0].hand == 1
    s = s.apply(Place("portugal"))
    assert owner(s, "castile") is None and tokens(s, "portugal") == 1


# --- movement and cohesion tiles ---------------------------------------------------------------


def test_c9_astronomy_sea_reach_entry_and_cohesion() -> None:
    s = turn(("astronomy", "barbarians"), hand=9, italy=1)
    assert "sicily" in options(s) and "crimea" not in options(s)
    s = s.apply(Conquer("sicily")).apply(Finish())
    assert s.phase == "reorganize"  # Italy and Sicily hold together across the sea
    fresh = turn(("astronomy", "barbarians"), hand=9)
    assert "italy" in options(fresh)


def test_c9_messengers_empire_need_not_be_connected() -> None:
    s = turn(("messengers", "barbarians"), saxony=1, castile=1).apply(Finish())
    assert s.phase != "keep"
    assert last_points(s, 0) == 2
    t = turn(("weapons", "barbarians"), saxony=1, castile=1).apply(Finish())
    assert t.phase == "keep" and set(legal(t)) == {Keep("castile"), Keep("saxony")}


def test_c9_revolutionaries_enter_anywhere() -> None:
    s = turn(("revolutionaries", "barbarians"), hand=9)
    assert "burgundy" in options(s) and "crimea" in options(s)
    plain = turn(("weapons", "barbarians"), hand=9)
    expect_illegal(plain, Conquer("burgundy"), "C-3.2.1")


# --- tokens and turn tiles ---------------------------------------------------------------------


def test_c9_medicine_one_more_token_each_turn() -> None:
    s = turn(("medicine", "barbarians"), castile=1)
    assert s.players[0].hand == 1


def test_c9_diplomacy_peace_with_one_player() -> None:
    s = give_civ(position(), 1, ("barbarians", "heritage"), hand=0)
    s = turn(("diplomacy", "barbarians"), hand=9, s=s, castile=1, portugal=(1, 1))
    s = s.apply(Diplomacy(1))
    expect_illegal(s, Conquer("portugal"), "C-3.3.9")
    expect_illegal(s, Diplomacy(2), "C-3.3.9")


def test_c9_barbarians_six_tokens_and_nothing_else() -> None:
    """Barbarians only bring tokens: no cost, reach or scoring change."""
    assert civ_tokens(("barbarians", "heritage")) == 11
    assert abilities(("barbarians", "currency")) == {"barbarians": 1, "currency": 1}
    s = turn(("barbarians", "barbarians"), hand=9, castile=1, portugal=("neutral", 1))
    assert options(s) == {"portugal": 3, "pyrenees": 3, "andalusia": 3}
    assert points(("barbarians", "barbarians"), pyrenees=1, castile=1) == 1


def test_c9_specialization_second_copy_of_the_other_tile() -> None:
    """Tokens: the other tile's + 1; doubles Weapons; decline-proof as the other tile."""
    assert civ_tokens(("weapons", "specialization")) == 3 + 4
    assert abilities(("weapons", "specialization")) == {"weapons": 2}
    assert is_decline_proof(("ports_dp", "specialization"), "specialization")
    assert not is_decline_proof(("ports", "specialization"), "specialization")
    assert kept_in_decline(("ports_dp", "specialization")) == ("ports_dp", "specialization")
    assert decline_points(("ports_dp", "specialization"), england=1, ireland=1) == 2 + 2


def test_c9_rebirth_declines_at_the_end_of_the_turn() -> None:
    s = turn(("rebirth", "barbarians"), castile=2).apply(Finish())
    assert s.phase == "end_of_turn"
    s = s.apply(Decline())
    assert is_declined(s, "castile") and s.phase == "choose" and s.current_player == 0
    assert last_points(s, 0) == 1
    assert "rebirth" in s.bag
    assert s.apply(Choose(1)).turn_seat == 1


def test_c9_heritage_contact_with_declined_empire_allowed() -> None:
    s = turn(("heritage", "barbarians"), hand=9, castile=1, pyrenees=(0, 1, True))
    s = s.apply(Conquer("andalusia"))  # Andalusia borders the declined Pyrenees
    assert owner(s, "pyrenees") == 0 and is_declined(s, "pyrenees")
    t = turn(("weapons", "barbarians"), hand=9, castile=1, pyrenees=(0, 1, True))
    assert owner(t.apply(Conquer("andalusia")), "pyrenees") is None


@pytest.mark.parametrize("tid", sorted(TABLE))
def test_c9_every_tile_has_rules_and_summary(tid: str) -> None:
    assert TILES[tid].rules and TILES[tid].summary
