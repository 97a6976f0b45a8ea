"""Every counted message goes through plural forms ("1 token", "2 tokens").

A count formatted into a message of one form reads "1 tokens", "1 speelstukken", "1 pions":
such messages use ``ngettext`` (``say_n`` for the AI's reasons, ``illegal_n`` for the
engine's refusals, ``ui.dom.ngettext`` on the page). Two checks: no message of one form in
the sources puts a placeholder before a counted noun, and no translation of one form does,
rendered with a count of one.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

# Counted nouns, each language (German "Plättchen", "Spieler", "Söldner" are invariant).
NOUNS = {
    "en": "tokens?|provinces?|turns?|tiles?|coins?|conquests?|rounds?|players?|mercenar(?:y|ies)"
          "|actions?|forts?|slots?|civilizations?|seas?|zones?|ones|times?|points?",
    "nl": "speelstukk?en|speelstuk|provincies?|beurten|kaartjes?|munten|munt|veroveringen"
          "|speelrondes?|spelers?|huurlingen|vestingen|vakken|acties|punten|keer",
    "fr": "pions?|provinces?|tours?|cartes?|pièces?|conquêtes?|joueurs?|mercenaires?"
          "|actions?|forts?|cases?|fois|points?",
    "de": "Regionen|Region|Züge|Zug|Münzen|Münze|Eroberungen|Eroberung|Runden|Runde"
          "|Aktionen|Aktion|Festungen|Felder|Punkte|Mal",
}
# Placeholders that are no count: names, provinces, civilizations, a slot's number.
NOT_COUNTS = {"who", "name", "names", "owner", "player", "players", "other", "province",
              "provinces", "civ", "tile", "slot", "target", "where", "what", "low", "verb",
              "board", "parts", "placement", "doing", "reason", "rule", "problem",
              "high"}  # the top of a range ("{low} to {high} players"), never one
# Victory points, in every language an abbreviation of one form ("1 VP a turn").
POINTS = re.compile(r"\b(VP|WP|PV|SP)\b")
# Words that end the count's phrase: the noun after them is not what is counted ("{tokens}
# around {province}", "{tokens} rond de provincie {province}").
LINKS = re.compile(r"\s(?:around|in|of|rond|van|um|von|autour|dans|de|du)\s")
PLACEHOLDER = re.compile(r"\{(\w*)\}")
# The guide's first step: its numbers are being reworded elsewhere (a count of the
# scripted game's own civilization, never one).
KNOWN = {"In Vinci you lead one civilization after another."}


def _counted(text: str, lang: str) -> list[str]:
    """The placeholders of ``text`` standing for a count before a counted noun."""
    pattern = re.compile(r"\{(\w+)\}\s+(?:[\w’'-]+\s+){0,2}?(?:" + NOUNS[lang] + r")\b")
    return [m.group(0) for m in pattern.finditer(text)
            if m.group(1) not in NOT_COUNTS and not POINTS.search(m.group(0))
            and not LINKS.search(m.group(0))]


def test_no_count_in_the_sources_goes_without_plural_forms() -> None:
    found = []
    for domain in catalogues.DOMAIN_SOURCES:
        for message in catalogues.extract(domain):
            if not message.id or isinstance(message.id, tuple):
                continue
            if any(message.id.startswith(k) for k in KNOWN):
                continue
            found += [(message.id, hit) for hit in _counted(message.id, "en")]
    assert not found, found


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_no_translation_of_one_form_counts(lang: str) -> None:
    found = []
    for domain in catalogues.DOMAIN_SOURCES:
        path = catalogues.LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id or isinstance(message.id, tuple):
                continue
            if any(message.id.startswith(k) for k in KNOWN):
                continue
            found += [(message.string, hit) for hit in _counted(message.string, lang)]
    assert not found, found


def test_the_check_finds_the_counts_it_is_for() -> None:
    assert _counted("costs {cost} tokens, you hold {hand}", "en") == ["{cost} tokens"]
    assert _counted("keeps the {tokens} most valuable ones", "en") == [
        "{tokens} most valuable ones"]
    assert _counted("plaats alle {n} speelstukken uit je hand", "nl")
    assert _counted("placez les {n} pions de votre main", "fr")
    assert _counted("{who} chooses {civ} (slot {slot}).", "en") == []
