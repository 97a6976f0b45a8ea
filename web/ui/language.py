"""The page's language (issue 15): the menu's choice, remembered; a first visit follows the
browser's languages (vinci_core.text.i18n.negotiate). Game texts follow at the next render."""

from __future__ import annotations

import js  # type: ignore[import-not-found]

from .dom import BRIDGE, element, set_lang, translate_static

# The language the player chose from the menu.
LANG_KEY = "vinci.lang"


def first_language() -> str:
    """The language chosen from the menu before, else the browser's first one that the page
    speaks, else English."""
    from vinci_core.text.i18n import LANGUAGES, negotiate

    saved = BRIDGE.storage.get(LANG_KEY)
    if isinstance(saved, str) and saved in LANGUAGES:
        return saved
    preferred = js.navigator.languages
    tags = [str(t) for t in preferred] if preferred else [str(js.navigator.language)]
    return negotiate(tags)


def choose(code: str) -> bool:
    """The menu's choice: remembered if the page speaks it (whether it does)."""
    from vinci_core.text.i18n import LANGUAGES

    if code not in LANGUAGES:
        return False
    BRIDGE.storage.set(LANG_KEY, code)
    return True


def word_page(code: str) -> None:
    """<html lang>, the menu and index.html's own texts in ``code``."""
    set_lang(code)
    menu = element("language")
    menu.value = code
    # (hasAttribute: a dataset key never set is undefined, an AttributeError in Pyodide)
    if code != "en" or menu.hasAttribute("data-worded"):
        translate_static()  # the page is written in English: nothing to do at first
        menu.dataset.worded = "1"
