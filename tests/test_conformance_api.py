"""The game-neutral State API and conformance suite (boardgame_core): Vinci satisfies the
protocols, and the suite fails a game that breaks its contract.

A toy game (a pile of stones, each seat in turn takes one or two; whoever takes the last
wins) stands for "any game": it is written only against boardgame_core, with its saves in
the neutral codec, and each way of breaking the contract is one small change to it.
"""

from __future__ import annotations

import base64
import doctest
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

import boardgame_core
from boardgame_core import api, conformance, errors, links, playback, rng, savetext, storage
from boardgame_core.api import Game, State, find_game
from boardgame_core.conformance import ConformanceError
from boardgame_core.errors import SaveError
from boardgame_core.links import SaveFacts
from vinci_core import GAME, GameConfig, GameState, Seat


@pytest.mark.parametrize("module", [boardgame_core, api, conformance, errors, links, playback,
                                    rng, savetext, storage])
def test_the_neutral_modules_do_what_their_examples_say(module: Any) -> None:
    assert doctest.testmod(module).failed == 0


def test_vincis_game_object_says_what_its_examples_say() -> None:
    from vinci_core.table import vinci_game

    assert doctest.testmod(vinci_game).failed == 0


def test_vinci_implements_the_state_api() -> None:
    cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=3, map="mini")
    state = GAME.new_game(cfg)
    assert isinstance(GAME, Game) and isinstance(state, State)
    assert find_game("vinci") is GAME
    assert state.seats_to_act == (state.current_player,)
    assert GAME.illegal.__name__ == "IllegalAction"


def test_vincis_finished_game_has_no_seat_to_act() -> None:
    from vinci_core.players.randomplay import play_random

    cfg = GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=4, map="mini")
    state = play_random(cfg, seed=4).state
    assert state.is_terminal and state.seats_to_act == () and state.current_player is None
    conformance.check_turn(state)


def test_an_unknown_game_key_is_refused() -> None:
    with pytest.raises(KeyError):
        find_game("chess")


# --- a toy game, written against boardgame_core only -------------------------------------------

class NimIllegal(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.rule = "N-1"


@dataclass(frozen=True)
class Take:
    stones: int


@dataclass(frozen=True)
class NimConfig:
    pile: int
    seats: int = 2


@dataclass(frozen=True)
class NimState:
    config: NimConfig
    actions: tuple[Take, ...] = ()

    @property
    def left(self) -> int:
        return self.config.pile - sum(a.stones for a in self.actions)

    @property
    def is_terminal(self) -> bool:
        return self.left == 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else len(self.actions) % self.config.seats

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        seat = self.current_player
        return () if seat is None else (seat,)

    def legal_actions(self) -> list[Any]:
        return [Take(n) for n in (1, 2) if n <= self.left]

    def apply(self, action: Any) -> NimState:
        if action not in self.legal_actions():
            raise NimIllegal(f"cannot take {action!r}")
        return replace(self, actions=(*self.actions, action))

    def returns(self) -> list[float]:
        if not self.is_terminal:
            return [0.0] * self.config.seats
        winner = (len(self.actions) - 1) % self.config.seats
        return [float(s == winner) for s in range(self.config.seats)]


NIM_SAVES = savetext.SaveFormat("nim", 1, max_json=10_000, words=savetext.SaveWords.plain("Nim"))


class Nim:
    key = "nim"
    illegal = NimIllegal

    def new_game(self, config: NimConfig) -> NimState:
        return NimState(config)

    def replay(self, config: NimConfig, actions: Sequence[Any]) -> NimState:
        state = self.new_game(config)
        for action in actions:
            state = state.apply(action)
        return state

    def digest(self, state: NimState) -> str:
        return f"{state.config.pile}:{[a.stones for a in state.actions]}"

    def action_json(self, action: Take) -> str:
        return json.dumps({"take": action.stones})

    def parse_action(self, data: str) -> Take:
        try:
            stones = json.loads(data)["take"]
        except (ValueError, TypeError, KeyError):
            raise ValueError(f"not a move: {data!r}") from None
        if type(stones) is not int:
            raise ValueError(f"not a move: {data!r}")
        return Take(stones)

    def encode_save(self, state: NimState, game_id: str | None = None) -> str:
        return savetext.pack({"config": {"pile": state.config.pile}, "game": game_id,
                              "log": " ".join(str(a.stones) for a in state.actions),
                              "digest": self.digest(state)}, NIM_SAVES)

    def load_game(self, text: object) -> tuple[NimState, str]:
        payload = savetext.unpack(text, NIM_SAVES)
        state = savetext.replay_codes(
            NimState(NimConfig(payload["config"]["pile"])), payload["log"].split(),
            lambda code: Take(int(code)), NimState.apply, NimIllegal, NIM_SAVES.words, 100)
        savetext.check_digest(self.digest(state), payload["digest"], NIM_SAVES.words)
        return state, payload["game"]

    def save_facts(self, text: object) -> SaveFacts:
        payload = savetext.unpack(text, NIM_SAVES)
        return SaveFacts(payload["game"], json.dumps(payload["config"]),
                         tuple(payload["log"].split()))


def test_a_game_written_only_against_boardgame_core_passes_the_suite() -> None:
    nim = Nim()
    assert isinstance(nim, Game) and isinstance(nim.new_game(NimConfig(9)), State)
    played = conformance.check_game(nim, [NimConfig(9), NimConfig(20, seats=3)], seeds=range(5),
                                    save_every=3)
    assert played > 5 * 9


def test_the_neutral_codec_refuses_a_save_in_the_games_words() -> None:
    nim = Nim()
    text = nim.encode_save(nim.replay(NimConfig(5), [Take(2), Take(1)]), "g")
    with pytest.raises(SaveError, match="not a Nim save"):
        nim.load_game("vinci" + text[3:])
    body = json.loads(zlib.decompress(base64.urlsafe_b64decode(text[len("nim1."):] + "==")))
    body["log"] = "2 2 2"
    with pytest.raises(SaveError, match="action 3 of the save breaks rule N-1"):
        nim.load_game(savetext.pack(body, NIM_SAVES))
    body["log"] = "2 1"
    body["digest"] = "forged"
    with pytest.raises(SaveError, match="altered"):
        nim.load_game(savetext.pack(body, NIM_SAVES))


# --- the suite fails a game that breaks the contract --------------------------------------------

class TakesAnything(NimState):
    def apply(self, action: Any) -> NimState:  # accepts Take(3): not listed
        if not isinstance(action, Take):
            raise NimIllegal("not a move")
        return replace(self, actions=(*self.actions, action))


class Fickle(Nim):
    def action_json(self, action: Take) -> str:
        return json.dumps({"take": action.stones, "at": id(action)})

    def parse_action(self, data: str) -> Take:
        return Take(json.loads(data)["take"] % 2 + 1)  # the other move


class Lenient(Nim):
    def parse_action(self, data: str) -> Take:
        return Take(1)  # reads anything as a move


class Forgetful(Nim):
    def load_game(self, text: object) -> tuple[NimState, str]:
        state, gid = super().load_game(text)
        return NimState(state.config, state.actions[:-1]), gid


def test_the_suite_fails_a_game_that_applies_an_unlisted_action() -> None:
    nim = Nim()
    state = TakesAnything(NimConfig(9))
    with pytest.raises(ConformanceError, match="applied but is not listed"):
        conformance.check_position(nim, state, probes=[Take(3)])
    conformance.check_position(nim, NimState(NimConfig(9)), probes=[Take(3)])


def test_the_suite_fails_a_json_form_that_does_not_round_trip() -> None:
    with pytest.raises(ConformanceError, match="JSON does not round-trip"):
        conformance.check_playthrough(Fickle(), NimConfig(4), seed=0)


def test_the_suite_fails_a_parser_that_reads_anything() -> None:
    with pytest.raises(ConformanceError, match="was read as the action"):
        conformance.check_malformed_json(Lenient())


def test_the_suite_fails_a_save_that_loses_a_move() -> None:
    with pytest.raises(ConformanceError, match="save -> load gives another game"):
        conformance.check_playthrough(Forgetful(), NimConfig(4), seed=0)


def test_the_suite_fails_who_acts_said_two_ways() -> None:
    class TwoSeats(NimState):
        @property
        def seats_to_act(self) -> tuple[int, ...]:
            return (0, 1)

    with pytest.raises(ConformanceError, match="current_player 0 but seats_to_act"):
        conformance.check_turn(TwoSeats(NimConfig(3)))


def test_vincis_state_satisfies_the_protocol() -> None:
    # mypy holds the same statically (the end of vinci_core/table/vinci_game.py).
    state: State = GAME.new_game(GameConfig(seats=[Seat(name=n) for n in "ABC"], seed=1,
                                            map="mini"))
    game: Game = GAME
    assert isinstance(state, GameState) and game.key == "vinci"
