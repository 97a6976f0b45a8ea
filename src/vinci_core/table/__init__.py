"""The table around a game: the session the page plays (actions, undo, log) and what its AI's
worker computes (``aiworker``), what the page shows
(``presenter``, ``view``, ``svg``, ``palette``), saves and links (``save``, ``store``),
replay (``playback``), the end-of-game review and ranking, the guided first game and the
new-game dialog. The top layer: everything it shows is computed here, in plain Python.
"""
