"""Turn plans judged by the opponents' answer (the expert's conquests, issue 31).

The turn planner (:mod:`.planner`) scores a sequence of conquests by a static look at where
the turn ends: what it scores, what it holds, and a guess at what a neighbour could take
back (``exposed``). The book players' next conquests are not a guess, though: V-4 sends
each of them to the most valuable province it can pay for, whoever holds it. So a plan can
be judged by what the opponents really do next:

- the planner's best sequences, the best one for each first conquest (stopping at once
  counts as one), are the candidates (:func:`.planner.distinct_openings`);
- each candidate is played to the end of the seat's turn (its own reorganization and
  fort, no search), then every opponent's next turn is played by the book, up to the start
  of the seat's next turn (:func:`play_answers`);
- this on a few resampled futures (V-7's die, ties, the bag: the game's own stream is
  neither read nor advanced), the same futures for every candidate (common random
  numbers); the candidate with the best mean value is played.

Each position played is yielded, so the search's work is counted (and sliced) like the
rollouts'. Futures go in rounds, one for every candidate; no round starts that would take
the work past the limit at the pace of the rounds so far, and at least one is played.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ..game import rng
from ..game.actions import Action
from ..turn.state import GameState
from .planner import Scored
from .virtual import VirtualPlayer

# Futures of the answer, salted apart from the rollouts' (below 1009, GameState.die's step).
ANSWER_SALT = 800
# A safety bound on the positions of one answer (a round of four turns plays ~40).
MAX_STEPS = 2000

Answered = Generator[None, None, float]  # a value, yielding after each position
OwnMove = Callable[[GameState], Action]  # the seat's moves after its plan (no search)
Judge = Callable[[GameState], float]  # the value of the position the answer reaches


def play_answers(state: GameState, seat: int, own_move: OwnMove
                 ) -> Generator[None, None, GameState]:
    """Play ``state`` on until ``seat``'s next turn begins: ``seat``'s moves by
    ``own_move`` (the end of its turn, tokens returned to it meanwhile), every other
    seat's by the book. Yields after each position it plays."""
    book = [VirtualPlayer.for_seat(state.config, i) for i in range(state.rules.seats)]
    away = state.turn_seat != seat
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            break
        if state.turn_seat != seat:
            away = True
        elif away:
            break
        actor = state.current_player
        assert actor is not None
        action = own_move(state) if actor == seat else book[actor].act(state)
        yield
        state = state.apply(action)
    return state


def answered_value(state: GameState, seat: int, plan: list[Action], future: int,
                   own_move: OwnMove, judge: Judge) -> Answered:
    """``judge``'s value after ``plan`` and the opponents' answer, on future ``future``."""
    s = state.clone()
    s.rng = rng.seed_state(state.die(1 << 30, ANSWER_SALT + future) + 1)
    for action in plan:
        yield
        s = s.apply(action)
    end = yield from play_answers(s, seat, own_move)
    return judge(end)


def judged_plan(state: GameState, seat: int, candidates: Scored, futures: int,
                work_limit: int, own_move: OwnMove, judge: Judge
                ) -> Generator[None, None, list[Action]]:
    """The candidate plan with the best mean value after the opponents' answer (ties:
    the planner's order). One candidate needs no answer."""
    if len(candidates) <= 1:
        return candidates[0][1] if candidates else []
    totals = [0.0] * len(candidates)
    work = rounds = 0
    for future in range(futures):
        if rounds and work * (rounds + 1) > work_limit * rounds:
            break
        for k, (_value, plan) in enumerate(candidates):
            answer = answered_value(state, seat, plan, future, own_move, judge)
            while True:
                try:
                    next(answer)
                except StopIteration as done:
                    totals[k] += done.value
                    break
                work += 1
                yield
        rounds += 1
    best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
    return candidates[best][1]


__all__ = ["ANSWER_SALT", "answered_value", "judged_plan", "play_answers"]
