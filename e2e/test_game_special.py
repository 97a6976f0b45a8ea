"""The moves of special tiles and abandoning, by clicks: a 3-seat hot-seat game over rounds
1 to 3 whose seats take Diplomacy, Espionage and Fortification civilizations. It holds a
fort placed at the end of a turn (C-9 Fortification), a diplomacy partner picked (C-9
Diplomacy), an espionage conquest (C-9 Espionage: the toggle, then the province) and an
abandoned province (C-3.3). After every click the page's digest must be the engine's."""

from __future__ import annotations

import pytest
from game_driver import (
    HOTSEAT_NAMES,
    SPECIAL_SEED,
    digest,
    perform_checked,
    replay,
    scenario,
    start_game,
)

import vinci_core as vc

pytestmark = pytest.mark.e2e


def _moves(actions: list[vc.Action]) -> set[str]:
    kinds = {a.kind for a in actions}
    if any(isinstance(a, vc.Conquer) and a.espionage for a in actions):
        kinds.add("espionage")
    return kinds


def test_diplomacy_espionage_abandon_and_forts_by_clicks(make_site):
    site = make_site(viewport={"width": 1366, "height": 900})
    page = site.new_page()
    site.goto_ready(page)
    actions = scenario(SPECIAL_SEED, last_round=3, policy="special")
    states = replay(SPECIAL_SEED, actions)
    assert {"diplomacy", "espionage", "abandon", "fort"} <= _moves(actions)

    start_game(page, "hotseat", HOTSEAT_NAMES, seed=SPECIAL_SEED)
    assert digest(page) == vc.digest(states[0])
    for i, (state, action) in enumerate(zip(states, actions, strict=False)):
        perform_checked(page, i, state, action, states[i + 1])
        after = states[i + 1]
        if isinstance(action, vc.Fort):  # the board shows the fort where it was placed
            fort = page.locator(f'[data-token="{action.province}"] .fort')
            assert fort.get_attribute("visibility") == "visible"
        if isinstance(action, vc.Abandon):  # the province went back to nobody
            assert after.owner[after.board.index[action.province]] != state.current_player
    log = page.get_by_test_id("log").text_content() or ""
    assert "with Espionage" in log and "builds a fort in" in log and "makes peace with" in log
    assert " leaves " in log
    site.assert_clean()
