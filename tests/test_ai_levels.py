"""The ladder of AI levels (issue 31): easy, by the book, strong, expert.

Each level plays whole games of both rulesets; the easy player plays the book's game with
a beginner's mistakes, legal and deterministic; the new-game dialog offers the four levels
with a line saying what each is; a level it does not know is refused in words; saves keep
every level. How each level fares against the one below is measured in ``bench/ai.py
--ladder`` (docs/players.md), not here.
"""

from __future__ import annotations

import doctest
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from vinci_core import GameConfig, Seat, decode_save, digest, encode_save, new_game
from vinci_core.game.actions import Choose, Conquer, Decline, PlaceAll
from vinci_core.game.config import SEATING
from vinci_core.players import easy, levels
from vinci_core.players.ai import BookPlayer, StrongPlayer
from vinci_core.players.easy import LATE_DECLINE_TOKENS, EasyPlayer
from vinci_core.players.levels import (
    DEFAULT_LEVEL,
    EXPERT,
    EXPERT_DUEL,
    LEVELS,
    player_for_level,
    player_for_seat,
)
from vinci_core.players.reasons import word
from vinci_core.players.virtual import VirtualPlayer, expansion_tokens
from vinci_core.table.newgame import config_from_form, level_lines, level_rows
from vinci_core.turn.state import GameState

# Tests play the searching levels at a small budget (the same code as their own).
QUICK = StrongPlayer(rollouts=1, horizon=1, beam=2, choices=2)
LEVELS_SAVE = Path(__file__).parent / "saves" / "levels-1.json"


def table(levels: list[str], seed: int, ruleset: str = "classic",
          board: str = "europe") -> GameConfig:
    options: dict[str, Any] = {"map": board}
    if ruleset != "classic":
        options["ruleset"] = ruleset
    return GameConfig(seats=[Seat(name=f"{level} {i}", virtual=True, ai_level=level)
                             for i, level in enumerate(levels)], seed=seed, **options)


def play(config: GameConfig, quick: bool = True, until: int = 20_000,
         seen: list[tuple[GameState, Any]] | None = None) -> GameState:
    """Play ``config`` with each seat at its level (searches at the QUICK budget); every
    action is one that ``legal_actions`` lists (``place_all``, the one shorthand it does
    not list, is checked by ``apply``); ``seen`` gets each easy decision."""
    players = [player_for_seat(config, i) for i in range(len(config.seats))]
    if quick:
        players = [QUICK if isinstance(p, StrongPlayer) else p for p in players]
    state = new_game(config)
    while not state.is_terminal and state.ply < until:
        seat = state.current_player
        assert seat is not None
        decision = players[seat].decide(state)
        if not isinstance(decision.action, PlaceAll):
            assert decision.action in state.legal_actions(), (seat, decision.action)
        assert decision.reason
        if seen is not None and isinstance(players[seat], EasyPlayer):
            seen.append((state, decision))
        state = state.apply(decision.action)
    return state


def test_the_ladder_runs_from_easy_to_expert_and_the_book_stays_the_default() -> None:
    assert LEVELS == ("easy", "book", "strong", "expert")
    assert DEFAULT_LEVEL == Seat(name="Ann").ai_level == "book"
    for ruleset in ("classic", "online"):
        assert SEATING[ruleset].ai_levels == LEVELS
    book = VirtualPlayer(preference="formula")
    assert player_for_level("easy", book) == EasyPlayer(book)
    assert player_for_level("book", book) == BookPlayer(book)
    assert player_for_level("strong", book) == StrongPlayer()
    assert player_for_level("expert", book) == EXPERT


@pytest.mark.parametrize("module", [levels, easy])
def test_the_levels_do_what_their_examples_say(module: Any) -> None:
    assert doctest.testmod(module).failed == 0


def test_expert_is_the_strong_search_with_a_larger_budget() -> None:
    strong = StrongPlayer()
    assert EXPERT.horizon >= strong.horizon
    for budget in ("rollouts", "beam", "choices", "rollout_work", "plan_work"):
        assert getattr(EXPERT, budget) > getattr(strong, budget), budget
    for budget in ("answer_plans", "answer_futures", "answer_work"):  # both hear answers
        assert getattr(EXPERT, budget) > getattr(strong, budget) > 0, budget


@pytest.mark.parametrize(("ruleset", "board"), [("classic", "europe"),
                                                ("online", "europe"),
                                                ("online", "mare_nostrum")])
def test_each_level_plays_whole_games_of_both_rulesets(ruleset: str, board: str) -> None:
    config = table(["easy", "book", "strong", "expert"], seed=3, ruleset=ruleset, board=board)
    final = play(config)
    assert final.is_terminal and final.winners


def test_the_expert_decides_at_its_own_budget() -> None:
    config = table(["expert"] * 3, seed=5)
    state = new_game(config)
    player = player_for_seat(config, state.current_player)
    assert player == EXPERT
    decision = player.decide(state)
    assert isinstance(decision.action, Choose) and "expects" in decision.reason


def test_the_expert_plays_a_duel_for_the_margin_over_its_opponent() -> None:
    # Two seats: a VP the opponent scores is one the expert falls behind, so it weighs the
    # opponent's value fully; at a larger table, as at every other level, the compromise.
    duel = table(["strong", "expert"], seed=5, ruleset="online")
    assert player_for_seat(duel, 1) == EXPERT_DUEL
    assert EXPERT_DUEL.rival_weight == EXPERT_DUEL.plan_rival == 1.0
    assert EXPERT.rival_weight < 1.0 and EXPERT.plan_rival < 1.0
    assert EXPERT_DUEL == replace(EXPERT, rival_weight=1.0, plan_rival=1.0)
    assert player_for_seat(table(["strong", "expert", "book"], seed=5), 1) == EXPERT
    assert player_for_seat(duel, 0) == StrongPlayer()  # the strong level: one for all tables


def test_easy_plays_the_same_game_again_from_the_same_seed() -> None:
    """Its only dice are the game's tie dice, which never advance the game's stream."""
    config = table(["easy", "easy", "book", "easy"], seed=11, ruleset="online")
    assert digest(play(config)) == digest(play(config))


def test_easy_makes_a_beginners_mistakes_and_loses_to_the_book() -> None:
    """It pays for civilizations the book would not (V-2: slot I), declines only when its
    empire has (almost) nothing left to grow with (V-7: up to five tokens), and on a fixed
    set of games the book's seats score more and win more than its own."""
    seen: list[tuple[GameState, Any]] = []
    vp = {"easy": 0, "book": 0}
    wins = {"easy": 0.0, "book": 0.0}
    for g in range(12):
        levels = ["easy", "book", "easy", "book"] if g % 2 else ["book", "easy", "book", "easy"]
        final = play(table(levels, seed=100 + g // 2), seen=seen)
        for i, level in enumerate(levels):
            vp[level] += final.scores[i]
            wins[level] += (i in final.winners) / len(final.winners)
    assert vp["book"] > vp["easy"] and wins["book"] > wins["easy"]
    paid = [d for _s, d in seen if isinstance(d.action, Choose) and d.action.slot > 1]
    assert paid and all("likes the look" in d.reason for d in paid)
    declines = [(s, d) for s, d in seen if isinstance(d.action, Decline)]
    assert declines
    for state, _decision in declines:
        seat = state.current_player
        assert expansion_tokens(state, seat) <= LATE_DECLINE_TOKENS
    conquests = [d for _s, d in seen if isinstance(d.action, Conquer)]
    assert any("cheapest" in d.reason for d in conquests)


def test_easy_gives_its_reasons_in_every_language() -> None:
    seen: list[tuple[GameState, Any]] = []
    play(table(["easy", "book", "easy"], seed=21), seen=seen, until=600)
    worded = [(s, d) for s, d in seen if d.message is not None]
    templates = {d.message.template for _s, d in worded}
    assert len(templates) >= 4
    for state, decision in worded:
        assert word(decision.message, state) == decision.reason
        for lang in ("fr", "de", "nl"):
            assert word(decision.message, state, lang) != decision.reason, (lang,
                                                                            decision.reason)


def test_the_dialog_offers_the_four_levels_with_a_line_for_each() -> None:
    for ruleset in ("classic", "online"):
        hot = level_rows("hotseat", 3, ruleset)
        assert [o["value"] for o in hot[0]["options"]] == ["human", *LEVELS]
        assert hot[0]["default"] == "human"
    solo = level_rows("solo", 4)
    assert all(row["default"] == "book" for row in solo)
    english = level_lines()
    assert [row["value"] for row in english] == list(LEVELS)
    assert english[0]["line"].startswith("Easy:") and "first game" in english[0]["line"]
    assert "two seconds" in english[3]["line"]
    for lang in ("fr", "de", "nl"):
        lines = level_lines("online", lang)
        assert len({row["line"] for row in lines}) == 4
        assert all(a["line"] != b["line"] for a, b in zip(lines, english, strict=True))
        assert [row["label"] for row in lines] == [
            o["label"] for o in level_rows("hotseat", 3, "classic", lang)[0]["options"][1:]]


def test_the_form_seats_every_level_and_leaves_the_default_out() -> None:
    form = {"mode": "solo", "names": ["Me"], "seed": "3", "levels": ["easy", "book", "expert"]}
    config = config_from_form(form)
    assert [s.ai_level for s in config.seats] == ["book", "easy", "book", "expert"]
    assert "ai_level" not in config.seats[2].model_dump(exclude_defaults=True)


def test_an_unknown_level_is_refused_in_words() -> None:
    with pytest.raises(ValidationError, match="'easy', 'book', 'strong' or 'expert'"):
        Seat(name="Ann", virtual=True, ai_level="genius")
    with pytest.raises(ValueError, match="unknown player level 'genius': choose human, "
                                         "easy, book, strong, expert"):
        config_from_form({"mode": "hotseat", "names": ["A", "B", "C"],
                          "levels": ["human", "genius", "book"]})
    with pytest.raises(ValueError, match="unknown AI level 'genius': choose one of easy, "
                                         "book, strong, expert"):
        player_for_level("genius", VirtualPlayer())


@pytest.mark.parametrize("ruleset", ["classic", "online"])
def test_saves_with_every_level_round_trip(ruleset: str) -> None:
    config = table(["expert", "easy", "strong", "book"], seed=8, ruleset=ruleset)
    for until in (150, 20_000):
        state = play(config, until=until)
        again = decode_save(encode_save(state))
        assert digest(again) == digest(state)
        assert [s.ai_level for s in again.config.seats] == ["expert", "easy", "strong", "book"]


def test_a_save_with_the_new_levels_replays_as_played() -> None:
    """A game saved with every level at the table (tests/saves/levels-1.json, written when
    the levels came) decodes to its digest, and the easy and book seats make again the
    moves it recorded for them: their play is part of what a save keeps."""
    entry = json.loads(LEVELS_SAVE.read_text(encoding="utf-8"))
    state = decode_save(entry["save"])
    assert digest(state) == entry["digest"]
    assert [s.ai_level for s in state.config.seats] == entry["levels"]
    config = state.config
    replay = new_game(config)
    checked = 0
    for action in state.actions:
        seat = replay.current_player
        assert seat is not None
        if config.seats[seat].ai_level in ("easy", "book"):
            assert player_for_seat(config, seat).act(replay) == action
            checked += 1
        replay = replay.apply(action)
    assert checked > 50 and digest(replay) == entry["digest"]
