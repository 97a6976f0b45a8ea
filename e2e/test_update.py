"""Updates: a page that is open says when a new build is published, and reloads into it only
when the player agrees and no move is under way; the game and the saves come through."""

from __future__ import annotations

import json
import shutil

import build_site
import pytest
from conftest import wait_ready
from game_driver import (
    digest,
    html,
    perform,
    start_game,
    wait_digest_change,
    wait_human_or_over,
)

import vinci_core as vc
from vinci_core.table import newgame

pytestmark = pytest.mark.e2e

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# The builds' caches, without the snapshot of a started Python that a page makes once idle
# (web/pyodide-start.mjs; e2e/test_python_snapshot.py).
CACHE_KEYS = ("async () => (await caches.keys())"
              ".filter(k => k !== 'vinci-python-snapshot').sort()")
CHECK_FOR_UPDATE = "navigator.serviceWorker.getRegistration().then(r => r.update())"
# What the old page holds when it goes away, kept in the tab's sessionStorage (which a reload
# keeps): its digest, who was acting, and every stored key (the saved games), but the notes
# on Python's snapshot (web/pyodide-start.mjs), which the update may change.
RECORD_ON_LEAVING = """() => addEventListener("pagehide", () => {
  const stored = {};
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("vinci.python-snapshot")) stored[key] = localStorage.getItem(key);
  }
  sessionStorage.setItem("left", JSON.stringify({
    digest: document.documentElement.dataset.digest,
    actor: document.documentElement.dataset.actor,
    stored,
  }));
})"""
STORED = """() => Object.fromEntries(Array.from({length: localStorage.length},
  (_, i) => [localStorage.key(i), localStorage.getItem(localStorage.key(i))])
  .filter(([key]) => !key.startsWith("vinci.python-snapshot")))"""


SOLO_SEED = 2


def _first_human_choice(seed: int) -> tuple[vc.GameState, vc.Action]:
    """The state of a solo game when its human first acts, and the choice the virtual
    players' own rules would make there (which leads into a long run of virtual moves)."""
    config = newgame.config_from_form({"mode": "solo", "names": ["Me"], "seed": seed})
    state = vc.new_game(config)
    while config.seats[state.current_player].virtual:
        state = state.apply(vc.VirtualPlayer.for_seat(config, state.current_player).act(state))
    return state, vc.VirtualPlayer().act(state)


def _build(web, dest, monkeypatch) -> str:
    """Build the site from the page sources in ``web`` with the build's own code."""
    monkeypatch.setattr(build_site, "WEB", web)
    return build_site.build(dest)["cache_name"]


def test_update_waits_for_the_player_and_keeps_the_game(make_site, local_server, tmp_path,
                                                        monkeypatch):
    # Build, and publish on a real loopback server (the browser's own check for a new sw.js
    # does not go through Playwright's routing).
    web = tmp_path / "web"
    shutil.copytree(build_site.WEB, web, ignore=shutil.ignore_patterns("__pycache__"))
    live = tmp_path / "live"
    old = _build(web, live, monkeypatch)
    base = local_server(live)
    site = make_site(service_workers="allow", origin=base.rstrip("/"), passthrough=True)
    page = site.new_page()
    site.goto_ready(page)
    page.wait_for_function(CONTROLLED)
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"))  # no seed: the options stay closed
    first = digest(page)
    page.locator('[data-slot="1"]').click()
    wait_digest_change(page, first)

    # Rebuild with a change and publish it.
    with (web / "style.css").open("a") as f:
        f.write("\n/* rebuilt */\n")
    new = _build(web, tmp_path / "rebuilt", monkeypatch)
    assert new != old
    live.rename(tmp_path / "previous")
    (tmp_path / "rebuilt").rename(live)

    # The open page learns of it (as on its periodic check) and says so; nothing reloads.
    page.evaluate("window.oldBuild = true")
    page.evaluate(CHECK_FOR_UPDATE)
    notice = page.get_by_test_id("update")
    notice.wait_for(state="visible")
    assert "A new version is ready" in notice.text_content()
    assert page.evaluate(CACHE_KEYS) == sorted([old, new])  # the new one waits
    page.wait_for_timeout(1000)
    assert page.evaluate("window.oldBuild") is True

    # A new solo game: the player makes their first choice, then the three virtual players
    # take 17 actions at their visible pace. The player agrees to the update while they are
    # moving; the reload waits until they are done.
    start_game(page, "solo", ("Me",), seed=SOLO_SEED)
    wait_human_or_over(page)
    state, choice = _first_human_choice(SOLO_SEED)
    assert digest(page) == vc.digest(state)
    perform(page, state, choice)
    wait_digest_change(page, vc.digest(state))
    assert html(page, "actor") == "virtual"
    page.evaluate(RECORD_ON_LEAVING)
    with page.expect_navigation(timeout=120_000):
        page.get_by_test_id("update-reload").click()
        assert "Updating once this move is done" in notice.text_content()
    wait_ready(page, site=site)
    left = json.loads(page.evaluate("sessionStorage.getItem('left')"))
    assert left["actor"] == "human"  # not while the virtual players were moving
    assert page.evaluate("window.oldBuild ?? null") is None

    # The new build runs the same game, with the same saves (both games).
    assert page.evaluate(CACHE_KEYS) == [new]
    assert page.evaluate("fetch('./style.css').then(r => r.text())").rstrip().endswith(
        "/* rebuilt */")
    assert digest(page) == left["digest"]
    assert page.evaluate(STORED) == left["stored"]
    assert sum(k.startswith("vinci.game.") for k in left["stored"]) == 2
    assert notice.is_hidden()
    site.assert_clean()
