"""The strong AI at an online table in the page (issue 31): the new-game dialog offers it for
an online seat, it plays its turns on Mare Nostrum with its reasons in the log, and the
human's Hint shows the strong move (its sentence and the marked slot or province) without
playing it, over the first turns of the game."""

from __future__ import annotations

import random

import pytest
from game_driver import digest, html, human_step, start_game, wait_human_or_over, wait_saved

import vinci_core as vc

pytestmark = pytest.mark.e2e


def _saved_state(page) -> vc.GameState:
    from vinci_core.table.session import Session

    text = page.evaluate("() => localStorage.getItem('vinci.game.' + "
                         "localStorage.getItem('vinci.last'))")
    return Session.from_save(text).state


def _ask_hint(page) -> str:
    """Press Hint: its sentence, once the page shows it; nothing is played."""
    before = digest(page)
    page.get_by_test_id("hint").click()
    text = page.get_by_test_id("hint-text")
    text.wait_for(state="visible")
    assert digest(page) == before
    return text.text_content() or ""


def test_online_table_with_a_strong_seat_and_hints(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    if not page.get_by_test_id("new-game-dialog").is_visible():
        page.get_by_test_id("new-game").click()
    page.get_by_test_id("ruleset").select_option("online")
    page.get_by_test_id("player-count").select_option("3")
    options = page.get_by_test_id("level-1").locator("option")
    assert [options.nth(i).get_attribute("value") for i in range(options.count())] == [
        "human", "easy", "book", "strong", "expert"]
    start_game(page, "hotseat", ("Ann", "Robo", "Bot"), seed=6, ruleset="online",
               board="mare_nostrum", levels=("human", "strong", "book"))
    state = _saved_state(page)
    assert (state.config.ruleset, [s.ai_level for s in state.config.seats]) == (
        "online", ["book", "strong", "book"])

    rnd = random.Random(6)
    hints = 0
    while hints < 4 and wait_human_or_over(page, timeout=60_000) == "human":
        assert page.get_by_test_id("hint").is_visible()
        said = _ask_hint(page)
        assert said.startswith("Hint: ") and len(said) > len("Hint: ") + 10, said
        if html(page, "phase") in ("choose", "expand"):
            assert page.locator(".hinted").count() >= 1  # the slot or province of the move
        hints += 1
        human_step(page, rnd)
        assert page.locator(".hinted").count() == 0  # a move clears the hint
    assert hints == 4
    log = page.get_by_test_id("log").text_content() or ""
    assert "Robo chooses" in log and "Why: " in log  # the strong seat explains its moves
    # The saved game is the one on screen once the seats after the human have moved (each
    # move is saved once its frame is painted).
    wait_human_or_over(page, timeout=60_000)
    wait_saved(page)
    assert vc.digest(_saved_state(page)) == html(page, "digest")
    site.assert_clean()
