"""R-8.14–R-8.19 and the abilities that act in conflicts (R-15.G, H, N, W, Y); B.1's odds."""

from __future__ import annotations

import pytest
from renaissance_helpers import at, owning, set_up

from renaissance_core import IllegalAction
from renaissance_core.game.actions import Attack, CathedralAttack, Done, Exchange, Place
from renaissance_core.game.rng import roll
from renaissance_core.turn.conflict import (
    attack_strength,
    attack_wins,
    defence,
    rank,
    win_chance,
)

# B.1: the attacker's chance in per cent by rank, for black > white or green > rank, then
# with G (green ≥ rank), with a military card (black ≥ white), and with both.
B1_TABLE = {
    1: (90.28, 100.00, 93.06, 100.00),
    2: (80.56, 90.28, 86.11, 93.06),
    3: (70.83, 80.56, 79.17, 86.11),
    4: (61.11, 70.83, 72.22, 79.17),
    5: (51.39, 61.11, 65.28, 72.22),
    6: (41.67, 51.39, 58.33, 65.28),
}


def _conflict(tokens=None, control=None, bought=6, who="barcelona"):
    """3 players, phase 5, ``who``'s player first with ``bought`` tokens; the Genoese
    player (the defender) has ``tokens`` and ``control`` markers settled on the board."""
    state = set_up(3, capitals=["barcelona", "genoa", "venice"])
    seat, rival = state.capital.index(who), state.capital.index("genoa")
    order = [seat] + [p for p in range(3) if p != seat]
    board_tokens = {area: {rival: n} for area, n in (tokens or {}).items()}
    markers = {**state.control, **{area: rival for area in control or ()}}
    stock_markers = [25 - sum(1 for w in markers.values() if w == p) for p in range(3)]
    per_seat = [bought if p == seat else 0 for p in range(3)]
    on_board = [sum(t.get(p, 0) for t in board_tokens.values()) for p in range(3)]
    state = at(state, "expand", order=order, bought=per_seat, tokens=board_tokens,
               control=markers, stock_markers=stock_markers,
               stock_tokens=[36 - per_seat[p] - on_board[p] for p in range(3)])
    return state, seat, rival


def _with_dice(state, win: bool):
    """The same position with a random stream whose next throw wins (or loses) the attack
    of the player to move (no G)."""
    seat = state.current_player
    for start in range(1000):
        rng, green = roll(start)
        rng, black = roll(rng)
        _, white = roll(rng)
        if attack_wins(green, black, white, rank(state, seat)) == win:
            new = state.clone()
            new.rng = start
            return new
    raise AssertionError("no such throw")


def test_r8_14_pieces_over_the_volume_open_a_conflict():
    state, seat, rival = _conflict(tokens={"valencia": 1})
    state = state.apply(Place("valencia"))
    assert state.pending == []  # two pieces in volume 2: shared
    state = state.apply(Place("valencia"))
    assert state.pending == [("conflict", seat, "valencia")]
    assert set(state.legal_actions()) == {Done(), Attack()}  # resolved before anything else


def test_r8_14_a_control_marker_counts_as_the_volume():
    state, seat, rival = _conflict(control=["valencia"])
    state = state.apply(Place("valencia"))
    assert state.pending == [("conflict", seat, "valencia")]
    assert defence(state, seat, "valencia") == 2


def test_r8_15_attack_needs_the_volume_committed_and_strength_at_least_the_defence():
    state, seat, rival = _conflict(tokens={"toledo": 2, "galicia": 1})
    state = state.apply(Place("toledo"))
    assert Attack() not in state.legal_actions()  # one token committed, volume 2
    with pytest.raises(IllegalAction):
        state.apply(Attack())
    state = state.apply(Place("toledo"))
    assert attack_strength(state, seat, "toledo") == 2
    assert defence(state, seat, "toledo") == 3  # 2 tokens + Galicia's arrow
    assert set(state.legal_actions()) == {Done()}


def test_r8_15_a_player_who_cannot_attack_gives_up_and_the_tokens_go_back():
    state, seat, rival = _conflict(tokens={"toledo": 2, "galicia": 1})
    stock = state.stock_tokens[seat]
    state = state.apply(Place("toledo")).apply(Place("toledo")).apply(Done())
    assert state.tokens["toledo"] == {rival: 2} and state.stock_tokens[seat] == stock + 2
    assert state.pending == [] and state.bought[seat] == 4  # the turn goes on


def test_r8_16_the_owner_s_pieces_count_double_in_their_own_capital():
    state, seat, rival = _conflict()
    assert defence(state, seat, "genoa") == 8  # Genoa's marker: volume 4, doubled
    taken = state.clone()
    taken.control["barcelona"] = rival
    taken.tokens["barcelona"] = {seat: 4}
    assert attack_strength(taken, seat, "barcelona") == 8


def test_r8_16_several_defenders_are_taken_on_together():
    state, seat, rival = _conflict(tokens={"toledo": 1})
    third = 3 - seat - rival
    state.tokens["toledo"][third] = 1
    state = state.apply(Place("toledo"))
    assert state.pending and defence(state, seat, "toledo") == 2
    state = _with_dice(state.apply(Place("toledo")), win=True).apply(Attack())
    assert state.control["toledo"] == seat and "toledo" not in state.tokens


def test_r15_w_nationalism_adds_one_in_the_home_region():
    state, seat, rival = _conflict(tokens={"toledo": 2, "galicia": 1})
    state = owning(state, seat, "W").apply(Place("toledo")).apply(Place("toledo"))
    assert attack_strength(state, seat, "toledo") == 3  # Toledo lies in region IV, home
    assert Attack() in state.legal_actions()
    assert defence(owning(state, rival, "W"), seat, "toledo") == 3  # not the Genoese home


def test_r15_y_cosmopolitanism_satellites_count_double_defending_and_help_attacking():
    state, seat, rival = _conflict(tokens={"toledo": 2, "galicia": 1})
    assert defence(owning(state, rival, "Y"), seat, "toledo") == 2 + 2
    mine, seat, rival = _conflict(tokens={"toledo": 2})
    mine.tokens["galicia"] = {seat: 1}
    mine = mine.apply(Place("toledo")).apply(Place("toledo"))
    assert attack_strength(mine, seat, "toledo") == 2  # no support without Y
    assert attack_strength(owning(mine, seat, "Y"), seat, "toledo") == 3


def test_r8_17_the_three_dice_come_from_the_state_s_random_stream():
    state, seat, rival = _conflict(tokens={"valencia": 2})
    state = state.apply(Place("valencia")).apply(Place("valencia"))
    for start in range(40):
        trial = state.clone()
        trial.rng = start
        rng, green = roll(start)
        rng, black = roll(rng)
        rng, white = roll(rng)
        after = trial.apply(Attack())
        assert after.rng == rng
        won = green > 2 or black > white  # the first of 3 players has rank 2
        assert (after.control.get("valencia") == seat) == won


def test_r8_17_b1_combat_odds_over_all_216_throws():
    for position, row in B1_TABLE.items():
        chances = (win_chance(position), win_chance(position, trust=True),
                   win_chance(position, military=True),
                   win_chance(position, military=True, trust=True))
        assert [round(float(c) * 100, 2) for c in chances] == list(row)


def test_r15_g_trust_in_god_wins_when_green_equals_the_rank():
    assert not attack_wins(2, 3, 4, 2)
    assert attack_wins(2, 3, 4, 2, trust=True)
    state, seat, rival = _conflict(tokens={"valencia": 2})
    state = owning(state, seat, "G").apply(Place("valencia")).apply(Place("valencia"))
    for start in range(200):  # a throw of green 2 (the rank), black below white
        rng, green = roll(start)
        rng, black = roll(rng)
        _, white = roll(rng)
        if green == 2 and black <= white:
            trial = state.clone()
            trial.rng = start
            assert trial.apply(Attack()).control["valencia"] == seat
            return
    raise AssertionError("no such throw")


def test_r8_18_the_winner_s_tokens_become_a_new_control_marker():
    state, seat, rival = _conflict(control=["valencia"])
    markers = state.stock_markers[rival]
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=True)
    state = state.apply(Attack())
    assert state.control["valencia"] == seat and "valencia" in state.new_control
    assert state.stock_markers[rival] == markers + 1 and state.new_markers[seat] == 1
    assert "valencia" not in state.tokens and state.pending == []


def test_r8_18_a_beaten_attacker_loses_its_tokens_and_may_attack_again():
    state, seat, rival = _conflict(tokens={"valencia": 2})
    stock = state.stock_tokens[seat]
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=False)
    state = state.apply(Attack())
    assert state.tokens["valencia"] == {rival: 2} and state.stock_tokens[seat] == stock + 2
    assert state.pending == [] and Place("valencia") in state.legal_actions()
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=True)
    assert state.apply(Attack()).control["valencia"] == seat


def test_r8_18_a_satellite_taken_holds_one_token():
    state, seat, rival = _conflict(tokens={"galicia": 1, "toledo": 1})
    state.tokens["toledo"] = {seat: 1}  # a settled base beside Galicia
    state.stock_tokens[seat] -= 1
    state.tokens["toledo"][rival] = 1
    state = _with_dice(state.apply(Place("galicia")), win=True).apply(Attack())
    assert state.tokens["galicia"] == {seat: 1} and "galicia" not in state.control


def test_r15_h_cathedral_wins_once_a_round_against_a_player_without_h():
    state, seat, rival = _conflict(tokens={"valencia": 2, "toledo": 2})
    state = owning(state, seat, "H")
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=False)
    assert CathedralAttack() in state.legal_actions()
    state = state.apply(CathedralAttack())  # declared before the roll: no dice
    assert state.control["valencia"] == seat
    assert f"cathedral_against:{rival}" in state.turn_flags[seat]  # the opponent recorded
    state = state.apply(Place("toledo")).apply(Place("toledo"))
    assert CathedralAttack() not in state.legal_actions()  # once per round


def test_r15_h_a_defender_with_cathedral_wins_against_an_attacker_without():
    state, seat, rival = _conflict(tokens={"valencia": 2})
    state = owning(state, rival, "H")
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=True)
    state = state.apply(Attack())
    assert state.tokens["valencia"] == {rival: 2}  # H outweighs the winning throw
    assert "cathedral" in state.turn_flags[rival]


def test_r8_19_written_records_forces_an_exchange_of_cards():
    state, seat, rival = _conflict(control=["valencia"])
    state = owning(state, seat, "N")
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=True)
    mine, theirs = list(state.hands[seat]), list(state.hands[rival])
    state = state.apply(Attack())
    assert state.pending == [("written_records", seat, str(rival))]
    given = mine[0]
    state = state.apply(Exchange(given))
    assert given in state.hands[rival] and len(state.hands[seat]) == len(mine)
    drawn = [c for c in state.hands[seat] if c not in mine]
    assert len(drawn) == 1 and drawn[0] in theirs
    assert f"exchanged:{rival}" in state.turn_flags[seat]


def test_r15_n_no_exchange_against_an_owner_of_n_and_declining_is_allowed():
    state, seat, rival = _conflict(control=["valencia", "toledo"])
    state = owning(owning(state, seat, "N"), rival, "N")
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=True)
    assert state.apply(Attack()).pending == []
    state, seat, rival = _conflict(control=["valencia"])
    state = owning(state, seat, "N")
    state = _with_dice(state.apply(Place("valencia")).apply(Place("valencia")), win=True)
    hands = [list(h) for h in state.hands]
    state = state.apply(Attack()).apply(Done())
    assert state.hands == hands and state.pending == []
