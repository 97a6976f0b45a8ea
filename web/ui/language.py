"""The page's language (issue 15): the menu's choice, remembered; a first visit follows the
browser's languages (vinci_core.text.i18n.negotiate). Game texts follow at the next render;
:func:`switch_language` words everything on the page again (``app``: main.App)."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from . import dialogs
from .dom import BRIDGE, element, lang, set_lang, translate_static
from .replay import reword_replay
from .review import show_review

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


def set_language(app: Any, code: str) -> None:
    """Word the page in ``code``: <html lang>, the menu, index.html's texts; the game's
    texts follow at the next render."""
    word_page(code)
    app.games.store.lang = code


def switch_language(app: Any, code: str) -> None:
    """The menu's choice: remembered, and everything on the page said again in it
    without touching the game (the same digest). Then the ``vinci:language`` event
    lets other views (rules reference, guide) word themselves again."""
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    if not choose(code) or code == lang():
        return
    names = [dialogs.default_name(i) for i in range(6)]
    set_language(app, code)
    dialogs.word_seat_rows(names)
    dialogs.update_seat_rows()
    app.about.render()
    app.hints.forget()
    if app.session is not None:
        _reword_game(app, code)
    js.document.dispatchEvent(js.CustomEvent.new(
        "vinci:language", to_js({"detail": code}, dict_converter=js.Object.fromEntries)))


def _reword_game(app: Any, code: str) -> None:
    """The game on screen, its replay and its open dialogs, said again in ``code``."""
    app.session.set_language(code)
    if app.replay is not None:  # the same position, worded in the new language
        reword_replay(app)
    app.redraw_all()  # every panel's words change, not its data
    app.log.reset()
    app.board.key = None  # the board's names and labels are words too
    app.render()
    if js.document.getElementById("over-dialog").open:
        show_review(app.session)
    if js.document.getElementById("saves-dialog").open:
        app.games.render_list()
