"""The strong AI at online tables (issue 31; ONLINE.md Y-…): it finishes online games of 2 to
5 seats on both boards with every decision legal and explained, it plays every one of the 35
online tiles, it plans for the fixed round limit (Y-6.1), and Hint works there."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from builders import give_civ, position, put, start_turn
from hypothesis import given
from hypothesis import strategies as st
from test_ai import assert_legal

from vinci_core import (
    Choose,
    Conquer,
    Decline,
    GameConfig,
    GameState,
    Seat,
    decode_save,
    digest,
    encode_save,
    new_game,
)
from vinci_core.game.tiles import ONLINE_TILES
from vinci_core.players.ai import StrongPlayer, hint, turns_after
from vinci_core.players.levels import player_for_seat
from vinci_core.players.planner import rival_prospect, unshaken_prospects
from vinci_core.players.randomplay import RandomChooser
from vinci_core.players.virtual import VirtualPlayer
from vinci_core.table.presenter import reason_text
from vinci_core.table.session import Session
from vinci_core.words.tilewords import tile_name

QUICK = StrongPlayer(rollouts=1, horizon=1, beam=2, choices=2)
BOARDS = ("europe", "mare_nostrum")
NUMBER = re.compile(r"[+-]?\d+")


def online(seats: int, seed: int, board: str, strong: tuple[int, ...]) -> GameConfig:
    return GameConfig(seats=[Seat(name=f"S{i}", virtual=True,
                                  ai_level="strong" if i in strong else "book")
                             for i in range(seats)], seed=seed, map=board, ruleset="online")


def play_checked(config: GameConfig, strong: StrongPlayer, detours: int = 0) -> GameState:
    """Play ``config`` to its end: the strong seats by ``strong`` (each decision checked
    legal, explained and leaving the game untouched), the others by the book, with a
    random legal action every ``detours``-th step (0: none) to reach odd positions."""
    chooser = RandomChooser(config.seed)
    state = new_game(config)
    book = [VirtualPlayer.for_seat(config, i) for i in range(len(config.seats))]
    for step in range(20_000):
        if state.is_terminal:
            return state
        seat = state.current_player
        assert seat is not None
        if config.seats[seat].ai_level == "strong":
            decision = strong.decide(state)
            assert_legal(state, decision)
            action = decision.action
        elif detours and step % detours == 0 and state.legal_actions():
            action = chooser.pick(state.legal_actions())
        else:
            action = book[seat].act(state)
        state = state.apply(action)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_y6_strong_ai_finishes_online_games_legally(seats: int, board: str) -> None:
    """Y-0 … Y-9: strong seats at every online table size, both boards, to the last round."""
    for seed in range(2):
        strong = tuple(range(0, seats, 2)) if seed else (seats - 1,)
        final = play_checked(online(seats, seed * 7 + seats, board, strong), QUICK,
                             detours=5 if seed else 0)
        assert final.round == final.rules.rounds  # Y-6.1: the fixed round limit ended it


@pytest.mark.slow
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 5), board=st.sampled_from(BOARDS))
def test_y6_strong_ai_finishes_any_online_game_legally(seed: int, seats: int,
                                                       board: str) -> None:
    play_checked(online(seats, seed, board, (seed % seats,)), QUICK, detours=4)


def _partner(tile: str) -> str:
    """A tile that can form a civilization with ``tile`` (another ability, Y-1.5)."""
    return "barbarians" if tile != "barbarians" else "weapons"


@pytest.mark.parametrize("tile", sorted(ONLINE_TILES))
def test_y9_strong_ai_plays_every_online_tile(tile: str) -> None:
    """Y-9.1 … Y-9.31: the strong seat holds the tile in the middle of a game and plays
    two turns with it (Religion's conquests, Hordes' hand, Armies' second phase …)."""
    board = "mare_nostrum" if tile in ("camels", "warships", "fishing") else "europe"
    config = online(3, 5, board, (0,))
    state = new_game(config)
    book = VirtualPlayer()
    while not (state.round == 3 and state.turn_seat == 0 and state.phase == "expand"):
        state = state.apply(book.act(state))
    state = give_civ(state, 0, (tile, _partner(tile)))
    state = start_turn(state, 0)
    turns = 0
    while turns < 2 and not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == 0:
            decision = StrongPlayer().decide(state)
            assert_legal(state, decision)
            action = decision.action
        else:
            action = book.act(state)
        before = state.turn_seat
        state = state.apply(action)
        turns += before == 0 and state.turn_seat != 0


def test_y9_24_takes_a_valuable_province_by_religion() -> None:
    """Y-9.24: a province held by a single enemy token is free to take by Religion; with no
    token in hand to conquer otherwise, the strong AI converts it rather than stop (once
    its decline is out of the question: it has acted this turn)."""
    s = position(seats=3, map="europe", virtual=(0, 1, 2), ruleset="online", empty=True)
    s = give_civ(s, 0, ("religion", "currency"), hand=0)
    for pid in ("burgundy", "england", "brittany", "saxony"):
        s = put(s, pid, 0, 1)
    s = give_civ(s, 1, ("weapons", "ports"), hand=0)
    s = put(s, "aquitaine", 1, 1)
    s = start_turn(s, 0)
    s.turn.acted = True
    converted = Conquer("aquitaine", religion=True)
    assert converted in s.legal_actions()
    decision = StrongPlayer().decide(s)
    assert decision.action == converted, decision
    assert "for 0" in decision.reason


def test_y6_1_never_declines_in_its_last_turn() -> None:
    """Y-6.1: in the seat's last turn a decline has no turn left to pay back: the strong AI
    plays the empire out, however weak it is."""
    s = position(seats=3, map="europe", virtual=(0, 1, 2), ruleset="online", empty=True)
    s = give_civ(s, 0, ("barbarians", "weapons"), hand=0)
    s = put(s, "burgundy", 0, 1)
    s = start_turn(s, 0)
    assert Decline() in s.legal_actions()
    last = s.clone()
    last.round = s.rules.rounds
    assert turns_after(last, 0) == 0 and turns_after(s, 0) > 0
    assert StrongPlayer().decide(last).action != Decline()
    assert all(StrongPlayer(endgame=False, rollouts=k).decide(last).action in last.legal_actions()
               for k in (1, 2))


def test_y6_1_turns_after_counts_the_seats_own_turns_left() -> None:
    cfg = online(3, 1, "europe", (0,))
    s = new_game(cfg).clone()
    s.round, s.start = s.rules.rounds, 0
    s.turn_seat = 1
    assert [turns_after(s, seat) for seat in range(3)] == [0, 0, 1]
    s.round -= 1
    assert [turns_after(s, seat) for seat in range(3)] == [1, 1, 2]
    classic = new_game(GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=1))
    assert turns_after(classic, 0) is None  # C-6: a target score, no round to count


def test_y9_22_a_nomads_rival_keeps_its_prospects_when_a_province_is_taken() -> None:
    """Y-9.22: a Nomads empire loses no token when attacked; every token of a province taken
    from it comes back to retake it before it scores. The turn planner (``plan_rival``)
    therefore counts a Nomads opponent's prospects as they stand where its search starts,
    where a conquest from any other opponent cuts them."""
    for tiles, unshaken in ((("nomads", "agriculture"), True),
                            (("militia", "agriculture"), False)):
        s = position(seats=2, map="europe", virtual=(0, 1), ruleset="online", empty=True)
        s = give_civ(s, 0, ("weapons", "currency"), hand=0)
        s = put(s, "burgundy", 0, 1)
        s = give_civ(s, 1, tiles, hand=0)
        for pid in ("aquitaine", "castile", "england"):
            s = put(s, pid, 1, 2)
        s = start_turn(s, 0)
        s.players[0].hand = 8
        held = unshaken_prospects(s, 0)
        assert (1 in held) is unshaken
        taken = s.apply(Conquer("aquitaine"))
        assert taken.owner[taken.board.index["aquitaine"]] == 0
        assert rival_prospect(taken, 0) < rival_prospect(s, 0)  # its income, as it stands
        kept = rival_prospect(taken, 0, held)
        assert (kept == rival_prospect(s, 0)) is unshaken
        player = StrongPlayer()
        assert (player._held_prospects(s, 0) is not None) is unshaken
        assert StrongPlayer(nomads_unshaken=False)._held_prospects(s, 0) is None


def test_an_online_game_with_strong_seats_replays_from_its_save() -> None:
    cfg = online(4, 3, "mare_nostrum", (0, 2))
    state = new_game(cfg)
    players = [player_for_seat(cfg, i) for i in range(4)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state = state.apply(players[seat].act(state))
    again = decode_save(encode_save(state))
    assert digest(again) == digest(state)
    assert again.config.seats[2].ai_level == "strong"


def test_hint_in_an_online_game_is_a_legal_strong_move() -> None:
    """Hint (issue 13) in an online game: the strong AI's move for the human to act, with
    its reason in the page's language, and nothing played."""
    cfg = GameConfig(seats=[Seat(name="Ann"), Seat(name="AI", virtual=True, ai_level="strong")],
                     ruleset="online", map="mare_nostrum", seed=2)
    session = Session.new(cfg)
    assert session.view()["controls"]["hint"] is True
    state = session.state
    before = digest(state)
    move = session.hint()
    assert move is not None and move["text"].startswith("Hint: ")
    assert digest(session.state) == before
    assert_legal(state, hint(state))


@pytest.mark.parametrize("lang", ["nl", "fr", "de"])
def test_online_reasons_name_the_online_tiles_in_the_pages_language(lang: str) -> None:
    """The strong AI's reasons at an online table, in the page's language: the same numbers
    and the online tiles by the names the display gives them (Y-9)."""
    cfg = online(3, 4, "mare_nostrum", (0, 1, 2))
    state = new_game(cfg)
    named = 0
    for _step in range(90):
        if state.is_terminal:
            break
        decision = QUICK.decide(state)
        text = reason_text(state, decision, lang)
        assert text != decision.reason
        assert Counter(NUMBER.findall(text)) == Counter(NUMBER.findall(decision.reason))
        if isinstance(decision.action, Choose):
            a, b, _coins = state.display[decision.action.slot - 1]
            for tid in (a, b):
                if not ONLINE_TILES[tid].decline_proof:
                    assert tile_name(tid, "online", lang) in text, (tid, text)
                    named += 1
        state = state.apply(decision.action)
    assert named >= 3
