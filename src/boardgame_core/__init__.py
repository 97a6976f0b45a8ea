"""boardgame_core: what every game of this project shares, whatever its rules.

A game package (``vinci_core``, ``renaissance_core``) implements the State API of
:mod:`.api` and hands one :class:`~.api.Game` object to what is common: the save text
codec (:mod:`.savetext`), a game's identity and the play-by-link relations
(:mod:`.links`), the saved-games store (:mod:`.storage`), the cursor over an action log
(:mod:`.playback`) and the conformance suite every game passes (:mod:`.conformance`).

Nothing here imports a game, the browser or pydantic; messages a player sees are the
game's words, handed in (its catalogues translate them).
"""

__all__ = ["api", "conformance", "errors", "links", "playback", "savetext", "storage"]
