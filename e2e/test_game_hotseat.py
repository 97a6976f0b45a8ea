"""(b) A 3-seat hot-seat game, rounds 1 to 3 (the choosing round and two full rounds), played by
clicks only: a decline, a cohesion choice (split empire), reorganizations with the +/- editor,
a human defender's redistribution. The actions come from a seeded scenario (game_driver), and
after every click the page's digest must be the engine's digest of the same game."""

from __future__ import annotations

import pytest
from game_driver import (
    HOTSEAT_NAMES,
    HOTSEAT_SEED,
    digest,
    perform_checked,
    replay,
    scenario,
    start_game,
)

import vinci_core as vc

pytestmark = pytest.mark.e2e

ROOT_DIR = __import__("pathlib").Path(__file__).resolve().parent.parent


def test_hotseat_two_full_rounds_by_clicks(make_site):
    site = make_site(viewport={"width": 1366, "height": 768})
    page = site.new_page()
    site.goto_ready(page)
    actions = scenario(HOTSEAT_SEED)
    states = replay(HOTSEAT_SEED, actions)
    kinds = {(a.kind, s.phase) for a, s in zip(actions, states, strict=False)}
    assert {("decline", "expand"), ("place_all", "reorganize"),
            ("place_all", "redistribute")} <= kinds
    assert any(s.phase == "keep" for s in states)

    start_game(page, "hotseat", HOTSEAT_NAMES, seed=HOTSEAT_SEED)
    assert digest(page) == vc.digest(states[0])
    shot = False
    for i, (state, action) in enumerate(zip(states, actions, strict=False)):
        perform_checked(page, i, state, action, states[i + 1])
        if state.phase == "keep":  # the cohesion choice was offered and made by a click
            assert "keeps the part around" in page.get_by_test_id("log").text_content()
        if not shot and state.round == 3 and state.phase == "expand" and i > 25:
            page.screenshot(path=str(ROOT_DIR / "docs" / "screenshot.png"))
            shot = True
    assert states[-1].round == 4
    log = page.get_by_test_id("log").text_content()
    assert "puts the empire into decline" in log and "keeps the part around" in log
    # The score chart has a line per player; the player panels show the three names.
    assert page.locator("[data-testid=score-chart] polyline[data-seat]").count() == 3
    assert page.locator("[data-testid=score-chart] .legend").count() == 3
    for name in HOTSEAT_NAMES:
        assert name in page.get_by_test_id("players").text_content()
    site.assert_clean()
