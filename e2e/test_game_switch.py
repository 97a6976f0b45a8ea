"""Issue 29: a game must never stop. One tab goes from game to game by every way the page
has (a new game, a link, an imported file, a saved game opened from the list), between the
classic and the online rulesets and between Europe and Mare Nostrum, and after each switch
plays on: the human's moves by clicks, then the virtual and AI seats' turns. The page once
kept the old board's province nodes (app.js) and stopped at the first highlight on a board
seen before ("Virtual 3 is playing…" for ever, or the civilizations no longer answering).

Every test fails on a stalled turn or an error in the page's Python (the watchdog, see
test_page_watchdog.py and conftest.py), besides the console errors."""

from __future__ import annotations

import random

import pytest
from game_driver import (
    digest,
    html,
    play_round,
    start_game,
    wait_digest_change,
    wait_saved,
)

import vinci_core as vc
from vinci_core.table.newgame import SEAT_COLOURS
from vinci_core.table.session import Session
from vinci_core.table.store import link_fragment

pytestmark = pytest.mark.e2e

# A province only each board has: which board is on screen.
ONLY_ON = {"europe": "volga", "mare_nostrum": "hispania"}
LAST = "() => localStorage.getItem('vinci.last')"


def _board(page) -> str:
    shown = [board for board, pid in ONLY_ON.items()
             if page.locator(f'path[data-province="{pid}"]').count() == 1]
    assert len(shown) == 1, shown
    return shown[0]


def _saved(page) -> Session:
    text = page.evaluate("() => localStorage.getItem('vinci.game.' + "
                         "localStorage.getItem('vinci.last'))")
    return Session.from_save(text)


def _plays_on(page, rnd: random.Random, board: str, ruleset: str, rounds: int = 2) -> None:
    """The game on screen is on ``board`` under ``ruleset`` and plays on: the human's moves
    and the others' turns, ``rounds`` times; the page shows the saved game's position."""
    assert _board(page) == board
    for _ in range(rounds):
        play_round(page, rnd)
    page.wait_for_function("() => !document.documentElement.dataset.thinking")
    wait_saved(page)
    config = _saved(page).state.config
    assert (config.map, config.ruleset) == (board, ruleset)
    assert page.get_by_test_id("error").is_hidden()


def _session(ruleset: str, board: str, seed: int) -> Session:
    """A game with a human and two virtual seats, as a link or a file brings it."""
    names = ("Lu", "Virtual 2", "Virtual 3")
    config = vc.GameConfig(seats=[vc.Seat(name=n, virtual=i > 0, colour=SEAT_COLOURS[i])
                                  for i, n in enumerate(names)], seed=seed, ruleset=ruleset,
                           map=board)
    return Session.new(config)


def test_new_games_switch_ruleset_and_board_and_play_on(site, page):
    """New games: online Mare Nostrum, classic Europe, online Mare Nostrum again, online
    Europe, classic Europe (the issue's first report: a solo classic game on Europe after
    an online game on Mare Nostrum stopped at a virtual player's turn)."""
    site.goto_ready(page, site.base_url + "?fast=1")
    rnd = random.Random(29)
    online_ai = {"mode": "hotseat", "names": ("Ann", "Robo 1", "Robo 2"),
                 "levels": ("human", "book", "book"), "ruleset": "online"}
    start_game(page, seed=4, board="mare_nostrum", **online_ai)
    _plays_on(page, rnd, "mare_nostrum", "online")
    start_game(page, "solo", ("Me",), seed=2, ruleset="classic", board="europe")
    _plays_on(page, rnd, "europe", "classic")
    start_game(page, seed=5, board="mare_nostrum", **online_ai)
    _plays_on(page, rnd, "mare_nostrum", "online")
    start_game(page, seed=6, board="europe", **online_ai)
    _plays_on(page, rnd, "europe", "online")
    start_game(page, "solo", ("Me",), seed=7, ruleset="classic", board="europe")
    _plays_on(page, rnd, "europe", "classic")
    site.assert_clean()


def test_a_link_a_file_and_saved_games_switch_board_and_play_on(site, page, tmp_path):
    """A classic game on Europe, then in the same tab a link to an online game on Mare
    Nostrum, an imported classic game on Europe, and the saved games opened again from the
    Saved games list: each plays on."""
    site.goto_ready(page, site.base_url + "?fast=1")
    rnd = random.Random(92)
    start_game(page, "solo", ("Me",), seed=3, ruleset="classic", board="europe")
    _plays_on(page, rnd, "europe", "classic")
    first = page.evaluate(LAST)

    # A link pasted into the open tab (only the fragment changes: no reload).
    old = digest(page)
    page.evaluate("f => { location.hash = f; }", link_fragment(_session("online",
                                                                        "mare_nostrum", 8)))
    wait_digest_change(page, old)
    _plays_on(page, rnd, "mare_nostrum", "online")
    linked = page.evaluate(LAST)

    # An imported file.
    saved = tmp_path / "europe.vinci"
    saved.write_text(_session("classic", "europe", 9).save())
    old = digest(page)
    page.get_by_test_id("import-file").set_input_files(str(saved))
    wait_digest_change(page, old)
    _plays_on(page, rnd, "europe", "classic")

    # The saved games, from the list: the linked one on Mare Nostrum, then the first one.
    for gid, board, ruleset in ((linked, "mare_nostrum", "online"),
                                (first, "europe", "classic")):
        old = digest(page)
        page.get_by_test_id("saved-games").click()
        page.locator(f'[data-game="{gid}"] [data-testid=continue]').click()
        wait_digest_change(page, old)
        assert page.get_by_test_id("saves-dialog").is_hidden()
        assert page.evaluate(LAST) == gid
        _plays_on(page, rnd, board, ruleset)
    assert html(page, "actor") in ("human", "over")
    site.assert_clean()
