"""Issue 29, as a new player sees the page: the news of the others' moves beside the board,
never over its provinces (a desktop at 1366x768, a phone at 390x844); the hint marked in its
own colour with an arrow, its reason above the board, said once; a replay with no live status,
its move said beside the bar and ringed on the board; on a phone, Undo in the action bar,
back to the board for the player's turn, and every control at least 44x44 px."""

from __future__ import annotations

import pytest
from game_driver import html, province_point, start_game, wait_human_or_over

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# Every notice's box against every province's box as it is on screen (clipped to the board's
# visible box: a zoomed board's provinces out of its view are not on the screen).
OVERLAPS = """() => {
  const board = document.querySelector('[data-testid=board]').getBoundingClientRect();
  const clip = (r) => ({l: Math.max(r.left, board.left), t: Math.max(r.top, board.top),
                        r: Math.min(r.right, board.right), b: Math.min(r.bottom, board.bottom)});
  const provinces = [...document.querySelectorAll('#board path[data-province]')]
    .map((p) => [p.dataset.province, clip(p.getBoundingClientRect())])
    .filter(([, c]) => c.r > c.l && c.b > c.t);
  const out = [];
  for (const n of document.querySelectorAll('[data-testid=notice]')) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    for (const [pid, c] of provinces) {
      const w = Math.min(r.right, c.r) - Math.max(r.left, c.l);
      const h = Math.min(r.bottom, c.b) - Math.max(r.top, c.t);
      if (w > 0 && h > 0) out.push(pid);
    }
  }
  return {overlaps: out, provinces: provinces.length};
}"""

# Every visible control a finger uses, with its box (the board's provinces are not counted:
# the board zooms).
SMALL_CONTROLS = """() => {
  const out = [];
  const sel = 'button, select, summary, input:not([type=hidden]), a[href], label.button';
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest('dialog:not([open]), [hidden], svg')) continue;
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!r.width || !r.height || style.visibility === 'hidden' || style.display === 'none')
      continue;
    if (el.matches('input.visually-hidden, .visually-hidden')) continue;
    if (r.width < 43.5 || r.height < 43.5)
      out.push(`${el.dataset.testid || el.className || el.tagName} "${(el.textContent || '')
        .trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""


def _solo_to_expand(page) -> None:
    """A solo game (the virtual players play at once): choose, then the virtual players'
    choices and moves, until it is the human's first conquest."""
    start_game(page, "solo", ("Me",), seed=11, levels=("book", "book", "book"))
    assert wait_human_or_over(page) == "human" and html(page, "phase") == "choose"
    page.get_by_test_id("slot-1").click()
    page.wait_for_function("() => document.documentElement.dataset.phase === 'expand' && "
                           "document.documentElement.dataset.actor === 'human'")


BOARD_BOX = """() => { const r = document.querySelector('[data-testid=board]')
  .getBoundingClientRect(); return [Math.round(r.top), Math.round(r.height)]; }"""
PAINTED = "() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true))))"


def test_the_board_keeps_its_size_while_the_prompt_wraps_and_unwraps(make_site):
    # A long prompt (a split empire's choice) wraps to a second line above the board, the
    # next one fits on one: the board was resized both times, and every province restyled
    # and painted again (the slowest clicks of a game). It keeps its size until a resize.
    site = make_site(viewport=DESKTOP)
    page = site.new_page()
    site.goto_ready(page)
    start_game(page, "hotseat", ("Ann", "Bo", "Cy"), seed=21)
    page.evaluate(PAINTED)
    one_line = page.evaluate(BOARD_BOX)
    prompt = page.get_by_test_id("prompt")
    short = prompt.text_content()
    boxes = []
    for text in ("Ann: a prompt long enough to wrap. " * 8, short):
        prompt.evaluate("(p, text) => { p.textContent = text; vinci.measureBoard(); }", text)
        page.evaluate(PAINTED)
        boxes.append(page.evaluate(BOARD_BOX))
    two_lines, back = boxes
    assert two_lines[0] > one_line[0] and sum(two_lines) <= DESKTOP["height"]  # still in view
    assert back == two_lines  # not resized again
    page.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"] + 40})
    page.set_viewport_size(DESKTOP)
    page.evaluate(PAINTED)
    assert page.evaluate(BOARD_BOX) == one_line  # a resize measures the status line anew
    site.assert_clean()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_news_never_covers_the_board(make_site, viewport):
    phone = viewport is PHONE
    site = make_site(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = site.new_page()
    site.goto_ready(page, site.base_url + "?fast=1")
    _solo_to_expand(page)
    notices = page.get_by_test_id("notice")
    notices.first.wait_for(state="attached")
    count = notices.count()
    # Every action since the player's last turn, not the last four: three choices here.
    assert count >= 3 and int(page.get_by_test_id("notices").get_attribute("data-count")) \
        == count
    texts = notices.all_text_contents()
    assert all(t.startswith("Virtual") for t in texts[:3])
    if phone:  # a drawer (e2e/test_phone_touch_targets.py), opened only by the player
        assert notices.first.is_hidden()
        page.get_by_test_id("news-drawer").tap()
    # Short by default: the reason is one tap away.
    assert page.get_by_test_id("notice-reason").first.is_hidden()
    page.get_by_test_id("notice-why").first.click()
    page.get_by_test_id("notice-reason").first.wait_for(state="visible")
    if phone:
        page.get_by_test_id("news-close").tap()
    for scroll in (0, 400, 900):  # wherever the page is scrolled to
        page.evaluate("y => window.scrollTo(0, y)", scroll)
        found = page.evaluate(OVERLAPS)
        assert found["provinces"] > 10 and found["overlaps"] == [], found
    if not phone:  # beside the board, in view without scrolling
        page.evaluate("() => window.scrollTo(0, 0)")
        box = notices.first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= viewport["height"]
    site.assert_clean()


def _one_round(page) -> None:
    """Conquer once and finish: the virtual players' turns follow, to the human's next."""
    _solo_to_expand(page)
    lit = page.locator("#board path.target").first.get_attribute("data-province")
    old = html(page, "digest")
    page.locator(f'#board path[data-province="{lit}"]').click()
    page.wait_for_function("d => document.documentElement.dataset.digest !== d", arg=old)
    page.get_by_test_id("finish-conquest").click()
    page.wait_for_function("() => document.documentElement.dataset.phase === 'expand' && "
                           "document.documentElement.dataset.actor === 'human'")


def test_each_notice_shows_its_province(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    _one_round(page)
    show = page.get_by_test_id("notice-show").first
    show.wait_for(state="visible")
    pid = show.get_attribute("data-value")
    show.click()
    page.wait_for_function("p => document.querySelector('.flash-ring')?.dataset.flash === p",
                           arg=pid)
    site.assert_clean()


def test_the_hint_is_marked_in_its_own_colour_and_said_once_above_the_board(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    _solo_to_expand(page)
    page.get_by_test_id("hint").click()
    text = page.get_by_test_id("hint-text")
    text.wait_for(state="visible")
    page.locator(".hint-badge").first.wait_for(state="attached")
    hinted = page.locator("#board path.hinted").first
    style = hinted.evaluate("p => { const s = getComputedStyle(p); return [s.stroke, "
                            "s.strokeDasharray, parseFloat(s.strokeWidth)]; }")
    assert style[0] == "rgb(0, 200, 83)" and style[1] == "none" and style[2] >= 6, style
    # Above the board, in view; the move said once.
    board = page.get_by_test_id("board").bounding_box()
    box = text.bounding_box()
    assert box and board and box["y"] + box["height"] <= board["y"] + 1
    words = (text.text_content() or "").removeprefix("Hint: ")
    move = words.split(";")[0].split(".")[0]
    assert words.count(move) == 1, words
    site.assert_clean()


def test_a_replay_says_and_rings_its_move_with_no_live_status(site, page):
    site.goto_ready(page, site.base_url + "?fast=1")
    _one_round(page)
    page.get_by_test_id("replay").click()
    page.get_by_test_id("replay-bar").wait_for(state="visible")
    page.get_by_test_id("replay-start").click()
    assert page.get_by_test_id("replay-move").text_content() == ""
    for _ in range(3):  # the three choices of round 1 ... and the virtual players' turns
        page.get_by_test_id("replay-forward").click()
    page.wait_for_function("() => document.documentElement.dataset.replayIndex === '3'")
    move = page.get_by_test_id("replay-move").text_content() or ""
    assert move.startswith("Virtual") and "choose" in move, move
    assert page.get_by_test_id("virtual-status").is_hidden()  # not "is playing…"
    # Forward to a conquest: the ring is on its province, not on the game's last move.
    for _ in range(40):
        page.get_by_test_id("replay-forward").click()
        flashed = page.evaluate("() => document.querySelector('.flash-ring')?.dataset.flash")
        text = page.get_by_test_id("replay-move").text_content() or ""
        if flashed and "conquers" in text:
            break
    else:
        pytest.fail("no conquest replayed")
    name = page.locator(f'#board path[data-province="{flashed}"] title').text_content()
    assert name and name.split(",")[0] in text, (name, text)
    assert page.get_by_test_id("virtual-status").is_hidden()
    site.assert_clean()


def test_a_phone_returns_to_the_board_keeps_undo_in_reach_and_has_44px_targets(make_site):
    site = make_site(viewport=PHONE, is_mobile=True, has_touch=True)
    page = site.new_page()
    site.goto_ready(page, site.base_url + "?fast=1")
    start_game(page, "solo", ("Me",), seed=11, levels=("book", "book", "book"))
    assert wait_human_or_over(page) == "human"
    page.get_by_test_id("jump-display").tap()
    page.wait_for_function("() => document.querySelector('[data-slot=\"1\"]')"
                           ".getBoundingClientRect().top < innerHeight")
    page.locator('[data-slot="1"]').tap()
    page.wait_for_function("() => document.documentElement.dataset.phase === 'expand' && "
                           "document.documentElement.dataset.actor === 'human'")
    # Back on the board, its tools below the prompt that sticks to the top.
    page.wait_for_function("""() => {
        const tools = document.querySelector('.board-tools').getBoundingClientRect();
        const status = document.querySelector('[data-testid=status]').getBoundingClientRect();
        return tools.top >= status.bottom - 1 && tools.bottom < innerHeight / 2; }""")
    # Undo in the action bar at the bottom, on screen.
    undo = page.get_by_test_id("undo-bar")
    assert undo.is_visible()
    box = undo.bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"]
    lit = page.locator("#board path.target").first.get_attribute("data-province")
    assert undo.is_disabled()
    x, y = province_point(page, lit)
    old = html(page, "digest")
    page.touchscreen.tap(x, y)  # a first tap shows, a second one conquers
    page.wait_for_function("p => document.querySelector(`path[data-province=\"${p}\"]`)"
                           ".classList.contains('armed')", arg=lit)
    page.touchscreen.tap(x, y)
    page.wait_for_function("d => document.documentElement.dataset.digest !== d", arg=old)
    assert undo.is_enabled() and undo.is_visible()
    undo.tap()
    page.wait_for_function("d => document.documentElement.dataset.digest === d", arg=old)
    # Every control a finger uses, at least 44x44 px, wherever the page is scrolled.
    small = []
    for y in (0, 600, 1200, 1800, 2400, 3000):
        page.evaluate("y => window.scrollTo(0, y)", y)
        small += page.evaluate(SMALL_CONTROLS)
    assert sorted(set(small)) == [], sorted(set(small))
    site.assert_clean()
