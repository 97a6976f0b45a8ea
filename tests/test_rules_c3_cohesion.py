"""Rulebook scenarios for C-3.4: cohesion, reorganization, Field General and forts."""

from __future__ import annotations

from builders import (
    expect_illegal,
    finish_turn,
    give_civ,
    has_fort,
    is_declined,
    last_points,
    legal,
    owner,
    position,
    put,
    run,
    start_turn,
    tokens,
)

from vinci_core import (
    Abandon,
    Conquer,
    Decline,
    EndTurn,
    Finish,
    Fort,
    GameState,
    Keep,
    Place,
    PlaceAll,
)


def empire(tiles: tuple[str, str], hand: int = 0, s: GameState | None = None,
           **provinces: int) -> GameState:
    """Seat 0's active empire is ``provinces`` (tokens each); its turn has begun."""
    s = give_civ(position() if s is None else s, 0, tiles, hand=hand)
    for pid, n in provinces.items():
        s = put(s, pid, 0, n)
    return start_turn(s, 0)


# --- C-3.4.1 / C-3.4.2 -----------------------------------------------------------------------


def split() -> GameState:
    """Saxony - Rhineland - Burgundy; emptying Rhineland cuts the empire in two."""
    s = empire(("barbarians", "heritage"), saxony=1, rhine=1, burgundy=3)
    return s.apply(Abandon("rhine"))


def test_c3_4_1_split_empire_must_choose_a_part() -> None:
    """After the conquests a split empire stops for the choice of the part to keep."""
    s = split().apply(Finish())
    assert s.phase == "keep"
    assert s.legal_actions() == [Keep("burgundy"), Keep("saxony")]
    expect_illegal(s, Keep("castile"), "C-3.4.2")


def test_c3_4_1_messengers_ignore_cohesion() -> None:
    s = empire(("messengers", "barbarians"), saxony=1, rhine=1, burgundy=3)
    s = s.apply(Abandon("rhine")).apply(Finish())
    assert s.phase == "reorganize"
    s = s.apply(PlaceAll.of({"saxony": 2, "burgundy": 3}))
    assert owner(s, "saxony") == owner(s, "burgundy") == 0
    assert (tokens(s, "saxony"), tokens(s, "burgundy")) == (2, 3)
    assert last_points(s, 0) == 2


def test_c3_4_1_declined_empire_is_never_checked() -> None:
    """A declined empire in two pieces stays as it is and keeps scoring."""
    s = position()
    s = put(put(s, "ireland", 0, 1, declined=True), "italy", 0, 1, declined=True)
    s = empire(("barbarians", "heritage"), s=s, castile=2)
    s = s.apply(Finish())
    assert s.phase != "keep"
    assert is_declined(s, "ireland") and is_declined(s, "italy")
    assert last_points(s, 0) == 3


def test_c3_4_1_astronomy_links_provinces_across_the_sea() -> None:
    """Italy and Sicily share only the Mediterranean: one empire with Astronomy, two parts
    without it."""
    s = empire(("astronomy", "barbarians"), italy=1, sicily=1).apply(Finish())
    assert s.phase != "keep" and last_points(s, 0) == 2
    s = empire(("weapons", "barbarians"), italy=1, sicily=1).apply(Finish())
    assert s.phase == "keep"


def test_c3_4_2_other_parts_are_emptied_into_hand() -> None:
    """Keeping Saxony: Burgundy's tokens come into hand, Burgundy is left empty, and all
    tokens (1 + 1 + 3) end up in Saxony."""
    s = split().apply(Finish()).apply(Keep("saxony"))
    assert owner(s, "burgundy") is None and tokens(s, "burgundy") == 0
    assert tokens(s, "saxony") == 5
    assert last_points(s, 0) == 1


# --- C-3.4.3 ---------------------------------------------------------------------------------


def test_c3_4_3_reorganization_places_every_token_one_per_province() -> None:
    """All tokens of the empire are lifted and placed again, at least one per province."""
    s = empire(("barbarians", "heritage"), hand=0, castile=4, portugal=2)
    s = s.apply(Finish())
    assert s.phase == "reorganize"
    assert s.players[0].hand == 6 and tokens(s, "castile") == tokens(s, "portugal") == 0
    expect_illegal(s, PlaceAll.of({"castile": 6}), "C-3.4.3")
    expect_illegal(s, PlaceAll.of({"castile": 4, "portugal": 1}), "C-3.4.3")
    expect_illegal(s, Place("andalusia"), "C-3.4.3")
    s = run(s, Place("portugal"), Place("portugal"), Place("portugal"), Place("portugal"),
            Place("portugal"))
    # one token left and Castile still empty: it goes to Castile by force
    assert (tokens(s, "castile"), tokens(s, "portugal")) == (1, 5)
    assert s.turn_seat == 1


def test_c3_4_3_fewer_tokens_than_provinces_keep_a_connected_set() -> None:
    """Two tokens for Saxony, Rhineland and a free Burgundy: the player keeps two provinces
    that hang together (Saxony and Burgundy do not); the third is dropped."""
    s = empire(("weapons", "specialization"), saxony=1, rhine=1).apply(Conquer("burgundy"))
    s = s.apply(Finish())
    assert s.players[0].hand == 2
    expect_illegal(s, PlaceAll.of({"saxony": 1, "burgundy": 1}), "C-3.4.3")
    expect_illegal(s, PlaceAll.of({"rhine": 2}), "C-3.4.3")
    s = s.apply(Place("saxony"))
    assert set(legal(s)) == {Place("rhine")}
    expect_illegal(s, Place("burgundy"), "C-3.4.3")
    s = s.apply(Place("rhine"))
    assert owner(s, "burgundy") is None
    assert (tokens(s, "saxony"), tokens(s, "rhine")) == (1, 1)


def test_c3_4_3_empire_without_province_keeps_its_tokens() -> None:
    """Decision 4 / C-5.5: with no province the tokens stay in hand."""
    s = give_civ(position(), 0, ("barbarians", "heritage"), hand=1)
    s = finish_turn(start_turn(s, 0))
    assert s.players[0].hand == 1


# --- C-3.4.4 ---------------------------------------------------------------------------------


def test_c3_4_4_field_general_tokens_leave_before_reorganizing() -> None:
    """3 permanent tokens plus 7 temporary ones: Portugal is taken for 2, yet only the 3
    permanent tokens are reorganized."""
    s = empire(("field_general", "barbarians"), castile=3)
    assert s.players[0].hand == 2 + 7
    s = s.apply(Conquer("portugal")).apply(Finish())
    assert s.players[0].hand == 3 and s.players[0].temp == 0
    s = s.apply(PlaceAll.of({"castile": 1, "portugal": 2}))
    assert (tokens(s, "castile"), tokens(s, "portugal")) == (1, 2)
    assert last_points(s, 0) == 2


def test_c3_4_4_field_general_alone_cannot_hold_new_provinces() -> None:
    """With 1 permanent token, provinces won with the 7 temporary tokens are lost again."""
    s = empire(("field_general", "barbarians"), castile=1)
    s = run(s, Conquer("portugal"), Conquer("andalusia"), Finish())
    assert s.players[0].hand == 1
    s = s.apply(Place("castile"))
    assert owner(s, "portugal") is None and owner(s, "andalusia") is None
    assert tokens(s, "castile") == 1


# --- C-3.4.5 ---------------------------------------------------------------------------------


def fortified() -> GameState:
    s = empire(("fortification", "barbarians"), castile=2, portugal=1)
    return s.apply(Finish()).apply(PlaceAll.of({"castile": 2, "portugal": 1}))


def test_c3_4_5_one_fort_per_turn_in_a_province_without_one() -> None:
    s = fortified()
    assert s.phase == "end_of_turn"
    assert set(legal(s)) == {Fort("castile"), Fort("portugal"), EndTurn()}
    expect_illegal(s, Fort("andalusia"), "C-3.4.5")
    s = s.apply(Fort("castile"))
    assert has_fort(s, "castile") and not has_fort(s, "portugal")
    assert s.turn_seat == 1  # the only fort is built: the turn ends
    s2 = empire(("fortification", "barbarians"), s=put(position(), "castile", 0, 2,
                                                       fort=True), portugal=1)
    s2 = s2.apply(Finish()).apply(PlaceAll.of({"castile": 2, "portugal": 1}))
    assert set(legal(s2)) == {Fort("portugal"), EndTurn()}
    expect_illegal(s2, Fort("castile"), "C-3.4.5")


def test_c3_4_5_fort_may_be_skipped() -> None:
    s = fortified().apply(EndTurn())
    assert not has_fort(s, "castile") and s.turn_seat == 1


def test_c3_4_5_fort_stays_through_decline() -> None:
    """The fort outlives the empire's decline (the Fortification tile itself goes back)."""
    s = fortified().apply(Fort("castile"))
    s = start_turn(s, 0).apply(Decline())
    assert is_declined(s, "castile") and has_fort(s, "castile")
    assert "fortification" in s.bag


def test_c3_4_5_fort_disappears_when_its_province_is_emptied() -> None:
    s = empire(("barbarians", "heritage"), s=put(position(), "castile", 0, 2, fort=True),
               portugal=1)
    s = s.apply(Abandon("castile"))
    assert not has_fort(s, "castile")
