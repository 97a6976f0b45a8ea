"""Whatever text reaches Renaissance's ``load_game`` (a real save cut short, with characters
changed, bits flipped, its digest or log altered, garbage, or the other game's save), the
only exception it raises is SaveError, with a message; and a Vinci save given to
Renaissance, or a Renaissance save given to Vinci, is refused in words.
"""

from __future__ import annotations

import string
from functools import cache, partial
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from save_texts import flip_bits, mutate_log, payload_of, positions_along
from save_texts import pack as pack_save

from renaissance_core import GameConfig, GameState, SaveError, digest, encode_save, load_game
from renaissance_core import new_game as renaissance_game
from renaissance_core.players.randomplay import play_random_game
from renaissance_core.table.save import action_code, parse_code, save_facts

pack = partial(pack_save, prefix="renaissance1.")


@cache
def positions() -> tuple[GameState, ...]:
    """Positions of one finished 5-seat game: the start, every 61st action, the end."""
    end = play_random_game(renaissance_game(GameConfig.of(5, seed=21)), seed=21)
    return positions_along(renaissance_game(end.config), end.actions, 61)


@cache
def saves() -> tuple[str, ...]:
    """Real save texts: an early, a middle and a finished position."""
    states = positions()
    return tuple(encode_save(s, "fuzz") for s in (states[1], states[len(states) // 2],
                                                  states[-1]))


@cache
def real_codes() -> tuple[str, ...]:
    return tuple(sorted({action_code(a) for a in positions()[-1].actions}))


@cache
def vinci_saves() -> tuple[str, ...]:
    from vinci_core import GAME as VINCI
    from vinci_core import GameConfig as VinciConfig
    from vinci_core import Seat as VinciSeat
    from vinci_core.players.randomplay import play_random

    config = VinciConfig(seats=[VinciSeat(name=n) for n in "ABCD"], seed=5, map="mini")
    game = play_random(config, seed=5)
    states = [VINCI.replay(config, game.actions[:n]) for n in (0, 40, len(game.actions))]
    return tuple(VINCI.encode_save(s, "vinci-fuzz") for s in states)


def assert_only_save_error(text: object) -> None:
    """Loading ``text`` either works (and the game saves and loads again the same) or
    raises SaveError with a message; ``save_facts`` likewise."""
    try:
        state, game_id = load_game(text)
    except SaveError as exc:
        assert str(exc)
    else:
        again, again_id = load_game(encode_save(state, game_id))
        assert digest(again) == digest(state) and again_id == game_id
    try:
        save_facts(text)
    except SaveError as exc:
        assert str(exc)


def assert_vinci_refuses(text: object) -> None:
    from vinci_core import GAME as VINCI

    try:
        VINCI.load_game(text)
    except SaveError as exc:
        assert str(exc)


# --- damage to real saves -----------------------------------------------------------------------

saved = st.integers(0, 2).map(lambda i: saves()[i])
BASE64 = string.ascii_letters + string.digits + "-_"


@given(saved, st.integers(min_value=0))
def test_a_save_cut_short_is_refused_in_words(text: str, cut: int) -> None:
    assert_only_save_error(text[: cut % len(text)])


@given(saved, st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(BASE64 + ".#=~ é")),
                       min_size=1, max_size=4))
def test_a_save_with_changed_characters_is_refused_in_words(
        text: str, changes: list[tuple[int, str]]) -> None:
    chars = list(text)
    for where, char in changes:
        chars[where % len(chars)] = char
    assert_only_save_error("".join(chars))


@given(saved, st.lists(st.tuples(st.integers(min_value=0), st.integers(0, 7)), min_size=1,
                       max_size=3))
def test_a_save_with_flipped_bits_in_its_compressed_bytes_is_refused_in_words(
        text: str, flips: list[tuple[int, int]]) -> None:
    assert_only_save_error(flip_bits(text, flips))


@given(st.integers(0, 1).map(lambda i: saves()[i]),  # a finished game replays too slowly
       st.one_of(st.text(alphabet="0123456789abcdef", min_size=16, max_size=16),
                        st.text(max_size=20), st.none(), st.integers(), st.lists(st.integers())))
def test_a_save_with_a_changed_digest_is_refused_in_words(text: str, changed: Any) -> None:
    payload = payload_of(text)
    if changed == payload["digest"]:
        return
    try:
        load_game(pack(dict(payload, digest=changed)))
    except SaveError as exc:
        assert "altered" in str(exc) or "not valid" in str(exc)
    else:
        raise AssertionError("a changed digest was accepted")


codes = st.one_of(
    st.sampled_from(["done", "done:", "place", "place:atlantis", "bid_tokens:9:1",
                     "bid_tokens:0:-999999999", "return_card:medici:7", "swap_order:3",
                     "buy_advance:Z", "mill_step:gold:1", "play_card:", "x", ":", "::"]),
    st.just(None).flatmap(lambda _: st.sampled_from(real_codes())),  # played when drawn
    st.from_regex(r"\A[a-z_]{1,14}(:[A-Za-z0-9_\-]{0,10}){0,2}\Z"),
)


@given(st.data())
def test_a_save_with_an_altered_log_is_refused_in_words(data: st.DataObject) -> None:
    """A well-formed record around a mutated log: with its old digest, and with the digest
    the mutated log would give when it can be played at all."""
    state = data.draw(st.sampled_from(positions()[:4]))
    log = mutate_log(data, [action_code(a) for a in state.actions], codes)
    payload = payload_of(encode_save(state))
    payload["log"] = " ".join(log)
    assert_only_save_error(pack(payload))
    try:
        replayed = renaissance_game(state.config)
        for code in log:
            replayed = replayed.apply(parse_code(code))
    except ValueError:  # unreadable or refused: load_game said so above
        return
    payload["digest"] = digest(replayed)
    assert_only_save_error(pack(payload))


@given(st.dictionaries(st.sampled_from(["config", "versions", "log", "digest", "game", "x"]),
                       st.none() | st.integers() | st.text(max_size=20)
                       | st.lists(st.integers(), max_size=3)
                       | st.dictionaries(st.text(max_size=8), st.integers(), max_size=4),
                       max_size=6))
def test_records_of_any_shape_are_refused_in_words(payload: dict[str, Any]) -> None:
    assert_only_save_error(pack(payload))


@given(st.text(max_size=300))
def test_garbage_is_refused_in_words(text: str) -> None:
    assert_only_save_error(text)
    assert_only_save_error("renaissance1." + text)


@given(st.binary(max_size=400))
def test_garbage_inside_valid_compression_is_refused_in_words(raw: bytes) -> None:
    assert_only_save_error(pack(raw))


# --- the other game's saves ---------------------------------------------------------------------

vinci = st.integers(0, 2).map(lambda i: vinci_saves()[i])


@given(vinci, st.integers(min_value=0))
def test_a_vinci_save_whole_or_cut_is_refused_by_renaissance(text: str, cut: int) -> None:
    for candidate in (text, text[: cut % len(text)]):
        try:
            load_game(candidate)
        except SaveError as exc:
            assert "not a Renaissance save" in str(exc)
        else:
            raise AssertionError("Renaissance loaded a Vinci save")


@given(vinci)
def test_a_vinci_record_in_renaissances_envelope_is_refused_in_words(text: str) -> None:
    assert_only_save_error(pack(payload_of(text)))


@given(saved, st.integers(min_value=0))
def test_a_renaissance_save_whole_or_cut_is_refused_by_vinci(text: str, cut: int) -> None:
    from vinci_core import GAME as VINCI

    for candidate in (text, text[: cut % len(text)]):
        try:
            VINCI.load_game(candidate)
        except SaveError as exc:
            assert "not a Vinci save" in str(exc)
        else:
            raise AssertionError("Vinci loaded a Renaissance save")
    assert_vinci_refuses(pack(payload_of(text), prefix="vinci1."))
