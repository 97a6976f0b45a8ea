"""The heuristic player (issue #32, "Players"): it only ever chooses legal actions, reads
only its seat's observation (R-12), handles actions it has no rule for, finishes games, and
follows its rules of thumb (fight at good odds, give up at poor ones; play a commodity card
when it holds most of the commodity)."""

from __future__ import annotations

import pytest
from renaissance_helpers import at_step, edit, hide_from, set_up

from renaissance_core import GameConfig, digest, new_game, observation
from renaissance_core.game.actions import Attack, CathedralAttack, Done, PlayCard, SwapOrder
from renaissance_core.players.heuristic import GOOD_ODDS, HeuristicPlayer, play_heuristic_seat
from renaissance_core.players.randomplay import RandomPlayer
from renaissance_core.turn.conflict import rank, win_chance
from renaissance_core.turn.view import own_actions


def _play_checked(state, players):
    """Play to the end, checking every choice is among the legal actions."""
    for _ in range(20_000):
        if state.is_terminal:
            return state
        seat = state.seats_to_act[0]
        action = players[seat].choose(state, seat)
        assert action in own_actions(state.legal_actions(), seat), (seat, action)
        state = state.apply(action)
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12), (5, 13), (6, 14)])
def test_heuristic_players_at_every_seat_choose_legal_actions_and_finish(players, seed):
    state = _play_checked(new_game(GameConfig.of(players, seed=seed)),
                          [HeuristicPlayer(seed * 10 + p) for p in range(players)])
    assert state.is_terminal and sum(state.returns()) >= 1


@pytest.mark.parametrize("players,seed", [(3, 21), (4, 22), (5, 23), (6, 24), (4, 25)])
def test_one_heuristic_among_random_players_chooses_legal_actions_and_finishes(players, seed):
    bots: list = [RandomPlayer(seed * 10 + p) for p in range(players)]
    bots[seed % players] = HeuristicPlayer(seed)
    state = _play_checked(new_game(GameConfig.of(players, seed=seed, short=seed == 25)), bots)
    assert state.is_terminal


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_heuristic_legal_over_more_seeds(seed):
    players = 3 + seed % 4
    bots = [HeuristicPlayer(seed + p) if p % 2 == 0 else RandomPlayer(seed + p)
            for p in range(players)]
    assert _play_checked(new_game(GameConfig.of(players, seed=100 + seed)), bots).is_terminal


def test_the_same_seed_plays_the_same_game():
    games = [play_heuristic_seat(new_game(GameConfig.of(4, seed=5)), 2, seed=9)
             for _ in range(2)]
    assert digest(games[0]) == digest(games[1])


@pytest.mark.parametrize("players,seed", [(3, 31), (4, 32), (6, 33)])
def test_r12_the_heuristic_chooses_the_same_in_states_differing_only_in_hidden_facts(
        players, seed):
    state = new_game(GameConfig.of(players, seed=seed))
    bots = [RandomPlayer(seed + p) for p in range(players)]
    differed = 0
    for step in range(600):
        if state.is_terminal:
            break
        for seat in state.seats_to_act:
            twin = hide_from(state, seat, step)
            differed += twin.hands != state.hands
            mine = HeuristicPlayer(step).choose(state, seat)
            assert HeuristicPlayer(step).choose(twin, seat) == mine
        state = state.apply(bots[state.seats_to_act[0]].choose(state, state.seats_to_act[0]))
    assert differed > 100  # the twins really did hold other hands


def test_an_action_without_a_rule_of_thumb_is_passed_when_passing_is_allowed():
    view = observation(set_up(4), 0)
    player = HeuristicPlayer(1)
    assert player.act(view, [SwapOrder(-1), Done(), SwapOrder(1)]) == Done()
    assert player.act(view, [SwapOrder(-1), SwapOrder(1)]) in (SwapOrder(-1), SwapOrder(1))


@pytest.mark.parametrize("seat", range(4))
def test_r8_17_it_attacks_at_good_odds_and_gives_up_at_poor_ones(seat):
    state = set_up(4, seed=3)
    odds = win_chance(rank(state, seat))
    chosen = HeuristicPlayer(0).act(observation(state, seat), [Done(), Attack()])
    assert chosen == (Attack() if odds >= GOOD_ODDS else Done())


def test_r8_17_cathedral_is_always_declared_when_it_may_be():
    state = set_up(4, seed=3)
    seat = state.order[-1]  # the worst odds on the dice
    chosen = HeuristicPlayer(0).act(observation(state, seat),
                                    [Done(), Attack(), CathedralAttack()])
    assert chosen == CathedralAttack()


def test_r6_2_it_plays_a_commodity_card_when_it_holds_most_of_the_commodity():
    state = at_step(set_up(3, seed=4), "play")
    seat = state.order[state.turn]
    holdings = [set() for _ in range(3)]
    holdings[seat] = {"bordeaux", "barcelona"}
    holdings[(seat + 1) % 3] = {"lisbon"}
    hands = [list(h) for h in state.hands]
    hands[seat] = ["wine_1"]
    mine = edit(state, holdings=holdings, hands=hands)
    assert HeuristicPlayer(0).choose(mine, seat) == PlayCard("wine_1")


def test_r6_2_it_keeps_a_commodity_card_that_pays_a_rival_more_while_its_hand_is_small():
    state = at_step(set_up(3, seed=4), "play")
    seat = state.order[state.turn]
    holdings = [set() for _ in range(3)]
    holdings[(seat + 1) % 3] = {"bordeaux", "barcelona", "lisbon"}
    hands = [list(h) for h in state.hands]
    hands[seat] = ["wine_1"]
    theirs = edit(state, holdings=holdings, hands=hands)
    assert HeuristicPlayer(0).choose(theirs, seat) == Done()


def _at_war_choice(cards, **facts):
    """Phase 3 of a 3-seat round 1, seat 0 holding ``cards`` (seat 1 the richest)."""
    from renaissance_helpers import at

    state = set_up(3)
    hands = [list(cards), list(state.hands[1]), list(state.hands[2])]
    return at(state, "play", hands=hands, misery=[0, 0, 0], **facts)


def test_r14_3_the_heuristic_strikes_the_leader_and_loses_the_cheaper_half():
    from renaissance_core.game.actions import ChooseLoss, ChooseVictim

    state = _at_war_choice(["civil_war"], cash=[30, 90, 40], bought=[5, 5, 4])
    player = HeuristicPlayer(seed=3)
    named = state.apply(PlayCard("civil_war"))
    assert player.choose(named, 0) == ChooseVictim(1)  # the richest rival
    struck = named.apply(ChooseVictim(1))
    assert player.choose(struck, 1) == ChooseLoss("tokens")  # 2 tokens, not 45 ducats
    poor = _at_war_choice(["civil_war"], cash=[30, 6, 40], bought=[5, 5, 4])
    struck = poor.apply(PlayCard("civil_war")).apply(ChooseVictim(1))
    assert player.choose(struck, 1) == ChooseLoss("cash")  # 3 ducats, not 2 tokens


def test_r14_11_the_heuristic_hands_over_the_markers_worth_least():
    from test_r14_wars import _dice

    from renaissance_core.game.actions import ChooseProvince, ChooseVictim

    control = {"barcelona": 0, "genoa": 1, "venice": 2, "milan": 1, "corsica": 1}
    state = _at_war_choice(["war"], control=control)
    lost = edit(state.apply(PlayCard("war")), rng=_dice(6, 5)).apply(ChooseVictim(1))
    assert lost.pending == [("war_handover", 1, "0:1")]
    worth = {a: HeuristicPlayer(0)._area_income(a) * lost.board.areas[a].volume
             for a in ("milan", "corsica")}
    assert HeuristicPlayer(seed=3).choose(lost, 1) == ChooseProvince(min(worth, key=worth.get))
