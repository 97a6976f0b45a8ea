"""Every language's catalogue is complete and keeps the source's placeholders.

The template of each domain is extracted from the sources as the build's update command
does (``build/catalogues.py``), so a message added to the code without a translation, or a
translation that drops or renames ``{name}``, fails here.
"""

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build"))
import catalogues  # noqa: E402

from vinci_core.text.i18n import LANGUAGES, MissingCatalogue, translations  # noqa: E402

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _catalog(lang, domain):
    po = catalogues.LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    if not po.exists():
        return None
    with po.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def _ids(message):
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message):
    if isinstance(message.string, tuple | list):
        return tuple(message.string)
    return (message.string,)


@pytest.mark.parametrize("domain", list(catalogues.DOMAIN_SOURCES))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang, domain):
    template = catalogues.extract(domain)
    if not len(template):
        pytest.skip(f"no message in domain {domain} yet")
    catalog = _catalog(lang, domain)
    assert catalog is not None, f"{lang}/{domain}.po is missing: build/catalogues.py update"
    missing, wrong = [], []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None or not all(_strings(found)):
            missing.append(_ids(message)[0])
            continue
        wanted = {p for msgid in _ids(message) for p in PLACEHOLDER.findall(msgid)}
        for text in _strings(found):
            # A plural form may drop the count ("one token" for {n}) but never add or rename.
            got = set(PLACEHOLDER.findall(text))
            if got - wanted or (len(_strings(found)) == 1 and got != wanted):
                wrong.append((_ids(message)[0], text))
    assert not missing, f"{lang}/{domain}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not wrong, f"{lang}/{domain}: placeholders differ: {wrong[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_gives_the_translations_of_the_po(lang):
    for domain in catalogues.DOMAIN_SOURCES:
        catalog = _catalog(lang, domain)
        if catalog is None:
            with pytest.raises(MissingCatalogue):
                translations(lang, domain)
            continue
        compiled = translations(lang, domain)
        for message in catalog:
            if message.id and not message.pluralizable and message.string:
                got = (compiled.pgettext(message.context, message.id) if message.context
                       else compiled.gettext(message.id))
                assert got == message.string
