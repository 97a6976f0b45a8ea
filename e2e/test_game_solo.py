"""(a) A solo game against three virtual players, played through clicks to the game-over
screen (a low target keeps it short; ``?fast=1`` drops the virtual players' pause)."""

from __future__ import annotations

import random

import pytest
from game_driver import html, human_step, start_game, wait_human_or_over

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 600


def test_solo_game_to_the_game_over_screen(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Solo <i>player</i>",), seed=11, target=30)
    rnd = random.Random(11)
    for _ in range(MAX_DECISIONS):
        if wait_human_or_over(page) == "over":
            break
        human_step(page, rnd)
    else:
        pytest.fail("the game did not end")
    over = page.get_by_test_id("game-over")
    over.wait_for(state="visible")
    ranking = page.get_by_test_id("ranking").locator("li")
    assert ranking.count() == 4
    scores = [int(t.split()[0]) for t in
              page.locator("[data-testid=ranking] .score").all_text_contents()]
    assert scores == sorted(scores, reverse=True) and scores[0] >= 30
    assert page.get_by_test_id("winner").text_content().strip()
    assert html(page, "phase") == "over"
    # The name is shown as text, never as markup.
    assert page.locator("[data-testid=players] i").count() == 0
    assert "Solo <i>player</i>" in page.get_by_test_id("players").text_content()
    assert "The game is over." in page.get_by_test_id("log").text_content()
    site.assert_clean()


def test_virtual_players_play_at_a_visible_pace_and_can_be_skipped(site, page):
    site.goto_ready(page)
    # Seed 2: a virtual player acts first.
    start_game(page, "solo", ("Me",), seed=2)
    status = page.get_by_test_id("virtual-status")
    if html(page, "actor") == "virtual":
        status.wait_for(state="visible")
        assert "is playing" in status.text_content()
        page.get_by_test_id("skip-animation").click()
    assert wait_human_or_over(page, timeout=30_000) == "human"
    assert status.is_hidden()
    site.assert_clean()
