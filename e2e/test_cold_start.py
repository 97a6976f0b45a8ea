"""A first visit renders before pydantic is loaded and the engine imported (web/boot.py and
main.load_engine do both right after, issue 11's cold load); whatever needs them and comes
before them (the
new-game dialog's Start, a share link pasted into the page, an imported file, the rules
reference) waits for them and then works. A start that itself opens a link or resumes a saved
game loads them with the page.

The pydantic wheel is held back by the test (``hold_pydantic``; the engine is imported once
it is there) so that each action surely comes before them, then let through."""

from __future__ import annotations

import pytest
from build_site import FIRST_RENDER_MODULES
from conftest import wait_ready
from game_driver import HOTSEAT_NAMES, HOTSEAT_SEED, digest, replay, scenario, start_game

import vinci_core as vc

pytestmark = pytest.mark.e2e

EDGES = "html[data-edges='1']"
PYDANTIC_WHEEL = "**/pyodide/pydantic-*.whl"  # pydantic itself (pydantic_core is another file)


class Held:
    """Requests for the pydantic wheel, held until :meth:`release`."""

    def __init__(self, page) -> None:
        self.routes: list = []
        page.route(PYDANTIC_WHEEL, self._hold)

    def _hold(self, route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for route in self.routes:
            route.fallback()  # to the site's own routing: the file is served
        self.routes.clear()

    def release_when_waiting(self, page) -> None:
        """Let pydantic through the moment the page first keeps an event for it (``<html
        data-waiting>``, set by main.App.on_event): whatever the test does next, the event
        surely came before pydantic, and nothing but the page keeps the test waiting."""
        page.expose_binding("__pydanticWanted", lambda _source: self.release())
        page.add_init_script(RELEASE_WHEN_WAITING)


RELEASE_WHEN_WAITING = """
new MutationObserver((_changes, observer) => {
  if (document.documentElement?.dataset.waiting !== "1") return;
  observer.disconnect();
  window.__pydanticWanted();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-waiting"]});
"""
GAMES = "() => JSON.parse(localStorage.getItem('vinci.games') || '[]').length"


@pytest.fixture
def hold_pydantic(site, page):
    return Held(page)


def _edges(page) -> bool:
    return page.locator(EDGES).count() == 1


# The engine's modules (vinci_core.turn.state: a game; .actions; .rules; .maps: the boards;
# .session; .presenter: what the page shows of a game), which a first visit's first render
# does without (web/main.py, load_engine; tests/test_boot_imports.py holds the same list in
# CPython).
ENGINE = ("vinci_core.game.actions", "vinci_core.boards.maps", "vinci_core.table.presenter",
          "vinci_core.rulesets", "vinci_core.table.save", "vinci_core.table.session",
          "vinci_core.turn.state")
# boot.py, with the page's Pyodide handed to the test (to read sys.modules).
PYODIDE_TO_TEST = ("main = importlib.import_module(ENTRY)",
                   "js.window.__pyodide = pyodide_js; main = importlib.import_module(ENTRY)")


def _loaded(page) -> list[str]:
    return page.evaluate("() => window.__pyodide.runPython("
                         "'import sys; \",\".join(sorted(sys.modules))').split(',')")


def _loaded_engine(page) -> list[str]:
    return [name for name in _loaded(page) if name in ENGINE]


def _loaded_vinci_core(page) -> set[str]:
    """The vinci_core modules the page has imported, by name in the package."""
    return {name.removeprefix("vinci_core").lstrip(".") or "__init__"
            for name in _loaded(page) if name.split(".")[0] == "vinci_core"}


def test_a_first_visit_renders_without_the_engine_and_loads_it_with_pydantic(
        site, page, hold_pydantic):
    boot_py = (site.root / "boot.py").read_text()
    assert PYODIDE_TO_TEST[0] in boot_py
    page.route("**/boot.py", lambda route: route.fulfill(
        body=boot_py.replace(*PYODIDE_TO_TEST), content_type="text/plain"))
    site.goto_ready(page)
    assert page.get_by_test_id("new-game-dialog").is_visible()
    assert page.get_by_test_id("level-0").count() == 1  # the dialog's rows are there
    assert _loaded_engine(page) == []
    # build_site.FIRST_RENDER_MODULES alone: the engine is imported once pydantic is there.
    assert "table.newgame" in _loaded_vinci_core(page) <= FIRST_RENDER_MODULES
    hold_pydantic.release()
    page.wait_for_selector(EDGES, state="attached")
    assert _loaded_engine(page) == sorted(ENGINE)
    site.assert_clean()


def test_the_rules_asked_for_before_the_engine_open_when_it_comes(site, page, hold_pydantic):
    # The rules reference comes with the engine: asked for before it, it opens once the
    # engine is there, and a rule id the page showed before it becomes a link then.
    site.goto_ready(page)
    page.get_by_test_id("new-game-dialog").get_by_role("button", name="Cancel").click()
    page.evaluate(SAY, "before: C-5.5")
    page.get_by_test_id("rules").click()
    page.wait_for_timeout(300)
    assert not _edges(page) and not page.get_by_test_id("reference").is_visible()
    assert page.locator("html[data-waiting='1']").count() == 1
    assert page.locator("#hint-text .rule-link").count() == 0
    hold_pydantic.release()
    page.get_by_test_id("reference").wait_for(state="visible")
    assert page.get_by_test_id("reference-body").locator("section").count() > 10
    assert page.locator("html[data-waiting]").count() == 0
    page.get_by_test_id("reference-close").click()
    page.evaluate(SAY, "after: C-3.5")
    page.wait_for_function("() => [...document.querySelectorAll('#hint-text .rule-link')]"
                           ".map(b => b.textContent).join() === 'C-5.5,C-3.5'")
    site.assert_clean()


# Text with a rule id shown where the page links them (ui/reference.py LINKED_AREAS).
SAY = """text => { const box = document.getElementById('hint-text');
                   box.hidden = false; box.append(document.createTextNode(text)); }"""


def test_a_first_visit_is_ready_before_pydantic_is_loaded(site, page, hold_pydantic):
    site.goto_ready(page)
    assert page.get_by_test_id("new-game-dialog").is_visible()
    page.wait_for_timeout(300)
    assert hold_pydantic.routes and not _edges(page)  # asked for, and not there yet
    hold_pydantic.release()
    page.wait_for_selector(EDGES, state="attached")
    check = page.get_by_test_id("engine-check").text_content() or ""
    assert check.startswith("ok: provinces compiled: 2")
    site.assert_clean()


def test_the_new_game_dialog_used_at_once_starts_the_game_when_pydantic_comes(
        site, page, hold_pydantic):
    site.goto_ready(page, site.base_url + "?fast=1")
    page.get_by_test_id("mode-hotseat").check()
    page.get_by_test_id("player-count").select_option("3")  # the form works without it
    assert page.get_by_test_id("name-2").is_visible()
    for i, name in enumerate(HOTSEAT_NAMES):
        page.get_by_test_id(f"name-{i}").fill(name)
    page.get_by_test_id("start-game").click()
    page.wait_for_timeout(300)
    assert digest(page) in (None, "", "None")  # waiting: no game yet, nothing lost
    assert page.locator("html[data-waiting='1']").count() == 1
    hold_pydantic.release()
    page.wait_for_function("document.documentElement.dataset.digest?.length === 16")
    assert not page.get_by_test_id("new-game-dialog").is_visible()
    assert page.locator("html[data-waiting]").count() == 0
    names = page.get_by_test_id("players").text_content()
    assert all(name in names for name in HOTSEAT_NAMES)
    site.assert_clean()


def test_a_share_link_pasted_at_once_opens_when_pydantic_comes(site, page, hold_pydantic):
    state = replay(HOTSEAT_SEED, scenario(HOTSEAT_SEED))[12]
    site.goto_ready(page)
    page.evaluate("h => { location.hash = h; }", "g=" + vc.encode_save(state))
    page.wait_for_timeout(300)
    assert not _edges(page) and digest(page) != vc.digest(state)
    hold_pydantic.release()
    page.wait_for_function("d => document.documentElement.dataset.digest === d",
                           arg=vc.digest(state))
    assert page.evaluate("location.hash") == ""
    site.assert_clean()


def test_a_share_link_opened_on_a_cold_load_loads_pydantic_with_the_page(site, page):
    state = replay(HOTSEAT_SEED, scenario(HOTSEAT_SEED))[20]
    site.goto_ready(page, f"{site.base_url}#g={vc.encode_save(state)}")
    assert digest(page) == vc.digest(state)
    assert _edges(page)
    site.assert_clean()


def test_a_returning_player_resumes_the_saved_game_with_pydantic_loaded(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "hotseat", HOTSEAT_NAMES, seed=HOTSEAT_SEED)
    saved = digest(page)
    page.reload(wait_until="commit")
    wait_ready(page, site=site)
    assert digest(page) == saved and _edges(page)
    site.assert_clean()


def test_a_start_clicked_the_moment_the_dialog_shows_gets_the_game(site, page, hold_pydantic):
    # The player's Start comes before pydantic (held until the page keeps the click): the
    # game comes with it, and the driver waits for it (its wait once took a page that shows
    # no game yet for one that changed its game, issue 29).
    hold_pydantic.release_when_waiting(page)
    site.goto_ready(page)
    assert not _edges(page)
    start_game(page, "two_player", ("Ann", "Bo"))
    assert _edges(page) and page.locator("html[data-waiting]").count() == 0
    assert page.locator("[data-testid=board] svg").count() == 1
    names = page.get_by_test_id("players").text_content() or ""
    assert "Ann" in names and "Bo" in names
    assert page.evaluate(GAMES) == 1
    site.assert_clean()


def test_start_pressed_twice_while_pydantic_comes_starts_one_game(site, page, hold_pydantic):
    # Nothing moves while a Start waits for pydantic (a phone shows no busy cursor): a
    # player who presses it again asked for the same game, not for a second one.
    site.goto_ready(page, site.base_url + "?fast=1")
    page.get_by_test_id("mode-hotseat").check()
    for i, name in enumerate(HOTSEAT_NAMES[:2]):
        page.get_by_test_id(f"name-{i}").fill(name)
    page.get_by_test_id("start-game").click()
    page.get_by_test_id("start-game").click()
    page.wait_for_timeout(300)
    assert digest(page) is None and page.evaluate(GAMES) == 0
    hold_pydantic.release()
    page.wait_for_function("document.documentElement.dataset.digest?.length === 16")
    page.wait_for_selector(EDGES, state="attached")
    assert not page.get_by_test_id("new-game-dialog").is_visible()
    assert page.evaluate(GAMES) == 1
    site.assert_clean()
