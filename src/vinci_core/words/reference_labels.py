"""The rules reference's controls on the page: the toolbar's Rules button, the dialog's title,
search box, close button and the like.

Apart from :mod:`vinci_core.words.reference`, which holds the reference itself: a first visit words
the Rules button before the page has loaded the reference (issue 11).
"""

from __future__ import annotations

from ..text.i18n import N_, translations

# The page's own words around the reference (dialog, search box, buttons).
UI_TEXTS: dict[str, str] = {
    "rules": N_("Rules"),
    "title": N_("Rules reference"),
    "search": N_("Search the rules"),
    "close": N_("Close"),
    "none": N_("Nothing in the rules matches this search."),
    "display_help": N_("What do these mean?"),
    "tile_help": N_("About {tile}"),
    "contents": N_("Contents"),
}


def ui_text(key: str, lang: str, **values: object) -> str:
    """One of :data:`UI_TEXTS` in ``lang``.

    >>> ui_text("tile_help", "fr", tile="Astronomie")
    'À propos de « Astronomie »'
    """
    return translations(lang, "reference").gettext(UI_TEXTS[key]).format(**values)
