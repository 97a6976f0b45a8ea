"""Rulebook scenarios for C-2: choosing a civilization, including Specialization (C-2.6)."""

from __future__ import annotations

import pytest
from builders import (
    expect_illegal,
    finish_turn,
    give_civ,
    last_points,
    options,
    position,
    put,
    run,
    start_turn,
    tokens,
)

from vinci_core import Choose, Conquer, Diplomacy, Finish, Fort, GameState
from vinci_core.game.tiles import abilities, compatible

DISPLAY = [
    ("agriculture", "mining", 0),
    ("weapons", "medicine", 0),
    ("astronomy", "mountaineering", 0),
    ("diplomacy", "currency", 0),
    ("messengers", "slavery", 0),
    ("heritage", "militia", 0),
]


def choosing(seats: int = 3, score: int = 10, seat: int = 0) -> GameState:
    """Seat ``seat`` is about to choose from a known display (round 2)."""
    s = position(seats=seats)
    s.turn_seat, s.phase = seat, "choose"
    s.display = list(DISPLAY)
    s.players[seat].score = score
    return s


def test_c2_1_chosen_pair_becomes_the_active_civilization() -> None:
    """The player takes one displayed civilization; its two tiles become theirs."""
    s = choosing().apply(Choose(1))
    assert s.players[0].civ == ("agriculture", "mining")
    assert s.players[0].abilities == {"agriculture": 1, "mining": 1}


def test_c2_1_empty_slot_or_wrong_moment_refused() -> None:
    """A slot with no civilization cannot be chosen, nor can one choose mid-turn."""
    s = choosing()
    s.display = s.display[:4]
    expect_illegal(s, Choose(5), "C-2.1")
    t = start_turn(give_civ(put(position(), "castile", 0, 1), 0, ("weapons", "medicine")), 0)
    expect_illegal(t, Choose(1), "C-2.1")


def test_c2_2_skipped_slots_cost_two_vp_each_and_get_a_coin() -> None:
    """Slot III costs 4 VP and leaves a coin on slots I and II."""
    s = choosing().apply(Choose(3))
    assert s.players[0].score == 6
    assert [c for _, _, c in s.display[:2]] == [1, 1]
    assert s.players[0].civ == ("astronomy", "mountaineering")


def test_c2_2_slot_six_costs_ten_down_to_zero() -> None:
    """Slot VI costs 10 VP: with exactly 10 the score drops to 0, never below."""
    s = choosing(score=10).apply(Choose(6))
    assert s.players[0].score == 0
    assert [c for _, _, c in s.display[:5]] == [1, 1, 1, 1, 1]


def test_c2_2_slot_dearer_than_score_refused() -> None:
    """With 3 VP only slots I (free) and II (2 VP) can be taken."""
    s = choosing(score=3)
    assert s.legal_actions() == [Choose(1), Choose(2)]
    expect_illegal(s, Choose(3), "C-2.2")


def test_c2_3_coins_on_chosen_slot_pay_two_vp_each() -> None:
    """Slot II with 3 coins: pay 2 VP, gain 6 VP; the coins leave the game."""
    s = choosing()
    a, b, _ = s.display[1]
    s.display[1] = (a, b, 3)
    after = s.apply(Choose(2))
    assert after.players[0].score == 10 - 2 + 6
    assert after.display[0][2] == 1
    assert sum(c for _, _, c in after.display) == 1


def test_c2_4_pairs_shift_left_and_slot_six_is_refilled() -> None:
    """Taking slot III moves slots IV-VI one step left with their coins; a fresh legal pair
    from the bag fills slot VI."""
    s = choosing()
    a, b, _ = s.display[3]
    s.display[3] = (a, b, 2)
    bag = len(s.bag)
    after = s.apply(Choose(3))
    assert after.display[:5] == [
        ("agriculture", "mining", 1), ("weapons", "medicine", 1),
        ("diplomacy", "currency", 2), ("messengers", "slavery", 0), ("heritage", "militia", 0),
    ]
    new_a, new_b, coins = after.display[5]
    assert coins == 0 and compatible(new_a, new_b)
    assert len(after.bag) == bag - 2


def test_c2_5_worked_example_astronomy_mountaineering() -> None:
    """Astronomy (5) and Mountaineering (4) give 13 tokens with 5 players, 15 with 4."""
    five = choosing(seats=5).apply(Choose(3))
    assert five.players[0].hand == 13
    four = choosing(seats=4).apply(Choose(3))
    assert four.players[0].hand == 15


@pytest.mark.parametrize(("seats", "extra"), [(3, 8), (4, 6), (5, 4), (6, 3)])
def test_c2_5_extra_tokens_by_player_count(seats: int, extra: int) -> None:
    """Weapons (3) and Medicine (4) plus the extra tokens for the table size."""
    s = choosing(seats=seats).apply(Choose(2))
    assert s.players[0].hand == 7 + extra


def test_c2_6_worked_example_barbarians_specialization() -> None:
    """Barbarians (6) with Specialization (6 + 1) in a 5-player game: 17 tokens."""
    s = choosing(seats=5)
    s.display[0] = ("barbarians", "specialization", 0)
    assert s.apply(Choose(1)).players[0].hand == 17


# --- C-2.6: Specialization doubles what can be doubled ------------------------------------


def quiet_score(tiles: tuple[str, str], provinces: dict[str, int]) -> int:
    """VP of one turn without conquests for an empire of ``provinces`` (all connected)."""
    s = position()
    s = give_civ(s, 0, tiles, hand=0)
    for pid, n in provinces.items():
        s = put(s, pid, 0, n)
    s = finish_turn(start_turn(s, 0))
    return last_points(s, 0)


@pytest.mark.parametrize(("ability", "provinces", "single", "double"), [
    ("agriculture", {"aquitaine": 1, "burgundy": 1}, 4, 6),  # 2 farmlands
    ("livestock", {"castile": 1}, 2, 3),  # 1 pasture
    ("mining", {"pyrenees": 1}, 2, 4),  # a mountain with a mine
    ("ports", {"portugal": 1}, 2, 3),  # a port
    ("currency", {"pyrenees": 1, "castile": 1}, 3, 5),  # +1 per province, mountain too
    ("mountaineering", {"pyrenees": 1}, 1, 2),  # +1 per mountain
])
def test_c2_6_doubles_scoring_bonuses(ability: str, provinces: dict[str, int], single: int,
                                      double: int) -> None:
    """A doubled scoring tile gives its bonus twice."""
    assert quiet_score((ability, "barbarians"), provinces) == single
    assert quiet_score((ability, "specialization"), provinces) == double


def test_c2_6_doubles_agriculture() -> None:
    """Agriculture + Specialization: +2 per farmland."""
    assert quiet_score(("agriculture", "specialization"), {"burgundy": 1}) == 3


def test_c2_6_doubles_livestock() -> None:
    """Livestock + Specialization: +2 per pasture."""
    assert quiet_score(("livestock", "specialization"), {"castile": 1, "portugal": 1}) == 4


def test_c2_6_doubles_mining() -> None:
    """Mining + Specialization: +4 per mine."""
    assert quiet_score(("mining", "specialization"), {"burgundy": 1, "rhine": 1}) == 2 + 4


def test_c2_6_doubles_ports() -> None:
    """Ports + Specialization: +2 per port."""
    assert quiet_score(("ports", "specialization"), {"england": 1, "ireland": 1}) == 2 + 2


def test_c2_6_doubles_currency() -> None:
    """Currency + Specialization: +2 per province."""
    assert quiet_score(("currency", "specialization"), {"england": 1, "ireland": 1}) == 2 + 4


def test_c2_6_doubles_slavery() -> None:
    """Slavery + Specialization: 2 VP per token removed."""
    for tiles, points in ((("slavery", "barbarians"), 2 + 1), (("slavery", "specialization"),
                                                               2 + 2)):
        s = give_civ(position(), 0, tiles, hand=10)
        s = put(put(s, "castile", 0, 1), "portugal", "neutral", 1)
        s = finish_turn(run(start_turn(s, 0), Conquer("portugal")))
        assert last_points(s, 0) == points


def test_c2_6_doubles_ship_building() -> None:
    """Ship Building + Specialization: -2 when origin and target share a sea zone."""
    for tiles, cost in ((("ship_building", "barbarians"), 2), (("ship_building",
                                                                "specialization"), 1)):
        s = give_civ(position(), 0, tiles, hand=10)
        s = start_turn(put(put(s, "england", 0, 1), "ireland", "neutral", 1), 0)
        assert options(s)["ireland"] == cost


def test_c2_6_doubles_weapons() -> None:
    """Weapons + Specialization: -2 on every conquest."""
    for tiles, cost in ((("weapons", "barbarians"), 3), (("weapons", "specialization"), 2)):
        s = give_civ(position(), 0, tiles, hand=10)
        s = start_turn(put(put(s, "castile", 0, 1), "portugal", "neutral", 2), 0)
        assert options(s)["portugal"] == cost


def test_c2_6_doubles_mountaineering_discount() -> None:
    """Mountaineering + Specialization: an empty mountain costs 3 - 2 = 1."""
    for tiles, cost in ((("mountaineering", "barbarians"), 2),
                        (("mountaineering", "specialization"), 1)):
        s = give_civ(position(), 0, tiles, hand=10)
        s = start_turn(put(s, "castile", 0, 1), 0)
        assert options(s)["pyrenees"] == cost


def test_c2_6_doubles_militia() -> None:
    """Militia + Specialization: attacking that empire costs 2 more."""
    for tiles, cost in ((("militia", "barbarians"), 4), (("militia", "specialization"), 5)):
        s = give_civ(give_civ(position(), 1, tiles, hand=0), 0, ("heritage", "barbarians"),
                     hand=10)
        s = start_turn(put(put(s, "castile", 0, 1), "portugal", 1, 1), 0)
        assert options(s)["portugal"] == cost


def test_c2_6_doubles_fortification() -> None:
    """Fortification + Specialization: two forts in one turn, in different provinces."""
    s = give_civ(position(), 0, ("fortification", "specialization"), hand=0)
    s = start_turn(put(put(put(s, "castile", 0, 1), "portugal", 0, 1), "andalusia", 0, 1), 0)
    s = run(s, Finish(), Fort("castile"))
    assert s.phase == "end_of_turn"
    expect_illegal(s, Fort("castile"), "C-3.4.5")
    s = s.apply(Fort("portugal"))
    assert s.phase != "end_of_turn" and s.turn_seat == 1
    assert [pid for pid in ("castile", "portugal", "andalusia")
            if s.fort[s.board.index[pid]]] == ["castile", "portugal"]


def test_c2_6_doubles_espionage() -> None:
    """Espionage + Specialization: two fixed-cost conquests per turn, not three."""
    s = give_civ(position(), 0, ("espionage", "specialization"), hand=20)
    s = put(s, "castile", 0, 1)
    for pid in ("portugal", "andalusia", "pyrenees"):
        s = put(s, pid, "neutral", 4)
    s = run(start_turn(s, 0), Conquer("portugal", True), Conquer("andalusia", True))
    assert tokens(s, "portugal") == tokens(s, "andalusia") == 2
    expect_illegal(s, Conquer("pyrenees", True), "C-3.3.10")


def test_c2_6_doubles_field_general() -> None:
    """Field General + Specialization: 14 temporary tokens a turn."""
    s = give_civ(position(), 0, ("field_general", "specialization"), hand=0)
    s = start_turn(put(s, "castile", 0, 1), 0)
    assert (s.players[0].hand, s.players[0].temp) == (14, 14)


def test_c2_6_doubles_medicine() -> None:
    """Medicine + Specialization: 2 extra tokens a turn."""
    s = give_civ(position(), 0, ("medicine", "specialization"), hand=0)
    s = start_turn(put(s, "castile", 0, 1), 0)
    assert s.players[0].hand == 2


def test_c2_6_doubles_diplomacy() -> None:
    """Diplomacy + Specialization: peace with two players, not three."""
    s = give_civ(position(seats=4), 0, ("diplomacy", "specialization"), hand=0)
    s = run(start_turn(put(s, "castile", 0, 1), 0), Diplomacy(1), Diplomacy(2))
    assert s.peace == ((0, 1), (0, 2))
    expect_illegal(s, Diplomacy(3), "C-3.3.9")


@pytest.mark.parametrize("ability", ["astronomy", "messengers", "rebirth", "heritage",
                                     "revolutionaries", "barbarians"])
def test_c2_6_does_not_double(ability: str) -> None:
    """These abilities apply once even with Specialization (tokens still other + 1)."""
    assert abilities((ability, "specialization")) == {ability: 1}
    from vinci_core.game.tiles import TILES, civ_tokens
    assert civ_tokens((ability, "specialization")) == 2 * (TILES[ability].tokens or 0) + 1


def test_c2_6_rebirth_does_not_double_declines() -> None:
    """Rebirth + Specialization offers one end-of-turn decline, like Rebirth alone."""
    s = give_civ(position(), 0, ("rebirth", "specialization"), hand=0)
    s = run(start_turn(put(s, "castile", 0, 2), 0), Finish())
    assert s.phase == "end_of_turn"
    assert [type(a).__name__ for a in s.legal_actions()] == ["Decline", "EndTurn"]


def test_c2_7_supply_is_unlimited() -> None:
    """However many tokens of a colour are on the board, a new civilization gets its full
    count and Medicine keeps adding tokens."""
    s = choosing()
    for pid in ("ireland", "england", "brittany", "aquitaine", "burgundy"):
        s = put(s, pid, 0, 40, declined=True)
    s = s.apply(Choose(2))  # Weapons + Medicine
    assert s.players[0].hand == 3 + 4 + 8
    s = start_turn(s, 0)
    assert s.players[0].hand == 3 + 4 + 8 + 1
