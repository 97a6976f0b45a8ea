"""(a) A solo game against three virtual players, played through clicks to the game-over
screen and its review (a low target keeps it short; ``?fast=1`` drops the virtual players'
pause)."""

from __future__ import annotations

import random

import pytest
from game_driver import (
    SKIP_IF_SHOWN,
    html,
    play_to_the_end,
    start_game,
    wait_human_or_over,
    wait_saved,
    watch_virtual_turn,
)

import vinci_core as vc

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 600


@pytest.mark.smoke  # the quick run's game: through clicks to the game-over screen
def test_solo_game_to_the_game_over_screen(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Solo <i>player</i>",), seed=11, target=30)
    play_to_the_end(page, random.Random(11), MAX_DECISIONS)
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
    _check_review(page)
    site.assert_clean()


def _check_review(page) -> None:
    """Issue 14: the review's figures are those of vinci_core.table.review for the saved game."""
    from vinci_core.table.playback import Replay
    from vinci_core.table.review import review
    from vinci_core.table.session import Session

    wait_saved(page)  # the last move is saved once its frame is painted
    text = page.evaluate("() => localStorage.getItem('vinci.game.' + "
                         "localStorage.getItem('vinci.last'))")
    session = Session.from_save(text)
    assert vc.digest(session.state) == html(page, "digest")
    want = review(Replay.of(session))
    over = page.get_by_test_id("game-over")
    ranks = [int(t) for t in page.locator("[data-testid=ranking] .rank").all_text_contents()]
    assert ranks == [r["rank"] for r in want["ranking"]]
    assert over.get_by_test_id("review-chart").locator("svg").count() == 1
    players = over.get_by_test_id("review-player")
    assert players.count() == 4
    for i, player in enumerate(want["players"]):
        rows = players.nth(i).get_by_test_id("review-civ")
        assert rows.count() == len(player["civs"])
        for k, civ in enumerate(player["civs"]):
            cells = rows.nth(k).locator("td").all_text_contents()
            assert cells[0].startswith(civ["name"])
            assert cells[1:] == [civ["rounds"], str(civ["peak"]), str(civ["vp"])]
            # each tile of a civilization played opens its glossary entry
            links = rows.nth(k).locator("td").first.locator(".tile-link")
            assert [links.nth(j).get_attribute("data-tile") for j in range(links.count())] \
                == civ["tiles"]
    assert want["biggest_turn"]["text"] in over.get_by_test_id("review-biggest-turn") \
        .text_content()
    assert want["contested"]["text"] in over.get_by_test_id("review-contested").text_content()
    for button in ("review-replay", "review-share", "review-rematch"):
        assert over.get_by_test_id(button).is_visible()
    # A new game with the same players: the same names and levels, another seed.
    old = html(page, "digest")
    over.get_by_test_id("review-rematch").click()
    page.wait_for_function("d => document.documentElement.dataset.digest !== d", arg=old)
    names = page.get_by_test_id("players").text_content()
    assert all(p["name"] in names for p in want["players"])
    assert html(page, "phase") == "choose" and over.is_hidden()


def test_virtual_players_play_at_a_visible_pace_and_can_be_skipped(site, page):
    site.goto_ready(page)
    watch_virtual_turn(page)
    # Seed 2: a virtual player acts first.
    start_game(page, "solo", ("Me",), seed=2)
    page.evaluate(SKIP_IF_SHOWN)
    assert wait_human_or_over(page, timeout=60_000) == "human"
    seen = page.evaluate("window.__virtualSeen")
    assert seen["actors"] and seen["status"], seen
    assert all("is playing" in text for text in seen["status"]), seen
    assert page.get_by_test_id("virtual-status").is_hidden()
    site.assert_clean()
