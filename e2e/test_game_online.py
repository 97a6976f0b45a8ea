"""Online games (ONLINE.md) in the page, through clicks: (a) a game on Mare Nostrum with AI
seats played to the final ranking, whose places are the engine's (Y-6.2); (b) a hot-seat
game over its first two rounds holding a desert and a river conquest (Y-4), the page's
digest checked against the engine's after every click."""

from __future__ import annotations

import random

import pytest
from game_driver import (
    ONLINE_NAMES,
    digest,
    html,
    online_config,
    perform_checked,
    play_to_the_end,
    replay,
    scenario,
    start_game,
    wait_saved,
)

import vinci_core as vc

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 800
ONLINE_SEED = 0  # the first seed whose rounds 1-2 hold a desert and a river conquest


def _saved_session(page):
    from vinci_core.table.session import Session

    text = page.evaluate("() => localStorage.getItem('vinci.game.' + "
                         "localStorage.getItem('vinci.last'))")
    return Session.from_save(text)


def test_y0_online_game_on_mare_nostrum_with_ai_seats_to_the_final_ranking(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    assert page.get_by_test_id("new-game-dialog").is_visible()  # the first screen
    page.get_by_test_id("ruleset").select_option("online")
    # Y-0.3: no solo or two-player mode, no classic options; 2 to 5 seats.
    assert page.get_by_test_id("mode-solo").is_disabled()
    assert page.get_by_test_id("mode-hotseat").is_checked()
    assert page.get_by_test_id("virtual-options").is_hidden()
    counts = page.locator("[data-testid=player-count] option:not([disabled])")
    assert counts.all_text_contents() == ["2", "3", "4", "5"]
    start_game(page, "hotseat", ("Ann", "Robo 1", "Robo 2"), seed=4,
               levels=("human", "book", "book"), board="mare_nostrum")
    session = _saved_session(page)
    cfg = session.state.config
    assert (cfg.ruleset, cfg.map, [s.virtual for s in cfg.seats]) == (
        "online", "mare_nostrum", [False, True, True])
    last = session.state.last_round
    assert page.get_by_test_id("round").text_content().startswith(f"Round 1 of {last}")
    # The display names the online tiles, each with its help.
    chip = page.locator("[data-slot] .tile").first
    assert chip.get_attribute("title").endswith(")."), chip.get_attribute("title")

    play_to_the_end(page, random.Random(4), MAX_DECISIONS)
    wait_saved(page)  # the last move is saved once its frame is painted
    final = _saved_session(page).state
    assert final.is_terminal and final.round == last
    assert vc.digest(final) == html(page, "digest")
    # Y-6.2: the ranking shows the engine's places, equal scores sharing theirs.
    from vinci_core.table.ranking import places

    ranks = [int(t) for t in page.locator("[data-testid=ranking] .rank").all_text_contents()]
    assert ranks == [place for place, _seat in places(final)]
    assert page.get_by_test_id("winner").text_content().strip()
    site.assert_clean()


def test_y4_online_hot_seat_desert_and_river_conquests_by_clicks(make_site):
    site = make_site(viewport={"width": 1366, "height": 900})
    page = site.new_page()
    site.goto_ready(page)
    actions = scenario(ONLINE_SEED, last_round=2, config=online_config)
    states = replay(ONLINE_SEED, actions, online_config)
    conquered = {s.board.province(a.province).terrain
                 for s, a in zip(states, actions, strict=False) if isinstance(a, vc.Conquer)}
    assert {"desert", "river"} <= conquered

    start_game(page, "hotseat", ONLINE_NAMES, seed=ONLINE_SEED, ruleset="online",
               board="mare_nostrum")
    assert digest(page) == vc.digest(states[0])
    for i, (state, action) in enumerate(zip(states, actions, strict=False)):
        perform_checked(page, i, state, action, states[i + 1])
    assert states[-1].round == 3
    assert page.get_by_test_id("round").text_content().startswith(
        f"Round 3 of {states[-1].last_round}")
    log = page.get_by_test_id("log").text_content() or ""
    assert "Round 2" in log
    site.assert_clean()
