"""(c) autosave and resume, (d) share links in a fresh browser, (e) bad links and files leave
every saved game untouched; the saved-games list; storage refused: saving is off."""

from __future__ import annotations

import random

import pytest
from conftest import wait_ready
from game_driver import (
    digest,
    human_step,
    start_game,
    wait_digest_change,
    wait_human_or_over,
    wait_saved,
)

import vinci_core as vc

pytestmark = pytest.mark.e2e

# The saved games in localStorage (not the picture of the last board kept for a quick first
# paint, vinci.snapshot: it is no save, and leaving a page rewrites it).
STORAGE = ("() => JSON.stringify(Object.entries(localStorage)"
           ".filter(([k]) => k !== 'vinci.snapshot').sort())")


def _play(page, decisions: int, seed: int = 1) -> None:
    rnd = random.Random(seed)
    for _ in range(decisions):
        if wait_human_or_over(page) == "over":
            return
        human_step(page, rnd)


def _share_link(page) -> str:
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-link").input_value()
    page.get_by_test_id("share-dialog").get_by_role("button", name="Close").click()
    return link


def test_autosave_and_reload_resume_at_the_same_digest(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Ann",), seed=5)
    _play(page, 4)
    wait_human_or_over(page)
    before = digest(page)
    page.reload(wait_until="commit")
    wait_ready(page, site=site)
    assert digest(page) == before
    assert page.get_by_test_id("new-game-dialog").is_hidden()
    # The saved-games list: a second game, then continue the first, delete the second.
    start_game(page, "hotseat", ("A", "B", "C"), seed=3)
    second = digest(page)
    page.get_by_test_id("saved-games").click()
    rows = page.get_by_test_id("saves-list").locator("li")
    assert rows.count() == 2
    rows.nth(1).get_by_test_id("continue").click()
    assert digest(page) == before
    page.get_by_test_id("saved-games").click()
    page.get_by_test_id("saves-list").locator("li", has_text="A, B, C").get_by_test_id(
        "delete").click()
    assert rows.count() == 1 and second != before
    site.assert_clean()


# A click and a reload in one task: the page has no frame to paint (the save of a move waits
# for its frame) before it is left. The digest shown after the click is kept across the
# reload in sessionStorage.
CLICK_THEN_RELOAD = """sel => {
  document.querySelector(sel).click();
  sessionStorage.setItem("shown", document.documentElement.dataset.digest);
  location.reload();
}"""


@pytest.mark.parametrize("leave", ["reload", "hidden"])
def test_a_move_is_kept_when_the_page_is_left_right_after_it(site, page, leave):
    """A move is saved just after its frame is painted; leaving the page (a reload at once)
    or hiding it (switching apps on a phone) before that frame still keeps it."""
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "hotseat", ("A", "B", "C"), seed=3)
    before = digest(page)
    if leave == "reload":
        # Wait for the page's own reload rather than navigating again: a second navigation
        # would race with it (and abort one or the other).
        with page.expect_navigation(wait_until="commit"):
            try:
                page.evaluate(CLICK_THEN_RELOAD, '[data-slot="1"]')
            except Exception:  # noqa: BLE001 (the reload may destroy the context first)
                pass
        wait_ready(page, site=site)
        shown = page.evaluate("sessionStorage.getItem('shown')")
    else:
        # Read in the same task as the click: no frame has been painted yet.
        shown, saved = page.evaluate("""() => {
          document.querySelector('[data-slot="1"]').click();
          Object.defineProperty(document, "visibilityState", { value: "hidden",
                                                              configurable: true });
          document.dispatchEvent(new Event("visibilitychange"));
          return [document.documentElement.dataset.digest, localStorage.getItem(
            "vinci.game." + localStorage.getItem("vinci.last"))];
        }""")
        assert vc.digest(vc.decode_save(saved)) == shown
        page.reload(wait_until="commit")
        wait_ready(page, site=site)
    assert shown != before
    assert digest(page) == shown
    site.assert_clean()


def test_share_link_opens_in_a_fresh_browser_as_a_new_saved_game(make_site):
    """Opened again where its game is saved, the same link adds no copy (issue 14)."""
    first = make_site()
    page = first.new_page()
    first.goto_ready(page, first.base_url + "?fast=1")
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=8)
    _play(page, 6)
    link = _share_link(page)
    assert link.startswith("https://app.test/") and "#g=vinci1." in link
    want = digest(page)
    wait_saved(page)
    # One Python at a time: each page holds one, and closing them keeps this test's memory
    # to that of the others.
    page.close()

    other = make_site()  # fresh context: empty storage
    page2 = other.new_page()
    other.goto_ready(page2, link)
    assert digest(page2) == want
    assert page2.get_by_test_id("error").is_hidden()
    assert "#g=" not in page2.url  # a reload does not import it again
    page2.get_by_test_id("saved-games").click()
    assert page2.get_by_test_id("saves-list").locator("li").count() == 1
    other.assert_clean()
    other.context.close()

    # Opened where its game is already saved, as it is: the saved game, no copy.
    page = first.new_page()
    first.goto_ready(page, link)
    assert digest(page) == want
    page.get_by_test_id("saved-games").click()
    assert page.get_by_test_id("saves-list").locator("li").count() == 1
    first.assert_clean()


def test_bad_links_and_files_show_an_error_and_keep_every_save(site, page, tmp_path):
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=9)
    old = digest(page)
    page.locator('[data-slot="1"]').click()
    wait_digest_change(page, old)
    wait_saved(page)  # the move's save follows its frame: what is stored is read after it
    link = _share_link(page)
    code = link.split("#g=", 1)[1]
    stored = page.evaluate(STORAGE)
    on_screen = digest(page)
    mid = len(code) // 2
    tampered = code[:mid] + ("A" if code[mid] != "A" else "B") + code[mid + 1:]
    for bad in ("garbage", code[: len(code) // 3], tampered, "vinci1.", ""):
        page.goto(f"{site.base_url}?x={len(bad)}#g={bad}", wait_until="commit")
        site.goto_ready(page, f"{site.base_url}?x={len(bad)}#g={bad}")
        error = page.get_by_test_id("error")
        assert error.is_visible(), bad
        assert "does not hold a valid game" in error.text_content()
        assert page.evaluate(STORAGE) == stored, bad
        assert digest(page) == on_screen  # the last game is resumed as it was
    # A bad file through Import: the same.
    bad_file = tmp_path / "bad.vinci"
    bad_file.write_text(tampered)
    page.get_by_test_id("import-file").set_input_files(str(bad_file))
    page.get_by_test_id("error").wait_for(state="visible")
    assert page.evaluate(STORAGE) == stored
    # A good file of the game already saved: opened, and no copy is added (issue 14).
    good = tmp_path / "good.vinci"
    good.write_text(code)
    page.get_by_test_id("import-file").set_input_files(str(good))
    page.wait_for_function("() => document.querySelector('[data-testid=error]').hidden")
    assert digest(page) == on_screen
    page.get_by_test_id("saved-games").click()
    assert page.get_by_test_id("saves-list").locator("li").count() == 1
    site.assert_clean()


def test_storage_refused_saving_is_off_and_the_game_goes_on(site, page):
    page.add_init_script("""Storage.prototype.setItem = function () {
        throw new DOMException('full', 'QuotaExceededError'); };""")
    site.goto_ready(page)
    assert page.get_by_test_id("saving-off").is_visible()
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=4)
    old = digest(page)
    page.locator('[data-slot="1"]').click()
    wait_digest_change(page, old)
    assert page.get_by_test_id("saving-off").is_visible()
    site.assert_clean()
