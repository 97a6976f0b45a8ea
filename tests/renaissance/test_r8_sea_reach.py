"""R-8.6–R-8.8, R-15.A, R-15.U: reach over the sea, on our board's coastal path graph."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, edit, owning, set_up

from renaissance_core import IllegalAction
from renaissance_core.game.actions import Place
from renaissance_core.turn.expand import placeable
from renaissance_core.turn.reach import galley_reach, land_reach, sea_reach, within_reach

RULEBOOK_LONDON = {"edinburgh", "york", "portsmouth", "cornwall", "saint_malo", "paris",
                   "bruges", "amsterdam"}


def _five(first="london", fleet=("galley", 2), bought=6):
    """Five players (London and Paris in play), phase 5 with ``first``'s player to place."""
    state = set_up(5, capitals=["london", "paris", "venice", "genoa", "barcelona"])
    seat = state.capital.index(first)
    order = [seat] + [p for p in range(5) if p != seat]
    kinds, sizes = [None] * 5, [0] * 5
    kinds[seat], sizes[seat] = fleet
    per_seat = [bought if p == seat else 0 for p in range(5)]
    state = at(state, "expand", order=order, bought=per_seat, fleet_kind=kinds,
               fleet_size=sizes, stock_tokens=[36 - n for n in per_seat])
    return state, seat


def test_r8_6_london_with_galley_2_reaches_the_rulebook_s_eight_provinces():
    state, seat = _five()
    assert set(sea_reach(state, seat)) == RULEBOOK_LONDON
    # Land reach is the other way from the same bases; the two are not chained
    # within one move, and a token may go wherever either leads.
    assert set(land_reach(state, seat)) == {"london", "bristol", "portsmouth", "york"}
    assert set(within_reach(state, seat)) == RULEBOOK_LONDON | {"london", "bristol"}


def test_r8_6_paris_cannot_enter_london_without_galley_2_or_s():
    state, seat = _five("paris")
    assert "london" not in land_reach(state, seat)
    assert "london" not in galley_reach(state, {"paris"}, 1, astronomy=False)
    assert "london" in sea_reach(state, seat)  # galley 2
    three_master, _ = _five("paris", fleet=("three_master", 10))
    assert "london" in sea_reach(three_master, seat)
    unshipped, _ = _five("paris", fleet=(None, 0))
    assert "london" not in placeable(unshipped, seat)


def test_r8_6_a_galley_carries_at_most_its_size_into_one_province_a_round():
    state, seat = _five()
    state = state.apply(Place("edinburgh")).apply(Place("edinburgh"))
    assert state.shipped["edinburgh"][seat] == 2
    assert "edinburgh" not in placeable(state, seat)
    with pytest.raises(IllegalAction):
        state.apply(Place("edinburgh"))
    for _ in range(3):  # over land the same player places without that limit
        state = state.apply(Place("york"))
    assert state.control["york"] == seat and "york" not in state.shipped


def test_r8_6_the_limit_starts_again_next_round():
    state, seat = _five()
    state = state.apply(Place("edinburgh")).apply(Place("edinburgh"))
    from renaissance_core.turn.expand import settle

    state = state.clone()
    settle(state)
    assert state.shipped == {}


def test_r8_6_open_seas_are_not_crossed_without_astronomy():
    state, seat = _five("venice")
    reach = sea_reach(state, seat)
    assert {"istria", "dalmatia", "rome"} <= set(reach)
    assert "ragusa" not in reach  # three steps along the Dalmatian coast
    assert "iceland" not in galley_reach(state, set(state.board.areas), 8, astronomy=False)
    assert "west_africa" not in galley_reach(state, set(state.board.areas), 8, astronomy=False)


def test_r15_a_astronomy_crosses_the_adriatic_as_one_step():
    state, seat = _five("venice")
    state = owning(state, seat, "A")
    assert "ragusa" in sea_reach(state, seat)  # Venice, the Adriatic, Ragusa: two steps


def test_r8_6_west_africa_and_iceland_need_a_galley_with_astronomy_or_s():
    state, seat = _five("genoa", fleet=("galley", 8))
    morocco = edit(state, control={**state.control, "marrakesh": seat})
    assert "west_africa" not in sea_reach(morocco, seat)
    assert "west_africa" in sea_reach(owning(morocco, seat, "A"), seat)
    state, seat = _five("london", fleet=("galley", 2))
    scots = owning(edit(state, control={**state.control, "highlands": seat}), seat, "A")
    assert "iceland" in sea_reach(scots, seat)  # across the Norwegian Sea
    state, seat = _five("genoa", fleet=("three_master", 10))
    assert {"west_africa", "iceland"} <= set(sea_reach(state, seat))


def test_r8_7_a_three_master_reaches_every_coast_but_the_boxes_and_region_v_without_r():
    state, seat = _five("barcelona", fleet=("three_master", 10))
    reach = within_reach(state, seat)
    assert {"edinburgh", "alexandria", "dublin", "tunis"} <= set(reach)
    assert not {"china", "north_america"} & set(reach)
    assert "caffa" in sea_reach(state, seat) and "caffa" not in reach  # region V (R-8.9)
    assert "caffa" in within_reach(owning(state, seat, "R"), seat)
    assert reach["dublin"] == 10  # at most 10 tokens into one province this round


def test_r8_8_high_seas_reach_the_orient_but_the_new_world_only_with_u():
    state, seat = _five("barcelona", fleet=("high_seas", 1), bought=12)
    reach = within_reach(state, seat)
    assert {"china", "india", "far_east", "dublin"} <= set(reach)
    assert "north_america" not in reach
    for _ in range(5):  # any number of tokens: China's volume is 5
        state = state.apply(Place("china"))
    assert state.control["china"] == seat


def test_r15_u_the_new_world_is_entered_with_u():
    state, seat = _five("barcelona", fleet=("high_seas", 2))
    assert "south_america" in within_reach(owning(state, seat, "U"), seat)


def test_r8_8_at_most_k_overseas_boxes_are_held():
    state, seat = _five("barcelona", fleet=("high_seas", 1), bought=12)
    state = state.apply(Place("india"))
    assert "china" not in placeable(state, seat) and "india" in placeable(state, seat)
    assert "west_africa" in placeable(state, seat)  # not a box
    wider = edit(state, fleet_size=[2 if p == seat else 0 for p in range(5)])
    assert "china" in placeable(wider, seat)


def test_r8_6_the_coast_is_a_plausible_graph():
    board = set_up(3).board
    for area_id, steps in board.coast.items():
        area = board.areas[area_id]
        assert area.coastal and area.kind != "box"
        for other, sea in steps:
            assert sea in area.seas and sea in board.areas[other].seas
            assert (area_id, sea) in board.coast[other]
    unlinked = {a.id for a in board.areas.values()
                if a.coastal and a.kind != "box" and a.id not in board.coast}
    assert unlinked == {"iceland", "west_africa"}


def test_r8_6_the_board_s_table_of_galley_steps_covers_the_largest_galley():
    from renaissance_core.boards.board import LARGEST_GALLEY
    from renaissance_core.game.constants import FLEET_STEPS

    assert LARGEST_GALLEY == max(FLEET_STEPS["galley"])
