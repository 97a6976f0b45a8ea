"""The page in four languages (issue 15): the pure code words everything in the language it
is given, with plural forms, the rulebooks' terms and the provinces' usual names, and a
switch of language re-words a game without changing it."""

from __future__ import annotations

import pytest
from builders import give_civ, position, put, start_turn

import vinci_core as vc
from vinci_core.table.presenter import (
    cost_text,
    describe,
    notice,
    phase_name,
    placement_problem,
    prompt,
    province_name,
    refusal_text,
    targets,
)
from vinci_core.table.save import digest
from vinci_core.table.session import Session
from vinci_core.text.i18n import LANGUAGE_NAMES, LANGUAGES, negotiate
from vinci_core.text.textparts import plain
from vinci_core.words.tilewords import tile_help, tile_name


def _conquest_position() -> vc.GameState:
    s = position()
    s = give_civ(s, 0, ("weapons", "mining"), hand=12)
    s = put(s, "andalusia", "neutral", 2)
    return start_turn(s, 0)


def test_languages_are_named_in_their_own_words() -> None:
    assert LANGUAGES == ("en", "nl", "fr", "de")
    assert LANGUAGE_NAMES == {"en": "English", "nl": "Nederlands", "fr": "Français",
                              "de": "Deutsch"}


@pytest.mark.parametrize(("preferred", "chosen"), [
    (["nl-BE", "en"], "nl"), (["fr-CA"], "fr"), (["de_CH"], "de"), (["it", "es"], "en"),
    ([], "en"), (["EN-gb", "de"], "en")])
def test_first_visit_follows_the_browsers_languages(preferred: list[str], chosen: str) -> None:
    assert negotiate(preferred) == chosen


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "P0: enter the board"), ("nl", "P0: kom het bord op"),
    ("fr", "P0 : entrez sur le plateau"), ("de", "P0: komm auf den Spielplan")])
def test_the_prompt_speaks_each_language(lang: str, words: str) -> None:
    assert prompt(_conquest_position(), lang=lang).startswith(words)


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 neutral token", "2 neutral tokens"),
    ("nl", "1 neutraal speelstuk", "2 neutrale speelstukken"),
    ("fr", "1 pion neutre", "2 pions neutres"),
    ("de", "1 neutrales Plättchen", "2 neutrale Plättchen")])
def test_counts_take_their_plural_forms(lang: str, one: str, two: str) -> None:
    """Today's "1 tokens" is gone: one and several are worded apart in every language."""
    s = _conquest_position()
    assert cost_text(s, "andalusia", None, lang).endswith(two)
    s = put(s, "andalusia", "neutral", 1)
    assert cost_text(s, "andalusia", None, lang).endswith(one)


def test_french_says_a_single_token_in_the_singular_for_zero_and_one() -> None:
    """French plural forms: 0 and 1 take the singular (the catalogue's Plural-Forms)."""
    s = give_civ(_conquest_position(), 0, ("weapons", "mining"), hand=1)
    assert "(1 pion en main)" in prompt(s, lang="fr")
    assert "(1 token in hand)" in prompt(s, lang="en")


@pytest.mark.parametrize(("lang", "england", "agriculture", "terrain"), [
    ("en", "England", "Agriculture", "forest"), ("nl", "Engeland", "Landbouw", "bos"),
    ("fr", "Angleterre", "Agriculture", "forêt"), ("de", "England", "Ackerbau", "Wald")])
def test_names_are_the_languages_own(lang: str, england: str, agriculture: str,
                                     terrain: str) -> None:
    s = _conquest_position()
    assert province_name(s, "england", lang) == england
    assert tile_name("agriculture", lang=lang) == agriculture
    text = cost_text(s, "andalusia", targets(s)["andalusia"], lang)
    assert f" — {terrain}, " in text and "(C-4)" in text


def test_decline_proof_tiles_and_help_are_translated() -> None:
    assert tile_name("mining_dp", "classic", "de") == "Bergbau (bleibt beim Untergang)"
    assert tile_help("weapons", "classic", "nl") == "Wapens: -1 op elke verovering (C-4)."


def test_log_line_and_notice_in_dutch() -> None:
    s = _conquest_position()
    action = vc.Conquer("andalusia")
    assert describe(s, action, "nl") == "P0 verovert Andalusië (neutraal) voor 4."
    after = s.apply(action)
    assert notice(s, action, after, "nl") == \
        "P0 veroverde Andalusië op de neutralen (2 speelstukken)."
    assert phase_name("expand", "fr") == "Conquête"


def test_a_refusal_is_said_in_the_language_with_the_province_by_name() -> None:
    s = _conquest_position()
    with pytest.raises(vc.IllegalAction) as refused:
        s.apply(vc.Abandon("england"))
    exc = refused.value
    assert exc.message == "england is not in your active empire"  # the engine's own words
    assert refusal_text(exc, "en", s) == "England is not in your active empire (C-3.1.1)."
    assert refusal_text(exc, "fr", s) == \
        "Angleterre n’est pas dans votre empire actif (C-3.1.1)."
    assert refusal_text(exc, "de", s) == "England gehört nicht zu deinem aktiven Reich " \
        "(C-3.1.1)."


def test_the_editors_refusal_follows_the_language() -> None:
    """The step and the phase named in a refusal are words of the language too."""
    s = _conquest_position()
    s = s.apply(vc.Conquer("andalusia")).apply(vc.Finish())
    assert plain(placement_problem(s, {}, "en") or []) == \
        "Placing tokens is not possible now (phase: choose) (C-3.4.3)."
    assert plain(placement_problem(s, {}, "nl") or []) == \
        "Speelstukken plaatsen kan nu niet (fase: Beschaving kiezen) (C-3.4.3)."


def _played_session(lang: str = "en") -> Session:
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=3,
                        map="mini")
    session = Session.new(cfg)
    session.lang = lang
    while session.state.round < 3 and not session.state.is_terminal:
        session.act(session.state.legal_actions()[0])
    return session


def test_switching_language_rewords_the_log_and_keeps_the_game() -> None:
    session = _played_session()
    before = digest(session.state)
    english = list(session.log)
    undo = session.can_undo
    session.set_language("de")
    assert digest(session.state) == before and session.can_undo == undo
    assert len(session.log) == len(english) and session.log != english
    assert any(" wählt " in line for line in session.log)
    assert session.view()["log_rows"][0]["text"] == "Runde 1"
    session.set_language("en")
    assert session.log == english


def test_a_session_made_in_a_language_logs_in_it_from_the_start() -> None:
    assert _played_session("fr").log == Session.from_save(_played_session().save(), "fr").log


def test_an_unknown_language_changes_nothing() -> None:
    session = _played_session()
    log = list(session.log)
    with pytest.raises(ValueError):
        session.set_language("pt")
    assert session.lang == "en" and session.log == log
