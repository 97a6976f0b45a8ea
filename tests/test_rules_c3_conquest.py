"""Rulebook scenarios for C-3.3: conquering."""

from __future__ import annotations

from builders import (
    expect_illegal,
    finish_turn,
    give_civ,
    is_declined,
    last_points,
    legal,
    options,
    owner,
    position,
    put,
    run,
    start_turn,
    tokens,
)

from vinci_core import Conquer, Diplomacy, Finish, GameState, Place


def at(province: str, tiles: tuple[str, str] = ("barbarians", "heritage"), hand: int = 10,
       s: GameState | None = None, **others: object) -> GameState:
    """Seat 0's empire is ``province`` (one token) with ``hand`` tokens after collecting."""
    s = give_civ(position() if s is None else s, 0, tiles, hand=hand)
    s = put(s, province, 0, 1)
    for pid, spec in others.items():
        s = put(s, pid, *spec) if isinstance(spec, tuple) else put(s, pid, spec)
    return start_turn(s, 0)


# --- C-3.3.1 ---------------------------------------------------------------------------------


def test_c3_3_1_conquest_must_border_the_empire() -> None:
    """From Castile only its neighbours can be taken; Burgundy is out of reach."""
    s = at("castile")
    assert set(options(s)) == {"pyrenees", "andalusia", "portugal"}
    expect_illegal(s, Conquer("burgundy"), "C-3.3.1")


def test_c3_3_1_straits_count_as_borders() -> None:
    """England reaches Ireland and Brittany over the marked straits."""
    s = at("england")
    assert set(options(s)) == {"ireland", "brittany"}


def test_c3_3_1_seas_are_impassable_without_astronomy() -> None:
    """Italy and Sicily share the Mediterranean but no border: no conquest across it."""
    s = at("italy")
    assert set(options(s)) == {"alps"}
    expect_illegal(s, Conquer("sicily"), "C-3.3.1")


def test_c3_3_1_zero_token_province_taken_this_turn_is_an_origin() -> None:
    """A province conquered for free this turn (no token in it) opens its neighbours."""
    s = at("saxony", ("weapons", "specialization"), burgundy=("neutral", 1))
    s = s.apply(Conquer("rhine"))
    assert owner(s, "rhine") == 0 and tokens(s, "rhine") == 0
    assert options(s)["burgundy"] == 2 + 1 - 2
    s = s.apply(Conquer("burgundy"))
    assert owner(s, "burgundy") == 0 and tokens(s, "burgundy") == 1


# --- C-3.3.2 ---------------------------------------------------------------------------------


def test_c3_3_2_astronomy_reaches_across_connected_seas() -> None:
    """From Italy, Astronomy reaches every coast on seas linked to the Mediterranean, but
    not the closed Black Sea nor landlocked Burgundy."""
    s = at("italy", ("astronomy", "barbarians"))
    assert set(options(s)) == {"alps", "sicily", "andalusia", "portugal", "england", "ireland",
                               "brittany", "aquitaine"}
    expect_illegal(s, Conquer("crimea"), "C-3.3.1")
    assert owner(s.apply(Conquer("ireland")), "ireland") == 0


# --- C-3.3.3 ---------------------------------------------------------------------------------


def test_c3_3_3_cost_paid_from_hand_into_the_province() -> None:
    """Andalusia (forest, 2 neutral tokens) costs 5: those 5 tokens leave the hand and
    stand in Andalusia; the other 5 stay in hand."""
    s = at("castile", andalusia=("neutral", 2)).apply(Conquer("andalusia"))
    assert tokens(s, "andalusia") == 5
    assert s.players[0].hand == 5
    assert tokens(s, "castile") == 1


def test_c3_3_3_unaffordable_conquest_refused() -> None:
    """With 4 tokens in hand a conquest costing 5 is not offered and is refused."""
    s = at("castile", hand=4, andalusia=("neutral", 2))
    assert Conquer("andalusia") not in legal(s)
    expect_illegal(s, Conquer("andalusia"), "C-3.3.3")


def test_c3_3_3_cheapest_origin_chosen() -> None:
    """Castile borders both Portugal and the Pyrenees: the mountain origin is used, so the
    conquest costs 2 instead of 3."""
    s = give_civ(position(), 0, ("barbarians", "heritage"), hand=10)
    s = put(put(put(s, "portugal", 0, 1), "pyrenees", 0, 1), "castile", "neutral", 1)
    s = start_turn(s, 0).apply(Conquer("castile"))
    assert tokens(s, "castile") == 2 and s.players[0].hand == 8


# --- C-3.3.4 ---------------------------------------------------------------------------------


def test_c3_3_4_own_active_province_cannot_be_conquered() -> None:
    s = at("castile", portugal=(0, 1))
    expect_illegal(s, Conquer("portugal"), "C-3.3.4")


def test_c3_3_4_own_declined_province_can_be_conquered() -> None:
    """The player's own declined Portugal costs 2 + its token; the token is removed."""
    s = at("castile", portugal=(0, 1, True))
    assert options(s)["portugal"] == 3
    s = s.apply(Conquer("portugal"))
    assert owner(s, "portugal") == 0 and not is_declined(s, "portugal")
    assert tokens(s, "portugal") == 3
    assert s.slaves == 0  # decision 6: own declined tokens are not slaves


# --- C-3.3.5 ---------------------------------------------------------------------------------


def defended() -> GameState:
    """Seat 1 holds Burgundy (4 tokens) and Rhineland (1); seat 0 attacks from Brittany."""
    s = give_civ(position(), 1, ("barbarians", "heritage"), hand=0)
    s = put(put(s, "burgundy", 1, 4), "rhine", 1, 1)
    return at("brittany", hand=10, s=s)


def test_c3_3_5_defender_loses_one_token() -> None:
    """Burgundy costs 2 + 4 = 6. One defender token leaves the game, three go back to the
    defender's hand; the attacker loses nothing."""
    s = defended()
    before = s.players[0].hand + sum(s.tokens[p] for p in s.empire(0))
    s = s.apply(Conquer("burgundy"))
    assert tokens(s, "burgundy") == 6 and owner(s, "burgundy") == 0
    assert (s.players[1].returned, s.players[1].lost) == (3, 1)
    assert s.players[0].hand + sum(s.tokens[p] for p in s.empire(0)) == before
    s = finish_turn(s)
    assert (s.phase, s.current_player) == ("redistribute", 1)
    assert s.legal_actions() == [Place("rhine")]
    s = run(s, Place("rhine"), Place("rhine"))
    assert tokens(s, "rhine") == 3 and s.players[1].returned == 1
    s = s.apply(Place("rhine"))
    assert s.turn_seat == 1 and s.phase == "expand"
    assert s.players[1].hand == 4 - 1  # Rhineland's 4 tokens collected, one left behind


# --- C-3.3.6 ---------------------------------------------------------------------------------


def test_c3_3_6_free_conquest_places_no_token_and_needs_one_to_stay() -> None:
    """Weapons twice make empty Portugal free: it stays empty this turn and, with only one
    token to spread, the player keeps Castile and Portugal is dropped."""
    s = at("castile", ("weapons", "specialization"), hand=0).apply(Conquer("portugal"))
    assert owner(s, "portugal") == 0 and tokens(s, "portugal") == 0
    s = s.apply(Finish())
    assert s.phase == "reorganize" and s.players[0].hand == 1
    s = s.apply(Place("castile"))
    assert owner(s, "portugal") is None and tokens(s, "castile") == 1
    assert last_points(s, 0) == 1


def test_c3_3_6_free_province_kept_when_it_gets_a_token() -> None:
    s = at("castile", ("weapons", "specialization"), hand=1).apply(Conquer("portugal"))
    s = s.apply(Finish())  # two tokens, two provinces: one each, automatically
    assert (tokens(s, "castile"), tokens(s, "portugal")) == (1, 1)
    assert last_points(s, 0) == 2


# --- C-3.3.7 ---------------------------------------------------------------------------------


def test_c3_3_7_conquest_removes_fort_and_decline_marker() -> None:
    """A fort in the conquered province goes; so does a decline marker."""
    s = give_civ(position(), 1, ("barbarians", "heritage"), hand=0)
    s = put(put(s, "burgundy", 1, 1, fort=True), "aquitaine", 1, 1, declined=True)
    s = at("brittany", hand=10, s=s)
    assert options(s)["burgundy"] == 2 + 1 + 1
    s = run(s, Conquer("burgundy"), Conquer("aquitaine"))
    assert not s.fort[s.board.index["burgundy"]]
    assert owner(s, "aquitaine") == 0 and not is_declined(s, "aquitaine")


# --- C-3.3.8 ---------------------------------------------------------------------------------


def contact(tiles: tuple[str, str] = ("slavery", "barbarians"), **options: object) -> GameState:
    """Seat 0: active Saxony; declined Aquitaine, Brittany (next to Burgundy) and Castile."""
    s = position(**options)
    s = put(put(s, "rhine", "neutral", 1), "burgundy", "neutral", 1)
    for pid in ("aquitaine", "brittany", "castile"):
        s = put(s, pid, 0, 1, declined=True)
    return at("saxony", tiles, hand=10, s=s)


def test_c3_3_8_contact_empties_own_declined_provinces() -> None:
    """Taking Burgundy touches the player's declined Aquitaine and Brittany: both are
    emptied at once, without Slavery points. Slavery counts the 2 neutral tokens only."""
    s = run(contact(), Conquer("rhine"))
    assert owner(s, "aquitaine") == 0  # Rhineland touches no declined province
    s = s.apply(Conquer("burgundy"))
    for pid in ("aquitaine", "brittany"):
        assert owner(s, pid) is None and tokens(s, pid) == 0 and not is_declined(s, pid)
    assert owner(s, "castile") == 0 and is_declined(s, "castile")
    s = finish_turn(s)
    assert last_points(s, 0) == 3 + 2 + 1  # 3 provinces, 2 slaves, declined Castile


def test_c3_3_8_heritage_suspends_contact() -> None:
    s = contact(("heritage", "barbarians")).apply(Conquer("rhine")).apply(Conquer("burgundy"))
    for pid in ("aquitaine", "brittany"):
        assert owner(s, pid) == 0 and is_declined(s, pid) and tokens(s, pid) == 1


def test_c3_3_8_forbid_option_refuses_contact() -> None:
    """With decline_contact = "forbid" the conquest next to the declined empire is refused;
    Heritage lifts the ban."""
    s = contact(decline_contact="forbid").apply(Conquer("rhine"))
    assert "burgundy" not in options(s)
    expect_illegal(s, Conquer("burgundy"), "C-3.3.8")
    h = contact(("heritage", "barbarians"), decline_contact="forbid").apply(Conquer("rhine"))
    assert owner(h.apply(Conquer("burgundy")), "brittany") == 0


def test_c3_3_8_forbid_applies_to_entry_too() -> None:
    """A new civilization may not enter next to its own declined empire under "forbid";
    the refusal names the contact rule."""
    s = give_civ(position(decline_contact="forbid"), 0, ("barbarians", "weapons"), hand=10)
    s = start_turn(put(s, "castile", 0, 1, declined=True), 0)
    assert set(options(s)) == {"ireland", "england", "saxony"}
    expect_illegal(s, Conquer("portugal"), "C-3.3.8")


# --- C-3.3.9 ---------------------------------------------------------------------------------


def peace() -> GameState:
    s = give_civ(position(), 1, ("barbarians", "heritage"), hand=10)
    s = put(put(s, "burgundy", 1, 1), "aquitaine", 1, 1, declined=True)
    return at("brittany", ("diplomacy", "barbarians"), hand=10, s=s)


def test_c3_3_9_peace_works_both_ways_until_next_turn() -> None:
    """After naming seat 1 neither may take the other's active provinces, until the
    Diplomacy player's next turn starts."""
    s = peace().apply(Diplomacy(1))
    assert "burgundy" not in options(s)
    expect_illegal(s, Conquer("burgundy"), "C-3.3.9")
    s = finish_turn(s)
    assert s.turn_seat == 1
    assert "brittany" not in options(s)
    expect_illegal(s, Conquer("brittany"), "C-3.3.9")
    s = start_turn(s, 0)  # the Diplomacy player's next turn: peace is over
    assert s.peace == ()
    assert "burgundy" in options(s)


def test_c3_3_9_declined_empire_still_attackable() -> None:
    s = peace().apply(Diplomacy(1)).apply(Conquer("aquitaine"))
    assert owner(s, "aquitaine") == 0


def test_c3_3_9_peace_only_before_conquering_any_partner() -> None:
    """Naming nobody is simply not using it; a player with no empire may be named; the
    choice is made before the first conquest."""
    s = peace()
    assert s.apply(Diplomacy(2)).peace == ((0, 2),)
    assert Diplomacy(0) not in legal(s)
    expect_illegal(s, Diplomacy(0), "C-3.3.9")
    after = s.apply(Conquer("aquitaine"))
    assert not any(isinstance(a, Diplomacy) for a in after.legal_actions())
    expect_illegal(after, Diplomacy(1), "C-3.3.9")


# --- C-3.3.10 --------------------------------------------------------------------------------


def test_c3_3_10_espionage_costs_exactly_two_once_per_turn() -> None:
    """Burgundy held by 5 Militia tokens would cost 8; with Espionage it costs 2, whatever
    the defence. A second Espionage conquest in the turn is refused."""
    s = give_civ(position(), 1, ("militia", "barbarians"), hand=0)
    s = put(put(s, "burgundy", 1, 5), "aquitaine", "neutral", 3)
    s = at("brittany", ("espionage", "barbarians"), hand=10, s=s)
    assert options(s)["burgundy"] == 2 + 5 + 1
    assert Conquer("burgundy", True) in legal(s)
    s = s.apply(Conquer("burgundy", True))
    assert tokens(s, "burgundy") == 2 and s.players[0].hand == 8
    expect_illegal(s, Conquer("aquitaine", True), "C-3.3.10")
    assert Conquer("aquitaine", True) not in legal(s)


def test_c3_3_10_espionage_costs_two_even_when_cheaper_normally() -> None:
    s = at("pyrenees", ("espionage", "barbarians")).apply(Conquer("castile", True))
    assert tokens(s, "castile") == 2
