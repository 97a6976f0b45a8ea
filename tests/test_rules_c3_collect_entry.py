"""Rulebook scenarios for C-3.1 (collecting tokens) and C-3.2 (entering the board)."""

from __future__ import annotations

from builders import (
    expect_illegal,
    finish_turn,
    give_civ,
    legal,
    options,
    owner,
    position,
    put,
    run,
    start_turn,
    tokens,
)

from vinci_core import Abandon, Conquer, Finish, GameState

ENTRIES = {"ireland", "england", "portugal", "andalusia", "saxony"}


def newcomer(tiles: tuple[str, str] = ("barbarians", "heritage"), hand: int = 20,
             **put_neutral: int) -> GameState:
    """Seat 0 holds a civilization that has not entered the board yet; it is its turn."""
    s = give_civ(position(), 0, tiles, hand=hand)
    for pid, n in put_neutral.items():
        s = put(s, pid, "neutral", n)
    return start_turn(s, 0)


def two_provinces(**config: object) -> GameState:
    s = give_civ(position(**config), 0, ("barbarians", "weapons"), hand=0)
    return start_turn(put(put(s, "castile", 0, 4), "portugal", 0, 3), 0)


# --- C-3.1.1 ---------------------------------------------------------------------------------


def test_c3_1_1_collection_leaves_one_token_per_province() -> None:
    """At the start of the turn each province keeps one token, the rest come into hand."""
    s = two_provinces()
    assert s.phase == "expand"
    assert (tokens(s, "castile"), tokens(s, "portugal")) == (1, 1)
    assert s.players[0].hand == 3 + 2


def test_c3_1_1_abandon_empties_a_province_completely() -> None:
    """A province may be emptied instead: its token comes into hand and it is left with
    no owner and no neutral token."""
    s = two_provinces().apply(Abandon("portugal"))
    assert owner(s, "portugal") is None and tokens(s, "portugal") == 0
    assert s.players[0].hand == 6
    assert s.empire(0) == [s.board.index["castile"]]


def test_c3_1_1_abandon_only_before_the_first_conquest() -> None:
    s = two_provinces()
    conquered = s.apply(Conquer("andalusia"))
    expect_illegal(conquered, Abandon("castile"), "C-3.1.1")
    expect_illegal(s, Abandon("andalusia"), "C-3.1.1")  # not a province of the empire


def test_c3_1_1_abandon_the_last_province_at_collection_then_reenter() -> None:
    """D-2: at collection every province may be emptied, the last one included. The
    empire then holds all its tokens in hand and enters the board again (C-3.1.2)."""
    s = two_provinces().apply(Abandon("portugal"))
    assert Abandon("castile") in legal(s)
    s = s.apply(Abandon("castile"))
    assert s.empire(0) == [] and s.players[0].hand == 7
    expect_illegal(s, Finish(), "C-3.1.2")
    s = s.apply(Conquer("ireland"))
    assert owner(s, "ireland") == 0 and s.players[0].hand == 7 - (2 - 1)  # Weapons


def test_c3_1_1_rules_1_kept_the_last_province() -> None:
    """Games begun under the first rules go on as they were played: there an empire kept
    at least one province."""
    s = two_provinces(rules_version=1).apply(Abandon("portugal"))
    assert Abandon("castile") not in legal(s)
    expect_illegal(s, Abandon("castile"), "C-3.1.1")


# --- C-3.1.2 ---------------------------------------------------------------------------------


def test_c3_1_2_new_civilization_must_enter() -> None:
    """A fresh civilization has all its tokens in hand and cannot end its turn while an
    entry is affordable."""
    s = newcomer(hand=17)
    assert s.players[0].hand == 17
    assert Finish() not in legal(s)
    expect_illegal(s, Finish(), "C-3.1.2")
    assert {a.province for a in s.legal_actions() if isinstance(a, Conquer)} == ENTRIES


def test_c3_1_2_no_affordable_entry_lets_the_turn_end() -> None:
    """With one token and every entry costing at least 2 the turn may end; the token
    stays in hand for the next turn."""
    s = newcomer(hand=1)
    assert min(options(s).values()) == 2
    s = finish_turn(s)
    assert s.turn_seat == 1
    assert s.players[0].hand == 1


def field_general_without_province(permanent: int, **config: object) -> GameState:
    s = give_civ(position(**config), 0, ("field_general", "barbarians"), hand=permanent)
    return start_turn(s, 0)


def test_c3_1_2_temporary_tokens_never_force_an_entry() -> None:
    """D-5: an empire with Field General, no province and no permanent token holds only
    the 7 temporary tokens, which cannot keep a province: it need not enter."""
    s = field_general_without_province(0)
    assert (s.players[0].hand, s.players[0].temp) == (7, 7)
    assert Finish() in legal(s)
    s = s.apply(Finish())
    assert s.turn_seat == 1 and s.players[0].hand == 0
    assert all(owner(s, pid) is None for pid in ENTRIES)


def test_c3_1_2_permanent_tokens_force_an_entry_even_with_field_general() -> None:
    s = field_general_without_province(1)
    expect_illegal(s, Finish(), "C-3.1.2")


def test_c3_1_2_rules_1_forced_the_temporary_tokens_in() -> None:
    s = field_general_without_province(0, rules_version=1)
    expect_illegal(s, Finish(), "C-3.1.2")


# --- C-3.1.3 ---------------------------------------------------------------------------------


def test_c3_1_3_medicine_adds_a_token_on_the_entry_turn_and_every_turn() -> None:
    """Medicine: one more token at the start of each turn, the entry turn included."""
    s = newcomer(("medicine", "barbarians"), hand=18)
    assert s.players[0].hand == 19
    s = give_civ(position(), 0, ("medicine", "barbarians"), hand=0)
    s = start_turn(put(s, "castile", 0, 3), 0)
    assert s.players[0].hand == 2 + 1


def test_c3_1_3_field_general_adds_seven_temporary_tokens() -> None:
    """Field General: 7 extra tokens in hand for this turn's conquests."""
    s = give_civ(position(), 0, ("field_general", "barbarians"), hand=0)
    s = start_turn(put(s, "castile", 0, 3), 0)
    assert (s.players[0].hand, s.players[0].temp) == (2 + 7, 7)


# --- C-3.2 -------------------------------------------------------------------------------------


def test_c3_2_1_entry_at_the_edge_or_across_one_edge_sea() -> None:
    """Entry provinces touch the edge (Ireland, Saxony) or border the edge-touching Atlantic
    (England, Portugal, Andalusia); inner or inner-sea provinces are refused."""
    s = newcomer()
    assert set(options(s)) == ENTRIES
    expect_illegal(s, Conquer("burgundy"), "C-3.2.1")
    expect_illegal(s, Conquer("brittany"), "C-3.2.1")  # Channel does not touch the edge
    entered = s.apply(Conquer("saxony"))
    assert owner(entered, "saxony") == 0


def test_c3_2_2_astronomy_enters_through_connected_seas() -> None:
    """Astronomy adds provinces on seas linked to the Atlantic (Brittany, Aquitaine, Italy,
    Sicily) but not on the closed Black Sea (Crimea)."""
    s = newcomer(("astronomy", "barbarians"))
    assert set(options(s)) == ENTRIES | {"brittany", "aquitaine", "italy", "sicily"}
    expect_illegal(s, Conquer("crimea"), "C-3.2.1")


def test_c3_2_2_revolutionaries_enter_anywhere() -> None:
    """Revolutionaries may enter any land province, even a mountain or a lone island."""
    s = newcomer(("revolutionaries", "barbarians"))
    assert set(options(s)) == set(s.board.ids)
    s = s.apply(Conquer("crimea"))
    assert owner(s, "crimea") == 0


def test_c3_2_3_entry_pays_the_normal_cost_with_no_origin() -> None:
    """The first province costs the C-4 formula with no origin discount: an empty mountain
    costs 3 and those 3 tokens go into it."""
    s = newcomer(("revolutionaries", "barbarians"), hand=20, castile=1)
    assert options(s)["pyrenees"] == 3
    assert options(s)["castile"] == 3
    s = s.apply(Conquer("pyrenees"))
    assert tokens(s, "pyrenees") == 3 and s.players[0].hand == 17


def test_c3_2_3_ship_building_at_entry_from_the_sea() -> None:
    """Ship Building cuts the entry cost when the province is reached across the sea
    (Portugal, on the Atlantic), not when entering over land (Saxony)."""
    s = newcomer(("ship_building", "barbarians"), portugal=1, saxony=1)
    assert options(s)["portugal"] == 2 + 1 - 1
    assert options(s)["saxony"] == 2 + 1
    s = run(s, Conquer("portugal"))
    assert tokens(s, "portugal") == 2 and s.players[0].hand == 18
