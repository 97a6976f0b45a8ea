"""The page's words and dialogs in pure Python: new-game form, token editor, ranking, help."""

from __future__ import annotations

import pytest
from builders import give_civ, position, put, run, set_score, start_turn

import vinci_core as vc
from vinci_core.game.tiles import ONLINE_TILES, ruleset_tiles
from vinci_core.rulesets import RULESETS
from vinci_core.table.newgame import RULESET_BOARDS, config_from_form, dialog_choices
from vinci_core.table.presenter import (
    cost_text,
    describe,
    placement_editor,
    ranking,
    round_text,
    targets,
)
from vinci_core.table.view import snapshot
from vinci_core.words.tilewords import civ_name, tile_help, tile_name


def _form(**kw: object) -> dict[str, object]:
    base: dict[str, object] = {"mode": "hotseat", "names": ["Ann", "Bo", "Cy"],
                               "colours": ["#112233", "", "#445566"], "seed": "",
                               "random_seed": 99, "target_vp": "", "map": "mini"}
    base.update(kw)
    return base


def test_hotseat_form_makes_a_config_with_options() -> None:
    cfg = config_from_form(_form(seed="12", target_vp="40", decline_contact="forbid",
                                 defender_redistribution="auto", tile_counts="printed"))
    assert [s.name for s in cfg.seats] == ["Ann", "Bo", "Cy"]
    assert cfg.seats[0].colour == "#112233" and cfg.seats[1].colour  # default colour
    assert (cfg.seed, cfg.target(), cfg.decline_contact, cfg.defender_redistribution,
            cfg.tile_counts) == (12, 40, "forbid", "auto", "printed")
    assert config_from_form(_form()).seed == 99  # no seed typed: the random one


def test_c7_form_offers_the_dutch_edition_options_one_by_one_or_as_a_preset() -> None:
    cfg = config_from_form(_form(automatic_decline="on", cut_off_tokens="removed"))
    assert (cfg.decline_contact, cfg.automatic_decline, cfg.cut_off_tokens) == (
        "clear", True, "removed")
    off = config_from_form(_form(automatic_decline="off", cut_off_tokens="rejoin"))
    assert (off.automatic_decline, off.cut_off_tokens) == (False, "rejoin")
    dutch = config_from_form(_form(edition="dutch"))
    assert (dutch.decline_contact, dutch.automatic_decline, dutch.cut_off_tokens) == (
        "forbid", True, "removed")
    mixed = config_from_form(_form(edition="dutch", automatic_decline="off"))
    assert (mixed.decline_contact, mixed.automatic_decline) == ("forbid", False)
    with pytest.raises(ValueError, match="edition"):
        config_from_form(_form(edition="klingon"))


def test_c7_dialog_fields_follow_the_edition_preset_and_back() -> None:
    from vinci_core.table.newgame import edition_fields, edition_of_fields

    fields = edition_fields("dutch")
    assert fields == {"decline_contact": "forbid", "automatic_decline": "on",
                      "cut_off_tokens": "removed"}
    assert edition_of_fields(fields) == "dutch"
    assert edition_of_fields(edition_fields("standard")) == "standard"
    assert edition_of_fields({**fields, "cut_off_tokens": "rejoin"}) == "custom"
    assert edition_fields("custom") == {}


def test_solo_and_two_player_forms_add_virtual_seats() -> None:
    solo = config_from_form(_form(mode="solo", names=["<b>Me</b>"]))
    assert solo.mode == "solo" and [s.virtual for s in solo.seats] == [False, True, True, True]
    assert solo.seats[0].name == "<b>Me</b>"  # text, escaped by whoever draws it
    two = config_from_form(_form(mode="two_player", names=["A", "B", "C"]))
    assert [s.name for s in two.seats if not s.virtual] == ["A", "B"]


@pytest.mark.parametrize(("kw", "words"), [
    ({"names": ["Ann", "Bo"]}, "3 to 6"),
    ({"names": ["Ann", "ann", "Cy"]}, "same name"),
    ({"seed": "abc"}, "whole number"),
    ({"target_vp": "0"}, "between"),
    ({"mode": "solo", "names": [" "]}, "needs a name"),
    ({"colours": ["red"]}, "Invalid setting"),
    ({"mode": "chess"}, "unknown game type"),
])
def test_bad_forms_explain_what_is_wrong(kw: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        config_from_form(_form(**kw))


def test_reorganization_editor_starts_from_the_previous_layout() -> None:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=0)
    s = put(s, "castile", 0, 3)
    s = put(s, "portugal", 0, 2)
    s = start_turn(s, 0)
    s = run(s, {"kind": "conquer", "province": "andalusia"}, {"kind": "finish"})
    assert s.phase == "reorganize"
    ed = placement_editor(s)
    assert ed is not None and ed["kind"] == "reorganize"
    assert set(ed["base"]) == {"castile", "portugal", "andalusia"}
    assert sum(ed["start"].values()) == ed["total"] == s.players[0].hand
    assert ed["start"]["andalusia"] >= 1 and ed["start"]["portugal"] >= 1
    after = s.apply(vc.PlaceAll.of(ed["start"]))  # the proposal itself is legal
    assert after.phase != "reorganize"


def test_no_editor_outside_placement_steps() -> None:
    s = start_turn(give_civ(position(), 0, ("weapons", "mining"), hand=5), 0)
    assert placement_editor(s) is None


def test_c6_2_equal_highest_scores_share_first_place_only() -> None:
    s = position(seats=4)
    s.start = 2  # the order of play from the start player: 2, 3, 0, 1
    for seat, score in enumerate((30, 50, 30, 10)):
        s = set_score(s, seat, score)
    r = ranking(s)
    # Below the winner the rules rank nobody: equal scores keep the order of play.
    assert [(x["rank"], x["seat"], x["score"]) for x in r] == [
        (1, 1, 50), (2, 2, 30), (3, 0, 30), (4, 3, 10)]
    for seat, score in enumerate((50, 50, 30, 50)):
        s = set_score(s, seat, score)
    assert [(x["rank"], x["seat"]) for x in ranking(s)] == [(1, 3), (1, 0), (1, 1), (4, 2)]


def test_cost_text_explains_a_conquest() -> None:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = put(s, "andalusia", "neutral", 2)
    s = start_turn(s, 0)
    text = cost_text(s, "andalusia", targets(s)["andalusia"])
    assert text.startswith("Andalusia — forest")
    assert "2 neutral tokens" in text and "Conquest cost 4" in text and "(C-4)" in text
    assert cost_text(s, "andalusia", None).endswith("2 neutral tokens")


def test_reorganization_editor_proposal_is_legal_in_random_games() -> None:
    import random

    seen = short = 0
    for seed in range(12):
        rnd = random.Random(seed)
        s = vc.new_game(vc.GameConfig(seats=[vc.Seat(name=n) for n in "ABC"], seed=seed,
                                      map="mini"))
        for _ in range(600):
            if s.is_terminal:
                break
            if s.phase == "reorganize":
                ed = placement_editor(s)
                assert ed is not None
                seen += 1
                short += ed["total"] < len(ed["base"])
                s = s.apply(vc.PlaceAll.of(ed["start"]))  # raises if the proposal is illegal
                continue
            legal = [a for a in s.legal_actions() if a.kind != "decline" or rnd.random() < 0.3]
            s = s.apply(rnd.choice(legal or s.legal_actions()))
    assert seen > 50 and short > 0


# --- online games in the page (issue 12) ----------------------------------------------------


def _online_form(**kw: object) -> dict[str, object]:
    return _form(**{"ruleset": "online", "map": "mare_nostrum", "names": ["Ann", "Bo"], **kw})


def test_y0_3_online_form_makes_a_two_seat_game_on_mare_nostrum() -> None:
    cfg = config_from_form(_online_form(seed="5"))
    assert (cfg.ruleset, cfg.map, cfg.mode, len(cfg.seats), cfg.seed) == (
        "online", "mare_nostrum", "standard", 2, 5)
    assert cfg.target() is None and cfg.defender_redistribution == "auto"


def test_y0_3_online_form_ignores_the_hidden_classic_options() -> None:
    # The dialog hides these for an online game; whatever they still hold does not apply.
    cfg = config_from_form(_online_form(target_vp="40", edition="dutch",
                                        decline_contact="forbid", automatic_decline="on",
                                        defender_redistribution="choose",
                                        virtual_level="hard", levels=["human", "book"]))
    assert (cfg.target_vp, cfg.decline_contact, cfg.automatic_decline) == (None, "clear", False)
    assert [s.virtual for s in cfg.seats] == [False, True]
    assert cfg.seats[1].ai_level == "book" and cfg.seats[1].start_vp is None  # no V-2


def test_y0_3_online_form_lets_the_ai_play_any_of_five_seats() -> None:
    cfg = config_from_form(_form(ruleset="online", map="europe",
                                 names=["Ann", "Bo", "Cy", "Di", "Ed"],
                                 levels=["human", "book", "book", "book", "human"]))
    assert [s.virtual for s in cfg.seats] == [False, True, True, True, False]
    assert cfg.map == "europe" and cfg.ruleset == "online"


def test_classic_form_leaves_the_default_ruleset_out_of_the_config() -> None:
    cfg = config_from_form(_form(ruleset="classic"))
    assert "ruleset" not in cfg.model_dump(exclude_defaults=True)


@pytest.mark.parametrize(("kw", "words"), [
    ({"mode": "solo", "names": ["Ann"]}, "no solo or two-player mode"),
    ({"mode": "two_player"}, "no solo or two-player mode"),
    ({"names": ["Ann"]}, "2 to 5"),
    ({"names": ["A", "B", "C", "D", "E", "F"]}, "2 to 5"),
    ({"ruleset": "chess"}, "unknown ruleset"),
])
def test_y0_3_bad_online_forms_explain_what_is_wrong(kw: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        config_from_form(_online_form(**kw))


def test_classic_form_offers_only_europe() -> None:
    with pytest.raises(ValueError, match="classic game cannot be played on Mare Nostrum"):
        config_from_form(_form(map="mare_nostrum"))
    assert config_from_form(_form(map="europe")).map == "europe"


def test_dialog_choices_follow_the_ruleset() -> None:
    classic, online = dialog_choices("classic"), dialog_choices("online")
    assert classic["modes"] == ["hotseat", "solo", "two_player"] and classic["classic_options"]
    assert classic["counts"] == [3, 4, 5, 6]
    assert [b["value"] for b in classic["boards"]] == ["europe"]
    assert online["modes"] == ["hotseat"] and not online["classic_options"]
    assert online["counts"] == [2, 3, 4, 5]
    assert [b["label"] for b in online["boards"]] == ["Europe", "Mare Nostrum"]


@pytest.mark.parametrize("board", RULESET_BOARDS["online"])
def test_every_offered_online_board_takes_every_offered_seat_count(board: str) -> None:
    for n in dialog_choices("online")["counts"]:
        names = [f"P{i}" for i in range(n)]
        assert len(config_from_form(_form(ruleset="online", map=board,
                                          names=names)).seats) == n


@pytest.mark.parametrize("tid", sorted(ONLINE_TILES))
def test_y9_every_online_tile_has_a_name_and_a_one_line_help(tid: str) -> None:
    name, help_text = tile_name(tid, "online"), tile_help(tid, "online")
    assert name and "column" not in name and "\n" not in help_text
    assert help_text.startswith(f"{name}: ") and help_text.endswith(f"({ONLINE_TILES[tid].rules}).")
    assert len(help_text) > len(name) + 10  # more than the name: what the tile does


def test_tile_names_follow_the_ruleset() -> None:
    assert tile_name("ports", "classic") == "Port Building"
    assert tile_name("ports", "online") == "Ports"
    assert tile_name("agriculture_dp", "online") == "Agriculture (decline-proof)"
    assert tile_name("camels") == "Camels"  # without a ruleset: the online set's new tiles
    assert civ_name(("camels", "weapons"), "online") == "Camels + Weapons"
    assert "-1 to conquer a desert" in tile_help("camels", "online")
    assert set(RULESETS["online"].tiles) == set(ONLINE_TILES)


def test_the_words_of_the_tiles_use_each_ruleset_s_own_set() -> None:
    # tiles.ruleset_tiles lets tilewords and the rules reference name tiles without loading
    # the rules (the page's first render): it is each Ruleset's own set, not a copy.
    for name, ruleset in RULESETS.items():
        assert ruleset_tiles(name) is ruleset.tiles
    with pytest.raises(ValueError):
        ruleset_tiles("chess")


def test_choice_line_names_the_online_tiles() -> None:
    state = vc.new_game(config_from_form(_online_form(seed="3")))
    a, b, _ = state.display[0]
    line = describe(state, vc.Choose(1))
    assert f"{tile_name(a, 'online')} + {tile_name(b, 'online')}" in line


def test_y6_1_round_counter_says_which_round_of_how_many() -> None:
    assert round_text({"round": 4, "last_round": 11, "target_vp": 0,
                       "final_round": False}) == "Round 4 of 11"
    assert round_text({"round": 11, "last_round": 11, "target_vp": 0,
                       "final_round": True}) == "Round 11 of 11 · final round"
    assert round_text({"round": 4, "last_round": None, "target_vp": 120,
                       "final_round": False}) == "Round 4 · target 120 VP"


def test_y6_1_round_counter_of_a_new_online_game() -> None:
    state = vc.new_game(config_from_form(_online_form()))
    assert round_text(snapshot(state)) == f"Round 1 of {state.last_round}"
    classic = vc.new_game(config_from_form(_form(map="europe")))
    assert round_text(snapshot(classic)) == "Round 1 · target 150 VP"


def test_y9_24_a_click_where_religion_applies_converts_for_free() -> None:
    s = give_civ(position(seats=3, map="delta", ruleset="online"), 0,
                 ("religion", "barbarians"), hand=5)
    s = give_civ(s, 2, ("agriculture", "weapons"), hand=0)
    s = put(put(s, "dunes", 0, 1), "forest", 2, 1)
    s = start_turn(s, 0)
    target = targets(s)["forest"]
    assert target["action"] == vc.Conquer("forest", religion=True).to_dict()
    assert target["cost"] == 0 and "Religion: free +0 (Y-9.24)" in cost_text(s, "forest", target)
    assert describe(s, vc.Conquer("forest", religion=True)).endswith("with Religion for 0.")


def test_the_editor_never_starts_with_every_token_in_one_province() -> None:
    """Issue 29: confirming the editor untouched put all ten tokens in Brittany."""
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = start_turn(s, 0)
    s = run(s, {"kind": "conquer", "province": "portugal"},
            {"kind": "conquer", "province": "castile"},
            {"kind": "conquer", "province": "andalusia"}, {"kind": "finish"})
    assert s.phase == "reorganize"
    ed = placement_editor(s)
    assert ed is not None and ed["total"] >= 3
    start = ed["start"]
    assert sum(start.values()) == ed["total"]
    assert min(start.values()) >= 1 and max(start.values()) < ed["total"], start  # spread
    s.apply(vc.PlaceAll.of(start))  # legal


def test_the_editor_says_what_confirming_will_do() -> None:
    from vinci_core.table.editing import confirm_text, even_spread

    assert even_spread(["a", "b"], 5) == {"a": 3, "b": 2}
    assert even_spread([], 3) == {}
    names = {"brittany": "Brittany", "normandy": "Normandy", "picardy": "Picardy"}
    text = confirm_text({"brittany": 4, "normandy": 3, "picardy": 0}, names.__getitem__)
    assert text == "Place tokens puts 4 in Brittany and 3 in Normandy."
    assert confirm_text({"brittany": 2}, names.__getitem__) == "Place tokens puts 2 in Brittany."
    assert "leaves" in confirm_text({}, names.__getitem__)
