"""Issue 15: a tile name anywhere on the page opens its glossary entry. The texts that name
tiles (log lines, notices, hints, refusals, the review) come with parts saying which
pieces are which tile, in every language; the page only turns those parts into buttons."""

from __future__ import annotations

import doctest

import pytest
from builders import give_civ, position, put, start_turn

import vinci_core as vc
from vinci_core.game.actions import illegal_n
from vinci_core.table.playback import Replay
from vinci_core.table.presenter import (
    describe,
    hint_view,
    move_parts,
    notice,
    refusal_parts,
    refusal_text,
)
from vinci_core.table.review import review
from vinci_core.table.session import Session
from vinci_core.text import textparts
from vinci_core.text.i18n import LANGUAGES
from vinci_core.text.textparts import format_parts, plain
from vinci_core.words.tilewords import tile_forms, tile_name


def _linked(parts: list[tuple[str, str | None]] | None) -> list[tuple[str, str]]:
    return [(text, tile) for text, tile in parts or [] if tile is not None]


def _choosing(names: tuple[str, ...] = ("Ann", "Bo", "Cy")) -> Session:
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in names], seed=3, map="mini")
    return Session.new(cfg)


def test_the_parts_helpers_say_what_they_promise() -> None:
    assert doctest.testmod(textparts).failed == 0
    assert format_parts("{a} and {b}", a=[("X", "x")], b=3) == [("X", "x"), (" and 3", None)]
    with pytest.raises(ValueError):
        format_parts("{n:>3}", n=1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chosen_civilization_links_both_tiles_in_the_log_and_the_notice(lang: str) -> None:
    session = _choosing()
    session.lang = lang
    state = session.state
    a, b, _coins = state.display[0]
    session.act(vc.Choose(1))
    entry = session.entries[-1]
    ruleset = state.config.ruleset
    want = [(tile_name(a, ruleset, lang), a), (tile_name(b, ruleset, lang), b)]
    assert _linked(entry["parts"]) == want
    assert plain(entry["parts"]) == entry["text"]
    assert _linked(entry["notice_parts"]) == want
    assert plain(entry["notice_parts"]) == entry["notice"]
    row = session.view()["log_rows"][-1]
    assert row["parts"] == entry["parts"]


def test_a_line_without_tiles_has_no_parts() -> None:
    session = _choosing()
    while session.state.phase == "choose":
        session.act(vc.Choose(1))
    conquest = next(a for a in session.state.legal_actions() if isinstance(a, vc.Conquer))
    session.act(conquest)
    assert session.entries[-1]["parts"] is None


def test_a_player_named_after_a_tile_is_not_a_link() -> None:
    s = position(seats=3)
    spy = tile_name("espionage", "classic", "en")
    s.config = s.config.model_copy(update={"seats": [
        seat.model_copy(update={"name": spy}) if i == 0 else seat
        for i, seat in enumerate(s.config.seats)]})
    s = give_civ(s, 0, ("espionage", "mining"), hand=12)
    s = put(s, "andalusia", "neutral", 2)
    s = start_turn(s, 0)
    action = vc.Conquer("andalusia", espionage=True)
    line = describe(s, action, "en")
    assert line.startswith(f"{spy} conquers")
    parts = move_parts(s, action, line, "en")
    assert parts is not None
    assert parts[0] == (f"{spy} conquers neutral Andalusia with ", None)
    assert _linked(parts) == [("Espionage", "espionage")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_espionage_conquest_links_espionage_in_every_language(lang: str) -> None:
    s = position()
    s = give_civ(s, 0, ("espionage", "mining"), hand=12)
    s = put(s, "andalusia", 1, 2)
    s = start_turn(s, 0)
    action = vc.Conquer("andalusia", espionage=True)
    after = s.apply(action)
    name = tile_name("espionage", "classic", lang)
    for text in (describe(s, action, lang), notice(s, action, after, lang)):
        parts = move_parts(s, action, text, lang)
        assert parts is not None and plain(parts) == text
        assert [tile for _t, tile in _linked(parts)] == ["espionage"]
        assert _linked(parts)[0][0].lower() == name.lower()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_links_the_tile_of_its_rule(lang: str) -> None:
    exc = vc.IllegalAction("C-3.3.10", "no Espionage conquest left this turn")
    parts = refusal_parts(exc, lang)
    assert plain(parts) == refusal_text(exc, lang)
    assert [tile for _t, tile in _linked(parts)] == ["espionage"]


def test_a_refusal_without_a_tile_is_plain_text() -> None:
    exc = illegal_n("C-3.3.3", "costs {n} token, you hold {hand}",
                    "costs {n} tokens, you hold {hand}", 4, hand=2)
    assert refusal_parts(exc, "de") == [(refusal_text(exc, "de"), None)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_to_choose_links_the_civilization(lang: str) -> None:
    state = _choosing().state
    a, b, _coins = state.display[0]
    hint = hint_view(state, vc.Choose(1), "why not", lang)
    assert plain(hint["parts"]) == hint["text"]
    assert [tile for _t, tile in _linked(hint["parts"])] == [a, b]


def test_an_ai_line_keeps_its_links_with_its_reason() -> None:
    session = _choosing()
    session.act(vc.Choose(1), reason="it is cheap")
    entry = session.entries[-1]
    assert plain(entry["parts"]) == entry["text"]
    assert entry["text"].endswith("it is cheap")
    assert len(_linked(entry["parts"])) == 2


def test_an_ai_reason_links_the_tiles_its_move_names() -> None:
    session = _choosing()
    a, b, _coins = session.state.display[0]
    names = " + ".join(tile_forms(tid, None, "en")[0] for tid in (a, b))
    session.act(vc.Choose(1), reason=f"{names} is cheap")
    entry = session.entries[-1]
    assert plain(entry["parts"]) == entry["text"]
    assert [tile for _t, tile in _linked(entry["parts"])] == [a, b, a, b]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_links_every_civilization_played(lang: str) -> None:
    session = _choosing()
    while not session.state.is_terminal and session.state.round < 3:
        session.act(session.state.legal_actions()[0])
    session.lang = lang
    data = review(Replay.of(session))
    civs = [civ for player in data["players"] for civ in player["civs"]]
    assert civs
    for civ in civs:
        assert plain(civ["parts"]) == civ["name"]
        assert [tile for _t, tile in _linked(civ["parts"])] == civ["tiles"]


def test_the_notices_since_a_players_last_turn_link_their_tiles() -> None:
    """A link opened by the next player lists what the others did: the civilizations the
    others chose are links there too."""
    session = _choosing(("Ann", "Bo", "Cy"))
    for _ in range(3):
        session.act(vc.Choose(1))
    parts = session.since_last_turn_parts(0)
    assert [plain(p) for p in parts] == session.since_last_turn(0)
    assert parts and all(len(_linked(p)) == 2 for p in parts)
