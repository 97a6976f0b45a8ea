"""Rulebook scenarios for C-5: decline."""

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

from vinci_core import Choose, Conquer, Decline, EndTurn, Finish, GameState, PlaceAll


def declining(tiles: tuple[str, str] = ("agriculture_dp", "currency"),
              old: tuple[str, ...] = (), old_kept: tuple[str, ...] = ()) -> GameState:
    """Seat 0: active Aquitaine (3 tokens) and Burgundy (2), both farmland; optionally a
    declined empire on ``old`` provinces. Its turn has begun."""
    s = give_civ(position(), 0, tiles, hand=0,
                 declined=("weapons", old_kept[0]) if old_kept else
                 ("weapons", "barbarians") if old else None, kept=old_kept)
    for pid in old:
        s = put(s, pid, 0, 1, declined=True)
    s = put(put(s, "aquitaine", 0, 3), "burgundy", 0, 2)
    return start_turn(s, 0)


def test_c5_1_decline_only_as_the_first_action_of_the_turn() -> None:
    """Decline is offered at the start of the turn; after a conquest it is refused."""
    s = declining()
    assert Decline() in legal(s)
    after = s.apply(Conquer("pyrenees"))
    assert Decline() not in legal(after)
    expect_illegal(after, Decline(), "C-5.1")


def test_c5_1_1_previous_declined_empire_is_removed() -> None:
    s = declining(old=("castile", "portugal")).apply(Decline())
    assert owner(s, "castile") is None and owner(s, "portugal") is None
    assert tokens(s, "castile") == tokens(s, "portugal") == 0


def test_c5_1_2_one_token_stays_per_province_with_a_decline_marker() -> None:
    s = declining().apply(Decline())
    for pid in ("aquitaine", "burgundy"):
        assert owner(s, pid) == 0 and is_declined(s, pid) and tokens(s, pid) == 1
    assert s.players[0].hand == 0 and s.empire(0) == []


def test_c5_1_3_tiles_go_back_except_decline_proof_scoring_tiles() -> None:
    """Decline-proof Agriculture stays with the declined empire; Currency goes back to the
    bag; a Specialization paired with a decline-proof scoring tile stays too; Heritage,
    Rebirth and Fortification always go back. Forts already built stay."""
    s = declining(("agriculture_dp", "currency"))
    bag = list(s.bag)
    s = s.apply(Decline())
    assert s.players[0].declined_kept == ("agriculture_dp",)
    assert s.bag.count("currency") == bag.count("currency") + 1
    assert s.bag.count("agriculture_dp") == bag.count("agriculture_dp")
    s = declining(("mining_dp", "specialization")).apply(Decline())
    assert s.players[0].declined_kept == ("mining_dp", "specialization")
    assert s.players[0].declined_abilities == {"mining": 2}
    for tiles in (("ports_dp", "heritage"), ("livestock_dp", "rebirth"),
                  ("agriculture_dp", "fortification")):
        s = declining(tiles)
        bag = list(s.bag)
        if tiles[1] == "rebirth":  # D-3: Rebirth declines at the end of its turn
            s = s.apply(Finish())
            s = s.apply(PlaceAll.of({"aquitaine": s.players[0].hand - 1, "burgundy": 1}))
        s = s.apply(Decline())
        assert s.players[0].declined_kept == (tiles[0],)
        assert s.bag.count(tiles[1]) == bag.count(tiles[1]) + 1
    s = declining(("agriculture", "weapons")).apply(Decline())
    assert s.players[0].declined_kept == ()
    fort = start_turn(put(declining(), "aquitaine", 0, 3, fort=True), 0).apply(Decline())
    assert fort.fort[fort.board.index["aquitaine"]]


def test_c5_1_3_old_kept_tiles_return_when_the_old_empire_goes() -> None:
    s = declining(old=("castile",), old_kept=("livestock_dp",))
    bag = s.bag.count("livestock_dp")
    s = s.apply(Decline())
    assert s.bag.count("livestock_dp") == bag + 1


def test_c5_1_4_scores_without_the_returned_tiles() -> None:
    """The decline turn scores 2 farmlands + decline-proof Agriculture = 4; Currency, gone
    back to the bag, adds nothing."""
    s = declining(("agriculture_dp", "currency")).apply(Decline())
    assert last_points(s, 0) == 2 + 2
    assert s.players[0].score == 14
    s = declining(("agriculture", "currency")).apply(Decline())
    assert last_points(s, 0) == 2


def test_c5_1_5_new_civilization_chosen_and_entering_next_turn() -> None:
    """After declining the player chooses a new civilization; it enters the board on the
    player's next turn, not this one."""
    s = declining().apply(Decline())
    assert (s.phase, s.current_player) == ("choose", 0)
    pair = s.display[0][:2]
    s = s.apply(Choose(1))
    assert s.players[0].civ == pair
    assert s.turn_seat == 1
    assert s.empire(0) == []
    s = start_turn(s, 0)
    expect_illegal(s, Finish(), "C-3.1.2")
    assert set(options(s)) == {"ireland", "england", "portugal", "andalusia", "saxony"}


def test_c5_2_one_active_and_one_declined_empire_at_most() -> None:
    """Declining twice: only the latest declined empire remains."""
    s = declining(old=("castile",)).apply(Decline()).apply(Choose(1))
    s = start_turn(s, 0)
    s = run(s, Conquer("saxony"), Finish())
    s = start_turn(s, 0).apply(Decline())
    assert [s.board.ids[p] for p in s.declined_empire(0)] == ["saxony"]
    assert s.empire(0) == []


def rebirth(hand: int = 0, **config: object) -> GameState:
    s = give_civ(position(**config), 0, ("rebirth", "barbarians"), hand=hand)
    return start_turn(put(put(s, "castile", 0, 2), "portugal", 0, 1), 0)


def test_c5_3_rebirth_declines_at_the_end_of_an_expansion_turn() -> None:
    """With Rebirth the player expands, scores, then declines and chooses at once: the
    turn's VP are counted once and no turn is lost."""
    s = run(rebirth(hand=2), Conquer("andalusia"), Finish())  # 1 + 2 in hand: 3
    s = s.apply(PlaceAll.of({"castile": 1, "portugal": 1, "andalusia": 3}))
    assert s.phase == "end_of_turn"
    assert set(legal(s)) == {Decline(), EndTurn()}
    s = s.apply(Decline())
    assert s.players[0].score == 10 + 3
    assert [p for _, who, p in s.history if who == 0] == [3]
    for pid in ("castile", "portugal", "andalusia"):
        assert is_declined(s, pid) and tokens(s, pid) == 1
    assert (s.phase, s.current_player) == ("choose", 0)
    s = s.apply(Choose(1))
    assert s.turn_seat == 1 and s.players[0].civ is not None


def test_c5_3_end_of_turn_decline_needs_rebirth() -> None:
    s = give_civ(position(), 0, ("fortification", "barbarians"), hand=0)
    s = start_turn(put(s, "castile", 0, 2), 0).apply(Finish())
    assert s.phase == "end_of_turn"
    expect_illegal(s, Decline(), "C-5.3")


def test_c5_3_rebirth_declines_instead_of_at_the_start_of_a_turn() -> None:
    """D-3: Rebirth moves the decline to the end of the turn; it is not also offered at
    the start."""
    s = rebirth()
    assert Decline() not in legal(s)
    expect_illegal(s, Decline(), "C-5.3")


def test_c5_3_rules_1_let_rebirth_decline_at_the_start_too() -> None:
    s = rebirth(rules_version=1).apply(Decline())
    assert is_declined(s, "castile") and s.phase == "choose"


def test_c5_4_tiles_of_one_empire_never_help_the_other() -> None:
    """Active Agriculture does not score the declined farmlands, and the declined empire's
    decline-proof Agriculture does not score the active farmlands."""
    s = give_civ(position(), 0, ("agriculture", "barbarians"), hand=0)
    s = put(put(s, "aquitaine", 0, 1, declined=True), "burgundy", 0, 1, declined=True)
    s = finish_turn(start_turn(put(s, "castile", 0, 1), 0))
    assert last_points(s, 0) == 3
    s = give_civ(position(), 0, ("barbarians", "heritage"), hand=0,
                 declined=("agriculture_dp", "weapons"), kept=("agriculture_dp",))
    s = put(put(s, "aquitaine", 0, 1), "burgundy", 0, 1)
    s = finish_turn(start_turn(put(s, "castile", 0, 1, declined=True), 0))
    assert last_points(s, 0) == 3
    t = give_civ(position(), 1, ("barbarians", "heritage"), hand=0,
                 declined=("militia", "barbarians"))
    t = give_civ(put(t, "portugal", 1, 1, declined=True), 0, ("weapons", "heritage"), hand=9)
    t = start_turn(put(t, "castile", 0, 1), 0)
    assert options(t)["portugal"] == 2 + 1 - 1


def test_c5_5_empire_without_province_reenters_without_extra_tokens() -> None:
    """An active empire that lost every province keeps its tokens and must enter again on
    its next turn, with no new extra tokens."""
    s = give_civ(position(), 0, ("barbarians", "heritage"), hand=4)
    s = start_turn(s, 0)
    assert s.players[0].hand == 4
    expect_illegal(s, Finish(), "C-3.1.2")


def test_c5_5_empty_empire_may_be_kept_or_declined() -> None:
    """No token and no province: the player may keep the empire (it scores nothing, the
    declined empire still scores) or decline it in a normal decline turn."""
    s = give_civ(position(), 0, ("barbarians", "heritage"), hand=0)
    s = start_turn(put(s, "castile", 0, 1, declined=True), 0)
    assert {Finish(), Decline()} <= legal(s)
    kept = finish_turn(s)
    assert last_points(kept, 0) == 1
    assert kept.players[0].civ == ("barbarians", "heritage")
    declined = s.apply(Decline())
    assert owner(declined, "castile") is None  # the older declined empire goes
    assert declined.phase == "choose" and last_points(declined, 0) == 0
