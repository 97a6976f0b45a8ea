"""Rulebook scenarios for C-7: the edition options, each value, and their recording."""

from __future__ import annotations

from collections import Counter

import pytest
from builders import expect_illegal, give_civ, options, owner, position, put, start_turn, tokens
from pydantic import ValidationError

from vinci_core import (
    Choose,
    Conquer,
    Finish,
    GameConfig,
    GameState,
    Keep,
    PlaceAll,
    Seat,
    decode_save,
    encode_save,
    new_game,
)


def config(**opts: object) -> GameConfig:
    return GameConfig.model_validate({"seats": [Seat(name=n) for n in "ABC"], "map": "mini",
                                      "seed": 4, **opts})


def contact(**opts: object) -> GameState:
    """Seat 0: active Saxony and Rhineland, declined Brittany next to empty Burgundy."""
    s = give_civ(position(**opts), 0, ("barbarians", "weapons"), hand=10)
    s = put(put(put(s, "saxony", 0, 1), "rhine", 0, 1), "brittany", 0, 1, declined=True)
    return start_turn(s, 0)


def test_c7_decline_contact_clear_is_the_default() -> None:
    """Default "clear": the conquest is allowed and empties the declined neighbour."""
    assert config().decline_contact == "clear"
    s = contact().apply(Conquer("burgundy"))
    assert owner(s, "brittany") is None


def test_c7_decline_contact_forbid() -> None:
    """"forbid": the same conquest is refused and the declined empire is untouched."""
    s = contact(decline_contact="forbid")
    assert "burgundy" not in options(s)
    expect_illegal(s, Conquer("burgundy"), "C-3.3.8")
    with pytest.raises(ValidationError):
        config(decline_contact="ignore")


def raid(**opts: object) -> GameState:
    s = give_civ(position(**opts), 2, ("barbarians", "heritage"), hand=0)
    s = put(put(s, "burgundy", 2, 3), "rhine", 2, 1)
    s = give_civ(s, 0, ("barbarians", "weapons"), hand=10)
    s = start_turn(put(s, "brittany", 0, 1), 0).apply(Conquer("burgundy")).apply(Finish())
    return s.apply(PlaceAll.of({"brittany": 1, "burgundy": s.players[0].hand - 1}))


def test_c7_defender_redistribution_choose_is_the_default() -> None:
    assert config().defender_redistribution == "choose"
    s = raid()
    assert (s.phase, s.current_player, s.players[2].returned) == ("redistribute", 2, 2)


def test_c7_defender_redistribution_auto() -> None:
    s = raid(defender_redistribution="auto")
    assert s.phase == "choose" and s.turn_seat == 1
    assert s.players[2].returned == 0
    assert tokens(s, "rhine") == 1 + 2


def test_c7_target_vp_by_player_count_or_any_positive_integer() -> None:
    assert config().target() == 150
    assert config(target_vp=7).target() == 7
    assert new_game(config(target_vp=7)).rules.target == 7
    for bad in (0, -5):
        with pytest.raises(ValidationError):
            config(target_vp=bad)


def test_c7_target_vp_ends_the_game() -> None:
    """With a target of 12, a player reaching 12 VP ends the game after the round."""
    s = position(target_vp=12)
    for seat, home in enumerate(("ireland", "saxony", "crimea")):
        s = give_civ(s, seat, ("barbarians", "heritage"), hand=0)
        s = put(s, home, seat, 1)
    s.players[0].score = 11
    s = start_turn(s, 0)
    for _ in range(3):
        s = s.apply(Finish())
    assert s.is_terminal and s.scores == [12, 11, 11]


def test_c7_tile_counts_designer() -> None:
    """Designer counts: 3 Barbarians and 1 Specialization, 52 tiles."""
    s = new_game(config())
    tiles = Counter(s.bag) + Counter(t for a, b, _ in s.display for t in (a, b))
    assert tiles["barbarians"] == 3 and tiles["specialization"] == 1
    assert sum(tiles.values()) == 52


def test_c7_tile_counts_printed() -> None:
    """Printed counts: 2 Barbarians and 2 Specializations, still 52 tiles."""
    s = new_game(config(tile_counts="printed"))
    tiles = Counter(s.bag) + Counter(t for a, b, _ in s.display for t in (a, b))
    assert tiles["barbarians"] == 2 and tiles["specialization"] == 2
    assert sum(tiles.values()) == 52


def test_c7_options_are_recorded_in_the_config_and_the_save() -> None:
    cfg = config(decline_contact="forbid", defender_redistribution="auto", target_vp=77,
                 tile_counts="printed")
    s = new_game(cfg).apply(Choose(1))
    back = decode_save(encode_save(s))
    assert back.config == cfg
    assert back.config.model_dump()["decline_contact"] == "forbid"
    assert (back.rules.clear_contact, back.rules.auto_redistribution,
            back.rules.target) == (False, True, 77)


# --- the Dutch edition (decline_contact = "forbid", C-7.1, C-7.2) ----------------------------


def own_declined_entry(**opts: object) -> GameState:
    """Seat 0's new civilization enters; its own declined empire holds Ireland alone, an
    entry province with no other declined province next to it."""
    s = give_civ(position(**opts), 0, ("barbarians", "weapons"), hand=10,
                 declined=("militia", "barbarians"))
    return start_turn(put(s, "ireland", 0, 1, declined=True), 0)


def test_c3_3_8_forbid_also_bars_taking_an_own_declined_province() -> None:
    """The Dutch text: the active empire may not take a province of its own declined
    empire, even where no other declined province borders it."""
    s = own_declined_entry(decline_contact="forbid")
    assert "ireland" not in options(s)
    expect_illegal(s, Conquer("ireland"), "C-3.3.8")
    assert "ireland" in options(own_declined_entry())  # "clear" (the default) allows it


def test_c3_3_8_forbid_own_declined_lifted_by_heritage() -> None:
    s = give_civ(position(decline_contact="forbid"), 0, ("heritage", "weapons"), hand=10,
                 declined=("militia", "barbarians"))
    s = start_turn(put(s, "ireland", 0, 1, declined=True), 0)
    assert "ireland" in options(s)


def test_c3_3_8_rules_1_forbid_let_the_own_declined_province_be_taken() -> None:
    s = own_declined_entry(decline_contact="forbid", rules_version=1)
    assert "ireland" in options(s)


def last_province_lost(**opts: object) -> GameState:
    """Seat 1 holds only Burgundy (2 tokens) and a declined Castile; seat 0 takes Burgundy."""
    s = give_civ(position(**opts), 1, ("barbarians", "heritage"), hand=0,
                 declined=("mining_dp", "weapons"), kept=("mining_dp",))
    s = put(put(s, "burgundy", 1, 2), "castile", 1, 1, declined=True)
    s = give_civ(s, 0, ("barbarians", "weapons"), hand=10)
    return start_turn(put(s, "brittany", 0, 1), 0).apply(Conquer("burgundy"))


def test_c7_1_automatic_decline() -> None:
    """An active empire that loses its last province to another player declines at once:
    its older declined empire leaves the board, all its tiles go back to the bag. Its
    player's next turn is skipped (a decline turn: score, choose), and the new civilization
    enters on the turn after."""
    s = last_province_lost(automatic_decline=True)
    fallen = s.players[1]
    assert fallen.civ is None and fallen.hand == fallen.returned == 0
    assert fallen.declined_kept == () and owner(s, "castile") is None
    assert s.bag.count("mining_dp") == position().bag.count("mining_dp") + 1
    s = s.apply(Finish())
    s = s.apply(PlaceAll.of({"brittany": 1, "burgundy": s.players[0].hand - 1}))
    assert (s.turn_seat, s.phase) == (1, "choose")
    s = s.apply(Choose(1))
    assert s.turn_seat == 2 and s.players[1].civ is not None and s.empire(1) == []


def test_c7_1_automatic_decline_is_off_by_default() -> None:
    """C-5.5: without the option the empire keeps its civilization and its tokens."""
    s = last_province_lost()
    assert s.config.automatic_decline is False
    assert s.players[1].civ == ("barbarians", "heritage")
    assert owner(s, "castile") == 1


def test_c7_1_automatic_decline_needs_rules_2() -> None:
    with pytest.raises(ValidationError):
        config(automatic_decline=True, rules_version=1)


def split(**opts: object) -> GameState:
    """Seat 0 holds Saxony (3 tokens) and, cut off from it, Castile (4) and Portugal (2)."""
    s = give_civ(position(**opts), 0, ("barbarians", "weapons"), hand=0)
    s = put(put(put(s, "saxony", 0, 3), "castile", 0, 4), "portugal", 0, 2)
    s = start_turn(s, 0).apply(Finish())
    assert s.phase == "keep"
    return s


def test_c7_2_cut_off_tokens_are_removed() -> None:
    """The Dutch C-3.4.2: keeping Saxony, the tokens left in the cut-off part (one per
    province after collection) leave the game instead of joining Saxony."""
    s = split(cut_off_tokens="removed").apply(Keep("saxony"))
    assert owner(s, "castile") is None and owner(s, "portugal") is None
    assert tokens(s, "saxony") == 3 + 4 + 2 - 2 and s.players[0].lost == 2


def test_c7_2_cut_off_tokens_rejoin_by_default() -> None:
    s = split().apply(Keep("saxony"))
    assert tokens(s, "saxony") == 3 + 4 + 2


def test_c7_2_cut_off_removes_permanent_tokens_before_field_general_leaves() -> None:
    """With Field General's 7 temporaries in play, the removed tokens are permanent ones
    first; the temporaries leave afterwards (C-3.4.4)."""
    s = give_civ(position(cut_off_tokens="removed"), 0, ("field_general", "barbarians"),
                 hand=0)
    s = put(put(put(s, "saxony", 0, 3), "castile", 0, 4), "portugal", 0, 2)
    s = start_turn(s, 0)  # 9 permanent tokens, 7 temporary
    s = s.apply(Conquer("andalusia")).apply(Finish())  # 3 tokens on Andalusia
    s = s.apply(Keep("saxony"))  # cut off: Castile 1, Portugal 1, Andalusia 3
    assert s.players[0].lost == 5 and tokens(s, "saxony") == 9 - 5


def test_c7_dutch_edition_preset() -> None:
    """One choice turns on every difference of the Dutch edition."""
    from vinci_core.game.config import EDITIONS

    cfg = config(**EDITIONS["dutch"])
    assert (cfg.decline_contact, cfg.automatic_decline, cfg.cut_off_tokens) == (
        "forbid", True, "removed")
    assert config(**EDITIONS["standard"]) == config()


def test_c7_new_options_are_recorded_in_the_save() -> None:
    cfg = config(automatic_decline=True, cut_off_tokens="removed")
    back = decode_save(encode_save(new_game(cfg).apply(Choose(1))))
    assert back.config == cfg and back.rules.automatic_decline and back.rules.remove_cut_off
