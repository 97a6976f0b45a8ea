"""Errors that explain themselves to a player, in every game.

>>> err = SaveError("action {i} of the save is unreadable", i=3)
>>> str(err), err.template, err.values
('action 3 of the save is unreadable', 'action {i} of the save is unreadable', {'i': 3})
"""

from __future__ import annotations


class ExplainedError(ValueError):
    """Bad input, said in English; with ``values`` the message is a ``str.format``
    template of them, which the page translates (``template``: the catalogues' message id).
    A value that is an exception stands for its own message."""

    def __init__(self, message: str, **values: object) -> None:
        english = {k: getattr(v, "message", v) if isinstance(v, Exception) else v
                   for k, v in values.items()}
        super().__init__(message.format(**english) if values else message)
        self.template = message
        self.values = values


class SaveError(ExplainedError):
    """A save or share link that cannot be loaded; the message says why, in plain words
    (the game's words: a template of its values, translated by the page)."""
