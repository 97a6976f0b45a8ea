"""Sentences work for any name: the default names are names, not pronouns.

The log, prompts and notices speak of players in the third person ("{who} chooses …",
"{name}'s turn"); a default name that is a pronoun ("You", "Vous", "Du", "Jij") made "You's
turn", "Vous choisit", "Du ist am Zug", "Beurt van Jij". Every message that takes a player's
name is rendered here with the default names of the new-game form and of the guided game,
in every language, and random games are played with them: none of those forms appears.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from vinci_core.table import presenter, store
from vinci_core.table.guide import guide_config
from vinci_core.table.newgame import config_from_form, default_name
from vinci_core.table.session import Session
from vinci_core.text.i18n import LANGUAGES, translations

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

# Personal pronouns that must never be a default name (casefolded).
PRONOUNS = {"you", "i", "me", "we", "jij", "je", "u", "ik", "wij", "vous", "tu", "toi", "moi",
            "nous", "du", "sie", "ich", "wir", "ihr"}
# A pronoun standing where a name goes: third-person verbs, genitives, prepositions.
PRONOUN_AS_NAME = {
    "en": r"\bYou's\b|\bYou (?:[a-z]+s)\b|, You\b",
    "nl": r"\bJij (?:is|heeft|wint|wonnen|won)\b|\b(?:van|met|aan|voor|door|op) Jij\b|, Jij\b",
    "fr": r"\bVous (?:[a-zéè]+t|a)\b|\b(?:de|à|avec|par|pour) Vous\b|, Vous\b",
    "de": r"\bDu (?:ist|hat|wählt|erobert|beendet|baut|behält|erhält|gewinnt|nimmt|geht|"
          r"betritt|kann)\b|\b(?:von|mit|an|für|gegen) Du\b|, Du\b",
}
OLD_DEFAULTS = {"en": "You", "nl": "Jij", "fr": "Vous", "de": "Du"}
# Placeholders that take a player's name (or a list of names).
NAME_KEYS = ("who", "name", "names", "player", "owner", "other", "winner", "partner")
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def _default_names(lang: str) -> list[str]:
    guided = [s.name for s in guide_config(lang).seats]
    return [default_name(i, lang) for i in range(6)] + guided


@pytest.mark.parametrize("lang", LANGUAGES)
def test_default_names_are_not_pronouns(lang: str) -> None:
    names = _default_names(lang)
    assert len(set(names[:6])) == 6
    assert not [n for n in names if n.casefold() in PRONOUNS], names
    assert not [n for n in names if n.startswith("Virtual") and lang != "en"], names


def _named_messages(lang: str) -> list[tuple[str, str]]:
    """(id, translation) of every message of the page and the guide that takes a name."""
    found = []
    for domain in ("vinci", "guide"):
        if lang == "en":
            template = catalogues.extract(domain)
            pairs = [(m.id, m.id) for m in template if m.id]
        else:
            path = catalogues.LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            with path.open("rb") as handle:
                pairs = [(m.id, m.string) for m in read_po(handle, locale=lang) if m.id]
        for ids, texts in pairs:
            ids = ids if isinstance(ids, tuple) else (ids,)
            texts = texts if isinstance(texts, tuple | list) else (texts,)
            if any(k in NAME_KEYS for i in ids for k in PLACEHOLDER.findall(i)):
                found.extend((ids[0], t) for t in texts)
    return found


def _render(text: str, name: str) -> str:
    return PLACEHOLDER.sub(lambda m: name if m.group(1) in NAME_KEYS else "3", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_with_a_name_reads_well_with_the_default_name(lang: str) -> None:
    bad_form = re.compile(PRONOUN_AS_NAME[lang])
    messages = _named_messages(lang)
    assert len(messages) > 50
    bad = [(msgid, _render(text, name)) for name in set(_default_names(lang))
           for msgid, text in messages if bad_form.search(_render(text, name))]
    assert not bad, bad[:10]
    # The check has teeth: the old pronoun defaults fail it.
    assert any(bad_form.search(_render(text, OLD_DEFAULTS[lang])) for _m, text in messages)


def _texts_of_a_game(session: Session, lang: str, rng: random.Random, steps: int) -> list[str]:
    texts: list[str] = []
    for _ in range(steps):
        state = session.state
        if state.is_terminal:
            break
        legal = state.legal_actions()
        texts.append(presenter.prompt(state, legal, lang))
        if not session.play_ai():
            session.act(rng.choice(legal))
    view = session.view()
    texts += [str(e["text"]) for e in session.entries]
    texts += [str(e["notice"]) for e in session.entries if e.get("notice")]
    texts += [str(r["text"]) for r in view["log_rows"]]
    texts += [view["prompt"], session.waiting_text(), presenter.round_text(view, lang)]
    for seat in range(len(session.state.config.seats)):
        texts += session.since_last_turn(seat)
    winners = [s.name for s in session.state.config.seats[:2]]
    texts.append(store.status_text({"over": True, "winners": winners}, lang))
    texts.append(store.status_text({"over": True, "winners": winners[:1]}, lang))
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_random_games_with_the_default_names_have_no_pronoun_for_a_name(lang: str) -> None:
    rng = random.Random(f"names-{lang}")
    t = translations(lang)
    games = [
        config_from_form({"mode": "hotseat", "names": [default_name(i, lang) for i in range(3)],
                          "map": "mini", "seed": 7}, lang),
        config_from_form({"mode": "solo", "names": [default_name(0, lang)], "map": "mini",
                          "seed": 11}, lang),
        guide_config(lang),
    ]
    bad_form = re.compile(PRONOUN_AS_NAME[lang])
    for config in games:
        session = Session.new(config)
        session.set_language(lang)
        texts = _texts_of_a_game(session, lang, rng, 160)
        assert any(default_name(0, lang) in text for text in texts)
        bad = [text for text in texts if bad_form.search(text)]
        assert not bad, bad[:10]
    assert t.gettext("Player {n}").format(n=1) == default_name(0, lang)
