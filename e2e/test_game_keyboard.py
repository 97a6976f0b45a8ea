"""(g) Keyboard only: open the new-game dialog, start a game, choose a civilization and make a
conquest with Tab, Enter and Space; the hover/focus help shows the conquest cost."""

from __future__ import annotations

import pytest
from game_driver import digest, html, wait_digest_change

pytestmark = pytest.mark.e2e

FOCUSED = """() => { const e = document.activeElement; return e ? {
    testid: e.dataset.testid ?? null, province: e.dataset.province ?? null,
    slot: e.dataset.slot ?? null, target: e.classList.contains('target') } : null; }"""


def _tab_to(page, want, limit: int = 200, key: str = "Tab") -> dict:
    for _ in range(limit):
        page.keyboard.press(key)
        focused = page.evaluate(FOCUSED)
        if focused and want(focused):
            return focused
    pytest.fail("could not reach the element with the keyboard")


def test_keyboard_only_start_and_conquest(site, page):
    site.goto_ready(page)
    dialog = page.get_by_test_id("new-game-dialog")
    dialog.wait_for(state="visible")  # first visit: the dialog opens by itself
    page.keyboard.press("Escape")
    assert dialog.is_hidden()
    _tab_to(page, lambda f: f["testid"] == "new-game")
    page.keyboard.press("Enter")
    dialog.wait_for(state="visible")
    _tab_to(page, lambda f: f["testid"] == "mode-solo")  # the checked radio of the group
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.get_by_test_id("mode-hotseat").is_checked()
    _tab_to(page, lambda f: f["testid"] == "start-game")
    old = digest(page)
    page.keyboard.press("Enter")
    wait_digest_change(page, old)
    assert html(page, "phase") == "choose"
    for _ in range(3):  # round 1: every player chooses (hot seat)
        _tab_to(page, lambda f: f["slot"] is not None, key="Shift+Tab")
        old = digest(page)
        page.keyboard.press("Enter")
        wait_digest_change(page, old)
    assert html(page, "phase") == "expand"
    focused = _tab_to(page, lambda f: f["target"], limit=400)
    help_text = page.get_by_test_id("hover-info").text_content()
    assert "Conquest cost" in help_text
    old = digest(page)
    page.keyboard.press("Enter")
    wait_digest_change(page, old)
    assert "conquers" in page.get_by_test_id("log").text_content()
    assert focused["province"]
    site.assert_clean()
