"""Renaissance's saves: config + action log in the shared save text, versioned.

Round trips at every kind of moment, the game object against boardgame_core's protocols,
the versions a save carries and the words that refuse one this engine cannot replay, and
the usual kinds of damage, each refused with its own message.
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import fields
from functools import cache, partial
from typing import Any

import pytest
from save_texts import pack as pack_save
from save_texts import payload_of, positions_along

from boardgame_core.api import Game, State, find_game
from boardgame_core.links import EXTENDS, SAME, link_relation
from renaissance_core import (
    GAME,
    GameConfig,
    GameState,
    SaveError,
    decode_save,
    digest,
    encode_save,
    load_game,
    new_game,
    save_facts,
)
from renaissance_core.game import versions as versions_module
from renaissance_core.game.actions import ACTION_TYPES
from renaissance_core.game.versions import versions
from renaissance_core.players.randomplay import play_random_game
from renaissance_core.table.save import MAX_ACTIONS, action_code, parse_code

pack = partial(pack_save, prefix="renaissance1.")


@cache
def finished(players: int = 4, seed: int = 42) -> GameState:
    return play_random_game(new_game(GameConfig.of(players, seed=seed)), seed=seed)


@cache
def positions(players: int = 4, seed: int = 42) -> tuple[GameState, ...]:
    """The start, every 37th position, and the end of one finished game."""
    end = finished(players, seed)
    return positions_along(new_game(end.config), end.actions, 37)


def sample_save() -> str:
    return encode_save(positions()[3], "sample")


# --- the game object ----------------------------------------------------------------------------

def test_renaissance_implements_the_state_api() -> None:
    state = GAME.new_game(GameConfig.of(3, seed=1))
    assert isinstance(GAME, Game) and isinstance(state, State)
    assert find_game("renaissance") is GAME and GAME.key == "renaissance"
    assert GAME.illegal.__name__ == "IllegalAction"


def test_the_game_objects_calls_are_the_engines() -> None:
    end = finished(3, 7)
    assert GAME.digest(GAME.replay(end.config, end.actions)) == digest(end)
    action = end.actions[0]
    assert GAME.parse_action(GAME.action_json(action)) == action
    text = GAME.encode_save(end, "g7")
    assert GAME.load_game(text)[1] == "g7" and GAME.save_facts(text).game_id == "g7"


# --- round trips --------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_save_gives_back_the_same_game_at_every_moment(players: int) -> None:
    for state in positions(players, players):
        loaded, game_id = load_game(encode_save(state, "g1"))
        assert game_id == "g1"
        assert digest(loaded) == digest(state) and loaded.actions == state.actions
        assert loaded.config == state.config


def test_a_finished_game_loads_finished() -> None:
    loaded = decode_save(encode_save(finished()))
    assert loaded.is_terminal and loaded.returns() == finished().returns()


def test_the_short_variant_is_kept() -> None:
    state = new_game(GameConfig.of(5, seed=8, short=True))
    assert decode_save(encode_save(state)).config.short


def test_a_save_without_identity_gets_one_from_its_settings() -> None:
    state = positions()[2]
    first, second = load_game(encode_save(state))[1], load_game(encode_save(positions()[4]))[1]
    assert first == second, "every copy of one game has one identity"
    other = new_game(GameConfig.of(4, seed=43))
    assert load_game(encode_save(other))[1] != first


def test_a_pasted_share_link_loads() -> None:
    text = sample_save()
    assert digest(decode_save(f"https://example.org/renaissance/#{text}\n")) == \
        digest(positions()[3])


def test_save_text_is_url_safe_and_compact() -> None:
    text = encode_save(finished())
    assert set(text) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    assert len(text) < 8 * len(finished().actions)


def test_a_save_encodes_the_same_text_each_time() -> None:
    assert encode_save(finished(), "g") == encode_save(decode_save(encode_save(finished(), "g")),
                                                       "g")


# --- action codes -------------------------------------------------------------------------------

def sample_value(kind: Any) -> Any:
    return 3 if kind in (int, "int") else "milan"


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_every_action_type_has_a_code_that_reads_back(kind: str) -> None:
    cls = ACTION_TYPES[kind]
    action = cls(*(sample_value(f.type) for f in fields(cls)))
    code = action_code(action)
    assert code.startswith(kind) and " " not in code
    assert parse_code(code) == action


def test_codes_of_a_real_game_read_back() -> None:
    for action in finished().actions:
        assert parse_code(action_code(action)) == action


@pytest.mark.parametrize("code", [
    "", "place", "place:", "place:milan:3", "place:mil an", "place:mil.an", "bid_tokens:0:03",
    "bid_tokens:0:+3", "bid_tokens:0:1_0", "bid_tokens:x:3", "bid_tokens:0:٣", "done:1",
    "no_such:1", "buy_advance:" + "A" * 61, "bid_tokens:0:9999999999", "return_card:medici:x",
    "bid_tokens:-0:3", "place:milan\n",
])
def test_a_code_not_written_by_the_engine_is_unreadable(code: str) -> None:
    with pytest.raises(ValueError):
        parse_code(code)


# --- versions -----------------------------------------------------------------------------------

def test_a_save_carries_its_format_rules_and_data_versions() -> None:
    text = sample_save()
    assert text.startswith("renaissance1.")
    assert payload_of(text)["versions"] == versions() == {
        "rules": versions_module.RULES_VERSION, "board": 2, "sheet": 2, "cards": 1}


def test_the_rules_keep_their_development_number_until_the_first_release() -> None:
    assert versions_module.RULES_VERSION == versions_module.DEVELOPMENT_RULES == 0


@pytest.mark.parametrize(("part", "words"), [
    ("board", "version 7 of Renaissance's board; this edition plays version 2"),
    ("sheet", "version 7 of Renaissance's advance sheet"),
    ("cards", "version 7 of Renaissance's cards"),
    ("rules", "version 7 of Renaissance's rules"),
])
def test_a_save_of_other_data_or_rules_is_refused_in_words(part: str, words: str) -> None:
    good = payload_of(sample_save())
    with pytest.raises(SaveError, match=words):
        load_game(pack(dict(good, versions=dict(good["versions"], **{part: 7}))))
    with pytest.raises(SaveError, match=words):
        save_facts(pack(dict(good, versions=dict(good["versions"], **{part: 7}))))


def test_a_save_of_the_untuned_sheet_version_1_is_refused_in_words() -> None:
    # sheet version 2 (tuned by self-play) changed the prices, so a game saved under
    # version 1 no longer means the same moves; while the rules keep number 0 it is refused.
    good = payload_of(sample_save())
    with pytest.raises(SaveError, match="version 1 of Renaissance's advance sheet; "
                                        "this edition plays version 2"):
        load_game(pack(dict(good, versions=dict(good["versions"], sheet=1))))


def test_a_development_save_is_refused_by_a_released_engine(monkeypatch) -> None:
    text = sample_save()
    monkeypatch.setattr(versions_module, "RULES_VERSION", 1)
    with pytest.raises(SaveError, match="while Renaissance's rules were being written"):
        load_game(text)


@pytest.mark.parametrize("bad", [None, {}, [], {"rules": 0}, "1",
                                 {"rules": 0, "board": 1, "sheet": 1, "cards": "1"},
                                 {"rules": 0, "board": 1, "sheet": 1, "cards": 1, "map": 1}])
def test_versions_that_are_not_versions_are_refused(bad: object) -> None:
    good = payload_of(sample_save())
    with pytest.raises(SaveError, match="not valid .its versions"):
        load_game(pack(dict(good, versions=bad)))


def test_another_format_version_is_refused_in_words() -> None:
    body = sample_save().split(".", 1)[1]
    with pytest.raises(SaveError, match="format version 2; this edition reads version 1"):
        load_game("renaissance2." + body)


# --- the other game's saves ---------------------------------------------------------------------

def vinci_save() -> str:
    from vinci_core import GAME as VINCI
    from vinci_core import GameConfig as VinciConfig
    from vinci_core import Seat as VinciSeat

    state = VINCI.new_game(VinciConfig(seats=[VinciSeat(name=n) for n in "ABC"], seed=3,
                                       map="mini"))
    return VINCI.encode_save(state.apply(state.legal_actions()[0]), "v1")


def test_a_vinci_save_given_to_renaissance_is_refused_in_words() -> None:
    text = vinci_save()
    for read in (load_game, save_facts, GAME.load_game):
        with pytest.raises(SaveError, match="this is not a Renaissance save"):
            read(text)
    # Vinci's record in Renaissance's envelope: refused for what it lacks, not crashed on.
    with pytest.raises(SaveError, match="not valid"):
        load_game(pack(payload_of(text)))


def test_a_renaissance_save_given_to_vinci_is_refused_in_words() -> None:
    from vinci_core import GAME as VINCI

    text = sample_save()
    for read in (VINCI.load_game, VINCI.save_facts):
        with pytest.raises(SaveError, match="this is not a Vinci save"):
            read(text)
    with pytest.raises(SaveError, match="not valid"):
        VINCI.load_game(pack(payload_of(text), prefix="vinci1."))


# --- damage, each with its own words ------------------------------------------------------------

def test_usual_mistakes_have_their_own_message() -> None:
    text = sample_save()
    cases = {
        "": "not a Renaissance save",
        "hello": "not a Renaissance save",
        text[:-12]: "cut short",
        "renaissance1.AAAAAA": "damaged",
        "renaissance1.A": "changed on the way",
        "renaissance1." + "A" * 300_000: "too large",
    }
    for bad, words in cases.items():
        with pytest.raises(SaveError, match=words):
            load_game(bad)
    for not_text in (None, b"renaissance1.abc", 3, ["renaissance1."]):
        with pytest.raises(SaveError, match="a save is text"):
            load_game(not_text)


def test_tampered_records() -> None:
    good = payload_of(sample_save())
    cases: list[tuple[Any, str]] = [
        (dict(good, digest="0" * 16), "altered"),
        (dict(good, digest=None), "not valid .no digest"),
        (dict(good, log=None), "not valid .no log"),
        (dict(good, extra=1), "unknown field extra"),
        (dict(good, game=""), "identity"),
        (dict(good, game=7), "identity"),
        (dict(good, config=dict(good["config"], seats=[])), "settings are not valid .seats"),
        (dict(good, config=dict(good["config"], seed=-1)), "settings are not valid .seed"),
        (dict(good, config=dict(good["config"], colour=1)), "settings are not valid"),
        (dict(good, log=good["log"] + " zz"), "unreadable"),
        (dict(good, log=good["log"] + " grow_fleet grow_fleet grow_fleet"), "breaks rule"),
        (dict(good, log="done " * (MAX_ACTIONS + 1)), "too many actions"),
        ({k: v for k, v in good.items() if k != "config"}, "no game settings"),
        (b"\xff\xfe not json", "not JSON"),
        ([1, 2, 3], "no game settings"),
    ]
    for payload, words in cases:
        with pytest.raises(SaveError, match=words):
            load_game(pack(payload))
    twice = json.dumps(good)[:-1] + ', "digest": "' + "0" * 16 + '"}'
    with pytest.raises(SaveError, match="written twice"):
        load_game(pack(twice.encode()))
    bomb = "renaissance1." + base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000, 9)).decode()
    with pytest.raises(SaveError, match="too large"):
        load_game(bomb)


def test_a_broken_rule_is_named_with_its_action() -> None:
    good = payload_of(sample_save())
    codes = good["log"].split()
    codes[1] = codes[0]  # the same seat returns a card twice
    with pytest.raises(SaveError, match=r"action 2 of the save breaks rule R-2\.2"):
        load_game(pack(dict(good, log=" ".join(codes))))


# --- what a save says without replaying it ------------------------------------------------------

def test_save_facts_say_identity_settings_and_moves() -> None:
    early, later = positions()[2], positions()[4]
    facts = save_facts(encode_save(early, "g1"))
    assert facts.game_id == "g1" and len(facts.codes) == len(early.actions)
    assert link_relation(facts, save_facts(encode_save(later, "g1"))) == EXTENDS
    assert link_relation(facts, save_facts(encode_save(early, "g1"))) == SAME


def test_action_fields_are_what_codes_can_hold() -> None:
    """Codes write integers and identifiers: an action type with another kind of field
    needs its own spelling here before it can be saved."""
    kinds = {f.type for cls in ACTION_TYPES.values() for f in fields(cls)}
    assert kinds <= {int, str, "int", "str"}


def test_every_name_an_action_can_carry_has_a_code() -> None:
    """Areas, cards, commodities and advance letters are identifiers a code can hold."""
    from renaissance_core.boards.board import load_board
    from renaissance_core.game.cards import load_cards
    from renaissance_core.game.constants import COMMODITIES
    from renaissance_core.game.sheet import load_sheet
    from renaissance_core.table.save import _NAME

    names = [*load_board().areas, *load_cards(), *COMMODITIES, *load_sheet().advances]
    assert [n for n in names if not _NAME.fullmatch(n)] == []
