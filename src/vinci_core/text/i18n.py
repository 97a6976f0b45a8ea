"""The page's languages: gettext catalogues read with the standard library.

Sources are ``locale/<lang>/LC_MESSAGES/<domain>.po`` inside this package; the build
compiles each into the ``.mo`` that :mod:`gettext` reads (``build/catalogues.py``, run by
``build/build_site.py`` for the wheel and by the test suite for the work tree). English is
the source language: its texts are the message ids themselves, so it needs no catalogue.

Domains keep independent texts apart: ``vinci`` (the page: dialogs, prompts, notices, log
lines, cost terms, refusals, tiles), ``reference`` (the rules reference) and ``guide`` (the
guided first game).

>>> translations("en").gettext("Pass")
'Pass'
>>> negotiate(["de-AT", "en-US"])
'de'
>>> negotiate(["pt-BR"])
'en'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from functools import cache
from importlib.resources import files

SOURCE_LANGUAGE = "en"
LANGUAGES: tuple[str, ...] = ("en", "nl", "fr", "de")
# Each language's own name, as the language menu shows it.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English", "nl": "Nederlands", "fr": "Français", "de": "Deutsch"}
DOMAINS: tuple[str, ...] = ("vinci", "reference", "guide")
# Read through importlib.resources, not beside __file__: on the page the package is imported
# from a zip on sys.path (build/build_site.py, PYTHON_ZIP), where there is no folder to open.
LOCALE_DIR = files("vinci_core") / "locale"


class MissingCatalogue(LookupError):
    """A language's compiled catalogue is absent (the build did not compile it)."""


def _check(lang: str, domain: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGUAGES)}")
    if domain not in DOMAINS:
        raise ValueError(f"unknown text domain {domain!r}: one of {', '.join(DOMAINS)}")


@cache
def translations(lang: str, domain: str = "vinci") -> gettext.NullTranslations:
    """The catalogue of ``domain`` in ``lang`` (English: the message ids as they are).

    A missing compiled catalogue is an error rather than a silent fall back to English,
    so a build that forgot to compile shows up in the tests.
    """
    _check(lang, domain)
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    if not mo.is_file():
        raise MissingCatalogue(f"{mo} is missing: run build/catalogues.py")
    with mo.open("rb") as handle:
        return gettext.GNUTranslations(handle)


def N_(message: str) -> str:  # noqa: N802 - gettext's naming
    """Mark ``message`` for the catalogues without translating it (tables of English
    texts translated where they are shown)."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's naming
    """Mark ``message`` with its ``context`` for the catalogues (``pgettext`` later)."""
    return message


def negotiate(preferred: Iterable[str]) -> str:
    """The first of the browser's preferred languages (``navigator.languages``) that the
    page speaks, by primary subtag (``de-AT`` -> ``de``); English when none is."""
    for tag in preferred:
        primary = str(tag).split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return SOURCE_LANGUAGE
