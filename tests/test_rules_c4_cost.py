"""Rulebook scenarios for C-4: the cost of a conquest, term by term, and the four worked
examples of the rules."""

from __future__ import annotations

from builders import give_civ, options, position, put, start_turn, tokens

from vinci_core import Conquer, GameState, conquest_cost


def attacker(tiles: tuple[str, str] = ("barbarians", "heritage"), hand: int = 20,
             s: GameState | None = None, **board: object) -> GameState:
    """Seat 0 to play with ``tiles``; ``board`` maps provinces to ``put`` arguments."""
    s = give_civ(position() if s is None else s, 0, tiles, hand=hand)
    for pid, spec in board.items():
        s = put(s, pid, *spec) if isinstance(spec, tuple) else put(s, pid, spec)
    return start_turn(s, 0)


def paid(s: GameState, province: str) -> int:
    """Tokens the conquest really takes from hand (and puts in the province)."""
    after = s.apply(Conquer(province))
    spent = s.players[0].hand - after.players[0].hand
    assert tokens(after, province) == spent
    return spent


# --- the worked examples -----------------------------------------------------------------------


def test_c4_worked_example_forest_two_neutrals_at_entry() -> None:
    """A forest held by 2 neutral tokens, taken as the entry province: 5."""
    s = attacker(andalusia=("neutral", 2))
    assert options(s)["andalusia"] == 5
    assert conquest_cost(s, "andalusia").total == 5
    assert paid(s, "andalusia") == 5


def test_c4_worked_example_empty_mountain() -> None:
    """An empty mountain: 3."""
    s = attacker(aquitaine=(0, 1))
    assert options(s)["pyrenees"] == 3
    assert paid(s, "pyrenees") == 3


def test_c4_worked_example_one_defender_from_a_mountain() -> None:
    """A normal province with 1 defender, attacked from a mountain: 2."""
    s = attacker(pyrenees=(0, 1), castile=("neutral", 1))
    assert options(s)["castile"] == 2
    assert paid(s, "castile") == 2


def test_c4_worked_example_farmland_six_tokens() -> None:
    """A farmland held by 6 tokens: 8."""
    s = give_civ(position(), 1, ("barbarians", "heritage"), hand=0)
    s = attacker(s=s, brittany=(0, 1), burgundy=(1, 6))
    assert options(s)["burgundy"] == 8
    assert paid(s, "burgundy") == 8


# --- the terms ---------------------------------------------------------------------------------


def test_c4_base_three_for_forest_and_mountain_two_otherwise() -> None:
    """Empty provinces entered by Revolutionaries (no discount): forests and mountains 3,
    farmland, pasture and hills 2."""
    s = attacker(("revolutionaries", "barbarians"))
    costs = options(s)
    for pid in s.board.ids:
        terrain = s.board.province(pid).terrain
        assert costs[pid] == (3 if terrain in ("forest", "mountain") else 2), pid


def test_c4_defenders_add_one_per_token_of_anyone_else() -> None:
    """+1 per neutral token, per token of another player, per token of one's own declined
    empire."""
    s = give_civ(position(), 1, ("barbarians", "heritage"), hand=0)
    s = attacker(s=s, castile=(0, 1), portugal=("neutral", 2), andalusia=(1, 3),
                 pyrenees=(0, 1, True))
    assert options(s) == {"portugal": 2 + 2, "andalusia": 3 + 3, "pyrenees": 3 + 1}


def test_c4_fort_adds_one() -> None:
    s = attacker(castile=(0, 1), portugal=("neutral", 1, False, True))
    assert options(s)["portugal"] == 2 + 1 + 1
    assert paid(s, "portugal") == 4


def test_c4_militia_adds_one_for_an_active_empire_only() -> None:
    """Militia defends its active empire (+1), not the same player's declined province."""
    s = give_civ(position(), 1, ("militia", "barbarians"), hand=0)
    s = attacker(s=s, castile=(0, 1), portugal=(1, 1), andalusia=(1, 1, True))
    assert options(s)["portugal"] == 2 + 1 + 1
    assert options(s)["andalusia"] == 3 + 1


def test_c4_mountain_or_fort_origin_discount() -> None:
    """-1 when attacking from a mountain or from a province with a fort."""
    s = attacker(pyrenees=(0, 1), castile=("neutral", 1))
    assert options(s)["castile"] == 2
    s = attacker(portugal=(0, 1, False, True), castile=("neutral", 1))
    assert options(s)["castile"] == 2
    s = attacker(portugal=(0, 1), castile=("neutral", 1))
    assert options(s)["castile"] == 3


def test_c4_origin_discount_not_across_the_sea() -> None:
    """A fortified Italy helps against the Alps (a border) but not against Sicily, reached
    across the sea with Astronomy."""
    s = attacker(("astronomy", "barbarians"), italy=(0, 1, False, True))
    assert options(s)["alps"] == 3 - 1
    assert options(s)["sicily"] == 2
    assert paid(s, "sicily") == 2


def test_c4_weapons_discount() -> None:
    s = attacker(("weapons", "barbarians"), castile=(0, 1), portugal=("neutral", 1))
    assert options(s)["portugal"] == 2 + 1 - 1


def test_c4_mountaineering_discount_on_mountains_only() -> None:
    s = attacker(("mountaineering", "barbarians"), castile=(0, 1), portugal=("neutral", 1))
    assert options(s)["pyrenees"] == 3 - 1
    assert options(s)["portugal"] == 2 + 1


def test_c4_ship_building_when_both_border_one_sea_zone() -> None:
    """England -> Ireland (Atlantic) and England -> Brittany (Channel) get -1; Brittany ->
    Burgundy (no sea) does not."""
    s = attacker(("ship_building", "barbarians"), england=(0, 1), brittany=(0, 1),
                 ireland=("neutral", 1), burgundy=("neutral", 1))
    assert options(s)["ireland"] == 2 + 1 - 1
    assert options(s)["burgundy"] == 2 + 1
    s = attacker(("ship_building", "barbarians"), england=(0, 1), brittany=("neutral", 1))
    assert options(s)["brittany"] == 3 + 1 - 1


def test_c4_ship_building_across_the_sea_with_astronomy() -> None:
    s = attacker(("ship_building", "astronomy"), italy=(0, 1), sicily=("neutral", 1))
    assert options(s)["sicily"] == 2 + 1 - 1


def test_c4_ship_building_at_entry_from_the_sea() -> None:
    s = attacker(("ship_building", "barbarians"), ireland=("neutral", 1))
    assert options(s)["ireland"] == 2 + 1 - 1


def test_c4_espionage_replaces_the_formula_by_two() -> None:
    s = give_civ(position(), 1, ("militia", "barbarians"), hand=0)
    s = attacker(("espionage", "barbarians"), s=s, castile=(0, 1),
                 andalusia=(1, 6, False, True))
    assert options(s)["andalusia"] == 3 + 6 + 1 + 1
    assert conquest_cost(s, "andalusia", espionage=True).total == 2
    after = s.apply(Conquer("andalusia", True))
    assert s.players[0].hand - after.players[0].hand == 2 == tokens(after, "andalusia")


def test_c4_never_below_zero() -> None:
    """Double Weapons from a mountain against empty Castile: 2 - 1 - 2 -> 0, not -1."""
    s = attacker(("weapons", "specialization"), pyrenees=(0, 1))
    assert options(s)["castile"] == 0
    assert conquest_cost(s, "castile").total == 0
    assert paid(s, "castile") == 0


def test_c4_terms_explain_the_total() -> None:
    """The explained cost lists each term; they add up to the total."""
    s = give_civ(position(), 1, ("militia", "barbarians"), hand=0)
    s = attacker(("weapons", "ship_building"), s=s, pyrenees=(0, 1), andalusia=(1, 2, False,
                                                                                 True))
    cost = conquest_cost(s, "andalusia")
    values = {t.label: t.value for t in cost.terms}
    assert values == {"forest or mountain": 3, "defending tokens": 2, "fort": 1,
                      "defender's Militia": 1, "attack from a mountain or fort": -1,
                      "Weapons": -1}
    assert cost.total == 5 == options(s)["andalusia"]
