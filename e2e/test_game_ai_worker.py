"""Issue 30: the AI thinks in a PyScript worker. Nothing of it loads before a game needs it;
once started, the virtual players' moves and the Hint come from it, and the game is the one
CPython plays (every AI move of the page's game is the move Session.play_ai makes); where
the worker cannot run the page thinks itself, and a worker that fails is said by the
watchdog with its reload offer."""

from __future__ import annotations

import pytest
from game_driver import (
    AI_WORKER_SETTLED,
    ai_answers,
    ai_moves_replayed,
    html,
    play_against_the_ai_worker,
    start_game,
    wait_human_or_over,
    wait_saved,
)

from vinci_core.table.session import Session

pytestmark = pytest.mark.e2e

# The worker's own files (PyScript's core is the page's: it started the page, issue 30).
WORKER_FILES = ("/worker/",)


def _worker_requests(site) -> list[str]:
    return [path for path in site.served if any(f.strip("/") in path for f in WORKER_FILES)]


def _saved_game(page) -> str:
    return page.evaluate("() => localStorage.getItem('vinci.game.' + "
                         "localStorage.getItem('vinci.last'))")


def _play_against_the_worker(site, page, levels: tuple[str, ...], answers: int) -> None:
    site.goto_ready(page, site.base_url + "?fast=1")
    play_against_the_ai_worker(page, levels, answers)


def test_nothing_of_the_worker_loads_before_a_game_needs_it(site, page):
    site.goto_ready(page)
    page.wait_for_function("document.documentElement.dataset.edges === '1'")
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=21)  # no AI seat, no hint asked
    page.wait_for_timeout(300)
    assert _worker_requests(site) == []
    assert html(page, "aiWorker") is None
    page.get_by_test_id("hint").click()  # a game needs it: the worker starts
    page.wait_for_function(AI_WORKER_SETTLED, timeout=60_000)
    assert html(page, "aiWorker") == "ready"
    assert _worker_requests(site)
    site.assert_clean()


def test_the_worker_plays_the_game_cpython_plays(site, page):
    """A solo game against three strong AIs (seed 2: they act first), the human's moves made
    by clicks: once the worker is ready the moves are its answers; every AI move of the
    game, replayed in CPython, is the one Session.play_ai makes there."""
    _play_against_the_worker(site, page, ("strong", "strong", "strong"), answers=25)
    wait_human_or_over(page, timeout=60_000)
    assert ai_moves_replayed(page) >= 25
    site.assert_clean()


def test_a_hint_from_the_worker(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Me",), seed=4)
    assert wait_human_or_over(page, timeout=60_000) == "human"
    page.wait_for_function(AI_WORKER_SETTLED, timeout=60_000)  # the book players' turns started it
    before = ai_answers(page)
    page.get_by_test_id("hint").click()
    text = page.get_by_test_id("hint-text")
    text.wait_for(state="visible")
    assert text.text_content().startswith("Hint: ")
    assert ai_answers(page) == before + 1  # the worker's answer
    wait_saved(page)  # the virtual players' last move is saved once its frame is painted
    state = Session.from_save(_saved_game(page))
    hint = state.hint()
    assert hint is not None and hint["text"] in text.text_content()
    site.assert_clean()


def test_without_module_workers_the_page_thinks_itself(site, page):
    # A browser without workers for the AI (PyScript's core, which starts the page, defines
    # its worker class on Worker when it loads: the page takes Worker away after that).
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => { delete window.Worker; })")
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Me",), seed=2, levels=("strong", "book", "strong"))
    assert wait_human_or_over(page, timeout=60_000) == "human"
    assert html(page, "aiWorker") == "unavailable" and ai_answers(page) == 0
    assert "Why: " in page.get_by_test_id("log").text_content()
    page.get_by_test_id("hint").click()
    page.get_by_test_id("hint-text").wait_for(state="visible")
    assert _worker_requests(site) == []
    site.assert_clean()


def test_a_worker_that_fails_to_start_is_said(site, page):
    page.route("**/worker/ai.py", lambda route: route.fulfill(
        body="raise RuntimeError('no worker today')", content_type="text/plain"))
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Me",), seed=2)
    page.wait_for_function("document.documentElement.dataset.watchdog === 'failed'",
                           timeout=60_000)
    assert page.get_by_test_id("watchdog").is_visible()
    assert page.get_by_test_id("watchdog-reload").is_visible()
    assert html(page, "aiWorker") == "failed"
    assert any("did not start" in a for a in site.alarms), site.alarms
    site.alarms.clear()
    site.errors.clear()  # the worker's error, logged on purpose


def test_the_worker_starts_and_thinks_offline(offline_site):
    """The service worker's cache holds PyScript and the worker's files: after one visit,
    with the network off, the AI still thinks in its worker."""
    page = offline_site.new_page()
    offline_site.goto_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    offline_site.go_offline()
    page.reload(wait_until="commit")
    _play_against_the_worker(offline_site, page, ("strong", "book", "strong"), answers=3)
    assert offline_site.offline_hits == [], "requests reached the network while offline"
    offline_site.assert_clean()
