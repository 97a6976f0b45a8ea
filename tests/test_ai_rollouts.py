"""The searching seat's own play in the strong AI's rollouts (issue 31,
``StrongPlayer.rollout_width`` and ``rollout_own_decline``; players/rollouts.py)."""

from __future__ import annotations

from builders import give_civ, position, put, start_turn
from slicing import decision_positions, run_in_slices

from vinci_core import Conquer, Decline, Finish, GameConfig, GameState, Seat, digest, new_game
from vinci_core.players.ai import StrongPlayer, finish, hint
from vinci_core.players.randomplay import RandomChooser
from vinci_core.players.rollouts import own_conquest, own_decline_wanted, own_expand
from vinci_core.players.virtual import VirtualPlayer

# The turn planner alone plans the conquests here (no opponents' answer), as when these
# variants were measured: the rollouts' own play is what is tested.
OWN = StrongPlayer(rollout_width=4, rollout_own_decline=True, answer_plans=0)
OWN_BOOK_DECLINE = StrongPlayer(rollout_width=3, answer_plans=0)


def strong_table(seed: int) -> GameConfig:
    return GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                  ai_level="strong" if i == 0 else "book")
                             for i in range(4)], seed=seed)


def test_a_decision_with_its_own_rollout_play_is_the_same_in_slices() -> None:
    """The page runs the search in slices; with the seat's own play in the rollouts the
    conquests it tries are slices too, and no slice boundary changes the decision."""
    sliced = 0
    for state in decision_positions(OWN, strong_table(7), 5):
        before = digest(state)
        whole = OWN.decide(state)

        def meanwhile(state: GameState = state) -> None:
            """Other searches of the same position in between."""
            hint(state)
            assert finish(OWN_BOOK_DECLINE.think(state)).action in state.legal_actions()

        count, decision = run_in_slices(OWN.think(state), meanwhile, every=40)
        assert decision == whole
        assert digest(state) == before
        sliced += count > 1
    assert sliced > 6


def test_the_seat_own_rollout_play_stays_within_the_work_budget() -> None:
    """The conquests tried in the rollouts are positions played: the work limit still
    bounds every decision (at most one round of rollouts past it)."""
    most = 0
    for state in decision_positions(OWN, strong_table(9), 2):
        thinking, count = OWN.think(state), 0
        for _ in thinking:
            count += 1
        most = max(most, count)
    assert 0 < most <= 1.5 * OWN.rollout_work + OWN.plan_work


def test_the_rollout_policy_plays_legal_moves_in_any_position() -> None:
    """V-4's place taken by the planner: whatever the position (book games with random
    detours, 3 to 6 seats), the seat's own expansion move in a rollout is a legal one."""
    checked = 0
    for seats in (3, 4, 5, 6):
        config = GameConfig(seats=[Seat(name=f"S{i}", virtual=True) for i in range(seats)],
                            seed=seats)
        chooser = RandomChooser(seats)
        book = [VirtualPlayer.for_seat(config, i) for i in range(seats)]
        state = new_game(config)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if state.phase == "expand":
                for may_decline, own in ((True, True), (True, False), (False, False)):
                    move = finish(own_expand(state, seat, OWN._plan_value, 4, may_decline,
                                             own))
                    assert move in legal, (move, state.phase)
                    assert may_decline or move != Decline()
                checked += 1
            state = state.apply(chooser.pick(legal) if chooser.below(4) == 0
                                else book[seat].act(state))
    assert checked > 200


def test_a_new_civilization_enters_even_when_no_entry_raises_its_plan_value() -> None:
    """C-3.1.2: a civilization that can enter must; the rollout's planner takes the best
    entry rather than stopping."""
    s = position(seats=3, map="europe", virtual=(0, 1, 2))
    s = give_civ(s, 0, ("diplomacy", "heritage"), hand=3)
    s = start_turn(s, 0)
    assert Finish() not in s.legal_actions()
    move = finish(own_conquest(s, 0, lambda _state, _seat: 0.0, 3))
    assert isinstance(move, Conquer) and move in s.legal_actions()


def test_the_rollout_planner_stops_when_no_conquest_raises_its_value() -> None:
    """A conquest that does not raise the planner's value is not made: the seat keeps its
    tokens (with a value that counts only tokens in hand, every conquest lowers it)."""
    s = position(seats=3, map="europe", virtual=(0, 1, 2))
    s = give_civ(s, 0, ("diplomacy", "heritage"), hand=6)
    s = put(s, "burgundy", 0, 2)
    s = start_turn(s, 0)

    def hand(state: GameState, seat: int) -> float:
        return float(state.players[seat].hand)

    assert finish(own_conquest(s, 0, hand, 5)) == Finish()
    taken = finish(own_conquest(s, 0, OWN._plan_value, 5))
    assert isinstance(taken, Conquer), taken


def test_the_fitted_decline_rule_declines_a_weak_empire_with_few_tokens() -> None:
    """An empire worth little with few tokens declines; a rich one, or one with tokens
    to grow with, plays on."""
    assert own_decline_wanted(worth=5, tokens=2)
    assert not own_decline_wanted(worth=16, tokens=0)
    assert not own_decline_wanted(worth=4, tokens=6)


def test_the_own_rollout_play_is_off_by_default() -> None:
    """Nothing changes until measured: the default strong player's rollouts play the
    searching seat by the book."""
    assert StrongPlayer().rollout_width == 0
    assert not StrongPlayer().rollout_own_decline
