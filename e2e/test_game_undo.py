"""Undo by clicks: one's own conquests within the turn come back off the board; a random
draw (choosing a civilization refills the display) closes the way back."""

from __future__ import annotations

import pytest
from game_driver import click_province, digest, html, start_game, targets, wait_digest_change

pytestmark = pytest.mark.e2e


def _wait_digest(page, want: str | None) -> None:
    page.wait_for_function("d => document.documentElement.dataset.digest === d", arg=want)


def _undo_enabled(page) -> bool:
    return page.get_by_test_id("undo").is_enabled()


def test_undo_takes_back_own_conquests_but_never_a_draw(site, page):
    site.goto_ready(page)
    start_game(page, mode="hotseat", names=("Ann", "Bo", "Cy"), seed=11)
    for _ in range(3):  # round 1: each seat chooses, and each choice draws a new pair
        old = digest(page)
        page.locator('[data-slot="1"]').first.click()
        wait_digest_change(page, old)
        assert not _undo_enabled(page)
    assert html(page, "phase") == "expand"
    start = digest(page)
    affordable = [p for p, cost in targets(page).items() if cost is not None]
    assert affordable, "the first player has an entry to make"
    click_province(page, affordable[0])
    wait_digest_change(page, start)
    after_one = digest(page)
    assert _undo_enabled(page)
    second = [p for p, cost in targets(page).items() if cost is not None]
    if second:  # two conquests, undone one at a time
        click_province(page, second[0])
        wait_digest_change(page, after_one)
        page.get_by_test_id("undo").click()
        _wait_digest(page, after_one)
    page.get_by_test_id("undo").click()
    _wait_digest(page, start)
    assert not _undo_enabled(page)
    assert "conquers" not in page.get_by_test_id("log").text_content().split("chooses")[-1]
    site.assert_clean()
