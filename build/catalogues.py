#!/usr/bin/env python3
"""The gettext catalogues: extract, update and compile.

* ``.venv/bin/python build/catalogues.py`` compiles every
  ``src/vinci_core/locale/<lang>/LC_MESSAGES/<domain>.po`` to the ``.mo`` beside it
  (``compile [src]``: the site build passes the temporary copy it makes the wheel from).
* ``.venv/bin/python build/catalogues.py update`` extracts each domain's messages from its
  sources (:data:`DOMAIN_SOURCES`) and merges them into every language's ``.po`` (new
  messages arrive untranslated, vanished ones are dropped), for translators to fill in.

The messages are the calls of ``_``, ``N_`` (mark only), ``ngettext`` and ``pgettext``
(Babel's default keywords). Babel reads and writes the files: a build and test tool only,
the page reads the ``.mo`` with the standard library's :mod:`gettext`.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
LOCALE = SRC / "vinci_core" / "locale"
LANGUAGES = ("nl", "fr", "de")  # English is the source language: no catalogue
# Babel's keywords, NP_ (vinci_core.text.i18n: a context-marked message translated later) and
# the engine's refusals, IllegalAction(rule, message, **values) and illegal_n(rule,
# singular, plural, n, **values), and the messages of bad
# input, ActionError and SaveError(message, **values), translated by the page.
KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2), "IllegalAction": (2,),
            "ActionError": (1,), "SaveError": (1,),
            "say": (1,), "say_n": (1, 2), "illegal_n": (2, 3)}
# Which files hold each domain's messages (globs from the checkout's root, Python sources).
DOMAIN_SOURCES: dict[str, tuple[str, ...]] = {
    "vinci": ("src/vinci_core/*.py", "src/vinci_core/*/*.py", "web/*.py", "web/ui/*.py"),
    "reference": ("src/vinci_core/words/reference.py", "src/vinci_core/words/reference_labels.py"),
    "guide": ("src/vinci_core/table/guide.py", "src/vinci_core/words/guide_labels.py"),
}
# The page's static texts (data-i18n: an element's text; data-i18n-attr: the attributes
# named there), translated at boot and on a switch by web/ui/dom.py (translate_static).
DOMAIN_PAGES: dict[str, tuple[str, ...]] = {"vinci": ("web/index.html",)}
# Files of the vinci globs that belong to another domain.
_OTHER_DOMAINS = {p for d, globs in DOMAIN_SOURCES.items() if d != "vinci" for p in globs}


def source_files(domain: str) -> list[Path]:
    files = {f for pattern in DOMAIN_SOURCES[domain] for f in ROOT.glob(pattern)}
    if domain == "vinci":
        files -= {ROOT / p for p in _OTHER_DOMAINS}
    return sorted(files)


class _PageTexts(HTMLParser):
    """The marked texts of a page, as (line, message): an element with ``data-i18n``
    gives its text with its white space collapsed (the message id the page looks up), one
    with ``data-i18n-attr`` the values of the attributes it names. ``marker``: another
    attribute that marks the elements whose text is read (and no attributes then)."""

    def __init__(self, marker: str = "data-i18n") -> None:
        super().__init__(convert_charrefs=True)
        self.marker = marker
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]]] = []  # marked elements being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attr") or "").split():
            if values.get(name) and self.marker == "data-i18n":
                self.found.append((line, str(values[name])))
        if self.marker in values:
            self._open.append((tag, line, []))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, line, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if text:
                self.found.append((line, text))


def page_texts(path: Path, marker: str = "data-i18n") -> list[tuple[int, str]]:
    parser = _PageTexts(marker)
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def extract(domain: str) -> Catalog:
    """The domain's messages as found in its sources (the template every language fills)."""
    template = Catalog(domain=domain, project="Vinci", fuzzy=False)
    for page in DOMAIN_PAGES.get(domain, ()):
        for lineno, message in page_texts(ROOT / page):
            template.add(message, None, [(page, lineno)])
    for path in source_files(domain):
        for lineno, message, comments, context in extract_from_file(
                "python", path, KEYWORDS, comment_tags=("TRANSLATORS:",)):
            template.add(message, None, [(path.relative_to(ROOT).as_posix(), lineno)],
                         auto_comments=comments, context=context)
    return template


def update_catalogues() -> list[Path]:
    """Merge every domain's template into each language's ``.po`` (created when absent)."""
    written = []
    for domain in DOMAIN_SOURCES:
        template = extract(domain)
        if not len(template):
            continue
        for lang in LANGUAGES:
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if po.exists():
                with po.open("rb") as handle:
                    catalog = read_po(handle, locale=lang, domain=domain)
            else:
                catalog = Catalog(locale=lang, domain=domain, project="Vinci", fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True)
            po.parent.mkdir(parents=True, exist_ok=True)
            with po.open("wb") as handle:
                write_po(handle, catalog, width=100, omit_header=False,
                         ignore_obsolete=True, include_previous=False)
            written.append(po)
    return written


def compile_catalogues(src: Path = SRC) -> list[Path]:
    """Write each catalogue's ``.mo`` (only when older than its ``.po``); return them all."""
    written = []
    for po in sorted((src / "vinci_core" / "locale").glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name, domain=po.stem)
            with mo.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
        written.append(mo)
    return written


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["update"]:
        for path in update_catalogues():
            print(path)
    else:
        args = args[1:] if args[:1] == ["compile"] else args
        for path in compile_catalogues(Path(args[0]) if args else SRC):
            print(path)
