"""The turn's flow: :class:`~vinci_core.turn.state.GameState` (the game's data and the dispatch of
an action to its phase) and :class:`~vinci_core.turn.schemas.GameConfig`, a game's settings.
"""
