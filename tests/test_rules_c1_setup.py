"""Rulebook scenarios for C-1: components and setup."""

from __future__ import annotations

from bisect import insort
from collections import Counter

import pytest
from builders import position
from pydantic import ValidationError

from vinci_core import Choose, GameConfig, Seat, digest, new_game, replay
from vinci_core.game import rng
from vinci_core.game.costs import NEUTRAL, NOBODY
from vinci_core.game.tiles import TILES, bag_contents, compatible


def config(n: int, seed: int = 0, **options: object) -> GameConfig:
    return GameConfig.model_validate({"seats": [Seat(name=f"P{i}") for i in range(n)],
                                      "seed": seed, "map": "mini", **options})


def reference_setup(seed: int, seats: int) -> tuple[list[tuple[str, str, int]], int]:
    """The display and start player a seed must give: pairs drawn one after the other from
    the game's stream, slot I first, illegal pairs put back (C-1.4, C-1.5), then the start
    player (C-1.6)."""
    state = rng.seed_state(seed)
    bag = bag_contents()
    display: list[tuple[str, str, int]] = []
    while len(display) < 6:
        while True:
            state, i = rng.below(state, len(bag))
            a = bag.pop(i)
            state, j = rng.below(state, len(bag))
            b = bag.pop(j)
            if compatible(a, b):
                break
            insort(bag, a)
            insort(bag, b)
        display.append((a, b, 0))
    state, start = rng.below(state, seats)
    return display, start


def test_c1_1_three_to_six_seats() -> None:
    """A classic game seats three to six players; fewer or more is not a game."""
    for n in (3, 4, 5, 6):
        assert new_game(config(n)).rules.seats == n
    for n in (1, 2, 7):
        with pytest.raises(ValidationError):
            config(n)


def test_c1_1_solo_and_two_player_games_use_four_seats() -> None:
    """Alone or with two humans the table is filled up to four with virtual players."""
    solo = GameConfig.solo(map="mini")
    assert len(solo.seats) == 4
    assert [s.virtual for s in solo.seats].count(True) == 3
    two = GameConfig.two_player(map="mini")
    assert len(two.seats) == 4
    assert [s.virtual for s in two.seats].count(True) == 2
    with pytest.raises(ValidationError):
        GameConfig(seats=[Seat(name="A"), Seat(name="B"), Seat(name="C")], mode="solo")


def test_c1_2_every_score_starts_at_ten() -> None:
    """Every player starts with 10 victory points."""
    for n in (3, 4, 5, 6):
        assert new_game(config(n)).scores == [10] * n


def test_c1_3_neutral_token_on_every_land_province_except_mountains() -> None:
    """Each land province starts with one neutral token, mountains start empty, and sea
    zones are not places tokens can go at all."""
    s = new_game(config(3))
    for p, pid in enumerate(s.board.ids):
        if pid in ("pyrenees", "alps"):
            assert (s.owner[p], s.tokens[p]) == (NOBODY, 0), pid
        else:
            assert (s.owner[p], s.tokens[p]) == (NEUTRAL, 1), pid
    assert sum(s.tokens) == 13
    assert not set(s.board.sea_ids) & set(s.board.ids)


def test_c1_4_six_pairs_drawn_slot_one_first() -> None:
    """Six civilizations are drawn from the bag into slots I to VI, in that order, and
    every tile is either on display or still in the bag."""
    for seed in (0, 1, 7, 123):
        s = new_game(config(3, seed=seed))
        display, _ = reference_setup(seed, 3)
        assert s.display == display
        assert all(coins == 0 for _, _, coins in s.display)
        shown = [t for a, b, _ in s.display for t in (a, b)]
        assert Counter(shown) + Counter(s.bag) == Counter(bag_contents())
        assert len(shown) + len(s.bag) == 52


def test_c1_5_no_pair_of_one_ability() -> None:
    """A displayed pair never holds two tiles of the same ability; the decline-proof version
    counts as the same ability, and two Specializations are never paired."""
    assert not compatible("agriculture", "agriculture_dp")
    assert not compatible("mining_dp", "mining")
    assert not compatible("specialization", "specialization")
    assert compatible("agriculture", "mining")
    for counts in ("designer", "printed"):
        for seed in range(150):
            s = new_game(config(3, seed=seed, tile_counts=counts))
            for a, b, _ in s.display:
                assert TILES[a].ability != TILES[b].ability, (seed, a, b)
            assert len(s.bag) + 2 * len(s.display) == 52  # refused pairs went back


def test_c1_5_slot_stays_empty_when_bag_cannot_give_a_pair() -> None:
    """When the bag holds only tiles of one ability, no pair can be drawn: the slot stays
    empty and the display shows fewer civilizations."""
    s = position(seats=3)
    s.turn_seat, s.phase = 0, "choose"
    s.bag = ["barbarians", "barbarians", "barbarians"]
    after = s.apply(Choose(1))
    assert len(after.display) == 5
    assert after.bag == ["barbarians"] * 3


def test_c1_6_start_player_drawn_from_the_stream() -> None:
    """The start player is drawn at random (after the display) and varies with the seed."""
    starts = set()
    for seed in range(40):
        s = new_game(config(4, seed=seed))
        assert s.start == reference_setup(seed, 4)[1]
        assert s.turn_seat == s.start
        starts.add(s.start)
    assert starts == {0, 1, 2, 3}


def test_c1_6_turns_go_clockwise() -> None:
    """Turns follow seat order from the start player, wrapping around."""
    s = new_game(config(4, seed=5))
    order = []
    for _ in range(4):
        order.append(s.turn_seat)
        s = s.apply(Choose(1))
    assert order == [(s.start + i) % 4 for i in range(4)]
    assert s.turn_seat == s.start


def test_c1_7_round_one_is_choosing_only() -> None:
    """In round 1 each player only chooses a civilization; nobody scores; round 2 begins
    with the start player's expansion turn."""
    s = new_game(config(3, seed=2))
    for _ in range(3):
        assert s.round == 1
        assert s.phase == "choose"
        assert all(isinstance(a, Choose) for a in s.legal_actions())
        s = s.apply(Choose(1))
    assert (s.round, s.phase, s.turn_seat) == (2, "expand", s.start)
    assert s.history == ()
    assert s.scores == [10, 10, 10]
    assert all(p.civ is not None and p.hand > 0 for p in s.players)
    assert not any(o >= 0 for o in s.owner)


def test_c1_8_seed_and_actions_reproduce_the_game() -> None:
    """A seed and the action log give back exactly the same game; another seed gives
    another setup; virtual-player dice do not advance the stream."""
    cfg = config(3, seed=99)
    s = new_game(cfg)
    for _ in range(3):
        s = s.apply(Choose(2))
    s = s.apply(s.legal_actions()[-1])
    again = replay(cfg, s.actions)
    assert digest(again) == digest(s)
    assert digest(new_game(cfg)) == digest(new_game(config(3, seed=99)))
    assert new_game(config(3, seed=1)).display != new_game(config(3, seed=2)).display
    before = s.rng
    assert s.die(6, 1) == s.die(6, 1)
    assert s.rng == before
