"""Issue 29: the page's watchdog. A virtual turn that does not move for 10 s, or an error in
the page's Python while it handles an event, is said in words (in the page's language) with
a button that reloads the page, which resumes the saved game.

The faults are made on purpose through a test-only entry point: boot.py served with the
page's Pyodide handed to the test (as e2e/test_cold_start.py does), whose Python then stalls
the virtual players or makes a button raise. The console line of each alarm is what
conftest.py fails every other test on: these tests check it, then empty the lists."""

from __future__ import annotations

import pytest
from game_driver import digest, html, start_game, wait_human_or_over

pytestmark = pytest.mark.e2e

PYODIDE_TO_TEST = ("main = importlib.import_module(ENTRY)",
                   "js.window.__pyodide = pyodide_js; main = importlib.import_module(ENTRY)")
# The virtual players' timer fires and does nothing: their turn never moves.
STALL = "import main; main.APP.virtual._tick = lambda epoch: None"
# The pace buttons' handler raises.
RAISE = "import main; main.APP.controls['pace'] = lambda value: 1 / 0"
# A Python callback of a timer raises: no handler catches it (app.js does).
UNCAUGHT = ("import js; from pyodide.ffi import create_once_callable; "
            "js.setTimeout(create_once_callable(lambda: 1 / 0), 0)")


def _expose_python(site, page) -> None:
    boot_py = (site.root / "boot.py").read_text()
    assert PYODIDE_TO_TEST[0] in boot_py
    page.route("**/boot.py", lambda route: route.fulfill(
        body=boot_py.replace(*PYODIDE_TO_TEST), content_type="text/plain"))


def _python(page, code: str) -> None:
    page.evaluate("code => window.__pyodide.runPython(code)", code)


def _alarm(page, kind: str) -> str:
    page.wait_for_function("k => document.documentElement.dataset.watchdog === k", arg=kind,
                           timeout=40_000)
    box = page.get_by_test_id("watchdog")
    assert box.is_visible()
    return page.get_by_test_id("watchdog-text").text_content() or ""


def _reload_resumes(site, page, before: str) -> None:
    """The message's button reloads the page: the saved game is on screen again, and no
    alarm."""
    page.get_by_test_id("watchdog-reload").click()
    page.wait_for_function("d => document.documentElement.dataset.ready === '1' && "
                           "document.documentElement.dataset.digest === d "
                           "&& !document.documentElement.dataset.watchdog", arg=before,
                           timeout=60_000)
    assert page.get_by_test_id("watchdog").is_hidden()


def _checked(site, kind: str) -> None:
    """The alarm was logged as conftest.py sees it; emptied, so the test's own end is clean."""
    assert any(a.startswith(f"vinci watchdog: {kind}:") for a in site.alarms), site.alarms
    site.alarms.clear()
    site.errors.clear()


def test_a_stalled_virtual_turn_is_said_and_the_saved_game_reloaded(site, page):
    _expose_python(site, page)
    site.goto_ready(page)
    _python(page, STALL)
    start_game(page, "solo", ("Me",), seed=2)  # seed 2: a virtual player acts first
    assert html(page, "actor") == "virtual"
    stalled_at = digest(page)
    text = _alarm(page, "stalled")
    assert "has not moved for 10 seconds" in text and "reload it" in text, text
    name = text.split(" has not moved")[0]  # the seat to act, as the status line names it
    assert name and name in (page.locator("#turn-who .nm").text_content() or ""), text
    assert page.get_by_test_id("watchdog-reload").text_content() == "Reload the saved game"
    assert digest(page) == stalled_at  # nothing moved meanwhile
    _checked(site, "stalled")
    _reload_resumes(site, page, stalled_at)
    assert wait_human_or_over(page, timeout=60_000) == "human"  # the virtual players play on
    site.assert_clean()


def test_python_raising_in_an_event_handler_is_said_in_the_pages_language(site, page):
    _expose_python(site, page)
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=4)
    page.get_by_test_id("language").select_option("fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    before = digest(page)
    _python(page, RAISE)
    page.get_by_test_id("pace-slow").click()
    text = _alarm(page, "failed")
    assert "Votre partie a été enregistrée" in text, text
    assert page.get_by_test_id("watchdog-reload").text_content() == \
        "Recharger la partie enregistrée"
    assert any("ZeroDivisionError" in e for e in site.errors)
    _checked(site, "failed")
    _reload_resumes(site, page, before)
    assert page.evaluate("document.documentElement.lang") == "fr"
    site.assert_clean()


def test_an_error_no_handler_caught_is_said_too(site, page):
    _expose_python(site, page)
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=4)
    before = digest(page)
    _python(page, UNCAUGHT)
    text = _alarm(page, "failed")
    assert text.startswith("Something went wrong in the page"), text
    _checked(site, "failed")
    _reload_resumes(site, page, before)
    site.assert_clean()
