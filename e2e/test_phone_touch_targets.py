"""Issue 29, a phone (390x844, touch): every control a finger uses is at least 44x44 px, or
has that hit area, in every dialog and panel, not only on the main layout: the new-game
dialog (its radio buttons, its options, the rows of six players), the news drawer, the
token editor, the saved games, sharing, the rules reference, the Help menu, the About box,
the guided game's bar, the game-over review and the replay bar.

The hit area of a control is the larger of its own box and its label's (a tap on a radio
button's words checks it). The board's provinces are not counted: the board zooms. A modal
dialog makes the rest of the page inert, so with one open only the dialog is measured.

The news drawer is checked here too: it never opens by itself, its button says how many
items are new and is a real button with ``aria-expanded``; opened, it lists the news over
the lower part of the screen, takes the focus and gives it back, and closes by its button,
by a tap outside it, by Escape and by showing a province from it.
"""

from __future__ import annotations

import pytest
from game_driver import html, perform, province_point, start_game, wait_human_or_over

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
FINGER = 44  # px: WCAG 2.5.5's target size, Apple's and Google's guidelines

# Every visible interactive element under ``scope`` (a selector; the whole page when null)
# whose hit area is smaller than a finger, described for the failure message.
SMALL = """([scope, finger]) => {
  const root = scope ? document.querySelector(scope) : document;
  const sel = 'button, select, summary, textarea, a[href], label.button, [role=button], '
    + 'input:not([type=hidden]), [tabindex]:not([tabindex="-1"])';
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  };
  const out = [];
  for (const el of root.querySelectorAll(sel)) {
    if (el.closest('#board, dialog:not([open]), [hidden], [inert]')) continue;
    if (el.matches(':disabled') && !shown(el)) continue;
    const areas = [el, ...(el.labels ? [...el.labels] : [])].filter(shown);
    if (!areas.length) continue;
    const boxes = areas.map((a) => a.getBoundingClientRect());
    const best = boxes.reduce((a, b) =>
      Math.min(b.width, b.height) > Math.min(a.width, a.height) ? b : a);
    if (best.width < finger - 0.5 || best.height < finger - 0.5) {
      const name = el.dataset.testid || el.getAttribute('name') || el.id
        || el.className || el.tagName;
      const words = (el.textContent || el.value || '').trim().replace(/\\s+/g, ' ');
      out.push(`${name} "${words.slice(0, 24)}" ${Math.round(best.width)}x`
               + `${Math.round(best.height)}`);
    }
  }
  return out;
}"""


def small(page, where: str, scope: str | None = None) -> list[str]:
    """The controls under ``scope`` a finger may miss, each prefixed by ``where``."""
    return [f"{where}: {s}" for s in page.evaluate(SMALL, [scope, FINGER])]


def _phone(make_site):
    site = make_site(**PHONE)
    page = site.new_page()
    site.goto_ready(page, site.base_url + "?fast=1")
    return site, page


def test_the_new_game_dialog_is_for_fingers(make_site):
    site, page = _phone(make_site)
    dialog = "#new-game-dialog"
    page.get_by_test_id("new-game-dialog").wait_for(state="visible")
    found = small(page, "new game", dialog)
    page.get_by_test_id("mode-hotseat").tap()
    page.get_by_test_id("player-count").select_option("6")  # six rows: name, colour, where
    page.locator(f"{dialog} details.options summary").tap()
    found += small(page, "new game, hot seat, options", dialog)
    page.get_by_test_id("mode-two").tap()  # the virtual players' options and levels
    found += small(page, "new game, two players", dialog)
    page.get_by_test_id("ruleset").select_option("online")
    found += small(page, "new game, online", dialog)
    assert not found, "\n".join(sorted(set(found)))
    site.assert_clean()


def _open_dialog(page, button: str, dialog: str) -> None:
    page.get_by_test_id(button).tap()
    page.locator(f"{dialog}[open]").wait_for(state="visible")


def _close_dialog(page, dialog: str) -> None:
    page.evaluate("d => document.querySelector(d).close()", dialog)


def _conquer_by_taps(page) -> None:
    """The first lit province, conquered by two taps (the first shows the cost)."""
    lit = page.locator("#board path.target").first.get_attribute("data-province")
    x, y = province_point(page, lit)
    old = html(page, "digest")
    page.touchscreen.tap(x, y)
    page.wait_for_function("p => document.querySelector(`path[data-province=\"${p}\"]`)"
                           ".classList.contains('armed')", arg=lit)
    page.touchscreen.tap(x, y)
    page.wait_for_function("d => document.documentElement.dataset.digest !== d", arg=old)


# Scrolled to the page's very end: whether the element's centre is the element itself, not a
# bar fixed over it.
REACHED_AT_THE_END = """async (selector) => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return r.height > 0 && hit !== null && el.contains(hit);
}"""


def _at_the_end_of_the_page_a_finger_reaches(page, selector: str) -> bool:
    """Whether a finger that scrolls to the page's end can tap `selector` there.

    The page grows its end a frame or two after the bars at the bottom grow (a resize
    observer, then the next frame), and a finger scrolls once the page has settled: so the
    check is tried again for up to three seconds before it says no (a CI run once scrolled
    in the frame between the two)."""
    for _ in range(30):
        if page.evaluate(REACHED_AT_THE_END, selector):
            return True
        page.wait_for_timeout(100)
    return False


def _human_expands(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.phase === 'expand' && "
                           "document.documentElement.dataset.actor === 'human'")


def test_a_game_s_drawer_editor_dialogs_and_menus_are_for_fingers(make_site):
    site, page = _phone(make_site)
    start_game(page, "solo", ("Me",), seed=11, levels=("book", "book", "book"))
    assert wait_human_or_over(page) == "human"
    page.locator('[data-slot="1"]').tap()
    _human_expands(page)
    found = small(page, "game")

    page.get_by_test_id("news-drawer").tap()
    page.get_by_test_id("notice").first.wait_for(state="visible")
    page.get_by_test_id("notice-why").first.tap()
    found += small(page, "news drawer", "#news-panel")
    page.get_by_test_id("news-close").tap()

    for button, dialog in (("saved-games", "#saves-dialog"), ("share", "#share-dialog"),
                           ("rules", "#reference-dialog")):
        _open_dialog(page, button, dialog)
        found += small(page, button, dialog)
        _close_dialog(page, dialog)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.get_by_test_id("help").tap()
    page.get_by_test_id("guide-start").wait_for(state="visible")
    found += small(page, "help menu", "#help-menu")
    page.get_by_test_id("help").tap()
    page.locator("details.about summary").tap()
    page.locator("#engine").wait_for(state="visible")
    found += small(page, "about", "details.about")
    # The token editor: three conquests, then the end of the conquests.
    for _ in range(3):
        _conquer_by_taps(page)
    page.get_by_test_id("finish-conquest").tap()
    page.get_by_test_id("editor").locator("[data-row]").first.wait_for(state="visible")
    found += small(page, "token editor")
    # The editor makes the action bar at the bottom tall: the page's end, the About box,
    # still scrolls above it (it once stayed under it).
    assert _at_the_end_of_the_page_a_finger_reaches(page, "details.about summary")

    page.evaluate("() => window.scrollTo(0, 0)")
    page.get_by_test_id("help").tap()
    page.get_by_test_id("guide-start").tap()  # the guided game's bar
    page.get_by_test_id("guide").wait_for(state="visible")
    found += small(page, "guided game")
    assert not found, "\n".join(sorted(set(found)))
    site.assert_clean()


def _game_one_move_from_its_end():
    """A hot-seat game (every seat plays here) played at random, one move from its end."""
    import vinci_core as vc
    from vinci_core.players.randomplay import play_random
    from vinci_core.table.session import Session
    from vinci_core.table.store import link_fragment

    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=22)
    played = play_random(cfg, seed=22)  # its last move is a Finish
    before = vc.replay(cfg, played.actions[:-1])
    return link_fragment(Session.from_save(vc.encode_save(before))), before, \
        played.actions[-1]


# For each button of the replay bar: how many drawn icons (inline SVG, not a font's glyph)
# it shows, at least 12 px wide.
ICONS_SHOWN = """() => [...document.querySelectorAll('#replay-bar button')].map(b =>
  [...b.querySelectorAll('svg.ico')].filter(i => i.getBoundingClientRect().width >= 12)
    .length)"""


def test_the_review_and_the_replay_bar_are_for_fingers(make_site):
    fragment, before, last = _game_one_move_from_its_end()
    site = make_site(**PHONE)
    page = site.new_page()
    site.goto_ready(page, f"{site.base_url}?fast=1#{fragment}")
    perform(page, before, last)  # the last move: the game-over review opens
    page.locator("#over-dialog[open]").wait_for(state="visible")
    found = small(page, "review", "#over-dialog")
    _close_dialog(page, "#over-dialog")
    page.get_by_test_id("replay").tap()
    page.get_by_test_id("replay-bar").wait_for(state="visible")
    found += small(page, "replay")
    # Each of the bar's buttons shows one drawn icon (Debian's Chromium has no font with the
    # media glyphs: typed, they were empty boxes); Play shows its pause icon while it plays.
    assert page.evaluate(ICONS_SHOWN) == [1] * 11  # the steps and Play, Play on, Close
    page.get_by_test_id("replay-start").tap()
    page.get_by_test_id("replay-play").tap()
    assert page.get_by_test_id("replay-play").locator("svg.ico.pause").is_visible()
    assert page.get_by_test_id("replay-play").locator("svg.ico.play").is_hidden()
    page.get_by_test_id("replay-play").tap()
    page.get_by_test_id("analysis-start").tap()  # the analysis (issue 31): its controls
    page.get_by_test_id("analysis-cancel").wait_for(state="visible")
    found += small(page, "analysis, running", "#analysis")
    page.wait_for_function("document.documentElement.dataset.analysis === 'done'",
                           timeout=120_000)
    page.get_by_test_id("analysis-point").first.tap()
    found += small(page, "analysis, its turning points", "#analysis")
    assert not found, "\n".join(sorted(set(found)))
    site.assert_clean()


def test_the_news_is_a_drawer_that_opens_only_when_asked(make_site):
    site, page = _phone(make_site)
    start_game(page, "solo", ("Me",), seed=11, levels=("book", "book", "book"))
    assert wait_human_or_over(page) == "human"
    page.locator('[data-slot="1"]').tap()
    _human_expands(page)
    button = page.get_by_test_id("news-drawer")
    panel = page.get_by_test_id("news-panel")
    notices = page.get_by_test_id("notice")
    # Closed: the news is on the page (every item, newest first) but nothing of it shows.
    count = int(page.get_by_test_id("notices").get_attribute("data-count"))
    assert count >= 3 and notices.count() == count
    assert panel.is_hidden() and button.get_attribute("aria-expanded") == "false"
    # The button is in the bar at the bottom, with the count of the new items.
    box = button.bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["viewport"]["height"]
    assert page.get_by_test_id("news-count").text_content() == str(count)
    assert f"{count} new notices" in (button.text_content() or "")
    assert page.get_by_role("button", name="News").get_attribute("aria-controls") \
        == "news-panel"
    page.wait_for_timeout(1000)
    assert panel.is_hidden()  # it never opens by itself

    button.tap()  # opened: a sheet over the lower part of the screen, the focus in it
    notices.first.wait_for(state="visible")
    assert button.get_attribute("aria-expanded") == "true"
    sheet = panel.bounding_box()
    assert sheet and sheet["y"] >= 0.3 * PHONE["viewport"]["height"]
    assert sheet["y"] + sheet["height"] <= PHONE["viewport"]["height"] + 1
    assert page.evaluate("document.activeElement.id") == "news-h"
    assert page.get_by_test_id("news-count").is_hidden()  # seen: nothing new now
    page.keyboard.press("Escape")  # Escape closes it, the focus back on the button
    panel.wait_for(state="hidden")
    assert button.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.dataset.testid") == "news-drawer"

    button.tap()
    notices.first.wait_for(state="visible")
    page.touchscreen.tap(195, 60)  # a tap outside it, above the sheet, closes it
    panel.wait_for(state="hidden")
    assert html(page, "phase") == "expand"  # ... and did nothing else

    button.tap()
    page.get_by_test_id("news-close").tap()  # so does its Close button
    panel.wait_for(state="hidden")

    # A round later (a conquest, the virtual players' turns): a notice's province. Tapped,
    # the drawer closes and the province shows on the board.
    _conquer_by_taps(page)
    page.get_by_test_id("finish-conquest").tap()
    _human_expands(page)
    assert panel.is_hidden()
    assert int(page.get_by_test_id("news-count").text_content() or 0) > 0
    button.tap()
    show = page.get_by_test_id("notice-show").first
    pid = show.get_attribute("data-value")
    show.tap()
    panel.wait_for(state="hidden")
    page.wait_for_function("p => document.querySelector('.flash-ring')?.dataset.flash === p",
                           arg=pid)
    assert button.get_attribute("aria-expanded") == "false"
    site.assert_clean()


def test_a_desktop_keeps_the_strip_beside_the_board(make_site):
    site = make_site(viewport={"width": 1366, "height": 768})
    page = site.new_page()
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Me",), seed=11, levels=("book", "book", "book"))
    assert wait_human_or_over(page) == "human"
    page.get_by_test_id("slot-1").click()
    page.get_by_test_id("notice").first.wait_for(state="visible")
    assert page.get_by_test_id("news-drawer").is_hidden()
    assert page.get_by_test_id("news-close").is_hidden()
    strip = page.get_by_test_id("news-panel").bounding_box()
    board = page.get_by_test_id("board").bounding_box()
    assert strip and board and strip["x"] >= board["x"] + board["width"]
    site.assert_clean()


def test_the_keep_the_smaller_part_question_is_for_fingers(make_site):
    # C-3.4.2: keeping the smaller part of a cut empire is asked first, in a dialog.
    from game_driver import HOTSEAT_SEED, replay, scenario

    import vinci_core as vc

    state = next(s for s in replay(HOTSEAT_SEED, scenario(HOTSEAT_SEED)) if s.phase == "keep")
    site = make_site(**PHONE)
    page = site.new_page()
    site.goto_ready(page, f"{site.base_url}?fast=1#g={vc.encode_save(state)}")
    x, y = province_point(page, "atlas")  # in the smaller part (maghreb, atlas)
    page.touchscreen.tap(x, y)  # a first tap shows what it would do, a second one does it
    page.wait_for_function("() => document.querySelector('path[data-province=\"atlas\"]')"
                           ".classList.contains('armed')")
    page.touchscreen.tap(x, y)
    page.locator("#keep-dialog[open]").wait_for(state="visible")
    assert page.locator("#keep-dialog button").count() == 2  # choose again, keep it
    found = small(page, "keep the smaller part", "#keep-dialog")
    assert not found, "\n".join(found)
    site.assert_clean()
