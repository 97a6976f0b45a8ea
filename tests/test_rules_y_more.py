"""More online scenarios (ONLINE.md), one per Y-id not covered in test_rules_y_online.py
and test_rules_y9_tiles.py: mostly the rules the online game shares with the classic one,
checked on the online board ``delta`` (layout in test_rules_y_online.py)."""

from __future__ import annotations

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
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    GameConfig,
    Seat,
    new_game,
)
from vinci_core.rulesets.online import water_facts


def online(seats: int = 3):  # type: ignore[no-untyped-def]
    return position(seats=seats, map="delta", ruleset="online")


def ix(s, pid: str) -> int:  # type: ignore[no-untyped-def]
    return s.board.index[pid]


# --- Y-1, Y-2 ---------------------------------------------------------------------------


def test_y1_1_each_seat_has_its_own_colour() -> None:
    cfg = GameConfig(seats=[Seat(name="A"), Seat(name="B")], ruleset="online")
    from vinci_core.table.view import seat_colours

    colours = seat_colours(cfg)
    assert len(set(colours)) == 2


def test_y1_5_the_start_player_comes_from_the_seeded_stream() -> None:
    cfg = GameConfig(seats=[Seat(name=n) for n in "ABCD"], ruleset="online", seed=9)
    starts = {new_game(cfg.model_copy(update={"seed": seed})).start for seed in range(30)}
    assert new_game(cfg).start == new_game(cfg).start
    assert starts == {0, 1, 2, 3}


def test_y2_1_a_decline_turn_ends_with_a_choice() -> None:
    s = give_civ(online(), 0, ("agriculture", "weapons"), hand=0)
    s = put(s, "bank", 0, 1)
    s = start_turn(s, 0).apply(Decline())
    assert s.phase == "choose" and s.turn_seat == 0


def test_y2_4_pairs_shift_left_with_their_coins() -> None:
    s = new_game(GameConfig(seats=[Seat(name=n) for n in "ABC"], ruleset="online", seed=4))
    fourth = s.display[3]
    after = s.apply(Choose(3))
    assert after.display[2][:2] == fourth[:2]
    assert len(after.display) == 6


def test_y2_6_no_permanent_tokens_without_medicine_culture_or_religion() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=10)
    s = put(s, "dunes", 0, 1)
    received = s.players[0].received
    s = finish_turn(start_turn(s, 0).apply(Conquer("desert")))
    assert s.players[0].received == received


# --- Y-3 the turn -------------------------------------------------------------------------


def test_y3_1_1_a_turn_begins_with_expand_or_decline() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=0)
    s = start_turn(put(s, "bank", 0, 1), 0)
    assert Decline() in s.legal_actions()


def test_y3_1_2_mercenaries_and_medicine_come_before_collection() -> None:
    s = give_civ(online(), 0, ("medicine", "mercenaries"), hand=0)
    s = start_turn(put(s, "bank", 0, 3), 0)
    assert (s.players[0].hand, s.players[0].temp) == (2 + 1 + 7, 7)


def test_y3_2_1_collection_leaves_one_token_and_provinces_may_be_emptied() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=0)
    s = start_turn(put(put(s, "bank", 0, 3), "creek", 0, 1), 0)
    assert tokens(s, "bank") == 1 and s.players[0].hand == 2
    s = s.apply(Abandon("creek"))
    assert owner(s, "creek") is None and s.players[0].hand == 3


def test_y3_2_2_tokens_off_the_board_rejoin_the_hand() -> None:
    s = give_civ(online(), 0, ("hordes", "barbarians"), hand=4)
    s = start_turn(put(s, "bank", 0, 1), 0)
    assert s.players[0].hand == 4


def test_y3_3_3_no_mountain_discount_at_entry_and_galleys_apply() -> None:
    s = start_turn(give_civ(online(), 0, ("galleys", "barbarians"), hand=20), 0)
    costs = options(s)
    assert costs["meadow"] == 1 and costs["forest"] == 3


def test_y3_4_1_a_river_is_crossed_by_conquering_it() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=20)
    s = start_turn(put(s, "desert", 0, 1), 0)
    assert "farm" not in options(s) and "nile" in options(s)


def test_y3_4_2_every_conquered_province_holds_an_own_token() -> None:
    s = give_civ(online(), 0, ("weapons", "warships"), hand=20)
    s = start_turn(put(s, "desert", 0, 1), 0).apply(Conquer("nile"))
    assert tokens(s, "nile") == 1


def test_y3_4_3_own_declined_provinces_can_be_conquered() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=20,
                 declined=("agriculture", "ports"))
    s = put(put(s, "dunes", 0, 1), "desert", 0, 1, declined=True)
    s = start_turn(s, 0)
    assert options(s)["desert"] == 2 + 1 - 1
    s = s.apply(Conquer("desert"))
    assert owner(s, "desert") == 0 and not is_declined(s, "desert")


def test_y3_4_5_forts_and_markers_go_when_a_province_changes_hands() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=20)
    s = give_civ(s, 2, ("agriculture", "ports"), hand=0)
    s = put(put(s, "dunes", 0, 1), "desert", 2, 1, declined=True, fort=True)
    s = start_turn(s, 0).apply(Conquer("desert"))
    assert not s.fort[ix(s, "desert")] and not is_declined(s, "desert")


def test_y3_4_7_diplomacy_espionage_and_religion_are_tile_rules() -> None:
    s = give_civ(online(), 0, ("diplomacy", "religion"), hand=20)
    s = give_civ(s, 1, ("agriculture", "ports"), hand=0)
    s = put(put(s, "dunes", 0, 1), "forest", 1, 1)
    s = start_turn(s, 0).apply(Diplomacy(1))
    assert Conquer("forest", religion=True) not in s.legal_actions()  # Y-9.16 bars Religion


def test_y3_5_1_a_split_empire_keeps_one_part() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=0)
    s = put(put(s, "bank", 0, 2), "dunes", 0, 2)
    s = start_turn(s, 0).apply(Finish())
    assert s.phase == "keep"


def test_y3_5_3_hordes_restrict_reorganization() -> None:
    s = give_civ(online(), 0, ("hordes", "barbarians"), hand=5)
    s = start_turn(put(s, "bank", 0, 1), 0).apply(Finish())
    assert tokens(s, "bank") == 1


def test_y3_6_1_displaced_tokens_do_not_defend_during_the_turn() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=20)
    s = give_civ(s, 2, ("agriculture", "ports"), hand=0)
    s = put(put(put(s, "dunes", 0, 1), "desert", 2, 3), "nile", 2, 1)
    s = start_turn(s, 0).apply(Conquer("desert"))
    assert options(s)["nile"] == 1 + 1 - 1  # still its one token, not three


def test_y3_6_2_declined_tokens_go_to_declined_provinces() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=20)
    s = give_civ(s, 2, ("agriculture", "ports"), hand=0, declined=("philosophy", "mining"))
    s = put(put(put(s, "dunes", 0, 1), "desert", 2, 3, declined=True), "nile", 2, 1,
            declined=True)
    s = put(s, "bank", 2, 1)
    s = start_turn(s, 0).apply(Conquer("desert"))
    assert s.players[2].returned_old == 2
    s = finish_turn(s)
    assert tokens(s, "nile") == 3 and tokens(s, "bank") == 1


def test_y3_7_2_declined_provinces_score_only_column_tiles() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=0,
                 declined=("agriculture_dp", "currency"), kept=("agriculture_dp",))
    s = put(put(s, "bank", 0, 1, declined=True), "creek", 0, 1, declined=True)
    s = start_turn(s, 0).apply(Finish())
    s = s.apply(EndTurn()) if s.phase == "end_of_turn" else s
    assert last_points(s, 0) == 1 + 1  # Bank 1 + Agriculture; no Currency


# --- Y-5 decline --------------------------------------------------------------------------


def test_y5_2_one_active_and_one_declined_empire() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=0,
                 declined=("agriculture", "ports"), kept=("agriculture", "ports"))
    s = put(put(s, "bank", 0, 1), "dunes", 0, 1, declined=True)
    s = start_turn(s, 0).apply(Decline())
    assert owner(s, "dunes") is None and is_declined(s, "bank")


def test_y5_3_an_empty_empire_may_be_kept_or_declined() -> None:
    s = start_turn(give_civ(online(), 0, ("barbarians", "weapons"), hand=0), 0)
    assert Decline() in s.legal_actions() and Finish() in s.legal_actions()


def test_y5_4_a_crowded_declined_province_loses_one_and_displaces_the_rest() -> None:
    s = give_civ(online(), 0, ("barbarians", "weapons"), hand=20)
    s = give_civ(s, 2, ("agriculture", "ports"), hand=0, declined=("philosophy", "mining"))
    s = put(put(s, "dunes", 0, 1), "desert", 2, 3, declined=True)
    s = start_turn(s, 0)
    assert options(s)["desert"] == 2 + 3 - 1
    s = s.apply(Conquer("desert"))
    assert s.slaves == 1 and s.players[2].returned_old == 2


# --- Y-7 map facts ------------------------------------------------------------------------


def test_y7_1_seven_terrains() -> None:
    assert set(online().board.terrain) == {"farmland", "pasture", "hills", "forest",
                                           "mountain", "desert", "river"}


def test_y7_2_a_desert_is_land_an_entry_and_holds_forts() -> None:
    s = start_turn(give_civ(online(), 0, ("fortifications", "barbarians"), hand=20), 0)
    assert "dunes" in options(s)
    s = s.apply(Conquer("dunes"))
    assert s.fort[ix(s, "dunes")]


def test_y7_3_a_river_has_no_native_no_fort_and_no_entry() -> None:
    s = new_game(GameConfig(seats=[Seat(name=n) for n in "ABC"], map="delta",
                            ruleset="online"))
    assert owner(s, "nile") is None
    assert not water_facts(s.board).land_entry[ix(s, "creek")]


def test_y7_4_a_river_is_a_node_of_the_adjacency_graph() -> None:
    board = online().board
    assert {board.ids[q] for q in board.adjacent[ix(online(), "nile")]} == {"farm", "desert"}


def test_y7_5_next_to_water_means_a_sea_or_a_river_beside() -> None:
    s = online()
    wet = water_facts(s.board).next_to_water
    assert [wet[ix(s, p)] for p in ("farm", "desert", "nile", "mount", "creek")] == \
        [True, True, False, False, True]


# --- Y-9 tiles as classic -------------------------------------------------------------------


def score_of(tiles: tuple[str, str], provinces: tuple[str, ...]) -> int:
    s = give_civ(online(), 0, tiles, hand=0)
    for pid in provinces:
        s = put(s, pid, 0, 1)
    s = start_turn(s, 0).apply(Finish())
    s = s.apply(EndTurn()) if s.phase == "end_of_turn" else s
    return last_points(s, 0)


def test_y9_1_agriculture_per_farmland() -> None:
    assert score_of(("agriculture", "barbarians"), ("bank", "creek")) == 2


def test_y9_2_livestock_per_pasture() -> None:
    assert score_of(("livestock", "barbarians"), ("meadow", "creek")) == 2


def test_y9_3_mining_per_mine_mountains_included() -> None:
    assert score_of(("mining", "barbarians"), ("mount", "peak")) == 2


def test_y9_4_ports_per_port() -> None:
    assert score_of(("ports", "barbarians"), ("farm", "hill")) == 3


def test_y9_6_slavery_per_removed_token() -> None:
    s = give_civ(online(), 0, ("slavery", "weapons"), hand=20)
    s = put(put(s, "dunes", 0, 1), "forest", "neutral", 1)
    s = finish_turn(start_turn(s, 0).apply(Conquer("forest")))
    assert last_points(s, 0) == 1 + 1  # Forest (Dunes is a desert) + one native


def test_y9_7_espionage_costs_exactly_2_once_a_turn() -> None:
    s = give_civ(online(), 0, ("espionage", "barbarians"), hand=10)
    s = start_turn(put(s, "dunes", 0, 1), 0).apply(Conquer("desert", True))
    assert tokens(s, "desert") == 2
    expect_illegal(s, Conquer("nile", True), "C-3.3.10")


def test_y9_11_mountain_people_score_mountains() -> None:
    assert score_of(("mountain_people", "barbarians"), ("mount", "peak")) == 2


def test_y9_13_weapons_discount_every_conquest() -> None:
    s = start_turn(put(give_civ(online(), 0, ("weapons", "barbarians"), hand=9), "dunes",
                       0, 1), 0)
    assert options(s)["forest"] == 2


def test_y9_14_astronomy_enters_from_any_connected_sea() -> None:
    s = start_turn(give_civ(online(), 0, ("astronomy", "barbarians"), hand=9), 0)
    assert "farm" in options(s) and "creek" not in options(s)


def test_y9_15_barbarians_have_no_ability() -> None:
    assert online().ruleset.tiles["barbarians"].tokens == 6


def test_y9_17_descendants_suspend_contact_clearing() -> None:
    s = give_civ(online(), 0, ("descendants", "barbarians"), hand=10,
                 declined=("agriculture", "ports"))
    s = put(put(s, "dunes", 0, 1), "mount", 0, 1, declined=True)
    s = start_turn(s, 0).apply(Conquer("forest"))
    assert owner(s, "mount") == 0


def test_y9_19_couriers_ignore_cohesion() -> None:
    s = give_civ(online(), 0, ("couriers", "barbarians"), hand=0)
    s = put(put(s, "bank", 0, 2), "dunes", 0, 2)
    s = start_turn(s, 0).apply(Finish())
    assert s.phase != "keep"


def test_y9_20_rebirth_declines_at_the_end_of_a_turn() -> None:
    s = give_civ(online(), 0, ("rebirth", "barbarians"), hand=0)
    s = start_turn(put(s, "bank", 0, 2), 0)
    assert Decline() not in s.legal_actions()
    s = s.apply(Finish())
    assert Decline() in s.legal_actions()


def test_y9_21_insurgents_enter_anywhere() -> None:
    s = start_turn(give_civ(online(), 0, ("insurgents", "barbarians"), hand=9), 0)
    assert "mount" in options(s)


def _rebirth_takes_its_own_declined_province(rules_version: int):  # type: ignore[no-untyped-def]
    """Seat 0: a Rebirth empire in dunes; its declined Philosophy empire in desert (3
    tokens) and the river nile (1 token, untouched by contact, Y-3.4.6)."""
    s = give_civ(online(), 0, ("rebirth", "barbarians"), hand=20,
                 declined=("philosophy", "mining"))
    s.config = s.config.model_copy(update={"rules_version": rules_version})
    s.rules = s.config.rule_parameters()
    s = put(put(put(s, "dunes", 0, 1), "desert", 0, 3, declined=True), "nile", 0, 1,
            declined=True)
    s = start_turn(s, 0).apply(Conquer("desert"))
    assert s.players[0].returned_old == 2 and is_declined(s, "nile")
    s = s.apply(Finish())
    while s.phase not in ("end_of_turn",):
        s = s.apply(s.legal_actions()[0])
    return s.apply(Decline())


def test_y3_6_2_y5_1_rebirth_leaves_the_old_empires_displaced_tokens_behind() -> None:
    """Y-5.1.1: the previous declined empire is removed entirely, its displaced tokens
    with it; Y-3.6.2: they go only to provinces of the empire they came from, so the new
    declined empire (dunes, desert) never gets them (rules 3, issue 29)."""
    s = _rebirth_takes_its_own_declined_province(3)
    if s.phase == "choose":
        s = s.apply(s.legal_actions()[0])
    assert owner(s, "nile") is None
    assert is_declined(s, "dunes") and is_declined(s, "desert")
    assert (tokens(s, "dunes"), tokens(s, "desert")) == (1, 1)
    assert s.players[0].returned_old == 0


def test_y3_6_2_rules_2_rebirth_carried_the_tokens_over() -> None:
    """Saves of rules 2 replay as played: there the tokens joined the new empire."""
    s = _rebirth_takes_its_own_declined_province(2)
    if s.phase == "choose":
        s = s.apply(s.legal_actions()[0])
    assert tokens(s, "dunes") + tokens(s, "desert") == 1 + 1 + 2
