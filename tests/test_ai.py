"""The AI levels (vinci_core.players.ai): every decision legal and explained, games replay from
their saves, the level lives in the seat's config, and a few positions where the right move is
plain to a player are decided that way."""

from __future__ import annotations

import pytest
from builders import give_civ, position, put, set_score, start_turn
from slicing import run_in_slices

from vinci_core import (
    Choose,
    Conquer,
    Decline,
    Finish,
    GameConfig,
    GameState,
    Place,
    PlaceAll,
    Seat,
    decode_save,
    digest,
    encode_save,
    new_game,
)
from vinci_core.players.ai import (
    ANSWER_WORK,
    PLAN_WORK,
    ROLLOUT_WORK,
    ROLLOUTS,
    BookPlayer,
    Decision,
    StrongPlayer,
    finish,
    hint,
    rival_prospect,
)
from vinci_core.players.levels import LEVELS, player_for_seat
from vinci_core.players.randomplay import RandomChooser
from vinci_core.players.virtual import VirtualPlayer

# A small budget for the many-position tests (the same code paths as the default one).
QUICK = StrongPlayer(rollouts=1, horizon=1, beam=2, choices=2)

OPTION_SETS = [
    {},
    {"decline_contact": "forbid"},
    {"defender_redistribution": "auto"},
    {"tile_counts": "printed"},
    {"decline_contact": "forbid", "defender_redistribution": "auto", "tile_counts": "printed"},
]


def table(seats: int, seed: int, board: str, humans: tuple[int, ...] = (),
          **options: object) -> GameConfig:
    return GameConfig.model_validate({
        "seats": [Seat(name=f"S{i}", virtual=i not in humans,
                       ai_level="strong" if i % 2 == 0 else "book") for i in range(seats)],
        "seed": seed, "map": board, **options})


def assert_legal(state: GameState, decision: Decision) -> None:
    assert decision.reason.strip(), f"no reason for {decision.action!r}"
    before = digest(state)
    if isinstance(decision.action, PlaceAll):
        state.apply(decision.action)  # place_all is checked by the engine (not listed)
    else:
        assert decision.action in state.legal_actions(), (decision.action, state)
    assert digest(state) == before  # deciding never changes the game


def wander(config: GameConfig, seed: int, every: int, decide: object) -> int:
    """Play ``config`` to its end by the book with random detours (a third of the steps a
    uniformly random legal action), asking ``decide`` about every ``every``-th position."""
    chooser = RandomChooser(seed)
    state = new_game(config)
    book = [VirtualPlayer.for_seat(config, i) for i in range(len(config.seats))]
    asked = 0
    for step in range(20_000):
        if state.is_terminal:
            return asked
        seat = state.current_player
        assert seat is not None
        if step % every == 0:
            for ai in decide(state):  # type: ignore[operator]
                assert_legal(state, ai.decide(state))
            asked += 1
        legal = state.legal_actions()
        if chooser.below(3) == 0 and legal:
            action = chooser.pick(legal)
        else:
            action = book[seat].act(state)
        state = state.apply(action)
    raise AssertionError("game did not end")


# The quick run plays a diagonal (every option set, every seat count); the full one all pairs.
@pytest.mark.parametrize(("options", "seats"), [
    pytest.param(options, seats, marks=() if seats == 3 + options % 4 else pytest.mark.slow)
    for options in range(len(OPTION_SETS)) for seats in (3, 4, 5, 6)])
def test_every_decision_is_legal_and_explained_mini(seats: int, options: int) -> None:
    humans = (1,) if seats % 2 else (0, 2)  # human seats too: cohesion, chosen redistribution
    for seed in range(4):
        cfg = table(seats, seed * 31 + options, "mini", humans, **OPTION_SETS[options])
        asked = wander(cfg, seed, 3, lambda s: (QUICK, BookPlayer(VirtualPlayer())))
        assert asked > 20


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_every_decision_is_legal_on_europe(seats: int) -> None:
    for seed in range(2):
        cfg = table(seats, seed, "europe", (1,), **OPTION_SETS[seed * 4 % len(OPTION_SETS)])
        assert wander(cfg, seed, 6, lambda s: (QUICK,)) > 20


def test_default_budget_is_legal_over_a_europe_game() -> None:
    cfg = table(4, 11, "europe", (3,))
    assert wander(cfg, 5, 20, lambda s: (StrongPlayer(),)) > 5


def strong_positions(config: GameConfig, every: int) -> list[GameState]:
    """Every ``every``-th position of a game where a strong seat must decide."""
    state = new_game(config)
    players = [player_for_seat(config, i) for i in range(len(config.seats))]
    out = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if config.seats[seat].ai_level == "strong" and state.phase in ("choose", "expand"):
            out.append(state)
        state = state.apply(players[seat].act(state))
    return out[::every]


def test_a_decision_in_slices_is_the_decision_at_once() -> None:
    """The page runs the search in slices, drawing and answering clicks in between (and
    a hint may be asked meanwhile): every slice boundary leaves the result unchanged."""
    cfg = table(4, 7, "europe")
    strong = StrongPlayer()
    sliced = 0
    for state in strong_positions(cfg, 3):
        before = digest(state)
        whole = strong.decide(state)
        other = hint(state)

        def meanwhile(state: GameState = state, other: Decision = other) -> None:
            """Other work on the same position between two slices."""
            assert finish(strong.think(state)) == other
            state.legal_actions()

        count, decision = run_in_slices(strong.think(state), meanwhile)
        assert decision == whole
        assert digest(state) == before
        sliced += count > 1
    assert sliced > 10


def test_the_work_budget_bounds_every_decision() -> None:
    """A decision plays at most its budget's positions (plus the last round of rollouts,
    or of the opponents' answers, started within it), whatever the position: that, not the
    clock, caps its time."""
    cfg = table(4, 9, "europe")
    # Twice the rollouts with no work limit: what the budget saves.
    unbounded = StrongPlayer(rollouts=2 * ROLLOUTS, rollout_work=10**9, plan_work=10**9,
                             answer_work=10**9)
    most = most_unbounded = 0
    for state in strong_positions(cfg, 2):
        most = max(most, run_in_slices(StrongPlayer().think(state))[0])
        most_unbounded = max(most_unbounded, run_in_slices(unbounded.think(state))[0])
    assert most <= 1.5 * ROLLOUT_WORK + PLAN_WORK + 1.5 * ANSWER_WORK < most_unbounded
    # The smallest budget still plays one round of rollouts and decides legally.
    tiny = StrongPlayer(rollout_work=1, plan_work=1)
    for state in strong_positions(cfg, 10):
        assert_legal(state, tiny.decide(state))


def play(config: GameConfig) -> GameState:
    state = new_game(config)
    players = [player_for_seat(config, i) for i in range(len(config.seats))]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state = state.apply(players[seat].act(state))
    return state


def test_a_game_with_strong_seats_replays_from_its_save() -> None:
    cfg = GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                 ai_level="strong" if i in (0, 2) else "book")
                            for i in range(4)], seed=3, map="mini")
    final = play(cfg)
    again = decode_save(encode_save(final))
    assert digest(again) == digest(final)
    assert again.config.seats[0].ai_level == "strong"
    # The strong seats play the same game again: their search is deterministic.
    assert digest(play(cfg)) == digest(final)


def test_level_default_leaves_configs_and_digests_unchanged() -> None:
    """D-14: a seat at the default level dumps exactly as before the field existed."""
    seat = Seat(name="Ann", virtual=True)
    assert seat.ai_level == "book"
    assert "ai_level" not in seat.model_dump(exclude_defaults=True)
    strong = Seat(name="Ann", virtual=True, ai_level="strong")
    cfg = GameConfig(seats=[seat, Seat(name="Bo"), Seat(name="Cy")], seed=1, map="mini")
    cfg2 = GameConfig(seats=[strong, Seat(name="Bo"), Seat(name="Cy")], seed=1, map="mini")
    assert digest(new_game(cfg)) != digest(new_game(cfg2))
    assert LEVELS == ("easy", "book", "strong", "expert")
    assert isinstance(player_for_seat(cfg2, 0), StrongPlayer)
    assert isinstance(player_for_seat(cfg, 0), BookPlayer)


def test_hint_is_a_legal_strong_move_for_a_human_and_plays_nothing() -> None:
    cfg = GameConfig.solo("Ann", map="mini", seed=4)
    state = new_game(cfg)
    while state.current_player != 0 or state.phase != "choose":
        state = state.apply(VirtualPlayer().act(state))
    before = digest(state)
    decision = hint(state)
    assert isinstance(decision.action, Choose)
    assert decision.reason
    assert digest(state) == before


# --- positions where the right move is plain -------------------------------------------------

def test_takes_the_free_slot_holding_coins() -> None:
    """Slot I is free and carries coins (2 VP each, C-2.3): a strong player takes it."""
    s = new_game(GameConfig(seats=[Seat(name=f"S{i}", virtual=True, ai_level="strong")
                                   for i in range(4)], seed=8, map="mini")).clone()
    a, b, _ = s.display[0]
    s.display[0] = ("barbarians", "field_general", 4)
    s.display[1:] = [(x, y, 0) for x, y, _ in s.display[1:]]
    del a, b
    decision = StrongPlayer().decide(s)
    assert decision.action == Choose(1), decision
    assert "coin" in decision.reason


def test_does_not_decline_a_strong_empire_with_many_tokens() -> None:
    s = position(seats=4, virtual=(0, 1, 2, 3))
    s = give_civ(s, 0, ("weapons", "agriculture"), hand=0)
    for pid in ("burgundy", "aquitaine", "brittany", "rhine", "alps"):
        s = put(s, pid, 0, 4)
    s = give_civ(s, 1, ("ports", "militia"), hand=0)
    s = put(s, "castile", 1, 2)
    s = start_turn(s, 0)
    assert Decline() in s.legal_actions()
    decision = StrongPlayer().decide(s)
    assert decision.action != Decline(), decision


def test_declines_an_empire_with_no_tokens_left_to_grow() -> None:
    """The other side of the decline choice: a weak empire with nothing left to conquer
    with, while the display offers a fresh civilization."""
    s = position(seats=4, virtual=(0, 1, 2, 3))
    s = give_civ(s, 0, ("diplomacy", "heritage"), hand=0)
    s = put(s, "saxony", 0, 1)
    s = give_civ(s, 1, ("barbarians", "weapons"), hand=0)
    for pid in ("rhine", "burgundy", "alps"):
        s = put(s, pid, 1, 4)
    s = start_turn(s, 0)
    decision = StrongPlayer().decide(s)
    assert decision.action == Decline(), decision


def test_reinforces_the_province_an_enemy_will_attack() -> None:
    """Reorganization: the border with a strong neighbour gets the spare tokens, the
    provinces it cannot reach keep one each."""
    s = position(seats=3, virtual=(0, 1, 2))
    s = give_civ(s, 0, ("agriculture", "currency"), hand=6)
    for pid in ("aquitaine", "burgundy", "brittany"):
        s = put(s, pid, 0, 1)
    s = give_civ(s, 1, ("barbarians", "weapons"), hand=0)
    s = put(s, "rhine", 1, 9)  # borders Burgundy only
    s = start_turn(s, 0)
    s = s.apply(Finish())
    assert s.phase == "reorganize"
    decision = StrongPlayer().decide(s)
    assert isinstance(decision.action, PlaceAll)
    placed = dict(decision.action.placement)
    assert placed == {"aquitaine": 1, "brittany": 1, "burgundy": 7}, decision
    assert "Burgundy" in decision.reason


def test_takes_the_leaders_province_rather_than_an_equal_one_of_a_trailing_player() -> None:
    """Playing against the leader (issue 31): two equal provinces next door, one the
    leader's, one a trailing player's, tokens for one of them: the turn planner takes the
    leader's, whichever seat leads; playing for its own VP alone it cannot tell them apart."""
    for leader, trailing in ((1, 2), (2, 1)):
        s = position(seats=3, map="europe", virtual=(0, 1, 2))
        s = give_civ(s, 0, ("diplomacy", "heritage"), hand=3)
        s = put(s, "burgundy", 0, 2)
        for pid in ("england", "aquitaine", "provence", "bavaria", "w_alps"):
            s = put(s, pid, "neutral", 3)
        for seat, pid in ((1, "brittany"), (2, "saxony")):
            s = give_civ(s, seat, ("ports", "militia"), hand=0)
            s = put(s, pid, seat, 1)
        s = set_score(set_score(set_score(s, leader, 90), trailing, 30), 0, 60)
        s = start_turn(s, 0)
        before = rival_prospect(s, 0)
        plan = finish(StrongPlayer()._plan(s, 0))
        assert plan and isinstance(plan[0], Conquer), plan
        taken = s.board.index[plan[0].province]
        assert s.owner[taken] == leader, plan
        assert rival_prospect(s.apply(plan[0]), 0) < before


def test_book_level_plays_exactly_as_the_virtual_player() -> None:
    cfg = table(4, 2, "mini")
    state = new_game(cfg)
    book = BookPlayer(VirtualPlayer())
    for _ in range(200):
        if state.is_terminal:
            break
        assert book.act(state) == VirtualPlayer().act(state)
        assert book.decide(state).reason
        state = state.apply(VirtualPlayer().act(state))


def test_book_keeps_a_connected_empire_after_tokens_placed_one_by_one() -> None:
    """C-3.4.3 for a human seat played by the book (a hint's fallback, the tests' stand-in
    for a human): with fewer tokens than provinces and one token already placed by hand,
    the provinces it keeps grow from that one, so the placement stays connected."""
    s = position(seats=3)
    s = give_civ(s, 0, ("agriculture", "heritage"), hand=0)
    for pid, n in (("saxony", 1), ("aquitaine", 1), ("brittany", 1), ("burgundy", 0),
                   ("rhine", 0)):
        s = put(s, pid, 0, n)
    s = start_turn(s, 0).apply(Finish())
    assert s.phase == "reorganize" and s.players[0].hand == 3
    s = s.apply(Place("saxony"))
    action = VirtualPlayer().act(s)
    after = s.apply(action)  # was refused: Aquitaine and Burgundy kept apart from Saxony
    assert {s.board.ids[p] for p in after.empire(0)} == {"saxony", "rhine", "burgundy"}
