#!/usr/bin/env python3
"""Compile the gettext catalogues: every ``src/vinci_core/locale/*/LC_MESSAGES/*.po`` to the
``.mo`` beside it (``.venv/bin/python build/catalogues.py [root]``).

Babel reads and writes the files (a build and test tool only: the page reads the ``.mo``
with the standard library's :mod:`gettext`). ``root`` defaults to this checkout's ``src``;
the site build passes the temporary copy it makes the wheel from.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

SRC = Path(__file__).resolve().parent.parent / "src"


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
    for path in compile_catalogues(Path(sys.argv[1]) if len(sys.argv) > 1 else SRC):
        print(path)
