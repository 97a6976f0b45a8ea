"""Who plays a seat when no person does: the rulebook's virtual player (``virtual``, V-1 … V-8),
the strong AI (``ai``) with its reasons in words (``reasons``), and a random player
(``randomplay``) for tests and benchmarks. They read a game and choose an action; they never
change it.
"""
