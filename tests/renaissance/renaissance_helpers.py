"""Helpers for Renaissance's rule tests: games driven to a step, states built by hand, and
states that differ from a game's only in what one seat may not know."""

from __future__ import annotations

import random
from collections.abc import Callable

from renaissance_core import GameConfig, GameState, new_game
from renaissance_core.game.actions import (
    Action,
    BidCapital,
    BidTokens,
    ChooseCapital,
    Done,
    ReturnCard,
)


def set_up(players: int = 3, seed: int = 1, bids: list[int] | None = None,
           capitals: list[str] | None = None, tokens: list[int] | None = None,
           short: bool = False) -> GameState:
    """Through setup to round 1: each seat returns its first card, bids ``bids`` for capitals,
    takes ``capitals`` in pick order (or the first free), and bids ``tokens`` for order."""
    state = new_game(GameConfig.of(players, seed=seed, short=short))
    for seat in range(players):
        state = state.apply(ReturnCard(seat, state.hands[seat][0]))
    for seat in range(players):
        state = state.apply(BidCapital(seat, (bids or [0] * players)[seat]))
    picks = list(capitals or [])
    while state.step == "capital":
        choice = picks.pop(0) if picks else state.legal_actions()[0].area  # type: ignore[union-attr]
        state = state.apply(ChooseCapital(choice))
    for seat in range(players):
        state = state.apply(BidTokens(seat, (tokens or [5] * players)[seat]))
    return state


def passive(state: GameState, seat: int) -> Action:
    """Do nothing that is optional: Done, or a zero bid (dual cards name the first)."""
    legal = state.legal_actions()
    for action in legal:
        if isinstance(action, Done):
            return action
        if isinstance(action, BidTokens) and action.seat == seat and action.tokens == 0:
            return action
    return legal[0]


def run_until(state: GameState, stop: Callable[[GameState], bool],
              chooser: Callable[[GameState, int], Action] = passive,
              limit: int = 5000) -> GameState:
    for _ in range(limit):
        if stop(state) or state.is_terminal:
            return state
        state = state.apply(chooser(state, state.seats_to_act[0]))
    raise AssertionError("the game never reached the step asked for")


def at_step(state: GameState, step: str) -> GameState:
    return run_until(state, lambda s: s.step == step)


def edit(state: GameState, **facts: object) -> GameState:
    """A copy with facts changed by hand (a scenario's starting position)."""
    new = state.clone()
    for name, value in facts.items():
        setattr(new, name, value)
    return new


def at(state: GameState, step: str, **facts: object) -> GameState:
    """A copy with facts changed, at the start of ``step`` (its automatic start run), moved on
    to the first seat the step concerns."""
    from renaissance_core.turn.phases import enter, settle_flow

    new = edit(state, **facts)
    enter(new, step)
    settle_flow(new)
    return new


def owning(state: GameState, seat: int, *letters: str, since: int = 0) -> GameState:
    """A copy where ``seat`` owns the advances ``letters`` (bought in round ``since``)."""
    advances = {p: dict(v) for p, v in state.advances.items()}
    advances[seat].update({a: since for a in letters})
    return edit(state, advances=advances)


def hide_from(state: GameState, seat: int, seed: int) -> GameState:
    """A state differing only in facts hidden from ``seat`` (R-12.2, R-12.3): the other hands
    and the deck shuffled together, the reuse pile below its top, the random stream, the
    others' sealed bids."""
    chooser = random.Random(seed)
    others = [p for p in range(state.players) if p != seat]
    pool = [c for p in others for c in state.hands[p]] + list(state.deck)
    chooser.shuffle(pool)
    hands = [list(h) for h in state.hands]
    for p in others:
        hands[p], pool = pool[:len(hands[p])], pool[len(hands[p]):]
    reuse = list(state.reuse)
    if len(reuse) > 1:
        below = reuse[:-1]
        chooser.shuffle(below)
        reuse = below + reuse[-1:]
    sealed = {p: (v if p == seat else v + 1 if isinstance(v, int) else v)
              for p, v in state.sealed.items()}
    return edit(state, hands=hands, deck=pool, reuse=reuse, rng=chooser.getrandbits(64),
                sealed=sealed)
