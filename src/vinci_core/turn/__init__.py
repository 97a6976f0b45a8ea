"""The turn's flow: :class:`~vinci_core.turn.state.GameState` (the game's data and the dispatch of
an action to its phase) and :class:`~vinci_core.turn.schemas.GameConfig`, a game's settings.

One module per phase of the turn, each with its legal actions and its handlers: ``choose``
(C-1.4, C-1.5, C-2), ``expand`` (C-3.1: the start of a turn, Diplomacy, emptying a province,
Finish), ``conquer`` (C-3.2, C-3.3: reach, cost, conquest, Religion), ``keep`` (C-3.4.2),
``reorganize`` (C-3.4.3–C-3.4.5: tokens and forts), ``redistribute`` (C-3.5), ``score``
(C-3.6), ``decline`` (C-5) and ``end`` (C-6). ``common`` holds what several use, ``data`` the
state's records and :class:`~vinci_core.turn.data.State`, the fields the phases read.
"""
