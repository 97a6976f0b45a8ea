"""The searching seat's own play in the strong AI's rollouts (issue 31).

A rollout plays a position on for a few turns to value it. Every seat but the searching one
is played by the book (:mod:`.virtual`). The searching seat may be played by the book too
(the default), or closer to how the strong AI will really play its empire
(:attr:`.ai.StrongPlayer.rollout_width` > 0):

- **Conquests**: a one-step turn planner. Of the conquests the seat can afford (the book's
  candidates, V-3 and V-4), the ``width`` most valuable at a glance are each played once
  and scored by the strong AI's own planner value (``value``); the best is taken if it
  raises that value, else the seat stops. A new civilization that must enter takes the
  best entry even when it does not.
- **Decline**: the book's V-7 test (its die), or with ``own_decline`` a fixed rule fitted
  on the strong AI's own choices (:func:`own_decline_wanted`).
- **Diplomacy**: the book's (V-8).

Each conquest tried is a position played: the generators below yield once for each, so
the rollouts' work budget counts them and a search in slices stays the same search.

>>> own_decline_wanted(worth=6, tokens=4), own_decline_wanted(worth=9, tokens=4)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..game.actions import Action, Conquer, Decline, Diplomacy, Finish
from ..turn.state import GameState
from .virtual import candidates, decline_test, diplomacy_partner, empire_worth, expansion_tokens

# The fitted decline rule: an empire whose worth plus twice its tokens for expansion is
# under this declines (fitted on 576 decline tests of the strong AI in 80 four-seat games:
# docs/players.md, "What was tried").
OWN_DECLINE_BELOW = 16

# A move of the searching seat in a rollout: yields after each position it plays.
Policy = Generator[None, None, Action]
PlanValue = Callable[[GameState, int], float]


def own_decline_wanted(worth: int, tokens: int) -> bool:
    """The fitted rule: decline an empire worth ``worth`` VP a turn with ``tokens`` tokens
    for expansion when the two together (tokens counted twice) are worth little."""
    return worth + 2 * tokens < OWN_DECLINE_BELOW


def own_expand(state: GameState, seat: int, value: PlanValue, width: int,
               may_decline: bool, own_decline: bool) -> Policy:
    """The searching seat's move in its expansion phase in a rollout: a decline at the
    start of its turn (``may_decline``; by V-7's die, or the fitted rule with
    ``own_decline``), the book's Diplomacy, else :func:`own_conquest`."""
    player = state.players[seat]
    turn = state.turn
    if may_decline and not turn.acted and player.civ is not None \
            and "rebirth" not in player.abilities:  # Rebirth declines at the turn's end
        if own_decline:
            wanted = own_decline_wanted(empire_worth(state, seat),
                                        expansion_tokens(state, seat))
        else:
            wanted = decline_test(state, seat)
        if wanted:
            return Decline()
    if turn.envoys > 0 and not turn.conquered:
        partner = diplomacy_partner(state, seat)
        if partner is not None:
            return Diplomacy(partner)
    return (yield from own_conquest(state, seat, value, width))


def own_conquest(state: GameState, seat: int, value: PlanValue, width: int) -> Policy:
    """The best of the ``width`` most valuable affordable conquests by the planner's
    ``value`` of the position it leads to, or ``finish`` when none raises it (a forced
    entry takes the best one anyway)."""
    ranked = sorted(candidates(state, seat), key=lambda c: (-c.value, c.cost, c.province))
    ids = state.board.ids
    best: tuple[float, Action] | None = None
    for c in ranked[:width]:
        action = Conquer(ids[c.province], c.espionage)
        yield
        worth = value(state.apply(action), seat)
        if best is None or worth > best[0]:
            best = (worth, action)
    if best is None:
        return Finish()
    entering = not state.empire(seat)
    if best[0] > value(state, seat) + 1e-9 or entering:
        return best[1]
    return Finish()


__all__ = ["OWN_DECLINE_BELOW", "own_conquest", "own_decline_wanted", "own_expand"]
