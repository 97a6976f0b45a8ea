"""The expert's opponents in its answer (issue 31): when it judges a turn plan by what the
others do next, a seat whose level searches (strong or expert, as its seat says) is played
by a model of the searching player: its conquests by a one-step version of the turn
planner, its decline by the fitted rule. A person's seat and the book levels are played by
the book, as before. The search stays deterministic, the same in slices, and legal."""

from __future__ import annotations

import dataclasses

from vinci_core import Finish, GameConfig, GameState, Seat, new_game
from vinci_core.players.ai import StrongPlayer, finish
from vinci_core.players.answers import play_answers
from vinci_core.players.levels import player_for_seat

MODELLING = StrongPlayer(answer_plans=3, answer_futures=2, answer_work=300,
                         answer_models=True)


def table(seed: int, levels: tuple[str, ...]) -> GameConfig:
    return GameConfig(seats=[Seat(name=f"S{i}", virtual=level != "human",
                                  ai_level="book" if level == "human" else level)
                             for i, level in enumerate(levels)], seed=seed)


def expansions(config: GameConfig, seat: int, count: int) -> list[GameState]:
    """The first ``count`` expansion decisions of ``seat`` in a game its levels play, where
    it may stop conquering (the answer begins where its plan ends)."""
    state = new_game(config)
    out: list[GameState] = []
    while not state.is_terminal and len(out) < count:
        actor = state.current_player
        assert actor is not None
        if actor == seat and state.phase == "expand" and Finish() in state.legal_actions():
            out.append(state)
        state = state.apply(player_for_seat(config, actor).act(state))
    return out


def test_only_the_searching_levels_are_modelled() -> None:
    config = table(4, ("expert", "strong", "book", "human", "expert"))
    state = new_game(config)
    assert sorted(MODELLING._answer_models(state, 0)) == [1, 4]
    assert sorted(MODELLING._answer_models(state, 1)) == [0, 4]
    plain = dataclasses.replace(MODELLING, answer_models=False)
    assert plain._answer_models(state, 0) == {}


def test_a_modelled_answer_is_legal_and_reaches_the_seats_next_turn() -> None:
    config = table(7, ("expert", "strong", "strong", "book"))
    state = expansions(config, 0, 3)[-1]
    models = MODELLING._answer_models(state, 0)
    end = finish(play_answers(state, 0, MODELLING._own_move_after_plan, models))
    assert end.turn_seat == 0 and end.round == state.round + 1 or end.is_terminal


def test_the_modelled_search_is_deterministic_and_the_same_in_slices() -> None:
    config = table(11, ("strong", "expert", "book", "strong"))
    for state in expansions(config, 0, 4):
        first = MODELLING.decide(state)
        assert MODELLING.decide(state) == first
        thinking = MODELLING.think(state)
        sliced = finish(thinking)
        assert sliced == first
        assert first.action in state.legal_actions()


def test_the_model_plays_otherwise_than_the_book() -> None:
    """The searching opponents' answer is not the book's (else the model would be idle)."""
    config = table(5, ("expert", "strong", "strong", "book"))
    differ = 0
    for state in expansions(config, 0, 6):
        models = MODELLING._answer_models(state, 0)
        modelled = finish(play_answers(state, 0, MODELLING._own_move_after_plan, models))
        book = finish(play_answers(state, 0, MODELLING._own_move_after_plan))
        differ += modelled.owner != book.owner or modelled.tokens != book.tokens
    assert differ >= 2
