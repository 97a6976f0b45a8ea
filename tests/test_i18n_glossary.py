"""Each language speaks like its rulebook: one word per concept, the rulebook's.

``src/vinci_core/locale/<lang>/glossary.json`` lists, per concept, the rulebook's term and
the words that must not translate a message about that concept. A message is about it when
its English id matches the concept's ``english`` expression (in any case); ``unless`` leaves
out the messages that also speak of a concept whose term is the wrong word here, as German
tokens and tiles. ``never`` lists forms no translation may use at all (an article or a
preposition that inflects a province's name, a synonym the rulebook does not use).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

LANGS = catalogues.LANGUAGES


def _glossary(lang: str) -> dict:
    return json.loads((catalogues.LOCALE / lang / "glossary.json").read_text("utf-8"))


def _entries(lang: str) -> list[tuple[str, str, str, str]]:
    """(domain, English id (singular and plural), translation) of every message."""
    found = []
    for domain in catalogues.DOMAIN_SOURCES:
        with (catalogues.LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            catalog = read_po(f, locale=lang, domain=domain)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            texts = (message.string if isinstance(message.string, tuple | list)
                     else (message.string,))
            for text in texts:
                found.append((domain, ids[0], " ".join(ids), text or ""))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_is_well_formed(lang: str) -> None:
    glossary = _glossary(lang)
    assert glossary["language"] == lang
    for concept in glossary["concepts"]:
        assert concept["concept"] and concept["term"], concept
        for pattern in [concept["english"], concept.get("unless", "x"), *concept["wrong"]]:
            re.compile(pattern)
        assert not any(re.search(w, concept["term"]) for w in concept["wrong"]), concept
    for rule in glossary["never"]:
        re.compile(rule["form"])
        assert rule["why"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_concept_is_translated_by_the_rulebooks_word(lang: str) -> None:
    glossary = _glossary(lang)
    bad = []
    for domain, first, english, text in _entries(lang):
        for concept in glossary["concepts"]:
            if not re.search(concept["english"], english, re.IGNORECASE):
                continue
            if concept.get("unless") and re.search(concept["unless"], english, re.IGNORECASE):
                continue
            for wrong in concept["wrong"]:
                if re.search(wrong, text):
                    bad.append(f"{domain}: {concept['concept']} is "
                               f"{concept['term']!r}, not /{wrong}/: {first!r} -> {text!r}")
    assert not bad, f"{lang}: {len(bad)} messages:\n" + "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_uses_a_banned_form(lang: str) -> None:
    bad = [f"{domain}: /{rule['form']}/ ({rule['why']}): {first!r} -> {text!r}"
           for rule in _glossary(lang)["never"]
           for domain, first, _english, text in _entries(lang)
           if re.search(rule["form"], text)]
    assert not bad, f"{lang}: {len(bad)} messages:\n" + "\n".join(bad)
