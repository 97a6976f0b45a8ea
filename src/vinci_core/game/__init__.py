"""The game's data and its rule terms: settings' constants, tiles, actions, the PRNG, what a
position is, and what conquering, scoring and defending cost. Nothing here knows the turn's
flow (``vinci_core.turn``) or a ruleset (``vinci_core.rulesets``).
"""
