"""A phone (390x844, touch): the board opens zoomed in and centred, so Europe's small
provinces are big enough to tap; a game is started and a conquest made by taps only (with
no hover on a touch screen, a first tap on a province shows what it would do and cost, a
second tap does it); the zoom buttons keep the centre of the view; "Fit" shows the whole
board again."""

from __future__ import annotations

import pytest
from game_driver import (
    digest,
    html,
    in_viewport,
    province_point,
    targets,
    wait_digest_change,
)

pytestmark = pytest.mark.e2e

DOCS = __import__("pathlib").Path(__file__).resolve().parent.parent / "docs"

BOARD = """() => { const box = document.querySelector('[data-testid=board]');
  const svg = box.querySelector('svg');
  return {box: box.clientWidth, svg: svg.getBoundingClientRect().width,
          left: box.scrollLeft, top: box.scrollTop,
          cx: (box.scrollLeft + box.clientWidth / 2) / box.scrollWidth,
          cy: (box.scrollTop + box.clientHeight / 2) / box.scrollHeight}; }"""


def _tap_on_screen(page, locator) -> None:
    assert in_viewport(page, locator), f"{locator} is not on screen when it must be tapped"
    locator.tap()


def _tap(page, test_id: str) -> None:
    _tap_on_screen(page, page.get_by_test_id(test_id))


def test_phone_board_zoomed_and_playable_by_taps(make_site):
    site = make_site(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     device_scale_factor=2)
    page = site.new_page()
    site.goto_ready(page)
    dialog = page.get_by_test_id("new-game-dialog")
    dialog.wait_for(state="visible")
    page.get_by_test_id("mode-hotseat").tap()  # every seat is a human: no virtual turns
    old = digest(page)
    _tap(page, "start-game")
    wait_digest_change(page, old)

    board = page.evaluate(BOARD)
    assert board["svg"] > 1.7 * board["box"]  # zoomed in (1.8x) ...
    assert board["left"] > 0 and abs(board["cx"] - 0.5) < 0.02  # ... and centred
    # The prompt stays on screen, and the panels are one tap away.
    assert in_viewport(page, page.get_by_test_id("prompt"))
    for _ in range(3):  # round 1: each of the three seats chooses, then the first expands
        assert html(page, "actor") == "human" and html(page, "phase") == "choose"
        _tap(page, "jump-display")
        page.wait_for_timeout(300)  # the scroll into view
        old = digest(page)
        _tap_on_screen(page, page.locator('[data-slot="1"]'))
        wait_digest_change(page, old)
        assert in_viewport(page, page.get_by_test_id("prompt"))
    _tap(page, "jump-board")
    page.wait_for_timeout(300)
    assert html(page, "phase") == "expand"
    lit = targets(page)
    assert lit, "a civilization was chosen: some provinces are conquerable"
    pid = sorted(lit)[0]
    x, y = province_point(page, pid)
    old = digest(page)
    page.touchscreen.tap(x, y)  # first tap: shows the cost, changes nothing
    path = page.locator(f'path[data-province="{pid}"]')
    page.wait_for_function("p => document.querySelector(`path[data-province=\"${p}\"]`)"
                           ".classList.contains('armed')", arg=pid)
    info = page.get_by_test_id("hover-info").text_content() or ""
    assert "Tap again to confirm." in info and str(lit[pid]) in info
    assert digest(page) == old
    # The ring is drawn on the tint above the province too (an owned province's tint hid
    # it); a tap leaves :hover on the province, whose mouse-only brightening stays off; and no
    # browser tap highlight (a light rectangle over the province's bounding box, seen on the
    # phone screenshot after the conquest).
    tint = page.locator(f'path[data-owner-of="{pid}"]')
    assert "armed" in (tint.get_attribute("class") or "")
    assert path.evaluate("p => getComputedStyle(p).filter") == "none"
    assert path.evaluate("p => getComputedStyle(p).webkitTapHighlightColor") == "rgba(0, 0, 0, 0)"
    page.touchscreen.tap(x, y)  # second tap: the conquest
    wait_digest_change(page, old)
    assert pid not in targets(page)  # conquered: no longer a target
    assert "armed" not in (path.get_attribute("class") or "")
    assert "armed" not in (tint.get_attribute("class") or "")
    page.screenshot(path=str(DOCS / "screenshot-phone.png"))

    # The action buttons sit in the bar at the bottom while the board is panned.
    page.locator("[data-testid=board]").evaluate("b => { b.scrollTop += 200; }")
    old = digest(page)
    _tap(page, "finish-conquest")
    wait_digest_change(page, old)
    _tap(page, "jump-board")
    page.wait_for_timeout(300)
    before = page.evaluate(BOARD)
    _tap(page, "zoom-in")
    after = page.evaluate(BOARD)
    assert after["svg"] > before["svg"]
    assert abs(after["cx"] - before["cx"]) < 0.02 and abs(after["cy"] - before["cy"]) < 0.02
    _tap(page, "zoom-fit")
    fit = page.evaluate(BOARD)
    assert abs(fit["svg"] - fit["box"]) < 2
    assert page.get_by_test_id("error").is_hidden()


REPLAY_STEPS = [("replay-start", "end", -1), ("replay-forward-round", "round", 1),
                ("replay-forward-turn", "turn", 1),
                ("replay-forward", "action", 1), ("replay-back", "action", -1),
                ("replay-back-turn", "turn", -1), ("replay-back-round", "round", -1),
                ("replay-end", "end", 1)]


def test_phone_replay_bar_is_compact_and_every_control_is_on_screen(make_site):
    """The replay bar on a phone: three rows of 44 px controls kept at the bottom while the
    board pans (it took a third of the screen; two rows left the steps 32 px wide), icons
    named by their words, the slider across the bar; every control is on screen when it is
    tapped."""
    import vinci_core as vc
    from vinci_core.players.randomplay import play_random
    from vinci_core.table.playback import Replay
    from vinci_core.table.session import Session
    from vinci_core.table.store import link_fragment

    cfg = vc.GameConfig(seats=[vc.Seat(name=n) for n in ("Ann", "Bo", "Cy")], seed=21)
    game = Session.from_save(vc.encode_save(play_random(cfg, seed=21).state))
    replay = Replay.of(game)
    site = make_site(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     device_scale_factor=2)
    page = site.new_page()
    site.goto_ready(page, f"{site.base_url}?fast=1#{link_fragment(game)}")
    page.get_by_test_id("replay").tap()
    bar = page.get_by_test_id("replay-bar")
    bar.wait_for(state="visible")
    box, size = bar.bounding_box(), page.viewport_size
    assert box is not None and box["height"] <= 0.18 * size["height"], box
    slider = page.get_by_test_id("replay-slider").bounding_box()
    assert slider is not None and slider["width"] >= 0.6 * size["width"]
    assert bar.get_by_role("button", name="Close replay").is_visible()  # named by its words

    i = replay.last
    for test_id, unit, direction in REPLAY_STEPS:
        page.locator("[data-testid=board]").evaluate("b => { b.scrollTop += 120; }")
        _tap(page, test_id)
        i = (0 if direction < 0 else replay.last) if unit == "end" else \
            replay.step(i, unit, direction)
        page.wait_for_function("i => document.documentElement.dataset.replayIndex === "
                               "String(i)", arg=i)
        assert digest(page) == vc.digest(replay.positions[i])
    assert in_viewport(page, page.get_by_test_id("replay-slider"))
    assert in_viewport(page, page.get_by_test_id("replay-speed"))
    _tap(page, "replay-play")
    page.wait_for_function("document.querySelector('[data-testid=replay-play]')"
                           ".getAttribute('aria-pressed') === 'true'")
    _tap(page, "replay-play")
    _tap(page, "replay-close")
    bar.wait_for(state="hidden")
    page.get_by_test_id("replay").tap()
    bar.wait_for(state="visible")
    _tap(page, "replay-start")
    _tap(page, "replay-forward-round")
    old = digest(page)
    _tap(page, "replay-branch")  # "play on from here": a new game from this point
    bar.wait_for(state="hidden")
    assert digest(page) == old
    assert page.get_by_test_id("error").is_hidden()
    site.assert_clean()
