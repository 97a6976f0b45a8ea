"""The online tiles (ONLINE.md Y-9): one effect test for each new tile and each changed one.

Board: tests/maps/delta.json (see test_rules_y_online.py for its layout).
"""

from __future__ import annotations

import pytest
from builders import (
    expect_illegal,
    finish_turn,
    give_civ,
    is_declined,
    last_points,
    options,
    owner,
    position,
    put,
    start_turn,
    tokens,
)

from vinci_core import (
    Abandon,
    Conquer,
    Decline,
    Diplomacy,
    Finish,
    GameConfig,
    Seat,
    new_game,
)
from vinci_core.game.tiles import ONLINE_TILES


def online(seats: int = 3):  # type: ignore[no-untyped-def]
    return position(seats=seats, map="delta", ruleset="online")


def test_y9_0_thirty_five_kinds_one_copy_each_no_specialization() -> None:
    assert len(ONLINE_TILES) == 35
    assert all(t.copies == 1 for t in ONLINE_TILES.values())
    assert "specialization" not in ONLINE_TILES


def test_y9_5_currency_counts_mountains_and_deserts_not_rivers() -> None:
    s = give_civ(online(), 0, ("currency", "barbarians"), hand=0)
    for pid in ("mount", "desert", "nile", "farm"):
        s = put(s, pid, 0, 1)
    s = finish_turn(start_turn(s, 0))
    assert last_points(s, 0) == 1 + 3  # Farm 1; Currency on Mount, Desert, Farm


def test_y9_8_mercenaries_need_an_own_token_and_are_used_up() -> None:
    s = give_civ(online(), 0, ("mercenaries", "barbarians"), hand=1)
    s = put(s, "dunes", 0, 1)
    s = start_turn(s, 0)
    assert (s.players[0].hand, s.players[0].temp) == (8, 7)
    s = s.apply(Conquer("forest"))  # cost 3: one own token and two mercenaries
    assert tokens(s, "forest") == 1
    assert (s.players[0].hand, s.players[0].temp) == (5, 5)
    expect_illegal(s, Conquer("peak"), "Y-9.8")  # no own token left
    s = s.apply(Finish())
    assert s.players[0].temp == 0  # unused mercenaries are dropped


def test_y9_9_fortifications_fort_every_province_but_rivers_and_keep_them() -> None:
    s = give_civ(online(), 0, ("fortifications", "barbarians"), hand=10)
    s = put(s, "dunes", 0, 1)
    s = start_turn(s, 0).apply(Conquer("desert")).apply(Conquer("nile"))
    fort = s.fort
    ix = s.board.index
    assert fort[ix["desert"]] and not fort[ix["nile"]]
    s = finish_turn(s, {"dunes": 4, "desert": 4, "nile": 3})
    s = start_turn(s, 0).apply(Decline())
    assert s.fort[ix["desert"]]  # the forts outlast the decline


def test_y9_10_militia_adds_1_except_on_rivers_and_goes_at_decline() -> None:
    s = give_civ(online(), 0, ("barbarians", "agriculture"), hand=20)
    s = give_civ(s, 1, ("militia", "livestock"), hand=0)
    s = put(put(put(s, "dunes", 0, 1), "desert", 1, 1), "nile", 1, 1)
    s = put(s, "farm", 0, 1)
    costs = options(start_turn(s, 0))
    assert costs["desert"] == 2 + 1 + 1 and costs["nile"] == 1 + 1


def test_y9_12_galleys_discount_targets_next_to_water_from_any_origin() -> None:
    s = give_civ(online(), 0, ("galleys", "barbarians"), hand=20)
    s = put(s, "dunes", 0, 1)
    costs = options(start_turn(s, 0))
    assert costs["desert"] == 1  # borders the Nile
    assert costs["forest"] == 3  # no water


def test_y9_16_diplomacy_is_left_out_with_two_players() -> None:
    two = new_game(GameConfig(seats=[Seat(name="A"), Seat(name="B")], ruleset="online"))
    shown = {t for a, b, _ in two.display for t in (a, b)}
    assert "diplomacy" not in set(two.bag) | shown


def test_y9_16_diplomacy_bars_conquests_of_the_partner() -> None:
    s = give_civ(online(), 0, ("diplomacy", "barbarians"), hand=20)
    s = put(put(s, "dunes", 0, 1), "forest", 1, 1)
    s = start_turn(s, 0).apply(Diplomacy(1))
    assert "forest" not in options(s)


def test_y9_18_medicine_adds_a_token_at_the_start_of_the_turn() -> None:
    s = give_civ(online(), 0, ("medicine", "barbarians"), hand=5)
    assert start_turn(s, 0).players[0].hand == 6


def test_y9_22_nomads_lose_no_token() -> None:
    s = give_civ(online(), 0, ("slavery", "weapons"), hand=20)
    s = give_civ(s, 2, ("nomads", "barbarians"), hand=0)
    s = put(put(put(s, "dunes", 0, 1), "desert", 2, 2), "nile", 2, 1)
    s = start_turn(s, 0).apply(Conquer("desert"))
    assert s.players[2].lost == 0 and s.players[2].returned == 2
    assert s.slaves == 0  # nothing eliminated: no Slavery point


def test_y9_23_culture_gains_a_token_per_two_enemy_tokens_removed() -> None:
    s = give_civ(online(), 0, ("culture", "weapons"), hand=20)
    s = give_civ(s, 2, ("barbarians", "agriculture"), hand=0)
    s = put(s, "dunes", 0, 1)
    s = put(put(s, "desert", 2, 1), "forest", 2, 1)
    s = put(s, "mount", "neutral", 1)  # natives do not count
    s = start_turn(s, 0)
    before = s.players[0].hand + 1
    s = s.apply(Conquer("desert")).apply(Conquer("forest")).apply(Finish())
    assert s.phase == "reorganize"
    assert s.players[0].hand == before + 1


def test_y9_25_warships_discount_rivers_and_lose_nothing_there() -> None:
    s = give_civ(online(), 0, ("warships", "barbarians"), hand=20)
    s = put(s, "desert", 0, 1)
    assert options(start_turn(s, 0))["nile"] == 1  # 1 - 1, minimum 1
    s = give_civ(online(), 0, ("weapons", "barbarians"), hand=20)
    s = give_civ(s, 2, ("warships", "agriculture"), hand=0)
    s = put(put(put(s, "desert", 0, 1), "nile", 2, 2), "farm", 2, 1)
    s = start_turn(s, 0).apply(Conquer("nile"))
    assert s.players[2].lost == 0 and s.players[2].returned == 2


def test_y9_26_philosophy_keeps_every_token_at_decline() -> None:
    s = give_civ(online(), 1, ("philosophy", "barbarians"), hand=0)
    s = put(put(s, "bank", 1, 3), "creek", 1, 2)
    s = start_turn(s, 1).apply(Decline())
    assert (tokens(s, "bank"), tokens(s, "creek")) == (3, 2)
    assert is_declined(s, "bank")


def test_y9_27_fishing_half_a_point_per_province_next_to_water() -> None:
    s = give_civ(online(), 0, ("fishing", "barbarians"), hand=0)
    for pid in ("meadow", "creek", "bank", "forest"):
        s = put(s, pid, 0, 1)
    s = finish_turn(start_turn(s, 0))
    # Meadow, Creek, Bank are next to water (n = 3 -> +1); base: Meadow, Bank, Forest.
    assert last_points(s, 0) == 3 + 1


def test_y9_28_armies_collect_and_conquer_a_second_time() -> None:
    s = give_civ(online(), 0, ("armies", "barbarians"), hand=4)
    s = put(s, "dunes", 0, 1)
    s = start_turn(s, 0).apply(Conquer("desert"))  # 2 tokens
    s = s.apply(Finish())
    assert s.phase == "expand" and s.players[0].hand == 2 + 1  # Desert's extra token back
    s = s.apply(Conquer("nile")).apply(Finish())
    assert s.phase == "reorganize"


def test_y9_29_hordes_keep_one_token_per_province() -> None:
    s = give_civ(online(), 0, ("hordes", "barbarians"), hand=8)
    s = put(s, "dunes", 0, 1)
    s = start_turn(s, 0).apply(Conquer("desert")).apply(Finish())
    assert (tokens(s, "dunes"), tokens(s, "desert")) == (1, 1)
    assert s.players[0].hand == 7  # off the board until the next turn
    assert owner(s, "desert") == 0


def test_y9_29_hordes_refuse_a_second_token_in_a_province() -> None:
    s = give_civ(online(), 0, ("hordes", "barbarians"), hand=0)
    for pid in ("dunes", "desert", "nile"):
        s = put(s, pid, 0, 1)
    s = start_turn(s, 0).apply(Abandon("nile")).apply(Finish())
    # 3 tokens for 2 provinces: Hordes place one in each by themselves, the third waits.
    assert (tokens(s, "dunes"), tokens(s, "desert"), s.players[0].hand) == (1, 1, 1)
    s = give_civ(online(), 0, ("hordes", "barbarians"), hand=0)
    for pid in ("dunes", "desert", "nile"):
        s = put(s, pid, 0, 1)
    s = start_turn(s, 0).apply(Abandon("nile")).apply(Abandon("desert")).apply(Finish())
    assert (tokens(s, "dunes"), s.players[0].hand) == (1, 2)


def test_y9_30_cavalry_discounts_farmland_pasture_and_hills() -> None:
    s = give_civ(online(), 0, ("cavalry", "barbarians"), hand=20)
    s = put(s, "forest", 0, 1)
    costs = options(start_turn(s, 0))
    assert costs["meadow"] == 1 and costs["dunes"] == 2


@pytest.mark.parametrize("tiles", [("camels", "barbarians"), ("barbarians", "weapons")])
def test_y9_31_camels_discount_deserts_and_score_them(tiles: tuple[str, str]) -> None:
    s = give_civ(online(), 0, tiles, hand=20)
    s = put(s, "forest", 0, 1)
    camels = "camels" in tiles
    assert options(start_turn(s, 0))["dunes"] == 1
    s = put(s, "dunes", 0, 1)
    s = finish_turn(start_turn(s, 0))
    assert last_points(s, 0) == 1 + (1 if camels else 0)


def test_y9_24_religion_converts_a_lone_enemy_token_for_free() -> None:
    s = give_civ(online(), 0, ("religion", "barbarians"), hand=0)
    s = give_civ(s, 2, ("agriculture", "weapons"), hand=0)
    s = put(put(s, "dunes", 0, 1), "forest", 2, 1, fort=True)
    s = put(s, "desert", 2, 1)
    s = start_turn(s, 0)
    assert Conquer("forest", religion=True) in s.legal_actions()
    s = s.apply(Conquer("forest", religion=True))
    assert owner(s, "forest") == 0 and tokens(s, "forest") == 1
    assert s.players[0].hand == 0 and s.players[2].lost == 1
    assert not s.fort[s.board.index["forest"]]
    expect_illegal(s, Conquer("desert", religion=True), "Y-9.24")  # once per opponent


def test_y9_24_religion_never_targets_natives_or_crowds() -> None:
    s = give_civ(online(), 0, ("religion", "barbarians"), hand=0)
    s = give_civ(s, 2, ("agriculture", "weapons"), hand=0)
    s = put(put(put(s, "dunes", 0, 1), "forest", "neutral", 1), "desert", 2, 2)
    s = start_turn(s, 0)
    assert not any(getattr(a, "religion", False) for a in s.legal_actions())
