"""Seeing the board and following the game (issue 11): every owned province tinted in its
owner's colour, the seat colours still apart in simulated deuteranopia (measured on the
rendered page), a notice per virtual player's action with the province outlined, the move
log's round and turn headers and scoring terms, and a click on a log line showing its
province. Games are opened at the right moment from share links made in CPython."""

from __future__ import annotations

import random
import struct
import zlib

import pytest
from conftest import wait_ready
from game_driver import digest, html, start_game, wait_human_or_over

import vinci_core as vc
from vinci_core.players.virtual import VirtualPlayer
from vinci_core.table import newgame, palette, presenter
from vinci_core.table.news import news
from vinci_core.table.session import Session

pytestmark = pytest.mark.e2e


def solo_state(seed: int = 3, rounds: int = 3) -> vc.GameState:
    """A solo game played in CPython (the human conquers at random) until ``rounds`` end and
    the human is to act (so the page's virtual players do not move on while a test looks)."""
    cfg = newgame.config_from_form({"mode": "solo", "names": ["Me"], "seed": str(seed)})
    state, rnd = vc.new_game(cfg), random.Random(seed)
    while not state.is_terminal and (state.round <= rounds
                                     or cfg.seats[state.current_player].virtual):
        seat = state.current_player
        if cfg.seats[seat].virtual:
            action = VirtualPlayer.for_seat(cfg, seat).act(state)
        else:
            legal = state.legal_actions()
            action = rnd.choice([a for a in legal if a.kind == "conquer"] or legal)
        state = state.apply(action)
    return state


def open_state(site, page, state: vc.GameState) -> None:
    site.goto_ready(page, f"{site.base_url}#g={vc.encode_save(state)}")
    assert digest(page) == vc.digest(state)


# ----------------------------------------------------------------------------- ownership


def test_every_owned_province_is_tinted_in_its_owners_colour(site, page):
    state = solo_state(seed=9, rounds=5)  # active and declined empires of all four seats
    open_state(site, page, state)
    view = presenter.board_view(state)
    tints = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '[data-owner-of]')].map(p => [p.dataset.ownerOf, {fill: p.getAttribute('fill'),
        cls: p.getAttribute('class'), mask: p.getAttribute('mask')}]))""")
    owned = [pid for pid, b in view.items() if b["owner"] is not None]
    assert owned and any(view[p]["declined"] for p in owned)
    for pid, b in view.items():
        tint = tints[pid]
        if b["owner"] is None:
            assert tint["fill"] == "none", pid  # neutral and empty provinces stay plain
        elif b["declined"]:
            assert tint["fill"] == b["colour"] and "declined" in tint["cls"], pid
            assert tint["mask"] == "url(#hatch)"
        else:
            assert tint["fill"] == b["colour"] and "active" in tint["cls"], pid
    # The empire of the player to act is outlined, on every turn.
    seat = state.current_player
    mine = [p for p, b in view.items() if b["owner"] == seat and not b["declined"]]
    current = page.evaluate("() => [...document.querySelectorAll('.owner.current')]"
                            ".map(p => p.dataset.ownerOf)")
    assert sorted(current) == sorted(mine)
    # Tokens carry their seat's letter.
    for pid in owned[:5]:
        mark = page.locator(f'[data-token="{pid}"] .mark').text_content()
        assert mark == view[pid]["mark"]


# ----------------------------------------------------------------------------- colour blindness


def _png_pixel(png: bytes) -> tuple[int, int, int]:
    """The first pixel of a PNG screenshot (8-bit RGB or RGBA, as Chromium writes them)."""
    pos, idat, width, kind = 8, b"", 0, 6
    while pos < len(png):
        length, tag = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if tag == b"IHDR":
            width, _, depth, kind = struct.unpack(">IIBB", data[:10])
            assert depth == 8
        elif tag == b"IDAT":
            idat += data
        pos += 12 + length
    assert kind in (2, 6) and width >= 1  # RGB or RGBA
    raw = zlib.decompress(idat)
    # Whatever the row's filter, the first pixel of the first row is stored as it is.
    return raw[1], raw[2], raw[3]


def _disc_pixels(page, pids: list[str]) -> dict[str, tuple[int, int, int]]:
    points = page.evaluate("""pids => Object.fromEntries(pids.map(pid => {
        const g = document.querySelector(`[data-token="${pid}"]`);
        const p = g.ownerSVGElement.createSVGPoint();
        p.x = -10; p.y = 4;  // inside the disc, beside the count
        const s = p.matrixTransform(g.getScreenCTM());
        return [pid, [s.x, s.y]]; }))""", pids)
    out = {}
    for pid, (x, y) in points.items():
        png = page.screenshot(clip={"x": round(x), "y": round(y), "width": 1, "height": 1})
        out[pid] = _png_pixel(png)
    return out


FILTER = """m => { const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('width', 0); svg.setAttribute('height', 0);
  svg.innerHTML = `<filter id="deuteranopia" color-interpolation-filters="linearRGB">
    <feColorMatrix type="matrix" values="${m}"/></filter>`;
  document.body.append(svg);
  document.querySelector('[data-testid=board] svg').style.filter = 'url(#deuteranopia)'; }"""


def test_seat_colours_stay_apart_in_simulated_deuteranopia(make_site):
    site = make_site(viewport={"width": 1366, "height": 900}, device_scale_factor=1)
    page = site.new_page()
    state = solo_state(seed=9, rounds=5)
    open_state(site, page, state)
    view = presenter.board_view(state)
    one_each: dict[object, str] = {}
    for pid, b in view.items():
        if b["tokens"] and (b["owner"] is not None or b["neutral"]) and not b["declined"]:
            one_each.setdefault("neutral" if b["neutral"] else b["owner"], pid)
    assert len([k for k in one_each if k != "neutral"]) == 4 and "neutral" in one_each
    page.get_by_test_id("zoom-fit").click()
    normal = _disc_pixels(page, list(one_each.values()))
    matrix = " ".join(" ".join(str(v) for v in row) + " 0 0" for row in palette.DEUTERANOPIA)
    page.evaluate(FILTER, matrix + " 0 0 0 1 0")
    seen = _disc_pixels(page, list(one_each.values()))
    assert seen != normal  # the filter is applied
    seats = [pid for key, pid in one_each.items() if key != "neutral"]
    for a in seats:
        for b in seats:
            if a < b:
                assert palette.delta_e(seen[a], seen[b]) >= palette.MIN_DISTANCE, (a, b)
        assert palette.delta_e(seen[a], seen[one_each["neutral"]]) >= \
            palette.MIN_FROM_NEUTRAL, a


# ----------------------------------------------------------------------------- following


def test_a_notice_for_every_virtual_action_and_a_log_with_headers(site, page):
    site.goto_ready(page)
    start_game(page, "solo", ("Me",), seed=2)  # the virtual players act first
    notices = page.get_by_test_id("notices").locator("li")
    notices.first.wait_for(state="visible")
    assert (notices.first.text_content() or "").startswith("Virtual")
    assert wait_human_or_over(page) == "human"
    # Every action since the player's last turn is in the news strip (issue 29: not only
    # the last four), newest first, short (the reason one tap away).
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-link").input_value()
    page.get_by_test_id("share-dialog").get_by_role("button", name="Close").click()
    session = Session.from_save(link.split("#g=", 1)[1])
    expected = [item["text"] for item in news(session.entries, 0)]
    assert expected and int(page.get_by_test_id("notices").get_attribute("data-count")) \
        == len(expected)
    shown = page.get_by_test_id("notice").locator(".what").all_text_contents()
    assert shown == expected
    assert all("Why:" not in text for text in shown)
    # The move log: round and turn headers.
    log = page.get_by_test_id("log")
    assert log.get_by_test_id("log-round").first.text_content() == "Round 1"
    turns = log.get_by_test_id("log-turn").all_text_contents()
    assert "Virtual 1's turn" in turns or "Virtual 2's turn" in turns


def test_scoring_terms_in_the_log_and_a_log_line_shows_its_province(site, page):
    state = solo_state(seed=3, rounds=2)
    open_state(site, page, state)
    log = page.get_by_test_id("log")
    assert log.get_by_test_id("log-round").all_text_contents()[:2] == ["Round 1", "Round 2"]
    terms = log.get_by_test_id("score-terms").first.text_content() or ""
    assert "(C-" in terms
    line = log.locator("button.line").last
    pid = line.get_attribute("data-value")
    line.click()
    page.wait_for_function("p => document.querySelector('.flash-ring')?.dataset.flash === p",
                           arg=pid)
    assert state.board.province(pid).name in \
        (page.get_by_test_id("hover-info").text_content() or "")


def test_the_pace_control_is_remembered(site, page):
    site.goto_ready(page)
    start_game(page, "hotseat", ("A", "B", "C"))
    page.get_by_test_id("pace-slow").click()
    assert page.get_by_test_id("pace-slow").get_attribute("aria-pressed") == "true"
    page.reload(wait_until="commit")
    wait_ready(page, site=site)
    assert page.get_by_test_id("pace-slow").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("pace-normal").get_attribute("aria-pressed") == "false"
    assert html(page, "ready") == "1"


# ----------------------------------------------------------------------------- first paint


def _marks(page) -> dict[str, float]:
    return page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('mark')
        .map(m => [m.name, m.startTime]))""")


def test_a_return_visit_paints_the_last_board_before_python_is_ready(site, page):
    site.goto_ready(page)
    start_game(page, "hotseat", ("A", "B", "C"))
    page.locator('[data-slot="1"]').click()
    page.reload(wait_until="commit")
    page.wait_for_function("() => document.documentElement.dataset.snapshot === '1'"
                           " || document.documentElement.dataset.ready === '1'")
    wait_ready(page, site=site)
    marks = _marks(page)
    assert marks["vinci-board-painted"] < marks["vinci-ready"]
    assert html(page, "snapshot") is None
    assert not page.locator("#app").evaluate("a => a.inert")
    assert page.get_by_test_id("players").locator(".player").count() == 3


def test_a_first_visit_shows_the_board_picture_and_progress(site, page):
    site.goto_ready(page)
    assert page.locator("#boot-picture img").count() == 1
    assert float(page.get_by_test_id("boot-progress").evaluate("p => p.value")) > 0.3
    assert "vinci-board-painted" not in _marks(page)  # no game yet: nothing to paint
