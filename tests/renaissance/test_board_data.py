"""The data files meet every number of RENAISSANCE.md §2.1–2.2 (the board), §2.3–2.5 (the
sheet's advances, the personalities, the events) and R-1.7 (the cards' periods)."""

from __future__ import annotations

from collections import Counter

import pytest

from renaissance_core.boards.board import load_board
from renaissance_core.game.cards import load_cards
from renaissance_core.game.constants import COMMODITIES
from renaissance_core.game.sheet import load_sheet

BOARD = load_board()
COMMODITY_ORDER = ("stone", "wool", "timber", "grain", "cloth", "wine", "metal", "fur", "silk",
                   "spice", "gold", "ivory")
# §2.2, one row per region: commodity provinces, satellites, value, then the count of each
# commodity in COMMODITY_ORDER.
REGION_TABLE = {
    "I": (6, 5, 30, (1, 0, 2, 1, 0, 0, 1, 1, 0, 0, 0, 0)),
    "II": (8, 5, 55, (0, 4, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1)),
    "III": (11, 5, 86, (3, 0, 0, 1, 3, 1, 1, 1, 0, 0, 1, 0)),
    "IV": (5, 2, 36, (0, 2, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0)),
    "V": (8, 3, 64, (0, 1, 1, 1, 0, 0, 0, 2, 1, 1, 1, 0)),
    "VI": (6, 5, 69, (0, 0, 0, 0, 0, 1, 0, 0, 1, 2, 1, 1)),
    "VII": (13, 3, 100, (4, 0, 2, 2, 3, 1, 1, 0, 0, 0, 0, 0)),
    "VIII": (11, 6, 97, (0, 2, 1, 1, 1, 1, 2, 0, 1, 0, 0, 2)),
    "orient": (3, 0, 123, (0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 1, 0)),
    "new_world": (2, 0, 41, (0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0)),
}
# §2.1: provinces of each commodity in play with 3/4/5/6 players.
IN_PLAY_COUNTS = {
    "stone": (4, 7, 7, 8), "wool": (5, 5, 9, 9), "timber": (4, 4, 5, 7), "grain": (5, 6, 7, 8),
    "cloth": (5, 8, 8, 8), "wine": (5, 6, 6, 6), "metal": (4, 5, 6, 7), "fur": (3, 4, 4, 5),
    "silk": (6, 6, 6, 6), "spice": (7, 7, 7, 7), "gold": (4, 5, 5, 5), "ivory": (3, 3, 4, 4),
}
TOTALS = {3: (48, 1602), 4: (59, 2122), 5: (67, 2449), 6: (73, 2737)}  # §2.2


def _areas(region: str):
    return [a for a in BOARD.areas.values() if a.region == region]


def _counts(areas) -> Counter:
    return Counter(c for a in areas for c in a.commodities)


@pytest.mark.parametrize("region", list(REGION_TABLE))
def test_each_region_meets_the_region_table(region):
    provinces, satellites, value, counts = REGION_TABLE[region]
    areas = _areas(region)
    assert sum(1 for a in areas if a.commodities) == provinces
    assert sum(1 for a in areas if a.kind == "satellite") == satellites
    found = _counts(areas)
    assert tuple(found[c] for c in COMMODITY_ORDER) == counts
    assert sum(COMMODITIES[c].base * n * n for c, n in found.items()) == value


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_provinces_in_play_per_player_count(players):
    regions = BOARD.regions_in_play(players)
    areas = [a for a in BOARD.areas.values() if a.region in regions]
    found = _counts(areas)
    for commodity, per_count in IN_PLAY_COUNTS.items():
        assert found[commodity] == per_count[players - 3], commodity
    provinces, value = TOTALS[players]
    assert sum(1 for a in areas if a.commodities) == provinces
    assert sum(COMMODITIES[c].base * n * n for c, n in found.items()) == value


def test_every_area_has_the_agreed_fields_and_sane_values():
    kinds = Counter(a.kind for a in BOARD.areas.values())
    assert kinds == {"province": 62, "satellite": 34, "capital": 6, "box": 5}
    for area in BOARD.areas.values():
        assert area.region in {*REGION_TABLE}
        assert area.volume >= 1
        assert set(area.commodities) <= set(COMMODITIES)
        if area.kind == "satellite":
            assert area.volume == 1 and not area.commodities
        else:
            assert area.commodities
        assert area.id not in area.neighbours


def test_neighbours_are_mutual_and_exist():
    for area in BOARD.areas.values():
        for other in area.neighbours:
            assert area.id in BOARD.areas[other].neighbours, (area.id, other)
        for support in area.supports:
            assert support in area.neighbours


def test_boxes_are_overseas_only_and_give_several_commodities():
    for area in BOARD.areas.values():
        if area.kind == "box":
            assert not area.neighbours
            assert len(area.commodities) == (2 if area.region == "orient" else 3)


def test_every_capital_lies_in_its_home_region_with_room_to_grow():
    for capital in BOARD.capitals:
        area = BOARD.areas[capital.id]
        assert area.kind == "capital" and area.region == capital.home_region
        assert len(area.neighbours) >= 3


def test_the_sheet_lists_26_advances_in_six_rows_with_sound_prerequisites():
    sheet = load_sheet()
    assert "".join(sheet.advances) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert [len(r) for r in sheet.groups.values()] == [4, 4, 5, 4, 4, 5]
    for letter, advance in sheet.advances.items():
        assert advance.cost > 0
        assert all(p < letter or p in sheet.advances for p in advance.prerequisites)
        assert set(advance.credits) <= set(sheet.advances) - {letter}
    # prerequisites form no circle: every advance can be bought in some order
    owned: set[str] = set()
    while len(owned) < 26:
        ready = {a for a, adv in sheet.advances.items()
                 if a not in owned and set(adv.prerequisites) <= owned}
        assert ready
        owned |= ready


def test_the_misery_track_runs_from_0_to_1000_upwards():
    levels = load_sheet().misery_levels
    assert levels[0] == 0 and levels[-1] == 1000
    assert all(a < b for a, b in zip(levels, levels[1:], strict=False))


def test_the_cards_by_kind_and_period():
    cards = load_cards().values()
    assert Counter(c.kind for c in cards) == {"commodity": 27, "event": 18, "personality": 19}
    assert Counter(c.period for c in cards) == {1: 29, 2: 22, 3: 13}
    per_commodity = Counter((c.commodities, c.period) for c in cards if c.kind == "commodity")
    assert per_commodity[(("stone",), 1)] == 2 and per_commodity[(("wine", "cloth"), 1)] == 1
    assert per_commodity[(("ivory", "gold"), 1)] == 1 and per_commodity[(("gold",), 3)] == 1
    assert all(c.reused for c in cards if c.kind == "commodity")
    assert not any(c.reused for c in cards if c.kind == "personality")
    squares = {c.id for c in cards if c.kind == "event" and not c.reused}
    assert squares == {"mongol_invasion", "longbows", "gunpowder"}
    assert {c.id for c in cards if c.set_aside} == {
        "crusade", "walter_sans_avoir", "rashid_al_din", "spice_1", "silk_1"}


# §2.2's "tokens to hold them all": the volumes of a region's commodity provinces. Region
# VII's printed 8 cannot be (13 provinces of volume 1 or more); the board gives it 33.
TOKENS_TO_HOLD = {"I": 18, "II": 25, "III": 35, "IV": 13, "V": 19, "VI": 24, "VII": 33,
                  "VIII": 28, "orient": 15, "new_world": 12}


@pytest.mark.parametrize("region", list(TOKENS_TO_HOLD))
def test_the_tokens_to_hold_each_region(region):
    volumes = sum(a.volume for a in _areas(region) if a.commodities)
    assert volumes == TOKENS_TO_HOLD[region]
