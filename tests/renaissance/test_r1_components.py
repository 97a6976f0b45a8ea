"""R-1: components and constants."""

from __future__ import annotations

from renaissance_helpers import edit, set_up

from renaissance_core.boards.board import load_board
from renaissance_core.game.cards import load_cards
from renaissance_core.turn.expand import placeable, update_holdings
from renaissance_core.turn.income import controlled_provinces


def test_r1_1_capitals_by_player_count():
    board = load_board()
    assert board.capitals_for(3) == ("venice", "genoa", "barcelona")
    assert board.capitals_for(4)[-1] == "paris"
    assert board.capitals_for(5)[-1] == "london"
    assert board.capitals_for(6)[-1] == "hamburg"


def test_r1_2_regions_in_play_and_no_piece_outside_them():
    board = load_board()
    assert board.regions_in_play(4) == {"III", "IV", "V", "VI", "VII", "VIII", "orient",
                                        "new_world"}
    state = set_up(3, capitals=["barcelona", "genoa", "venice"], tokens=[30, 30, 30])
    while state.step != "expand":
        state = state.apply(state.legal_actions()[0])
    # Barcelona borders Bordeaux and Toulouse (region III, out of play with 3 players)
    seat = state.capital.index("barcelona")
    state = edit(state, order=[seat] + [p for p in state.order if p != seat], turn=0)
    assert "toulouse" in board.areas["barcelona"].neighbours
    assert "toulouse" not in placeable(state, seat) and "valencia" in placeable(state, seat)


def test_r1_3_pieces_and_dice_per_player():
    state = set_up(4)
    assert all(t + b == 36 for t, b in zip(state.stock_tokens, state.bought, strict=True))
    assert state.stock_markers == [24] * 4  # one is on the capital
    assert state.misery == [0] * 4 and state.fleet_kind == [None] * 4


def test_r1_4_a_satellite_holds_one_token_and_never_a_marker():
    board = load_board()
    assert board.areas["mallorca"].kind == "satellite"
    assert not board.areas["mallorca"].holds_control and board.areas["mallorca"].volume == 1
    state = set_up(3)
    before = controlled_provinces(state, 0)
    state = edit(state, tokens={"mallorca": {0: 1}})
    update_holdings(state)
    assert controlled_provinces(state, 0) == before  # a satellite is no province for income
    assert "mallorca" not in state.holdings[0]


def test_r1_5_control_by_marker_or_by_tokens_equal_to_the_volume():
    state = set_up(3)
    state = edit(state, tokens={"valencia": {0: 2}, "lisbon": {1: 2}}, control={"rome": 2})
    assert state.controller("valencia") == 0  # volume 2
    assert state.controller("lisbon") is None  # volume 3
    assert state.controller("rome") == 2


def test_r1_6_controlled_provinces_give_their_commodity_cards():
    state = set_up(3)
    state = edit(state, control={**state.control, "china": 0, "north_america": 1})
    update_holdings(state)
    assert "china" in state.holdings[0] and "north_america" in state.holdings[1]
    assert len(load_board().areas["china"].commodities) == 2
    assert len(load_board().areas["north_america"].commodities) == 3


def test_r1_7_cards_carry_a_period_and_a_reuse_mark():
    cards = load_cards()
    assert {c.period for c in cards.values()} == {1, 2, 3}
    assert cards["war"].reuse == "circle" and cards["gunpowder"].reuse == "square"
