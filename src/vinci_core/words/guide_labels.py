"""The guided first game's controls on the page: the Help menu (its button, its entry that
starts the guide) and the guide's panel (its heading, its button that leaves the guide).

Apart from :mod:`vinci_core.table.guide`, which plays the guided game: a first visit words the
Help menu before the page has loaded the engine (issue 11).
"""

from __future__ import annotations

from ..text.i18n import translations


def page_labels(lang: str) -> dict[str, str]:
    """The guide's own controls on the page (the help menu's entry, the panel)."""
    _ = translations(lang, "guide").gettext
    return {"help": _("Help"), "start": _("Guided first game"),
            "leave": _("Leave the guide"), "panel": _("Guided first game")}
