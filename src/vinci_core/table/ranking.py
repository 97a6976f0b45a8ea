"""The final ranking, in one place per ruleset (the page's game-over review, the CLI).

>>> import vinci_core as vc
>>> cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in "ABC"], seed=3, map="mini")
>>> places(vc.new_game(cfg))[0][0]
1
"""

from __future__ import annotations

from collections.abc import Callable

from ..turn.state import GameState


def classic_places(state: GameState) -> list[tuple[int, int]]:
    """C-6.2: (place, seat), best first. Equal highest scores share the victory (place 1).
    Below the winners the rules rank nobody, so places follow the scores, and equal scores
    there keep the order of play from the start player, each on a place of its own."""
    n = state.rules.seats
    scores = state.scores
    order = sorted(range(n), key=lambda s: (-scores[s], (s - state.start) % n))
    top = scores[order[0]]
    return [(1 if scores[s] == top else i + 1, s) for i, s in enumerate(order)]


def online_places(state: GameState) -> list[tuple[int, int]]:
    """Y-6.2: equal scores share their place at every rank (50, 50, 40 -> 1, 1, 3); seats on
    a shared place are listed in the order of play from the start player."""
    n = state.rules.seats
    place = state.places
    order = sorted(range(n), key=lambda s: (place[s], (s - state.start) % n))
    return [(place[s], s) for s in order]


# One ranking per ruleset (config.ruleset).
RANKINGS: dict[str, Callable[[GameState], list[tuple[int, int]]]] = {
    "classic": classic_places,
    "online": online_places,
}


def places(state: GameState) -> list[tuple[int, int]]:
    """The final ranking of ``state`` as its ruleset ranks it: (place, seat), best first."""
    return RANKINGS[str(getattr(state.config, "ruleset", "classic"))](state)
