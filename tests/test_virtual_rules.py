"""Virtual players (RULES.md V-1 … V-8), one scenario per rule on hand-built positions.

Board: tests/maps/mini.json. Burgundy borders Brittany (forest), Aquitaine (farmland),
the Alps (mountain) and Rhineland (pasture); Saxony (edge) borders Rhineland only.
"""

from __future__ import annotations

import pytest
from builders import give_civ, position, put, start_turn

from vinci_core import (
    Choose,
    Conquer,
    Decline,
    Diplomacy,
    EndTurn,
    Finish,
    Fort,
    GameConfig,
    IllegalAction,
    Keep,
    PlaceAll,
    Seat,
    decode_save,
    encode_save,
    new_game,
)
from vinci_core.game.defence import defence_level
from vinci_core.players.virtual import (
    HARD_EXTRA_TOKENS,
    HARD_START_VP,
    VirtualPlayer,
    best_target,
    decline_test,
    decline_wanted,
    empire_worth,
    expansion_tokens,
    fort_province,
    province_value,
    reorganization_placement,
    solo,
    two_player,
)
from vinci_core.turn.conquer import conquests

BARB = "barbarians"  # a tile with no ability: the other tile of a pair is the one tested
VP = VirtualPlayer()


def idx(s, pid: str) -> int:
    return s.board.index[pid]


def scene(tiles: tuple[str, str], hand: int, provinces: dict[str, object], seed: int = 0,
          seats: int = 3, virtual: tuple[int, ...] = (0,), acted: bool = True,
          **options: object):
    """Seat 0 holds ``tiles`` with ``hand`` tokens; ``provinces`` maps a province to
    ``n`` (seat 0 with n tokens), ``("neutral", n)``, ``(seat, n)`` or
    ``(seat, n, "declined"|"fort")``. The turn of seat 0 then starts; with ``acted`` the
    start-of-turn decline (V-7, tested on its own) is already past."""
    s = position(seats=seats, seed=seed, virtual=virtual, **options)
    s = give_civ(s, 0, tiles, hand=hand)
    for pid, spec in provinces.items():
        if isinstance(spec, int):
            s = put(s, pid, 0, spec)
        else:
            who, n, *flags = spec  # type: ignore[misc]
            s = put(s, pid, who, n, declined="declined" in flags, fort="fort" in flags)
    s = start_turn(s, 0)
    s.turn.acted = acted
    return s


def chosen(s, **options: object) -> str:
    action = VirtualPlayer(**options).act(s)  # type: ignore[arg-type]
    assert isinstance(action, Conquer), action
    return action.province


def to_phase(s, phase: str, player: VirtualPlayer = VP):
    while s.phase != phase:
        s = s.apply(player.act(s))
    return s


# --- V-1: game modes --------------------------------------------------------------------------

def test_v1_solo_is_one_human_and_three_virtual_to_150() -> None:
    cfg = GameConfig.solo("Ann", map="mini")
    assert [s.virtual for s in cfg.seats].count(True) == 3
    assert cfg.target() == 150
    cfg = solo("Ann", VirtualPlayer.hard(), map="mini")
    assert cfg.mode == "solo" and cfg.target() == 150


def test_v1_two_players_and_random_turn_order() -> None:
    cfg = two_player("Ann", "Bo", map="mini")
    assert [s.virtual for s in cfg.seats] == [False, True, False, True]
    assert cfg.target() == 150
    starts = {new_game(two_player("Ann", "Bo", map="mini", seed=k)).start for k in range(40)}
    assert len(starts) > 2  # C-1.6 / V-1: the start player is drawn
    with pytest.raises(ValueError, match="V-1"):
        GameConfig(seats=[Seat(name="A"), Seat(name="B"), Seat(name="C"), Seat(name="D")],
                   mode="two_player", map="mini")


def test_v1_virtual_seat_in_a_standard_game_gets_standard_tokens() -> None:
    seats = [Seat(name="A"), VP.seat("V"), Seat(name="C"), Seat(name="D"), Seat(name="E")]
    cfg = GameConfig(seats=seats, map="mini")
    assert cfg.target() == 100 and cfg.extra_tokens(1) == 4 == cfg.extra_tokens(0)


# --- V-2: civilization choice and tokens ------------------------------------------------------

def test_v2_always_slot_one_even_with_coins_elsewhere() -> None:
    s = new_game(GameConfig.solo(map="mini", seed=5)).clone()
    s.display[2] = (s.display[2][0], s.display[2][1], 3)
    seat = s.current_player
    s.players[seat].score = 50
    assert VP.act(s) == Choose(1)


def test_v2_eight_extra_tokens_for_virtual_six_for_humans() -> None:
    cfg = GameConfig.solo("Ann", map="mini", seed=1)
    assert [cfg.extra_tokens(i) for i in range(4)] == [6, 8, 8, 8]
    s = new_game(cfg)
    seat = s.current_player
    pair = s.display[0][:2]
    s = s.apply(VP.act(s))
    from vinci_core.game.tiles import civ_tokens
    assert s.players[seat].hand == civ_tokens(pair) + (8 if seat else 6)


def test_v2_harder_levels_start_with_15_vp_and_9_extra_tokens() -> None:
    hard = VirtualPlayer.hard(preference="formula")
    seat = hard.seat("Hard")
    assert (seat.start_vp, seat.extra_tokens) == (HARD_START_VP, HARD_EXTRA_TOKENS) == (15, 9)
    cfg = solo("Ann", hard, map="mini", seed=2)
    s = new_game(cfg)
    assert s.scores == [10, 15, 15, 15]
    assert s.rules.extra == (6, 9, 9, 9)
    # The options travel with the save: a resumed game plays on the same way.
    again = decode_save(encode_save(s.apply(VP.act(s))))
    assert VirtualPlayer.for_seat(again.config, 1) == hard
    assert VirtualPlayer(extra_tokens=12).seat("X").extra_tokens == 12


# --- V-3: value of a province -----------------------------------------------------------------

def test_v3_terrain_and_tile_bonuses() -> None:
    s = scene(("agriculture", "mining"), 5, {"burgundy": 1})
    assert province_value(s, 0, idx(s, "aquitaine")) == 2  # farmland + Agriculture
    assert province_value(s, 0, idx(s, "alps")) == 2  # mountain 0 + mine 2
    assert province_value(s, 0, idx(s, "rhine")) == 1
    s = scene(("mountaineering", "currency"), 5, {"burgundy": 1})
    assert province_value(s, 0, idx(s, "alps")) == 2  # Mountaineering 1 + Currency 1


def test_v3_slavery_counts_the_removed_token() -> None:
    s = scene(("slavery", BARB), 5, {"burgundy": 1, "aquitaine": ("neutral", 1),
                                    "rhine": (1, 2), "alps": (0, 1, "declined")})
    assert province_value(s, 0, idx(s, "aquitaine")) == 2
    assert province_value(s, 0, idx(s, "rhine")) == 2
    assert province_value(s, 0, idx(s, "brittany")) == 1  # empty: nothing removed


def test_v3_minus_what_the_declined_empire_loses_c338() -> None:
    provinces = {"burgundy": 1, "saxony": (0, 1, "declined"), "alps": (0, 1, "declined")}
    s = scene((BARB, "weapons"), 5, provinces)
    # Rhineland touches Saxony and the Alps: both would be cleared (pasture 1, mountain 0).
    assert province_value(s, 0, idx(s, "rhine")) == 0
    s = scene((BARB, "weapons"), 5, {"burgundy": 1, "saxony": (0, 1, "declined"),
                                     "castile": (0, 1, "declined")})
    assert province_value(s, 0, idx(s, "rhine")) == 0
    assert province_value(s, 0, idx(s, "aquitaine")) == 1
    s = scene(("heritage", BARB), 5, {"burgundy": 1, "saxony": (0, 1, "declined")})
    assert province_value(s, 0, idx(s, "rhine")) == 1  # Heritage: nothing is cleared


# --- V-4: greedy entry and expansion ----------------------------------------------------------

def test_v4_highest_value_first_then_best_affordable() -> None:
    provinces = {"burgundy": 1, "aquitaine": ("neutral", 2), "brittany": ("neutral", 1)}
    s = scene(("agriculture", "weapons"), 3, provinces)
    assert chosen(s) == "aquitaine"  # value 2 at cost 3 beats value 1 at cost 1
    s = scene(("agriculture", "weapons"), 2, provinces)
    assert chosen(s) == "rhine"  # Aquitaine unaffordable: Rhineland (1, cost 1) is next


def test_v4_equal_value_goes_to_the_lowest_cost() -> None:
    s = scene((BARB, "medicine"), 9, {"burgundy": 1, "aquitaine": ("neutral", 1),
                                      "brittany": ("neutral", 1)})
    assert chosen(s) == "rhine"  # value 1 at cost 2; Aquitaine costs 3, Brittany 4
    s = scene((BARB, "medicine"), 9, {"burgundy": 1, "aquitaine": ("neutral", 1),
                                      "rhine": ("neutral", 2), "brittany": ("neutral", 2)})
    assert chosen(s) == "aquitaine"  # value 1 at cost 3, the others cost 4 and 5


def test_v4_remaining_ties_go_to_the_game_die() -> None:
    seen = set()
    for seed in range(12):
        s = scene(("weapons", BARB), 6, {"burgundy": 1, "aquitaine": ("neutral", 1),
                                         "rhine": ("neutral", 1), "brittany": ("neutral", 1)},
                  seed=seed)
        # Aquitaine and Rhineland both cost 2 (Weapons), Brittany 3: tie between the two.
        tied = sorted([idx(s, "aquitaine"), idx(s, "rhine")])
        expected = s.board.ids[tied[s.die(2, 3)]]
        target = best_target(s, 0)
        assert target is not None and s.board.ids[target.province] == expected
        assert chosen(s) == expected == chosen(s)  # deterministic: the die does not advance
        seen.add(expected)
    assert seen == {"aquitaine", "rhine"}


def test_v4_formula_prefers_the_empty_mountain_to_the_farmland_with_6_tokens() -> None:
    provinces = {"burgundy": 1, "aquitaine": ("neutral", 6), "brittany": ("neutral", 9),
                 "rhine": ("neutral", 9)}
    s = scene(("agriculture", BARB), 20, provinces)
    assert chosen(s) == "aquitaine"  # by value: 2 VP beats the mountain's 0
    assert chosen(s, preference="formula") == "alps"  # 3 - 0 < 8 - 2 x 2
    s = scene((BARB, "medicine"), 20, provinces)
    assert chosen(s, preference="formula") == "alps"  # 3 - 0 < 8 - 2 x 1


def test_v4_tiebreak_prefers_humans() -> None:
    provinces = {"burgundy": 1, "aquitaine": (1, 1), "rhine": (2, 1), "brittany": ("neutral", 9)}
    for seed in range(8):
        s = scene((BARB, "medicine"), 6, provinces, seed=seed, virtual=(0, 2))
        assert chosen(s, tiebreak_prefers_humans=True) == "aquitaine"  # seat 1 is human
    firsts = {chosen(scene((BARB, "medicine"), 6, provinces, seed=k, virtual=(0, 2)))
              for k in range(12)}
    assert firsts == {"aquitaine", "rhine"}  # without the option: the die


def test_v4_conquers_while_tokens_allow_and_never_empties_a_province() -> None:
    s = scene((BARB, "weapons"), 2, {"burgundy": 4, "rhine": 3, "saxony": 1})
    turn = s.turn_seat
    actions = []
    while s.turn_seat == turn and s.phase != "choose":
        before = s
        action = VP.act(s)
        actions.append(action)
        if isinstance(action, Finish):
            hand = before.players[0].hand
            assert all(c > hand for c in conquests(before, 0).values())
        s = s.apply(action)
    kinds = [a.kind for a in actions]
    assert "abandon" not in kinds and kinds.count("finish") == 1
    assert kinds.index("finish") >= 2  # it conquered before stopping
    assert {s.board.ids[p] for p in s.empire(0)} >= {"burgundy", "rhine", "saxony"}


def test_v4_never_takes_a_province_that_lowers_the_score() -> None:
    # Every target would clear more declined VP than it brings: the turn ends at once.
    s = scene((BARB, "weapons"), 9, {"alps": 1, "burgundy": (0, 1, "declined"),
                                     "rhine": (0, 1, "declined"), "italy": (1, 12)})
    assert VP.act(s) == Finish()


def test_v4_espionage_counts_in_ties() -> None:
    provinces = {"ireland": 1, "england": 1, "brittany": 1, "burgundy": 1,
                 "aquitaine": ("neutral", 3), "rhine": ("neutral", 1)}
    s = scene(("espionage", BARB), 6, provinces)
    assert VP.act(s) == Conquer("aquitaine", espionage=True)  # 2 by Espionage < 3
    s = s.apply(VP.act(s))
    assert VP.act(s) == Conquer("rhine")  # no Espionage left: normal cost


# --- V-5: reorganization and returned tokens --------------------------------------------------

def test_v5_homogeneous_defence_with_forest_mountain_and_fort() -> None:
    provinces = {"brittany": 1, "burgundy": 1, "alps": 1, "rhine": (0, 1, "fort")}
    s = scene((BARB, "weapons"), 5, provinces)
    s = to_phase(s.apply(Finish()), "reorganize")
    action = VP.act(s)
    assert dict(action.placement) == {"brittany": 2, "burgundy": 3, "alps": 2, "rhine": 2}
    s = s.apply(action)
    levels = {defence_level(s, idx(s, p)) for p in provinces}
    assert levels == {5}


def leftover_scene(tiles: tuple[str, str], seed: int = 0, waiting: bool = False,
                   neighbour: str | None = None):
    # 8 tokens on Saxony, Rhineland, Burgundy, Alps: levels 4 everywhere, one left over.
    s = position(seats=3, seed=seed, virtual=(0,))
    s = give_civ(s, 0, tiles, hand=4)
    for pid in ("saxony", "rhine", "burgundy", "alps"):
        s = put(s, pid, 0, 1)
    if waiting:
        s = give_civ(s, 1, (BARB, "medicine"), hand=10)  # a civilization waits to enter
    if neighbour:
        s = give_civ(s, 2, (BARB, "medicine"), hand=0)
        s = put(s, neighbour, 2, 1)
    s = start_turn(s, 0)
    s = to_phase(s.apply(Finish()), "reorganize")
    placement = dict(VP.act(s).placement)
    extra = [p for p, n in placement.items() if n > (1 if p == "alps" else 2)]
    assert sum(placement.values()) == 8 and len(extra) == 1, placement
    return s, extra[0]


def test_v5_leftovers_to_edge_provinces_when_a_civilization_waits() -> None:
    assert leftover_scene(("agriculture", BARB), waiting=True, neighbour="italy")[1] == "saxony"


def test_v5_leftovers_next_to_another_active_empire() -> None:
    assert leftover_scene(("agriculture", BARB), neighbour="italy")[1] == "alps"


def test_v5_leftovers_to_the_more_valuable_province_then_a_die() -> None:
    assert leftover_scene(("agriculture", BARB))[1] == "burgundy"
    seen = {leftover_scene((BARB, "weapons"), seed=k)[1] for k in range(16)}
    assert seen <= {"saxony", "rhine", "burgundy"} and len(seen) > 1


def test_v5_fewer_tokens_than_provinces_keeps_the_most_valuable() -> None:
    s = scene(("agriculture", BARB), 0, {"saxony": 1, "italy": 0, "castile": 0})
    s = to_phase(s.apply(Finish()), "reorganize") if s.phase == "expand" else s
    # One token, three provinces: it goes to Italy (farmland with Agriculture).
    assert reorganization_placement(s, 0) == {idx(s, "italy"): 1}


def test_v5_returned_defender_tokens() -> None:
    # Seat 2 (virtual) loses Rhineland with 3 tokens: 2 come back, placed by V-5.
    s = position(seats=3, virtual=(2,))
    s = give_civ(s, 0, (BARB, "weapons"), hand=12)
    s = give_civ(s, 2, (BARB, "medicine"), hand=0)
    s = put(s, "saxony", 0, 1)
    s = put(s, "rhine", 2, 3)
    s = put(s, "burgundy", 2, 1)
    s = put(s, "alps", 2, 1)
    s = start_turn(s, 0)
    s = s.apply(Conquer("rhine"))
    assert s.players[2].returned == 2
    s = s.apply(Finish())
    while s.turn_seat == 0:
        s = s.apply(VP.act(s))
    # Burgundy (level 3) gets the first; then Burgundy and the Alps stand at 4, both next
    # to the attacker: the more valuable Burgundy gets the second.
    assert (s.tokens[idx(s, "burgundy")], s.tokens[idx(s, "alps")]) == (3, 1)


def test_v5_answers_a_redistribution_for_a_choosing_defender() -> None:
    s = position(seats=3)
    s = give_civ(s, 0, (BARB, "weapons"), hand=12)
    s = give_civ(s, 1, (BARB, "medicine"), hand=0)
    s = put(s, "saxony", 0, 1)
    s = put(s, "rhine", 1, 4)
    s = put(s, "burgundy", 1, 1)
    s = put(s, "brittany", 1, 1)
    s = start_turn(s, 0)
    s = s.apply(Conquer("rhine")).apply(Finish())
    s = to_phase(s, "redistribute")
    assert s.current_player == 1
    action = VP.act(s)
    assert action == PlaceAll.of({"burgundy": 2, "brittany": 1})  # levels 5 and 5
    s = s.apply(action)
    assert s.turn_seat == 1


# --- V-6: cohesion ----------------------------------------------------------------------------

def test_v6_virtual_empires_ignore_cohesion() -> None:
    s = scene((BARB, "weapons"), 0, {"burgundy": 2, "castile": 2})
    s = s.apply(Finish())
    assert s.phase != "keep"  # split, but a virtual empire keeps both parts
    assert {s.board.ids[p] for p in s.empire(0)} == {"burgundy", "castile"}
    human = scene((BARB, "weapons"), 0, {"burgundy": 2, "castile": 2}, virtual=())
    human = human.apply(Finish())
    assert human.phase == "keep"
    assert VP.act(human) in (Keep("burgundy"), Keep("castile"))


def test_v6_fewer_tokens_than_provinces_need_not_stay_connected() -> None:
    provinces = {"saxony": 1, "italy": 1, "castile": 0, "rhine": 0}
    s = scene(("agriculture", BARB), 0, provinces)
    s = s.apply(Finish())
    assert s.phase == "reorganize"
    action = VP.act(s)
    placement = dict(action.placement)
    assert placement["italy"] == 1 and sum(placement.values()) == 2
    s.apply(action)  # legal although Italy touches none of the others
    # A human seat on a connected chain Saxony - Rhineland - Alps - Italy, 2 tokens.
    chain = {"saxony": 1, "rhine": 0, "alps": 0, "italy": 1}
    human = scene(("agriculture", BARB), 0, chain, virtual=()).apply(Finish())
    assert human.phase == "reorganize"
    with pytest.raises(IllegalAction, match="C-3.4.3"):
        human.apply(PlaceAll.of({"italy": 1, "saxony": 1}))
    action = VP.act(human)  # by the book for a seat bound by cohesion: a connected pair
    assert action == PlaceAll.of({"italy": 1, "alps": 1})
    human.apply(action)


# --- V-7: decline -----------------------------------------------------------------------------

@pytest.mark.parametrize(("worth", "tokens", "roll", "fg", "expected"), [
    (9, 3, 4, False, True), (9, 3, 3, False, False), (10, 0, 6, False, False),
    (9, 5, 6, False, True), (9, 6, 6, False, False), (0, 0, 1, False, True),
    (5, 2, 5, True, True), (5, 2, 4, True, False), (5, 3, 6, True, False),
])
def test_v7_decline_rule(worth: int, tokens: int, roll: int, fg: bool, expected: bool) -> None:
    assert decline_wanted(worth, tokens, roll, fg) is expected


def test_v7_decline_test_rolls_the_game_die() -> None:
    outcomes = set()
    for seed in range(16):
        s = scene((BARB, "weapons"), 3, {"burgundy": 1, "rhine": 1}, seed=seed, acted=False)
        assert empire_worth(s, 0) == 2 and expansion_tokens(s, 0) == 3
        roll = s.die(6, 1) + 1
        action = VP.act(s)
        assert (action == Decline()) is (roll > 3)
        outcomes.add(action == Decline())
    assert outcomes == {True, False}


def test_v7_rich_or_well_supplied_empires_never_decline() -> None:
    farms = {"england": 1, "aquitaine": 1, "burgundy": 1, "italy": 1}
    for seed in range(10):
        s = scene(("agriculture", "specialization"), 2, farms, seed=seed)
        assert empire_worth(s, 0) == 12 and not decline_test(s, 0)
        s = scene((BARB, "weapons"), 6, {"burgundy": 1}, seed=seed)
        assert not decline_test(s, 0)


# --- V-8: tiles -------------------------------------------------------------------------------

def test_v8_slavery_prefers_a_held_province() -> None:
    provinces = {"burgundy": 1, "brittany": 1, "aquitaine": ("neutral", 1),
                 "england": ("neutral", 9)}
    assert chosen(scene(("slavery", BARB), 6, provinces)) == "aquitaine"  # 2 VP at cost 3
    assert chosen(scene((BARB, "medicine"), 6, provinces)) == "rhine"  # 1 VP at cost 2


def test_v8_ship_building_enters_on_an_open_sea_coast() -> None:
    coast = {"ireland": ("neutral", 3), "england": ("neutral", 3),
             "portugal": ("neutral", 3), "andalusia": ("neutral", 3)}
    assert chosen(scene((BARB, "medicine"), 12, coast)) == "saxony"  # cheapest: no sea
    assert chosen(scene(("ship_building", BARB), 12, coast)) in {"ireland", "england",
                                                                  "portugal"}
    # With Revolutionaries too, Crimea (only on the inland Black Sea) is never the entry.
    everywhere = {pid: ("neutral", 3) for pid in ("ireland", "england", "brittany", "aquitaine",
                                                  "burgundy", "castile", "portugal",
                                                  "andalusia", "italy", "rhine", "saxony",
                                                  "sicily")}
    assert chosen(scene(("revolutionaries", BARB), 12, everywhere)) == "crimea"
    assert chosen(scene(("ship_building", "revolutionaries"), 12, everywhere)) != "crimea"


def test_v8_field_general_declines_only_below_3_tokens_minus_2() -> None:
    outcomes = set()
    for seed in range(16):
        s = scene(("field_general", BARB), 2, {"burgundy": 1}, seed=seed, acted=False)
        assert s.players[0].hand == 9 and expansion_tokens(s, 0) == 2
        roll = s.die(6, 1) + 1
        assert (VP.act(s) == Decline()) is (roll - 2 > 2)
        outcomes.add(VP.act(s) == Decline())
        s = scene(("field_general", BARB), 3, {"burgundy": 1}, seed=seed, acted=False)
        assert VP.act(s) != Decline()  # 3 tokens: no decline test with Field General
    assert outcomes == {True, False}


def test_v8_fortification_where_most_enemies_and_neutrals_border() -> None:
    provinces = {"burgundy": 1, "brittany": 1, "aquitaine": 1, "rhine": ("neutral", 1),
                 "alps": (1, 1), "england": ("neutral", 1)}
    s = to_phase(scene(("fortification", BARB), 0, provinces), "end_of_turn")
    assert fort_province(s, 0) == idx(s, "burgundy")  # Rhineland and the Alps
    assert VP.act(s) == Fort("burgundy")
    s = s.apply(VP.act(s))
    assert s.turn_seat != 0  # one fort, then the turn ends
    # Tie on one neighbour each: England (1 VP) beats the Pyrenees (mountain, 0 VP).
    provinces = {"burgundy": 1, "brittany": 1, "aquitaine": 1, "england": ("neutral", 1),
                 "pyrenees": (2, 1)}
    s = to_phase(scene(("fortification", BARB), 0, provinces), "end_of_turn")
    assert VP.act(s) == Fort("brittany")


def test_v8_astronomy_considers_sea_reachable_provinces() -> None:
    provinces = {"portugal": 1, "andalusia": 1}
    s = scene(("astronomy", "ports"), 8, provinces)
    assert chosen(s) in {"england", "aquitaine", "italy", "sicily"}  # ports across the sea
    assert chosen(scene((BARB, "ports"), 8, provinces)) == "castile"


def test_v8_diplomacy_makes_peace_with_a_human() -> None:
    s = scene(("diplomacy", BARB), 6, {"burgundy": 1}, seats=3, virtual=(0, 2))
    assert VP.act(s) == Diplomacy(1)
    seen = set()
    for seed in range(12):
        s = scene(("diplomacy", BARB), 6, {"burgundy": 1}, seats=3, virtual=(0,), seed=seed)
        action = VP.act(s)
        assert action == Diplomacy([1, 2][s.die(2, 2)])
        seen.add(action)
        s = s.apply(action)
        assert not isinstance(VP.act(s), Diplomacy)  # one partner only
    assert seen == {Diplomacy(1), Diplomacy(2)}
    # Specialization: two partners, both humans.
    s = scene(("diplomacy", "specialization"), 6, {"burgundy": 1}, seats=3, virtual=(0,))
    s = s.apply(VP.act(s))
    s = s.apply(VP.act(s))
    assert sorted(b for _, b in s.peace) == [1, 2]


def test_v8_diplomacy_without_humans_names_the_strongest_neighbour() -> None:
    provinces = {"burgundy": 1, "rhine": (1, 1), "aquitaine": (2, 3)}
    s = scene(("diplomacy", BARB), 6, provinces, virtual=(0, 1, 2))
    assert VP.act(s) == Diplomacy(2)
    s = scene(("diplomacy", BARB), 6, {"burgundy": 1}, virtual=(0, 1, 2))
    assert isinstance(VP.act(s), Conquer)  # no neighbour: nobody is named


def test_v8_rebirth_tests_decline_at_the_end_of_the_turn() -> None:
    s = scene(("rebirth", BARB), 0, {"burgundy": 1, "rhine": 1}, acted=False)
    assert VP.act(s) == Finish()  # no start-of-turn decline for a Rebirth empire
    s = to_phase(s, "end_of_turn")
    assert expansion_tokens(s, 0, at_end=True) == 0
    assert VP.act(s) == Decline()  # worth 2, 0 tokens: any roll is above 0
    s = s.apply(VP.act(s))
    assert s.phase == "choose" and s.turn_seat == 0
    rich = {"england": 1, "aquitaine": 1, "burgundy": 1, "italy": 1, "sicily": 1,
            "castile": 1, "portugal": 1, "rhine": 1, "saxony": 1, "ireland": 1}
    s = to_phase(scene(("rebirth", BARB), 0, rich), "end_of_turn")
    assert VP.act(s) == EndTurn()


def test_v8_heritage_prefers_the_attacker_of_its_declined_empire() -> None:
    provinces = {"burgundy": 1, "saxony": (0, 1, "declined"), "rhine": (1, 1),
                 "aquitaine": (2, 1), "brittany": ("neutral", 9)}
    for seed in range(10):
        s = scene(("heritage", BARB), 6, provinces, seed=seed)
        assert chosen(s) == "rhine"


def test_v8_revolutionaries_enter_anywhere() -> None:
    entries = {pid: ("neutral", 1) for pid in ("ireland", "england", "portugal", "andalusia",
                                              "saxony")}
    s = scene(("revolutionaries", BARB), 10, entries)
    assert not s.board.entry[idx(s, chosen(s))]
    assert s.board.entry[idx(s, chosen(scene((BARB, "medicine"), 10, entries)))]
