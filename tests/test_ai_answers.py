"""Turn plans judged by the opponents' answer (vinci_core.players.answers): the expert
plays each of its best openings to the end of its turn and lets every book opponent play
its next turn, then keeps the plan whose position is worth most after that answer. Like
every search of the strong AI it is deterministic, the same in slices, and bounded by a
work limit counted in positions."""

from __future__ import annotations

from slicing import decision_positions, run_in_slices

from vinci_core import Conquer, Finish, GameConfig, GameState, Seat, digest, new_game
from vinci_core.players.ai import StrongPlayer, finish, hint, race_value
from vinci_core.players.answers import answered_value, judged_plan, play_answers
from vinci_core.players.levels import EXPERT, player_for_seat
from vinci_core.players.planner import beam_search, distinct_openings

ANSWERING = StrongPlayer(answer_plans=4, answer_futures=3, answer_work=300)


def table(seed: int) -> GameConfig:
    return GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                  ai_level="strong" if i == 0 else "book")
                             for i in range(4)], seed=seed)


def conquest_positions(config: GameConfig, every: int) -> list[GameState]:
    """Every ``every``-th expansion decision of seat 0 (played by ``ANSWERING``)."""
    return decision_positions(ANSWERING, config, every, ("expand",))


def openings(state: GameState, count: int) -> list[tuple[float, list]]:
    seat = state.current_player
    assert seat is not None
    _best, scored = finish(beam_search(state, seat, lambda s: ANSWERING.plan_worth(s, seat),
                                       ANSWERING.beam, ANSWERING.plan_work))
    return distinct_openings(scored, count)


def mid_turn(seed: int) -> GameState:
    """A position where seat 0 has conquered once this turn and may go on (no decline
    is weighed any more) with several openings to weigh."""
    for state in conquest_positions(table(seed), 1):
        if state.turn.conquered and len(openings(state, 4)) >= 3:
            return state
    raise AssertionError("no mid-turn position in this game")


def test_the_answer_ends_where_the_seats_next_turn_begins() -> None:
    state = mid_turn(3)
    end = finish(play_answers(state, 0, ANSWERING._own_move_after_plan))
    assert end.turn_seat == 0 and end.round == state.round + 1
    assert end.phase in ("choose", "expand") and not end.turn.conquered


def test_the_plan_played_is_the_one_worth_most_after_the_opponents_answer() -> None:
    state = mid_turn(3)
    candidates = openings(state, 4)

    def mean_after_answer(plan: list) -> float:
        return sum(finish(answered_value(state, 0, plan, future,
                                         ANSWERING._own_move_after_plan,
                                         lambda end: race_value(end, 0, ANSWERING.rival_weight)))
                   for future in range(3)) / 3

    values = [mean_after_answer(plan) for _v, plan in candidates]
    chosen = finish(judged_plan(state, 0, candidates, 3, 10_000,
                                ANSWERING._own_move_after_plan,
                                lambda end: race_value(end, 0, ANSWERING.rival_weight)))
    assert chosen == candidates[values.index(max(values))][1]
    decided = ANSWERING.decide(state).action
    assert decided == (chosen[0] if chosen else Finish())
    assert all(isinstance(a, Conquer) for a in chosen)


def test_the_answer_stops_before_a_round_of_futures_would_pass_its_work_limit() -> None:
    """One round (a future for every opening) is always played; another only while the
    pace so far says it fits under the limit."""
    state = mid_turn(5)
    candidates = openings(state, 4)

    def positions(limit: int) -> int:
        thinking = judged_plan(state, 0, candidates, 3, limit,
                               ANSWERING._own_move_after_plan,
                               lambda end: race_value(end, 0, ANSWERING.rival_weight))
        return sum(1 for _ in thinking)

    one_round = positions(0)
    assert one_round > 0
    assert positions(one_round) == one_round  # a second round would pass the limit
    assert positions(10_000) > 2 * one_round  # all three futures fit


def test_an_answered_decision_is_the_same_twice_and_in_slices() -> None:
    sliced = 0
    for state in conquest_positions(table(7), 2):
        before = digest(state)
        whole = ANSWERING.decide(state)
        assert ANSWERING.decide(state) == whole
        count, decision = run_in_slices(ANSWERING.think(state), lambda s=state: hint(s))
        assert decision == whole
        assert digest(state) == before
        sliced += count > 1
    assert sliced > 4


def test_the_strong_level_answers_its_plans_within_its_budget() -> None:
    strong = StrongPlayer()
    assert (strong.answer_plans, strong.answer_futures, strong.answer_work) == (3, 2, 300)


def test_the_experts_decisions_stay_within_its_work_limits() -> None:
    """A decision weighs at most a civilization or a decline by rollouts, a turn plan and
    its answer: each search stops at its own limit (at most one round past it)."""
    config = GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                    ai_level="expert" if i == 0 else "strong")
                               for i in range(4)], seed=11)
    state, most = new_game(config), 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == 0:
            count, decision = run_in_slices(EXPERT.think(state))
            action = decision.action
            most = max(most, count)
        else:
            action = player_for_seat(config, seat).act(state)
        state = state.apply(action)
    assert 0 < most <= 1.5 * (EXPERT.rollout_work + EXPERT.answer_work) + EXPERT.plan_work
