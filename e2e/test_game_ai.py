"""AI levels in the page: chosen in the new-game dialog for every AI seat, the strong AI's
moves explained in the log and the notice, and hints for a human (shown, highlighted on the
board, never played)."""

from __future__ import annotations

import pytest
from game_driver import digest, html, start_game, wait_human_or_over

pytestmark = pytest.mark.e2e


def open_dialog(page) -> None:
    """The dialog opens by itself on a first visit."""
    if not page.get_by_test_id("new-game-dialog").is_visible():
        page.get_by_test_id("new-game").click()


def test_solo_with_a_strong_ai_explains_its_moves(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    open_dialog(page)
    rows = page.get_by_test_id("level-rows").locator("select")
    assert rows.count() == 3  # solo: one level per virtual seat
    # Seed 2: a virtual player acts first.
    start_game(page, "solo", ("Me",), seed=2, levels=("strong", "strong", "strong"))
    assert wait_human_or_over(page, timeout=60_000) == "human"
    log = page.get_by_test_id("log").text_content()
    assert "Why: " in log and "expects" in log  # the strong AI's civilization choice
    notice = page.get_by_test_id("ai-notice")
    assert notice.is_visible() and "Why: " in notice.text_content()
    site.assert_clean()


def test_hot_seat_table_with_an_ai_seat(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    open_dialog(page)
    page.get_by_test_id("mode-hotseat").check()
    page.get_by_test_id("player-count").select_option("4")
    assert page.get_by_test_id("level-rows").locator("select").count() == 4
    start_game(page, "hotseat", ("Ann", "Bo", "Cy", "Di"), seed=5,
               levels=("human", "strong", "human", "book"))
    players = page.get_by_test_id("players").text_content()
    assert "Bo · virtual" in players and "Di · virtual" in players
    assert "Ann · virtual" not in players
    for _ in range(3):  # round 1: humans choose through clicks, the AI seats by themselves
        if wait_human_or_over(page, timeout=60_000) != "human" or html(page, "phase") != "choose":
            break
        old = digest(page)
        page.get_by_test_id("slot-1").click()
        page.wait_for_function("d => document.documentElement.dataset.digest !== d", arg=old)
    log = page.get_by_test_id("log").text_content()
    assert "Bo chooses" in log and "Why: " in log
    site.assert_clean()


def test_hint_shows_the_strong_move_without_playing_it(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Me",), seed=4)
    assert wait_human_or_over(page, timeout=60_000) == "human"
    before = digest(page)
    hint_button = page.get_by_test_id("hint")
    assert hint_button.is_visible()
    hint_button.click()
    text = page.get_by_test_id("hint-text")
    text.wait_for(state="visible")
    assert text.text_content().startswith("Hint: ")
    assert page.locator(".hinted").count() >= 1  # the slot or provinces of the move
    assert digest(page) == before  # nothing was played
    # Playing a move clears the hint.
    page.get_by_test_id("slot-1").click()
    page.wait_for_function("d => document.documentElement.dataset.digest !== d", arg=before)
    assert page.locator(".hinted").count() == 0
    site.assert_clean()
