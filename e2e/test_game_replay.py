"""Replay (issue 14): a finished game opened from a link, stepped by action, turn and round
and back (buttons, slider, keyboard), the page's digest checked against the engine's
position at every stop; "play on from here" makes a new saved game and leaves the replayed
one as it was."""

from __future__ import annotations

import random

import pytest
from game_driver import digest, html, human_step, wait_saved

import vinci_core as vc
from vinci_core.players.randomplay import play_random
from vinci_core.table.playback import Replay
from vinci_core.table.session import Session
from vinci_core.table.store import link_fragment

pytestmark = pytest.mark.e2e

STORAGE_GAMES = "() => JSON.parse(localStorage.getItem('vinci.games') || '[]')"


def _finished_game() -> Session:
    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=21)
    return Session.from_save(vc.encode_save(play_random(cfg, seed=21).state))


def _index(page) -> int:
    return int(html(page, "replayIndex") or -1)


def _expect(page, replay: Replay, index: int) -> None:
    page.wait_for_function("i => document.documentElement.dataset.replayIndex === String(i)",
                           arg=index)
    assert digest(page) == vc.digest(replay.positions[index]), index
    assert page.get_by_test_id("replay-slider").input_value() == str(index)
    if index:
        current = page.locator("#log li.current")
        assert current.count() == 1
        assert current.text_content().startswith(replay.view(index)["replay"]["current"]
                                                  [:30])
        # The log in the page ends on the current line (the rows after it are not shown).
        assert page.locator("#log li.current ~ li").count() == 0


def test_replay_steps_by_action_turn_and_round_and_back(site, page):
    game = _finished_game()
    replay = Replay.of(game)
    site.goto_ready(page, f"{site.base_url}#{link_fragment(game)}")
    assert digest(page) == vc.digest(game.state)
    assert page.get_by_test_id("game-over").is_hidden()  # a finished game opened: no review
    page.get_by_test_id("replay").click()
    bar = page.get_by_test_id("replay-bar")
    bar.wait_for(state="visible")
    _expect(page, replay, replay.last)
    i = replay.last
    page.get_by_test_id("replay-start").click()
    i = 0
    _expect(page, replay, i)
    for unit, test_id in (("action", "replay-forward"), ("turn", "replay-forward-turn"),
                          ("round", "replay-forward-round")):
        for _ in range(3):
            page.get_by_test_id(test_id).click()
            i = replay.step(i, unit, +1)
            _expect(page, replay, i)
    for unit, test_id in (("round", "replay-back-round"), ("turn", "replay-back-turn"),
                          ("action", "replay-back")):
        page.get_by_test_id(test_id).click()
        i = replay.step(i, unit, -1)
        _expect(page, replay, i)
    # The slider jumps anywhere; the keys step (Shift: by turn), Home and End.
    page.get_by_test_id("replay-slider").fill(str(replay.last // 2))
    i = replay.last // 2
    _expect(page, replay, i)
    # Only the rows near the current line are in the page; scrolling the log up to its top
    # brings in the earlier ones, down to the game's first line.
    rows = page.locator("#log > li:not(.log-spacer)")
    assert rows.count() < replay.rows_end[i]
    page.get_by_test_id("log").evaluate("box => { box.scrollTop = 0; }")
    page.wait_for_function("text => document.querySelector('#log > li:not(.log-spacer)')"
                           ".textContent === text", arg=replay.log_rows[0]["text"])
    assert rows.count() == replay.rows_end[i]
    page.keyboard.press("ArrowRight")
    i += 1
    _expect(page, replay, i)
    page.keyboard.press("Shift+ArrowLeft")
    i = replay.step(i, "turn", -1)
    _expect(page, replay, i)
    page.keyboard.press("Shift+ArrowRight")
    i = replay.step(i, "turn", +1)
    _expect(page, replay, i)
    page.keyboard.press("End")
    _expect(page, replay, replay.last)
    page.keyboard.press("Home")
    _expect(page, replay, 0)
    # Nothing can be played in a replay: no highlighted target, no action button.
    assert page.locator("path.target").count() == 0
    # Playing at a chosen speed moves on by itself.
    page.get_by_test_id("replay-speed").select_option("40")
    page.get_by_test_id("replay-play").click()
    page.wait_for_function("() => Number(document.documentElement.dataset.replayIndex) >= 5")
    page.get_by_test_id("replay-play").click()
    stopped = _index(page)
    assert digest(page) == vc.digest(replay.positions[stopped])
    page.get_by_test_id("replay-close").click()
    assert bar.is_hidden()
    assert digest(page) == vc.digest(game.state)
    site.assert_clean()


def test_play_on_from_here_is_a_new_saved_game_and_the_replayed_one_is_unchanged(site, page):
    game = _finished_game()
    replay = Replay.of(game)
    site.goto_ready(page, f"{site.base_url}#{link_fragment(game)}")
    saved = page.evaluate(STORAGE_GAMES)
    assert len(saved) == 1 and saved[0]["digest"] == vc.digest(game.state)
    page.get_by_test_id("replay").click()
    point = replay.turn_starts[12]
    page.get_by_test_id("replay-slider").fill(str(point))
    _expect(page, replay, point)
    page.get_by_test_id("replay-branch").click()
    page.get_by_test_id("replay-bar").wait_for(state="hidden")
    assert digest(page) == vc.digest(replay.positions[point])
    games = page.evaluate(STORAGE_GAMES)
    assert len(games) == 2
    assert {g["digest"] for g in games} == {vc.digest(game.state),
                                           vc.digest(replay.positions[point])}
    assert len({g["game"] for g in games}) == 2  # the branch is a game of its own
    # The branch goes on (a move is played there by a click); the first game keeps its end.
    human_step(page, random.Random(1))
    wait_saved(page)  # the move is saved once its frame is painted
    branch = replay.positions[point]
    games = page.evaluate(STORAGE_GAMES)
    assert next(g for g in games if g["game"] != game.game_id)["digest"] == digest(page) \
        != vc.digest(branch)
    first = next(g for g in games if g["game"] == game.game_id)
    assert first["digest"] == vc.digest(game.state)
    site.assert_clean()
