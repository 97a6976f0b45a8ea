"""The online ruleset (ONLINE.md Y-0 … Y-8): one scenario per rule, named after its id.

Board: tests/maps/delta.json, Y-3.7.3's board and a little more. Farm (farmland, port,
borders the gulf and the river Nile), Hill (hills, edge, gulf), Mount (mountain, mine),
Desert (borders the Nile), Nile (river: only Farm and Desert), Peak (mountain next to
Mount), Forest (edge), Dunes (desert, edge), Meadow (pasture, gulf), Creek (river at the
gulf, between Meadow and Bank), Bank (farmland, edge).
"""

from __future__ import annotations

import json
from pathlib import Path

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
    set_score,
    start_turn,
    tokens,
)
from pydantic import ValidationError

from vinci_core import (
    Choose,
    Conquer,
    Decline,
    GameConfig,
    PlaceAll,
    Seat,
    decode_save,
    digest,
    encode_save,
    load_map,
    new_game,
    register_map,
)
from vinci_core.players.randomplay import play_random
from vinci_core.rulesets.online import ROUNDS
from vinci_core.table.view import snapshot


def online(seats: int = 3, **options: object):  # type: ignore[no-untyped-def]
    return position(seats=seats, map="delta", ruleset="online", **options)


def config(seats: int | list[Seat] = 3, **fields: object) -> GameConfig:
    if isinstance(seats, int):
        seats = [Seat(name=f"P{i}") for i in range(seats)]
    return GameConfig.model_validate({"seats": seats, "ruleset": "online", "map": "delta",
                                      **fields})


# --- Y-0.3: how a game selects the online ruleset ------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_y0_3_online_games_have_two_to_five_seats(seats: int) -> None:
    assert len(config(seats).seats) == seats


def test_y0_3_online_refuses_six_seats_and_classic_refuses_two() -> None:
    with pytest.raises(ValidationError, match="2 to 5 seats"):
        config(6)
    with pytest.raises(ValidationError, match="3 to 6 seats"):
        GameConfig(seats=[Seat(name="A"), Seat(name="B")], map="mini")


@pytest.mark.parametrize(("field", "value", "words"), [
    ("mode", "solo", "solo"),
    ("target_vp", 100, "fixed number of rounds"),
    ("decline_contact", "forbid", "Y-3.4.6"),
    ("defender_redistribution", "choose", "Y-3.6"),
])
def test_y0_3_online_refuses_classic_options(field: str, value: object, words: str) -> None:
    seats = [Seat(name="Me")] + [Seat(name=f"V{i}", virtual=True) for i in (1, 2, 3)]
    with pytest.raises(ValidationError, match=words):
        config(seats if field == "mode" else 3, **{field: value})


def test_y0_3_redistribution_defaults_to_automatic_online() -> None:
    assert config().defender_redistribution == "auto"


def test_y0_3_board_needs_online_extra_tokens() -> None:
    with pytest.raises(ValidationError, match="Y-7.6"):
        GameConfig(seats=[Seat(name=n) for n in "ABC"], map="mini", ruleset="online")


def test_y7_6_a_board_without_extra_tokens_for_the_seat_count_is_refused_in_words() -> None:
    # Issue 29: the config passed and new_game failed later with an AssertionError.
    data = json.loads((Path(__file__).parent / "maps" / "delta.json").read_text("utf-8"))
    data.update(id="delta_three_only", online_extra_tokens={"3": 10})
    register_map(data)
    GameConfig(seats=[Seat(name=n) for n in "ABC"], map="delta_three_only", ruleset="online")
    with pytest.raises(ValidationError, match=r"no online extra tokens for 4 players \(Y-7.6\)"):
        GameConfig(seats=[Seat(name=n) for n in "ABCD"], map="delta_three_only",
                   ruleset="online")


def test_y0_3_classic_refuses_boards_with_deserts_and_rivers() -> None:
    with pytest.raises(ValidationError, match="desert and river"):
        GameConfig(seats=[Seat(name=n) for n in "ABC"], map="delta")


def test_y0_3_ruleset_is_in_the_save_and_the_digest() -> None:
    state = play_random(config(3, seed=5), seed=1).state
    back = decode_save(encode_save(state))
    assert back.config.ruleset == "online"
    assert digest(back) == digest(state)
    same_moves_classic = GameConfig(seats=[Seat(name=f"P{i}") for i in range(3)], seed=5,
                                    map="mini")
    assert "ruleset" not in same_moves_classic.model_dump(exclude_defaults=True)


def test_y0_3_seat_start_vp_still_overrides() -> None:
    cfg = config(seats=[Seat(name="A", start_vp=9), Seat(name="B"), Seat(name="C")])
    assert new_game(cfg).scores == [9, 5, 5]


# --- Y-0.4, Y-7.6: Europe's online extra tokens -------------------------------------------


@pytest.mark.parametrize(("seats", "extra"), [(2, 12), (3, 10), (4, 8), (5, 6)])
def test_y0_4_europe_has_online_extra_tokens(seats: int, extra: int) -> None:
    cfg = GameConfig(seats=[Seat(name=f"P{i}") for i in range(seats)], ruleset="online")
    assert cfg.extra_tokens(0) == extra


def test_y7_6_extra_tokens_are_not_a_classic_fact_of_the_board() -> None:
    """The table is left out of the fingerprint, so classic saves keep finding Europe 2."""
    assert load_map("europe").fingerprint == load_map("europe", 2).fingerprint
    assert load_map("europe").data.online_extra_tokens == {"2": 12, "3": 10, "4": 8, "5": 6}


# --- Y-1 setup ----------------------------------------------------------------------------


def test_y1_2_every_player_starts_with_5_vp() -> None:
    assert new_game(config(4)).scores == [5, 5, 5, 5]


def test_y1_3_no_natives_on_mountains_deserts_and_rivers() -> None:
    s = new_game(config())
    natives = {pid for pid in s.board.ids if owner(s, pid) == "neutral"}
    assert natives == {"farm", "hill", "forest", "meadow", "bank"}
    assert all(tokens(s, pid) == 1 for pid in natives)


def test_y1_3_europe_has_33_natives() -> None:
    s = new_game(GameConfig(seats=[Seat(name=n) for n in "ABC"], ruleset="online"))
    assert sum(1 for o in s.owner if o == -2) == 33


def test_y1_4_the_bag_holds_35_tiles_and_34_with_two_players() -> None:
    three, two = new_game(config(3)), new_game(config(2))
    assert len(three.bag) + 2 * len(three.display) == 35
    assert len(two.bag) + 2 * len(two.display) == 34
    shown = {t for a, b, _ in two.display for t in (a, b)}
    assert "diplomacy" not in set(two.bag) | shown


@pytest.mark.parametrize("seed", range(20))
def test_y1_4_a_pair_never_holds_one_ability_twice(seed: int) -> None:
    s = new_game(config(seed=seed))
    tiles = s.ruleset.tiles
    assert all(tiles[a].ability != tiles[b].ability for a, b, _ in s.display)


def test_y1_6_round_1_is_the_choice() -> None:
    s = new_game(config())
    assert (s.round, s.phase) == (1, "choose")


# --- Y-2 choosing -------------------------------------------------------------------------


def test_y2_2_slot_k_costs_k_minus_1_vp() -> None:
    s = new_game(config())
    seat = s.turn_seat
    assert {a.slot for a in s.legal_actions()} == {1, 2, 3, 4, 5, 6}  # 5 VP: all affordable
    after = s.apply(Choose(6))
    assert after.players[seat].score == 0
    assert [c for _, _, c in after.display[:5]] == [1, 1, 1, 1, 1]


def test_y2_2_a_slot_costing_more_than_the_score_cannot_be_chosen() -> None:
    s = new_game(config())
    s = set_score(s, s.turn_seat, 2)
    assert {a.slot for a in s.legal_actions()} == {1, 2, 3}
    expect_illegal(s, Choose(4), "C-2.2")


def test_y2_3_worked_example_slot_iv_with_two_coins() -> None:
    s = new_game(config()).clone()
    a, b, _ = s.display[3]
    s.display[3] = (a, b, 2)
    seat = s.turn_seat
    s = set_score(s, seat, 5)
    after = s.apply(Choose(4))
    assert after.players[seat].score == 5 - 3 + 2  # net -1
    assert [c for _, _, c in after.display[:3]] == [1, 1, 1]


def test_y2_5_worked_example_mountain_people_galleys() -> None:
    """Europe, 3 players: Mountain people (4) + Galleys (4) + 10 extra tokens = 18."""
    cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], ruleset="online")
    s = position(3, map="europe", ruleset="online")
    assert cfg.extra_tokens(0) == 10
    s = give_civ(s, 0, ("mountain_people", "galleys"))
    assert s.players[0].hand == 18


# --- Y-3 the turn -------------------------------------------------------------------------


def test_y3_3_1_a_river_is_never_an_entry() -> None:
    s = start_turn(give_civ(online(), 0, ("weapons", "barbarians")), 0)
    entries = set(options(s))
    assert "creek" not in entries  # a river at the gulf
    assert {"hill", "forest", "dunes", "bank", "farm", "meadow"} <= entries


def test_y3_3_2_insurgents_may_enter_a_river() -> None:
    s = start_turn(give_civ(online(), 0, ("insurgents", "barbarians")), 0)
    assert {"nile", "creek", "mount"} <= set(options(s))


def test_y3_4_4_defender_loses_one_token_the_rest_are_displaced() -> None:
    s = online()
    s = give_civ(s, 0, ("weapons", "barbarians"), hand=12)
    s = give_civ(s, 2, ("agriculture", "livestock"), hand=0)
    s = put(put(put(s, "dunes", 0, 1), "desert", 2, 3), "nile", 2, 1)
    s = start_turn(s, 0)
    s = s.apply(Conquer("desert"))
    assert owner(s, "desert") == 0
    assert s.players[2].lost == 1 and s.players[2].returned == 2
    s = finish_turn(s)
    assert tokens(s, "nile") == 3  # Y-3.6: both displaced tokens went to its last province


def test_y3_6_3_displaced_tokens_go_to_the_fewest_tokens_first() -> None:
    s = online()
    s = give_civ(s, 0, ("weapons", "barbarians"), hand=12)
    s = give_civ(s, 2, ("agriculture", "livestock"), hand=0)
    s = put(s, "dunes", 0, 1)
    s = put(put(put(s, "forest", 2, 4), "meadow", 2, 2), "bank", 2, 1)
    s = start_turn(s, 0)
    s = s.apply(Conquer("forest"))  # 3 displaced
    s = finish_turn(s)
    # Bank 1 -> 2 (fewest), then Meadow 2 vs Bank 2: tie on tokens, defence level equal
    # (both base 2), so a draw; the third token goes to whichever has fewer then.
    assert tokens(s, "bank") + tokens(s, "meadow") == 6
    assert {tokens(s, "bank"), tokens(s, "meadow")} == {3}


def test_y3_6_3_ties_go_to_the_lower_defence_level() -> None:
    s = online()
    s = give_civ(s, 0, ("weapons", "barbarians"), hand=12)
    s = give_civ(s, 2, ("agriculture", "livestock"), hand=0)
    s = put(s, "dunes", 0, 1)
    s = put(put(put(s, "forest", 2, 2), "peak", 2, 1), "desert", 2, 1)
    s = start_turn(s, 0)
    s = s.apply(Conquer("forest"))  # 1 displaced: Peak (3 + 1) or Desert (2 + 1)
    s = finish_turn(s)
    assert (tokens(s, "desert"), tokens(s, "peak")) == (2, 1)


def test_y3_6_4_an_empire_with_no_province_keeps_its_tokens_in_hand() -> None:
    s = online()
    s = give_civ(s, 0, ("weapons", "barbarians"), hand=12)
    s = give_civ(s, 2, ("agriculture", "livestock"), hand=0)
    s = put(put(s, "dunes", 0, 1), "forest", 2, 3)
    s = start_turn(s, 0)
    s = finish_turn(s.apply(Conquer("forest")))
    assert s.players[2].hand == 2


def test_y3_4_6_contact_clears_own_declined_provinces() -> None:
    s = online()
    s = give_civ(s, 0, ("weapons", "barbarians"), hand=10, declined=("agriculture", "ports"))
    s = put(put(s, "dunes", 0, 1), "mount", 0, 1, declined=True)
    s = start_turn(s, 0)
    s = s.apply(Conquer("forest"))
    assert owner(s, "mount") is None


def test_y3_4_6_contact_never_clears_across_a_river() -> None:
    s = online()
    s = give_civ(s, 0, ("weapons", "barbarians"), hand=10, declined=("agriculture", "ports"))
    # Conquering the river Nile next to declined Farm: Farm stays (X is a river).
    s = put(put(s, "desert", 0, 1), "farm", 0, 1, declined=True)
    s = start_turn(s, 0)
    after = s.apply(Conquer("nile"))
    assert owner(after, "farm") == 0 and is_declined(after, "farm")
    # Conquering Farm next to a declined river province: the river stays (Y is a river).
    s = online()
    s = give_civ(s, 0, ("weapons", "barbarians"), hand=10, declined=("agriculture", "ports"))
    s = put(put(s, "hill", 0, 1), "nile", 0, 1, declined=True)
    s = start_turn(s, 0)
    after = s.apply(Conquer("farm"))
    assert owner(after, "nile") == 0 and is_declined(after, "nile")


def test_y3_7_3_worked_example_currency_and_fishing() -> None:
    s = online()
    s = give_civ(s, 0, ("currency", "fishing"), hand=0)
    for pid in ("farm", "hill", "mount", "desert", "nile"):
        s = put(s, pid, 0, 1)
    s = start_turn(s, 0)
    s = finish_turn(s)
    assert last_points(s, 0) == 7


def test_y3_7_1_deserts_and_rivers_score_nothing() -> None:
    s = online()
    s = give_civ(s, 0, ("barbarians", "weapons"), hand=0)
    for pid in ("desert", "nile", "dunes", "farm"):
        s = put(s, pid, 0, 1)
    s = finish_turn(start_turn(s, 0))
    assert last_points(s, 0) == 1


# --- Y-4 cost: the worked examples ---------------------------------------------------------


def cost_for(tiles: tuple[str, str], target: str, *setup: tuple, seat_tokens: int = 20) -> int:  # type: ignore[type-arg]
    s = online()
    s = give_civ(s, 0, tiles, hand=seat_tokens)
    for args in setup:
        s = put(s, *args)
    s = start_turn(s, 0)
    return options(s)[target]


def test_y4_worked_example_empty_river() -> None:
    assert cost_for(("barbarians", "agriculture"), "nile", ("desert", 0, 1)) == 1


def test_y4_worked_example_river_two_enemies_warships() -> None:
    assert cost_for(("warships", "barbarians"), "nile", ("desert", 0, 1), ("nile", 1, 2)) == 2


def test_y4_worked_example_empty_desert_with_camels_and_weapons() -> None:
    assert cost_for(("barbarians", "agriculture"), "desert", ("dunes", 0, 1)) == 2
    assert cost_for(("camels", "barbarians"), "desert", ("dunes", 0, 1)) == 1
    assert cost_for(("camels", "weapons"), "desert", ("dunes", 0, 1)) == 1


def test_y4_worked_example_farmland_native_from_a_mountain() -> None:
    assert cost_for(("weapons", "barbarians"), "farm", ("mount", 0, 1),
                    ("farm", "neutral", 1)) == 1
    assert cost_for(("weapons", "cavalry"), "farm", ("mount", 0, 1),
                    ("farm", "neutral", 1)) == 1


def test_y4_worked_example_forest_native_at_entry() -> None:
    assert cost_for(("barbarians", "agriculture"), "forest", ("forest", "neutral", 1)) == 4


def test_y4_worked_example_militia_hills_and_after_decline() -> None:
    s = online()
    s = give_civ(s, 0, ("barbarians", "agriculture"), hand=20)
    s = give_civ(s, 1, ("militia", "livestock"), hand=0)
    s = put(put(s, "farm", 0, 1), "hill", 1, 2)
    assert options(start_turn(s, 0))["hill"] == 5
    s = start_turn(s, 1).apply(Decline())
    assert tokens(s, "hill") == 1
    s = start_turn(s, 0)
    assert options(s)["hill"] == 3


def test_y4_worked_example_fortifications_hills_after_decline() -> None:
    s = online()
    s = give_civ(s, 1, ("fortifications", "livestock"), hand=10)
    s = put(s, "bank", 1, 1)
    s = start_turn(s, 1)
    s = s.apply(Conquer("creek")).apply(Conquer("meadow"))
    s = finish_turn(s, {"bank": 4, "meadow": 4, "creek": 3})
    assert [tokens(s, p) for p in ("bank", "meadow", "creek")] == [4, 4, 3]
    s = start_turn(s, 1).apply(Decline())
    s = give_civ(s, 0, ("barbarians", "agriculture"), hand=20)
    s = put(s, "forest", 0, 1)
    assert options(start_turn(s, 0))["meadow"] == 4  # 2 + 1 token + 1 fort


def test_y4_worked_example_mountains() -> None:
    assert cost_for(("barbarians", "agriculture"), "peak", ("forest", 0, 1)) == 3
    assert cost_for(("barbarians", "agriculture"), "peak", ("mount", 0, 1)) == 2
    assert cost_for(("mountain_people", "agriculture"), "peak", ("mount", 0, 1)) == 1


def test_y4_worked_example_coastal_farmland_galleys() -> None:
    assert cost_for(("galleys", "barbarians"), "farm", ("hill", 0, 1),
                    ("farm", "neutral", 1)) == 2


def test_y4_worked_example_espionage_on_a_fortified_mountain() -> None:
    s = online()
    s = give_civ(s, 0, ("espionage", "barbarians"), hand=10)
    s = put(put(s, "forest", 0, 1), "peak", 1, 5, fort=True)
    s = start_turn(s, 0).apply(Conquer("peak", True))
    assert s.players[0].hand == 10 + 0 - 2 and tokens(s, "peak") == 2


def test_y4_minimum_cost_is_1() -> None:
    assert cost_for(("weapons", "warships"), "nile", ("desert", 0, 1)) == 1


def test_y4_no_discount_for_attacking_from_a_fort() -> None:
    assert cost_for(("barbarians", "agriculture"), "forest", ("dunes", 0, 1, False, True)) == 3


# --- Y-5 decline --------------------------------------------------------------------------


def test_y5_1_declined_tiles_stay_out_of_the_bag_until_the_empire_is_gone() -> None:
    s = online()
    s = give_civ(s, 1, ("agriculture_dp", "weapons"), hand=0).clone()
    s.bag.remove("agriculture_dp")
    s.bag.remove("weapons")
    s = put(s, "bank", 1, 2)
    s = start_turn(s, 1).apply(Decline())
    assert "weapons" not in s.bag and "agriculture_dp" not in s.bag
    assert s.players[1].declined_abilities == {"agriculture": 1}  # only the column acts
    s = give_civ(s, 0, ("barbarians", "livestock"), hand=10)
    s = put(s, "meadow", 0, 1)
    s = start_turn(s, 0).apply(Conquer("creek")).apply(Conquer("bank"))
    assert "weapons" in s.bag and "agriculture_dp" in s.bag


def test_y5_1_decline_leaves_one_token_per_province() -> None:
    s = online()
    s = give_civ(s, 1, ("agriculture", "weapons"), hand=0)
    s = put(put(s, "bank", 1, 3), "creek", 1, 2)
    s = start_turn(s, 1).apply(Decline())
    assert (tokens(s, "bank"), tokens(s, "creek")) == (1, 1)


# --- Y-6 end ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_y6_1_the_game_lasts_a_fixed_number_of_rounds(seats: int) -> None:
    state = play_random(config(seats, seed=seats), seed=seats).state
    assert state.is_terminal
    assert state.round == ROUNDS[seats]
    assert state.turn_seat == (state.start - 1) % seats
    turns = [seat for rnd, seat, _ in state.history if rnd == ROUNDS[seats]]
    assert sorted(set(turns)) == list(range(seats))


def test_y6_2_equal_scores_share_their_place() -> None:
    s = online(4).clone()
    for seat, score in enumerate((50, 40, 50, 30)):
        s.players[seat].score = score
    assert s.places == [1, 3, 1, 4]
    s.phase = "over"
    assert s.winners == [0, 2]
    assert snapshot(s)["places"] == [1, 3, 1, 4]


def test_y6_2_the_final_ranking_shares_places_at_every_rank() -> None:
    from vinci_core.table.ranking import places

    s = online(4).clone()
    for seat, score in enumerate((40, 50, 40, 50)):
        s.players[seat].score = score
    s.phase = "over"
    ranked = places(s)
    assert sorted(place for place, _ in ranked) == [1, 1, 3, 3]
    assert {seat for place, seat in ranked if place == 1} == {1, 3}


def test_y8_online_games_have_no_edition_options() -> None:
    with pytest.raises(ValidationError, match="Y-8"):
        config(automatic_decline=True)


def test_y3_5_2_reorganization_as_classic() -> None:
    s = online()
    s = give_civ(s, 0, ("barbarians", "agriculture"), hand=8)
    s = put(s, "dunes", 0, 1)
    s = start_turn(s, 0).apply(Conquer("desert"))
    s = s.apply(__import__("vinci_core").Finish())
    assert s.phase == "reorganize"
    s = s.apply(PlaceAll.of({"dunes": 5, "desert": 4}))
    assert (tokens(s, "dunes"), tokens(s, "desert")) == (5, 4)


@pytest.mark.parametrize("seed", range(6))
def test_y4_the_fast_cost_equals_its_explanation(seed: int) -> None:
    """The hot loop's total and cost_terms' terms agree over random online positions."""
    from vinci_core.rulesets.online import cost_terms

    game = play_random(config(4, seed=seed), seed=seed)
    rs = game.state.ruleset
    state = new_game(game.state.config)
    for action in game.actions:
        state = state.apply(action)
        if state.phase == "expand":
            seat = state.turn_seat
            for target, origin in rs.reach(state, seat).items():
                assert rs.cost(state, seat, target, origin) == sum(
                    v for _, v, _ in cost_terms(state, seat, target, origin))


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_y0_3_virtual_players_play_online_games_to_the_end(seats: int) -> None:
    """V-3 … V-8 with the Y costs and scores: a human seat and virtual ones (solo and
    two-player online games are games of 2+ seats, some of them virtual)."""
    from vinci_core import play_game

    cfg = config([Seat(name="Me")] + [Seat(name=f"V{i}", virtual=True)
                                      for i in range(1, seats)], seed=seats)
    state = play_game(cfg)
    assert state.is_terminal and state.round == ROUNDS[seats]
    assert all(score >= 0 for score in state.scores)


def test_y9_0_online_games_run_in_a_session_with_their_tile_names() -> None:
    """The page's session plays an online game and names its new tiles."""
    from vinci_core.table.session import Session
    from vinci_core.words.tilewords import tile_name

    assert tile_name("camels") == "Camels"
    session = Session.new(config(3, seed=2))
    view = session.view()
    assert view["ruleset"] == "online" and view["last_round"] == 12
